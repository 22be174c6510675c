/*
** tile_art.c -- the one renderer of tiles; see tile_art.h.
**
** Output is deterministic: rows are drawn in passes of a fixed order, and
** every number is printed with one decimal at most.
*/
#include "tile_art.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CITY_COLOUR   "#c98b4b"
#define ROAD_EDGE     "#5a5a5a"
#define BAD_COLOUR    "#e00000"

#define PX_(n) #n "px"
#define PX(n)  PX_(n)

/* The tiles' paint, by class: said once for a whole board or page rather
** than on each of the thousand paths.  Eight greens, so that the fields of
** a tile tell apart (t1..t7 on the second field and later). */
static const char art_css[] =
    ".tile-art{stroke-linejoin:round}\n"
    ".tile-art .ground{fill:#b7d77f}\n"
    ".tile-art .field{fill:#a5d46a}\n"
    ".tile-art .t1{fill:#6fb43f}.tile-art .t2{fill:#cfe59b}.tile-art .t3{fill:#4f9a34}\n"
    ".tile-art .t4{fill:#bcd35c}.tile-art .t5{fill:#88c98f}.tile-art .t6{fill:#dbe98a}.tile-art .t7{fill:#5fae66}\n"
    ".tile-art .city{fill:" CITY_COLOUR ";stroke:#6e4218;stroke-width:3.5}\n"
    ".tile-art .bare{stroke:none}\n"
    ".tile-art .area{fill:#b39ddb}\n"
    ".tile-art .wall{fill:none;stroke:#6e4218;stroke-width:3.5}\n"
    ".tile-art .road-edge{fill:none;stroke:" ROAD_EDGE ";stroke-width:12}\n"
    ".tile-art .road{fill:none;stroke:#f7f3e3;stroke-width:7}\n"
    ".tile-art .river-edge{fill:none;stroke:#2f6fa3;stroke-width:18}\n"
    ".tile-art .river{fill:none;stroke:#5aa9e6;stroke-width:13}\n"
    ".tile-art .outline{fill:none;stroke:#222;stroke-width:1.5}\n"
    ".tile-art .outline.wonder{stroke-width:4}\n"
    ".labels{font-size:" PX(WU_LABEL_FONT) ";text-anchor:middle;fill:#111;stroke:#fff;stroke-width:3px;stroke-linejoin:round;paint-order:stroke}\n"
    ".keys{font-size:" PX(WU_LABEL_FONT) ";fill:#111}.keys .key-title{font-weight:bold}\n";

#define N_TINTS 8
/* How far a wall's stroke stops short of the tile's edge: its half-width. */
#define WALL_INSET 1.75
/* The key list's heading: what the numbers on a tile stand for. */
#define KEY_TITLE "names"

const char *wu_art_css(void)
{
    return art_css;
}

static void put(wu_out *o, const char *s)
{
    o->write(o->ctx, s, strlen(s));
}

/* A number with one decimal at most: "12.5", "-3", "40". */
static void num(char *buf, size_t size, double v)
{
    long t = lround(v * 10);
    const char *sign = t < 0 ? "-" : "";
    t = t < 0 ? -t : t;
    if (t % 10)
        snprintf(buf, size, "%s%ld.%ld", sign, t / 10, t % 10);
    else
        snprintf(buf, size, "%s%ld", sign, t / 10);
}

wu_art wu_tile_art(const wh_tileset_t *set, uint32_t tile)
{
    wu_art a = {NULL, 0, ""};
    if (!set->paths || !set->tile_paths || tile >= set->n_tiles)
        return a;
    a.paths = set->paths + set->tile_paths[tile];
    a.n = set->tile_paths[tile + 1] - set->tile_paths[tile];
    a.data = set->path_data;
    return a;
}

void wu_place_point(const wu_place *p, double ux, double uy, double *x, double *y)
{
    double dx = ux - p->px, dy = uy - p->py;
    for (int k = 0; k < (p->rotation & 3); k++) {
        double t = dx;
        dx = -dy;
        dy = t;
    }
    *x = p->x + dx * p->scale;
    *y = p->y + dy * p->scale;
}

/* One coordinate in tenths of a tile unit, and its text ("-3", "12.5"). */
static long tenths(const char **d)
{
    char *end;
    double v = strtod(*d, &end);
    *d = end;
    return lround(v * 10);
}

static void put_tenths(wu_out *o, long t)
{
    char buf[32];
    num(buf, sizeof buf, t / 10.0);
    put(o, buf);
}

/* A command's numbers: a space between two, none before a minus sign. */
typedef struct pen {
    wu_out *o;
    char    last; /* the command letter written last: a repeat is left out */
} pen;

static void pen_command(pen *w, char cmd, const long *v, int n)
{
    char c[2] = {cmd, '\0'};
    if (cmd != w->last || cmd == 'm' || cmd == 'M')
        put(w->o, c);
    else if (v[0] >= 0)
        put(w->o, " ");
    for (int i = 0; i < n; i++) {
        if (i > 0 && v[i] >= 0)
            put(w->o, " ");
        put_tenths(w->o, v[i]);
    }
    w->last = cmd;
}

void wu_path_data(wu_out *o, const char *d)
{
    pen w = {o, '\0'};
    long cx = 0, cy = 0, sx = 0, sy = 0;
    bool first = true;
    while (*d) {
        char cmd = *d++;
        if (cmd == ' ')
            continue;
        if (cmd == 'Z' || cmd == 'z') {
            put(o, "z");
            w.last = 'z';
            cx = sx, cy = sy;
            continue;
        }
        long x = tenths(&d), y = tenths(&d);
        if (cmd == 'M') {
            long v[2] = {first ? x : x - cx, first ? y : y - cy};
            pen_command(&w, first ? 'M' : 'm', v, 2);
            sx = cx = x, sy = cy = y;
        } else if (cmd == 'L') {
            long v[2] = {x - cx, y - cy};
            if (v[1] == 0 && v[0] != 0)
                pen_command(&w, 'h', v, 1);
            else if (v[0] == 0)
                pen_command(&w, 'v', v + 1, 1);
            else
                pen_command(&w, 'l', v, 2);
            cx = x, cy = y;
        } else { /* 'Q': the control point, then the end */
            long ex = tenths(&d), ey = tenths(&d);
            long v[4] = {x - cx, y - cy, ex - cx, ey - cy};
            pen_command(&w, 'q', v, 4);
            cx = ex, cy = ey;
        }
        first = false;
    }
}

