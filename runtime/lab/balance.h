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
#include "calibration.h"

#include <signal.h>

#define WR_BALANCE_MAX 24 /* candidates in one run */
#define WR_BALANCE_BINS 21 /* bins of a histogram of margins or points */
#define WR_BALANCE_FLAT 10 /* the point calibration's reference: its points at the end of the game */
#define WR_BALANCE_REFS WR_CURVE_MAX /* references a calibration holds at most */
#define WR_BALANCE_CURVE {5, 10, 20, 40} /* the curve's references' points, increasing */

/* How a run reads margins as flat points (docs/balance.md). */
typedef enum wr_calibration {
    WR_CALIBRATION_CURVE, /* references at WR_BALANCE_CURVE, a monotone curve, a bootstrap interval (the default) */
    WR_CALIBRATION_POINT, /* one reference at WR_BALANCE_FLAT, a ratio, the delta method */
    WR_CALIBRATION_NONE   /* no reference: no flat points, two games a game fewer */
} wr_calibration;

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
    int64_t  dr[WR_BALANCE_REFS]; /* sum of its d times each reference's, game by game (their covariance) */
    /* its effect: the same with its twin (its tile with no effect) in place of the baseline */
    int64_t  e, e2;      /* sum of, and of squares of, margin(candidate) - margin(twin) */
    int64_t  ew, ew2;    /* the same for wins, in halves */
    int64_t  er[WR_BALANCE_REFS]; /* sum of its e times each reference's d, game by game */
    int64_t  dp, ep;     /* sums of its d and e in the games the last reference was placed */
} wr_balance_sums;

/*
** The calibration: in every game the subject is also offered, once each,
** wonders the lab builds in memory on the tile of `geometry` (the
** baseline's, or the tile set's first wonder when the baseline is none):
** for each reference, one whose effect pays its `flat` points at the end of
** the game; and one with no effect.  A reference's d is margin(flat) -
** margin(no effect) in the same game: what those points are worth to the
** subject under these players.
*/
typedef struct wr_balance_reference {
    int      flat;       /* its points at the end */
    int64_t  d, d2;      /* sum of, and of squares of, margin(flat) - margin(no effect) */
    int64_t  rr[WR_BALANCE_REFS]; /* sum of its d times each reference's (its own: d2), game by game */
    int64_t  rp;         /* sum of its d in the games the last reference was placed (their covariance) */
    int64_t  points;     /* points the flat effect paid the subject */
    uint64_t placed;     /* games the subject placed the flat wonder */
} wr_balance_reference;

typedef struct wr_balance_calibration {
    wr_calibration how;
    char     geometry[WR_LAB_NAME]; /* the wonder whose tile they all are */
    int      k;          /* references: 0 (none), 1 (point) or WR_BALANCE_REFS (curve) */
    uint64_t n;          /* games */
    wr_balance_reference r[WR_BALANCE_REFS]; /* by increasing flat */
} wr_balance_calibration;

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
    wr_balance_calibration ref; /* the calibration */
} wr_balance;

typedef struct wr_balance_options {
    wr_run   run;               /* the games, their seats (one kind each), shard and threads */
    const uint16_t *candidates; /* wonder tile ids */
    int      n_candidates;
    int      baseline;          /* a wonder tile id, or -1 for none */
    const char *packs_text;     /* run.packs as named */
    long     think;             /* play-outs an mcts seat gives a decision (0: WR_MCTS_THINK) */
    wr_calibration calibration;
} wr_balance_options;

/**
 * Run the games of this shard on @p o->run.jobs threads.  @returns
 * WR_LAB_OK, or why not (WR_LAB_FAILED: @p problem, WR_LAB_PROBLEM bytes,
 * says what).
 */
wr_lab_status wr_balance_run(const wh_tileset_t *set, const wr_balance_options *o, wr_balance *out, char *problem);

/** Set @p ref's kind, count and flat values for the calibration @p how (its sums left as they are). */
void wr_balance_calibrate(wr_balance_calibration *ref, wr_calibration how);

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

/* An estimate and its 95% interval [lo, hi]: mean +- half where it is
** symmetric (a mean's), half its width where not (a curve's reading). */
typedef struct wr_estimate {
    double mean, half;
    double lo, hi;
} wr_estimate;

/** The margin difference of candidate @p i, in points. */
wr_estimate wr_balance_margin(const wr_balance *b, int i);

/** The win-rate difference of candidate @p i, in percentage points. */
wr_estimate wr_balance_wins(const wr_balance *b, int i);

/** The margin difference of candidate @p i against its twin (its effect's worth), in points. */
wr_estimate wr_balance_effect(const wr_balance *b, int i);

/** The win-rate difference of candidate @p i against its twin, in percentage points. */
wr_estimate wr_balance_effect_wins(const wr_balance *b, int i);

/** Reference @p k's gain (0 <= k < ref.k): margin(its flat points) - margin(no effect), in points. */
wr_estimate wr_balance_reference_gain(const wr_balance *b, int k);

/**
 * Candidate @p i's equivalent flat points: its margin gain read on the
 * calibration -- with a curve, the curve fitted to the references' gains
 * read backwards, its interval by a bootstrap of the means (calibration.h);
 * with one point, its gain over the reference's times the flat value, the
 * interval by the delta method.  @returns false, and nothing in @p e, when
 * there is no calibration or it gives no scale (the references gained
 * nothing, say).
 */
bool wr_balance_equivalent(const wr_balance *b, int i, wr_estimate *e);

/** The same for candidate @p i's effect: its gain against its twin, read on the calibration. */
bool wr_balance_effect_equivalent(const wr_balance *b, int i, wr_estimate *e);

/** Reference @p k's own equivalent flat points: exactly its flat value (one point: by the ratio's arithmetic). */
bool wr_balance_reference_equivalent(const wr_balance *b, int k, wr_estimate *e);

/** The curve fitted to the references' mean gains; false without a calibration. */
bool wr_balance_curve(const wr_balance *b, wr_curve *c);

/** The calibration's name: "curve", "point" or "none". */
const char *wr_calibration_name(wr_calibration how);

/** The calibration named @p name; false when none is. */
bool wr_calibration_named(const char *name, wr_calibration *how);

#endif
