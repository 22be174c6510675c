/*
** lab.h -- opponents that play well, and experiments with them: the lab.
**
** Seats are the built-in players of `wonders play` (docs/players.md):
** random, greedy, thrifty, planner, and the search (mcts, with a budget of
** play-outs or milliseconds a decision, reusing its tree between
** decisions, or mcts-noreuse).  A program seats them in a match it drives
** itself (wh_seats_players, wh_seats_play), or asks the lab's experiments:
**
**   - wh_duel: two kinds in paired 2-player games (each deal played twice,
**     the seats swapped), A's win rate with its Wilson interval and its
**     mean margin, optionally stopped by a sequential test (SPRT);
**   - wh_simulate: many matches, what each wonder did (offered, taken,
**     placed, its effect's points, its owner's wins);
**   - wh_balance: how much a wonder is worth to the player who gets it,
**     in paired games: the whole tile against a baseline, and its effect
**     against the same tile with no effect, read on a calibration of flat
**     points (docs/balance.md).
**
** Every experiment plays its games on the threads it is given, each game
** seeded by its number: the results are the same for any number of
** threads (unless a search has a time budget).  Nothing here writes or
** reads a file or the terminal: results come back as structs, progress
** through an optional callback, problems as a status and a sentence.
** `wonders duel`, `simulate` and `balance` are a shell around these.
*/
#ifndef WH_LAB_H
#define WH_LAB_H

#include "match.h"
#include "playout.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- seats ------------------------------------------------------------------ */

typedef enum wh_seat {
    WH_SEAT_RANDOM,      /* uniformly random among the legal answers */
    WH_SEAT_GREEDY,      /* the move that scores most now */
    WH_SEAT_THRIFTY,     /* greedy, keeping 2 meeples and placing no farmer */
    WH_SEAT_PLANNER,     /* the move after which its lead, were the game scored now to its end, is largest */
    WH_SEAT_MCTS,        /* a Monte Carlo tree search over whole games, its tree reused between decisions */
    WH_SEAT_MCTS_NOREUSE, /* the same search from an empty tree every decision */
    WH_N_SEATS
} wh_seat_t;

/** "random", "greedy", "thrifty", "planner", "mcts", "mcts-noreuse"; "?" out of range. */
WH_API const char *wh_seat_name(wh_seat_t seat);

/** The seat named @p name (wh_seat_name's words), or -1. */
WH_API int wh_seat_parse(const char *name);

#define WH_LAB_THINK        1000    /* play-outs a search gives a decision by default */
#define WH_LAB_MAX_THINK    1000000
#define WH_LAB_MAX_THINK_MS 3600000

/* What a search may spend on one decision: it stops at whichever limit
** comes first. */
typedef struct wh_lab_budget {
    long think;    /* play-outs, 1 to WH_LAB_MAX_THINK; 0: WH_LAB_THINK */
    long think_ms; /* milliseconds, to WH_LAB_MAX_THINK_MS; 0: no time limit (the search is deterministic) */
} wh_lab_budget_t;

/* Players for a match, one kind a seat, with their scratch games and
** searches: one match at a time (a thread plays its own). */
typedef struct wh_seats wh_seats_t;

/**
 * Seats of @p kinds for @p players players (2 to WH_MAX_PLAYERS), a
 * search's decisions spending @p budget (NULL: WH_LAB_THINK play-outs).
 * @returns NULL when memory runs out or an argument is out of range.
 */
WH_API wh_seats_t *wh_seats_new(const wh_seat_t *kinds, int players, const wh_lab_budget_t *budget);

/** Free seats made by wh_seats_new (NULL is fine). */
WH_API void wh_seats_free(wh_seats_t *seats);

/**
 * The callbacks for one match, each decision asked of the seat of the
 * player who makes it, their random choices drawn from @p rng (which must
 * outlive the match): call it as each match starts, the searches starting
 * it with empty trees.
 */
WH_API wh_players_t wh_seats_players(wh_seats_t *seats, wh_rng_t *rng);

/**
 * Start match @p m with @p config and play it to its end with @p seats,
 * their random choices seeded by @p seed; @p sink (or NULL) hears every
 * score.  @returns WH_OK, or the status of the turn that failed.
 */
WH_API wh_status_t wh_seats_play(wh_seats_t *seats, wh_match_t *m, const wh_tileset_t *set,
                                 const wh_match_config_t *config, uint64_t seed, const wh_score_sink_t *sink);

