/*
** tile_art.h -- the one renderer of tiles: a tile's drawing rows
** (runtime/tables.h, wh_path_t) as SVG, for `wonderc show --format svg`,
** the gallery and `wonders board --format svg`.
**
** A tile is one group, `<g class="tile-art" transform="...">`, holding its
** path data as the tables store it (written relative, wu_path_data): the
** transform alone turns, scales and places it, so the same tile draws the
** same path data in the gallery and on a board.  Paint comes from classes
** and one style sheet (wu_art_css) that the document holds once.  Symbols (buildings, arms, the area's emblem,
** junctions, the marks: goods, princess, volcano, dragon, portal, tower) and text
** stay upright whatever the tile's rotation; a tunnel's stretch turns with
** the tile, being path data.  Reads
** only the table types; writes through a caller's sink, so that either
** command can keep its own way of writing files.
*/
#ifndef WU_TILE_ART_H
#define WU_TILE_ART_H

#include "../tables.h"
#include "out.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


/* One tile's drawing: its rows and the pool their path data is in. */
typedef struct wu_art {
    const wh_path_t *paths;
    size_t           n;
    const char      *data;
} wu_art;

/** The drawing of tile @p tile of @p set (no rows when the set has none). */
wu_art wu_tile_art(const wh_tileset_t *set, uint32_t tile);

/* How tile units map to the picture: the pivot (px, py), in tile units,
** lands on pixel (x, y); the tile is turned `rotation` quarter turns
** clockwise about it and scaled by `scale` pixels per tile unit. */
typedef struct wu_place {
    double x, y;
    double px, py;
    double scale;
    int    rotation;
} wu_place;

/** The pixel where tile point (@p ux, @p uy) lands. */
void wu_place_point(const wu_place *p, double ux, double uy, double *x, double *y);

/**
 * The style sheet the drawings' classes need (fields, cities, walls,
 * roads, rivers, the area, the outline, labels and keys): written once
 * into every document that holds drawings, inside its `<style>`.
 */
const char *wu_art_css(void);

/**
 * Write the path data @p d as the tables hold it (absolute M, L, Q, Z)
 * in its shortest relative form (m, h, v, l, q, z, repeated commands left
 * out): the same shape, every point exact to a tenth of a tile unit.
 */
void wu_path_data(wu_out *o, const char *d);

#define WU_ART_WONDER 0x01u /* a thick outline, as wonders have on a board */
#define WU_ART_BOARD  0x02u /* on a board: every field one green, so that a field across tiles is one */

/**
 * Draw the tile's group: ground, fields, the area, cities and their walls,
 * rivers, roads, symbols, the outline.  @p names (by local feature, or
 * NULL) become data-feature attributes; @p bad (by local feature, or NULL)
 * outlines a feature in red.  @p flags: WU_ART_*.
 */
void wu_draw_tile(wu_out *o, const wu_art *a, const wu_place *p, const char *const *names, const bool *bad,
                  unsigned flags);

/**
 * Where a figure on local feature @p feature stands, in tile units: its
 * label point, inside its region or on its line; for a monastery or a
 * garden, beside the building.  @returns false when the drawing has no row
 * for it.
 */
bool wu_feature_point(const wu_art *a, unsigned feature, double *ux, double *uy);

/* Figures, as `wonders board` draws them: the followers, the marker
** meeple, Traders & Builders' builder and pig (in their player's colour),
** the Princess & the Dragon's dragon and fairy (nobody's: their own colours). */
typedef enum wu_figure {
    WU_FIGURE_MEEPLE, WU_FIGURE_LARGE, WU_FIGURE_ABBOT, WU_FIGURE_MARKER,
    WU_FIGURE_BUILDER, WU_FIGURE_PIG, WU_FIGURE_DRAGON, WU_FIGURE_FAIRY
} wu_figure_t;

/** Draw a figure centred at pixel (@p x, @p y) in @p colour (ignored for
 * the dragon and the fairy); @p player goes in data-player, none when
 * negative. */
void wu_draw_figure(wu_out *o, wu_figure_t figure, double x, double y, const char *colour, int player);

/**
 * Write every figure's glyph once, as a group with the id "fig-WORD"
 * (meeple, large, abbot, marker, builder, pig, dragon, fairy), for a page
 * that draws many boards: they belong in its `<defs>`.
 */
void wu_figure_defs(wu_out *o);

/** Draw a figure as wu_draw_figure does, as a `<use>` of its glyph in wu_figure_defs. */
void wu_use_figure(wu_out *o, wu_figure_t figure, double x, double y, const char *colour);

/* The labels of one tile, placed: each inside its feature where it fits
** without overlapping another, else a numbered key listed beside the tile. */
typedef struct wu_label {
    double  x, y;    /* pixel: the text's centre, or the key's */
    int     key;     /* 0: the name is written here; k: key number k */
    uint8_t feature;
} wu_label;

typedef struct wu_labels {
    wu_label items[WH_MAX_FEATURES];
    size_t   n;
    int      n_keys;
    double   key_width;  /* pixels the key list needs beside the tile */
    double   key_height;
} wu_labels;

#define WU_LABEL_FONT 11 /* pixels */

/** A symbol's extent about its point in tile units, as drawn upright: left, top, right, bottom into @p e. */
void wu_symbol_extent(int role, double e[4]);

/** The width in pixels of @p s in a sans-serif font of @p size pixels, generously estimated. */
double wu_text_width(const char *s, double size);

/**
 * Place the names of the tile's features: @p names by local feature
 * (NULL entries are skipped), inside the pixel box [@p x0, @p x1] x
 * [@p y0, @p y1] the tile covers, clear of the @p n_avoid pixel boxes
 * @p avoid (x0, y0, x1, y1: other text the caller writes there).
 * @returns false when its working memory could not be had (nothing laid out).
 */
bool wu_labels_layout(wu_labels *l, const wu_art *a, const wu_place *p, const char *const *names, size_t n_names,
                      double x0, double y0, double x1, double y1, const double (*avoid)[4], size_t n_avoid);

/**
 * Write the labels and, from pixel (@p key_x, @p key_y) down, the key
 * list; @p bad (by local feature, or NULL) writes a name in red with "(!)".
 */
void wu_labels_draw(wu_out *o, const wu_labels *l, const char *const *names, const bool *bad, double key_x,
                    double key_y);

#endif
