/*
** test_draw.c -- the library's drawing API (runtime/draw.h): the same bytes
** as the renderer the commands use, placed where the board says, and what
** it refuses.
*/
#include "suites.h"
#include "../runtime/draw.h"
#include "../runtime/draw/tile_art.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

typedef struct text {
    char   s[65536];
    size_t n;
} text;

static void to_text(void *ctx, const char *s, size_t n)
{
    text *t = ctx;
    if (t->n + n < sizeof t->s) {
        memcpy(t->s + t->n, s, n);
        t->n += n;
    }
    t->s[t->n] = '\0';
}

/* Every tile draws through wh_draw_tile as through the renderer itself. */
static void test_tile_is_the_renderers(void)
{
    const wh_tileset_t *set = &wh_tileset;
    text *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    wh_draw_sink_t sink = {to_text, a};
    wu_out o = {to_text, b};
    for (uint32_t t = 0; t < set->n_tiles; t++) {
        a->n = b->n = 0;
        wh_draw_place_t at = {30 + t, 40, 50, 50, 0.6, (int)(t & 3)};
        wh_draw_tile(&sink, set, t, &at, NULL, WH_DRAW_WONDER);
        wu_art art = wu_tile_art(set, t);
        wu_place place = {30 + t, 40, 50, 50, 0.6, (int)(t & 3)};
        wu_draw_tile(&o, &art, &place, NULL, NULL, WU_ART_WONDER);
        CU_ASSERT(a->n > 0);
        CU_ASSERT(a->n == b->n && !memcmp(a->s, b->s, a->n));
        CU_ASSERT(strstr(a->s, "<g class=\"tile-art") == a->s);
    }
    a->n = 0;
    wh_draw_tile(&sink, set, set->n_tiles, &(wh_draw_place_t){0, 0, 0, 0, 1, 0}, NULL, 0);
    CU_ASSERT_EQUAL(a->n, 0); /* no such tile: nothing */
    free(a);
    free(b);
}

/* The start tile lies on cell (0, 0): its square 0's centre on pixel (x0, y0). */
static void test_placed_on_its_cell(void)
{
    wh_game_t *g = calloc(1, sizeof *g);
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &(wh_game_config_t){.players = 2, .meeples = 7, .start_tile = -1}),
                          WH_OK);
    const wh_placed_t *p = wh_game_tile_at_index(g, 0);
    wh_draw_place_t at = wh_draw_placed(g, p, 60, 100, 200);
    double x, y;
    wh_draw_point(&at, at.px, at.py, &x, &y);
    CU_ASSERT_DOUBLE_EQUAL(x, 100, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(y, 200, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(at.scale, 0.6, 1e-12);
    /* a point half a square to the right of the pivot lands 30 pixels right */
    wh_draw_point(&at, at.px + 50, at.py, &x, &y);
    CU_ASSERT_DOUBLE_EQUAL(x, 130, 1e-9);
    double ux = -1, uy = -1;
    CU_ASSERT(wh_draw_feature_point(&wh_tileset, p->tile, 0, &ux, &uy));
    CU_ASSERT(ux >= 0 && uy >= 0);
    CU_ASSERT_FALSE(wh_draw_feature_point(&wh_tileset, wh_tileset.n_tiles, 0, &ux, &uy));
    free(g);
}

/* A figure in its colour; an unknown figure or a colour too long for the
** renderer's line is refused, nothing written. */
static void test_figures(void)
{
    text *t = calloc(1, sizeof *t);
    wh_draw_sink_t sink = {to_text, t};
    char colour[WH_DRAW_MAX_COLOUR + 2];
    memset(colour, 'a', sizeof colour);
    colour[WH_DRAW_MAX_COLOUR] = '\0';
    CU_ASSERT(wh_draw_figure(&sink, WH_DRAW_MEEPLE, 10, 20, colour, 1));
    CU_ASSERT(strstr(t->s, colour) != NULL);
    CU_ASSERT(strstr(t->s, "data-player=\"1\"") != NULL);
    CU_ASSERT(strstr(t->s, "translate(10 20)") != NULL);
    t->n = 0;
    colour[WH_DRAW_MAX_COLOUR] = 'a';
    colour[WH_DRAW_MAX_COLOUR + 1] = '\0';
    CU_ASSERT_FALSE(wh_draw_figure(&sink, WH_DRAW_MEEPLE, 10, 20, colour, 1));
    CU_ASSERT_FALSE(wh_draw_figure(&sink, (wh_draw_figure_t)(WH_DRAW_FAIRY + 1), 10, 20, "red", 1));
    CU_ASSERT_FALSE(wh_draw_figure(&sink, WH_DRAW_PIG, 10, 20, NULL, 1));
    CU_ASSERT_EQUAL(t->n, 0);
    CU_ASSERT(wh_draw_figure(&sink, WH_DRAW_DRAGON, 10, 20, NULL, -1)); /* its own colours */
    CU_ASSERT(strstr(t->s, "data-player") == NULL);
    CU_ASSERT(strlen(wh_draw_css()) > 0 && !strcmp(wh_draw_css(), wu_art_css()));
    free(t);
}

bool register_draw_tests(void)
{
    static const test_case cases[] = {
        {"wh_draw_tile draws as the renderer", test_tile_is_the_renderers},
        {"wh_draw_placed puts a tile on its cell", test_placed_on_its_cell},
        {"wh_draw_figure and what it refuses", test_figures},
        {NULL, NULL},
    };
    return register_suite("draw", cases);
}