/* ---- what an experiment says when it could not run -------------------------- */

typedef enum wh_lab_status {
    WH_LAB_OK,
    WH_LAB_NO_MEMORY, /* memory ran out setting it up */
    WH_LAB_FAILED,    /* an argument out of range, a thread that did not start, a game that failed: the problem says */
} wh_lab_status_t;

#define WH_LAB_PROBLEM 200 /* bytes of an experiment's problem, "game 12 failed: ..." */

/* Told how far an experiment is: `done` of `total` games, `seconds` after
** its start, 5 times a second and once more at the end (`last`).  It is
** called from the thread that started the experiment. */
typedef void (*wh_lab_progress_fn)(void *ctx, uint64_t done, uint64_t total, double seconds, bool last);

/* ---- statistics ---------------------------------------------------------------- */

/** The Wilson score interval at 95% of @p wins out of @p n (a tie half a win): *lo, *hi in [0, 1]; 0 when n is 0. */
WH_API void wh_wilson(double wins, double n, double *lo, double *hi);

/** The log-likelihood ratio of H1 (a game won with probability @p p1) against H0 (@p p0) after @p wins of @p n games. */
WH_API double wh_sprt_llr(double wins, double n, double p0, double p1);

/** Wald's bounds for error rates @p alpha and @p beta: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha). */
WH_API void wh_sprt_bounds(double alpha, double beta, double *lower, double *upper);

/* ---- a duel --------------------------------------------------------------------- */

typedef enum wh_sprt_verdict {
    WH_SPRT_CONTINUE, /* no test, or neither bound crossed */
    WH_SPRT_H0,       /* H0 accepted */
    WH_SPRT_H1        /* H1 accepted */
} wh_sprt_verdict_t;

#define WH_SPRT_BATCH 10 /* deals a sequential duel plays between two looks of the test */

typedef struct wh_duel_config {
    const wh_tileset_t *set;
    wh_seat_t       a, b;       /* A's wins are counted */
    const uint32_t *packs;      /* the land tiles: every copy of these packs (wh_bag_fill) */
    size_t          n_packs;
    const uint16_t *wonders;    /* beside the track in every game */
    size_t          n_wonders;  /* at most WH_MATCH_MAX_WONDERS */
    uint64_t        seed;
    uint64_t        games;      /* an even number, 2 or more: deal k is played twice; with the test, the most */
    wh_lab_budget_t budget;     /* the searches' */
    int             jobs;       /* threads (0: one) */
    bool            sprt;       /* a sequential test of A's win rate: H0 it is p0, H1 it is p1 */
    double          p0, p1, alpha, beta;
    wh_lab_progress_fn progress; /* the games, without the test; NULL: none */
    void           *progress_ctx;
} wh_duel_config_t;

typedef struct wh_duel_result {
    uint64_t games;             /* played (fewer than asked when the test decided) */
    double   wins;              /* A's, a tie half a win */
    double   win_rate, win_lo, win_hi;       /* A's, with its 95% Wilson interval */
    double   margin, margin_lo, margin_hi;   /* A's mean margin (A's score less B's), 95% interval from the deals' means */
    double   first_wins;        /* the first player's, a tie half a win */
    double   llr, lower, upper; /* the test's ratio and bounds at the end */
    wh_sprt_verdict_t verdict;
} wh_duel_result_t;

/**
 * Play the duel @p c.  @returns WH_LAB_OK and the result in @p out, or
 * why not, the problem (WH_LAB_PROBLEM bytes at @p problem) said.
 */
WH_API wh_lab_status_t wh_duel(const wh_duel_config_t *c, wh_duel_result_t *out, char *problem);

/* ---- many matches ---------------------------------------------------------------- */

#define WH_LAB_NAME    160 /* bytes of a wonder's id ("pack.id") */
#define WH_LAB_WONDERS 16  /* wonders one simulation counts */

typedef struct wh_sim_config {
    const wh_tileset_t *set;
    uint64_t        games;
    int             players;
    const wh_seat_t *seats;     /* one a player; NULL: every seat random */
    uint64_t        seed;       /* game g is seeded by (seed, g) */
    const uint32_t *packs;
    size_t          n_packs;
    wh_rules_t      rules;      /* WH_RULE_BIT()s */
    const uint16_t *wonders;    /* the wonders, of which each game sets out wonders_per_game at random */
    int             n_wonders;  /* at most WH_LAB_WONDERS */
    int             wonders_per_game;
    int             variant;    /* wonders per player: 1 or 2 */
    wh_lab_budget_t budget;     /* the searches' (think_ms is not used: the results stay reproducible) */
    int             jobs;
    wh_lab_progress_fn progress;
    void           *progress_ctx;
} wh_sim_config_t;

