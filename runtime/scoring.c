/*
** scoring.c -- base-game scoring, 3rd edition (shared/reference/base-tiles.md,
** section 4): completed roads 1 per square, cities 2 per square and coat of
** arms, monasteries 9; at the end incomplete roads 1 per square, cities 1
** per square and coat, monasteries 1 + neighbours, and fields 3 per
** completed city they touch.  The players with the most meeples on a
** feature each score it in full.  The boxes change what a feature pays
** (box.h: unit_points, Inns & Cathedrals) and act as one is completed and
** scored (completed, scored); gardens score as monasteries, a large
** meeple counts 2 in a majority (its strength), and a field's winner with a
** pig there scores 4 per completed city (Traders & Builders, T12: the pig
** is a figure of the ground floor's, figures.c).
*/
#include "box.h"

#include <string.h>

/* Pay `points` to the majority of `meeples` (per player) on `root`, and
** report it.  @returns the winners (bit p: player p). */
static uint8_t pay(wh_game_t *g, const wh_score_sink_t *sink, wh_reason_t reason, uint16_t root,
                const uint8_t meeples[WH_MAX_PLAYERS], uint16_t squares, int32_t points)
{
    uint8_t most = 1, winners = 0; /* nobody wins with no figure */
    for (int p = 0; p < g->n_players; p++)
        if (meeples[p] > most) {
            most = meeples[p];
            winners = (uint8_t)(1u << p);
        } else if (meeples[p] == most) {
            winners |= (uint8_t)(1u << p);
        }
    if (!winners)
        return 0;
    for (unsigned bits = winners; bits; bits &= bits - 1)
        g->score[__builtin_ctz(bits)] += points;
    if (sink && sink->event) { /* a planner's trials ask for no events */
        wh_score_event_t e;
        memset(&e, 0, sizeof e);
        memcpy(e.meeples, meeples, sizeof e.meeples);
        e.reason = (uint8_t)reason;
        e.winners = winners;
        e.feature = root;
        e.wonder = WH_NO_FEATURE;
        e.squares = squares;
        e.arms = g->arms[root];
        e.points = points;
        sink->event(sink->ctx, &e);
    }
    return winners;
}

/* The points a road or city pays each player of its majority: completed
** (end false) or incomplete at the end of the game; *squares gets its size. */
static int32_t road_or_city_points(const wh_game_t *g, uint16_t root, bool end, uint16_t *squares)
{
    *squares = wh_feature_squares(g, root);
    bool road = g->kind[root] == WH_KIND_ROAD;
    /* points a square (and a city's coat): [road][end of the game] */
    static const int8_t per[2][2] = {{2, 1}, {1, 1}};
    int32_t unit = per[road][end];
    if (WH_BOXES_WITH(g, unit_points))
        unit = wh_boxes_unit_points(g, root, end, unit);
    int32_t units = road ? *squares : *squares + g->arms[root];
    return unit * units;
}

/* The squares around a monastery or garden, itself not counted: what it
** pays besides its own square.  0 for a garden the game does not track
** (without the Abbot nothing stands on one). */
static int32_t monastery_around(const wh_game_t *g, uint16_t root)
{
    int m = wh_monastery_of(g, root);
    return m >= 0 ? g->monastery[m].neighbours : 0;
}

static void score_road_or_city(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root,
                               const uint8_t meeples[WH_MAX_PLAYERS], bool end)
{
    uint16_t squares;
    int32_t points = road_or_city_points(g, root, end, &squares);
    bool road = g->kind[root] == WH_KIND_ROAD;
    wh_reason_t reason = road ? (end ? WH_REASON_ROAD_END : WH_REASON_ROAD) : (end ? WH_REASON_CITY_END : WH_REASON_CITY);
    pay(g, sink, reason, root, meeples, squares, points);
}

/* End of a turn: the features of the tile just placed that are now closed,
** and every monastery now surrounded.  Completed features without meeples
** are marked too: nothing can be added to them any more. */
void wh_score_completed(wh_game_t *g, const wh_score_sink_t *sink)
{
    const wh_placed_t *pl = &g->placed[g->n_placed - 1];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    for (uint32_t f = 0; f < t->n_features; f++) {
        uint16_t node = (uint16_t)(pl->first_node + f);
        uint8_t kind = g->kind[node]; /* a feature's parts are all of its kind: no search for a field */
        if (kind != WH_KIND_CITY && kind != WH_KIND_ROAD)
            continue;
        uint16_t root = wh_find(g, node);
        if (g->open[root] != 0 || g->done[root])
            continue;
        g->done[root] = 1;
        WH_BOXES_CALL(g, completed, g, sink, root); /* the wonders': "After that, you score the road as usual." */
        if (g->meeples[root]) {
            uint8_t meeples[WH_MAX_PLAYERS];
            wh_feature_meeples(g, root, meeples);
            score_road_or_city(g, sink, root, meeples, false);
            WH_BOXES_CALL(g, scored, g, sink, root, WH_SCORED_COMPLETED); /* its meeples still stand on it */
            wh_feature_return_meeples(g, root);
        }
    }
    if (!g->surround_due) /* none has come to 8 neighbours since the last look */
        return;
    g->surround_due = 0;
    for (uint32_t m = 0; m < g->n_monasteries; m++) {
        wh_monastery_t *mo = &g->monastery[m];
        if (mo->neighbours < 8 || g->done[mo->node])
            continue;
        g->done[mo->node] = 1;
        WH_BOXES_CALL(g, completed, g, sink, mo->node);
        if (g->meeples[mo->node]) {
            uint8_t meeples[WH_MAX_PLAYERS];
            wh_feature_meeples(g, mo->node, meeples);
            pay(g, sink, mo->kind == WH_KIND_GARDEN ? WH_REASON_GARDEN : WH_REASON_MONASTERY, mo->node, meeples, 9, 9);
            WH_BOXES_CALL(g, scored, g, sink, mo->node, WH_SCORED_COMPLETED);
            wh_feature_return_meeples(g, mo->node);
        }
    }
}

