/*
** simulate.h -- many matches and per-wonder statistics, in shards whose
** outputs add up (docs/records.md, "Simulation results": the command
** writes and reads them, runtime/cli/sim_results.h).
*/
#ifndef WR_SIMULATE_H
#define WR_SIMULATE_H

#include "games.h"
#include "players.h"
#include "../tables.h"

typedef struct wr_wonder_stats {
    char     id[WR_LAB_NAME];
    uint64_t offered;    /* games it was beside the track */
    uint64_t taken;      /* games a player took it */
    uint64_t placed;     /* games it reached the board */
    int64_t  points;     /* points its effect paid, over all games */
    uint64_t owner_wins; /* games its owner finished first (ties count) */
} wr_wonder_stats;

typedef struct wr_sim {
    uint64_t games;
    int      players;
    wr_kind_t seats[WH_MAX_PLAYERS]; /* the kind of each of `players` seats */
    wh_rules_t rules;      /* WH_RULE_BIT()s the games were played with */
    uint64_t seed;
    int      n;
    wr_wonder_stats w[WR_LAB_WONDERS];
} wr_sim;

typedef struct wr_sim_options {
    wr_run   run;        /* the games, their seats, shard and threads */
    int      wonders_per_game; /* how many of the wonders given each game sets out, at random */
    const uint16_t *wonders;
    int      n_wonders;
    int      variant;
    long     think;      /* play-outs an mcts seat gives a decision (0: WR_MCTS_THINK) */
} wr_sim_options;

/**
 * Play this shard's games on o->run.jobs threads: game g (0 <= g < games,
 * g mod shards == shard) with seed (seed, g).  @returns WR_LAB_OK, or why
 * not (WR_LAB_FAILED: @p problem, WR_LAB_PROBLEM bytes, says what).
 */
wr_lab_status wr_simulate(const wh_tileset_t *set, const wr_sim_options *o, wr_sim *out, char *problem);

/** Add @p b into @p a (same players, seats and rules). @returns false when they differ. */
bool wr_sim_merge(wr_sim *a, const wr_sim *b);

#endif
