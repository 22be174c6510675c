/*
** contour.c -- a raster region's border as smooth path data; see contour.h.
*/
#include "contour.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TOLERANCE 0.6 /* cells a simplified border may stray from the middles of its steps */
#define ROUND     6.0 /* tile units: how far from a corner its rounding starts */

typedef struct edge {
    int     from, to;   /* vertex indexes: vy * (w + 1) + vx */
    uint8_t dir;        /* 0 east, 1 south, 2 west, 3 north: the region is on the right */
    int16_t other;      /* the label across it */
} edge;

typedef struct pt {
    double x, y;
} pt;

/* Whole tile units: a hundredth of a square is finer than any picture
** shows, and the files stay small.  The digits are written in place
** (wc_put_int): through printf they cost a fifth of the drawings. */
void wc_contour_point(wc_buf *out, const char *cmd, double x, double y)
{
    size_t n = strlen(cmd);
    char *p = wc_buf_reserve(out, n + 2 * 24);
    memcpy(p, cmd, n);
    p = wc_put_int(p + n, lround(x));
    *p++ = ' ';
    wc_buf_commit(out, wc_put_int(p, lround(y)));
}

static void put_pt(wc_buf *out, const char *cmd, pt p)
{
    wc_contour_point(out, cmd, p.x, p.y);
}

static const uint8_t bits_in[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

void wc_borders_init(wc_borders *b, const wc_raster *r, size_t n_labels)
{
    /* One pass over the cells for every region at once, writing the edges
    ** in reading order of their cells and, on a cell, N E S W, each with
    ** its label; then a stable sort of the edges by label: each label's in
    ** the order a pass per region over every cell wrote them.  The labels
    ** are read from a copy one cell wider all round (WC_CELL_OUT there, as
    ** past the box), with no bounds test. */
    const int w = r->w, h = r->h, pw = w + 2, W = w + 1;
    size_t cells = (size_t)w * (size_t)h, count[WC_MAX_OBJECTS] = {0};
    unsigned char *at = r->work;
    if (n_labels > WC_MAX_OBJECTS)
        n_labels = WC_MAX_OBJECTS;
    b->r = r;
    b->n_labels = n_labels;
    size_t np = (size_t)pw * (size_t)(h + 2);
    b->mask = wc_raster_carve(&at, np);
    b->base = wc_raster_carve(&at, np * sizeof *b->base);
    int16_t *lab = wc_raster_carve(&at, np * sizeof *lab);
    b->lab = lab;
    edge *e = wc_raster_carve(&at, (4 * cells + 1) * sizeof *e); /* four a cell at most */
    /* the scratch of each tracing, later, where these were */
    unsigned char *scratch = at;
    edge *all = wc_raster_carve(&at, (4 * cells + 1) * sizeof *all);
    int16_t *all_label = wc_raster_carve(&at, (4 * cells + 1) * sizeof *all_label);
    if ((size_t)(at - r->work) > r->work_size)
        abort(); /* raster.c sized the workspace too small: a bug, not a tile */
    for (int x = 0; x < pw; x++)
        lab[x] = lab[(h + 1) * pw + x] = WC_CELL_OUT;
    for (int cy = 0; cy < h; cy++) {
        int16_t *row = lab + (cy + 1) * pw;
        row[0] = row[pw - 1] = WC_CELL_OUT;
        memcpy(row + 1, r->label + cy * w, (size_t)w * sizeof *row);
    }
    size_t n = 0;
    for (int cy = 0; cy < h; cy++)
        for (int cx = 0, j = (cy + 1) * pw + 1; cx < w; cx++, j++) {
            int l = lab[j];
            if (l < 0 || (size_t)l >= n_labels)
                continue;
            unsigned m = (lab[j - pw] != l) | (lab[j + 1] != l) << 1 | (lab[j + pw] != l) << 2 | (lab[j - 1] != l) << 3;
            b->mask[j] = (uint8_t)m;
            if (!m)
                continue; /* inside its region: no edge, and no edge_of reads its base */
            b->base[j] = (int)count[l]; /* its first edge among its label's */
            count[l] += bits_in[m];
            size_t n0 = n;
            if (m & 1)
                all[n++] = (edge){cy * W + cx, cy * W + cx + 1, 0, lab[j - pw]};
            if (m & 2)
                all[n++] = (edge){cy * W + cx + 1, (cy + 1) * W + cx + 1, 1, lab[j + 1]};
            if (m & 4)
                all[n++] = (edge){(cy + 1) * W + cx + 1, (cy + 1) * W + cx, 2, lab[j + pw]};
            if (m & 8)
                all[n++] = (edge){(cy + 1) * W + cx, cy * W + cx, 3, lab[j - 1]};
            for (size_t q = n0; q < n; q++)
                all_label[q] = (int16_t)l;
        }
    b->start[0] = 0;
    for (size_t l = 0; l < n_labels; l++)
        b->start[l + 1] = b->start[l] + count[l];
    size_t next[WC_MAX_OBJECTS];
    memcpy(next, b->start, n_labels * sizeof *next);
    for (size_t q = 0; q < n; q++)
        e[next[all_label[q]]++] = all[q];
    b->edges = e;
    b->scratch = scratch;
}

/* The index among label's edges of the one on side `dir` of the cell at
** j (padded), or -1 when the cell is not the region's or has no border
** there.  The rim is no region's: no bounds test. */
static inline int edge_of(const wc_borders *b, int label, int j, int dir)
{
    if (b->lab[j] != label || !(b->mask[j] & (1u << dir)))
        return -1;
    return b->base[j] + bits_in[b->mask[j] & ((1u << dir) - 1)];
}

/* The edges leaving vertex v, in the order wc_borders_init wrote them: the
** south side of the cell up-left of it, the west of the one up-right, the
** east of the one down-left, the north of the one down-right.  A region
** has at most two there. */
static void leaving(const wc_borders *b, int label, int v, int *first, int *second)
{
    const int W = b->r->w + 1, pw = W + 1, j = v + v / W + pw + 1; /* the cell down-right of v */
    int found[4] = {edge_of(b, label, j - pw - 1, 2), edge_of(b, label, j - pw, 3), edge_of(b, label, j - 1, 1),
                    edge_of(b, label, j, 0)};
    *first = *second = -1;
    for (int k = 0; k < 4; k++)
        if (found[k] >= 0) {
            if (*first < 0)
                *first = found[k];
            else
                *second = found[k];
        }
}

static double seg_dist(pt p, pt a, pt b)
{
    double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double ex = p.x - a.x - t * dx, ey = p.y - a.y - t * dy;
    return sqrt(ex * ex + ey * ey); /* not hypot: no overflow to fear in tile units, and 5 times cheaper */
}

/* Douglas-Peucker between kept points a and b (indexes into p). */
static void simplify(const pt *p, size_t a, size_t b, double tol, bool *keep)
{
    if (b <= a + 1)
        return;
    double worst = -1;
    size_t at = a;
    for (size_t k = a + 1; k < b; k++) {
        double d = seg_dist(p[k], p[a], p[b]);
        if (d > worst) {
            worst = d;
            at = k;
        }
    }
    if (worst <= tol)
        return;
    keep[at] = true;
    simplify(p, a, at, tol, keep);
    simplify(p, at, b, tol, keep);
}

static pt mid(pt a, pt b)
{
    return (pt){(a.x + b.x) / 2, (a.y + b.y) / 2};
}

/* The point at distance min(ROUND, half the segment) from corner c toward p. */
static pt toward(pt c, pt p)
{
    double len = hypot(p.x - c.x, p.y - c.y), t = len > 0 ? fmin(ROUND, len / 2) / len : 0;
    return (pt){c.x + (p.x - c.x) * t, c.y + (p.y - c.y) * t};
}

/* Straight to just before corner c, then a quadratic round it: a corner is
** rounded by at most ROUND tile units, so a border never swings far from the
** cells it stands for (a field stays off the road beside it). */
static void round_corner(wc_buf *out, pt before, pt c, pt after, bool always_line)
{
    /* no line when the last rounding already ended where this one starts */
    if (always_line || hypot(before.x - c.x, before.y - c.y) > 2 * ROUND + 1e-9)
        put_pt(out, "L", toward(c, before));
    put_pt(out, "Q", c);
    put_pt(out, " ", toward(c, after));
}

static size_t simplified(pt *p, size_t n, bool *keep)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (keep[k])
            p[m++] = p[k];
    return m;
}

