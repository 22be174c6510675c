/*
** raster.c -- a tile's regions on a grid of cells; see raster.h.
**
** Everything is deterministic: cells are visited in row order and the
** fields' flood starts from their anchors in object order, so the same tile
** always gets the same cells (generated/ is compared byte for byte).
*/
#include "raster.h"
#include "../runtime/common/xalloc.h"

#include <math.h>
#include <string.h>

#define G WC_RASTER_CELLS
#define BIT(i) (UINT64_C(1) << (i))

static bool is_region(int kind)
{
    return kind == WH_KIND_CITY || kind == WH_KIND_FIELD || kind == WH_KIND_AREA;
}

static bool is_wall_kind(int kind)
{
    return kind == WH_KIND_CITY || kind == WH_KIND_AREA;
}

void wc_raster_init(wc_raster *r, const wc_geom *g)
{
    int minx = 1 << 20, miny = 1 << 20, maxx = -(1 << 20), maxy = -(1 << 20);
    for (size_t i = 0; i < g->n_sq; i++) {
        minx = g->x[i] < minx ? g->x[i] : minx;
        miny = g->y[i] < miny ? g->y[i] : miny;
        maxx = g->x[i] > maxx ? g->x[i] : maxx;
        maxy = g->y[i] > maxy ? g->y[i] : maxy;
    }
    if (g->n_sq == 0)
        minx = miny = maxx = maxy = 0;
    r->ox = minx * 100;
    r->oy = miny * 100;
    r->w = (maxx - minx + 1) * G;
    r->h = (maxy - miny + 1) * G;
    size_t n = (size_t)r->w * (size_t)r->h;
    r->label = wu_xmalloc(n * sizeof *r->label);
    r->barrier = wu_xcalloc(n, 1);
    r->square = wu_xcalloc(n, 1);
    r->masks = g->mask;
    /* enough for contour.c's edges, vertices and points, the largest user */
    size_t nv = (size_t)(r->w + 1) * (size_t)(r->h + 1);
    r->work_size = 256 * n + 16 * nv + 1024;
    r->work = wu_xmalloc(r->work_size);
    /* outside the footprint, then each square's block of cells (squares never overlap) */
    for (size_t k = 0; k < n; k++)
        r->label[k] = WC_CELL_OUT;
    for (size_t i = 0; i < g->n_sq; i++) {
        int bx = (g->x[i] - minx) * G, by = (g->y[i] - miny) * G;
        for (int cy = by; cy < by + G; cy++) {
            for (int cx = bx; cx < bx + G; cx++)
                r->label[cy * r->w + cx] = WC_CELL_GAP;
            memset(r->square + cy * r->w + bx, (int)i, G);
        }
    }
}

void wc_raster_free(wc_raster *r)
{
    free(r->label);
    free(r->barrier);
    free(r->square);
    free(r->work);
    memset(r, 0, sizeof *r);
}

/* Where slot `slot` of side `dir` of the square at (sx, sy) lies, in tile units. */
static void slot_point(int sx, int sy, int dir, double t, double *x, double *y)
{
    double x0 = sx * 100.0, y0 = sy * 100.0;
    switch (dir) {
    case WH_DIR_N: *x = x0 + t * 100; *y = y0; break;
    case WH_DIR_E: *x = x0 + 100; *y = y0 + t * 100; break;
    case WH_DIR_S: *x = x0 + (1 - t) * 100; *y = y0 + 100; break;
    default: *x = x0; *y = y0 + (1 - t) * 100; break;
    }
}

static const double slot_t[WH_N_SLOTS] = {0.25, 0.5, 0.75};

static bool is_line_kind(int kind)
{
    return kind == WH_KIND_ROAD || kind == WH_KIND_RIVER;
}

/* Where along the cut at internal side d of square i each region's and
** line's segments lie, as fractions of the outline on i's side of it: the
** footprint less that side falls in two parts (it has no cycle of squares
** there), and the outline, clockwise, runs round i's part from one end of
** the side to the other.  A planar tile crosses the side in the order its
** features meet that stretch of outline.  @returns false when the side
** does not part the footprint or the model has no outline (a tile that
** failed its checks). */
static bool cut_order(const wc_geom *g, size_t i, int d, double *rank)
{
    int j = g->nb[i][d];
    if (j < 0 || g->n_cycle == 0)
        return false;
    /* i's part: the squares reached from i without crossing this side */
    uint16_t part = (uint16_t)(1u << i);
    for (bool grown = true; grown;) {
        grown = false;
        for (size_t q = 0; q < g->n_sq; q++)
            for (int e = 0; e < 4 && (part & (1u << q)); e++) {
                int n = g->nb[q][e];
                if (n < 0 || (part & (1u << n)) || (q == i && e == d) || ((size_t)n == i && g->nb[n][(e + 2) & 3] == (int)q && (int)q == j))
                    continue;
                part |= (uint16_t)(1u << n);
                grown = true;
            }
    }
    if (part & (1u << j))
        return false; /* a ring of squares: both sides are one part */
    size_t n = g->n_cycle, start = n, len = 0;
    for (size_t k = 0; k < n && start == n; k++) {
        bool in = part & (1u << g->side_sq[g->cycle[k].side]);
        bool before = part & (1u << g->side_sq[g->cycle[(k + n - 1) % n].side]);
        if (in && !before)
            start = k;
    }
    if (start == n)
        return false;
    while (len < n && (part & (1u << g->side_sq[g->cycle[(start + len) % n].side])))
        len++;
    double sum[WC_MAX_OBJECTS] = {0};
    int count[WC_MAX_OBJECTS] = {0};
    for (size_t k = 0; k < len; k++) {
        wc_segment s = g->cycle[(start + k) % n];
        int o = g->claim[s.side][s.slot];
        if (o >= 0)
            sum[o] += ((double)k + 0.5) / (double)len, count[o]++;
    }
    for (size_t o = 0; o < g->n_obj; o++)
        rank[o] = count[o] ? 1 - sum[o] / count[o] : -1; /* as slot_point's t runs on square i */
    return true;
}

