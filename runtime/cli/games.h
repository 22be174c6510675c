/*
** games.h -- a run's games shared among threads, with a progress line:
** what `wonders simulate` and `wonders balance` have in common.
**
** Game g of a run belongs to shard g mod shards; the k-th game of a shard
** goes to worker k mod jobs.  Each game is seeded by its number, so what a
** run finds does not depend on the threads or shards that play it, as long
** as the workers' sums are added up in the same way.
*/
#ifndef WR_GAMES_H
#define WR_GAMES_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct wr_run_plan {
    uint64_t games;               /* of the whole run */
    int      shard, shards;       /* this process's share: games g with g mod shards == shard */
    int      jobs;                /* threads, at least 1 */
    bool     progress;            /* games done, rate and time left on stderr */
    volatile sig_atomic_t *stop;  /* set (by a signal) to stop before the next game; may be NULL */
} wr_run_plan;

/* Play game number `game` for `worker`; false stops that worker, which
** keeps what went wrong for its caller. */
typedef bool (*wr_game_fn)(void *worker, uint64_t game);

/** The number of the run's games that fall to the plan's shard. */
uint64_t wr_run_share(const wr_run_plan *plan);

/**
 * Play the shard's games on plan->jobs threads, worker j being the j-th
 * of @p workers (@p worker_size bytes each), and return when every thread
 * has.  The progress line, when asked for, is redrawn 5 times a second and
 * ends with a newline.  @returns false when a thread could not start,
 * said on @p err after "wonders: " and @p who (its games are not played).
 */
bool wr_run_games(const wr_run_plan *plan, wr_game_fn play, void *workers, size_t worker_size, FILE *err,
                  const char *who);

#endif