static void path_d(wu_out *o, const wu_art *a, const wh_path_t *r)
{
    put(o, " d=\"");
    wu_path_data(o, a->data + r->d);
    put(o, "\"/>\n");
}

static void feature_attr(wu_out *o, const wh_path_t *r, const char *const *names)
{
    if (r->feature == WH_NONE)
        return;
    if (names && names[r->feature]) {
        put(o, " data-feature=\"");
        wu_xml_text(o, names[r->feature]);
        put(o, "\"");
    } else {
        wu_print(o, " data-local=\"%u\"", r->feature);
    }
}

/* A style attribute, not a presentation one: the style sheet would win over that. */
static const char *bad_stroke(const wh_path_t *r, const bool *bad)
{
    return bad && r->feature != WH_NONE && bad[r->feature] ? " style=\"stroke:" BAD_COLOUR ";stroke-width:3;stroke-dasharray:none\"" : "";
}

/* A piece of a path as the tables write it, in tenths of a tile unit:
** from (x0, y0) to (x1, y1), through the control point for a curve. */
typedef struct piece {
    long x0, y0, cx, cy, x1, y1;
    bool curve;
} piece;

#define MAX_PIECES 256

/* The pieces of path data @p d (a closing Z adds the line back), at most
** MAX_PIECES; @p subpaths counts its M commands. */
static size_t pieces_of(const char *d, piece *p, int *subpaths)
{
    size_t n = 0;
    long cx = 0, cy = 0, sx = 0, sy = 0;
    *subpaths = 0;
    while (*d && n < MAX_PIECES) {
        char cmd = *d++;
        if (cmd == ' ')
            continue;
        if (cmd == 'Z') {
            if (cx != sx || cy != sy)
                p[n++] = (piece){cx, cy, 0, 0, sx, sy, false};
            cx = sx, cy = sy;
            continue;
        }
        long x = tenths(&d), y = tenths(&d);
        if (cmd == 'M') {
            sx = cx = x, sy = cy = y;
            ++*subpaths;
        } else if (cmd == 'L') {
            p[n++] = (piece){cx, cy, 0, 0, x, y, false};
            cx = x, cy = y;
        } else {
            long ex = tenths(&d), ey = tenths(&d);
            p[n++] = (piece){cx, cy, x, y, ex, ey, true};
            cx = ex, cy = ey;
        }
    }
    return n;
}

static bool same_piece(const piece *a, const piece *b)
{
    bool ends = (a->x0 == b->x0 && a->y0 == b->y0 && a->x1 == b->x1 && a->y1 == b->y1) ||
                (a->x0 == b->x1 && a->y0 == b->y1 && a->x1 == b->x0 && a->y1 == b->y0);
    return ends && a->curve == b->curve && (!a->curve || (a->cx == b->cx && a->cy == b->cy));
}

/* Its length in tile units: a curve by 64 chords, far finer than a pixel. */
static double piece_length(const piece *p)
{
    if (!p->curve)
        return hypot((double)(p->x1 - p->x0), (double)(p->y1 - p->y0)) / 10;
    double len = 0, px = (double)p->x0, py = (double)p->y0;
    for (int k = 1; k <= 64; k++) {
        double t = k / 64.0, u = 1 - t;
        double x = u * u * p->x0 + 2 * u * t * p->cx + t * t * p->x1;
        double y = u * u * p->y0 + 2 * u * t * p->cy + t * t * p->y1;
        len += hypot(x - px, y - py);
        px = x, py = y;
    }
    return len / 10;
}

/* A city's wall is its outline less the stretches on the tile's edge (the
** tables' WALL row for it).  Drawn as the city's own stroke, dashed to
** leave the edge bare, it costs no second copy of the outline, and the
** city and its wall light up together.  Writes the stroke-dasharray
** attribute and returns true when that can be done (the city one closed
** path, its wall pieces all among its own); the caller draws the wall row
** otherwise. */
static bool wall_dashes(wu_out *o, const wu_art *a, const wh_path_t *city)
{
    piece c[MAX_PIECES], w[MAX_PIECES];
    int subpaths, wall_subpaths;
    size_t nc = pieces_of(a->data + city->d, c, &subpaths), nw = 0;
    if (subpaths != 1 || nc == MAX_PIECES)
        return false;
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role == WH_PATH_WALL && r->feature == city->feature && r->d && nw == 0)
            nw = pieces_of(a->data + r->d, w, &wall_subpaths);
    }
    if (nw == 0) { /* the city holds the whole tile: no wall */
        put(o, " class=\"city bare\"");
        return true;
    }
    /* Runs of wall and of edge, in path order, starting with a dash. */
    double run[MAX_PIECES + 2];
    size_t n_runs = 0, matched = 0;
    bool wall_run = true;
    run[0] = 0;
    for (size_t i = 0; i < nc; i++) {
        bool is_wall = false;
        for (size_t k = 0; k < nw && !is_wall; k++)
            is_wall = same_piece(&c[i], &w[k]);
        matched += is_wall;
        if (is_wall != wall_run) {
            run[++n_runs] = 0;
            wall_run = is_wall;
        }
        run[n_runs] += piece_length(&c[i]);
    }
    if (matched != nw)
        return false;
    n_runs++;
    if (n_runs % 2) /* a closing gap: the pattern never repeats on the path */
        run[n_runs++] = 0;
    /* Each dash stops WALL_INSET short of the tile's edge, its stretch of
    ** edge lengthened as much: a stroke that ran on to the corner where it
    ** meets the edge would show its half-width (and its round join) past the
    ** tile's outline.  Runs alternate wall, edge from run[0]; the path's
    ** start is a meeting point too when it starts on the edge. */
    bool starts_on_edge = run[0] == 0;
    for (size_t i = 0; i + 1 < n_runs; i++) {
        size_t wall = i % 2 == 0 ? i : i + 1, edge = i % 2 == 0 ? i + 1 : i;
        if (run[edge] <= 0)
            continue;
        double take = fmin(WALL_INSET, run[wall] / 2);
        run[wall] -= take;
        run[edge] += take;
    }
    /* A path that starts on the edge and ends on a wall: that wall meets
    ** the edge at the path's end. */
    if (starts_on_edge && n_runs >= 2 && run[n_runs - 1] <= 0) {
        double take = fmin(WALL_INSET, run[n_runs - 2] / 2);
        run[n_runs - 2] -= take;
        run[n_runs - 1] += take;
    }
    /* The last edge run meets the first dash where the path starts. */
    double lead = starts_on_edge || run[n_runs - 1] <= 0 ? 0 : fmin(WALL_INSET, run[0] / 2);
    run[0] -= lead;
    put(o, " class=\"city\" stroke-dasharray=\"");
    if (lead > 0) {
        char buf[32];
        num(buf, sizeof buf, lead);
        put(o, "0 ");
        put(o, buf);
        put(o, " ");
    }
    for (size_t i = 0; i < n_runs; i++) {
        char buf[32];
        num(buf, sizeof buf, run[i]);
        put(o, i ? " " : "");
        put(o, buf);
    }
    put(o, "\"");
    return true;
}