/* Where along internal side d of square i each region crossing it
** crosses: obj[k] at t[k], as slot_point takes it; @returns how many.  The
** model says which regions cross a side, not in what order: the order is
** that of their segments round the outline on one side of the cut
** (cut_order), or, where the side parts nothing, where their own segments
** lie on the two squares the side joins, along its axis.  A road or river
** crossing the side holds its middle; the regions on either side of it
** share the halves, so that a field or a city is never put across a line
** from where it belongs. */
static size_t crossings_on(const wc_geom *g, size_t i, int d, int *obj, double *t)
{
    int j = g->nb[i][d];
    if (j < 0)
        return 0;
    double rank[WC_MAX_OBJECTS];
    bool by_cut = cut_order(g, i, d, rank);
    bool horizontal = d == WH_DIR_N || d == WH_DIR_S;
    double lo = horizontal ? g->x[i] * 100.0 : g->y[i] * 100.0;
    bool line = false;
    double line_at = 0.5, key[WC_MAX_OBJECTS];
    size_t n = 0;
    for (size_t o = 0; o < g->n_obj; o++) {
        if (!(g->links[o][i] & (1u << j)))
            continue;
        if (is_line_kind(g->obj_kind[o])) {
            line = true;
            if (by_cut && rank[o] >= 0)
                line_at = rank[o];
        }
        if (!is_region(g->obj_kind[o]))
            continue;
        double k;
        if (by_cut) {
            k = rank[o] >= 0 ? rank[o] : 0.5;
        } else {
            double sum = 0, all = 0;
            int count = 0, all_count = 0;
            for (size_t s = 0; s < g->n_sides; s++)
                for (int sl = 0; sl < WH_N_SLOTS; sl++) {
                    if (g->claim[s][sl] != (int)o)
                        continue;
                    size_t q = g->side_sq[s];
                    double x, y;
                    slot_point(g->x[q], g->y[q], g->side_dir[s], slot_t[sl], &x, &y);
                    double a = horizontal ? x : y;
                    all += a, all_count++;
                    if (q == i || q == (size_t)j)
                        sum += a, count++;
                }
            double a = count ? sum / count : all_count ? all / all_count : lo + 50;
            double f = (a - lo) / 100.0;
            k = d == WH_DIR_N || d == WH_DIR_E ? f : 1 - f; /* as slot_point's t */
        }
        size_t at = n; /* insertion by key, object order among equals */
        while (at > 0 && key[at - 1] > k) {
            key[at] = key[at - 1];
            obj[at] = obj[at - 1];
            at--;
        }
        key[at] = k;
        obj[at] = (int)o;
        n++;
    }
    size_t left = 0;
    if (line)
        while (left < n && key[left] < line_at)
            left++;
    for (size_t k = 0; k < n; k++)
        t[k] = !line ? (double)(k + 1) / (double)(n + 1)
             : k < left ? 0.5 * (double)(k + 1) / (double)(left + 1)
                        : 0.5 + 0.5 * (double)(k - left + 1) / (double)(n - left + 1);
    return n;
}

typedef struct anchor {
    double x, y, weight;
    int    obj;
} anchor;

/* The anchors of the regions on square i: the segments they own on its
** outline, the middles of the internal sides they cross, its centre for a
** region only `on` it (and for the area, which is a blob on each of its
** squares).  City and area anchors count as farther away, so that a city
** stays a cap along its wall. */
static size_t square_anchors(const wc_geom *g, size_t i, anchor *a)
{
    size_t n = 0;
    uint64_t placed = 0;
    for (int d = 0; d < 4; d++) {
        int k = g->side_of[i][d];
        if (k >= 0) {
            for (int s = 0; s < WH_N_SLOTS; s++) {
                int o = g->claim[k][s];
                if (o < 0 || !is_region(g->obj_kind[o]))
                    continue;
                double w = is_wall_kind(g->obj_kind[o]) ? 1.35 : 1.0, x, y;
                slot_point(g->x[i], g->y[i], d, slot_t[s], &x, &y);
                a[n++] = (anchor){x, y, w, o};
                placed |= BIT(o);
                if (g->obj_kind[o] == WH_KIND_CITY) /* a whole city side */
                    for (int e = 0; e < 2; e++) {
                        slot_point(g->x[i], g->y[i], d, slot_t[e ? WH_SLOT_R : WH_SLOT_L], &x, &y);
                        a[n++] = (anchor){x, y, w, o};
                    }
            }
            continue;
        }
        int obj[WC_MAX_OBJECTS];
        double t[WC_MAX_OBJECTS];
        size_t across = crossings_on(g, i, d, obj, t);
        for (size_t c = 0; c < across; c++) {
            int o = obj[c];
            double x, y;
            slot_point(g->x[i], g->y[i], d, t[c], &x, &y);
            /* the area flows across the sides it crosses: one region, not a blob per square */
            double w = g->obj_kind[o] == WH_KIND_CITY ? 1.35 : g->obj_kind[o] == WH_KIND_AREA ? 0.8 : 1.0;
            a[n++] = (anchor){x, y, w, o};
            placed |= BIT(o);
        }
    }
    for (size_t o = 0; o < g->n_obj; o++)
        if (is_region(g->obj_kind[o]) && (g->mask[o] & (1u << i)) &&
            (!(placed & BIT(o)) || g->obj_kind[o] == WH_KIND_AREA))
            a[n++] = (anchor){(g->x[i] + 0.5) * 100, (g->y[i] + 0.5) * 100,
                              g->obj_kind[o] == WH_KIND_AREA ? 0.8 : 0.6, (int)o};
    return n;
}

