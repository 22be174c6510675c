/*
** balance_table.c -- the balance lab's results as the table `wonders
** balance` prints; see balance_results.h and docs/balance.md.
*/
#include "balance_results.h"
#include "record.h"
#include "report.h"
#include "../tileset.h"

#include <stdio.h>

/* "+7.31 [+5.02, +9.60]", or "n/a" when the calibration gives no scale. */
static void equivalent_text(bool known, wr_estimate e, char *buf, size_t size)
{
    if (known)
        snprintf(buf, size, "%+.2f [%+.2f, %+.2f]", e.mean, e.lo, e.hi);
    else
        snprintf(buf, size, "n/a");
}

/* "5, 10, 20 and 40" */
static void flats_text(const wr_balance_calibration *ref, char *buf, size_t size)
{
    size_t used = 0;
    for (int j = 0; j < ref->k && used < size; j++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d", j == 0 ? "" : j == ref->k - 1 ? " and " : ", ",
                                 ref->r[j].flat);
}

/* The calibration's rows, one a reference. */
static void print_references(FILE *out, const wr_balance *b, int width)
{
    const wr_balance_calibration *ref = &b->ref;
    for (int j = 0; j < ref->k; j++) {
        const wr_balance_reference *r = &ref->r[j];
        wr_estimate g = wr_balance_reference_gain(b, j), e;
        char gtext[40], etext[40], name[32] = "flat points";
        snprintf(gtext, sizeof gtext, "%+.2f [%+.2f, %+.2f]", g.mean, g.mean - g.half, g.mean + g.half);
        equivalent_text(wr_balance_reference_equivalent(b, j, &e), e, etext, sizeof etext);
        if (ref->k > 1)
            snprintf(name, sizeof name, "%d flat points", r->flat);
        fprintf(out, "%-4s %-*s %26s %26s %26s %28s %26s %8.2f\n", "ref", width, name, gtext, "", etext, "", "",
                r->placed ? (double)r->points / (double)r->placed : 0.0);
    }
}

/* What the calibration's rows mean. */
static void print_calibration_note(FILE *out, const wh_tileset_t *set, const wr_balance *b)
{
    const wr_balance_calibration *ref = &b->ref;
    int t = wh_tile_find(set, ref->geometry);
    const char *tile = t >= 0 ? wh_string(set, set->tiles[t].name) : ref->geometry;
    double placed = ref->n && ref->k ? 100.0 * (double)ref->r[0].placed / (double)ref->n : 0.0;
    if (ref->how == WR_CALIBRATION_POINT)
        fprintf(out, "ref: the calibration, %d points at the end on %s's tile against that tile with no effect,\n"
                     "placed in %.1f%% of the games; flat points: a wonder's gain over the ref's, times %d.\n",
                ref->r[0].flat, tile, placed, ref->r[0].flat);
    else if (ref->how == WR_CALIBRATION_CURVE) {
        char flats[64];
        flats_text(ref, flats, sizeof flats);
        fprintf(out, "ref: the calibration, %s points at the end on %s's tile against that tile with no\n"
                     "effect, placed in %.1f%% of the games; flat points: a wonder's gain read on the monotone curve\n"
                     "through the refs' gains (bootstrap intervals; docs/balance.md).\n",
                flats, tile, placed);
    } else
        fputs("flat points: none (--calibration none: no reference played).\n", out);
}

void wr_balance_print(FILE *out, const wh_tileset_t *set, const wr_balance *b, wr_balance_rank rank)
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
    int width = 18; /* the name column as wide as the longest name, in columns (UTF-8), 18 at least */
    for (int i = 0; i < b->n; i++) {
        int len = wr_columns(wr_tile_name(set, b->c[i].id));
        width = len > width ? len : width;
    }
    fprintf(out, "%-4s %-*s %26s %26s %26s %28s %26s %8s\n", "rank", width, "wonder", "tile: margin gain (95% CI)",
            "win rate gain (95% CI)", "flat points (95% CI)", "effect: margin gain (95% CI)", "flat points (95% CI)",
            "paid");
    int order[WR_BALANCE_MAX];
    wr_balance_ranking(b, rank, order);
    for (int r = 0; r < b->n; r++) {
        int i = order[r];
        const char *name = wr_tile_name(set, b->c[i].id);
        wr_estimate m = wr_balance_margin(b, i), w = wr_balance_wins(b, i), em = wr_balance_effect(b, i);
        char mtext[40], wtext[40], etext[40], emtext[40], eetext[40];
        snprintf(mtext, sizeof mtext, "%+.2f [%+.2f, %+.2f]", m.mean, m.mean - m.half, m.mean + m.half);
        snprintf(wtext, sizeof wtext, "%+.1f%% [%+.1f, %+.1f]", w.mean, w.mean - w.half, w.mean + w.half);
        snprintf(emtext, sizeof emtext, "%+.2f [%+.2f, %+.2f]", em.mean, em.mean - em.half, em.mean + em.half);
        wr_estimate te, ee;
        equivalent_text(wr_balance_equivalent(b, i, &te), te, etext, sizeof etext);
        equivalent_text(wr_balance_effect_equivalent(b, i, &ee), ee, eetext, sizeof eetext);
        double effect = b->c[i].placed ? (double)b->c[i].points / (double)b->c[i].placed : 0;
        fprintf(out, "%-4d %s%*s %26s %26s %26s %28s %26s %8.2f\n", r + 1, name, width - wr_columns(name), "", mtext,
                wtext, etext, emtext, eetext, effect);
    }
    print_references(out, b, width);
    fprintf(out, "margin: the subject seat's points over its best opponent; tile: with the wonder minus with %s,\n"
                 "in the same game; effect: with the wonder minus with its tile and no effect, in the same game;\n"
                 "paid: the mean points its effect paid, in the games it was placed; ranked by the %s's gain.\n",
            b->baseline, rank == WR_RANK_TILE ? "tile" : "effect");
    print_calibration_note(out, set, b);
}
