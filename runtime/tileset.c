/* tileset.c -- accessors over the compiled tile tables; see tileset.h. */
#include "tileset.h"

#include <string.h>

const char *wh_string(const wh_tileset_t *set, uint32_t at)
{
    return at < set->strings_size ? set->strings + at : "";
}

int wh_tile_find(const wh_tileset_t *set, const char *id)
{
    for (uint32_t i = 0; i < set->n_tiles; i++)
        if (strcmp(set->strings + set->tiles[i].id, id) == 0)
            return (int)i;
    return -1;
}

int wh_start_tile(const wh_tileset_t *set)
{
    for (uint32_t i = 0; i < set->n_tiles; i++)
        if (set->tiles[i].flags & WH_TILE_FLAG_START)
            return (int)i;
    return -1;
}

int wh_pack_start_tile(const wh_tileset_t *set, uint32_t pack)
{
    if (pack >= set->n_packs)
        return -1;
    const wh_pack_t *p = &set->packs[pack];
    for (uint32_t i = 0; i < p->n_tiles; i++)
        if (set->tiles[p->first_tile + i].flags & WH_TILE_FLAG_START)
            return (int)(p->first_tile + i);
    return -1;
}

int wh_game_start_tile(const wh_tileset_t *set, const uint32_t *packs, size_t n_packs)
{
    for (size_t k = 0; k < n_packs; k++) {
        int start = wh_pack_start_tile(set, packs[k]);
        if (start >= 0 && (set->tiles[start].flags & WH_TILE_FLAG_RIVER))
            return start;
    }
    return wh_start_tile(set);
}

size_t wh_tile_wonders(const wh_tileset_t *set, uint16_t *out, size_t max)
{
    size_t n = 0;
    for (uint32_t i = 0; i < set->n_tiles; i++)
        if (set->tiles[i].kind == WH_TILE_WONDER) {
            if (n < max)
                out[n] = (uint16_t)i;
            n++;
        }
    return n;
}

wh_edge_t wh_square_edge(const wh_tileset_t *set, uint32_t tile, uint32_t square, int rotation, wh_dir_t dir)
{
    const wh_tile_t *t = &set->tiles[tile];
    const wh_square_t *s = &set->squares[t->first_square + square];
    if ((s->river >> ((dir - rotation) & 3)) & 1u)
        return WH_EDGE_RIVER;
    return (wh_edge_t)((s->edges[rotation & 3] >> (2 * (dir & 3))) & 3u);
}

const wh_side_t *wh_square_side(const wh_tileset_t *set, uint32_t tile, uint32_t square, int rotation, wh_dir_t dir)
{
    const wh_tile_t *t = &set->tiles[tile];
    const wh_square_t *s = &set->squares[t->first_square + square];
    uint8_t k = s->side[(dir - rotation) & 3];
    return k == WH_NONE ? NULL : &set->sides[t->first_side + k];
}

uint32_t wh_pack_copies(const wh_tileset_t *set, uint32_t pack)
{
    const wh_pack_t *p = &set->packs[pack];
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->n_tiles; i++)
        n += set->tiles[p->first_tile + i].count;
    return n;
}
