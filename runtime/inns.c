/*
** inns.c -- Inns & Cathedrals as a box (box.h; docs/rules.md, "Inns &
** Cathedrals"): each player's large meeple, which counts 2 in a majority
** (its strength, internal.h), and the inn and the cathedral, which raise a
** completed road's or city's points and leave an incomplete one none.
*/
#include "box.h"

static void begin(wh_game_t *g)
{
    for (int p = 0; p < g->n_players; p++)
        g->large[p] = 1;
}

/* A road with an inn pays 2 a square when completed, a city with a
** cathedral 3 a square and coat; at the end of the game either pays 0. */
static int32_t unit_points(const wh_game_t *g, uint16_t root, bool end, int32_t points)
{
    unsigned mark = g->kind[root] == WH_KIND_ROAD ? WH_MARK_INN : WH_MARK_CATHEDRAL;
    if (!(wh_feature_marks(g, root) & mark))
        return points;
    return end ? 0 : points + 1;
}

const wh_box_t wh_box_inns_cathedrals = {
    .name = "inns_cathedrals",
    .rules = WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS),
    .begin = begin,
    .unit_points = unit_points,
};
