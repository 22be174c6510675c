/*
** planar.h -- proving that a tile can be drawn, and deriving its borders.
**
** The model (docs/language.md, "Geometry model"): walking the footprint's
** outline clockwise gives the cyclic order of its perimeter segments.
** Roads and cities joined by `ends` to junctions, monasteries or the
** wonder's area form connected barriers; each field is a region.  Because
** disjoint connected sets in a disc cannot interleave on its boundary, the
** segments they own must form a non-crossing partition of the outline.
** From the same order follows what each field's region borders: walking
** from the end of one of its runs of segments to the start of the next, a
** field passes along the outermost features between them.
*/
#ifndef WC_PLANAR_H
#define WC_PLANAR_H

#include "diag.h"
#include "geom.h"

/**
 * Check the planar model of a tile whose footprint, sides and claims are
 * complete and valid: the outline's order, crossings, field borders
 * against `touches` and `separated`, fields sharing an internal side, and
 * roads and cities reaching what they end at.  Fills g->cycle,
 * g->borders and g->touches; marks what is wrong in g->bad_segment and
 * g->bad_obj.  Every problem is reported at its location.
 */
void wc_planar_check(wc_diag *d, wc_geom *g);

#endif
