/*
** traders.c -- Traders & Builders' goods and builder (docs/rules.md,
** "Traders & Builders"; shared/reference/expansions-2-3.md, T1-T13): the
** tokens a completed city gives, their majorities at the end, and the tile
** that earns its player a second part of the turn; a box (box.h, its
** table at the end).  The builder's and the pig's placement is in
** figures.c (where they may stand, and that either is placed instead of a
** meeple), the pig's field bonus in scoring.c: the ground floor's figures.
*/
#include "box.h"

#include <string.h>

/* Whether placed tile p's roads and cities joined the current player's
** builder's feature (T6). */
static bool builder_extended(const wh_game_t *g, uint16_t placed)
{
    if (g->builders[g->current])
        return false; /* the builder is in the supply */
    const wh_placed_t *pl = &g->placed[placed];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        const wh_meeple_t *b = &g->meeple[i];
        if (b->figure != WH_FIGURE_BUILDER || b->player != g->current)
            continue;
        uint16_t root = wh_find_const(g, b->node);
        for (uint32_t f = 0; f < t->n_features; f++) {
            uint16_t n = (uint16_t)(pl->first_node + f);
            /* T6: a tile "that extends the road or city holding your builder" */
            if ((g->kind[n] == WH_KIND_ROAD || g->kind[n] == WH_KIND_CITY) && wh_find_const(g, n) == root)
                return true;
        }
    }
    return false;
}

/* City `root` was just completed: the current player takes a token per
** goods mark in it (T1), whoever holds it, occupied or not. */
static void completed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    (void)sink;
    if (g->kind[root] != WH_KIND_CITY)
        return;
    /* T1: "one goods token of the matching kind for each goods symbol
    ** anywhere in the city"; a tile's city part shows at most one */
    static const uint8_t mark[WH_N_GOODS] = {WH_MARK_WINE, WH_MARK_GRAIN, WH_MARK_CLOTH};
    uint16_t m = root;
    do {
        unsigned marks = wh_node_feature(g, m)->marks;
        for (int k = 0; k < WH_N_GOODS; k++)
            if ((marks & mark[k]) && g->traders.goods[g->current][k] < UINT8_MAX)
                g->traders.goods[g->current][k]++;
        m = g->next[m];
    } while (m != root);
}

/* The end of the game: 10 to the players with the most tokens of each kind
** (T3), after the features. */
static void final(wh_game_t *g, const wh_score_sink_t *sink)
{
    for (int k = 0; k < WH_N_GOODS; k++) {
        /* T3: the most tokens of a kind, ties all paid, and at least one */
        uint8_t most = 1, winners = 0;
        for (int p = 0; p < g->n_players; p++)
            if (g->traders.goods[p][k] > most) {
                most = g->traders.goods[p][k];
                winners = (uint8_t)(1u << p);
            } else if (g->traders.goods[p][k] == most) {
                winners |= (uint8_t)(1u << p);
            }
        if (!winners)
            continue;
        for (unsigned bits = winners; bits; bits &= bits - 1)
            g->score[__builtin_ctz(bits)] += 10;
        if (sink && sink->event) {
            wh_score_event_t e;
            memset(&e, 0, sizeof e);
            for (int p = 0; p < g->n_players; p++)
                e.meeples[p] = g->traders.goods[p][k];
            e.reason = WH_REASON_GOODS;
            e.winners = winners;
            e.feature = WH_NO_FEATURE;
            e.wonder = WH_NO_FEATURE;
            e.squares = (uint16_t)k;
            e.points = 10;
            sink->event(sink->ctx, &e);
        }
    }
}

int wh_game_goods(const wh_game_t *g, int player, wh_goods_t goods)
{
    if (player < 0 || player >= g->n_players || (unsigned)goods >= WH_N_GOODS)
        return 0;
    return g->traders.goods[player][goods];
}

wh_builder_part_t wh_game_builder_part(const wh_game_t *g)
{
    return (wh_builder_part_t)g->part;
}

static void begin(wh_game_t *g)
{
    for (int p = 0; p < g->n_players; p++) /* T5, T11: one builder and one pig each */
        g->builders[p] = g->pigs[p] = 1;
    memset(g->traders.goods, 0, sizeof g->traders.goods);
}

/* T6, T7: a tile extending the player's builder's road or city earns a
** second part of the turn, once a turn; T8: from this moment, whatever
** then happens to the builder. */
static void tile_placed(wh_game_t *g, uint16_t placed)
{
    if (g->part == WH_PART_ONLY && builder_extended(g, placed))
        g->part = WH_PART_FIRST;
}

const wh_box_t wh_box_traders_builders = {
    .name = "traders_builders",
    .rules = WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS),
    .begin = begin,
    .tile_placed = tile_placed,
    .completed = completed,
    .final = final,
};