/* The cells within `reach` of cell (gx, gy) that lie in the box: the
** passes below test only those, with no bounds test a cell. */
typedef struct disc {
    int x0, y0, x1, y1; /* inclusive; empty when x0 > x1 or y0 > y1 */
} disc;

static disc disc_around(const wc_raster *r, int gx, int gy, int reach)
{
    disc d = {gx - reach, gy - reach, gx + reach, gy + reach};
    d.x0 = d.x0 < 0 ? 0 : d.x0;
    d.y0 = d.y0 < 0 ? 0 : d.y0;
    d.x1 = d.x1 >= r->w ? r->w - 1 : d.x1;
    d.y1 = d.y1 >= r->h ? r->h - 1 : d.y1;
    return d;
}

/* Mark as `obj`'s the gap cells within `radius` of the segment (x0, y0)-(x1, y1). */
static void paint_band(wc_raster *r, double x0, double y0, double x1, double y1, double radius, int obj)
{
    double len = hypot(x1 - x0, y1 - y0);
    int steps = (int)ceil(len / WC_RASTER_STEP) + 1, reach = (int)ceil(radius / WC_RASTER_STEP) + 1;
    for (int s = 0; s <= steps; s++) {
        double px = x0 + (x1 - x0) * s / steps, py = y0 + (y1 - y0) * s / steps;
        int gx = wc_raster_floor((px - r->ox) / WC_RASTER_STEP), gy = wc_raster_floor((py - r->oy) / WC_RASTER_STEP);
        disc d = disc_around(r, gx, gy, reach);
        for (int y = d.y0; y <= d.y1; y++) {
            double qy = r->oy + (y + 0.5) * WC_RASTER_STEP, dy2 = (qy - py) * (qy - py);
            if (dy2 > radius * radius)
                continue; /* the whole row is farther */
            int16_t *row = r->label + y * r->w;
            for (int x = d.x0; x <= d.x1; x++) {
                if (row[x] != WC_CELL_GAP)
                    continue;
                double qx = r->ox + (x + 0.5) * WC_RASTER_STEP;
                if ((qx - px) * (qx - px) + dy2 <= radius * radius)
                    row[x] = (int16_t)obj;
            }
        }
    }
}

/* A city holding or crossing several sides of one square runs through it:
** a band from each of those sides to their middle, so that the Voronoi
** split cannot cut it into pieces. */
static void join_pieces(wc_raster *r, const wc_geom *g)
{
    for (size_t i = 0; i < g->n_sq; i++)
        for (size_t o = 0; o < g->n_obj; o++) {
            if (!is_wall_kind(g->obj_kind[o]) || !(g->mask[o] & (1u << i)))
                continue;
            double px[4], py[4], mx = 0, my = 0;
            int n = 0;
            for (int d = 0; d < 4; d++) {
                int k = g->side_of[i][d], j = g->nb[i][d];
                double at = 0.5; /* a side it holds: the middle; a side it crosses: where it crosses */
                if (j >= 0 && (g->links[o][i] & (1u << j))) {
                    int obj[WC_MAX_OBJECTS];
                    double t[WC_MAX_OBJECTS];
                    size_t across = crossings_on(g, i, d, obj, t);
                    for (size_t c = 0; c < across; c++)
                        at = obj[c] == (int)o ? t[c] : at;
                } else if (!(k >= 0 && g->claim[k][WH_SLOT_M] == (int)o)) {
                    continue;
                }
                slot_point(g->x[i], g->y[i], d, at, &px[n], &py[n]);
                mx += px[n];
                my += py[n];
                n++;
            }
            if (n < 2)
                continue;
            mx /= n;
            my /= n;
            for (int k = 0; k < n; k++)
                paint_band(r, px[k], py[k], mx, my, 16, (int)o);
        }
}

/* The labels into @p lab as a grid one cell wider all round, the rim
** WC_CELL_OUT: what a pass reading a cell's neighbours finds past the box's
** edge, so that it reads them with no bounds test.  @returns its width. */
static int padded_labels(const wc_raster *r, int16_t *lab)
{
    const int pw = r->w + 2;
    for (int x = 0; x < pw; x++)
        lab[x] = lab[(size_t)(r->h + 1) * (size_t)pw + (size_t)x] = WC_CELL_OUT;
    for (int cy = 0; cy < r->h; cy++) {
        int16_t *row = lab + (cy + 1) * pw;
        row[0] = row[pw - 1] = WC_CELL_OUT;
        memcpy(row + 1, r->label + cy * r->w, (size_t)r->w * sizeof *row);
    }
    return pw;
}

/* A stretch of one row's cells of one label: the pieces below are
** joined from these, not cell by cell. */
typedef struct run {
    int y, x0, x1; /* cells x0 .. x1 of row y */
    int label;
} run;

