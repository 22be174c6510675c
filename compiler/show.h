/*
** show.h -- draw a compiled tile in the terminal.
*/
#ifndef WC_SHOW_H
#define WC_SHOW_H

#include "../runtime/tables.h"
#include "buf.h"
#include "geom.h"

/**
 * Draw tile @p tile of @p set turned @p rotation quarter turns clockwise:
 * its squares, each perimeter side's edge type (# city, - or | field and road),
 * the feature owning each segment (by name, cut to a unique prefix), and
 * the features on each square.  With its planar model @p g (or NULL), also
 * what the tables do not keep: junctions, where roads end, separations.
 * A wonder's effect is said in words; with @p verbose, its compiled form
 * (handlers and expression nodes) follows.
 */
void wc_show_tile(const wh_tileset_t *set, uint32_t tile, int rotation, const wc_geom *g, bool verbose, wc_buf *out);

/** Append what effect @p e does in words, a line each; with @p verbose, then its compiled form. */
void wc_describe_effect(const wh_tileset_t *set, const wh_effect_t *e, bool verbose, wc_buf *out);

/**
 * Find a tile by "pack.id", or by its bare id when that is unambiguous.
 * @returns its index, or -1; sets *ambiguous when several packs have it.
 */
int wc_find_tile(const wh_tileset_t *set, const char *id, int *ambiguous);

/**
 * The cost line of handler @p h of @p set (docs/language.md, "Cost"), after
 * @p before, into @p out; nothing for a handler that visits no set.  `show`
 * and the language server's hover say the same.
 */
void wc_cost_words(const wh_tileset_t *set, const wh_handler_t *h, const char *before, wc_buf *out);

#endif
