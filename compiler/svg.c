/*
** svg.c -- a tile drawn as SVG from its planar model; see svg.h.
**
** Regions are grown on a grid of GRID x GRID cells per square: each cell
** goes to the nearest anchor of a city, field or area present on that
** square (a segment it owns on the square's outline, the middle of an
** internal side it crosses, the square's centre when it is only `on` it).
** City anchors count as farther away, so that cities stay caps along their
** walls.  All drawing happens in rotation-0 units and is turned point by
** point, so that text stays upright.  Output is deterministic.
*/
#include "svg.h"

#include <stdio.h>
#include <string.h>

#define GRID 20
#define CELL (WC_SVG_UNIT / GRID)
#define BIT(i) (UINT64_C(1) << (i))

static const char *const field_colours[] = {"#a5d46a", "#6fb43f", "#cfe59b", "#4f9a34", "#bcd35c", "#88c98f",
                                            "#dbe98a", "#5fae66"};
#define CITY_COLOUR "#c98b4b"
#define WALL_COLOUR "#6e4218"
#define ROAD_COLOUR "#f7f3e3"
#define ROAD_EDGE   "#5a5a5a"
#define RIVER_COLOUR "#5aa9e6"
#define RIVER_EDGE  "#2f6fa3"
#define AREA_COLOUR "#b39ddb"
#define MONASTERY_COLOUR "#c0392b"
#define GARDEN_COLOUR "#2e7d32"
#define BAD_COLOUR  "#e00000"

static int round_int(double v)
{
    return (int)(v < 0 ? v - 0.5 : v + 0.5);
}

static double absd(double v)
{
    return v < 0 ? -v : v;
}

typedef struct frame {
    int r;          /* quarter turns clockwise */
    int ox, oy;     /* translation after turning, in pixels */
} frame;

/* Turn a rotation-0 point (pixels, origin at the footprint's (0,0)) and place it. */
static void place(const frame *f, double x, double y, double *px, double *py)
{
    for (int k = 0; k < f->r; k++) {
        double nx = -y, ny = x;
        x = nx;
        y = ny;
    }
    *px = x + f->ox;
    *py = y + f->oy;
}

static void bounds(const wc_geom *g, int r, int *minx, int *miny, int *maxx, int *maxy)
{
    frame f0 = {r, 0, 0};
    *minx = *miny = 1 << 20;
    *maxx = *maxy = -(1 << 20);
    for (size_t i = 0; i < g->n_sq; i++)
        for (int c = 0; c < 4; c++) {
            double x, y;
            place(&f0, (g->x[i] + (c & 1)) * WC_SVG_UNIT, (g->y[i] + (c >> 1)) * WC_SVG_UNIT, &x, &y);
            int ix = round_int(x), iy = round_int(y);
            if (ix < *minx) *minx = ix;
            if (iy < *miny) *miny = iy;
            if (ix > *maxx) *maxx = ix;
            if (iy > *maxy) *maxy = iy;
        }
}

void wc_svg_size(const wc_geom *g, int rotation, int *width, int *height)
{
    int minx, miny, maxx, maxy;
    bounds(g, rotation & 3, &minx, &miny, &maxx, &maxy);
    *width = maxx - minx + 2 * WC_SVG_MARGIN;
    if (*width < 320) /* room for the caption */
        *width = 320;
    *height = maxy - miny + 2 * WC_SVG_MARGIN + WC_SVG_CAPTION;
}

static frame make_frame(const wc_geom *g, int rotation)
{
    int minx, miny, maxx, maxy;
    bounds(g, rotation & 3, &minx, &miny, &maxx, &maxy);
    return (frame){rotation & 3, WC_SVG_MARGIN - minx, WC_SVG_MARGIN - miny};
}

static void escape(wc_buf *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': wc_buf_puts(out, "&amp;"); break;
        case '<': wc_buf_puts(out, "&lt;"); break;
        case '>': wc_buf_puts(out, "&gt;"); break;
        case '"': wc_buf_puts(out, "&quot;"); break;
        default:
            if ((unsigned char)*s < 0x20)
                wc_buf_printf(out, "&#x%x;", (unsigned)(unsigned char)*s);
            else
                wc_buf_append(out, s, 1);
        }
}