/* The first run of the piece run a belongs to (its root). */
static int root_of(int *parent, int a)
{
    while (parent[a] != a)
        a = parent[a] = parent[parent[a]];
    return a;
}

static void unite(int *parent, int a, int b)
{
    a = root_of(parent, a);
    b = root_of(parent, b);
    if (a < b)
        parent[b] = a;
    else
        parent[a] = b;
}

/* Cut every row into runs of gap cells (@p gaps) or of one label >= 0
** each, in reading order, and join runs of one label that share a column
** on consecutive rows (4-connected pieces).  Each piece's root is its
** first run, so the pieces come in the order of their first cells.
** @returns how many runs. */
static size_t pieces(const wc_raster *r, bool gaps, run *runs, int *parent)
{
    size_t n = 0, prev0 = 0, prev1 = 0;
    for (int y = 0; y < r->h; y++) {
        const int16_t *row = r->label + y * r->w;
        size_t row0 = n;
        for (int x = 0; x < r->w;) {
            int l = row[x];
            if (gaps ? l != WC_CELL_GAP : l < 0) {
                x++;
                continue;
            }
            int x0 = x;
            while (x < r->w && row[x] == l)
                x++;
            runs[n] = (run){y, x0, x - 1, l};
            parent[n] = (int)n;
            n++;
        }
        size_t p = prev0;
        for (size_t q = row0; q < n; q++) {
            while (p < prev1 && runs[p].x1 < runs[q].x0)
                p++;
            for (size_t t = p; t < prev1 && runs[t].x0 <= runs[q].x1; t++)
                if (runs[t].label == runs[q].label)
                    unite(parent, (int)t, (int)q);
        }
        prev0 = row0;
        prev1 = n;
    }
    return n;
}

/* What a pocket finds round it, met one more neighbour: the one label
** all round, WC_CELL_OUT once two differ (or the outline), WC_CELL_GAP for
** nothing yet. */
static int around_with(int around, int other)
{
    if (other == WC_CELL_GAP || around == other)
        return around;
    return around == WC_CELL_GAP ? other : WC_CELL_OUT;
}

/* A pocket of gap cells that one walled region surrounds (what the
** Voronoi split gave a far field's anchor) is that region's: a city has
** no field inside it that no side reaches.  Pockets never touch one
** another, so what each finds round it is read before any is filled. */
static void fill_holes(wc_raster *r)
{
    size_t cells = (size_t)r->w * (size_t)r->h;
    unsigned char *at = r->work;
    run *runs = wc_raster_carve(&at, cells * sizeof *runs);
    int *parent = wc_raster_carve(&at, cells * sizeof *parent), *around = wc_raster_carve(&at, cells * sizeof *around);
    size_t n = pieces(r, true, runs, parent);
    for (size_t q = 0; q < n; q++) {
        const run *u = &runs[q];
        const int16_t *row = r->label + u->y * r->w;
        int a = around_with(WC_CELL_GAP, u->x0 > 0 ? row[u->x0 - 1] : WC_CELL_OUT);
        a = around_with(a, u->x1 + 1 < r->w ? row[u->x1 + 1] : WC_CELL_OUT);
        for (int dy = -1; dy <= 1; dy += 2) {
            int y = u->y + dy;
            if (y < 0 || y >= r->h) {
                a = around_with(a, WC_CELL_OUT);
                continue;
            }
            const int16_t *next = r->label + y * r->w;
            for (int x = u->x0; x <= u->x1 && a != WC_CELL_OUT; x++)
                a = around_with(a, next[x]);
        }
        around[q] = a;
    }
    for (size_t q = 0; q < n; q++) {
        int root = root_of(parent, (int)q);
        if ((size_t)root != q)
            around[root] = around_with(around[root], around[q]);
    }
    for (size_t q = 0; q < n; q++) {
        int a = around[root_of(parent, (int)q)];
        if (a >= 0)
            for (int x = runs[q].x0; x <= runs[q].x1; x++)
                r->label[runs[q].y * r->w + x] = (int16_t)a;
    }
}

/* A city or the area is one connected region, but a Voronoi split can
** leave a few of its cells stranded across a side it crosses: keep the
** largest piece of each (the first found of equals), and let the fields
** have the rest. */
static void keep_largest(wc_raster *r)
{
    size_t cells = (size_t)r->w * (size_t)r->h;
    unsigned char *at = r->work;
    run *runs = wc_raster_carve(&at, cells * sizeof *runs);
    int *parent = wc_raster_carve(&at, cells * sizeof *parent);
    size_t *size = wc_raster_carve(&at, cells * sizeof *size);
    size_t n = pieces(r, false, runs, parent), best_size[WC_MAX_OBJECTS] = {0};
    int best[WC_MAX_OBJECTS];
    for (size_t q = 0; q < n; q++)
        size[q] = 0;
    for (size_t q = 0; q < n; q++)
        size[root_of(parent, (int)q)] += (size_t)(runs[q].x1 - runs[q].x0 + 1);
    for (size_t q = 0; q < n; q++) /* the pieces in the order of their first cells */
        if (parent[q] == (int)q && size[q] > best_size[runs[q].label]) {
            best_size[runs[q].label] = size[q];
            best[runs[q].label] = (int)q;
        }
    for (size_t q = 0; q < n; q++)
        if (root_of(parent, (int)q) != best[runs[q].label])
            for (int x = runs[q].x0; x <= runs[q].x1; x++)
                r->label[runs[q].y * r->w + x] = WC_CELL_GAP;
}

