/*
** shapes.c -- a tile's drawing from its planar model; see shapes.h.
**
** The order matters: cities and the area take their cells first, because a
** road ending at a city stops just inside its gate; then the roads and
** rivers are drawn and become barriers; then the fields fill what is left
** between them.  All in rotation 0, tile units (a square is 100).
*/
#include "shapes.h"
#include "buf.h"
#include "../runtime/common/xalloc.h"
#include "../runtime/draw/tile_art.h"
#include "contour.h"
#include "raster.h"

#include <math.h>
#include <string.h>

#define BIT(i) (UINT64_C(1) << (i))
/* Half the width a road or river keeps the fields off, in tile units: wide
** enough that a field's smoothed border stays off the line's centre, and
** within what the line's stroke covers (tile_art.c). */
#define ROAD_BARRIER  5.0
#define RIVER_BARRIER 7.0
#define MAX_STROKES   64
#define ARMS_RADIUS   10.0 /* a shield's half-height and half the wall's stroke */

void wc_art_init(wc_art *a)
{
    memset(a, 0, sizeof *a);
    a->data = wu_grow(NULL, &a->cap_data, 1, 1);
    a->data[0] = '\0';
    a->n_data = 1;
}

void wc_art_free(wc_art *a)
{
    free(a->paths);
    free(a->data);
    memset(a, 0, sizeof *a);
}

static uint32_t add_data(wc_art *a, const char *s, size_t n)
{
    if (n == 0)
        return 0;
    a->data = wu_grow(a->data, &a->cap_data, a->n_data + n + 1, 1);
    uint32_t at = (uint32_t)a->n_data;
    memcpy(a->data + at, s, n);
    a->data[at + n] = '\0';
    a->n_data += n + 1;
    return at;
}

static int16_t clamp16(double v)
{
    long t = lround(v);
    return (int16_t)(t < -32768 ? -32768 : t > 32767 ? 32767 : t);
}

static void add_row(wc_art *a, const wc_buf *d, int obj, int kind, int role, double x, double y, double room)
{
    a->paths = wu_grow(a->paths, &a->cap_paths, a->n_paths + 1, sizeof *a->paths);
    wh_path_t *p = &a->paths[a->n_paths++];
    memset(p, 0, sizeof *p);
    p->d = d && d->len ? add_data(a, d->data, d->len) : 0;
    p->feature = (uint8_t)(obj < 0 ? (int)WH_NONE : obj);
    p->kind = (uint8_t)(kind < 0 ? (int)WH_NONE : kind);
    p->role = (uint8_t)role;
    p->x = clamp16(x);
    p->y = clamp16(y);
    p->room = (uint16_t)(room < 0 ? 0 : room > 65535 ? 65535 : lround(room));
}

/* ------------------------------------------------------------------ */
/* The outline                                                         */
/* ------------------------------------------------------------------ */

typedef struct seg {
    int x0, y0, x1, y1; /* tile units */
} seg;

/* The footprint's border, clockwise, each straight run one L. */
static void outline_path(const wc_geom *g, wc_buf *d)
{
    static const int c[4][4] = {{0, 0, 1, 0}, {1, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 0, 0}};
    seg s[WC_MAX_SIDES];
    bool used[WC_MAX_SIDES] = {false};
    size_t n = 0;
    for (size_t i = 0; i < g->n_sq; i++)
        for (int dir = 0; dir < 4; dir++)
            if (g->nb[i][dir] < 0)
                s[n++] = (seg){(g->x[i] + c[dir][0]) * 100, (g->y[i] + c[dir][1]) * 100,
                               (g->x[i] + c[dir][2]) * 100, (g->y[i] + c[dir][3]) * 100};
    for (size_t k0 = 0; k0 < n; k0++) {
        if (used[k0])
            continue;
        wc_buf_printf(d, "M%d %d", s[k0].x0, s[k0].y0);
        size_t k = k0;
        for (;;) {
            used[k] = true;
            size_t next = n;
            for (size_t j = 0; j < n && next == n; j++)
                if (!used[j] && s[j].x0 == s[k].x1 && s[j].y0 == s[k].y1)
                    next = j;
            /* a corner where the direction changes, or the loop's end */
            bool straight = next < n && (s[next].x1 - s[next].x0) == (s[k].x1 - s[k].x0) &&
                            (s[next].y1 - s[next].y0) == (s[k].y1 - s[k].y0);
            if (!straight && !(next == n && s[k].x1 == s[k0].x0 && s[k].y1 == s[k0].y0))
                wc_buf_printf(d, "L%d %d", s[k].x1, s[k].y1);
            if (next == n)
                break;
            k = next;
        }
        wc_buf_puts(d, "Z");
    }
}