/* Where slot `slot` of side `dir` lies on the square at (sx, sy), in pixels (rotation 0). */
static void slot_point(int sx, int sy, int dir, int slot, double inset, double *x, double *y)
{
    double t = slot == WH_SLOT_L ? 0.25 : slot == WH_SLOT_M ? 0.5 : 0.75;
    double u = WC_SVG_UNIT;
    double x0 = sx * u, y0 = sy * u;
    switch (dir) {
    case WH_DIR_N: *x = x0 + t * u; *y = y0 + inset; break;
    case WH_DIR_E: *x = x0 + u - inset; *y = y0 + t * u; break;
    case WH_DIR_S: *x = x0 + (1 - t) * u; *y = y0 + u - inset; break;
    default: *x = x0 + inset; *y = y0 + (1 - t) * u; break;
    }
}

static bool is_region(int kind)
{
    return kind == WH_KIND_CITY || kind == WH_KIND_FIELD || kind == WH_KIND_AREA;
}

typedef struct anchor {
    double x, y, weight;
    int    obj;
} anchor;

/* The anchors of the regions on square i. */
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
                double x, y;
                slot_point(g->x[i], g->y[i], d, s, 0, &x, &y);
                a[n++] = (anchor){x, y, g->obj_kind[o] == WH_KIND_CITY ? 1.35 : 1.0, o};
                placed |= BIT(o);
                if (g->obj_kind[o] == WH_KIND_CITY) /* a whole city side */
                    for (int e = 0; e < 2; e++) {
                        slot_point(g->x[i], g->y[i], d, e ? WH_SLOT_R : WH_SLOT_L, 0, &x, &y);
                        a[n++] = (anchor){x, y, 1.35, o};
                    }
            }
            continue;
        }
        int j = g->nb[i][d];
        if (j < 0)
            continue; /* a perimeter side the file never described: nothing owns it */
        size_t across = 0, at = 0;
        for (size_t o = 0; o < g->n_obj; o++)
            across += is_region(g->obj_kind[o]) && (g->links[o][i] & (1u << j));
        for (size_t o = 0; o < g->n_obj; o++) {
            if (!is_region(g->obj_kind[o]) || !(g->links[o][i] & (1u << j)))
                continue;
            double t = (double)(++at) / (double)(across + 1), x, y;
            double u = WC_SVG_UNIT, x0 = g->x[i] * u, y0 = g->y[i] * u;
            /* Clockwise along the side, as the slots run. */
            switch (d) {
            case WH_DIR_N: x = x0 + t * u; y = y0; break;
            case WH_DIR_E: x = x0 + u; y = y0 + t * u; break;
            case WH_DIR_S: x = x0 + (1 - t) * u; y = y0 + u; break;
            default: x = x0; y = y0 + (1 - t) * u; break;
            }
            a[n++] = (anchor){x, y, g->obj_kind[o] == WH_KIND_CITY ? 1.35 : 1.0, (int)o};
            placed |= BIT(o);
        }
    }
    for (size_t o = 0; o < g->n_obj; o++)
        if (is_region(g->obj_kind[o]) && (g->mask[o] & (1u << i)) &&
            (!(placed & BIT(o)) || g->obj_kind[o] == WH_KIND_AREA)) { /* the area is a blob on each of its squares */
            double u = WC_SVG_UNIT;
            double w = g->obj_kind[o] == WH_KIND_AREA ? 0.8 : 0.6;
            a[n++] = (anchor){(g->x[i] + 0.5) * u, (g->y[i] + 0.5) * u, w, (int)o};
        }
    return n;
}

static const char *region_colour(const wc_geom *g, int o)
{
    if (g->obj_kind[o] == WH_KIND_CITY)
        return CITY_COLOUR;
    if (g->obj_kind[o] == WH_KIND_AREA)
        return AREA_COLOUR;
    int k = 0;
    for (int j = 0; j < o; j++)
        k += g->obj_kind[j] == WH_KIND_FIELD;
    return field_colours[k % (int)(sizeof field_colours / sizeof *field_colours)];
}

typedef struct label_sum {
    double x, y;
    int    n;
} label_sum;

