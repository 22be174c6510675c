/*
** tileset.h -- reading the compiled tile tables.
**
** Small accessors over runtime/tables.h that the runtime, the tests and the
** tools share, so that no caller decodes packed fields by hand.
*/
#ifndef WH_TILESET_H
#define WH_TILESET_H

#include "tables.h"

#include <stdbool.h>

/** The string at offset @p at of the set's string pool. */
WH_API const char *wh_string(const wh_tileset_t *set, uint32_t at);

/**
 * Find a tile by its full id ("base.D").
 * @returns its index, or -1 when there is none.
 */
WH_API int wh_tile_find(const wh_tileset_t *set, const char *id);

/**
 * The edge type that square @p square of tile @p tile presents in absolute
 * direction @p dir when the tile is turned @p rotation quarter turns
 * clockwise (WH_EDGE_NONE when that side is inside the footprint).
 */
WH_API wh_edge_t wh_square_edge(const wh_tileset_t *set, uint32_t tile, uint32_t square, int rotation, wh_dir_t dir);

/**
 * The perimeter side of square @p square facing absolute direction @p dir
 * under @p rotation, or NULL when that side is inside the footprint.
 */
WH_API const wh_side_t *wh_square_side(const wh_tileset_t *set, uint32_t tile, uint32_t square, int rotation, wh_dir_t dir);

/** The set's start tile (the first tile flagged `start`), or -1. */
WH_API int wh_start_tile(const wh_tileset_t *set);

/** The start tile of pack @p pack (a pack has at most one), or -1. */
WH_API int wh_pack_start_tile(const wh_tileset_t *set, uint32_t pack);

/**
 * The start tile of a game of @p packs: the start tile of the first pack
 * listed that has one and whose tiles include a river (the River's spring:
 * "the spring is the starting tile"), else the set's (wh_start_tile).
 */
WH_API int wh_game_start_tile(const wh_tileset_t *set, const uint32_t *packs, size_t n_packs);

/**
 * The wonder tiles of the set, in the order of its packs and files: the
 * first @p max of them go to @p out.  A new wonder in tiles/ is found here
 * once generated/ is rebuilt, without a list to update by hand.
 * @returns how many wonders the set has (which may be more than @p max).
 */
WH_API size_t wh_tile_wonders(const wh_tileset_t *set, uint16_t *out, size_t max);

/** Total copies of every tile in pack @p pack. */
WH_API uint32_t wh_pack_copies(const wh_tileset_t *set, uint32_t pack);

#endif
