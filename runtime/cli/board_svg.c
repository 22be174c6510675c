/*
** board_svg.c -- a game's board as SVG; see board_svg.h.
**
** Each placed tile is drawn by the one renderer (runtime/draw/tile_art.h)
** from the drawing rows the compiler put into the tables: the same path
** data as in the gallery, turned and scaled by the group's transform.
** Meeples, large meeples, abbots, builders, pigs and marker meeples stand
** at their feature's point (inside its region, on its line); the dragon
** on its square's centre, the fairy beside the figure it stands next to
** (with fairy_on_tile, beside nobody: at its tile's centre).
** Output is deterministic.
*/
#include "board_svg.h"
#include "report.h"
#include "../tileset.h"
#include "../draw/tile_art.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MARGIN_X 44
#define MARGIN_Y 30

/* A player's colour: the one their name says, else one of six by seat. */
const char *wr_player_colour(const wr_record *r, int p)
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
    wu_out o = wu_out_file(out);
    wu_xml_text(&o, s);
}

typedef struct view {
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

/* How placed tile p maps onto the board: its square 0's centre on its
** cell's centre, turned as it lies, a square WR_SVG_CELL pixels. */
static wu_place placement(const view *v, const wh_placed_t *p)
{
    const wh_tile_t *t = &v->g->set->tiles[p->tile];
    const wh_square_t *s0 = &v->g->set->squares[t->first_square];
    return (wu_place){px(v, p->x, 0.5), py(v, p->y, 0.5), s0->x * 100.0 + 50, s0->y * 100.0 + 50,
                      WR_SVG_CELL / 100.0, p->rotation & 3};
}

/* The legend's lines, as the standalone board writes them under the board. */
static const char legend_line[] = "meeples (large ones bigger, abbots robed); diamonds: marker meeples on wonders";
static const char legend_extra[] =
    "builders (hats) and pigs: players' colours; the dragon: dark, winged; the fairy: pale";

/* Whether the board shows the boxes' figures the legend's second line names. */
static bool has_extra(const wh_game_t *g)
{
    bool extra = wh_game_fairy(g, NULL, NULL) || wh_game_dragon(g, NULL, NULL);
    for (uint32_t k = 0; k < g->n_meeples && !extra; k++)
        extra = g->meeple[k].figure == WH_FIGURE_BUILDER || g->meeple[k].figure == WH_FIGURE_PIG;
    return extra;
}

/* A drawn tile's id in the page's definitions: its index and its turn. */
static void tile_ref(char *buf, size_t size, const wh_placed_t *p)
{
    snprintf(buf, size, "t%u-%d", (unsigned)p->tile, p->rotation & 3);
}

bool wr_board_tile_defs(FILE *out, const wh_game_t *g)
{
    wu_out o = wu_out_file(out);
    size_t n = wh_game_tile_count(g);
    wu_figure_defs(&o);
    for (size_t i = 0; i < n; i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        bool seen = false; /* drawn once however often it lies on the board */
        for (size_t j = 0; j < i && !seen; j++) {
            const wh_placed_t *q = wh_game_tile_at_index(g, j);
            seen = q->tile == p->tile && (q->rotation & 3) == (p->rotation & 3);
        }
        if (seen)
            continue;
        const wh_tile_t *t = &g->set->tiles[p->tile];
        const wh_square_t *s0 = &g->set->squares[t->first_square];
        const char *names[WH_MAX_FEATURES] = {NULL};
        for (uint32_t f = 0; f < t->n_features && f < WH_MAX_FEATURES; f++)
            names[f] = wh_string(g->set, g->set->features[t->first_feature + f].name);
        char id[32];
        tile_ref(id, sizeof id, p);
        fprintf(out, "<g id=\"%s\" data-tile=\"%s\" data-rotation=\"%d\">\n", id, wh_string(g->set, t->id),
                90 * (p->rotation & 3));
        /* about its square 0's centre, at the board's scale: each use places it */
        wu_place place = {0, 0, s0->x * 100.0 + 50, s0->y * 100.0 + 50, WR_SVG_CELL / 100.0, p->rotation & 3};
        wu_art art = wu_tile_art(g->set, p->tile);
        wu_draw_tile(&o, &art, &place, names, NULL, WU_ART_BOARD | (t->kind == WH_TILE_WONDER ? WU_ART_WONDER : 0u));
        fputs("</g>\n", out);
    }
    return !ferror(out);
}

/* A figure drawn whole, or on a page as a use of its glyph (wu_figure_defs). */
static void figure(wu_out *o, bool page, wu_figure_t fig, double x, double y, const char *colour, int player)
{
    if (page)
        wu_use_figure(o, fig, x, y, colour);
    else
        wu_draw_figure(o, fig, x, y, colour, player);
}

static bool draw_board(FILE *out, const wh_game_t *g, const wr_record *r, bool page)
{
    view v = {g, 0, 0};
    wu_out o = wu_out_file(out);
    int maxx = 0, maxy = 0;
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        for (uint32_t s = 0; s < t->n_squares; s++) {
            const wh_square_t *q = &g->set->squares[t->first_square + s];
            int x = p->x + q->dx[p->rotation & 3], y = p->y + q->dy[p->rotation & 3];
            v.minx = x < v.minx ? x : v.minx;
            v.miny = y < v.miny ? y : v.miny;
            maxx = x > maxx ? x : maxx;
            maxy = y > maxy ? y : maxy;
        }
    }
    /* The legend's second line only for the boxes' figures the board shows:
    ** boards of the other games stay as they were.  A page says the legend
    ** once, in its own text, and each frame is the board alone, its extent
    ** filling the frame. */
    bool extra = has_extra(g);
    int legend = page ? 0 : 24 + 20 * g->n_players + (extra ? 16 : 0);
    int width = MARGIN_X + (maxx - v.minx + 1) * WR_SVG_CELL + 20;
    int height = MARGIN_Y + (maxy - v.miny + 1) * WR_SVG_CELL + legend + (page ? 10 : 0);
    /* room for the legend's lines, at 12 pixels (wu_text_width's generous estimate) */
    int legend_w = MARGIN_X + (int)wu_text_width(extra ? legend_extra : legend_line, 12) + 10;
    if (!page && width < legend_w)
        width = legend_w;
    if (page)
        fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
                     "<title>Board: %zu tiles</title>\n",
                width, height, wh_game_tile_count(g));
    else
        fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
                     "<title>Board: %zu tiles</title>\n<style>\n%s</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
                width, height, width, height, wh_game_tile_count(g), wu_art_css());
    /* Coordinates on both axes, as the records write them; a page's frames
    ** say their shared attributes once. */
    if (page) {
        fprintf(out, "<g class=\"axis\" font-size=\"11\" fill=\"#444444\" text-anchor=\"middle\">");
        for (int x = v.minx; x <= maxx; x++)
            fprintf(out, "<text x=\"%g\" y=\"%d\">%d</text>", px(&v, x, 0.5), MARGIN_Y - 8, x);
        fprintf(out, "</g>\n<g class=\"axis\" font-size=\"11\" fill=\"#444444\" text-anchor=\"end\">");
        for (int y = v.miny; y <= maxy; y++)
            fprintf(out, "<text x=\"%d\" y=\"%g\">%d</text>", MARGIN_X - 6, py(&v, y, 0.5) + 4, y);
        fputs("</g>\n", out);
    }
    for (int x = v.minx; x <= maxx && !page; x++)
        fprintf(out, "<text class=\"axis\" x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444444\">%d</text>\n",
                px(&v, x, 0.5), MARGIN_Y - 8, x);
    for (int y = v.miny; y <= maxy && !page; y++)
        fprintf(out, "<text class=\"axis\" x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#444444\">%d</text>\n",
                MARGIN_X - 6, py(&v, y, 0.5) + 4, y);
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        wu_place place = placement(&v, p);
        if (page) { /* the page's one drawing of it (wr_board_tile_defs), placed */
            char id[32];
            tile_ref(id, sizeof id, p);
            fprintf(out, "<use class=\"tile\" href=\"#%s\" x=\"%g\" y=\"%g\"/>\n", id, place.x, place.y);
            continue;
        }
        const char *names[WH_MAX_FEATURES] = {NULL};
        for (uint32_t f = 0; f < t->n_features && f < WH_MAX_FEATURES; f++)
            names[f] = wh_string(g->set, g->set->features[t->first_feature + f].name);
        fprintf(out, "<g class=\"tile\" data-tile=\"%s\" data-rotation=\"%d\">\n", wh_string(g->set, t->id),
                90 * (p->rotation & 3));
        wu_art art = wu_tile_art(g->set, p->tile);
        wu_draw_tile(&o, &art, &place, names, NULL, WU_ART_BOARD | (t->kind == WH_TILE_WONDER ? WU_ART_WONDER : 0u));
        fputs("</g>\n", out);
    }
    /* Figures on the feature they stand on, then the markers on wonders' areas. */
    int fairy_tile = -1, fairy_player = -1;
    bool fairy = wh_game_fairy(g, &fairy_tile, &fairy_player);
    bool fairy_drawn = false;
    for (uint32_t k = 0; k < g->n_meeples; k++) {
        uint16_t node = g->meeple[k].node;
        const wh_placed_t *p = &g->placed[g->node_placed[node]];
        wu_art art = wu_tile_art(g->set, p->tile);
        wu_place place = placement(&v, p);
        double ux = place.px, uy = place.py, x, y;
        wu_feature_point(&art, (unsigned)(node - p->first_node), &ux, &uy);
        wu_place_point(&place, ux, uy, &x, &y);
        /* A builder or a pig may share its feature with a follower: beside it, not on it. */
        uint8_t f = g->meeple[k].figure;
        if (f == WH_FIGURE_BUILDER || f == WH_FIGURE_PIG)
            x -= 13, y += 6;
        wu_figure_t fig = f == WH_FIGURE_LARGE ? WU_FIGURE_LARGE : f == WH_FIGURE_ABBOT ? WU_FIGURE_ABBOT
                        : f == WH_FIGURE_BUILDER ? WU_FIGURE_BUILDER : f == WH_FIGURE_PIG ? WU_FIGURE_PIG
                        : WU_FIGURE_MEEPLE;
        figure(&o, page, fig, x, y, wr_player_colour(r, g->meeple[k].player), g->meeple[k].player);
        /* The fairy beside the follower it stands next to (its player's, on its node). */
        if (fairy && !fairy_drawn && fairy_player >= 0 && g->meeple[k].player == fairy_player &&
            node == g->pd.fairy_node && f != WH_FIGURE_BUILDER && f != WH_FIGURE_PIG) {
            figure(&o, page, WU_FIGURE_FAIRY, x + 12, y - 6, NULL, -1);
            fairy_drawn = true;
        }
    }
    /* A fairy whose follower has left stays on its tile: at the tile's centre. */
    if (fairy && !fairy_drawn && fairy_tile >= 0 && (size_t)fairy_tile < wh_game_tile_count(g)) {
        const wh_placed_t *p = wh_game_tile_at_index(g, (size_t)fairy_tile);
        wu_place place = placement(&v, p);
        figure(&o, page, WU_FIGURE_FAIRY, place.x, place.y, NULL, -1);
    }
    /* The dragon on its square, nobody's. */
    int dx, dy;
    if (wh_game_dragon(g, &dx, &dy))
        figure(&o, page, WU_FIGURE_DRAGON, px(&v, dx, 0.5), py(&v, dy, 0.5), NULL, -1);
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        if (!p->marked || p->player >= g->n_players)
            continue;
        for (uint32_t f = 0; f < t->n_features; f++)
            if (g->set->features[t->first_feature + f].kind == WH_KIND_AREA) {
                wu_art art = wu_tile_art(g->set, p->tile);
                wu_place place = placement(&v, p);
                double ux = place.px, uy = place.py, x, y;
                wu_feature_point(&art, f, &ux, &uy);
                wu_place_point(&place, ux, uy, &x, &y);
                /* beside the area's star (13 tile units round its point), not over it */
                figure(&o, page, WU_FIGURE_MARKER, x + 13 * place.scale + 11, y, wr_player_colour(r, p->player), p->player);
                break;
            }
    }
    if (page) {
        fputs("</svg>\n", out);
        return !ferror(out);
    }
    /* Who is who. */
    int ly = height - legend + 16;
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#111111\">%s</text>\n", MARGIN_X, ly, legend_line);
    if (extra) {
        ly += 16;
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#111111\">%s</text>\n", MARGIN_X, ly, legend_extra);
    }
    for (int pl = 0; pl < g->n_players; pl++) {
        char name[40];
        ly += 20;
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\" stroke=\"#111111\"/><text x=\"%d\" y=\"%d\" font-size=\"12\">",
                MARGIN_X + 7, ly - 4, wr_player_colour(r, pl), MARGIN_X + 22, ly);
        xml_text(out, wr_player(r, pl, name, sizeof name));
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    return !ferror(out);
}

bool wr_board_svg(FILE *out, const wh_game_t *g, const wr_record *r)
{
    return draw_board(out, g, r, false);
}

bool wr_board_svg_frame(FILE *out, const wh_game_t *g, const wr_record *r)
{
    return draw_board(out, g, r, true);
}

const char *wr_board_legend(const wh_game_t *g, bool second)
{
    return second ? (has_extra(g) ? legend_extra : NULL) : legend_line;
}
