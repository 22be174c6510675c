/*
** board_svg.c -- a game's board as SVG; see board_svg.h.
**
** The runtime links only the play tables, not the compiler's planar model,
** so a board square is drawn from them in a simple style that matches the
** gallery's colours (compiler/svg.c): a field ground, city caps along city
** sides (wedges to the centre where a city holds several sides), roads from
** their sides to the centre, the monastery and the wonder's area in the
** middle, wonders outlined.  Every side is drawn as it lies on the board,
** so a turned tile is turned.  Output is deterministic.
*/
#include "board_svg.h"
#include "report.h"
#include "../tileset.h"

#include <string.h>
#include <strings.h>

#define FIELD_COLOUR "#a5d46a"
#define CITY_COLOUR  "#c98b4b"
#define ROAD_COLOUR  "#f7f3e3"
#define RIVER_COLOUR "#5aa9e6"
#define AREA_COLOUR  "#b39ddb"
#define MONASTERY_COLOUR "#c0392b"
#define MARGIN_X 44
#define MARGIN_Y 30

static const int dx_of[4] = {0, 1, 0, -1};
static const int dy_of[4] = {-1, 0, 1, 0};

/* A player's colour: the one their name says, else one of six by seat. */
static const char *player_colour(const wr_record *r, int p)
{
    static const struct { const char *name, *hex; } named[] = {
        {"red", "#d62728"},   {"blue", "#1f5fbf"},  {"green", "#2e9e44"}, {"yellow", "#f0c419"},
        {"black", "#222222"}, {"gray", "#8c8c8c"},  {"grey", "#8c8c8c"},  {"pink", "#e377c2"},
        {"purple", "#7b3fa0"}, {"orange", "#ff7f0e"}, {"white", "#f4f4f4"},
    };
    static const char *const by_seat[] = {"#d62728", "#1f5fbf", "#2e9e44", "#f0c419", "#222222", "#8c8c8c"};
    char name[40];
    wr_player(r, p, name, sizeof name);
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (!strcasecmp(name, named[i].name))
            return named[i].hex;
    return by_seat[p % 6];
}

static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if ((unsigned char)*s >= 0x20)
            fputc(*s, out);
    }
}

typedef struct view {
    FILE *out;
    const wh_game_t *g;
    int minx, miny;
} view;

/* Pixel of a point (u, v) in [0, 1] across board cell (x, y). */
static double px(const view *v, int x, double u)
{
    return MARGIN_X + (x - v->minx + u) * WR_SVG_CELL;
}
static double py(const view *v, int y, double w)
{
    return MARGIN_Y + (y - v->miny + w) * WR_SVG_CELL;
}

/* Where slot `slot` of the side facing absolute direction d lies, in cell units. */
static void slot_uv(int d, int slot, double *u, double *w)
{
    double t = slot == WH_SLOT_L ? 0.25 : slot == WH_SLOT_M ? 0.5 : 0.75;
    switch (d) {
    case WH_DIR_N: *u = t; *w = 0; break;
    case WH_DIR_E: *u = 1; *w = t; break;
    case WH_DIR_S: *u = 1 - t; *w = 1; break;
    default: *u = 0; *w = 1 - t; break;
    }
}

/* The two corners of the side facing d, clockwise. */
static void corners(int d, double c[2][2])
{
    static const double k[4][2][2] = {{{0, 0}, {1, 0}}, {{1, 0}, {1, 1}}, {{1, 1}, {0, 1}}, {{0, 1}, {0, 0}}};
    memcpy(c, k[d], sizeof k[d]);
}

typedef struct square_view {
    const wh_placed_t  *p;
    const wh_tile_t    *t;
    const wh_square_t  *sq;
    int                 index; /* in the tile */
    int                 x, y;  /* board cell */
    uint8_t             owner[4][WH_N_SLOTS]; /* per absolute direction: local feature, WH_NONE */
    bool                internal[4];
} square_view;

static void look(const wh_game_t *g, const wh_placed_t *p, int s, square_view *q)
{
    const wh_tile_t *t = &g->set->tiles[p->tile];
    q->p = p;
    q->t = t;
    q->sq = &g->set->squares[t->first_square + (uint32_t)s];
    q->index = s;
    q->x = p->x + q->sq->dx[p->rotation];
    q->y = p->y + q->sq->dy[p->rotation];
    for (int d = 0; d < 4; d++) {
        uint8_t k = q->sq->side[(d - p->rotation) & 3];
        q->internal[d] = k == WH_NONE;
        for (int sl = 0; sl < WH_N_SLOTS; sl++)
            q->owner[d][sl] = k == WH_NONE ? WH_NONE : g->set->sides[t->first_side + k].feature[sl];
    }
}