/* An open chain from p[0] to p[n-1], already at p[0]: simplified, its
** corners rounded, ending exactly at p[n-1]. */
static void smooth_open(wc_buf *out, pt *p, size_t n, bool *keep)
{
    for (size_t k = 0; k < n; k++)
        keep[k] = k == 0 || k == n - 1;
    simplify(p, 0, n - 1, TOLERANCE * WC_RASTER_STEP, keep);
    size_t m = simplified(p, n, keep);
    for (size_t k = 1; k + 1 < m; k++)
        round_corner(out, p[k - 1], p[k], p[k + 1], k == 1);
    put_pt(out, "L", p[m - 1]);
}

/* A closed loop with one neighbour all round: simplified, corners rounded. */
static void smooth_closed(wc_buf *out, pt *p, size_t n, bool *keep)
{
    size_t far = 0;
    double best = -1;
    for (size_t k = 0; k < n; k++) {
        double d = hypot(p[k].x - p[0].x, p[k].y - p[0].y);
        if (d > best) {
            best = d;
            far = k;
        }
        keep[k] = false;
    }
    keep[0] = keep[far] = true;
    p[n] = p[0];
    simplify(p, 0, far, TOLERANCE * WC_RASTER_STEP, keep);
    simplify(p, far, n, TOLERANCE * WC_RASTER_STEP, keep);
    size_t m = simplified(p, n, keep);
    if (m < 3) { /* too small to curve */
        put_pt(out, "M", p[0]);
        for (size_t k = 1; k < m; k++)
            put_pt(out, "L", p[k]);
        wc_buf_puts(out, "Z");
        return;
    }
    put_pt(out, "M", toward(p[0], p[m - 1]));
    for (size_t k = 0; k < m; k++)
        round_corner(out, p[(k + m - 1) % m], p[k], p[(k + 1) % m], false);
    wc_buf_puts(out, "Z");
}