static void regions(wu_out *o, const wu_art *a, const char *const *names, const bool *bad, int kind, bool *walled,
                    unsigned flags)
{
    int field = 0;
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role != WH_PATH_REGION)
            continue;
        /* A tile's own fields in tints of their own, to tell apart; on a board
        ** they are told apart by the roads and cities between them, as on the
        ** printed tiles, and a field spanning tiles is one colour. */
        int tint = r->kind == WH_KIND_FIELD && !(flags & WU_ART_BOARD) ? field++ % N_TINTS : 0;
        if (r->kind != kind || !r->d)
            continue;
        put(o, "<path");
        if (kind == WH_KIND_CITY && r->feature != WH_NONE && wall_dashes(o, a, r))
            walled[r->feature] = true;
        else if (tint)
            wu_print(o, " class=\"field t%d\"", tint);
        else
            wu_print(o, " class=\"%s\"", kind == WH_KIND_CITY ? "city" : kind == WH_KIND_AREA ? "area" : "field");
        feature_attr(o, r, names);
        put(o, bad_stroke(r, bad));
        path_d(o, a, r);
    }
}

/* The walls no city could draw as its own dashed stroke. */
static void walls(wu_out *o, const wu_art *a, const bool *walled)
{
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role != WH_PATH_WALL || !r->d || (r->feature != WH_NONE && walled[r->feature]))
            continue;
        put(o, "<path class=\"wall\"");
        path_d(o, a, r);
    }
}

static void lines(wu_out *o, const wu_art *a, const char *const *names, const bool *bad, int kind)
{
    const char *what = kind == WH_KIND_RIVER ? "river" : "road";
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role != WH_PATH_LINE || r->kind != kind || !r->d)
            continue;
        /* Butt ends: a line that ends on the outline stops exactly there. */
        bool is_bad = bad && r->feature != WH_NONE && bad[r->feature];
        wu_print(o, "<path class=\"%s-edge\"%s", what, is_bad ? " style=\"stroke:" BAD_COLOUR "\"" : "");
        path_d(o, a, r);
        wu_print(o, "<path class=\"%s\"", what);
        feature_attr(o, r, names);
        path_d(o, a, r);
    }
}

/* The symbols, drawn round (0, 0) in tile units and turned back upright. */
static const char *symbol(int role, const char **cls)
{
    switch (role) {
    case WH_PATH_MONASTERY:
        *cls = "monastery";
        return "<path d=\"M-12 10h24v-18l-12-10l-12 10z\" fill=\"#c0392b\" stroke=\"#4a0e0e\" stroke-width=\"1.5\"/>"
               "<path d=\"M-3 10v-8h6v8z\" fill=\"#4a0e0e\"/>";
    case WH_PATH_GARDEN:
        *cls = "garden";
        return "<circle r=\"9\" fill=\"#2e7d32\" stroke=\"#1b4d1e\" stroke-width=\"1.5\"/><circle r=\"3.5\" fill=\"#f4d03f\"/>";
    case WH_PATH_JUNCTION:
        *cls = "junction";
        return "<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" fill=\"#555555\"/>";
    case WH_PATH_INN:
        *cls = "inn";
        return "<path d=\"M-8 6h16v-9l-8-6l-8 6z\" fill=\"#f0c419\" stroke=\"#5a3d00\" stroke-width=\"1.2\"/>"
               "<path d=\"M-2 6v-5h4v5z\" fill=\"#5a3d00\"/>";
    case WH_PATH_CATHEDRAL:
        *cls = "cathedral";
        return "<path d=\"M-9 8h18v-10l-4-3v-7h-2v-3h-2v3h-2v7l-4 3z\" fill=\"#ece3d0\" stroke=\"#3b2a12\" stroke-width=\"1.2\"/>";
    case WH_PATH_ARMS:
        *cls = "arms";
        return "<path d=\"M-6 -7h12v8l-6 6l-6-6z\" fill=\"#1f4fbf\" stroke=\"#ffffff\" stroke-width=\"1\"/>";
    case WH_PATH_EMBLEM:
        *cls = "emblem";
        return "<path d=\"M0 -13l3.8 8.2l9 1l-6.7 6.1l1.9 8.9l-8-4.6l-8 4.6l1.9-8.9l-6.7-6.1l9-1z\" fill=\"#f4d03f\" stroke=\"#5e4a8a\" stroke-width=\"1.5\"/>";
    /* Traders & Builders' goods: three small symbols no other mark looks like. */
    case WH_PATH_WINE:
        *cls = "wine";
        return "<path d=\"M0 -5v-4h3\" fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"1.4\"/>"
               "<g fill=\"#7b1fa2\" stroke=\"#3a0a4a\" stroke-width=\"0.8\"><circle cx=\"-4\" cy=\"-3\" r=\"2.6\"/>"
               "<circle cx=\"0\" cy=\"-3\" r=\"2.6\"/><circle cx=\"4\" cy=\"-3\" r=\"2.6\"/>"
               "<circle cx=\"-2\" cy=\"1.4\" r=\"2.6\"/><circle cx=\"2\" cy=\"1.4\" r=\"2.6\"/>"
               "<circle cx=\"0\" cy=\"5.8\" r=\"2.6\"/></g>";
    case WH_PATH_GRAIN:
        *cls = "grain";
        return "<path d=\"M0 9V-5M0 9L-5 1M0 9L5 1\" fill=\"none\" stroke=\"#7a5c00\" stroke-width=\"1.3\"/>"
               "<g fill=\"#f2c230\" stroke=\"#7a5c00\" stroke-width=\"0.8\"><ellipse cy=\"-5\" rx=\"2.4\" ry=\"4.5\"/>"
               "<ellipse cx=\"-5\" cy=\"0\" rx=\"2.2\" ry=\"4\" transform=\"rotate(-35 -5 0)\"/>"
               "<ellipse cx=\"5\" cy=\"0\" rx=\"2.2\" ry=\"4\" transform=\"rotate(35 5 0)\"/></g>";
    case WH_PATH_CLOTH:
        *cls = "cloth";
        return "<path d=\"M-8 -6h13a3 6 0 0 1 0 12h-13z\" fill=\"#4aa3df\" stroke=\"#0b3954\" stroke-width=\"1\"/>"
               "<ellipse cx=\"5\" cy=\"0\" rx=\"3\" ry=\"6\" fill=\"#aed6f1\" stroke=\"#0b3954\" stroke-width=\"1\"/>"
               "<path d=\"M-8 -2h10M-8 2h10\" stroke=\"#ffffff\" stroke-width=\"1\"/>";
    /* The Princess & the Dragon: a crown on her city; the tile's symbols. */
    case WH_PATH_PRINCESS:
        *cls = "princess";
        return "<path d=\"M-8 6h16l2-11l-6 5l-4-8l-4 8l-6-5z\" fill=\"#ff8fc8\" stroke=\"#7a1f4f\" stroke-width=\"1.2\"/>"
               "<circle cy=\"2\" r=\"1.6\" fill=\"#ffffff\"/>";
    case WH_PATH_VOLCANO:
        *cls = "volcano";
        return "<path d=\"M-13 10L-4 -6h8L13 10z\" fill=\"#6d4c41\" stroke=\"#2b1b16\" stroke-width=\"1.3\"/>"
               "<path d=\"M-4 -6l1.5 6l2.5-3l2 5l2-8z\" fill=\"#ff5722\"/>"
               "<path d=\"M-2 -8l-2-4M2 -8l2-4M0 -8v-5\" stroke=\"#ff5722\" stroke-width=\"1.5\"/>";
    case WH_PATH_DRAGON:
        *cls = "dragon";
        return "<path d=\"M0 -3L-4 -9L-6 -3L-13 -6L-9 3H-3L0 9L3 3H9L13 -6L6 -3L4 -9Z\" fill=\"#c62828\" stroke=\"#3e0000\" stroke-width=\"1.2\"/>";
    case WH_PATH_PORTAL:
        *cls = "portal";
        return "<ellipse rx=\"8\" ry=\"11\" fill=\"#2a0845\" stroke=\"#b388ff\" stroke-width=\"2.5\"/>"
               "<ellipse rx=\"4\" ry=\"7\" fill=\"none\" stroke=\"#e1bee7\" stroke-width=\"1.2\"/>";
    /* The Tower: a foundation, a grey stone square with battlements, so it
    ** reads as where a tower will rise and not as a building of a feature. */
    case WH_PATH_TOWER:
        *cls = "tower";
        return "<path d=\"M-9 9V-4h-1v-5h4v3h3v-3h6v3h3v-3h4v5h-1V9z\" fill=\"#b0a999\" stroke=\"#3e3a33\" stroke-width=\"1.2\"/>"
               "<path d=\"M-3 9v-6a3 3 0 0 1 6 0v6\" fill=\"#3e3a33\"/>";
    default:
        *cls = NULL;
        return NULL;
    }
}

