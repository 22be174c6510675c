/*
** draw.h -- tiles and figures as SVG, from the tables alone: the renderer
** that draws the gallery, `wonderc show` and `wonders board`, for a
** program that links the library and wants the same pictures (a board of
** its own, a tile picker).
**
** A tile is drawn as one SVG group from the drawing rows the compiler put
** into the tables (runtime/tables.h, wh_path_t); a document that holds
** drawings carries the style sheet wh_draw_css once, inside its <style>.
** Every function writes through the caller's sink and allocates nothing;
** the same arguments give the same bytes.  A board is its placed tiles,
** each drawn where wh_draw_placed puts it, and its figures at the points
** wh_draw_feature_point and wh_draw_point give.
*/
#ifndef WH_DRAW_H
#define WH_DRAW_H

#include "wonders.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where the drawing goes: write(ctx, s, n) takes the n bytes at s. */
typedef struct wh_draw_sink {
    void (*write)(void *ctx, const char *s, size_t n);
    void *ctx;
} wh_draw_sink_t;

/* How tile units (100 a square; square 0's top left corner is (0, 0))
** map to pixels: the pivot (px, py), in tile units, lands on pixel (x, y);
** the tile is turned `rotation` quarter turns clockwise about it and scaled
** by `scale` pixels per tile unit. */
typedef struct wh_draw_place {
    double x, y;
    double px, py;
    double scale;
    int    rotation;
} wh_draw_place_t;

#define WH_DRAW_WONDER 0x01u /* wh_draw_tile: the thick outline wonders have on a board */

/* The figures wh_draw_figure draws. */
typedef enum wh_draw_figure {
    WH_DRAW_MEEPLE, WH_DRAW_LARGE, WH_DRAW_ABBOT, WH_DRAW_MARKER,
    WH_DRAW_BUILDER, WH_DRAW_PIG, WH_DRAW_DRAGON, WH_DRAW_FAIRY
} wh_draw_figure_t;

/** The most bytes of a colour wh_draw_figure takes ("#d62728", "red"). */
#define WH_DRAW_MAX_COLOUR 63

/** The style sheet the drawings' classes need: once in every document that holds drawings. */
WH_API const char *wh_draw_css(void);

/**
 * The placement of tile @p p of game @p g on a board whose squares are
 * @p cell pixels, board cell (0, 0)'s centre at pixel (@p x0, @p y0): its
 * square 0 on its cell, turned as it lies.
 */
WH_API wh_draw_place_t wh_draw_placed(const wh_game_t *g, const wh_placed_t *p, double cell, double x0, double y0);

/**
 * Draw tile @p tile of @p set where @p place says, as one group: ground,
 * fields, the area, cities and their walls, rivers, roads, symbols, the
 * outline.  @p names (by local feature, or NULL) become data-feature
 * attributes.  @p flags: WH_DRAW_*.  Nothing is written for a tile out of
 * range; a tile set without drawings draws the outline alone.
 */
WH_API void wh_draw_tile(const wh_draw_sink_t *sink, const wh_tileset_t *set, uint32_t tile,
                         const wh_draw_place_t *place, const char *const *names, unsigned flags);

/**
 * Where a figure on local feature @p feature of tile @p tile stands, in tile
 * units: inside its region or on its line; for a monastery or a garden,
 * beside the building.  @returns false, and leaves *ux and *uy, when the
 * drawing has no row for it.
 */
WH_API bool wh_draw_feature_point(const wh_tileset_t *set, uint32_t tile, unsigned feature, double *ux, double *uy);

/** The pixel (*x, *y) where tile point (@p ux, @p uy) lands under @p place. */
WH_API void wh_draw_point(const wh_draw_place_t *place, double ux, double uy, double *x, double *y);

/**
 * Draw @p figure centred at pixel (@p x, @p y) in @p colour (a CSS colour
 * of at most WH_DRAW_MAX_COLOUR bytes, written as given; ignored for the
 * dragon and the fairy, which have their own); @p player goes in a
 * data-player attribute, none when negative.  @returns false, writing
 * nothing, for an unknown figure or a longer colour.
 */
WH_API bool wh_draw_figure(const wh_draw_sink_t *sink, wh_draw_figure_t figure, double x, double y, const char *colour,
                           int player);

#endif