/* ------------------------------------------------------------------ */
/* Roads and rivers                                                    */
/* ------------------------------------------------------------------ */

typedef struct stroke {
    double x0, y0, cx, cy, x1, y1;
    bool   curved;
} stroke;

static void side_middle(const wc_geom *g, size_t i, int d, double *x, double *y)
{
    static const double u[4] = {0.5, 1, 0.5, 0}, v[4] = {0, 0.5, 1, 0.5};
    *x = (g->x[i] + u[d]) * 100;
    *y = (g->y[i] + v[d]) * 100;
}

static int first_square(uint16_t mask)
{
    return mask ? __builtin_ctz(mask) : 0;
}

/* The first point from (x0, y0) to (x1, y1) that lies in `city`'s cells,
** moved 3 units on (just inside the gate); false when none does. */
static bool march_to(const wc_raster *r, int city, double x0, double y0, double x1, double y1, double *x, double *y)
{
    double len = hypot(x1 - x0, y1 - y0);
    if (len <= 0)
        return false;
    for (int t = 0; t <= 50; t++) {
        double px = x0 + (x1 - x0) * t / 50.0, py = y0 + (y1 - y0) * t / 50.0;
        if (wc_raster_at(r, px, py) == city) {
            *x = px + (x1 - x0) / len * 3;
            *y = py + (y1 - y0) / len * 3;
            return true;
        }
    }
    return false;
}

/* Where a road coming in at (fx, fy) on square i meets city `city`: along
** its way to the centre, where the city's cells begin; else on from the
** centre toward the city's wall on that square (or the side it crosses
** to); the centre when it has neither. */
static void city_gate(const wc_raster *r, const wc_geom *g, size_t i, int city, double fx, double fy, double *x,
                      double *y)
{
    double cx = (g->x[i] + 0.5) * 100, cy = (g->y[i] + 0.5) * 100;
    *x = cx;
    *y = cy;
    /* toward the middle of the city's cells on the square, where it has any */
    double mx = 0, my = 0;
    long cells = 0;
    for (double v = 1.25; v < 100; v += WC_RASTER_STEP)
        for (double u = 1.25; u < 100; u += WC_RASTER_STEP)
            if (wc_raster_at(r, g->x[i] * 100 + u, g->y[i] * 100 + v) == city)
                mx += g->x[i] * 100 + u, my += g->y[i] * 100 + v, cells++;
    if (cells && march_to(r, city, fx, fy, mx / (double)cells, my / (double)cells, x, y))
        return;
    if (march_to(r, city, fx, fy, cx, cy, x, y))
        return;
    int dir = -1;
    for (int d = 0; d < 4 && dir < 0; d++) {
        int k = g->side_of[i][d];
        if (k >= 0 && g->claim[k][WH_SLOT_M] == city)
            dir = d;
    }
    for (int d = 0; d < 4 && dir < 0; d++)
        if (g->nb[i][d] >= 0 && (g->links[city][i] & (1u << g->nb[i][d])))
            dir = d;
    if (dir < 0)
        return;
    double tx, ty;
    side_middle(g, i, dir, &tx, &ty);
    if (!march_to(r, city, cx, cy, tx, ty, x, y)) {
        *x = tx;
        *y = ty;
    }
}

/* Whether road or river l runs through square i (two ways in or out) without ending at x. */
static bool passes_through(const wc_geom *g, size_t l, size_t i, size_t x)
{
    if ((g->obj_kind[l] != WH_KIND_ROAD && g->obj_kind[l] != WH_KIND_RIVER) || (g->ends[l] & BIT(x)))
        return false;
    int ways = 0;
    for (int d = 0; d < 4; d++) {
        int k = g->side_of[i][d], j = g->nb[i][d];
        ways += (k >= 0 && g->claim[k][WH_SLOT_M] == (int)l) || (j >= 0 && (g->links[l][i] & (1u << j)));
    }
    return ways >= 2;
}

