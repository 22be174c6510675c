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

/** `wonders duel ARGS`: @returns the exit status. */
int wr_cmd_duel(int argc, char **argv);

#endif
