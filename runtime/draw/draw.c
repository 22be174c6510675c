/*
** draw.c -- the library's drawing API (draw.h): thin wrappers over the
** renderer the commands use (tile_art.h), so that both draw the same bytes.
*/
#include "../draw.h"
#include "tile_art.h"

#include <string.h>

_Static_assert((int)WH_DRAW_FAIRY == (int)WU_FIGURE_FAIRY && (int)WH_DRAW_MARKER == (int)WU_FIGURE_MARKER,
               "draw.h's figures are tile_art.h's, in the same order");
_Static_assert(WH_DRAW_WONDER == WU_ART_WONDER, "draw.h's flags are tile_art.h's");

static wu_out writer(const wh_draw_sink_t *sink)
{
    return (wu_out){sink->write, sink->ctx};
}

static wu_place place_of(const wh_draw_place_t *p)
{
    return (wu_place){p->x, p->y, p->px, p->py, p->scale, p->rotation};
}

const char *wh_draw_css(void)
{
    return wu_art_css();
}

wh_draw_place_t wh_draw_placed(const wh_game_t *g, const wh_placed_t *p, double cell, double x0, double y0)
{
    const wh_tile_t *t = &g->set->tiles[p->tile];
    const wh_square_t *s0 = &g->set->squares[t->first_square];
    return (wh_draw_place_t){x0 + p->x * cell, y0 + p->y * cell, s0->x * 100.0 + 50, s0->y * 100.0 + 50, cell / 100.0,
                             p->rotation & 3};
}

void wh_draw_tile(const wh_draw_sink_t *sink, const wh_tileset_t *set, uint32_t tile, const wh_draw_place_t *place,
                  const char *const *names, unsigned flags)
{
    if (tile >= set->n_tiles)
        return;
    wu_out o = writer(sink);
    wu_art art = wu_tile_art(set, tile);
    wu_place at = place_of(place);
    wu_draw_tile(&o, &art, &at, names, NULL, flags & WH_DRAW_WONDER);
}

bool wh_draw_feature_point(const wh_tileset_t *set, uint32_t tile, unsigned feature, double *ux, double *uy)
{
    if (tile >= set->n_tiles)
        return false;
    wu_art art = wu_tile_art(set, tile);
    return wu_feature_point(&art, feature, ux, uy);
}

void wh_draw_point(const wh_draw_place_t *place, double ux, double uy, double *x, double *y)
{
    wu_place at = place_of(place);
    wu_place_point(&at, ux, uy, x, y);
}

bool wh_draw_figure(const wh_draw_sink_t *sink, wh_draw_figure_t figure, double x, double y, const char *colour,
                    int player)
{
    if ((unsigned)figure > WH_DRAW_FAIRY || (figure != WH_DRAW_DRAGON && figure != WH_DRAW_FAIRY &&
                                             (!colour || strlen(colour) > WH_DRAW_MAX_COLOUR)))
        return false;
    wu_out o = writer(sink);
    wu_draw_figure(&o, (wu_figure_t)figure, x, y, colour, player);
    return true;
}