/* Where monastery or junction o stands: its square's centre, unless a
** road or river runs through there or another runs on the square,
** another such object stands on it too, or a city or the area holds the
** centre; then toward the sides its own roads come from, so that each
** stands in the field its roads come out of (a monastery north of a road
** running east to west, a junction south of it), or, with no road of its
** own, beside the centre toward a side that is no line. */
static void inner_point(const wc_raster *r, const wc_geom *g, size_t o, double *x, double *y)
{
    size_t i = (size_t)first_square(g->mask[o]);
    double cx = (g->x[i] + 0.5) * 100, cy = (g->y[i] + 0.5) * 100;
    *x = cx;
    *y = cy;
    bool crowded = false;
    for (size_t l = 0; l < g->n_obj && !crowded; l++)
        crowded = passes_through(g, l, i, o) ||
                  (l != o && (g->obj_kind[l] == WH_KIND_MONASTERY || g->obj_kind[l] == WC_KIND_JUNCTION) &&
                   first_square(g->mask[l]) == (int)i) ||
                  /* another road on the square, which may run by the centre to a city's gate */
                  ((g->obj_kind[l] == WH_KIND_ROAD || g->obj_kind[l] == WH_KIND_RIVER) && !(g->ends[l] & BIT(o)) &&
                   (g->mask[l] & (1u << i)));
    /* nor where a city or the area holds the centre (a band across the square) */
    int under = wc_raster_at(r, cx, cy);
    crowded |= under >= 0 && (g->obj_kind[under] == WH_KIND_CITY || g->obj_kind[under] == WH_KIND_AREA);
    if (!crowded)
        return;
    double mx = 0, my = 0;
    int ports = 0;
    for (size_t l = 0; l < g->n_obj; l++) {
        if ((g->obj_kind[l] != WH_KIND_ROAD && g->obj_kind[l] != WH_KIND_RIVER) || !(g->ends[l] & BIT(o)) ||
            !(g->mask[l] & (1u << i)))
            continue;
        for (int d = 0; d < 4; d++) {
            int k = g->side_of[i][d], j = g->nb[i][d];
            if ((k >= 0 && g->claim[k][WH_SLOT_M] == (int)l) || (j >= 0 && (g->links[l][i] & (1u << j)))) {
                double px, py;
                side_middle(g, i, d, &px, &py);
                mx += px, my += py, ports++;
            }
        }
    }
    if (ports && (fabs(mx / ports - cx) > 1e-9 || fabs(my / ports - cy) > 1e-9)) {
        *x = cx + (mx / ports - cx) * 0.55;
        *y = cy + (my / ports - cy) * 0.55;
        return;
    }
    static const int order[4] = {WH_DIR_N, WH_DIR_S, WH_DIR_E, WH_DIR_W};
    static const double ux[4] = {0, 1, 0, -1}, uy[4] = {-1, 0, 1, 0};
    for (int k = 0; k < 4; k++) {
        int d = order[k], side = g->side_of[i][d];
        int edge = side >= 0 ? g->side_edge[side] : WH_EDGE_NONE;
        if (edge != WH_EDGE_ROAD && edge != WH_EDGE_RIVER) {
            *x += ux[d] * 27;
            *y += uy[d] * 27;
            return;
        }
    }
}

/* Where a road or river coming in at (fx, fy) reaches object x it ends
** at, on square i. */
static void end_point(const wc_raster *r, const wc_geom *g, size_t i, int x, double fx, double fy, double *px,
                      double *py)
{
    *px = (g->x[i] + 0.5) * 100;
    *py = (g->y[i] + 0.5) * 100;
    if (g->obj_kind[x] == WH_KIND_CITY)
        city_gate(r, g, i, x, fx, fy, px, py);
    else if (g->obj_kind[x] == WH_KIND_AREA) /* at the area's edge, not across it to the centre */
        march_to(r, x, fx, fy, *px, *py, px, py);
    else if (g->obj_kind[x] == WH_KIND_MONASTERY || g->obj_kind[x] == WC_KIND_JUNCTION)
        inner_point(r, g, (size_t)x, px, py);
    else if (g->obj_kind[x] == WH_KIND_GARDEN) { /* off the centre: where gardens stand */
        *px += 24;
        *py += 24;
    }
}

