/*
** duel.h -- `wonders duel`: two kinds of player in paired 2-player games
** (each deal played twice, the seats swapped), the first's win rate with
** its Wilson interval and its mean margin with its interval
** (docs/players.md).
*/
#ifndef WR_DUEL_H
#define WR_DUEL_H

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

/** `wonders duel ARGS`: @returns the exit status. */
int wr_cmd_duel(int argc, char **argv);

#endif
