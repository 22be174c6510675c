/*
** games.h -- a run of games: what it plays (the settings the lab's
** simulation, balance and duel share) and its games shared among threads,
** telling a caller's progress callback how far they are.
**
** Game g of a run belongs to shard g mod shards; the k-th game of a shard
** goes to worker k mod jobs.  Each game is seeded by its number, so what a
** run finds does not depend on the threads or shards that play it, as long
** as the workers' sums are added up in the same way.
*/
#ifndef WR_GAMES_H
#define WR_GAMES_H

#include "players.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WR_LAB_NAME    160 /* a wonder's id ("pack.id"), as records hold it */
#define WR_LAB_WONDERS 16  /* wonders one simulation counts */

typedef struct wr_run {
    uint64_t games;               /* of the whole run (all shards) */
    int      players;
    uint64_t seed;                /* game g is seeded by (seed, g) */
    const uint32_t *packs;        /* the land tiles: every copy of these packs */
    size_t   n_packs;
    wh_rules_t rules;               /* WH_RULE_BIT()s: the expansions' rules */
    const wr_kind_t *seats;       /* one kind per player; NULL: every seat random */
    int      shard, shards;       /* this process's share: games g with g mod shards == shard */
    int      jobs;                /* threads (0 or 1: one); the results are the same for any number */
    /* told the games done of the shard's `share`, `seconds` after the start,
    ** 5 times a second while they are played and once after (`last`); NULL: never */
    void   (*progress)(void *ctx, uint64_t done, uint64_t share, double seconds, bool last);
    void    *progress_ctx;
    volatile sig_atomic_t *stop;  /* set (by a signal) to stop before the next game; may be NULL */
} wr_run;

/* Play game number `game` for `worker`; false stops that worker, which
** keeps what went wrong for its caller. */
typedef bool (*wr_game_fn)(void *worker, uint64_t game);

/** The threads a run uses: its jobs, at least one. */
int wr_run_jobs(const wr_run *run);

/** The number of the run's games that fall to its shard. */
uint64_t wr_run_share(const wr_run *run);

/* Why a run of the lab could not be played as asked. */
typedef enum wr_lab_status {
    WR_LAB_OK,
    WR_LAB_NO_MEMORY, /* memory ran out setting it up */
    WR_LAB_FAILED     /* a thread did not start, a game failed: said in the problem text */
} wr_lab_status;

/* The room for a problem's text, "game 12 failed: ..." */
#define WR_LAB_PROBLEM 200

/**
 * Play the shard's games on run->jobs threads (at least one), worker j
 * being the j-th of @p workers (@p worker_size bytes each), and return
 * when every thread has, telling run->progress as they go.  @returns
 * WR_LAB_FAILED when a thread could not start (its games are not played;
 * @p problem, WR_LAB_PROBLEM bytes, says "WHO: cannot start thread N"),
 * WR_LAB_NO_MEMORY when the threads' room could not be had.
 */
wr_lab_status wr_run_games(const wr_run *run, wr_game_fn play, void *workers, size_t worker_size, const char *who,
                           char *problem);

#endif