/* The strokes of road or river o: on each square, from each side it holds
** (and each internal side it crosses) and to each thing it ends at there.
** Two such points make one curve bending through the centre; more meet at
** the centre in straight lines.  @returns how many. */
static size_t road_strokes(const wc_raster *r, const wc_geom *g, size_t o, stroke *s)
{
    size_t n = 0;
    for (size_t i = 0; i < g->n_sq; i++) {
        if (!(g->mask[o] & (1u << i)))
            continue;
        double px[8 + WC_MAX_OBJECTS], py[8 + WC_MAX_OBJECTS];
        size_t m = 0;
        for (int d = 0; d < 4; d++) {
            int k = g->side_of[i][d], j = g->nb[i][d];
            if ((k >= 0 && g->claim[k][WH_SLOT_M] == (int)o) || (j >= 0 && (g->links[o][i] & (1u << j))))
                side_middle(g, i, d, &px[m], &py[m]), m++;
        }
        double cx = (g->x[i] + 0.5) * 100, cy = (g->y[i] + 0.5) * 100;
        size_t ports = m;
        for (size_t x = 0; x < g->n_obj; x++)
            if ((g->ends[o] & BIT(x)) && (g->mask[o] & g->mask[x]) &&
                first_square(g->mask[o] & g->mask[x]) == (int)i) {
                end_point(r, g, i, (int)x, ports ? px[0] : cx, ports ? py[0] : cy, &px[m], &py[m]);
                m++;
            }
        if (m == 2 && n < MAX_STROKES) {
            /* Two sides: a curve bending through the centre.  A side and
            ** what the line ends at: straight there, not round by the
            ** centre (where another road may end). */
            bool at_centre = (px[0] == cx && py[0] == cy) || (px[1] == cx && py[1] == cy) || ports < 2;
            double cross = (px[0] - cx) * (py[1] - cy) - (py[0] - cy) * (px[1] - cx);
            s[n++] = (stroke){px[0], py[0], cx, cy, px[1], py[1], !at_centre && fabs(cross) > 1e-6};
            continue;
        }
        /* More meet at a hub: the centre when one of them ends there (a
        ** junction), else their middle, so that two forks on one square
        ** (a road from W to both cities, another from E) stay apart. */
        double hx = 0, hy = 0;
        bool centred = false;
        for (size_t k = 0; k < m; k++) {
            hx += px[k] / (double)m;
            hy += py[k] / (double)m;
            centred |= px[k] == cx && py[k] == cy;
        }
        if (centred || m < 3)
            hx = cx, hy = cy;
        for (size_t k = 0; k < m && n < MAX_STROKES; k++)
            if (px[k] != hx || py[k] != hy)
                s[n++] = (stroke){px[k], py[k], hx, hy, hx, hy, false};
    }
    return n;
}

static void put_xy(wc_buf *d, const char *cmd, double x, double y)
{
    wc_contour_point(d, cmd, x, y);
}

static void stroke_path(const stroke *s, size_t n, wc_buf *d)
{
    for (size_t k = 0; k < n; k++) {
        put_xy(d, "M", s[k].x0, s[k].y0);
        if (s[k].curved) {
            put_xy(d, "Q", s[k].cx, s[k].cy);
            put_xy(d, " ", s[k].x1, s[k].y1);
        } else {
            put_xy(d, "L", s[k].x1, s[k].y1);
        }
    }
}

/* A point a fraction t along stroke s. */
static void stroke_at(const stroke *s, double t, double *x, double *y)
{
    if (s->curved) {
        double u = 1 - t;
        *x = u * u * s->x0 + 2 * u * t * s->cx + t * t * s->x1;
        *y = u * u * s->y0 + 2 * u * t * s->cy + t * t * s->y1;
    } else {
        *x = s->x0 + (s->x1 - s->x0) * t;
        *y = s->y0 + (s->y1 - s->y0) * t;
    }
}

/* ------------------------------------------------------------------ */
/* Everything                                                          */
/* ------------------------------------------------------------------ */

typedef struct road_info {
    stroke s[MAX_STROKES];
    size_t n;
} road_info;

static bool is_line(int kind)
{
    return kind == WH_KIND_ROAD || kind == WH_KIND_RIVER;
}

static bool is_region(int kind)
{
    return kind == WH_KIND_CITY || kind == WH_KIND_FIELD || kind == WH_KIND_AREA;
}

