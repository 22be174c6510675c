/*
** games.h -- a run of games: what it plays (the settings `wonders
** simulate` and `wonders balance` share) and its games shared among
** threads, with a progress line.
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
#include <stdio.h>

typedef struct wr_run {
    uint64_t games;               /* of the whole run (all shards) */
    int      players;
    uint64_t seed;                /* game g is seeded by (seed, g) */
    const uint32_t *packs;        /* the land tiles: every copy of these packs */
    size_t   n_packs;
    unsigned rules;               /* WH_RULE_BIT()s: the expansions' rules */
    const wr_kind_t *seats;       /* one kind per player; NULL: every seat random */
    int      shard, shards;       /* this process's share: games g with g mod shards == shard */
    int      jobs;                /* threads (0 or 1: one); the results are the same for any number */
    bool     progress;            /* games done, rate and time left on stderr */
    int      games_each;          /* games one item of the run plays, for the progress line
                                     (a duel's deal: 2); 0 or 1: one */
    volatile sig_atomic_t *stop;  /* set (by a signal) to stop before the next game; may be NULL */
} wr_run;

/* Play game number `game` for `worker`; false stops that worker, which
** keeps what went wrong for its caller. */
typedef bool (*wr_game_fn)(void *worker, uint64_t game);

/** The threads a run uses: its jobs, at least one. */
int wr_run_jobs(const wr_run *run);

/** The number of the run's games that fall to its shard. */
uint64_t wr_run_share(const wr_run *run);

/**
 * Play the shard's games on run->jobs threads (at least one), worker j
 * being the j-th of @p workers (@p worker_size bytes each), and return
 * when every thread has.  The progress line, when asked for, is redrawn 5 times a second and
 * ends with a newline.  @returns false when a thread could not start,
 * said on @p err after "wonders: " and @p who (its games are not played).
 */
bool wr_run_games(const wr_run *run, wr_game_fn play, void *workers, size_t worker_size, FILE *err,
                  const char *who);

#endif