/* A road's stretch under a city: the city's colour over it and a dashed
** trace of the road, in the tile's own units (it turns with the tile). */
static void tunnels(wu_out *o, const wu_art *a, const char *const *names)
{
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role != WH_PATH_TUNNEL || !r->d)
            continue;
        put(o, "<g class=\"tunnel\"");
        feature_attr(o, r, names);
        put(o, " fill=\"none\"><path stroke=\"" CITY_COLOUR "\" stroke-width=\"14\" d=\"");
        wu_path_data(o, a->data + r->d);
        put(o, "\"/><path stroke=\"" ROAD_EDGE "\" stroke-width=\"2\" stroke-dasharray=\"4 3\" d=\"");
        wu_path_data(o, a->data + r->d);
        put(o, "\"/></g>\n");
    }
}

static void symbols(wu_out *o, const wu_art *a, const wu_place *p, const char *const *names)
{
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        const char *cls, *body = symbol(r->role, &cls);
        if (!body)
            continue;
        char x[32], y[32];
        num(x, sizeof x, r->x);
        num(y, sizeof y, r->y);
        wu_print(o, "<g class=\"%s\"", cls);
        feature_attr(o, r, names);
        wu_print(o, " transform=\"translate(%s %s)", x, y);
        if (p->rotation & 3)
            wu_print(o, " rotate(%d)", -90 * (p->rotation & 3));
        wu_print(o, "\">%s</g>\n", body);
    }
}

static void outline(wu_out *o, const wu_art *a, bool ground, unsigned flags)
{
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role != WH_PATH_OUTLINE || !r->d)
            continue;
        put(o, ground ? "<path class=\"ground\"" : flags & WU_ART_WONDER ? "<path class=\"outline wonder\""
                                                                        : "<path class=\"outline\"");
        path_d(o, a, r);
    }
}

void wu_draw_tile(wu_out *o, const wu_art *a, const wu_place *p, const char *const *names, const bool *bad,
                  unsigned flags)
{
    /* The transform says only what is not the identity: most tiles of a
    ** gallery are merely moved in by the margin. */
    char x[32], y[32], px[32], py[32];
    num(x, sizeof x, p->x);
    num(y, sizeof y, p->y);
    num(px, sizeof px, -p->px);
    num(py, sizeof py, -p->py);
    put(o, "<g class=\"tile-art\" transform=\"");
    wu_print(o, "translate(%s %s)", x, y);
    if (p->rotation & 3)
        wu_print(o, " rotate(%d)", 90 * (p->rotation & 3));
    if (p->scale != 1)
        wu_print(o, " scale(%g)", p->scale);
    if (p->px != 0 || p->py != 0)
        wu_print(o, " translate(%s %s)", px, py);
    put(o, "\">\n");
    bool walled[256] = {false}; /* by local feature: its wall drawn with the city */
    outline(o, a, true, flags);
    regions(o, a, names, bad, WH_KIND_FIELD, walled, flags);
    regions(o, a, names, bad, WH_KIND_AREA, walled, flags);
    regions(o, a, names, bad, WH_KIND_CITY, walled, flags);
    walls(o, a, walled);
    lines(o, a, names, bad, WH_KIND_RIVER);
    lines(o, a, names, bad, WH_KIND_ROAD);
    tunnels(o, a, names);
    symbols(o, a, p, names);
    outline(o, a, false, flags);
    put(o, "</g>\n");
}