/* The marks drawn as symbols, and the rows that draw them. */
static const struct {
    unsigned mark;
    int      role;
} city_marks[] = {
    {WH_MARK_WINE, WH_PATH_WINE}, {WH_MARK_GRAIN, WH_PATH_GRAIN}, {WH_MARK_CLOTH, WH_PATH_CLOTH},
    {WH_MARK_PRINCESS, WH_PATH_PRINCESS},
}, tile_marks[] = {
    {WH_TILE_FLAG_VOLCANO, WH_PATH_VOLCANO}, {WH_TILE_FLAG_DRAGON, WH_PATH_DRAGON},
    {WH_TILE_FLAG_PORTAL, WH_PATH_PORTAL}, {WH_TILE_FLAG_TOWER, WH_PATH_TOWER},
};

/* The stretches of a tunnel road's strokes that run under a city, as
** straight pieces into @p d; (*x, *y): the middle of the first.  The
** strokes cross the city as any road would: the tunnel row is drawn over
** that stretch, so the road shows going under. */
static void underground(const wc_raster *r, const wc_geom *g, const road_info *ri, wc_buf *d, double *x, double *y)
{
    enum { STEPS = 40 };
    bool found = false;
    for (size_t k = 0; k < ri->n; k++) {
        double px = 0, py = 0, sx = 0, sy = 0;
        bool in = false;
        for (int t = 0; t <= STEPS; t++) {
            double qx, qy;
            stroke_at(&ri->s[k], (double)t / STEPS, &qx, &qy);
            int l = wc_raster_at(r, qx, qy);
            bool under = l >= 0 && g->obj_kind[l] == WH_KIND_CITY;
            if (under && !in)
                put_xy(d, "M", qx, qy), sx = qx, sy = qy;
            else if (!under && in)
                put_xy(d, "L", px, py);
            if (in && !under && !found)
                *x = (sx + px) / 2, *y = (sy + py) / 2, found = true;
            in = under;
            px = qx, py = qy;
        }
        if (in) {
            put_xy(d, "L", px, py);
            if (!found)
                *x = (sx + px) / 2, *y = (sy + py) / 2, found = true;
        }
    }
}

/* Whether a symbol of extent @p e (wu_symbol_extent, tile_art.h) drawn at (x, y)
** stays on square i and off the outline's stroke where i has no neighbour. */
static bool on_square(const wc_geom *g, size_t i, const double e[4], double x, double y)
{
    double m = 1.5, x0 = g->x[i] * 100.0, y0 = g->y[i] * 100.0;
    return (g->nb[i][WH_DIR_W] >= 0 || x + e[0] >= x0 + m) && (g->nb[i][WH_DIR_E] >= 0 || x + e[2] <= x0 + 100 - m) &&
           (g->nb[i][WH_DIR_N] >= 0 || y + e[1] >= y0 + m) && (g->nb[i][WH_DIR_S] >= 0 || y + e[3] <= y0 + 100 - m);
}

/* Move a symbol of @p role at (*x, *y) the least way onto the tile: its
** extent inside the square it stands on, wherever that square has no
** neighbour.  A symbol at a region's label point near the edge (the area's
** emblem, a monastery beside a road) would otherwise show past the tile. */
static void keep_on_tile(const wc_geom *g, int role, double *x, double *y)
{
    for (size_t i = 0; i < g->n_sq; i++) {
        double x0 = g->x[i] * 100.0, y0 = g->y[i] * 100.0;
        if (*x < x0 || *x >= x0 + 100 || *y < y0 || *y >= y0 + 100)
            continue;
        double e[4], m = 1.5;
        wu_symbol_extent(role, e);
        if (g->nb[i][WH_DIR_W] < 0 && *x + e[0] < x0 + m)
            *x = x0 + m - e[0];
        if (g->nb[i][WH_DIR_E] < 0 && *x + e[2] > x0 + 100 - m)
            *x = x0 + 100 - m - e[2];
        if (g->nb[i][WH_DIR_N] < 0 && *y + e[1] < y0 + m)
            *y = y0 + m - e[1];
        if (g->nb[i][WH_DIR_S] < 0 && *y + e[3] > y0 + 100 - m)
            *y = y0 + 100 - m - e[3];
        return;
    }
}

/* A symbol's row, kept on the tile. */
static void add_symbol(wc_art *a, const wc_geom *g, int obj, int kind, int role, double x, double y, double room)
{
    keep_on_tile(g, role, &x, &y);
    add_row(a, NULL, obj, kind, role, x, y, room);
}