/* The cells of split_square's rows, a stretch at a time. */
#define SPAN   8
#define SPANS  (G / SPAN)

/* Try anchor k on the cells [c0, c0 + SPAN) of a row: it takes a cell it
** is nearer to than its nearest so far, or as near and before it.
** @returns the greatest distance left in the stretch. */
static double try_anchor(const anchor *ak, int k, const double *px, double dy2, int c0, double *best, int *win)
{
    double ax = ak->x, wt = ak->weight, farthest = 0;
    for (int c = c0; c < c0 + SPAN; c++) {
        double dx = px[c] - ax, dist = (dx * dx + dy2) * wt * wt;
        bool nearer = dist < best[c] || (dist == best[c] && k < win[c]);
        best[c] = nearer ? dist : best[c];
        win[c] = nearer ? k : win[c];
        farthest = best[c] > farthest ? best[c] : farthest;
    }
    return farthest;
}

/* Give each cell of square i to its nearest anchor of a[0 .. n) (by the
** weighted distance; the first of equals), when that anchor's region is
** walled.  By stretches of a row: first the anchor that can come nearest
** the stretch, then only those that can still come nearer than its
** farthest cell's nearest so far -- the same winner as trying every anchor
** on every cell, for a fraction of the tries.  Each distance is the same
** sum as ever, so ties fall as they always did. */
static void split_square(wc_raster *r, const wc_geom *g, size_t i, const anchor *a, size_t n)
{
    enum { MAX_ANCHORS = WC_MAX_SEGMENTS + WC_MAX_OBJECTS * 4 };
    int bx = (g->x[i] * 100 - r->ox) / 100 * G, by = (g->y[i] * 100 - r->oy) / 100 * G;
    double px[G], best[G], least_dx2[MAX_ANCHORS][SPANS], dy2[MAX_ANCHORS], bound[MAX_ANCHORS];
    int win[G];
    for (int c = 0; c < G; c++)
        px[c] = r->ox + (bx + c + 0.5) * WC_RASTER_STEP;
    for (size_t k = 0; k < n; k++)
        for (int sp = 0; sp < SPANS; sp++) {
            least_dx2[k][sp] = 1e300;
            for (int c = sp * SPAN; c < (sp + 1) * SPAN; c++) {
                double dx = px[c] - a[k].x;
                least_dx2[k][sp] = dx * dx < least_dx2[k][sp] ? dx * dx : least_dx2[k][sp];
            }
        }
    for (int cy = by; cy < by + G; cy++) {
        double py = r->oy + (cy + 0.5) * WC_RASTER_STEP;
        for (size_t k = 0; k < n; k++) {
            double dy = py - a[k].y;
            dy2[k] = dy * dy;
        }
        for (int c = 0; c < G; c++)
            best[c] = 1e18, win[c] = -1;
        for (int sp = 0; sp < SPANS; sp++) {
            /* no cell of the stretch is nearer anchor k than bound[k]: + and * keep order */
            size_t first = 0;
            for (size_t k = 0; k < n; k++) {
                bound[k] = (least_dx2[k][sp] + dy2[k]) * a[k].weight * a[k].weight;
                first = bound[k] < bound[first] ? k : first;
            }
            int c0 = sp * SPAN;
            double farthest = try_anchor(&a[first], (int)first, px, dy2[first], c0, best, win);
            for (size_t k = 0; k < n; k++)
                if (k != first && bound[k] <= farthest)
                    farthest = try_anchor(&a[k], (int)k, px, dy2[k], c0, best, win);
        }
        for (int c = 0; c < G; c++) {
            int who = win[c] >= 0 ? a[win[c]].obj : WC_CELL_GAP;
            if (who >= 0 && is_wall_kind(g->obj_kind[who]))
                r->label[cy * r->w + bx + c] = (int16_t)who;
        }
    }
}