/* Final scoring: roads, cities and monasteries first, then fields, each
** feature once however many meeples stand on it.  Nothing joins or leaves
** now, so each meeple's feature is found once; a feature's figures are
** gathered from that list when its first one comes up, and g->meeples
** says when all are found, so the others are struck off without a search
** (a planner scores every move it tries this way). */
void wh_score_final(wh_game_t *g, const wh_score_sink_t *sink, const wh_node_set_t *only)
{
    uint16_t roots[WH_MAX_MEEPLES];
    for (uint32_t i = 0; i < g->n_meeples; i++)
        roots[i] = wh_find(g, g->meeple[i].node);
    for (int fields = 0; fields < 2; fields++)
        for (uint32_t i = 0; i < g->n_meeples; i++) {
            uint16_t root = roots[i];
            if (root == WH_NO_FEATURE || (g->kind[root] == WH_KIND_FIELD) != fields ||
                (only && !wh_node_set_has(only, root)))
                continue;
            uint8_t meeples[WH_MAX_PLAYERS] = {0}, pigs = 0;
            for (uint32_t j = i, left = g->meeples[root]; j < g->n_meeples && left; j++)
                if (roots[j] == root) { /* none before i stands on it */
                    meeples[g->meeple[j].player] +=
                        wh_strength_on(g, root, g->meeple[j].player, g->meeple[j].figure, true);
                    if (g->meeple[j].figure == WH_FIGURE_PIG)
                        pigs |= (uint8_t)(1u << g->meeple[j].player);
                    roots[j] = WH_NO_FEATURE;
                    left--;
                }
            switch (g->kind[root]) {
            case WH_KIND_ROAD:
            case WH_KIND_CITY:
                score_road_or_city(g, sink, root, meeples, true);
                break;
            case WH_KIND_MONASTERY:
            case WH_KIND_GARDEN: {
                int32_t around = monastery_around(g, root);
                pay(g, sink, g->kind[root] == WH_KIND_GARDEN ? WH_REASON_GARDEN_END : WH_REASON_MONASTERY_END, root,
                    meeples, (uint16_t)(1 + around), 1 + around);
                break;
            }
            case WH_KIND_FIELD: {
                uint16_t cities = wh_field_cities(g, root);
                uint8_t winners = pay(g, sink, WH_REASON_FIELD_END, root, meeples, cities, 3 * cities);
                /* T12: a winner whose pig is in the field scores 4 a city, not 3;
                ** a pig in a field its player does not win does nothing */
                if (winners & pigs) {
                    uint8_t none[WH_MAX_PLAYERS] = {0};
                    for (unsigned bits = winners & pigs; bits; bits &= bits - 1)
                        none[__builtin_ctz(bits)] = 1; /* the pay goes to them alone */
                    pay(g, sink, WH_REASON_PIG, root, none, cities, cities);
                }
                break;
            }
            default:
                break;
            }
            WH_BOXES_CALL(g, scored, g, sink, root, WH_SCORED_FINAL);
        }
}

void wh_score_surrounded(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root, uint8_t player, wh_reason_t reason)
{
    int32_t around = monastery_around(g, root);
    uint8_t meeples[WH_MAX_PLAYERS] = {0};
    meeples[player] = 1;
    pay(g, sink, reason, root, meeples, (uint16_t)(1 + around), 1 + around);
}

int wh_game_feature_points(const wh_game_t *g, int id)
{
    if (id < 0 || id >= g->n_nodes)
        return 0;
    uint16_t root = wh_find_const(g, (uint16_t)id), squares;
    switch (g->kind[root]) {
    case WH_KIND_ROAD:
    case WH_KIND_CITY:
        return road_or_city_points(g, root, g->open[root] != 0, &squares);
    case WH_KIND_MONASTERY:
    case WH_KIND_GARDEN: /* 9 when complete: itself and its 8 neighbours */
        return wh_monastery_of(g, root) >= 0 ? 1 + monastery_around(g, root) : 0;
    case WH_KIND_FIELD:
        return 3 * wh_field_cities(g, root);
    default:
        return 0;
    }
}