static void draw_regions(const wc_geom *g, const frame *f, wc_buf *out, label_sum *sums)
{
    static const int none = -1;
    int owner[WH_MAX_SQUARES][GRID][GRID];
    for (size_t i = 0; i < g->n_sq; i++) {
        anchor a[WC_MAX_SEGMENTS + WC_MAX_OBJECTS * 4];
        size_t n = square_anchors(g, i, a);
        for (int cy = 0; cy < GRID; cy++)
            for (int cx = 0; cx < GRID; cx++) {
                double px = g->x[i] * WC_SVG_UNIT + (cx + 0.5) * CELL, py = g->y[i] * WC_SVG_UNIT + (cy + 0.5) * CELL;
                double best = 1e18;
                int who = none;
                for (size_t k = 0; k < n; k++) {
                    double dx = px - a[k].x, dy = py - a[k].y;
                    double dist = (dx * dx + dy * dy) * a[k].weight * a[k].weight;
                    if (dist < best) {
                        best = dist;
                        who = a[k].obj;
                    }
                }
                owner[i][cy][cx] = who;
                if (who >= 0) {
                    sums[who].x += px;
                    sums[who].y += py;
                    sums[who].n++;
                }
            }
    }
    /* One path per region: its cells, row runs merged. */
    for (size_t o = 0; o < g->n_obj; o++) {
        if (!is_region(g->obj_kind[o]) || !sums[o].n)
            continue;
        wc_buf_printf(out, "<path class=\"%s\" data-feature=\"%s\" fill=\"%s\" d=\"", wc_kind_word(g->obj_kind[o]),
                      g->obj_name[o], region_colour(g, (int)o));
        for (size_t i = 0; i < g->n_sq; i++)
            for (int cy = 0; cy < GRID; cy++)
                for (int cx = 0; cx < GRID;) {
                    if (owner[i][cy][cx] != (int)o) {
                        cx++;
                        continue;
                    }
                    int end = cx;
                    while (end < GRID && owner[i][cy][end] == (int)o)
                        end++;
                    double x0, y0, x1, y1;
                    place(f, g->x[i] * WC_SVG_UNIT + cx * CELL, g->y[i] * WC_SVG_UNIT + cy * CELL, &x0, &y0);
                    place(f, g->x[i] * WC_SVG_UNIT + end * CELL, g->y[i] * WC_SVG_UNIT + (cy + 1) * CELL, &x1, &y1);
                    double lx = x0 < x1 ? x0 : x1, ly = y0 < y1 ? y0 : y1;
                    wc_buf_printf(out, "M%.0f %.0fh%.0fv%.0fh-%.0fz", lx, ly, absd(x1 - x0), absd(y1 - y0),
                                  absd(x1 - x0));
                    cx = end;
                }
        wc_buf_printf(out, "\"%s/>\n", g->bad_obj[o] ? " stroke=\"" BAD_COLOUR "\" stroke-width=\"1\"" : "");
    }
}

/* Where a road's or city's path goes inside square i: its centre. */
static void centre(const wc_geom *g, size_t i, double *x, double *y)
{
    *x = (g->x[i] + 0.5) * WC_SVG_UNIT;
    *y = (g->y[i] + 0.5) * WC_SVG_UNIT;
}

static void line(wc_buf *out, const frame *f, double x0, double y0, double x1, double y1)
{
    double a, b, c, d;
    place(f, x0, y0, &a, &b);
    place(f, x1, y1, &c, &d);
    wc_buf_printf(out, "M%.1f %.1fL%.1f %.1f", a, b, c, d);
}

static int first_square(uint16_t mask)
{
    return mask ? __builtin_ctz(mask) : 0;
}