bool wu_feature_point(const wu_art *a, unsigned feature, double *ux, double *uy)
{
    for (size_t i = 0; i < a->n; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->feature != feature)
            continue;
        if (r->role == WH_PATH_REGION || r->role == WH_PATH_LINE) {
            *ux = r->x;
            *uy = r->y;
            return true;
        }
        if (r->role == WH_PATH_MONASTERY || r->role == WH_PATH_GARDEN) {
            /* beside the building, up and to the left, so that it still shows */
            *ux = r->x - r->room * 0.7;
            *uy = r->y - r->room * 0.9;
            return true;
        }
    }
    return false;
}

/* Every follower a player stands on a feature is a "meeple" to the
** picture's readers; data-figure says which.  The builder and the pig are
** no followers: classes of their own, as the dragon and the fairy. */
static const char *const figure_class[] = {"meeple", "meeple", "meeple", "marker", "builder", "pig", "dragon-figure", "fairy"};
static const char *const figure_word[] = {"meeple", "large", "abbot", "marker", "builder", "pig", "dragon", "fairy"};
#define MEEPLE_GLYPH "M-2.6 -5.2A3.4 3.4 0 1 1 2.6 -5.2L7.5 -2.5L6 1L3 0.4L5.5 8H1.2L0 4.5L-1.2 8H-5.5L-3 0.4L-6 1L-7.5 -2.5Z"
static const char *const figure_glyph[] = {
    MEEPLE_GLYPH,
    MEEPLE_GLYPH,
    "M0 -9A3.6 3.6 0 0 1 3.4 -4.2L6.5 8H-6.5L-3.4 -4.2A3.6 3.6 0 0 1 0 -9Z",
    "M0 -10L10 0L0 10L-10 0Z",
    /* a meeple in a tall hat */
    MEEPLE_GLYPH "M-5 -10.5h10v1.8h-10zM-3 -15.5h6v5h-6z",
    /* a pig from the side: body, snout, ear, legs */
    "M-8 0A8 5.5 0 1 0 8 0A8 5.5 0 1 0 -8 0ZM7.5 -2.2h3.5v4h-3.5zM3.5 -4.5l1.5 -4.5l2.5 4zM-6 4h2.6v4.5h-2.6zM3.4 4h2.6v4.5h-2.6z",
    /* wings spread, head up: larger than any other figure */
    "M0 -8L-3 -15L-7 -7L-20 -12L-14 4H-6L0 15L6 4H14L20 -12L7 -7L3 -15Z",
    /* a small figure with two wings */
    "M0 -9A2.6 2.6 0 1 1 0 -3.8A2.6 2.6 0 1 1 0 -9ZM-1.6 -3.2h3.2L4 7H-4ZM-1 -1C-7 -9 -11 -1 -2 1.5ZM1 -1C7 -9 11 -1 2 1.5Z",
};
#undef MEEPLE_GLYPH
static const char *const figure_fill[] = {NULL, NULL, NULL, NULL, NULL, NULL, "#2b2b2b", "#e1f5fe"};
static const char *const figure_stroke[] = {"#111111", "#111111", "#111111", "#111111",
                                            "#111111", "#111111", "#ff5722", "#6a1b9a"};
#define N_FIGURES (sizeof figure_word / sizeof *figure_word)

void wu_draw_figure(wu_out *o, wu_figure_t figure, double x, double y, const char *colour, int player)
{
    char a[32], b[32], who[32] = "";
    num(a, sizeof a, x);
    num(b, sizeof b, y);
    if (player >= 0)
        snprintf(who, sizeof who, " data-player=\"%d\"", player);
    wu_print(o, "<path class=\"%s\"%s data-figure=\"%s\" transform=\"translate(%s %s)%s\" d=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
             figure_class[figure], who, figure_word[figure], a, b, figure == WU_FIGURE_LARGE ? " scale(1.4)" : "",
             figure_glyph[figure], figure_fill[figure] ? figure_fill[figure] : colour, figure_stroke[figure],
             figure == WU_FIGURE_DRAGON ? "2" : "1.3");
    if (figure == WU_FIGURE_ABBOT) /* a white cross on the robe */
        wu_print(o, "<path class=\"abbot-cross\" transform=\"translate(%s %s)\" d=\"M-0.8 -1h1.6v6h-1.6zM-2.5 0.6h5v1.6h-5z\" fill=\"#ffffff\"/>\n",
                 a, b);
    if (figure == WU_FIGURE_DRAGON) /* its eye, so that it reads as a beast */
        wu_print(o, "<circle class=\"dragon-eye\" transform=\"translate(%s %s)\" cy=\"-3\" r=\"1.8\" fill=\"#ffeb3b\"/>\n", a, b);
}

void wu_figure_defs(wu_out *o)
{
    for (size_t f = 0; f < N_FIGURES; f++) {
        /* the player's colour comes from the <use>: no fill here but for nobody's figures */
        wu_print(o, "<g id=\"fig-%s\" class=\"%s\" stroke=\"%s\" stroke-width=\"%s\"%s%s%s><path d=\"%s\"%s/>",
                 figure_word[f], figure_class[f], figure_stroke[f], f == WU_FIGURE_DRAGON ? "2" : "1.3",
                 figure_fill[f] ? " fill=\"" : "", figure_fill[f] ? figure_fill[f] : "", figure_fill[f] ? "\"" : "",
                 figure_glyph[f], f == WU_FIGURE_LARGE ? " transform=\"scale(1.4)\"" : "");
        if (f == WU_FIGURE_ABBOT)
            put(o, "<path d=\"M-0.8 -1h1.6v6h-1.6zM-2.5 0.6h5v1.6h-5z\" fill=\"#ffffff\" stroke=\"none\"/>");
        if (f == WU_FIGURE_DRAGON)
            put(o, "<circle cy=\"-3\" r=\"1.8\" fill=\"#ffeb3b\" stroke=\"none\"/>");
        put(o, "</g>\n");
    }
}

void wu_use_figure(wu_out *o, wu_figure_t figure, double x, double y, const char *colour)
{
    char a[32], b[32];
    num(a, sizeof a, x);
    num(b, sizeof b, y);
    wu_print(o, "<use href=\"#fig-%s\" x=\"%s\" y=\"%s\"", figure_word[figure], a, b);
    if (!figure_fill[figure])
        wu_print(o, " fill=\"%s\"", colour);
    put(o, "/>\n");
}

