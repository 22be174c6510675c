/*
** gallery.h -- docs/gallery/index.html: every tile, grouped by pack, to browse.
**
** The page is one self-contained file (no network, no other file needed)
** and the gallery's only copy of the pictures: each tile's SVG
** (wc_svg_inline) inline, the style sheet once, at its own aspect ratio and a size where
** a square is at least 120 pixels wide, a legend of colours and symbols,
** and each feature's facts from the compiled tables, shown when the
** feature is hovered or focused.  It relies on one thing of the drawing:
** every element that draws a feature carries data-feature="NAME".
*/
#ifndef WC_GALLERY_H
#define WC_GALLERY_H

#include "buf.h"
#include "geom.h"

/* How many CSS pixels a square of the drawing takes on the page. */
#define WC_GALLERY_SQUARE 130

/**
 * Append the gallery page of @p geoms (the planar models the pictures are
 * drawn from) to @p out, tiles grouped by the packs of @p set (the compiled
 * tables, where the facts come from) in the tables' order.  A model whose
 * tile is not in the tables (it failed its checks) is listed last, drawn,
 * without facts.
 */
void wc_gallery_index(const wh_tileset_t *set, const wc_geom *geoms, size_t n, wc_buf *out);

#endif
