/*
** svg.h -- a tile drawn as SVG from its planar model.
**
** The picture is a diagram, not the printed art: the tile's drawing rows
** (shapes.h) drawn by the one renderer (common/tile_art.h), every feature
** named inside it or by a numbered key beside the tile, the id and name
** below.  A tile that failed its checks is drawn too, with the offending
** segments and features in red.
*/
#ifndef WC_SVG_H
#define WC_SVG_H

#include "buf.h"
#include "geom.h"

/* Geometry of the picture, shared with the gallery's page and its tests. */
#define WC_SVG_UNIT   100 /* pixels per square */
#define WC_SVG_MARGIN 20  /* around the footprint */
#define WC_SVG_CAPTION 40 /* below it, for the tile's id and name (two lines) */

/** Append a complete SVG document drawing @p g turned @p rotation quarter
 * turns clockwise: its title, style sheet, background and caption included. */
void wc_svg_tile(const wc_geom *g, int rotation, wc_buf *out);

/**
 * Append @p g's picture for an HTML page that holds many: an `<svg>`
 * element @p width pixels wide (its height follows the viewBox), labelled
 * with the tile's name, without the caption, title, background or style
 * sheet, which the page gives once (wu_art_css).
 */
void wc_svg_inline(const wc_geom *g, int width, wc_buf *out);

#define WC_SVG_INLINE 0x1u /* wc_svg_size: of the picture wc_svg_inline draws */

/** The width and height in pixels of the picture wc_svg_tile draws, or
 * wc_svg_inline's with @p flags WC_SVG_INLINE. */
void wc_svg_size(const wc_geom *g, int rotation, unsigned flags, int *width, int *height);

#endif