static const wh_feature_t *feature(const wh_game_t *g, const square_view *q, uint32_t f)
{
    return &g->set->features[q->t->first_feature + f];
}

static void draw_cities(const view *v, const square_view *q)
{
    for (uint32_t f = 0; f < q->t->n_features; f++) {
        const wh_feature_t *ft = feature(v->g, q, f);
        if (ft->kind != WH_KIND_CITY || !(ft->squares & (1u << q->index)))
            continue;
        int dirs[4], k = 0;
        for (int d = 0; d < 4; d++)
            if (q->owner[d][WH_SLOT_M] == f)
                dirs[k++] = d;
        fprintf(v->out, "<path class=\"city\" fill=\"" CITY_COLOUR "\" d=\"");
        if (k == 0) { /* a city crossing this square of a wonder: a patch in the middle */
            fprintf(v->out, "M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fz", px(v, q->x, 0.5), py(v, q->y, 0.2),
                    px(v, q->x, 0.8), py(v, q->y, 0.5), px(v, q->x, 0.5), py(v, q->y, 0.8), px(v, q->x, 0.2),
                    py(v, q->y, 0.5));
        }
        for (int i = 0; i < k; i++) {
            double c[2][2];
            corners(dirs[i], c);
            if (k == 1) { /* a cap reaching a third of the way in, narrower inside */
                double iu = -dx_of[dirs[i]] * 0.3, iw = -dy_of[dirs[i]] * 0.3;
                double su = (c[1][0] - c[0][0]) * 0.2, sw = (c[1][1] - c[0][1]) * 0.2;
                fprintf(v->out, "M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fz", px(v, q->x, c[0][0]),
                        py(v, q->y, c[0][1]), px(v, q->x, c[1][0]), py(v, q->y, c[1][1]),
                        px(v, q->x, c[1][0] + iu - su), py(v, q->y, c[1][1] + iw - sw),
                        px(v, q->x, c[0][0] + iu + su), py(v, q->y, c[0][1] + iw + sw));
            } else { /* a wedge to the centre from each side it holds */
                fprintf(v->out, "M%.1f %.1fL%.1f %.1fL%.1f %.1fz", px(v, q->x, c[0][0]), py(v, q->y, c[0][1]),
                        px(v, q->x, c[1][0]), py(v, q->y, c[1][1]), px(v, q->x, 0.5), py(v, q->y, 0.5));
            }
        }
        fputs("\"/>\n", v->out);
    }
}

/* The square's neighbour in the same tile toward absolute direction d, or -1. */
static int neighbour(const wh_game_t *g, const square_view *q, int d)
{
    for (uint32_t j = 0; j < q->t->n_squares; j++) {
        const wh_square_t *o = &g->set->squares[q->t->first_square + j];
        if (q->p->x + o->dx[q->p->rotation] == q->x + dx_of[d] && q->p->y + o->dy[q->p->rotation] == q->y + dy_of[d])
            return (int)j;
    }
    return -1;
}

static bool has_kind(const wh_game_t *g, const square_view *q, int kind)
{
    for (uint32_t f = 0; f < q->t->n_features; f++)
        if (feature(g, q, f)->kind == kind && (feature(g, q, f)->squares & (1u << q->index)))
            return true;
    return false;
}

