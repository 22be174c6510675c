/*
** balance_stats.c -- what the balance lab's sums say: each wonder's margin
** and wins with their intervals, the reference's gain, equivalent flat
** points and the ranking; see balance.h and docs/balance.md.  The command
** prints them (runtime/cli/balance_table.c).
*/
#include "balance.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Mean and 95% half-width from a sum and a sum of squares over n paired games. */
static wr_estimate estimate(int64_t sum, int64_t sum2, uint64_t n, double scale)
{
    wr_estimate e = {0, 0};
    if (n == 0)
        return e;
    double mean = (double)sum / (double)n;
    e.mean = mean * scale;
    if (n > 1) {
        double var = ((double)sum2 - (double)n * mean * mean) / (double)(n - 1);
        e.half = 1.96 * sqrt(var > 0 ? var / (double)n : 0) * scale;
    }
    return e;
}

wr_estimate wr_balance_margin(const wr_balance *b, int i)
{
    return estimate(b->c[i].d, b->c[i].d2, b->c[i].n, 1.0);
}

wr_estimate wr_balance_wins(const wr_balance *b, int i)
{
    return estimate(b->c[i].w, b->c[i].w2, b->c[i].n, 50.0); /* halves to percent */
}

wr_estimate wr_balance_effect(const wr_balance *b, int i)
{
    return estimate(b->c[i].e, b->c[i].e2, b->c[i].n, 1.0);
}

wr_estimate wr_balance_effect_wins(const wr_balance *b, int i)
{
    return estimate(b->c[i].ew, b->c[i].ew2, b->c[i].n, 50.0);
}

wr_estimate wr_balance_reference_gain(const wr_balance *b)
{
    return estimate(b->ref.d, b->ref.d2, b->ref.n, 1.0);
}

/*
** The ratio E = mean(d) / mean(r) of a candidate's paired differences d to
** the reference's r, over the same n games, and its 95% interval by the
** delta method: var(E) ~ (s_dd - 2 E s_dr + E^2 s_rr) / (n mean(r)^2), with
** the sample (co)variances from the integer sums.  The reference against
** itself: the same numbers everywhere, so E is exactly 1 and the variance
** exactly 0.
*/
/* The ratio of paired differences with sums sd, sd2 and, with the
** reference's, sdr (over the reference's n games) to the reference's, times
** its flat value. */
static bool ratio_to_reference(const wr_balance *b, int64_t sd, int64_t sd2, int64_t sdr, wr_estimate *e)
{
    const wr_balance_reference *r = &b->ref;
    uint64_t n = r->n;
    double nn = (double)n, md = (double)sd / nn, mr = (double)r->d / nn, ratio = md / mr;
    double flat = r->flat;
    e->mean = ratio * flat;
    e->half = 0;
    if (n > 1) {
        double s_dd = ((double)sd2 - nn * md * md) / (nn - 1), s_rr = ((double)r->d2 - nn * mr * mr) / (nn - 1),
               s_dr = ((double)sdr - nn * md * mr) / (nn - 1);
        double var = (s_dd - 2 * ratio * s_dr + ratio * ratio * s_rr) / (nn * mr * mr);
        e->half = 1.96 * sqrt(var > 0 ? var : 0) * flat;
    }
    return true;
}

/* Whether the reference gives a scale for candidate i (-1: itself). */
static bool has_scale(const wr_balance *b, int i)
{
    return b->ref.n > 0 && b->ref.d > 0 && (i < 0 || b->c[i].n == b->ref.n);
}

bool wr_balance_equivalent(const wr_balance *b, int i, wr_estimate *e)
{
    const wr_balance_reference *r = &b->ref;
    if (!has_scale(b, i))
        return false;
    return i < 0 ? ratio_to_reference(b, r->d, r->d2, r->d2, e)
                 : ratio_to_reference(b, b->c[i].d, b->c[i].d2, b->c[i].dr, e);
}

bool wr_balance_effect_equivalent(const wr_balance *b, int i, wr_estimate *e)
{
    return i >= 0 && has_scale(b, i) && ratio_to_reference(b, b->c[i].e, b->c[i].e2, b->c[i].er, e);
}

/* ---- the ranking ------------------------------------------------------------------ */

/* The gain a ranking orders by. */
static double rank_key(const wr_balance *b, wr_balance_rank rank, int i)
{
    return rank == WR_RANK_TILE ? wr_balance_margin(b, i).mean : wr_balance_effect(b, i).mean;
}

void wr_balance_ranking(const wr_balance *b, wr_balance_rank rank, int *order)
{
    for (int i = 0; i < b->n; i++)
        order[i] = i;
    for (int i = 1; i < b->n; i++)
        for (int j = i; j > 0 && rank_key(b, rank, order[j]) > rank_key(b, rank, order[j - 1]); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}
