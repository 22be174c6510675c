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

/* Every region's border edges, found in one pass over the cells. */
typedef struct wc_borders {
    const wc_raster *r;
    size_t         n_labels;
    void          *edges;                       /* label l's: [start[l], start[l + 1]) */
    size_t         start[WC_MAX_OBJECTS + 1];
    /* Per cell of the grid one wider all round (index (y + 1) * (w + 2) + x + 1): */
    int16_t       *lab;                         /* its label, WC_CELL_OUT on the rim */
    int           *base;                        /* its first edge, among its label's (cells with an edge) */
    uint8_t       *mask;                        /* the sides with an edge (bit d: N E S W) */
    unsigned char *scratch;                     /* the workspace past them, for each tracing */
} wc_borders;

/**
 * Find the border edges of the regions labelled 0 .. @p n_labels - 1 of
 * @p r, into its workspace: the last user of the workspace, after every
 * pass that changes a label.
 */
void wc_borders_init(wc_borders *b, const wc_raster *r, size_t n_labels);

/**
 * Append the border of region @p label (of @p b's raster) as absolute path
 * data in tile units: to @p region (unless NULL) as closed subpaths; to
 * @p wall (unless NULL) only the stretches inside the tile (a city's
 * wall), open where they meet the outline.  The border is traced once
 * for both.
 */
void wc_contour(const wc_borders *b, int label, wc_buf *region, wc_buf *wall);

/** Append @p cmd, then @p x and @p y rounded to whole numbers, a space between ("L12 -3"). */
void wc_contour_point(wc_buf *out, const char *cmd, double x, double y);

#endif
