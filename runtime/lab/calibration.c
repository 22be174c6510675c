/*
** calibration.c -- the calibration curve: its monotone fit, reading it
** backwards, and the bootstrap behind a reading's interval; see
** calibration.h and docs/balance.md.
*/
#include "calibration.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void wr_curve_fit(wr_curve *c, int k, const int *flat, const double *gain, double share)
{
    /* pool adjacent violators: blocks of equal fitted value, each the mean
    ** of the gains it holds, merged while a block is below the one before */
    double value[WR_CURVE_MAX];
    int size[WR_CURVE_MAX], blocks = 0;
    for (int j = 0; j < k; j++) {
        value[blocks] = gain[j];
        size[blocks++] = 1;
        while (blocks > 1 && value[blocks - 2] > value[blocks - 1]) {
            int a = size[blocks - 2], b = size[blocks - 1];
            value[blocks - 2] = (value[blocks - 2] * a + value[blocks - 1] * b) / (a + b);
            size[blocks - 2] = a + b;
            blocks--;
        }
    }
    c->k = k;
    for (int blk = 0, j = 0; blk < blocks; blk++)
        for (int i = 0; i < size[blk]; i++, j++) {
            c->x[j] = flat[j];
            /* the origin is exact: pooling with it (a weight without end)
            ** leaves 0 to whatever fell below it */
            c->y[j] = value[blk] > 0 ? value[blk] : 0;
        }
    c->beyond = share;
}

/* The curve's nodes with the origin first: X[0] = Y[0] = 0. */
static int nodes(const wr_curve *c, double *X, double *Y)
{
    X[0] = Y[0] = 0;
    for (int j = 0; j < c->k; j++) {
        X[j + 1] = c->x[j];
        Y[j + 1] = c->y[j];
    }
    return c->k;
}

/* The slope of the first (from_end: last) segment that rises; 0 if none does.
** (Below the curve's start; beyond its end when it has no share to go by.) */
static double end_slope(const double *X, const double *Y, int k, bool from_end)
{
    for (int s = 0; s < k; s++) {
        int j = from_end ? k - 1 - s : s;
        if (Y[j + 1] > Y[j])
            return (Y[j + 1] - Y[j]) / (X[j + 1] - X[j]);
    }
    return 0;
}

double wr_curve_at(const wr_curve *c, double points)
{
    double X[WR_CURVE_MAX + 1], Y[WR_CURVE_MAX + 1];
    int k = nodes(c, X, Y);
    if (points <= 0)
        return points * end_slope(X, Y, k, false);
    for (int j = 0; j < k; j++)
        if (points <= X[j + 1])
            return Y[j] + (Y[j + 1] - Y[j]) * (points - X[j]) / (X[j + 1] - X[j]);
    return Y[k] + (points - X[k]) * (c->beyond > 0 ? c->beyond : end_slope(X, Y, k, true));
}

bool wr_curve_read(const wr_curve *c, double gain, double *points)
{
    double X[WR_CURVE_MAX + 1], Y[WR_CURVE_MAX + 1];
    int k = nodes(c, X, Y);
    double lo = end_slope(X, Y, k, false), hi = c->beyond > 0 ? c->beyond : end_slope(X, Y, k, true);
    if (lo <= 0) /* nothing rises: no scale at all */
        return false;
    if (gain == 0) { /* the origin is known exactly; a level after it is noise about it */
        *points = 0;
        return true;
    }
    if (gain < 0) {
        *points = gain / lo;
        return true;
    }
    if (gain > Y[k]) {
        *points = X[k] + (gain - Y[k]) / hi;
        return true;
    }
    /* the stretch [a, b] where the curve is at `gain`: one point where it rises */
    double a = X[k], b = X[k];
    for (int j = 1; j <= k; j++)
        if (Y[j] >= gain) {
            a = X[j - 1] + (gain - Y[j - 1]) / (Y[j] - Y[j - 1]) * (X[j] - X[j - 1]);
            break;
        }
    for (int j = k - 1; j >= 0; j--)
        if (Y[j] <= gain) {
            b = Y[j + 1] > Y[j] ? X[j] + (gain - Y[j]) / (Y[j + 1] - Y[j]) * (X[j + 1] - X[j]) : X[j + 1];
            break;
        }
    *points = (a + b) / 2;
    return true;
}

/* ---- the bootstrap --------------------------------------------------------------- */

/* splitmix64: a stream of its own, so a reading depends on nothing but its seed */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A standard normal number (Box-Muller; the uniform in (0, 1]). */
static double normal(uint64_t *s)
{
    double u = ((double)(next(s) >> 11) + 1.0) / 9007199254740992.0, v = (double)(next(s) >> 11) / 9007199254740992.0;
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* L with L L' = a, a positive semi-definite: a pivot at (or, by rounding,
** below) a trillionth of its diagonal is 0, and so is the rest of its
** column (a quantity fixed by the others: the draws keep it so). */
static void cholesky(int p, double a[][WR_CURVE_VARS], double l[][WR_CURVE_VARS])
{
    memset(l, 0, sizeof(double[WR_CURVE_VARS]) * (size_t)p);
    for (int j = 0; j < p; j++) {
        double s = a[j][j];
        for (int q = 0; q < j; q++)
            s -= l[j][q] * l[j][q];
        if (s <= 1e-12 * a[j][j] || s <= 0)
            continue;
        l[j][j] = sqrt(s);
        for (int i = j + 1; i < p; i++) {
            double t = a[i][j];
            for (int q = 0; q < j; q++)
                t -= l[i][q] * l[j][q];
            l[i][j] = t / l[j][j];
        }
    }
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Fit the references' gains v[1..k] and share v[k + 1], read v[0]. */
static bool read_at(const wr_curve_data *d, const double *v, double *points)
{
    wr_curve c;
    wr_curve_fit(&c, d->k, d->flat, v + 1, v[d->k + 1]);
    return wr_curve_read(&c, v[0], points);
}

bool wr_curve_bootstrap(const wr_curve_data *d, uint64_t seed, wr_curve_reading *out)
{
    if (!read_at(d, d->mean, &out->points))
        return false;
    out->lo = out->hi = out->points;
    if (d->n < 2)
        return true;
    int p = 2 + d->k;
    double a[WR_CURVE_VARS][WR_CURVE_VARS], l[WR_CURVE_VARS][WR_CURVE_VARS];
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++)
            a[i][j] = d->cov[i][j] / (double)d->n; /* of the means */
    cholesky(p, a, l);
    double readings[WR_CURVE_DRAWS];
    int got = 0;
    uint64_t s = seed;
    for (int draw = 0; draw < WR_CURVE_DRAWS; draw++) {
        double z[WR_CURVE_VARS], v[WR_CURVE_VARS];
        for (int i = 0; i < p; i++)
            z[i] = normal(&s);
        for (int i = 0; i < p; i++) {
            v[i] = d->mean[i];
            for (int q = 0; q <= i; q++)
                v[i] += l[i][q] * z[q];
        }
        got += read_at(d, v, &readings[got]);
    }
    bool ok = got >= WR_CURVE_DRAWS - WR_CURVE_DRAWS / 40;
    if (ok) {
        qsort(readings, (size_t)got, sizeof *readings, by_value);
        out->lo = readings[(int)(0.025 * (got - 1) + 0.5)];
        out->hi = readings[(int)(0.975 * (got - 1) + 0.5)];
    }
    return ok;
}
