/*
** princess.c -- The Princess & the Dragon's princess (docs/rules.md;
** reference shared/reference/expansions-2-3.md, P17, and W's ruling on the
** marker): a tile whose princess city joins a city holding knights lets its
** player send one of them home instead of placing a figure.  Hans im
** Glück's "may".
*/
#include "princess_dragon.h"

/* The root of the city the tile just placed joins with its princess, or
** WH_NO_FEATURE. */
static uint16_t princess_city(const wh_game_t *g)
{
    const wh_placed_t *pl = &g->placed[g->n_placed - 1];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    for (uint32_t f = 0; f < t->n_features; f++)
        if (g->set->features[t->first_feature + f].marks & WH_MARK_PRINCESS)
            return wh_find_const(g, (uint16_t)(pl->first_node + f));
    return WH_NO_FEATURE;
}

/* Why the princess may not be used now, or WH_OK. */
static wh_status_t use_check(const wh_game_t *g)
{
    if (!(g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) || g->phase != WH_PHASE_MEEPLE)
        return WH_ERR_PHASE;
    /* P17: instead of a figure or the fairy, and before the dragon moves */
    if (g->meeples_placed || g->acted || g->pd.dragon_taken)
        return WH_ERR_PHASE;
    return WH_OK;
}

size_t wh_game_princess_options(const wh_game_t *g, uint16_t *out, size_t cap)
{
    if (use_check(g) != WH_OK)
        return 0;
    uint16_t root = princess_city(g);
    if (root == WH_NO_FEATURE)
        return 0;
    size_t n = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        /* every knight of the whole city, the player's own too; W: "you
        ** cannot remove the marker meeple", which stands on no feature */
        if (!wh_follower(g->meeple[i].figure) || wh_find_const(g, g->meeple[i].node) != root)
            continue;
        if (n < cap)
            out[n] = (uint16_t)i;
        n++;
    }
    return n;
}

bool wh_game_princess_must(const wh_game_t *g)
{
    /* P17's variant: "must" (RGG, Z-Man) where HiG says "may" */
    return (g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_MUST)) && wh_game_princess_options(g, NULL, 0) > 0;
}

wh_status_t wh_game_use_princess(wh_game_t *g, uint16_t meeple)
{
    wh_status_t s = use_check(g);
    if (s != WH_OK)
        return s;
    uint16_t root = princess_city(g);
    if (root == WH_NO_FEATURE || meeple >= g->n_meeples || !wh_follower(g->meeple[meeple].figure) ||
        wh_find(g, g->meeple[meeple].node) != root)
        return WH_ERR_RANGE;
    wh_meeple_t m = g->meeple[meeple];
    g->meeples[root]--;
    wh_figure_supply(g, m.figure)[m.player]++;
    g->meeple[meeple] = g->meeple[--g->n_meeples];
    g->acted = 1;
    wh_lonely_specials(g); /* T10: a builder left without its player's knight */
    return WH_OK;
}
