/*
** balance_stats.c -- what the balance lab's sums say: each wonder's margin
** and wins with their intervals, the reference's gain, equivalent flat
** points, the ranking and the table; see balance.h and docs/balance.md.
*/
#include "balance.h"
#include "../tileset.h"

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
bool wr_balance_equivalent(const wr_balance *b, int i, wr_estimate *e)
{
    const wr_balance_reference *r = &b->ref;
    int64_t sd = i < 0 ? r->d : b->c[i].d, sd2 = i < 0 ? r->d2 : b->c[i].d2, sdr = i < 0 ? r->d2 : b->c[i].dr;
    uint64_t n = r->n;
    if (n == 0 || r->d <= 0 || (i >= 0 && b->c[i].n != n))
        return false;
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

/* ---- text ------------------------------------------------------------------------- */

void wr_balance_ranking(const wr_balance *b, int *order)
{
    for (int i = 0; i < b->n; i++)
        order[i] = i;
    for (int i = 1; i < b->n; i++)
        for (int j = i; j > 0 && wr_balance_margin(b, order[j]).mean > wr_balance_margin(b, order[j - 1]).mean; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* "+7.31 [+5.02, +9.60]", or "n/a" when the reference gained nothing. */
static void equivalent_text(const wr_balance *b, int i, char *buf, size_t size)
{
    wr_estimate e;
    if (wr_balance_equivalent(b, i, &e))
        snprintf(buf, size, "%+.2f [%+.2f, %+.2f]", e.mean, e.mean - e.half, e.mean + e.half);
    else
        snprintf(buf, size, "n/a");
}

void wr_balance_print(FILE *out, const wh_tileset_t *set, const wr_balance *b)
{
    char seats[96], rules[96];
    wr_kinds_text(b->seats, b->players, ",", seats, sizeof seats);
    wr_rules_text(b->rules, ",", rules, sizeof rules);
    char think[32] = "";
    if (b->think)
        snprintf(think, sizeof think, "; think %ld", b->think);
    fprintf(out, "%llu paired games%s, %d players (seats: %s%s; rules: %s), each wonder against %s\n",
            (unsigned long long)b->played, b->partial ? " (interrupted: partial)" : "", b->players, seats, think,
            *rules ? rules : "none", b->baseline);
    fprintf(out, "%-4s %-18s %26s %26s %26s %8s\n", "rank", "wonder", "margin gain (95% CI)", "win rate gain (95% CI)",
            "flat points (95% CI)", "effect");
    int order[WR_BALANCE_MAX];
    wr_balance_ranking(b, order);
    for (int r = 0; r < b->n; r++) {
        int i = order[r];
        int t = wh_tile_find(set, b->c[i].id);
        const char *name = t >= 0 ? wh_string(set, set->tiles[t].name) : b->c[i].id;
        wr_estimate m = wr_balance_margin(b, i), w = wr_balance_wins(b, i);
        char mtext[40], wtext[40], etext[40];
        snprintf(mtext, sizeof mtext, "%+.2f [%+.2f, %+.2f]", m.mean, m.mean - m.half, m.mean + m.half);
        snprintf(wtext, sizeof wtext, "%+.1f%% [%+.1f, %+.1f]", w.mean, w.mean - w.half, w.mean + w.half);
        equivalent_text(b, i, etext, sizeof etext);
        double effect = b->c[i].placed ? (double)b->c[i].points / (double)b->c[i].placed : 0;
        fprintf(out, "%-4d %-18s %26s %26s %26s %8.2f\n", r + 1, name, mtext, wtext, etext, effect);
    }
    const wr_balance_reference *ref = &b->ref;
    int t = wh_tile_find(set, ref->geometry);
    wr_estimate g = wr_balance_reference_gain(b);
    char gtext[40], etext[40];
    snprintf(gtext, sizeof gtext, "%+.2f [%+.2f, %+.2f]", g.mean, g.mean - g.half, g.mean + g.half);
    equivalent_text(b, -1, etext, sizeof etext);
    fprintf(out, "%-4s %-18s %26s %26s %26s %8.2f\n", "ref", "flat points", gtext, "", etext,
            ref->placed ? (double)ref->points / (double)ref->placed : 0.0);
    fprintf(out, "margin: the subject seat's points over its best opponent; gain: with the wonder minus with %s,\n"
                 "in the same game; effect: the mean points its effect paid, in the games it was placed.\n",
            b->baseline);
    fprintf(out, "ref: the calibration, %d points at the end on %s's tile against that tile with no effect,\n"
                 "placed in %.1f%% of the games; flat points: a wonder's gain over the ref's, times %d.\n",
            ref->flat, t >= 0 ? wh_string(set, set->tiles[t].name) : ref->geometry,
            ref->n ? 100.0 * (double)ref->placed / (double)ref->n : 0.0, ref->flat);
}