void wc_raster_cities(wc_raster *r, const wc_geom *g)
{
    anchor a[WC_MAX_SEGMENTS + WC_MAX_OBJECTS * 4];
    for (size_t i = 0; i < g->n_sq; i++) {
        size_t n = square_anchors(g, i, a);
        bool walls = false; /* a square without a city's or the area's anchor gets no wall */
        for (size_t k = 0; k < n && !walls; k++)
            walls = a[k].obj >= 0 && is_wall_kind(g->obj_kind[a[k].obj]);
        if (!walls)
            continue;
        split_square(r, g, i, a, n);
    }
    join_pieces(r, g);
    size_t n = (size_t)r->w * (size_t)r->h;
    bool walled = false; /* a tile of fields and lines only: no pocket, no piece, nothing to part */
    for (size_t k = 0; k < n && !walled; k++)
        walled = r->label[k] >= 0;
    if (!walled)
        return;
    fill_holes(r);
    /* Two walled regions never touch: each gives up the cells within three
    ** of the other's, and a field fills the strip between their walls. */
    const int reach = 3;
    int first = -1;
    bool two = false; /* most tiles hold one walled region or none: nothing to part */
    for (size_t k = 0; k < n && !two; k++)
        if (r->label[k] >= 0) {
            two = first >= 0 && r->label[k] != first;
            first = first < 0 ? r->label[k] : first;
        }
    /* A cell gives up its place when the 7-by-7 window round it holds
    ** another walled region's cell: when the window's least or greatest
    ** label (of those >= 0) is not its own.  Both by rows into LO and HI,
    ** then by columns of those, a few reads a cell instead of 49; the
    ** column pass reads LO and HI alone, so it may mark the cells as it goes. */
    if (two) {
        unsigned char *at = r->work;
        int16_t *lo = wc_raster_carve(&at, n * sizeof *lo), *hi = wc_raster_carve(&at, n * sizeof *hi);
        for (int cy = 0; cy < r->h; cy++) {
            const int16_t *row = r->label + cy * r->w;
            int16_t *rlo = lo + cy * r->w, *rhi = hi + cy * r->w;
            /* only the stretch from the row's first walled cell to its last
            ** (and reach beyond) sees one; a row of none (most) sees none */
            int first_x = 0, last_x = r->w - 1;
            while (first_x < r->w && row[first_x] < 0)
                first_x++;
            while (last_x >= first_x && row[last_x] < 0)
                last_x--;
            for (int cx = 0; cx < r->w; cx++) {
                int16_t least = INT16_MAX, most = -1;
                int x0 = cx - reach < first_x ? first_x : cx - reach, x1 = cx + reach > last_x ? last_x : cx + reach;
                for (int x = x0; x <= x1; x++) {
                    int16_t l = row[x];
                    if (l >= 0) {
                        least = l < least ? l : least;
                        most = l > most ? l : most;
                    }
                }
                rlo[cx] = least;
                rhi[cx] = most;
            }
        }
        for (int cy = 0; cy < r->h; cy++)
            for (int cx = 0; cx < r->w; cx++) {
                if (r->label[cy * r->w + cx] < 0)
                    continue; /* nothing to give up */
                int16_t least = INT16_MAX, most = -1;
                for (int y = cy - reach < 0 ? 0 : cy - reach; y <= cy + reach && y < r->h; y++) {
                    least = lo[y * r->w + cx] < least ? lo[y * r->w + cx] : least;
                    most = hi[y * r->w + cx] > most ? hi[y * r->w + cx] : most;
                }
                int16_t *me = &r->label[cy * r->w + cx];
                if (*me >= 0 && (least != *me || most != *me))
                    *me = WC_CELL_GAP;
            }
    }
    keep_largest(r);
}

void wc_raster_block(wc_raster *r, double x0, double y0, double cx, double cy, double x1, double y1,
                     bool curved, double radius)
{
    double len = hypot(x1 - x0, y1 - y0) + (curved ? hypot(cx - x0, cy - y0) + hypot(x1 - cx, y1 - cy) : 0);
    int steps = (int)ceil(len) + 1;
    int reach = (int)ceil(radius / WC_RASTER_STEP) + 1;
    for (int s = 0; s <= steps; s++) {
        double t = (double)s / steps, px, py;
        if (curved) {
            double u = 1 - t;
            px = u * u * x0 + 2 * u * t * cx + t * t * x1;
            py = u * u * y0 + 2 * u * t * cy + t * t * y1;
        } else {
            px = x0 + (x1 - x0) * t;
            py = y0 + (y1 - y0) * t;
        }
        int gx = wc_raster_floor((px - r->ox) / WC_RASTER_STEP), gy = wc_raster_floor((py - r->oy) / WC_RASTER_STEP);
        disc d = disc_around(r, gx, gy, reach);
        for (int y = d.y0; y <= d.y1; y++) {
            double qy = r->oy + (y + 0.5) * WC_RASTER_STEP, dy2 = (qy - py) * (qy - py);
            if (dy2 > radius * radius)
                continue;
            uint8_t *row = r->barrier + y * r->w;
            for (int x = d.x0; x <= d.x1; x++) {
                if (row[x])
                    continue; /* a barrier already: marking is all there is to do */
                double qx = r->ox + (x + 0.5) * WC_RASTER_STEP;
                if ((qx - px) * (qx - px) + dy2 <= radius * radius)
                    row[x] = 1;
            }
        }
    }
}

void wc_raster_clear(wc_raster *r, double x, double y, double radius)
{
    int reach = (int)ceil(radius / WC_RASTER_STEP) + 1;
    int gx = wc_raster_floor((x - r->ox) / WC_RASTER_STEP), gy = wc_raster_floor((y - r->oy) / WC_RASTER_STEP);
    disc d = disc_around(r, gx, gy, reach);
    for (int cy = d.y0; cy <= d.y1; cy++) {
        double qy = r->oy + (cy + 0.5) * WC_RASTER_STEP, dy2 = (qy - y) * (qy - y);
        if (dy2 > radius * radius)
            continue;
        int16_t *row = r->label + cy * r->w;
        for (int cx = d.x0; cx <= d.x1; cx++) {
            if (row[cx] < 0)
                continue;
            double qx = r->ox + (cx + 0.5) * WC_RASTER_STEP;
            if ((qx - x) * (qx - x) + dy2 <= radius * radius)
                row[cx] = WC_CELL_GAP;
        }
    }
}

/* Seed the flood at the cell of (x, y), pulled 4 units into square i. */
static void seed(wc_raster *r, const wc_geom *g, size_t i, double x, double y, int obj, int *queue, size_t *tail)
{
    double cx = (g->x[i] + 0.5) * 100, cy = (g->y[i] + 0.5) * 100;
    double d = hypot(cx - x, cy - y);
    if (d > 0) {
        x += (cx - x) * 4 / d;
        y += (cy - y) * 4 / d;
    }
    int gx = wc_raster_floor((x - r->ox) / WC_RASTER_STEP), gy = wc_raster_floor((y - r->oy) / WC_RASTER_STEP);
    if (gx < 0 || gy < 0 || gx >= r->w || gy >= r->h)
        return;
    int k = gy * r->w + gx;
    if (r->label[k] != WC_CELL_GAP || r->barrier[k])
        return;
    r->label[k] = (int16_t)obj;
    queue[(*tail)++] = k;
}

