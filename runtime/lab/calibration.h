/*
** calibration.h -- the balance lab's calibration curve (docs/balance.md,
** "The calibration curve"): what flat points at the end of the game gain
** in margin under the run's players, measured at a few flat values, fitted
** monotone through the origin, and read backwards to turn a wonder's margin
** gain into equivalent flat points, with a bootstrap interval.
**
** Pure arithmetic on means and covariances: the lab's integer sums give
** them (balance_stats.c), so a figure is the same for any number of threads
** and for shards merged.
*/
#ifndef WR_CALIBRATION_H
#define WR_CALIBRATION_H

#include <stdbool.h>
#include <stdint.h>

#define WR_CURVE_MAX 4      /* flat values a curve is measured at */
#define WR_CURVE_DRAWS 2000 /* bootstrap draws behind an interval */

/*
** A fitted curve: at flat points x[j] (increasing, > 0) a margin gain y[j]
** (non-decreasing, >= 0), and (0, 0) besides; straight between them; below
** 0 along its first rising segment; beyond the last at the slope `beyond`
** (docs/balance.md says why).
*/
typedef struct wr_curve {
    int    k;
    double x[WR_CURVE_MAX];
    double y[WR_CURVE_MAX];
    double beyond;
} wr_curve;

/**
 * Fit @p c to the mean gains @p gain measured at the @p k flat values
 * @p flat (increasing): the isotonic (pool-adjacent-violators) regression
 * of the gains, equal weights, through a fixed (0, 0).  Beyond the last
 * value each point gains @p share (the share of games the last reference
 * was placed in: a bonus so large that the reaction to it no longer grows
 * pays in full where it is placed); @p share <= 0: the last rising
 * segment's slope.
 */
void wr_curve_fit(wr_curve *c, int k, const int *flat, const double *gain, double share);

/** The curve's margin gain at @p points flat points (the chart draws it). */
double wr_curve_at(const wr_curve *c, double points);

/**
 * The flat points whose gain on @p c is @p gain: the curve read backwards
 * (the middle of a level stretch, where it is flat).  @returns false when
 * the curve gives no scale there (it gains nothing, or not up to @p gain
 * on the side it would have to be extended).
 */
bool wr_curve_read(const wr_curve *c, double gain, double *points);

#define WR_CURVE_VARS (WR_CURVE_MAX + 2) /* m, the k gains, the share */

/*
** The means of one paired quantity m (a wonder's gain), of the k
** references' gains and of whether the last was placed (its share), over
** the same n games, with the per-game covariance matrix of (m, r_1, ...,
** r_k, placed_k): what a bootstrap needs.
*/
typedef struct wr_curve_data {
    int      k;
    const int *flat;                    /* the references' flat values */
    uint64_t n;                         /* games */
    double   mean[WR_CURVE_VARS];       /* m, then each reference's gain, then the share at index k + 1 */
    double   cov[WR_CURVE_VARS][WR_CURVE_VARS]; /* per game, n - 1 in the denominator */
} wr_curve_data;

/* A reading and its 95% interval. */
typedef struct wr_curve_reading {
    double points, lo, hi;
} wr_curve_reading;

/**
 * Read @p d's mean m on the curve fitted to its references' means, and its
 * 95% interval: WR_CURVE_DRAWS draws of the means from their joint normal
 * distribution (the means of n paired games), each refitted and read, the
 * 2.5th and 97.5th percentiles of the readings; @p seed makes the draws,
 * so the same data and seed give the same interval.  @returns false when
 * the fitted curve gives no scale for m, or more than 2.5% of the draws
 * give none (the interval would have no end).
 */
bool wr_curve_bootstrap(const wr_curve_data *d, uint64_t seed, wr_curve_reading *out);

#endif