/* ------------------------------------------------------------------ */
/* Labels                                                              */
/* ------------------------------------------------------------------ */

double wu_text_width(const char *s, double size)
{
    size_t chars = 0;
    for (; *s; s++)
        chars += ((unsigned char)*s & 0xC0) != 0x80; /* UTF-8: count characters, not bytes */
    return (double)chars * size * 0.62;
}

typedef struct box {
    double x0, y0, x1, y1;
} box;

static bool overlap(box a, box b)
{
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

static box text_box(double x, double y, double w, double h)
{
    return (box){x - w / 2 - 2, y - h / 2 - 1, x + w / 2 + 2, y + h / 2 + 1};
}

/* What a label must not cover: a symbol, a stretch of another feature's
** road or river, a square's name, a label already placed.  `owner` is the
** local feature it belongs to (its own label may cover it), or -1. */
typedef struct obstacle {
    box b;
    int owner;
} obstacle;

#define MAX_OBSTACLES 1024

/* A symbol's extent about its point, in tile units: left, top, right, bottom
** (the glyphs of symbol() above). */
void wu_symbol_extent(int role, double e[4])
{
    static const struct {
        int    role;
        double e[4];
    } known[] = {
        {WH_PATH_MONASTERY, {-13, -19, 13, 11}}, {WH_PATH_GARDEN, {-10, -10, 10, 10}},
        {WH_PATH_JUNCTION, {-7, -7, 7, 7}},     {WH_PATH_INN, {-9, -10, 9, 7}},
        {WH_PATH_CATHEDRAL, {-10, -16, 10, 9}}, {WH_PATH_ARMS, {-7, -8, 7, 8}},
        {WH_PATH_EMBLEM, {-15, -14, 15, 13}},   {WH_PATH_WINE, {-7, -9, 7, 9}},
        {WH_PATH_GRAIN, {-8, -10, 8, 10}},      {WH_PATH_CLOTH, {-9, -7, 9, 7}},
        {WH_PATH_PRINCESS, {-11, -9, 11, 7}},   {WH_PATH_VOLCANO, {-14, -14, 14, 11}},
        {WH_PATH_DRAGON, {-14, -10, 14, 10}},   {WH_PATH_PORTAL, {-9, -12, 9, 12}},
        {WH_PATH_TOWER, {-11, -10, 11, 10}},
    };
    for (size_t k = 0; k < sizeof known / sizeof *known; k++)
        if (known[k].role == role) {
            memcpy(e, known[k].e, sizeof known[k].e);
            return;
        }
    e[0] = e[1] = -15; /* none is larger */
    e[2] = e[3] = 15;
}

/* Symbols take room a label must not cover; so do roads and rivers, but
** for their own names.  A line is kept as boxes a few units apart along it,
** each as wide as its stroke. */
static size_t obstacles_of(const wu_art *a, const wu_place *p, obstacle *b, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < a->n && n < cap; i++) {
        const wh_path_t *r = &a->paths[i];
        if (r->role >= WH_PATH_MONASTERY && r->role != WH_PATH_TUNNEL) {
            double e[4], xa, ya, xb, yb;
            wu_symbol_extent(r->role, e);
            /* symbols stay upright: their extent is in pixels about the placed point */
            wu_place_point(p, r->x, r->y, &xa, &ya);
            xb = xa + e[2] * p->scale, yb = ya + e[3] * p->scale;
            xa += e[0] * p->scale, ya += e[1] * p->scale;
            b[n++] = (obstacle){{xa, ya, xb, yb}, -1};
            continue;
        }
        if (r->role != WH_PATH_LINE || !r->d)
            continue;
        double half = (r->kind == WH_KIND_RIVER ? 9 : 6) * p->scale;
        piece pc[MAX_PIECES];
        int subpaths;
        size_t np = pieces_of(a->data + r->d, pc, &subpaths);
        for (size_t k = 0; k < np; k++) {
            int steps = (int)ceil(piece_length(&pc[k]) / 5) + 1;
            for (int t = 0; t <= steps && n < cap; t++) {
                double f = (double)t / steps, u = 1 - f, ux, uy, x, y;
                if (pc[k].curve) {
                    ux = (u * u * pc[k].x0 + 2 * u * f * pc[k].cx + f * f * pc[k].x1) / 10;
                    uy = (u * u * pc[k].y0 + 2 * u * f * pc[k].cy + f * f * pc[k].y1) / 10;
                } else {
                    ux = (u * pc[k].x0 + f * pc[k].x1) / 10;
                    uy = (u * pc[k].y0 + f * pc[k].y1) / 10;
                }
                wu_place_point(p, ux, uy, &x, &y);
                b[n++] = (obstacle){{x - half, y - half, x + half, y + half}, r->feature};
            }
        }
    }
    return n;
}

/* The footprint's outline in pixels, for telling whether a label is on the tile. */
typedef struct outline_px {
    double x[4 * WH_MAX_SQUARES + 8], y[4 * WH_MAX_SQUARES + 8];
    bool   start[4 * WH_MAX_SQUARES + 8];
    size_t n;
} outline_px;

static void outline_points(const wu_art *a, const wu_place *p, outline_px *o)
{
    o->n = 0;
    for (size_t i = 0; i < a->n; i++) {
        if (a->paths[i].role != WH_PATH_OUTLINE)
            continue;
        const char *d = a->data + a->paths[i].d;
        double sx = 0, sy = 0;
        while (*d && o->n + 2 < sizeof o->x / sizeof *o->x) {
            char cmd = *d++;
            if (cmd == 'Z') {
                o->x[o->n] = sx, o->y[o->n] = sy, o->start[o->n++] = false;
                continue;
            }
            char *end;
            double ux = strtod(d, &end), uy = strtod(end, &end);
            d = end;
            wu_place_point(p, ux, uy, &o->x[o->n], &o->y[o->n]);
            o->start[o->n] = cmd == 'M';
            if (cmd == 'M')
                sx = o->x[o->n], sy = o->y[o->n];
            o->n++;
        }
    }
}

static bool on_tile(const outline_px *o, double x, double y)
{
    if (o->n == 0)
        return true;
    bool in = false;
    for (size_t i = 1; i < o->n; i++) {
        if (o->start[i])
            continue;
        double x0 = o->x[i - 1], y0 = o->y[i - 1], x1 = o->x[i], y1 = o->y[i];
        if ((y0 > y) != (y1 > y) && x < x0 + (y - y0) * (x1 - x0) / (y1 - y0))
            in = !in;
    }
    return in;
}