/* A breadth-first flood from the queue's cells into gaps, 4-connected,
** never into a barrier, a field staying on the squares it touches.  On a
** grid one cell wider all round: per cell, 0 where the flood may not go
** (the rim, a barrier, a region's cell), else 1 + its square, so that a
** neighbour is one read and no bounds test.  The queue is taken in the
** same order as ever, so the cells go to the same fields. */
static void flood(wc_raster *r, int *queue, size_t head, size_t tail)
{
    const int w = r->w, h = r->h, pw = w + 2;
    size_t np = (size_t)pw * (size_t)(h + 2);
    unsigned char *at = r->work + ((size_t)w * (size_t)h * sizeof *queue + 15) / 16 * 16;
    int16_t *lab = wc_raster_carve(&at, np * sizeof *lab);
    uint8_t *open = wc_raster_carve(&at, np);
    padded_labels(r, lab);
    memset(open, 0, np);
    for (int cy = 0; cy < h; cy++)
        for (int cx = 0, k = cy * w, j = (cy + 1) * pw + 1; cx < w; cx++, k++, j++)
            if (r->label[k] == WC_CELL_GAP && !r->barrier[k])
                open[j] = (uint8_t)(r->square[k] + 1);
    for (size_t q = head; q < tail; q++) /* the seeds, on the wider grid */
        queue[q] = (queue[q] / w + 1) * pw + queue[q] % w + 1;
#define FLOOD_TO(j)                                                                                             \
    do {                                                                                                       \
        if (mask & (1u << open[j])) {                                                                          \
            open[j] = 0;                                                                                       \
            lab[j] = label;                                                                                    \
            queue[tail++] = (j);                                                                               \
        }                                                                                                      \
    } while (0)
    while (head < tail) {
        int k = queue[head++];
        int16_t label = lab[k];
        unsigned mask = ((unsigned)r->masks[label] << 1) & ~1u; /* bit 1 + square; bit 0 (closed) never */
        FLOOD_TO(k + 1);
        FLOOD_TO(k + pw);
        FLOOD_TO(k - 1);
        FLOOD_TO(k - pw);
    }
#undef FLOOD_TO
    for (int cy = 0; cy < h; cy++)
        memcpy(r->label + cy * w, lab + (cy + 1) * pw + 1, (size_t)w * sizeof *lab);
}

void wc_raster_fields(wc_raster *r, const wc_geom *g)
{
    int *queue = (int *)(void *)r->work;
    size_t tail = 0;
    for (size_t o = 0; o < g->n_obj; o++) {
        if (g->obj_kind[o] != WH_KIND_FIELD)
            continue;
        for (size_t i = 0; i < g->n_sq; i++) {
            if (!(g->mask[o] & (1u << i)))
                continue;
            bool any = false, crossed = false;
            for (int d = 0; d < 4; d++) {
                int k = g->side_of[i][d], j = g->nb[i][d];
                for (int s = 0; k >= 0 && s < WH_N_SLOTS; s++)
                    if (g->claim[k][s] == (int)o) {
                        double x, y;
                        slot_point(g->x[i], g->y[i], d, slot_t[s], &x, &y);
                        seed(r, g, i, x, y, (int)o, queue, &tail);
                        any = true;
                    }
                /* An internal side a road or river also crosses: which side
                ** of it this field lies on is the flood's to find, from the
                ** field's other anchors. */
                bool line_there = false;
                for (size_t l = 0; j >= 0 && l < g->n_obj; l++)
                    line_there |= is_line_kind(g->obj_kind[l]) && (g->links[l][i] & (1u << j));
                if (j >= 0 && (g->links[o][i] & (1u << j))) {
                    crossed = true;
                    /* where it crosses among the regions that cross there,
                    ** as the cities and the area were given their cells */
                    int obj[WC_MAX_OBJECTS];
                    double t[WC_MAX_OBJECTS];
                    size_t across = line_there ? 0 : crossings_on(g, i, d, obj, t);
                    for (size_t c = 0; c < across; c++)
                        if (obj[c] == (int)o) {
                            double x, y;
                            slot_point(g->x[i], g->y[i], d, t[c], &x, &y);
                            seed(r, g, i, x, y, (int)o, queue, &tail);
                            any = true;
                        }
                }
            }
            /* A field only `on` the square starts off its centre; one that
            ** crosses into it is reached by the flood from its neighbours,
            ** never seeded at a guess (which drew an island of it inside
            ** the field across the road). */
            if (!any && !crossed)
                seed(r, g, i, (g->x[i] + 0.3) * 100, (g->y[i] + 0.7) * 100, (int)o, queue, &tail);
        }
    }
    /* Cells no field reaches (a pocket walled in by lines, with no segment
    ** of its own) stay gaps: the bare ground, never a field's tint across a
    ** road. */
    flood(r, queue, 0, tail);
}

/* Three labels from @p p on, as one number (the fourth's bits masked off):
** a row of a cell's 3 by 3 neighbourhood compared at once. */
static inline uint64_t three_at(const int16_t *p)
{
    static const int16_t ones[4] = {-1, -1, -1, 0};
    uint64_t v, m;
    memcpy(&v, p, sizeof v);
    memcpy(&m, ones, sizeof m);
    return v & m;
}