/* A spot for a symbol of radius @p rad: inside object @p obj (a city), or,
** when @p obj is -1, on a field; as far as may be (up to @p apart) from
** every point drawn since row @p first (symbols, labels, where meeples
** stand); then as near as may be to (@p nx, @p ny).  A spot whose every
** point around is inside wins over one partly outside, so a thin city cap
** still gets its symbol on it and on the tile.  Scanned in a fixed order,
** the first best winning: the same tile always puts it in the same place. */
static void free_spot(const wc_raster *r, const wc_geom *g, const wc_art *a, size_t first, int obj, int role,
                      double rad, double apart, double nx, double ny, double *bx, double *by)
{
    static const double ring[9][2] = {{0, 0}, {1, 0}, {0.7, 0.7}, {0, 1}, {-0.7, 0.7},
                                      {-1, 0}, {-0.7, -0.7}, {0, -1}, {0.7, -0.7}};
    double best = -1e18, e[4];
    *bx = nx;
    *by = ny;
    wu_symbol_extent(role, e);
    for (size_t i = 0; i < g->n_sq; i++) {
        if (obj >= 0 && !(g->mask[obj] & (1u << i)))
            continue;
        for (int v = 10; v <= 90; v += 4)
            for (int u = 10; u <= 90; u += 4) {
                double x = g->x[i] * 100 + u, y = g->y[i] * 100 + v;
                if (!on_square(g, i, e, x, y))
                    continue;
                /* near is apart at most: a spot whose best score cannot
                ** beat the best so far (even with every point still to
                ** read inside) needs no more reading */
                int inside = 0, k = 0;
                for (; k < 9 && (inside + 9 - k) * 1000.0 + apart * 10 > best; k++) {
                    int l = wc_raster_at(r, x + rad * ring[k][0], y + rad * ring[k][1]);
                    inside += obj >= 0 ? l == obj : l >= 0 && g->obj_kind[l] == WH_KIND_FIELD;
                }
                if (k < 9 || inside * 1000.0 + apart * 10 <= best)
                    continue;
                double near = apart;
                for (size_t j = first; j < a->n_paths; j++) {
                    const wh_path_t *p = &a->paths[j];
                    if (p->role == WH_PATH_OUTLINE || p->role == WH_PATH_WALL || p->role == WH_PATH_TUNNEL)
                        continue;
                    if (fabs(x - p->x) >= near || fabs(y - p->y) >= near)
                        continue; /* hypot is no less than either side: not nearer */
                    double dist = hypot(x - p->x, y - p->y);
                    near = dist < near ? dist : near;
                }
                double score = inside * 1000.0 + near * 10 - hypot(x - nx, y - ny) * 0.1;
                if (score > best) {
                    best = score;
                    *bx = x;
                    *by = y;
                }
            }
    }
}

/* Whether road or river o ends only at monasteries and junctions: then one
** field lies on both its sides (nothing else may touch a line) and runs
** round its end. */
static bool ends_inside(const wc_geom *g, size_t o)
{
    if (!g->ends[o])
        return false;
    for (size_t x = 0; x < g->n_obj; x++)
        if ((g->ends[o] & BIT(x)) && g->obj_kind[x] != WH_KIND_MONASTERY && g->obj_kind[x] != WC_KIND_JUNCTION)
            return false;
    return true;
}

/* Give back the cities' and the area's cells along a line's strokes, so
** that the field on both its sides is never cut off before its end by a
** city band across the square (a dead end between cities on three sides). */
static void clear_along(wc_raster *r, const road_info *ri)
{
    for (size_t k = 0; k < ri->n; k++)
        for (int t = 0; t <= 20; t++) {
            double x, y;
            stroke_at(&ri->s[k], t / 20.0, &x, &y);
            wc_raster_clear(r, x, y, 11);
        }
}

/* Append n bytes of p to the key at *at. */
static void put_key(unsigned char **at, const void *p, size_t n)
{
    memcpy(*at, p, n);
    *at += n;
}

