/*
** balance_report.c -- the balance lab's report: one self-contained HTML
** page with SVG charts drawn here (no script, no network), deterministic
** for a given run.  See balance.h and docs/balance.md.
*/
#define _POSIX_C_SOURCE 200809L
#include "atomic.h"
#include "balance_results.h"
#include "record.h"
#include "../tileset.h"
#include "../draw/out.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define GAIN_COLOUR "#3b7dd8"  /* a gain, and the margins with the wonder */
#define LOSS_COLOUR "#d8583b"
#define BASE_COLOUR "#9a9a9a"  /* the margins with the baseline */
#define POINTS_COLOUR "#6a9f3a"
#define REF_COLOUR "#8a6fb0"   /* the calibration's reference */

typedef struct report {
    const wh_tileset_t *set;
    const wr_balance *b;
    wr_balance_rank rank; /* what the ranking and its chart show: the effect's gain or the tile's */
} report;

/* Candidate i's gain as the ranking reads it. */
static wr_estimate ranked_gain(const report *r, int i)
{
    return r->rank == WR_RANK_TILE ? wr_balance_margin(r->b, i) : wr_balance_effect(r->b, i);
}

/* Its equivalent flat points, likewise. */
static bool ranked_equivalent(const report *r, int i, wr_estimate *e)
{
    return r->rank == WR_RANK_TILE ? wr_balance_equivalent(r->b, i, e) : wr_balance_effect_equivalent(r->b, i, e);
}

/* Text for HTML (runtime/draw/out.h). */
static void esc(FILE *out, const char *s)
{
    wu_out o = wu_out_file(out);
    wu_xml_text(&o, s);
}

static const char *name_of(const report *r, int i)
{
    int t = wh_tile_find(r->set, r->b->c[i].id);
    return t >= 0 ? wh_string(r->set, r->set->tiles[t].name) : r->b->c[i].id;
}

/* "7.3 flat points [5.1, 9.4]", or a word on why there is none. */
static void equivalent_label(FILE *out, const report *r, int i)
{
    wr_estimate e;
    if (ranked_equivalent(r, i, &e))
        fprintf(out, "%.1f flat points [%.1f, %.1f]", e.mean, e.lo, e.hi);
    else
        fputs("flat points: n/a", out);
}

/* One row of the ranking: a bar from 0 to the mean gain, its 95% interval
** as a whisker, and the equivalent flat points to the right. */
static void ranking_row(FILE *out, double y, int row, double x0, double x1, double xlo, double xhi, const char *fill,
                        double label_x)
{
    fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
            x1 < x0 ? x1 : x0, y + 6, x1 < x0 ? x0 - x1 : x1 - x0, row - 12, fill);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#111\" stroke-width=\"1.5\"/>"
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#111\"/>"
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#111\"/>\n",
            xlo, y + row / 2.0, xhi, y + row / 2.0, xlo, y + 9.0, xlo, y + row - 9.0, xhi, y + 9.0, xhi, y + row - 9.0);
    fprintf(out, "<text class=\"flat\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\">", label_x, y + 19);
}