void wc_raster_inside_points(const wc_raster *r, size_t n_labels, wc_inside *out)
{
    /* The labels as a grid one cell wider all round, its rim outside every
    ** region: a cell's eight neighbours are always there to read, and a
    ** cell on the box's edge is on its region's border by the rim alone.
    ** Labels n_labels and up are no region's: borders to every region. */
    const int w = r->w, h = r->h, pw = w + 2;
    size_t np = (size_t)pw * (size_t)(h + 2);
    unsigned char *at = r->work;
    int *dist = wc_raster_carve(&at, np * sizeof *dist);
    int16_t *lab = wc_raster_carve(&at, (np + 4) * sizeof *lab); /* three_at reads one past */
    /* whole numbers: the same sums as doubles added cell by cell (exact far past any raster) */
    long sx[WC_MAX_OBJECTS] = {0}, sy[WC_MAX_OBJECTS] = {0};
    size_t count[WC_MAX_OBJECTS] = {0};
    int best[WC_MAX_OBJECTS], best_depth[WC_MAX_OBJECTS], last = WC_CELL_OUT;
    uint64_t all = 0; /* three of label `last`, as three_at reads them */
    if (n_labels > WC_MAX_OBJECTS)
        n_labels = WC_MAX_OBJECTS;
    padded_labels(r, lab);
    lab[np] = lab[np + 1] = lab[np + 2] = lab[np + 3] = WC_CELL_OUT;
    /* Each cell's depth: 1 one move (of eight) from another label, else 1 +
    ** the least of its neighbours'.  That is the chessboard distance to the
    ** nearest cell of another label -- every cell nearer than that is the
    ** region's, so the way there never leaves it -- and two sweeps find it
    ** exactly (Rosenfeld and Pfaltz): one in reading order from the four
    ** neighbours before, one back from the four after.  A cell whose eight
    ** neighbours are all its region's reads their depths with no test of
    ** their labels; the others are 1, found in the first sweep, which also
    ** sums the centroids (in reading order, as ever). */
    for (int cy = 0; cy < h; cy++)
        for (int cx = 0, k = (cy + 1) * pw + 1; cx < w; cx++, k++) {
            int l = lab[k];
            if (l < 0 || (size_t)l >= n_labels)
                continue;
            sx[l] += cx;
            sy[l] += cy;
            count[l]++;
            if (l != last) {
                int16_t same[4] = {(int16_t)l, (int16_t)l, (int16_t)l, 0};
                memcpy(&all, same, sizeof all);
                last = l;
            }
            if (three_at(lab + k - pw - 1) != all || three_at(lab + k - 1) != all || three_at(lab + k + pw - 1) != all) {
                dist[k] = 1;
                continue;
            }
            int a = dist[k - 1], b = dist[k - pw - 1], c = dist[k - pw], d = dist[k - pw + 1];
            a = b < a ? b : a;
            c = d < c ? d : c;
            dist[k] = (c < a ? c : a) + 1;
        }
    for (size_t l = 0; l < n_labels; l++)
        best[l] = -1, best_depth[l] = 0;
    for (int cy = h - 1; cy >= 0; cy--)
        for (int k = (cy + 1) * pw + w, end = k - w; k > end; k--) {
            int l = lab[k];
            if (l < 0 || (size_t)l >= n_labels)
                continue;
            if (dist[k] > 1) { /* not on the border (an inner cell's first depth is 2 or more) */
                int a = dist[k + 1], b = dist[k + pw + 1], c = dist[k + pw], d = dist[k + pw - 1];
                a = b < a ? b : a;
                c = d < c ? d : c;
                a = (c < a ? c : a) + 1;
                dist[k] = a < dist[k] ? a : dist[k];
            }
            best_depth[l] = dist[k] > best_depth[l] ? dist[k] : best_depth[l];
        }
    /* The deepest cell of each region; among equals, the nearest its
    ** centroid, and the first of those. */
    double best_d2[WC_MAX_OBJECTS], mx[WC_MAX_OBJECTS], my[WC_MAX_OBJECTS];
    for (size_t l = 0; l < n_labels; l++) {
        best_d2[l] = 1e18;
        mx[l] = count[l] ? (double)sx[l] / (double)count[l] : 0;
        my[l] = count[l] ? (double)sy[l] / (double)count[l] : 0;
    }
    for (int cy = 0; cy < h; cy++)
        for (int cx = 0, k = (cy + 1) * pw + 1; cx < w; cx++, k++) {
            int l = lab[k];
            if (l < 0 || (size_t)l >= n_labels || dist[k] != best_depth[l])
                continue;
            double dx = (double)cx - mx[l], dy = (double)cy - my[l];
            double d2 = dx * dx + dy * dy;
            if (d2 < best_d2[l]) {
                best_d2[l] = d2;
                best[l] = cy * w + cx;
            }
        }
    for (size_t l = 0; l < n_labels; l++) {
        out[l].found = count[l] > 0;
        if (!out[l].found)
            continue;
        out[l].x = r->ox + (best[l] % r->w + 0.5) * WC_RASTER_STEP;
        out[l].y = r->oy + (best[l] / r->w + 0.5) * WC_RASTER_STEP;
        out[l].room = (best_depth[l] - 0.5) * WC_RASTER_STEP;
    }
}