size_t wc_shapes_key(const wc_geom *g, unsigned char *key)
{
    unsigned char *at = key;
    uint8_t counts[4] = {(uint8_t)g->n_sq, (uint8_t)g->n_sides, (uint8_t)g->n_feat, (uint8_t)g->n_obj};
    put_key(&at, counts, sizeof counts);
    for (size_t i = 0; i < g->n_sq; i++) {
        put_key(&at, &g->x[i], sizeof g->x[i]);
        put_key(&at, &g->y[i], sizeof g->y[i]);
        put_key(&at, g->nb[i], sizeof g->nb[i]);
        put_key(&at, g->side_of[i], sizeof g->side_of[i]);
    }
    for (size_t k = 0; k < g->n_sides; k++) {
        uint8_t side[3] = {g->side_sq[k], g->side_dir[k], g->side_edge[k]};
        put_key(&at, side, sizeof side);
        put_key(&at, g->claim[k], sizeof g->claim[k]);
    }
    for (size_t o = 0; o < g->n_obj; o++) {
        put_key(&at, &g->obj_kind[o], 1);
        put_key(&at, &g->mask[o], sizeof g->mask[o]);
        put_key(&at, g->links[o], sizeof g->links[o]);
        put_key(&at, &g->arms[o], 1);
        put_key(&at, &g->marks[o], 1);
        put_key(&at, &g->ends[o], sizeof g->ends[o]);
    }
    put_key(&at, &g->tunnel, sizeof g->tunnel);
    put_key(&at, &g->tile_marks, 1);
    return (size_t)(at - key);
}

