/*
** balance.h -- the balance lab: how much a wonder is worth to the player who
** gets it, measured by paired games (docs/balance.md).
**
** Game g is played once per variant from the same seed: the same pile, the
** same seats, the same subject seat (g modulo the players, so that position
** does not bias the result).  Only what the subject may take from the track
** changes: nothing (the baseline "none"), a baseline wonder, each
** candidate, and each candidate's twin -- its tile with no effect, which
** the lab builds in memory -- so that a candidate has two worths: the whole
** tile's (against the baseline) and its effect's (against its twin); no
** other seat takes a wonder.  Per candidate the lab keeps
** integer sums of the paired differences, so shards and threads add up
** exactly, and the intervals come from those sums.
*/
#ifndef WR_BALANCE_H
#define WR_BALANCE_H

#include "games.h"
#include "players.h"

#include <signal.h>

#define WR_BALANCE_MAX 24 /* candidates in one run */
#define WR_BALANCE_BINS 21 /* bins of a histogram of margins or points */
#define WR_BALANCE_FLAT 10 /* the reference's points at the end of the game */

/* The sums of one candidate against the baseline, over the games played. */
typedef struct wr_balance_sums {
    char     id[WR_LAB_NAME];
    uint64_t n;          /* games */
    int64_t  margin;     /* sum of the subject's margin (points over the best opponent) with it */
    int64_t  d, d2;      /* sum of, and of squares of, margin(candidate) - margin(baseline) */
    int64_t  w, w2;      /* the same for wins, in halves: 2 a win, 1 a shared first place, 0 */
    int64_t  points;     /* points its effect paid the subject */
    uint64_t placed;     /* games the subject placed it */
    int32_t  hist[WR_BALANCE_BINS];   /* the subject's margin with it, in bins of 5 points from -50 to +50 (ends open) */
    int32_t  points_hist[WR_BALANCE_BINS]; /* its effect's points to the subject a game, bins of 5 from 0 (last open) */
    int64_t  dr;         /* sum of its d times the reference's d, game by game (their covariance) */
    /* its effect: the same with its twin (its tile with no effect) in place of the baseline */
    int64_t  e, e2;      /* sum of, and of squares of, margin(candidate) - margin(twin) */
    int64_t  ew, ew2;    /* the same for wins, in halves */
    int64_t  er;         /* sum of its e times the reference's d, game by game */
} wr_balance_sums;

/*
** The calibration: in every game the subject is also offered, once each,
** two wonders the lab builds in memory on the tile of `geometry` (the
** baseline's, or the tile set's first wonder when the baseline is none):
** one whose effect pays WR_BALANCE_FLAT points at the end of the game, one
** with no effect.  d is margin(flat) - margin(no effect) in the same game:
** what those points are worth to the subject under these players.
*/
typedef struct wr_balance_reference {
    char     geometry[WR_LAB_NAME]; /* the wonder whose tile both are */
    int      flat;       /* WR_BALANCE_FLAT */
    uint64_t n;          /* games */
    int64_t  d, d2;      /* sum of, and of squares of, margin(flat) - margin(no effect) */
    int64_t  points;     /* points the flat effect paid the subject */
    uint64_t placed;     /* games the subject placed the flat wonder */
} wr_balance_reference;

typedef struct wr_balance {
    uint64_t games;      /* in the whole run (all shards) */
    uint64_t played;     /* games this result holds */
    uint64_t seed;
    int      players;
    wr_kind_t seats[WH_MAX_PLAYERS];
    long     think;      /* play-outs an mcts seat gave each decision; 0: no mcts seat */
    wh_rules_t rules;
    char     packs[160];  /* "base,inns_cathedrals" */
    char     baseline[WR_LAB_NAME]; /* "none" or a wonder's id */
    uint32_t tileset;    /* a digest of the tile set the games were played with */
    int      shards;     /* the run's shard count; */
    uint64_t shard_mask; /* which of them this result holds (bit i: shard i) */
    bool     partial;    /* interrupted: fewer games than its shards hold */
    int      n;
    wr_balance_sums c[WR_BALANCE_MAX];
    int64_t  base_margin; /* sum of the subject's margin with the baseline */
    int32_t  base_hist[WR_BALANCE_BINS]; /* the baseline's margin, binned as hist */
    wr_balance_reference ref; /* the calibration */
} wr_balance;

typedef struct wr_balance_options {
    wr_run   run;               /* the games, their seats (one kind each), shard and threads */
    const uint16_t *candidates; /* wonder tile ids */
    int      n_candidates;
    int      baseline;          /* a wonder tile id, or -1 for none */
    const char *packs_text;     /* run.packs as named */
    long     think;             /* play-outs an mcts seat gives a decision (0: WR_MCTS_THINK) */
} wr_balance_options;

/**
 * Run the games of this shard on @p o->run.jobs threads.  @returns
 * WR_LAB_OK, or why not (WR_LAB_FAILED: @p problem, WR_LAB_PROBLEM bytes,
 * says what).
 */
wr_lab_status wr_balance_run(const wh_tileset_t *set, const wr_balance_options *o, wr_balance *out, char *problem);

/** A digest of a tile set's tables, so results of different tile data do not merge. */
uint32_t wr_tileset_digest(const wh_tileset_t *set);

/**
 * Add @p b into @p a.  @returns NULL, or which setting differs ("players",
 * "seats", "rules", "packs", "baseline", "tile set", "seed", "shards", "the
 * same shard twice", "wonders", "reference").
 */
const char *wr_balance_merge(wr_balance *a, const wr_balance *b);

/* What a ranking orders the candidates by. */
typedef enum wr_balance_rank {
    WR_RANK_EFFECT, /* the effect's worth: margin(candidate) - margin(its twin) (the default) */
    WR_RANK_TILE    /* the whole tile's: margin(candidate) - margin(baseline) */
} wr_balance_rank;

/** The candidates' indexes into @p order, best mean gain by @p rank first (ties: their order). */
void wr_balance_ranking(const wr_balance *b, wr_balance_rank rank, int *order);

/* A candidate's estimates: mean and 95% interval half-width. */
typedef struct wr_estimate {
    double mean, half; /* mean +- half */
} wr_estimate;

/** The margin difference of candidate @p i, in points. */
wr_estimate wr_balance_margin(const wr_balance *b, int i);

/** The win-rate difference of candidate @p i, in percentage points. */
wr_estimate wr_balance_wins(const wr_balance *b, int i);

/** The margin difference of candidate @p i against its twin (its effect's worth), in points. */
wr_estimate wr_balance_effect(const wr_balance *b, int i);

/** The win-rate difference of candidate @p i against its twin, in percentage points. */
wr_estimate wr_balance_effect_wins(const wr_balance *b, int i);

/** The reference's gain: margin(flat points) - margin(no effect), in points. */
wr_estimate wr_balance_reference_gain(const wr_balance *b);

/**
 * Candidate @p i's equivalent flat points (@p i = -1: the reference's own,
 * exactly its flat value): its margin gain / the reference's x the flat
 * value, the interval by the delta method on the paired games.  @returns
 * false, and nothing in @p e, when the reference gained nothing on average
 * (no scale to read the gain on).
 */
bool wr_balance_equivalent(const wr_balance *b, int i, wr_estimate *e);

/**
 * The same for candidate @p i's effect: its gain against its twin over the
 * reference's, times the flat value, its interval by the delta method.
 */
bool wr_balance_effect_equivalent(const wr_balance *b, int i, wr_estimate *e);

#endif
