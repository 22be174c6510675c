/*
** portal.c -- The Princess & the Dragon's magic portal (docs/rules.md;
** reference shared/reference/expansions-2-3.md, P16, and W's ruling M1):
** the player who places a portal tile may put their meeple on any feature of
** the board instead of on that tile, as the usual rules allow one there --
** unoccupied, not completed, and (P9) not where the dragon stands.  Any
** follower goes through (JCZ: followers only): the meeple, the large meeple,
** the abbot (on a monastery or a garden), each where it may stand.
*/
#include "princess_dragon.h"

_Static_assert(WH_MAX_NODES <= 1024, "a node id fits in a portal option's 10 bits");

/* Why the portal may not be used now, or WH_OK. */
static wh_status_t portal_check(const wh_game_t *g)
{
    if (!(g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) || g->phase != WH_PHASE_MEEPLE)
        return WH_ERR_PHASE;
    const wh_placed_t *pl = &g->placed[g->n_placed - 1];
    if (!(wh_tile_of(g, pl->tile)->flags & WH_TILE_FLAG_PORTAL))
        return WH_ERR_PHASE;
    if (g->meeples_placed || g->acted || g->pd.dragon_taken || wh_game_princess_must(g))
        return WH_ERR_MEEPLE_LIMIT;
    if (g->n_meeples >= WH_MAX_MEEPLES)
        return WH_ERR_CAPACITY;
    return WH_OK;
}

/* Whether follower `figure` may go on node n through the portal: where it
** stands (W (M1): never on a wonder's area, which no figure does). */
static bool open_to(const wh_game_t *g, unsigned figure, uint16_t n)
{
    if (!((1u << g->kind[n]) & wh_figure_stands_on(figure)) || g->node_placed[n] == g->n_placed - 1)
        return false; /* the tile just placed: its own options, as usual */
    if (!wh_boxes_node_allowed(g, n)) /* a wonder's forbid rule (box.h) */
        return false;
    uint16_t root = wh_find_const(g, n);
    if (g->meeples[root] || g->done[root])
        return false;
    if ((g->kind[root] == WH_KIND_CITY || g->kind[root] == WH_KIND_ROAD) && g->open[root] == 0)
        return false; /* completed */
    if (g->kind[root] == WH_KIND_MONASTERY || g->kind[root] == WH_KIND_GARDEN) {
        int m = wh_monastery_of(g, root);
        if (m >= 0 && g->monastery[m].neighbours == 8)
            return false;
    }
    /* P9: not on the tile where the dragon stands */
    if (g->pd.dragon_on) {
        const wh_cell_t *c = wh_cell_get(g, g->pd.dragon_x, g->pd.dragon_y);
        if (c && c->state == CELL_OCCUPIED && c->placed == g->node_placed[n])
            return false;
    }
    return true;
}

/* Whether `figure` is a follower the current player has in supply. */
static bool in_supply(const wh_game_t *g, unsigned figure)
{
    return wh_follower((uint8_t)figure) && wh_figure_supply_const(g, figure)[g->current] > 0;
}

size_t wh_game_portal_options(const wh_game_t *g, uint16_t *out, size_t cap)
{
    if (portal_check(g) != WH_OK)
        return 0;
    size_t k = 0;
    for (unsigned figure = 0; figure < WH_FIGURE_BUILDER; figure++) {
        if (!in_supply(g, figure))
            continue;
        for (uint16_t n = 0; n < g->n_nodes; n++)
            if (open_to(g, figure, n)) {
                if (k < cap)
                    out[k] = WH_PORTAL_OPTION(figure, n);
                k++;
            }
    }
    return k;
}

wh_status_t wh_game_place_portal(wh_game_t *g, uint16_t option)
{
    wh_status_t s = portal_check(g);
    if (s != WH_OK)
        return s;
    unsigned figure = WH_PORTAL_FIGURE(option);
    uint16_t node = (uint16_t)WH_PORTAL_NODE(option);
    if (!wh_follower((uint8_t)figure) || node >= g->n_nodes)
        return WH_ERR_RANGE;
    if (!in_supply(g, figure))
        return WH_ERR_NO_MEEPLE;
    if (!open_to(g, figure, node))
        return WH_ERR_RANGE;
    g->meeple[g->n_meeples++] = (wh_meeple_t){node, g->current, (uint8_t)figure};
    g->turn_meeple[0] = node;
    g->meeples[wh_find(g, node)]++;
    wh_figure_supply(g, figure)[g->current]--;
    g->meeples_placed = 1;
    return WH_OK;
}
