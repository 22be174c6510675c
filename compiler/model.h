/*
** model.h -- the compiled tile set, built in memory.
**
** The checker lowers each tile into these growable copies of the runtime
** tables (runtime/tables.h).  `wonderc compile` prints them as C, `wonderc
** show` draws them and the fact checks count on them, so all three see the
** same data the runtime will link.
*/
#ifndef WC_MODEL_H
#define WC_MODEL_H

#include "../runtime/tables.h"
#include "shapes.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct wc_model {
    char         *strings;
    size_t        n_strings, cap_strings;
    wh_pack_t    *packs;
    size_t        n_packs, cap_packs;
    wh_tile_t    *tiles;
    size_t        n_tiles, cap_tiles;
    wh_square_t  *squares;
    size_t        n_squares, cap_squares;
    wh_side_t    *sides;
    size_t        n_sides, cap_sides;
    wh_feature_t *features;
    size_t        n_features, cap_features;
    uint16_t      shape_of[256];   /* edges[0] -> shape + 1; 0 when not seen yet */
    uint8_t       shape_edges[256]; /* shape -> its edges[0] */
    size_t        n_shapes;
    uint8_t      *fits;            /* n_shapes * WH_FIT_ROW, built by wc_model_finish */
    wh_effect_t  *effects;
    size_t        n_effects, cap_effects;
    wh_effect_value_t *effect_values;
    size_t        n_effect_values, cap_effect_values;
    wh_handler_t *handlers;
    size_t        n_handlers, cap_handlers;
    wh_expr_t    *exprs;
    size_t        n_exprs, cap_exprs;
    bool          draw;            /* derive each tile's drawing (on from wc_model_init; only
                                      `compile` writes them, so other commands turn it off) */
    wc_art        art;             /* every compiled tile's drawing (shapes.h) */
    uint32_t     *tile_paths;      /* n_tiles + 1 offsets into art.paths */
    /* The drawings derived so far, by geometry (wc_shapes_key): a tile
    ** shaped like an earlier one gets a copy of its rows, sharing their
    ** path data, without drawing it again. */
    struct wc_drawn *drawn;        /* open addressing, cap_drawn slots (a power of two) */
    size_t        n_drawn, cap_drawn;
    unsigned char *drawn_keys;     /* their keys, back to back */
    size_t        n_drawn_keys, cap_drawn_keys;
    size_t        cap_tile_paths;
    bool          keep_geometry;   /* keep every tile's planar model (for drawing), failed ones too */
    struct wc_geom *geoms;
    size_t        n_geoms, cap_geoms;
    void         *scratch;         /* the checker's per-tile workspace, reused */
    struct wc_effect_out *effect_scratch; /* an effect being lowered, reused */
} wc_model;

/** Start an empty model; string offset 0 is the empty string. */
void wc_model_init(wc_model *m);

/** Free the model's tables. */
void wc_model_free(wc_model *m);

/** Append @p n bytes of @p s as a NUL-terminated string; @returns its offset. */
uint32_t wc_model_string(wc_model *m, const char *s, size_t n);

/** Append a zeroed row; @returns a pointer valid until the next append. */
wh_pack_t    *wc_model_pack(wc_model *m);
wh_tile_t    *wc_model_tile(wc_model *m);
wh_square_t  *wc_model_square(wc_model *m);
wh_side_t    *wc_model_side(wc_model *m);
wh_feature_t *wc_model_feature(wc_model *m);
wh_effect_t  *wc_model_effect(wc_model *m);
wh_effect_value_t *wc_model_effect_value(wc_model *m);
wh_handler_t *wc_model_handler(wc_model *m);
wh_expr_t    *wc_model_expr(wc_model *m);

/**
 * The shape (row of the fits table) of a square whose rotation-0 edges
 * are @p edges0, allocating the next one when this pattern is new.
 */
uint8_t wc_model_shape(wc_model *m, uint8_t edges0);

/** Append the drawing of the tile just lowered, from its planar model (no rows when draw is off). */
void wc_model_add_drawing(wc_model *m, const struct wc_geom *g);

/** Append a copy of a tile's planar model (when keep_geometry is set). */
void wc_model_add_geometry(wc_model *m, const struct wc_geom *g);

/** Build the fits table once every tile is lowered (idempotent). */
void wc_model_finish(wc_model *m);

/** A runtime view of the model (valid until the model changes). */
wh_tileset_t wc_model_view(const wc_model *m);

#endif