/* The ranking: each wonder's gain and interval, then the calibration's
** references with a dashed line at each one's mean gain, the scale the
** equivalent flat points are read on. */
static void ranking_chart(FILE *out, const report *r)
{
    const wr_balance *b = r->b;
    const wr_balance_calibration *cal = &b->ref;
    int order[WR_BALANCE_MAX];
    wr_balance_ranking(b, r->rank, order);
    double lo = 0, hi = 0;
    for (int i = -cal->k; i < b->n; i++) {
        wr_estimate e = i < 0 ? wr_balance_reference_gain(b, -1 - i) : ranked_gain(r, i);
        lo = e.mean - e.half < lo ? e.mean - e.half : lo;
        hi = e.mean + e.half > hi ? e.mean + e.half : hi;
    }
    if (hi - lo < 1)
        hi = lo + 1;
    const int left = 170, width = 560, label = 210, row = 30, top = 20, rows = b->n + cal->k;
    const int height = top + row * rows + 40;
#define X(v) (left + (double)width * ((v) - lo) / (hi - lo))
    fprintf(out, "<svg class=\"chart ranking\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"ranking\">\n",
            left + width + label, height, left + width + label, height);
    for (int k = 0; k <= 4; k++) { /* the scale */
        double v = lo + (hi - lo) * k / 4;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e3e3e3\"/>"
                     "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%+.1f</text>\n",
                X(v), top - 6, X(v), top + row * rows, X(v), top + row * rows + 16, v);
    }
    fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\" stroke-width=\"1.5\"/>\n", X(0.0),
            top - 6, X(0.0), top + row * rows);
    for (int j = 0; j < cal->k; j++) {
        wr_estimate ref = wr_balance_reference_gain(b, j);
        fprintf(out, "<line class=\"reference\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                     "stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/>\n",
                X(ref.mean), top - 6, X(ref.mean), top + row * rows, REF_COLOUR);
    }
    for (int k = 0; k < b->n; k++) {
        int i = order[k];
        wr_estimate e = ranked_gain(r, i);
        double y = top + row * k;
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"13\" text-anchor=\"end\">%d. ", left - 8, y + 19, k + 1);
        esc(out, name_of(r, i));
        fputs("</text>\n", out);
        ranking_row(out, y, row, X(0.0), X(e.mean), X(e.mean - e.half), X(e.mean + e.half),
                    e.mean >= 0 ? GAIN_COLOUR : LOSS_COLOUR, left + width + 10.0);
        equivalent_label(out, r, i);
        fputs("</text>\n", out);
    }
    for (int j = 0; j < cal->k; j++) {
        wr_estimate ref = wr_balance_reference_gain(b, j);
        double y = top + row * (b->n + j);
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"13\" text-anchor=\"end\" font-style=\"italic\">"
                     "reference: %d flat points</text>\n",
                left - 8, y + 19, cal->r[j].flat);
        ranking_row(out, y, row, X(0.0), X(ref.mean), X(ref.mean - ref.half), X(ref.mean + ref.half), REF_COLOUR,
                    left + width + 10.0);
        fprintf(out, "gain %+.2f [%+.2f, %+.2f]</text>\n", ref.mean, ref.mean - ref.half, ref.mean + ref.half);
    }
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s's gain in margin, points "
                 "(bar: mean; whisker: 95%% interval; dashed: the references' gains)</text>\n</svg>\n",
            left + width / 2.0, height - 4, r->rank == WR_RANK_TILE ? "the tile" : "the effect");
#undef X
}

