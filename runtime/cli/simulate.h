/*
** simulate.h -- many random matches and per-wonder statistics, in shards
** whose outputs add up (docs/records.md, "Simulation results").
*/
#ifndef WR_SIMULATE_H
#define WR_SIMULATE_H

#include "../lab/games.h"
#include "../lab/players.h"
#include "record.h"
#include "../tables.h"

typedef struct wr_wonder_stats {
    char     id[WR_MAX_NAME];
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
    unsigned rules;      /* WH_RULE_BIT()s the games were played with */
    uint64_t seed;
    int      n;
    wr_wonder_stats w[WR_MAX_WONDERS];
} wr_sim;

typedef struct wr_sim_options {
    wr_run   run;        /* the games, their seats, shard and threads */
    int      wonders_per_game; /* how many of the wonders given each game sets out, at random */
    const uint16_t *wonders;
    int      n_wonders;
    int      variant;
    long     think;      /* play-outs an mcts seat gives a decision (0: WR_MCTS_THINK) */
} wr_sim_options;

/** Play this shard's games on o->run.jobs threads: game g (0 <= g < games, g mod shards == shard) with seed (seed, g). */
bool wr_simulate(const wh_tileset_t *set, const wr_sim_options *o, wr_sim *out, FILE *err);

/** Add @p b into @p a (same players, seats and rules). @returns false when they differ. */
bool wr_sim_merge(wr_sim *a, const wr_sim *b);

/** Results as YAML, the form --merge reads back. */
void wr_sim_write_yaml(FILE *out, const wr_sim *s);

/** Results as a table of rates and means per wonder, named from @p set. */
void wr_sim_print(FILE *out, const wh_tileset_t *set, const wr_sim *s);

/** Read results written by wr_sim_write_yaml; problems are reported on @p err with their line. */
bool wr_sim_read(const char *path, wr_sim *s, FILE *err);

/** The same from @p text (named @p name in messages). */
bool wr_sim_read_text(const char *name, const char *text, size_t len, wr_sim *s, FILE *err);

#endif
