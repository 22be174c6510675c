/*
** duel.h -- two kinds of seat in paired 2-player games (each deal played
** twice, the seats swapped, with the same random choices), the first's
** wins and margin with the sums their intervals come from, optionally
** stopped by a sequential probability ratio test (docs/players.md).
** `wonders duel` parses its options and prints (runtime/cli/duel_cmd.c).
*/
#ifndef WR_DUEL_H
#define WR_DUEL_H

#include "games.h"
#include "mcts.h"
#include "players.h"

#include <stdint.h>

/**
 * The Wilson score interval at 95% (z = 1.96) of @p wins out of @p n
 * (a tie counted as half a win): *lo and *hi in [0, 1]; both 0 when n is 0.
 */
void wr_wilson(double wins, double n, double *lo, double *hi);

/**
 * The mean of @p n values given by their sum and sum of squares, and the
 * half-width of its 95% interval (1.96 standard errors, the sample's
 * standard deviation); the half-width is 0 when n < 2.
 */
void wr_mean_interval(double sum, double sum_sq, uint64_t n, double *mean, double *half);

/** What a sequential probability ratio test says after some games. */
typedef enum wr_sprt_verdict {
    WR_SPRT_CONTINUE, /* neither bound crossed: play on */
    WR_SPRT_H0,       /* the lower bound crossed: H0 accepted */
    WR_SPRT_H1        /* the upper bound crossed: H1 accepted */
} wr_sprt_verdict;

/**
 * The log-likelihood ratio of H1 (a game is won with probability @p p1)
 * against H0 (with @p p0) after @p wins of @p n games, each game an
 * independent trial and a tie half a win and half a loss:
 * wins ln(p1/p0) + (n - wins) ln((1 - p1)/(1 - p0)).  0 < p0, p1 < 1.
 */
double wr_sprt_llr(double wins, double n, double p0, double p1);

/**
 * Wald's bounds for error rates @p alpha (accepting H1 when H0 holds) and
 * @p beta (accepting H0 when H1 holds): *lower = ln(beta / (1 - alpha)),
 * *upper = ln((1 - beta) / alpha).
 */
void wr_sprt_bounds(double alpha, double beta, double *lower, double *upper);

/**
 * The verdict for @p llr between @p lower and @p upper: H1 at or above the
 * upper bound, H0 at or below the lower, else play on.
 */
wr_sprt_verdict wr_sprt_decide(double llr, double lower, double upper);

/* With the test, deals are played in batches of this many and the test
** looks after each: the same batches for any number of threads, so the
** same verdict. */
#define WR_SPRT_BATCH 10

/* What a duel plays. */
typedef struct wr_duel_setup {
    const wh_tileset_t *set;
    wr_kind_t       a, b;     /* A: the first kind, whose wins are counted */
    const uint32_t *packs;    /* the land tiles: every copy of these packs */
    size_t          n_packs;
    const uint16_t *wonders;  /* beside the track in every game */
    int             n_wonders;
    uint64_t        seed;     /* deal k is seeded by (seed, k) */
    uint64_t        deals;    /* two games each; with the test, the most */
    wr_mcts_budget  budget;   /* an mcts seat's, each decision */
    int             jobs;     /* threads; the results are the same for any number (without a time budget) */
    bool            sprt;     /* the test: H0, A wins with probability p0; H1, with p1 */
    double          p0, p1, alpha, beta;
    /* without the test, the run's progress (games.h); NULL: none */
    void          (*progress)(void *ctx, uint64_t done, uint64_t share, double seconds, bool last);
    /* with the test, after each batch: the games so far and the ratio against its bounds; NULL: none */
    void          (*tested)(void *ctx, uint64_t games, double llr, double lower, double upper);
    void           *progress_ctx;
} wr_duel_setup;

/* What it found: sums over the deals played, in deal order. */
typedef struct wr_duel_result {
    uint64_t deals;                  /* played (fewer than asked when the test decided) */
    double   wins, first_wins;       /* A's, and the first player's, of 2 deals games (a tie half a win) */
    double   margin_sum, margin_sum_sq; /* of the deals' mean margins (A's score less B's) */
    double   llr, lower, upper;      /* the test's ratio and bounds at the end */
    wr_sprt_verdict verdict;         /* WR_SPRT_CONTINUE without the test, or undecided */
} wr_duel_result;

/**
 * Play the duel @p d on d->jobs threads.  @returns WR_LAB_OK, or why not
 * (WR_LAB_FAILED: @p problem, WR_LAB_PROBLEM bytes, says what).
 */
wr_lab_status wr_duel(const wr_duel_setup *d, wr_duel_result *out, char *problem);

#endif