typedef struct wh_sim_wonder {
    char     id[WH_LAB_NAME];
    uint64_t offered;    /* games it was beside the track */
    uint64_t taken;      /* games a player took it */
    uint64_t placed;     /* games it reached the board */
    int64_t  points;     /* points its effect paid, over all games */
    uint64_t owner_wins; /* games its owner finished first (ties count) */
} wh_sim_wonder_t;

typedef struct wh_sim_result {
    uint64_t games;
    int      n;
    wh_sim_wonder_t w[WH_LAB_WONDERS];
} wh_sim_result_t;

/** Play the simulation @p c.  @returns WH_LAB_OK and its counts in @p out, or why not (@p problem). */
WH_API wh_lab_status_t wh_simulate(const wh_sim_config_t *c, wh_sim_result_t *out, char *problem);

/* ---- the balance lab --------------------------------------------------------------- */

#define WH_BALANCE_MAX 24 /* candidates in one run */
#define WH_BALANCE_REFS 4 /* references a calibration holds at most */

/* How a run reads margins as flat points (docs/balance.md, "The calibration"). */
typedef enum wh_calibration {
    WH_CALIBRATION_CURVE, /* references at 5, 10, 20 and 40 points, a monotone curve (the default) */
    WH_CALIBRATION_POINT, /* one reference at 10 points, a ratio */
    WH_CALIBRATION_NONE   /* no reference, no flat points */
} wh_calibration_t;

typedef struct wh_balance_config {
    const wh_tileset_t *set;
    uint64_t        games;      /* paired games, each played by every candidate, its twin, the baseline, the reference */
    int             players;
    const wh_seat_t *seats;     /* one a player */
    uint64_t        seed;
    const uint32_t *packs;
    size_t          n_packs;
    wh_rules_t      rules;
    const uint16_t *candidates; /* wonder tiles */
    int             n_candidates; /* at most WH_BALANCE_MAX */
    int             baseline;   /* a wonder tile, or -1 for none */
    long            think;      /* a search's play-outs a decision (0: WH_LAB_THINK) */
    int             jobs;
    bool            rank_by_tile; /* the ranking (order) by the tile's gain; false: by the effect's */
    wh_calibration_t calibration;
    wh_lab_progress_fn progress;
    void           *progress_ctx;
} wh_balance_config_t;

/* An estimate and its 95% interval [lo, hi]; half: half its width (for a
** mean's, symmetric, mean +- half; a curve's reading may lean to a side). */
typedef struct wh_estimate {
    double mean, half;
    double lo, hi;
} wh_estimate_t;

typedef struct wh_balance_wonder {
    char          id[WH_LAB_NAME];
    /* the whole tile: the subject's margin with it less with the baseline */
    wh_estimate_t margin;   /* in points */
    wh_estimate_t wins;     /* the same for its win rate, in percentage points */
    bool          has_flat; /* whether the calibration gave a scale (none asked, or its references gained nothing) */
    wh_estimate_t flat;     /* its equivalent flat points (docs/balance.md) */
    /* its effect: the subject's margin with it less with its tile and no effect */
    wh_estimate_t effect_margin;
    wh_estimate_t effect_wins;
    wh_estimate_t effect_flat; /* when has_flat */
    double        effect;   /* its effect's mean points to the subject, in the games it placed it */
    double        placed;   /* the share of games the subject placed it */
} wh_balance_wonder_t;

typedef struct wh_balance_result {
    uint64_t      games;
    int           n;
    wh_balance_wonder_t c[WH_BALANCE_MAX];
    int           order[WH_BALANCE_MAX]; /* indexes into c, the best effect's (or tile's) gain first */
    int           references;            /* the calibration's: 0 to WH_BALANCE_REFS */
    int           flat[WH_BALANCE_REFS]; /* each reference's flat points, increasing */
    wh_estimate_t reference[WH_BALANCE_REFS]; /* its margin gain */
} wh_balance_result_t;

/** Run the balance lab @p c.  @returns WH_LAB_OK and its estimates in @p out, or why not (@p problem). */
WH_API wh_lab_status_t wh_balance(const wh_balance_config_t *c, wh_balance_result_t *out, char *problem);

#endif