/* The calibration curve: margin gain (up) against flat points (across);
** the references with their intervals, the fitted curve, and each wonder
** where its gain reads on it, with its interval across. */
static void curve_chart(FILE *out, const report *r)
{
    const wr_balance *b = r->b;
    const wr_balance_calibration *cal = &b->ref;
    wr_curve c;
    double probe;
    if (cal->k < 2 || !wr_balance_curve(b, &c) || !wr_curve_read(&c, 1e-9, &probe))
        return;
    double x0 = 0, x1 = cal->r[cal->k - 1].flat * 1.1, y0 = 0, y1 = 1;
    for (int j = 0; j < cal->k; j++) {
        wr_estimate g = wr_balance_reference_gain(b, j);
        y0 = g.lo < y0 ? g.lo : y0;
        y1 = g.hi > y1 ? g.hi : y1;
    }
    for (int i = 0; i < b->n; i++) {
        wr_estimate e, g = ranked_gain(r, i);
        if (!ranked_equivalent(r, i, &e))
            continue;
        x0 = e.lo < x0 ? e.lo : x0;
        x1 = e.hi > x1 ? e.hi : x1;
        y0 = g.mean < y0 ? g.mean : y0;
        y1 = g.mean > y1 ? g.mean : y1;
    }
    double ends[] = {wr_curve_at(&c, x0), wr_curve_at(&c, x1)}; /* the line stays inside */
    for (int k = 0; k < 2; k++) {
        y0 = ends[k] < y0 ? ends[k] : y0;
        y1 = ends[k] > y1 ? ends[k] : y1;
    }
    const int left = 60, top = 20, width = 640, height = 360, label = 190;
#define X(v) (left + (double)width * ((v) - x0) / (x1 - x0))
#define Y(v) (top + (double)height * (y1 - (v)) / (y1 - y0))
    fprintf(out, "<svg class=\"chart curve\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"calibration curve\">\n",
            left + width + label, top + height + 50, left + width + label, top + height + 50);
    for (int k = 0; k <= 4; k++) { /* the scales */
        double v = x0 + (x1 - x0) * k / 4, u = y0 + (y1 - y0) * k / 4;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e3e3e3\"/>"
                     "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%.0f</text>\n",
                X(v), top, X(v), top + height, X(v), top + height + 16, v);
        fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>"
                     "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%+.1f</text>\n",
                left, Y(u), left + width, Y(u), left - 6, Y(u) + 4, u);
    }
    fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>"
                 "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333\"/>\n",
            X(0.0), top, X(0.0), top + height, left, Y(0.0), left + width, Y(0.0));
    fputs("<polyline class=\"fit\" fill=\"none\" stroke=\"" REF_COLOUR "\" stroke-width=\"2\" points=\"", out);
    for (int k = 0; k <= 64; k++) { /* fine enough for its corners at the references */
        double v = x0 + (x1 - x0) * k / 64;
        fprintf(out, "%s%.1f,%.1f", k ? " " : "", X(v), Y(wr_curve_at(&c, v)));
    }
    fputs("\"/>\n", out);
    for (int j = 0; j < cal->k; j++) {
        wr_estimate g = wr_balance_reference_gain(b, j);
        double x = X((double)cal->r[j].flat);
        fprintf(out, "<g class=\"reference\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                     "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/></g>\n",
                x, Y(g.lo), x, Y(g.hi), REF_COLOUR, x, Y(g.mean), REF_COLOUR);
    }
    /* the wonders, their names kept 12 px apart down the chart */
    int placed[WR_BALANCE_MAX], m = 0;
    double label_y[WR_BALANCE_MAX];
    wr_estimate at[WR_BALANCE_MAX];
    for (int i = 0; i < b->n; i++)
        if (ranked_equivalent(r, i, &at[i])) {
            placed[m++] = i;
            label_y[i] = Y(ranked_gain(r, i).mean) + 4;
        }
    for (int a = 1; a < m; a++) /* by height on the page */
        for (int z = a; z > 0 && label_y[placed[z]] < label_y[placed[z - 1]]; z--) {
            int t = placed[z];
            placed[z] = placed[z - 1];
            placed[z - 1] = t;
        }
    for (int a = 1; a < m; a++)
        if (label_y[placed[a]] < label_y[placed[a - 1]] + 12)
            label_y[placed[a]] = label_y[placed[a - 1]] + 12;
    for (int a = 0; a < m; a++) {
        int i = placed[a];
        wr_estimate e = at[i], g = ranked_gain(r, i);
        fprintf(out, "<g class=\"wonder\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                     "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\"/>"
                     "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">",
                X(e.lo), Y(g.mean), X(e.hi), Y(g.mean), GAIN_COLOUR, X(e.mean) - 3.5, Y(g.mean) - 3.5, GAIN_COLOUR,
                X(e.hi) + 4, label_y[i]);
        esc(out, name_of(r, i));
        fputs("</text></g>\n", out);
    }
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">flat points at the end"
                 "</text>\n",
            left + width / 2.0, top + height + 34);
    fprintf(out, "<text x=\"14\" y=\"%.1f\" font-size=\"12\" transform=\"rotate(-90 14 %.1f)\" "
                 "text-anchor=\"middle\">margin gain, points</text>\n</svg>\n",
            top + height / 2.0, top + height / 2.0);
    fprintf(out, "<p>Dots: the references' mean gains, bars their 95%% intervals; line: the monotone curve fitted "
                 "through them and (0, 0), extended beyond them along its end segments; squares: each wonder's %s "
                 "gain read on the curve, bars the 95%% interval of its equivalent flat points (a bootstrap).</p>\n",
            r->rank == WR_RANK_TILE ? "tile's" : "effect's");
#undef X
#undef Y
}

/* A small histogram of `bins`, scaled to `scale` (the largest share shown),
** optionally over a second one drawn as an outline. */
static void histogram(FILE *out, const char *title, const int32_t *bins, uint64_t n, const int32_t *under,
                      uint64_t n_under, const char *colour, const char *axis)
{
    const int w = 250, h = 120, pad = 18, bw = (w - 2 * pad) / WR_BALANCE_BINS;
    double peak = 0;
    for (int k = 0; k < WR_BALANCE_BINS; k++) {
        double a = n ? (double)bins[k] / (double)n : 0, c = under && n_under ? (double)under[k] / (double)n_under : 0;
        peak = a > peak ? a : peak;
        peak = c > peak ? c : peak;
    }
    if (peak <= 0)
        peak = 1;
    fprintf(out, "<svg class=\"chart histogram\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" role=\"img\">\n<text x=\"%d\" y=\"13\" font-size=\"12\">",
            w, h + 30, w, h + 30, pad);
    esc(out, title);
    fputs("</text>\n", out);
    for (int k = 0; k < WR_BALANCE_BINS; k++) {
        double a = n ? (double)bins[k] / (double)n / peak * (h - 24) : 0;
        if (a > 0)
            fprintf(out, "<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"/>", pad + k * bw,
                    h - a, bw - 1, a, colour);
    }
    if (under) { /* the baseline, as a step outline over the bars */
        fputs("\n<path fill=\"none\" stroke=\"" BASE_COLOUR "\" stroke-width=\"2\" d=\"", out);
        for (int k = 0; k < WR_BALANCE_BINS; k++) {
            double c = n_under ? (double)under[k] / (double)n_under / peak * (h - 24) : 0;
            fprintf(out, "%s%d %.1fH%d", k ? "L" : "M", pad + k * bw, h - c, pad + (k + 1) * bw);
        }
        fputs("\"/>", out);
    }
    fprintf(out, "\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>"
                 "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>\n</svg>\n",
            pad, h, w - pad, h, w / 2, h + 24, axis);
}