/* The points of edges [a, b) of the loop (indexes modulo n): their
** corners, for a stretch of the outline; else the middle of every edge,
** between the exact ends -- the middles of a staircase's steps lie on the
** line it stands for, so the simplified border is straight where it should
** be and does not wave.  @returns how many. */
static size_t chain(const wc_raster *r, const edge *e, const size_t *loop, size_t n, size_t a, size_t b,
                    bool middles, pt *p)
{
    const int W = r->w + 1;
    size_t m = 0;
    for (size_t k = a; k < b; k++) {
        const edge *x = &e[loop[k % n]];
        pt from = {r->ox + (x->from % W) * WC_RASTER_STEP, r->oy + (x->from / W) * WC_RASTER_STEP};
        pt to = {r->ox + (x->to % W) * WC_RASTER_STEP, r->oy + (x->to / W) * WC_RASTER_STEP};
        if (k == a || (!middles && x->dir != e[loop[(k - 1) % n]].dir))
            p[m++] = from;
        if (middles)
            p[m++] = mid(from, to);
    }
    const edge *last = &e[loop[(b - 1) % n]];
    p[m++] = (pt){r->ox + (last->to % W) * WC_RASTER_STEP, r->oy + (last->to / W) * WC_RASTER_STEP};
    return m;
}

static void emit_loop(const wc_raster *r, const edge *e, const size_t *loop, size_t n, bool walls_only,
                      wc_buf *out, pt *p, bool *keep)
{
    size_t start = n; /* a place where the neighbour changes */
    for (size_t k = 0; k < n && start == n; k++)
        if (e[loop[k]].other != e[loop[(k + n - 1) % n]].other)
            start = k;
    if (start == n) { /* one neighbour all round */
        if (e[loop[0]].other == WC_CELL_OUT) {
            if (walls_only)
                return;
            size_t m = chain(r, e, loop, n, 0, n, false, p);
            put_pt(out, "M", p[0]);
            for (size_t k = 1; k + 1 < m; k++)
                put_pt(out, "L", p[k]);
            wc_buf_puts(out, "Z");
            return;
        }
        size_t m = chain(r, e, loop, n, 0, n, true, p);
        smooth_closed(out, p + 1, m - 2, keep); /* the middles only */
        return;
    }
    bool open = false;
    for (size_t a = start; a < start + n;) {
        size_t b = a + 1;
        while (b < start + n && e[loop[b % n]].other == e[loop[a % n]].other)
            b++;
        bool outline = e[loop[a % n]].other == WC_CELL_OUT;
        size_t m = chain(r, e, loop, n, a, b, !outline, p);
        if (walls_only && outline) {
            open = false;
        } else {
            if (!open)
                put_pt(out, "M", p[0]);
            open = true;
            if (outline)
                for (size_t k = 1; k < m; k++)
                    put_pt(out, "L", p[k]);
            else
                smooth_open(out, p, m, keep);
        }
        a = b;
    }
    if (!walls_only)
        wc_buf_puts(out, "Z");
}

void wc_contour(const wc_borders *bd, int label, wc_buf *region, wc_buf *wall)
{
    if (label < 0 || (size_t)label >= bd->n_labels)
        return;
    const wc_raster *r = bd->r;
    const edge *e = (const edge *)bd->edges + bd->start[label];
    size_t n = bd->start[label + 1] - bd->start[label];
    unsigned char *at = bd->scratch;
    bool *used = wc_raster_carve(&at, (n + 1) * sizeof *used);
    memset(used, 0, (n + 1) * sizeof *used);
    size_t *loop = wc_raster_carve(&at, (n + 1) * sizeof *loop);
    pt *p = wc_raster_carve(&at, (2 * n + 4) * sizeof *p);
    bool *keep = wc_raster_carve(&at, (2 * n + 4) * sizeof *keep);
    if ((size_t)(at - r->work) > r->work_size)
        abort(); /* raster.c sized the workspace too small: a bug, not a tile */
    for (size_t k0 = 0; k0 < n; k0++) {
        if (used[k0])
            continue;
        size_t len = 0, k = k0;
        for (;;) {
            used[k] = true;
            loop[len++] = k;
            int a, b;
            leaving(bd, label, e[k].to, &a, &b);
            /* Where two cells of the region touch only at a corner, turn
            ** right: each stays its own loop. */
            int next = a;
            if (b >= 0 && e[b].dir == ((e[k].dir + 1) & 3))
                next = b;
            else if (a >= 0 && used[a] && b >= 0 && !used[b])
                next = b;
            if (next < 0 || used[next])
                break;
            k = (size_t)next;
        }
        /* one tracing for both: a city's wall is its region's border less the outline */
        if (region)
            emit_loop(r, e, loop, len, false, region, p, keep);
        if (wall)
            emit_loop(r, e, loop, len, true, wall, p, keep);
    }
}