/* A road: each open end to its square's centre, centres joined along its
** crossings, and its last square's centre to what it ends at. */
static void draw_road(const wc_geom *g, const frame *f, size_t o, wc_buf *out, double *lx, double *ly)
{
    wc_buf path;
    wc_buf_init(&path);
    bool have_label = false;
    for (size_t k = 0; k < g->n_sides; k++) {
        if (g->claim[k][WH_SLOT_M] != (int)o)
            continue;
        double x, y, cx, cy;
        slot_point(g->x[g->side_sq[k]], g->y[g->side_sq[k]], g->side_dir[k], WH_SLOT_M, 0, &x, &y);
        centre(g, g->side_sq[k], &cx, &cy);
        line(&path, f, x, y, cx, cy);
        if (!have_label) {
            place(f, (x + cx) / 2, (y + cy) / 2, lx, ly);
            have_label = true;
        }
    }
    for (size_t i = 0; i < g->n_sq; i++)
        for (size_t j = i + 1; j < g->n_sq; j++)
            if (g->links[o][i] & (1u << j)) {
                double ax, ay, bx, by;
                centre(g, i, &ax, &ay);
                centre(g, j, &bx, &by);
                line(&path, f, ax, ay, bx, by);
            }
    for (size_t x = 0; x < g->n_obj; x++) {
        if (!(g->ends[o] & BIT(x)))
            continue;
        uint16_t shared = g->mask[o] & g->mask[x];
        if (!shared)
            continue;
        int i = first_square(shared);
        double ax, ay, bx, by;
        centre(g, (size_t)i, &ax, &ay);
        bx = ax;
        by = ay;
        if (g->obj_kind[x] == WH_KIND_CITY) /* to the city gate: toward its nearest wall */
            for (int d = 0; d < 4; d++) {
                int k = g->side_of[i][d];
                if (k >= 0 && g->claim[k][WH_SLOT_M] == (int)x) {
                    slot_point(g->x[i], g->y[i], d, WH_SLOT_M, WC_SVG_UNIT * 0.3, &bx, &by);
                    break;
                }
            }
        line(&path, f, ax, ay, bx, by);
    }
    if (!have_label) {
        double cx, cy;
        centre(g, (size_t)first_square(g->mask[o]), &cx, &cy);
        place(f, cx, cy, lx, ly);
    }
    /* a river is a road's drawing in water colours, wider */
    bool river = g->obj_kind[o] == WH_KIND_RIVER;
    const char *edge = g->bad_obj[o] ? BAD_COLOUR : river ? RIVER_EDGE : ROAD_EDGE;
    const char *kind = river ? "river" : "road";
    wc_buf_printf(out, "<path class=\"%s-edge\" d=\"%s\" stroke=\"%s\" stroke-width=\"%d\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
                  kind, path.data ? path.data : "", edge, river ? 20 : 14);
    wc_buf_printf(out, "<path class=\"%s\" data-feature=\"%s\" d=\"%s\" stroke=\"%s\" stroke-width=\"%d\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
                  kind, g->obj_name[o], path.data ? path.data : "", river ? RIVER_COLOUR : ROAD_COLOUR, river ? 15 : 9);
    wc_buf_free(&path);
}

static void draw_outline(const wc_geom *g, const frame *f, wc_buf *out)
{
    /* Internal sides, faint and dashed; then the perimeter, with city walls thick. */
    for (size_t i = 0; i < g->n_sq; i++)
        for (int d = 1; d <= 2; d++)
            if (g->nb[i][d] >= 0) {
                double x0, y0, x1, y1;
                slot_point(g->x[i], g->y[i], d, WH_SLOT_L, 0, &x0, &y0);
                slot_point(g->x[i], g->y[i], d, WH_SLOT_R, 0, &x1, &y1);
                double ex = (x1 - x0) * 1.0, ey = (y1 - y0) * 1.0;
                wc_buf_printf(out, "<path d=\"");
                line(out, f, x0 - ex / 2, y0 - ey / 2, x1 + ex / 2, y1 + ey / 2);
                wc_buf_printf(out, "\" stroke=\"#ffffff\" stroke-opacity=\"0.7\" stroke-dasharray=\"4 4\" fill=\"none\"/>\n");
            }
    for (size_t k = 0; k < g->n_sides; k++) {
        int sq = g->side_sq[k], d = g->side_dir[k];
        double x0, y0, x1, y1;
        slot_point(g->x[sq], g->y[sq], d, WH_SLOT_L, 0, &x0, &y0);
        slot_point(g->x[sq], g->y[sq], d, WH_SLOT_R, 0, &x1, &y1);
        double ex = (x1 - x0), ey = (y1 - y0);
        bool city = g->side_edge[k] == WH_EDGE_CITY;
        wc_buf_printf(out, "<path d=\"");
        line(out, f, x0 - ex / 2, y0 - ey / 2, x1 + ex / 2, y1 + ey / 2);
        wc_buf_printf(out, "\" stroke=\"%s\" stroke-width=\"%d\" fill=\"none\" stroke-linecap=\"square\"/>\n",
                      city ? WALL_COLOUR : "#222222", city ? 4 : 2);
        for (int s = 0; s < WH_N_SLOTS; s++) {
            if (!g->bad_segment[k][s])
                continue;
            double a0, b0, a1, b1, t0 = s == WH_SLOT_L ? -0.5 : s == WH_SLOT_M ? -0.15 : 0.15;
            double t1 = s == WH_SLOT_L ? -0.15 : s == WH_SLOT_M ? 0.15 : 0.5;
            double mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
            a0 = mx + ex * t0 * 2;
            b0 = my + ey * t0 * 2;
            a1 = mx + ex * t1 * 2;
            b1 = my + ey * t1 * 2;
            wc_buf_printf(out, "<path class=\"bad\" d=\"");
            line(out, f, a0, b0, a1, b1);
            wc_buf_printf(out, "\" stroke=\"" BAD_COLOUR "\" stroke-width=\"8\" fill=\"none\"/>\n");
        }
    }
}