void wc_shapes_build(const wc_geom *g, wc_art *a)
{
    size_t first_row = a->n_paths;
    wc_buf d, wall;
    wc_buf_init(&d);
    wc_buf_init(&wall);
    outline_path(g, &d);
    add_row(a, &d, -1, -1, WH_PATH_OUTLINE, 0, 0, 0);

    wc_raster r;
    wc_raster_init(&r, g);
    wc_raster_cities(&r, g);
    road_info *roads = wu_xcalloc(g->n_obj ? g->n_obj : 1, sizeof *roads);
    for (size_t o = 0; o < g->n_obj; o++) {
        if (!is_line(g->obj_kind[o]))
            continue;
        roads[o].n = road_strokes(&r, g, o, roads[o].s);
        double radius = g->obj_kind[o] == WH_KIND_RIVER ? RIVER_BARRIER : ROAD_BARRIER;
        for (size_t k = 0; k < roads[o].n; k++) {
            const stroke *s = &roads[o].s[k];
            wc_raster_block(&r, s->x0, s->y0, s->cx, s->cy, s->x1, s->y1, s->curved, radius);
        }
    }
    /* A road that ends inside the tile (at a monastery, a junction) leaves
    ** its field room to pass round its end: no city's or area's cells there. */
    for (size_t o = 0; o < g->n_obj; o++)
        if (g->obj_kind[o] == WH_KIND_MONASTERY || g->obj_kind[o] == WC_KIND_JUNCTION) {
            double x, y;
            inner_point(&r, g, o, &x, &y);
            wc_raster_clear(&r, x, y, g->obj_kind[o] == WH_KIND_MONASTERY ? 16 : 11);
        }
    for (size_t o = 0; o < g->n_obj; o++)
        if (is_line(g->obj_kind[o]) && ends_inside(g, o))
            clear_along(&r, &roads[o]);
    wc_raster_fields(&r, g);
    wc_inside inside[WC_MAX_OBJECTS];
    wc_raster_inside_points(&r, g->n_obj, inside);
    wc_borders borders;
    wc_borders_init(&borders, &r, g->n_obj);

    for (size_t o = 0; o < g->n_obj; o++) {
        int kind = g->obj_kind[o];
        int feature = o < g->n_feat ? (int)o : -1;
        double cx = (g->x[first_square(g->mask[o])] + 0.5) * 100, cy = (g->y[first_square(g->mask[o])] + 0.5) * 100;
        d.len = 0;
        if (d.data)
            d.data[0] = '\0';
        if (is_region(kind)) {
            double x = inside[o].found ? inside[o].x : cx, y = inside[o].found ? inside[o].y : cy;
            double room = inside[o].found ? inside[o].room : 0;
            wall.len = 0;
            wall.data[0] = '\0';
            wc_contour(&borders, (int)o, &d, kind == WH_KIND_CITY ? &wall : NULL);
            add_row(a, &d, feature, kind, WH_PATH_REGION, x, y, room);
            if (kind == WH_KIND_CITY) {
                add_row(a, &wall, feature, kind, WH_PATH_WALL, x, y, room);
                /* The cathedral at the heart of the city, its arms beside it. */
                double sx = x, sy = y;
                if (g->marks[o] & WH_MARK_CATHEDRAL) {
                    add_symbol(a, g, feature, kind, WH_PATH_CATHEDRAL, x, y - 10, 0);
                    sy += 8;
                }
                /* Each coat of arms wholly inside the city, clear of its
                ** wall: a shield is 12 by 14, the wall's stroke 3.5. */
                for (int k = 0; k < g->arms[o]; k++) {
                    double ax, ay;
                    free_spot(&r, g, a, first_row, (int)o, WH_PATH_ARMS, ARMS_RADIUS, 18, sx + 16 + 14 * k, sy - 14, &ax, &ay);
                    add_symbol(a, g, feature, kind, WH_PATH_ARMS, ax, ay, 0);
                }
                /* Goods and the princess near the heart, where the arms
                ** are not: the meeple stands at the heart. */
                for (size_t k = 0; k < sizeof city_marks / sizeof *city_marks; k++)
                    if (g->marks[o] & city_marks[k].mark) {
                        double mx, my;
                        free_spot(&r, g, a, first_row, (int)o, city_marks[k].role, 9, 18, sx - 16, sy - 14, &mx, &my);
                        add_symbol(a, g, feature, kind, city_marks[k].role, mx, my, 0);
                    }
            } else if (kind == WH_KIND_AREA) {
                add_symbol(a, g, feature, kind, WH_PATH_EMBLEM, x, y, room);
            }
        } else if (is_line(kind)) {
            const road_info *ri = &roads[o];
            stroke_path(ri->s, ri->n, &d);
            /* its name and its figure on its longest stroke, halfway */
            double x = cx, y = cy, longest = -1;
            for (size_t k = 0; k < ri->n; k++) {
                const stroke *sk = &ri->s[k];
                double len = hypot(sk->x1 - sk->x0, sk->y1 - sk->y0);
                if (len > longest + 1e-9) {
                    longest = len;
                    stroke_at(sk, 0.5, &x, &y);
                }
            }
            add_row(a, &d, feature, kind, WH_PATH_LINE, x, y, 5);
            if ((g->tunnel & BIT(o)) && ri->n) {
                d.len = 0;
                if (d.data)
                    d.data[0] = '\0';
                underground(&r, g, ri, &d, &x, &y);
                if (d.len)
                    add_row(a, &d, feature, kind, WH_PATH_TUNNEL, x, y, 0);
            }
            if ((g->marks[o] & WH_MARK_INN) && ri->n) {
                /* beside the road, on the side of the centre */
                double ix, iy, ex, ey;
                stroke_at(&ri->s[0], 0.55, &ix, &iy);
                stroke_at(&ri->s[0], 0.65, &ex, &ey);
                double len = hypot(ex - ix, ey - iy);
                double nx = len > 0 ? -(ey - iy) / len : 0, ny = len > 0 ? (ex - ix) / len : 0;
                if ((cx - ix) * nx + (cy - iy) * ny < 0)
                    nx = -nx, ny = -ny;
                add_symbol(a, g, feature, kind, WH_PATH_INN, ix + nx * 13, iy + ny * 13, 0);
            }
        } else if (kind == WH_KIND_MONASTERY) {
            double mx, my;
            inner_point(&r, g, o, &mx, &my);
            add_symbol(a, g, feature, kind, WH_PATH_MONASTERY, mx, my, 14);
        } else if (kind == WH_KIND_GARDEN) {
            add_symbol(a, g, feature, kind, WH_PATH_GARDEN, cx + 24, cy + 24, 9);
        } else if (kind == WC_KIND_JUNCTION) {
            double jx, jy;
            inner_point(&r, g, o, &jx, &jy);
            add_row(a, NULL, -1, -1, WH_PATH_JUNCTION, jx, jy, 0);
        }
    }
    /* The tile's symbols last, where nothing else drawn is. */
    for (size_t k = 0; k < sizeof tile_marks / sizeof *tile_marks; k++)
        if (g->tile_marks & tile_marks[k].mark) {
            double x, y;
            free_spot(&r, g, a, first_row, -1, tile_marks[k].role, 12, 45, (g->x[0] + 0.5) * 100, (g->y[0] + 0.5) * 100, &x, &y);
            add_symbol(a, g, -1, -1, tile_marks[k].role, x, y, 0);
        }
    free(roads);
    wc_raster_free(&r);
    wc_buf_free(&d);
    wc_buf_free(&wall);
}
