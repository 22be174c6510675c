/*
** shapes.h -- a tile's drawing, derived once from its planar model.
**
** Every feature becomes a few rows of the path table (runtime/tables.h,
** wh_path_t): a city, a field, the wonder's area as a filled region whose
** border follows the sides it holds (raster.h, contour.h), a city's wall,
** a road or river as a centre line from each side it holds to what it ends
** at (a junction, a monastery, a city gate, the square's centre), and the
** buildings, coats of arms and the area's emblem as symbols.  The compiler
** emits these rows into the tables; every picture is drawn from them
** (runtime/draw/tile_art.h).
*/
#ifndef WC_SHAPES_H
#define WC_SHAPES_H

#include "geom.h"

#include <stddef.h>

/* Growable path rows and their pool of path data (offset 0: ""). */
typedef struct wc_art {
    wh_path_t *paths;
    size_t     n_paths, cap_paths;
    char      *data;
    size_t     n_data, cap_data;
} wc_art;

/** Start an empty drawing whose pool holds only "". */
void wc_art_init(wc_art *a);

/** Free its memory. */
void wc_art_free(wc_art *a);

/**
 * Append the rows of @p g's drawing to @p a, in a fixed order: the
 * outline, then each feature's rows in feature order, then junctions.
 * Works for a tile that failed its checks too (whatever its model holds).
 */
void wc_shapes_build(const wc_geom *g, wc_art *a);

/**
 * Write into @p key (at most WC_SHAPES_KEY_MAX bytes) every field of @p g
 * that wc_shapes_build reads, and @returns its length: two geometries with
 * the same key have the same drawing, so that a tile set draws each once
 * (model.c).  A field the drawing comes to read belongs here too
 * (tests/test_shapes.c compares every tile's drawing with its own).
 */
size_t wc_shapes_key(const wc_geom *g, unsigned char *key);

#define WC_SHAPES_KEY_MAX                                                                                     \
    (4 + WH_MAX_SQUARES * 10 * sizeof(int) + WC_MAX_SIDES * (3 + WH_N_SLOTS * sizeof(int)) +                   \
     WC_MAX_OBJECTS * (3 + (1 + WH_MAX_SQUARES) * sizeof(uint16_t) + sizeof(uint64_t)) + sizeof(uint64_t) + 1)

#endif