/* The box's corners and the middles of its long sides are all on the tile. */
static bool box_on_tile(const outline_px *o, box b)
{
    double xs[3] = {b.x0 + 0.01, (b.x0 + b.x1) / 2, b.x1 - 0.01}, ys[2] = {b.y0 + 0.01, b.y1 - 0.01};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            if (!on_tile(o, xs[i], ys[j]))
                return false;
    return true;
}

/* A region's border in pixels, curves cut into chords, for telling
** whether a label lies inside it. */
typedef struct region_px {
    double x[5 * MAX_PIECES + 1], y[5 * MAX_PIECES + 1];
    size_t n;
    double x0, y0, x1, y1; /* its box */
} region_px;

static void region_points(const wu_art *a, const wh_path_t *r, const wu_place *p, region_px *g)
{
    piece pc[MAX_PIECES];
    int subpaths;
    size_t np = pieces_of(a->data + r->d, pc, &subpaths);
    g->n = 0;
    g->x0 = g->y0 = 1e18;
    g->x1 = g->y1 = -1e18;
    /* each piece as four chords; a subpath's pieces follow each other, a
    ** closing piece ends it, and a break (NAN) parts it from the next */
    for (size_t k = 0; k < np && g->n + 6 < sizeof g->x / sizeof *g->x; k++)
        for (int q = 0; q <= 4; q++) {
            double t = q / 4.0, u = 1 - t, ux, uy;
            if (pc[k].curve) {
                ux = u * u * pc[k].x0 + 2 * u * t * pc[k].cx + t * t * pc[k].x1;
                uy = u * u * pc[k].y0 + 2 * u * t * pc[k].cy + t * t * pc[k].y1;
            } else {
                ux = u * pc[k].x0 + t * pc[k].x1;
                uy = u * pc[k].y0 + t * pc[k].y1;
            }
            if (q == 0 && g->n > 0 && !isnan(g->x[g->n - 1]))
                continue; /* the previous piece's end */
            wu_place_point(p, ux / 10, uy / 10, &g->x[g->n], &g->y[g->n]);
            g->x0 = fmin(g->x0, g->x[g->n]), g->x1 = fmax(g->x1, g->x[g->n]);
            g->y0 = fmin(g->y0, g->y[g->n]), g->y1 = fmax(g->y1, g->y[g->n]);
            g->n++;
            if (q == 4 && (k + 1 == np || pc[k + 1].x0 != pc[k].x1 || pc[k + 1].y0 != pc[k].y1)) {
                g->x[g->n] = NAN, g->y[g->n] = NAN;
                g->n++;
            }
        }
}

static bool in_region(const region_px *g, double x, double y)
{
    bool in = false;
    for (size_t i = 1; i < g->n; i++) {
        double x0 = g->x[i - 1], y0 = g->y[i - 1], x1 = g->x[i], y1 = g->y[i];
        if (isnan(x0) || isnan(x1))
            continue;
        if ((y0 > y) != (y1 > y) && x < x0 + (y - y0) * (x1 - x0) / (y1 - y0))
            in = !in;
    }
    return in;
}

/* The box's corners and the middles of its sides, all inside the region. */
static bool box_in_region(const region_px *g, box b)
{
    double xs[3] = {b.x0 + 1, (b.x0 + b.x1) / 2, b.x1 - 1}, ys[3] = {b.y0 + 1, (b.y0 + b.y1) / 2, b.y1 - 1};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (!in_region(g, xs[i], ys[j]))
                return false;
    return true;
}