/* The rules page's red circles: where two neighbours on the outline are
** declared separated, a red ring at the point between their segments. */
static void draw_separations(const wc_geom *g, const frame *f, wc_buf *out)
{
    for (size_t i = 0; i < g->n_cycle; i++) {
        const wc_segment a = g->cycle[i], b = g->cycle[(i + 1) % g->n_cycle];
        int p = g->claim[a.side][a.slot], q = g->claim[b.side][b.slot];
        if (p < 0 || q < 0 || p == q || !(g->separated[p] & BIT(q)))
            continue;
        double x0, y0, x1, y1, x, y;
        slot_point(g->x[g->side_sq[a.side]], g->y[g->side_sq[a.side]], g->side_dir[a.side], a.slot, 0, &x0, &y0);
        slot_point(g->x[g->side_sq[b.side]], g->y[g->side_sq[b.side]], g->side_dir[b.side], b.slot, 0, &x1, &y1);
        place(f, (x0 + x1) / 2, (y0 + y1) / 2, &x, &y);
        wc_buf_printf(out, "<circle class=\"separation\" cx=\"%.1f\" cy=\"%.1f\" r=\"9\" stroke=\"" BAD_COLOUR "\" stroke-width=\"3\" fill=\"none\"><title>%s | %s: separated</title></circle>\n",
                      x, y, g->obj_name[p], g->obj_name[q]);
    }
}

static void text(wc_buf *out, double x, double y, const char *s, bool bad, int size)
{
    wc_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">",
                  x, y, size, bad ? BAD_COLOUR : "#111111");
    escape(out, s);
    if (bad)
        wc_buf_puts(out, " (!)");
    wc_buf_puts(out, "</text>\n");
}