/* Roads, or rivers: from each side one holds, and toward each square of
** the same tile it spans, to the centre -- or, for a road ending at a city
** gate, to the gate.  Several roads ending on a land square meet at a
** junction; a river is drawn first, wider and blue, so a bridge crosses it. */
static void draw_lines(const view *v, const square_view *q, wh_kind_t kind)
{
    bool centre_taken = has_kind(v->g, q, WH_KIND_MONASTERY) || has_kind(v->g, q, WH_KIND_AREA);
    bool city = has_kind(v->g, q, WH_KIND_CITY);
    int stubs = 0;
    for (uint32_t f = 0; f < q->t->n_features; f++) {
        const wh_feature_t *ft = feature(v->g, q, f);
        if (ft->kind != kind || !(ft->squares & (1u << q->index)))
            continue;
        char path[512];
        size_t len = 0;
        int ends = 0;
        for (int d = 0; d < 4; d++) {
            bool to_side = q->owner[d][WH_SLOT_M] == f;
            if (!to_side && q->internal[d]) {
                int j = neighbour(v->g, q, d);
                to_side = j >= 0 && (ft->squares & (1u << j));
            }
            ends += to_side;
        }
        for (int d = 0; d < 4; d++) {
            bool to_side = q->owner[d][WH_SLOT_M] == f;
            if (!to_side && q->internal[d]) {
                int j = neighbour(v->g, q, d);
                to_side = j >= 0 && (ft->squares & (1u << j));
            }
            if (!to_side)
                continue;
            double u, w, depth = ends == 1 && city && !centre_taken ? 0.42 : 0.5;
            slot_uv(d, WH_SLOT_M, &u, &w);
            len += (size_t)snprintf(path + len, sizeof path - len, "M%.1f %.1fL%.1f %.1f", px(v, q->x, u),
                                    py(v, q->y, w), px(v, q->x, u - dx_of[d] * depth), py(v, q->y, w - dy_of[d] * depth));
        }
        if (kind == WH_KIND_RIVER) {
            fprintf(v->out, "<path d=\"%s\" stroke=\"#2f6fa3\" stroke-width=\"11\" stroke-linecap=\"round\" fill=\"none\"/>\n", path);
            fprintf(v->out, "<path class=\"river\" d=\"%s\" stroke=\"" RIVER_COLOUR "\" stroke-width=\"8\" stroke-linecap=\"round\" fill=\"none\"/>\n", path);
            continue;
        }
        stubs += ends == 1 && !(city && !centre_taken);
        fprintf(v->out, "<path d=\"%s\" stroke=\"#5a5a5a\" stroke-width=\"8\" stroke-linecap=\"round\" fill=\"none\"/>\n", path);
        fprintf(v->out, "<path class=\"road\" d=\"%s\" stroke=\"" ROAD_COLOUR "\" stroke-width=\"5\" stroke-linecap=\"round\" fill=\"none\"/>\n", path);
    }
    if (stubs >= 2 && !centre_taken)
        fprintf(v->out, "<rect class=\"junction\" x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"#555555\"/>\n",
                px(v, q->x, 0.5) - 5, py(v, q->y, 0.5) - 5);
}

static void draw_centre(const view *v, const square_view *q)
{
    double cx = px(v, q->x, 0.5), cy = py(v, q->y, 0.5);
    if (has_kind(v->g, q, WH_KIND_AREA))
        fprintf(v->out, "<rect class=\"area\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"" AREA_COLOUR "\" stroke=\"#5e4a8a\"/>\n",
                cx - WR_SVG_CELL * 0.25, cy - WR_SVG_CELL * 0.25, WR_SVG_CELL / 2, WR_SVG_CELL / 2);
    if (has_kind(v->g, q, WH_KIND_GARDEN)) /* off the centre, where roads meet */
        fprintf(v->out, "<circle class=\"garden\" cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"#2e7d32\" stroke=\"#1b4d1e\"/>\n",
                cx + WR_SVG_CELL * 0.24, cy + WR_SVG_CELL * 0.24);
    if (has_kind(v->g, q, WH_KIND_MONASTERY))
        fprintf(v->out, "<path class=\"monastery\" d=\"M%.1f %.1fh16v-12l-8-7l-8 7z\" fill=\"" MONASTERY_COLOUR "\" stroke=\"#4a0e0e\"/>\n",
                cx - 8, cy + 8);
}

/* The sides of a square: a thin line between land tiles, a thick one round a wonder. */
static void draw_edges(const view *v, const square_view *q)
{
    bool wonder = q->t->kind == WH_TILE_WONDER;
    for (int d = 0; d < 4; d++) {
        if (q->internal[d])
            continue;
        double c[2][2];
        corners(d, c);
        fprintf(v->out, "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"#222222\" stroke-width=\"%s\"%s/>\n",
                px(v, q->x, c[0][0]), py(v, q->y, c[0][1]), px(v, q->x, c[1][0]), py(v, q->y, c[1][1]),
                wonder ? "3" : "0.75", wonder ? " class=\"wonder-outline\"" : "");
    }
}

/* Where a meeple on local feature f of a placed tile stands: by its
** segments on its first square, drawn a little way in; else the centre. */
static void meeple_point(const view *v, const wh_placed_t *p, uint32_t f, double *x, double *y)
{
    const wh_tile_t *t = &v->g->set->tiles[p->tile];
    const wh_feature_t *ft = &v->g->set->features[t->first_feature + f];
    int s = ft->squares ? __builtin_ctz(ft->squares) : 0;
    square_view q;
    look(v->g, p, s, &q);
    double su = 0, sw = 0;
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int sl = 0; sl < WH_N_SLOTS; sl++)
            if (q.owner[d][sl] == f) {
                double u, w;
                slot_uv(d, sl, &u, &w);
                su += u;
                sw += w;
                n++;
            }
    double u = 0.5, w = 0.5;
    if (n) { /* the mean of its segments, pulled toward the centre */
        u = 0.5 + (su / n - 0.5) * 0.6;
        w = 0.5 + (sw / n - 0.5) * 0.6;
    }
    if (ft->kind == WH_KIND_FIELD && n == 0) {
        u = 0.22;
        w = 0.78;
    }
    *x = px(v, q.x, u);
    *y = py(v, q.y, w);
}

