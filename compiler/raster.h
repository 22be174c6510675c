/*
** raster.h -- a tile's footprint cut into small cells, each given to the
** region (city, field, wonder's area) that covers it.
**
** The drawing (shapes.h) needs areas, not just the planar model's order of
** segments: which part of each square a city, a field or the area covers.
** A fine grid answers that simply and for any footprint.  Cities and the
** area take the cells nearest their sides (a weighted Voronoi split among
** every region's anchors); two different cities are kept apart by a strip
** of field, so that two cities on one tile are visibly two.  Roads and
** rivers are barriers: fields then spread from their own segments without
** crossing one, so a road always separates the fields on its sides.
** Cells under a barrier, and those no field reaches, stay gaps.
*/
#ifndef WC_RASTER_H
#define WC_RASTER_H

#include "geom.h"

#include <stdbool.h>
#include <stdint.h>

#define WC_RASTER_CELLS 40                 /* cells along a square's side */
#define WC_RASTER_STEP  2.5                /* tile units per cell (a square is 100) */
#define WC_CELL_OUT (-2)                   /* outside the footprint */
#define WC_CELL_GAP (-1)                   /* inside, but no region's */

typedef struct wc_raster {
    int      w, h;     /* cells across and down the footprint's bounding box */
    int      ox, oy;   /* tile units of the box's top-left corner */
    int16_t *label;    /* per cell: an object index, WC_CELL_OUT or WC_CELL_GAP */
    uint8_t *barrier;  /* per cell: under a road or river */
    uint8_t *square;   /* per cell inside the footprint: the index of its square */
    const uint16_t *masks; /* per object: the squares it touches (the model's), while the fields flood */
    /* Workspace for every pass over the cells and their borders (here and
    ** in contour.c), allocated once per tile: passes that allocated their
    ** own did so dozens of times a tile, each a point of failure to test
    ** (tests/fault.sh). */
    unsigned char *work;
    size_t   work_size;
} wc_raster;

/** Carve @p bytes (16-byte aligned) off the workspace at *@p at. */
static inline void *wc_raster_carve(unsigned char **at, size_t bytes)
{
    void *p = *at;
    *at += (bytes + 15) & ~(size_t)15;
    return p;
}

/** Allocate the grid of @p g's footprint, every inside cell a gap. */
void wc_raster_init(wc_raster *r, const wc_geom *g);

/** Free the grid. */
void wc_raster_free(wc_raster *r);

/** Give cities and the wonder's area their cells (before any barrier). */
void wc_raster_cities(wc_raster *r, const wc_geom *g);

/**
 * Mark the cells within @p radius tile units of the segment from (x0, y0)
 * to (x1, y1), or of the quadratic curve through control (cx, cy) when
 * @p curved, as a barrier.
 */
void wc_raster_block(wc_raster *r, double x0, double y0, double cx, double cy, double x1, double y1,
                     bool curved, double radius);

/** Give back as gaps the city's and the area's cells within @p radius of (x, y), for the fields. */
void wc_raster_clear(wc_raster *r, double x, double y, double radius);

/** Give the fields the cells that are neither a city's, the area's nor a barrier. */
void wc_raster_fields(wc_raster *r, const wc_geom *g);

/* floor(v) as an int, for v well inside int's range: floor() is a call
** where this is two instructions, and the drawing asks for the cell of a
** point about a quarter of a million times a tile set. */
static inline int wc_raster_floor(double v)
{
    int i = (int)v; /* toward zero */
    return i - (v < (double)i);
}

/** The label of the cell holding tile point (x, y), WC_CELL_OUT outside the box. */
static inline int wc_raster_at(const wc_raster *r, double x, double y)
{
    int cx = wc_raster_floor((x - r->ox) / WC_RASTER_STEP), cy = wc_raster_floor((y - r->oy) / WC_RASTER_STEP);
    if (cx < 0 || cy < 0 || cx >= r->w || cy >= r->h)
        return WC_CELL_OUT;
    return r->label[cy * r->w + cx];
}

/* A region's point farthest from its border: where its name is written and
** a meeple stands. */
typedef struct wc_inside {
    bool   found; /* the region has a cell */
    double x, y;  /* tile units */
    double room;  /* the distance from there to the border, tile units */
} wc_inside;

/**
 * The inside point of every region labelled 0 .. @p n_labels - 1 into
 * out[0 .. n_labels), in one pass over the cells: the cell deepest inside
 * its region (its distance to another label or the box's rim), among equals
 * the nearest the region's centroid.
 */
void wc_raster_inside_points(const wc_raster *r, size_t n_labels, wc_inside *out);

#endif