static void equivalent_cell(FILE *out, const wr_balance *b, int i, bool effect)
{
    wr_estimate e;
    if (effect ? wr_balance_effect_equivalent(b, i, &e) : wr_balance_equivalent(b, i, &e))
        fprintf(out, "%+.2f [%+.2f, %+.2f]", e.mean, e.lo, e.hi);
    else
        fputs("n/a", out);
}

static bool write_page(FILE *out, const void *ctx)
{
    const report *r = ctx;
    const wr_balance *b = r->b;
    char rules[96];
    wr_rules_text(b->rules, ", ", rules, sizeof rules);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<title>Balance of the wonders</title>\n<style>\n"
          "body { font-family: 'DejaVu Sans', sans-serif; margin: 24px; color: #111; }\n"
          "table { border-collapse: collapse; } td, th { padding: 2px 10px; text-align: left; }\n"
          "th { background: #f0f0f0; } .grid { display: flex; flex-wrap: wrap; gap: 8px; }\n"
          "</style>\n</head>\n<body>\n<h1>Balance of the wonders</h1>\n", out);
    fprintf(out, "<p>%llu paired games%s; each wonder against %s. A game is played once per wonder, once with its "
                 "tile and no effect, and once with the baseline, from the same seed, pile and seats; only the subject "
                 "seat (the game's number modulo the players) may take the wonder. Margin: the subject's points over "
                 "its best opponent (docs/balance.md).</p>\n",
            (unsigned long long)b->played, b->partial ? " (interrupted: partial results)" : "", b->baseline);
    fprintf(out, "<h2>Ranking by the %s's worth</h2>\n", r->rank == WR_RANK_TILE ? "tile" : "effect");
    ranking_chart(out, r);
    fputs("<table>\n<tr><th>rank</th><th>wonder</th><th>tile: margin gain (95% interval)</th>"
          "<th>win rate gain (95% interval)</th><th>equivalent flat points (95% interval)</th>"
          "<th>effect: margin gain (95% interval)</th><th>equivalent flat points (95% interval)</th><th>placed</th>"
          "<th>effect points when placed</th></tr>\n", out);
    int order[WR_BALANCE_MAX];
    wr_balance_ranking(b, r->rank, order);
    for (int k = 0; k < b->n; k++) {
        int i = order[k];
        wr_estimate m = wr_balance_margin(b, i), w = wr_balance_wins(b, i), em = wr_balance_effect(b, i);
        fprintf(out, "<tr><td>%d</td><td>", k + 1);
        esc(out, name_of(r, i));
        fprintf(out, "</td><td>%+.2f [%+.2f, %+.2f]</td><td>%+.1f%% [%+.1f, %+.1f]</td><td>", m.mean,
                m.mean - m.half, m.mean + m.half, w.mean, w.mean - w.half, w.mean + w.half);
        equivalent_cell(out, b, i, false);
        fprintf(out, "</td><td>%+.2f [%+.2f, %+.2f]</td><td>", em.mean, em.mean - em.half, em.mean + em.half);
        equivalent_cell(out, b, i, true);
        fprintf(out, "</td><td>%.0f%%</td><td>%.2f</td></tr>\n",
                b->c[i].n ? 100.0 * (double)b->c[i].placed / (double)b->c[i].n : 0.0,
                b->c[i].placed ? (double)b->c[i].points / (double)b->c[i].placed : 0.0);
    }
    const wr_balance_calibration *cal = &b->ref;
    int gt = wh_tile_find(r->set, cal->geometry);
    for (int j = 0; j < cal->k; j++) {
        const wr_balance_reference *ref = &cal->r[j];
        wr_estimate g = wr_balance_reference_gain(b, j), e;
        fprintf(out, "<tr><td>ref</td><td>%d flat points at the end, on the tile of ", ref->flat);
        esc(out, gt >= 0 ? wh_string(r->set, r->set->tiles[gt].name) : cal->geometry);
        fprintf(out, "</td><td>%+.2f [%+.2f, %+.2f]</td><td></td><td>", g.mean, g.mean - g.half, g.mean + g.half);
        if (wr_balance_reference_equivalent(b, j, &e))
            fprintf(out, "%+.2f [%+.2f, %+.2f]", e.mean, e.lo, e.hi);
        else
            fputs("n/a", out);
        fprintf(out, "</td><td></td><td></td><td>%.0f%%</td><td>%.2f</td></tr>\n",
                cal->n ? 100.0 * (double)ref->placed / (double)cal->n : 0.0,
                ref->placed ? (double)ref->points / (double)ref->placed : 0.0);
    }
    fputs("</table>\n", out);
    if (cal->how == WR_CALIBRATION_POINT)
        fprintf(out, "<p>The reference: in each game the subject is also offered, once each, a wonder on the "
                     "same tile paying %d points at the end and one with no effect; its gain is what %d flat points "
                     "are worth to the subject under these players. A wonder's equivalent flat points: its gain over "
                     "the reference's, times %d. ",
                cal->r[0].flat, cal->r[0].flat, cal->r[0].flat);
    else if (cal->how == WR_CALIBRATION_CURVE) {
        fputs("<p>The references: in each game the subject is also offered, once each, wonders on the same tile "
              "paying ", out);
        for (int j = 0; j < cal->k; j++)
            fprintf(out, "%s%d", j == 0 ? "" : j == cal->k - 1 ? " and " : ", ", cal->r[j].flat);
        fputs(" points at the end, and that tile with no effect; each one's gain is what its flat points are worth "
              "to the subject under these players. A wonder's equivalent flat points: its gain read on the "
              "monotone curve through the references' gains, its interval by a bootstrap (below). ", out);
    } else
        fputs("<p>No calibration (--calibration none): no flat points. ", out);
    fprintf(out, "The tile: the wonder against %s; the effect: against its own tile with no effect, from the same "
                 "seeds (docs/balance.md).</p>\n",
            b->baseline);
    if (cal->k > 1) {
        fputs("<h2>The calibration curve</h2>\n", out);
        wr_estimate probe;
        if (wr_balance_reference_equivalent(b, 0, &probe))
            curve_chart(out, r);
        else
            fputs("<p>The references gained nothing on average: no curve to read (play more games, or seats "
                  "that reach the track).</p>\n", out);
    }
    fputs("<h2>Effect points a game</h2>\n<div class=\"grid\">\n", out);
    for (int k = 0; k < b->n; k++)
        histogram(out, name_of(r, order[k]), b->c[order[k]].points_hist, b->c[order[k]].n, NULL, 0, POINTS_COLOUR,
                  "0 to 100+ points, bins of 5");
    fprintf(out, "</div>\n<h2>Final margins with each wonder (bars) and with %s (line)</h2>\n<div class=\"grid\">\n",
            b->baseline);
    for (int k = 0; k < b->n; k++)
        histogram(out, name_of(r, order[k]), b->c[order[k]].hist, b->c[order[k]].n, b->base_hist, b->played,
                  GAIN_COLOUR, "-50 to +50 points, bins of 5");
    char seats[96];
    wr_kinds_text(b->seats, b->players, ", ", seats, sizeof seats);
    fputs("</div>\n<h2>Parameters</h2>\n<table>\n", out);
    fprintf(out, "<tr><th>games</th><td>%llu of %llu</td></tr>\n<tr><th>players</th><td>%d (%s)</td></tr>\n"
                 "<tr><th>seed</th><td>%llu</td></tr>\n<tr><th>packs</th><td>",
            (unsigned long long)b->played, (unsigned long long)b->games, b->players, seats,
            (unsigned long long)b->seed);
    esc(out, b->packs);
    fprintf(out, "</td></tr>\n<tr><th>rules</th><td>%s</td></tr>\n<tr><th>baseline</th><td>", *rules ? rules : "none");
    esc(out, b->baseline);
    fprintf(out, "</td></tr>\n<tr><th>shards</th><td>%d</td></tr>\n<tr><th>tile set digest</th><td>%lu</td></tr>\n"
                 "</table>\n</body>\n</html>\n",
            b->shards, (unsigned long)b->tileset);
    return !ferror(out);
}

bool wr_balance_report(const char *dir, const wh_tileset_t *set, const wr_balance *b, wr_balance_rank rank, FILE *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/index.html", dir);
    report r = {set, b, rank};
    return wr_write_atomic(path, write_page, &r, err);
}