bool wu_labels_layout(wu_labels *l, const wu_art *a, const wu_place *p, const char *const *names, size_t n_names,
                      double x0, double y0, double x1, double y1, const double (*avoid)[4], size_t n_avoid)
{
    memset(l, 0, sizeof *l);
    /* Too large for a small stack (the playground's); the library never
    ** exits, so a failure is the caller's to report. */
    obstacle *taken = malloc(MAX_OBSTACLES * sizeof *taken);
    region_px *room_of_shape = malloc(sizeof *room_of_shape);
    if (!taken || !room_of_shape) {
        free(taken);
        free(room_of_shape);
        return false;
    }
    outline_px tile;
    outline_points(a, p, &tile);
    size_t n_taken = obstacles_of(a, p, taken, MAX_OBSTACLES - WH_MAX_SQUARES - 2 * WH_MAX_FEATURES);
    for (size_t k = 0; k < n_avoid && k < WH_MAX_SQUARES; k++)
        taken[n_taken++] = (obstacle){{avoid[k][0], avoid[k][1], avoid[k][2], avoid[k][3]}, -1};
    const double h = WU_LABEL_FONT + 2;
    for (size_t i = 0; i < a->n && l->n < WH_MAX_FEATURES; i++) {
        const wh_path_t *r = &a->paths[i];
        bool building = r->role == WH_PATH_MONASTERY || r->role == WH_PATH_GARDEN;
        bool labelled = r->role == WH_PATH_REGION || r->role == WH_PATH_LINE || building;
        if (!labelled || r->feature == WH_NONE || r->feature >= n_names || !names[r->feature])
            continue;
        double x, y, w = wu_text_width(names[r->feature], WU_LABEL_FONT);
        wu_place_point(p, r->x, r->y, &x, &y);
        wu_label *it = &l->items[l->n++];
        it->feature = r->feature;
        double room = r->role == WH_PATH_REGION || r->role == WH_PATH_LINE ? r->room * p->scale : 0;
        if (r->kind == WH_KIND_AREA) { /* under its emblem */
            y += 15 * p->scale + h / 2;
            room += 15 * p->scale + h;
        }
        /* Try the point, then a few places near it still inside the region;
        ** a name near the outline moves in, as far as its region leaves room.
        ** A building's name goes under it, else beside it, else above. */
        static const double tries[][2] = {{0, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {0, 2}, {0, -2}};
        double e[4] = {0, 0, 0, 0};
        if (building)
            wu_symbol_extent(r->role, e);
        const double beside[][2] = {{x, y + (e[3] + 2) * p->scale + h / 2},
                                    {x + (e[2] + 3) * p->scale + w / 2, y},
                                    {x + (e[0] - 3) * p->scale - w / 2, y},
                                    {x, y + (e[1] - 2) * p->scale - h / 2}};
        size_t n_tries = building ? sizeof beside / sizeof *beside : sizeof tries / sizeof *tries;
        region_px *shape = NULL; /* a region's border, for telling its inside */
        if (r->role == WH_PATH_REGION && r->d) {
            shape = room_of_shape;
            region_points(a, r, p, shape);
        }
        bool fits = false;
        for (size_t t = 0; t < n_tries && !fits; t++) {
            double tx = building ? beside[t][0] : x + tries[t][0] * (w / 4 + 4);
            double ty = building ? beside[t][1] : y + tries[t][1] * (h + 3);
            if (!building && t > 0 && hypot(tx - x, ty - y) > room + 4)
                continue;
            box b = text_box(tx, ty, w, h);
            double sx = b.x0 < x0 ? x0 - b.x0 : b.x1 > x1 ? x1 - b.x1 : 0;
            double sy = b.y0 < y0 ? y0 - b.y0 : b.y1 > y1 ? y1 - b.y1 : 0;
            if (!building && hypot(tx + sx - x, ty + sy - y) > room + 4 && (sx != 0 || sy != 0))
                continue;
            tx += sx;
            ty += sy;
            b = text_box(tx, ty, w, h);
            fits = b.x0 >= x0 - 0.01 && b.x1 <= x1 + 0.01 && b.y0 >= y0 - 0.01 && b.y1 <= y1 + 0.01 &&
                   box_on_tile(&tile, b);
            if (r->role == WH_PATH_REGION) /* mostly inside its region, its middle surely */
                fits = fits && w / 2 <= 2 * room + 6 && h / 2 <= room + 2 && (!shape || in_region(shape, tx, ty));
            for (size_t k = 0; k < n_taken && fits; k++)
                fits = taken[k].owner == (int)r->feature || !overlap(b, taken[k].b);
            if (fits) {
                it->x = tx;
                it->y = ty;
                taken[n_taken++] = (obstacle){b, -1};
            }
        }
        /* Else anywhere wholly inside its region, the nearest such place to
        ** its point: a grid over the region's box, 4 pixels apart. */
        if (!fits && shape) {
            const region_px *g = shape;
            double best = 1e18, bx = 0, by = 0;
            for (double ty = g->y0 + h / 2; ty <= g->y1 - h / 2; ty += 4)
                for (double tx = g->x0 + w / 2; tx <= g->x1 - w / 2; tx += 4) {
                    double dist = hypot(tx - x, ty - y);
                    if (dist >= best)
                        continue;
                    box b = text_box(tx, ty, w, h);
                    bool ok = b.x0 >= x0 - 0.01 && b.x1 <= x1 + 0.01 && b.y0 >= y0 - 0.01 && b.y1 <= y1 + 0.01 &&
                              box_on_tile(&tile, b) && box_in_region(g, b);
                    for (size_t k = 0; k < n_taken && ok; k++)
                        ok = taken[k].owner == (int)r->feature || !overlap(b, taken[k].b);
                    if (ok)
                        best = dist, bx = tx, by = ty;
                }
            if (best < 1e18) {
                fits = true;
                it->x = bx;
                it->y = by;
                taken[n_taken++] = (obstacle){text_box(bx, by, w, h), -1};
            }
        }
        if (fits)
            continue;
        /* A numbered key at the point instead, nudged off whatever it would cover. */
        it->key = ++l->n_keys;
        it->x = x;
        it->y = y;
        box kb = text_box(x, y, 12, h);
        for (int nudge = 0; nudge < 8; nudge++) {
            bool clear = true;
            for (size_t k = 0; k < n_taken && clear; k++)
                clear = taken[k].owner == (int)r->feature || !overlap(kb, taken[k].b);
            if (clear)
                break;
            it->y += (nudge & 1 ? -1 : 1) * (nudge + 1) * 7;
            kb = text_box(x, it->y, 12, h);
        }
        taken[n_taken++] = (obstacle){kb, -1};
        char line[320];
        snprintf(line, sizeof line, "%d = %s", it->key, names[r->feature]);
        double kw = fmax(wu_text_width(line, WU_LABEL_FONT), wu_text_width(KEY_TITLE, WU_LABEL_FONT)) + 10;
        l->key_width = kw > l->key_width ? kw : l->key_width;
        l->key_height = (l->n_keys + 1) * (WU_LABEL_FONT + 5.0);
    }
    free(room_of_shape);
    free(taken);
    return true;
}

void wu_labels_draw(wu_out *o, const wu_labels *l, const char *const *names, const bool *bad, double key_x,
                    double key_y)
{
    if (l->n == 0)
        return;
    /* What every label shares is said once, on their group (the style
    ** sheet's .labels); a name is a plain text, a key number says so.  Whole
    ** pixels: a label is no finer than its font. */
    put(o, "<g class=\"labels\">\n");
    for (size_t i = 0; i < l->n; i++) {
        const wu_label *it = &l->items[i];
        bool is_bad = bad && bad[it->feature];
        wu_print(o, "<text%s x=\"%ld\" y=\"%ld\"%s>", it->key ? " class=\"key\"" : "", lround(it->x),
                 lround(it->y + WU_LABEL_FONT * 0.35), is_bad ? " style=\"fill:" BAD_COLOUR "\"" : "");
        if (it->key)
            wu_print(o, "%d", it->key);
        else
            wu_xml_text(o, names[it->feature]);
        if (is_bad && !it->key)
            put(o, " (!)");
        put(o, "</text>\n");
    }
    put(o, "</g>\n");
    if (l->n_keys == 0)
        return;
    /* The names too long for their place: a heading says what the numbers
    ** on the tile are, each entry "N = name". */
    char x[32], y[32];
    num(x, sizeof x, key_x);
    num(y, sizeof y, key_y + WU_LABEL_FONT);
    wu_print(o, "<g class=\"keys\">\n<text class=\"key-title\" x=\"%s\" y=\"%s\">" KEY_TITLE "</text>\n", x, y);
    for (size_t i = 0; i < l->n; i++) {
        const wu_label *it = &l->items[i];
        if (!it->key)
            continue;
        bool is_bad = bad && bad[it->feature];
        num(y, sizeof y, key_y + it->key * (WU_LABEL_FONT + 5.0) + WU_LABEL_FONT);
        wu_print(o, "<text class=\"key-entry\" x=\"%s\" y=\"%s\"%s>%d = ", x, y, is_bad ? " style=\"fill:" BAD_COLOUR "\"" : "",
                 it->key);
        wu_xml_text(o, names[it->feature]);
        put(o, is_bad ? " (!)</text>\n" : "</text>\n");
    }
    if (l->n_keys)
        put(o, "</g>\n");
}
