/*
** queries.c -- what a game says of itself: scores, supplies, the tiles and
** features on the board.  Read-only, and below the turn flow: effects.c
** reads the game through these without depending on game.c, which calls
** the effects (game.c -> scoring.c -> effects.c -> queries.c, no circle).
*/
#include "internal.h"

#include <stddef.h>
#include <string.h>

int wh_game_score(const wh_game_t *g, int player)
{
    return player >= 0 && player < g->n_players ? g->score[player] : 0;
}

int wh_game_supply(const wh_game_t *g, int player)
{
    return player >= 0 && player < g->n_players ? g->supply[player] : 0;
}

int wh_game_current(const wh_game_t *g)
{
    return g->current;
}

wh_phase_t wh_game_phase(const wh_game_t *g)
{
    return (wh_phase_t)g->phase;
}

int wh_game_tiles_in_game(const wh_game_t *g)
{
    if (g->tiles_in_game)
        return g->tiles_in_game;
    int land = 0;
    for (uint32_t i = 0; i < g->n_placed; i++)
        land += g->set->tiles[g->placed[i].tile].kind == WH_TILE_LAND;
    return land;
}

size_t wh_game_tile_count(const wh_game_t *g)
{
    return g->n_placed;
}

const wh_placed_t *wh_game_tile_at_index(const wh_game_t *g, size_t i)
{
    return i < g->n_placed ? &g->placed[i] : NULL;
}

int wh_game_tile_on(const wh_game_t *g, int x, int y, int *square)
{
    if (x < -WH_COORD_LIMIT - 1 || x > WH_COORD_LIMIT + 1 || y < -WH_COORD_LIMIT - 1 || y > WH_COORD_LIMIT + 1)
        return -1;
    const wh_cell_t *c = wh_cell_get(g, x, y);
    if (!c || c->state != CELL_OCCUPIED)
        return -1;
    if (square)
        *square = c->square;
    return c->placed;
}

int wh_game_feature_at(const wh_game_t *g, int x, int y, wh_dir_t dir, wh_slot_t slot)
{
    int square;
    int p = wh_game_tile_on(g, x, y, &square);
    if (p < 0 || (unsigned)dir > 3 || (unsigned)slot > 2)
        return -1;
    const wh_placed_t *pl = &g->placed[p];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    uint8_t k = g->set->squares[t->first_square + (uint32_t)square].side[(dir - pl->rotation) & 3];
    if (k == WH_NONE)
        return -1;
    uint8_t f = g->set->sides[t->first_side + k].feature[slot];
    return f == WH_NONE ? -1 : pl->first_node + f;
}

int wh_game_feature_of(const wh_game_t *g, size_t i, uint8_t local)
{
    if (i >= g->n_placed || local >= wh_tile_of(g, g->placed[i].tile)->n_features)
        return -1;
    return g->placed[i].first_node + local;
}

bool wh_game_feature(const wh_game_t *g, int id, wh_feature_info_t *info)
{
    if (id < 0 || id >= g->n_nodes || !info)
        return false;
    uint16_t root = wh_find_const(g, (uint16_t)id);
    memset(info, 0, sizeof *info);
    info->kind = g->kind[root];
    info->squares = wh_feature_squares(g, root);
    info->arms = g->arms[root];
    info->open = g->open[root];
    info->complete = g->open[root] == 0 && info->kind != WH_KIND_FIELD && info->kind != WH_KIND_AREA;
    if (info->kind == WH_KIND_FIELD)
        info->cities = wh_field_cities(g, root);
    if (info->kind == WH_KIND_MONASTERY || info->kind == WH_KIND_GARDEN) {
        int m = wh_monastery_of(g, root);
        info->open = (int16_t)(m >= 0 ? 8 - g->monastery[m].neighbours : 8);
        info->complete = info->open == 0;
    }
    wh_feature_meeples(g, root, info->meeples);
    return true;
}

bool wh_game_same_feature(const wh_game_t *g, int a, int b)
{
    if (a < 0 || b < 0 || a >= g->n_nodes || b >= g->n_nodes)
        return false;
    return wh_find_const(g, (uint16_t)a) == wh_find_const(g, (uint16_t)b);
}
