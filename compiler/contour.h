/*
** contour.h -- a region of the raster (raster.h) as smooth SVG path data.
**
** The cells' border is a staircase; the picture wants the shape it stands
** for.  Where a region meets the footprint's outline, its border is that
** outline, straight and exact (tiles fit edge to edge on a board).  Inside
** the tile the staircase is simplified (Douglas-Peucker) and drawn as
** quadratic curves through the middles of what is left.  The border is cut
** where the neighbour on its other side changes, so the border two regions
** share is one chain, simplified and curved the same from both sides: no
** slivers open between them.
*/
#ifndef WC_CONTOUR_H
#define WC_CONTOUR_H

#include "buf.h"
#include "raster.h"

#include <stdbool.h>

/**
 * Append the border of region @p label of @p r as absolute path data in
 * tile units: to @p region (unless NULL) as closed subpaths; to @p wall
 * (unless NULL) only the stretches inside the tile (a city's wall), open
 * where they meet the outline.  The border is traced once for both.
 */
void wc_contour(const wc_raster *r, int label, wc_buf *region, wc_buf *wall);

/** Append @p cmd, then @p x and @p y rounded to whole numbers, a space between ("L12 -3"). */
void wc_contour_point(wc_buf *out, const char *cmd, double x, double y);

#endif