bool wr_board_svg(FILE *out, const wh_game_t *g, const wr_record *r)
{
    view v = {out, g, 0, 0};
    int maxx = 0, maxy = 0;
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        for (uint32_t s = 0; s < g->set->tiles[p->tile].n_squares; s++) {
            square_view q;
            look(g, p, (int)s, &q);
            v.minx = q.x < v.minx ? q.x : v.minx;
            v.miny = q.y < v.miny ? q.y : v.miny;
            maxx = q.x > maxx ? q.x : maxx;
            maxy = q.y > maxy ? q.y : maxy;
        }
    }
    int legend = 24 + 20 * g->n_players;
    int width = MARGIN_X + (maxx - v.minx + 1) * WR_SVG_CELL + 20;
    int height = MARGIN_Y + (maxy - v.miny + 1) * WR_SVG_CELL + legend;
    if (width < 320)
        width = 320;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
                 "<title>Board: %zu tiles</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            width, height, width, height, wh_game_tile_count(g));
    /* Coordinates on both axes, as the records write them. */
    for (int x = v.minx; x <= maxx; x++)
        fprintf(out, "<text class=\"axis\" x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444444\">%d</text>\n",
                px(&v, x, 0.5), MARGIN_Y - 8, x);
    for (int y = v.miny; y <= maxy; y++)
        fprintf(out, "<text class=\"axis\" x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#444444\">%d</text>\n",
                MARGIN_X - 6, py(&v, y, 0.5) + 4, y);
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        fprintf(out, "<g class=\"tile\" data-tile=\"%s\" data-rotation=\"%d\">\n", wh_string(g->set, t->id), 90 * p->rotation);
        for (int pass = 0; pass < 4; pass++)
            for (uint32_t s = 0; s < t->n_squares; s++) {
                square_view q;
                look(g, p, (int)s, &q);
                if (pass == 0) {
                    fprintf(out, "<rect class=\"field\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"" FIELD_COLOUR "\"/>\n",
                            px(&v, q.x, 0), py(&v, q.y, 0), WR_SVG_CELL, WR_SVG_CELL);
                } else if (pass == 1) {
                    draw_cities(&v, &q);
                } else if (pass == 2) {
                    draw_lines(&v, &q, WH_KIND_RIVER);
                    draw_lines(&v, &q, WH_KIND_ROAD);
                    draw_centre(&v, &q);
                } else {
                    draw_edges(&v, &q);
                }
            }
        fputs("</g>\n", out);
    }
    /* Meeples, then the markers standing on wonders. */
    for (uint32_t k = 0; k < g->n_meeples; k++) {
        uint16_t node = g->meeple[k].node;
        const wh_placed_t *p = &g->placed[g->node_placed[node]];
        double x, y;
        meeple_point(&v, p, (uint32_t)(node - p->first_node), &x, &y);
        fprintf(out, "<circle class=\"meeple\" data-player=\"%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%s\" stroke=\"#111111\" stroke-width=\"1.5\"/>\n",
                g->meeple[k].player, x, y, player_colour(r, g->meeple[k].player));
    }
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        if (!p->marked || p->player >= g->n_players)
            continue;
        for (uint32_t f = 0; f < t->n_features; f++)
            if (g->set->features[t->first_feature + f].kind == WH_KIND_AREA) {
                square_view q;
                look(g, p, __builtin_ctz(g->set->features[t->first_feature + f].squares), &q);
                double x = px(&v, q.x, 0.5), y = py(&v, q.y, 0.5);
                fprintf(out, "<path class=\"marker\" data-player=\"%d\" d=\"M%.1f %.1fl10 10l-10 10l-10-10z\" fill=\"%s\" stroke=\"#111111\" stroke-width=\"1.5\"/>\n",
                        p->player, x, y - 10, player_colour(r, p->player));
                break;
            }
    }
    /* Who is who. */
    int ly = height - legend + 16;
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#111111\">circles: meeples; diamonds: marker meeples on wonders</text>\n",
            MARGIN_X, ly);
    for (int pl = 0; pl < g->n_players; pl++) {
        char name[40];
        ly += 20;
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\" stroke=\"#111111\"/><text x=\"%d\" y=\"%d\" font-size=\"12\">",
                MARGIN_X + 7, ly - 4, player_colour(r, pl), MARGIN_X + 22, ly);
        xml_text(out, wr_player(r, pl, name, sizeof name));
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    return !ferror(out);
}