void wc_svg_tile(const wc_geom *g, int rotation, wc_buf *out)
{
    int w, h;
    wc_svg_size(g, rotation, &w, &h);
    frame f = make_frame(g, rotation);
    wc_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n<title>",
                  w, h, w, h);
    escape(out, g->id);
    wc_buf_puts(out, " ");
    escape(out, g->name);
    wc_buf_puts(out, "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");

    label_sum sums[WC_MAX_OBJECTS];
    memset(sums, 0, sizeof sums);
    draw_regions(g, &f, out, sums);
    double road_x[WC_MAX_OBJECTS] = {0}, road_y[WC_MAX_OBJECTS] = {0};
    for (size_t o = 0; o < g->n_obj; o++) /* rivers first: a road crosses on a bridge */
        if (g->obj_kind[o] == WH_KIND_RIVER)
            draw_road(g, &f, o, out, &road_x[o], &road_y[o]);
    for (size_t o = 0; o < g->n_obj; o++)
        if (g->obj_kind[o] == WH_KIND_ROAD)
            draw_road(g, &f, o, out, &road_x[o], &road_y[o]);
    draw_outline(g, &f, out);
    draw_separations(g, &f, out);

    /* Buildings and junctions, then every name. */
    for (size_t o = 0; o < g->n_obj; o++) {
        int kind = g->obj_kind[o];
        if (kind != WH_KIND_MONASTERY && kind != WC_KIND_JUNCTION && kind != WH_KIND_GARDEN)
            continue;
        double cx, cy, x, y;
        centre(g, (size_t)first_square(g->mask[o]), &cx, &cy);
        if (kind == WH_KIND_GARDEN) /* off the centre, where roads and monasteries are */
            cx += WC_SVG_UNIT * 0.24, cy += WC_SVG_UNIT * 0.24;
        place(&f, cx, cy, &x, &y);
        if (kind == WH_KIND_GARDEN)
            wc_buf_printf(out, "<g class=\"garden\" data-feature=\"%s\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"" GARDEN_COLOUR "\" stroke=\"#1b4d1e\" stroke-width=\"1.5\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#f4d03f\"/></g>\n",
                          g->obj_name[o], x, y, x, y);
        else if (kind == WH_KIND_MONASTERY)
            wc_buf_printf(out, "<path class=\"monastery\" data-feature=\"%s\" d=\"M%.1f %.1fh24v-18l-12-10l-12 10z\" fill=\"" MONASTERY_COLOUR "\" stroke=\"#4a0e0e\" stroke-width=\"1.5\"/>\n",
                          g->obj_name[o], x - 12, y + 10);
        else
            wc_buf_printf(out, "<rect class=\"junction\" x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"#555555\"/>\n",
                          x - 6, y - 6);
    }
    for (size_t o = 0; o < g->n_obj; o++) {
        double x, y;
        int kind = g->obj_kind[o];
        if (kind == WH_KIND_ROAD || kind == WH_KIND_RIVER) {
            x = road_x[o];
            y = road_y[o] + 4;
        } else if (is_region(kind) && sums[o].n) {
            place(&f, sums[o].x / sums[o].n, sums[o].y / sums[o].n, &x, &y);
            /* A region round a monastery is named beside the building, not on it. */
            for (size_t b = 0; b < g->n_obj; b++) {
                int bk = g->obj_kind[b];
                double bx, by, ax, ay;
                if (bk != WH_KIND_MONASTERY)
                    continue;
                centre(g, (size_t)first_square(g->mask[b]), &bx, &by);
                place(&f, bx, by, &ax, &ay);
                if ((x - ax) * (x - ax) + (y - ay) * (y - ay) < 26 * 26) {
                    x = ax - 26;
                    y = ay + 30;
                }
            }
        } else { /* a building or junction: its name to its right */
            double cx, cy;
            centre(g, (size_t)first_square(g->mask[o]), &cx, &cy);
            if (kind == WH_KIND_GARDEN)
                cx += WC_SVG_UNIT * 0.24, cy += WC_SVG_UNIT * 0.24;
            place(&f, cx, cy, &x, &y);
            x += kind == WH_KIND_GARDEN ? 12 : 30;
            y -= kind == WH_KIND_GARDEN ? 12 : 8;
        }
        text(out, x, y, g->obj_name[o], g->bad_obj[o], 11);
        if (kind == WH_KIND_CITY && g->arms[o])
            for (int k = 0; k < g->arms[o]; k++)
                wc_buf_printf(out, "<path class=\"arms\" d=\"M%.1f %.1fh12v8l-6 6l-6-6z\" fill=\"#1f4fbf\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n",
                              x - 6 + 14 * k, y + 4);
    }
    /* Square names, small, in the corner of each square. */
    if (g->n_sq > 1)
        for (size_t i = 0; i < g->n_sq; i++) {
            double x, y;
            place(&f, (g->x[i] + 0.5) * WC_SVG_UNIT, (g->y[i] + 0.5) * WC_SVG_UNIT, &x, &y);
            wc_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#333333\" fill-opacity=\"0.6\" text-anchor=\"middle\">", x, y - 30);
            escape(out, g->sq_name[i]);
            wc_buf_puts(out, "</text>\n");
        }
    wc_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"%s\">", WC_SVG_MARGIN, h - 10,
                  g->failed ? BAD_COLOUR : "#111111");
    escape(out, g->id);
    wc_buf_puts(out, " \xe2\x80\x94 ");
    escape(out, g->name);
    if (rotation & 3)
        wc_buf_printf(out, " (turned %d\xc2\xb0)", 90 * (rotation & 3));
    if (g->failed)
        wc_buf_puts(out, " \xe2\x80\x94 fails its checks");
    wc_buf_puts(out, "</text>\n</svg>\n");
}
