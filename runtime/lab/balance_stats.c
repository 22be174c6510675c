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

/* Mean and 95% interval from a sum and a sum of squares over n paired games. */
static wr_estimate estimate(int64_t sum, int64_t sum2, uint64_t n, double scale)
{
    wr_estimate e = {0, 0, 0, 0};
    if (n == 0)
        return e;
    double mean = (double)sum / (double)n;
    e.mean = mean * scale;
    if (n > 1) {
        double var = ((double)sum2 - (double)n * mean * mean) / (double)(n - 1);
        e.half = 1.96 * sqrt(var > 0 ? var / (double)n : 0) * scale;
    }
    e.lo = e.mean - e.half;
    e.hi = e.mean + e.half;
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

wr_estimate wr_balance_reference_gain(const wr_balance *b, int k)
{
    return estimate(b->ref.r[k].d, b->ref.r[k].d2, b->ref.n, 1.0);
}

/* ---- one point: a ratio ------------------------------------------------------------ */

/*
** The ratio E = mean(d) / mean(r) of a candidate's paired differences d to
** the reference's r, over the same n games, and its 95% interval by the
** delta method: var(E) ~ (s_dd - 2 E s_dr + E^2 s_rr) / (n mean(r)^2), with
** the sample (co)variances from the integer sums (sd, sd2 and, with the
** reference's, sdr), times the reference's flat value.  The reference
** against itself: the same numbers everywhere, so E is exactly 1 and the
** variance exactly 0.
*/
static void ratio_to_reference(const wr_balance *b, int64_t sd, int64_t sd2, int64_t sdr, wr_estimate *e)
{
    const wr_balance_reference *r = &b->ref.r[0];
    uint64_t n = b->ref.n;
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
    e->lo = e->mean - e->half;
    e->hi = e->mean + e->half;
}

/* ---- a curve: read backwards, a bootstrap --------------------------------------------- */

/* The per-game covariance of two paired quantities from their sums over n games. */
static double covariance(int64_t sa, int64_t sb, int64_t sab, uint64_t n)
{
    double nn = (double)n;
    return n > 1 ? ((double)sab - (double)sa * (double)sb / nn) / (nn - 1) : 0;
}

/*
** The reading on the curve of a quantity with sums sm, sm2 and, with each
** reference's, smr[]; its bootstrap's seed from the run's seed and which
** quantity it is (`which`), so the same results give the same interval.
*/
static bool curve_reading(const wr_balance *b, int64_t sm, int64_t sm2, const int64_t *smr, int64_t smp,
                          uint64_t which, wr_estimate *e)
{
    const wr_balance_calibration *ref = &b->ref;
    const int k = ref->k;
    const int64_t placed = (int64_t)ref->r[k - 1].placed; /* the last reference's: a 0-or-1 a game */
    int flat[WR_BALANCE_REFS];
    wr_curve_data d = {.k = ref->k, .flat = flat, .n = ref->n};
    double nn = (double)ref->n;
    d.mean[0] = (double)sm / nn;
    d.cov[0][0] = covariance(sm, sm, sm2, ref->n);
    for (int j = 0; j < ref->k; j++) {
        const wr_balance_reference *r = &ref->r[j];
        flat[j] = r->flat;
        d.mean[1 + j] = (double)r->d / nn;
        d.cov[0][1 + j] = d.cov[1 + j][0] = covariance(sm, r->d, smr[j], ref->n);
        for (int q = 0; q < ref->k; q++)
            d.cov[1 + j][1 + q] = covariance(r->d, ref->r[q].d, r->rr[q], ref->n);
        d.cov[1 + j][1 + k] = d.cov[1 + k][1 + j] = covariance(r->d, placed, r->rp, ref->n);
    }
    d.mean[1 + k] = (double)placed / nn;
    d.cov[0][1 + k] = d.cov[1 + k][0] = covariance(sm, placed, smp, ref->n);
    d.cov[1 + k][1 + k] = covariance(placed, placed, placed, ref->n);
    wr_curve_reading got;
    if (!wr_curve_bootstrap(&d, b->seed * 0x9E3779B97F4A7C15ull + which, &got))
        return false;
    *e = (wr_estimate){got.points, (got.hi - got.lo) / 2, got.lo, got.hi};
    return true;
}

bool wr_balance_curve(const wr_balance *b, wr_curve *c)
{
    const wr_balance_calibration *ref = &b->ref;
    if (!ref->k || !ref->n)
        return false;
    int flat[WR_BALANCE_REFS];
    double gain[WR_BALANCE_REFS];
    for (int j = 0; j < ref->k; j++) {
        flat[j] = ref->r[j].flat;
        gain[j] = (double)ref->r[j].d / (double)ref->n;
    }
    wr_curve_fit(c, ref->k, flat, gain, (double)ref->r[ref->k - 1].placed / (double)ref->n);
    return true;
}

/* Whether the calibration gives a scale for candidate i (-1: a reference):
** one reference that gained something, or a curve that rises somewhere. */
static bool has_scale(const wr_balance *b, int i)
{
    const wr_balance_calibration *ref = &b->ref;
    wr_curve c;
    double x;
    if (!ref->k || !ref->n || (i >= 0 && b->c[i].n != ref->n))
        return false;
    return ref->k == 1 ? ref->r[0].d > 0 : wr_balance_curve(b, &c) && wr_curve_read(&c, 1e-9, &x);
}

/* The quantities a bootstrap reads, told apart in its seed. */
enum { READ_TILE, READ_EFFECT };

bool wr_balance_equivalent(const wr_balance *b, int i, wr_estimate *e)
{
    const wr_balance_sums *s = &b->c[i];
    if (!has_scale(b, i))
        return false;
    if (b->ref.k == 1) {
        ratio_to_reference(b, s->d, s->d2, s->dr[0], e);
        return true;
    }
    return curve_reading(b, s->d, s->d2, s->dr, s->dp, (uint64_t)i * 2 + READ_TILE, e);
}

bool wr_balance_effect_equivalent(const wr_balance *b, int i, wr_estimate *e)
{
    const wr_balance_sums *s = &b->c[i];
    if (!has_scale(b, i))
        return false;
    if (b->ref.k == 1) {
        ratio_to_reference(b, s->e, s->e2, s->er[0], e);
        return true;
    }
    return curve_reading(b, s->e, s->e2, s->er, s->ep, (uint64_t)i * 2 + READ_EFFECT, e);
}

bool wr_balance_reference_equivalent(const wr_balance *b, int k, wr_estimate *e)
{
    const wr_balance_reference *r = &b->ref.r[k];
    if (!has_scale(b, -1))
        return false;
    if (b->ref.k == 1) {
        ratio_to_reference(b, r->d, r->d2, r->d2, e);
        return true;
    }
    /* a curve's reference is worth its points by definition: the curve
    ** is drawn through it, wherever the pooling puts its gain */
    *e = (wr_estimate){r->flat, 0, r->flat, r->flat};
    return true;
}

static const char *const calibration_names[] = {"curve", "point", "none"};

const char *wr_calibration_name(wr_calibration how)
{
    return calibration_names[how];
}

bool wr_calibration_named(const char *name, wr_calibration *how)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(name, calibration_names[i])) {
            *how = (wr_calibration)i;
            return true;
        }
    return false;
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
