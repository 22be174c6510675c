/*
** test_traders.c -- Traders & Builders' rules (docs/rules.md; reference
** shared/reference/expansions-2-3.md, T1-T13) on the project's tables:
** where the builder and the pig may go, the builder's second part of a
** turn, goods ties, the bridge, and the seed's wonder ruling.  The scoring
** of goods and of the pig is also stated by tests/positions/ (goods-*,
** builder-*, pig-*).  Every number below is worked out from the rule text.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

#define TB WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS)

/* The final scoring of G, into LOG through SINK; the goods' majority
** events it logged go into OUT (at most one a kind of goods, T3).
** Returns how many are in OUT: more than WH_N_GOODS is wrong in any game,
** and reads as WH_N_GOODS, which no test here expects. */
static int final_goods(wh_game_t *g, event_log *log, wh_score_sink_t *sink, const wh_score_event_t *out[WH_N_GOODS])
{
    int before = log->n, n = 0;
    CU_ASSERT_EQUAL(wh_game_final_score(g, sink), WH_OK);
    for (int i = before; i < log->n; i++)
        if (log->e[i].reason == WH_REASON_GOODS && n < WH_N_GOODS)
            out[n++] = &log->e[i];
    return n;
}

/* T5: the builder goes on a road or city holding one of its player's
** followers; T11: the pig on a field where its player has a farmer. */
static void test_builder_and_pig_need_a_follower(void)
{
    wh_game_t *g = game_with(TB);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 1);
    CU_ASSERT_EQUAL(wh_game_figures(g, 1, WH_FIGURE_PIG), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, 1, 0, 0), WH_OK); /* D's road, east */
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_BUILDER, "r")), WH_ERR_NO_FOLLOWER);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_PIG, "f1")), WH_ERR_NO_FOLLOWER);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_BUILDER, "f1")), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_PIG, "r")), WH_ERR_NOT_A_FEATURE);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    CU_ASSERT_EQUAL(n, 3); /* meeples on the road and the two fields, no builder or pig */
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_MEEPLE, "r")), WH_OK);
    /* one figure a turn: the builder is placed instead of a meeple */
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_BUILDER, "r")), WH_ERR_MEEPLE_LIMIT);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 0, 1, 0), WH_OK); /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    /* P0 extends the road: now the builder may join it, and is offered */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, 2, 0, 0), WH_OK);
    n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    bool offered = false;
    for (size_t i = 0; i < n; i++)
        offered |= options[i] == tile_option("base.U", WH_FIGURE_BUILDER, "r");
    CU_ASSERT(offered);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_BUILDER, "r")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 0);
    /* the tile that receives the builder does not itself trigger (T6) */
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_ONLY);
    free(g);
}

/* T5: "nor on a completed feature"; without the rules nobody has one. */
static void test_no_builder_on_a_completed_road_or_without_the_rules(void)
{
    wh_game_t *g = game_with(TB);
    turn(g, &wh_tileset, "base.A", -1, 0, 3, tile_option("base.A", WH_FIGURE_MEEPLE, "r"), NULL); /* P0: west end */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                         /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_A, 1, 0, 1), WH_OK);             /* P0: east end */
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.A", WH_FIGURE_BUILDER, "r")), WH_ERR_COMPLETED);
    free(g);
    g = game_with(0);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 0);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_PIG), 0);
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL);
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, 2, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.U", WH_FIGURE_BUILDER, "r")), WH_ERR_NO_MEEPLE);
    free(g);
}

/* T6, T8, T10: P0's builder on a road closed at its west end by a
** monastery; P0's tile closing its east end both extends it (a second part
** follows) and completes it: 4 squares, 4 points; the meeple and the builder
** go back, and the second part still happens, the same player's, with the
** builder in supply again.  T7: the second part gets no third. */
static void test_builder_second_part_survives_completion(void)
{
    wh_game_t *g = game_with(TB);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "base.A", -1, 0, 3, tile_option("base.A", WH_FIGURE_MEEPLE, "r"), &sink); /* P0 */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, &sink);                                         /* P1 */
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_BUILDER, "r"), &sink);  /* P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, &sink);                                         /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_A, 2, 0, 1), WH_OK);              /* P0 */
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_FIRST);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_ROAD);
    CU_ASSERT_EQUAL(log.e[0].winners, 1);
    TEST_POINTS(log.e[0].points, 4); /* (-1, 0) to (2, 0); the builder weighs nothing */
    CU_ASSERT_EQUAL(log.e[0].meeples[0], 1);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 1);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
    CU_ASSERT_EQUAL(wh_game_current(g), 0);
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_SECOND);
    /* the second part: P0 again, who closes the start tile's city; then P1 */
    turn(g, &wh_tileset, "base.E", 0, -1, 2, -1, &sink);
    CU_ASSERT_EQUAL(wh_game_current(g), 1);
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_ONLY);
    free(g);
}

/* T3: "If several players tie for the most, each of them scores 10."  P1
** completes the wine band's city (a wine token), P0 the wine corner's (a
** wine token): 1 each, 10 each. */
static void test_goods_tie(void)
{
    wh_game_t *g = game_with(TB);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "traders_builders.Q", 0, -1, 1, -1, &sink); /* P0: the band N-S on D's cap */
    turn(g, &wh_tileset, "base.E", 0, -2, 2, -1, &sink);             /* P1 closes it: 1 wine to P1 */
    CU_ASSERT_EQUAL(wh_game_goods(g, 1, WH_GOODS_WINE), 1);
    CU_ASSERT_EQUAL(wh_game_goods(g, 0, WH_GOODS_WINE), 0);
    turn(g, &wh_tileset, "traders_builders.T", 1, -1, 2, -1, &sink); /* P0: the corner, city S and E */
    turn(g, &wh_tileset, "base.D", 1, 0, 0, -1, &sink);              /* P1: a cap under it, D's road on */
    turn(g, &wh_tileset, "base.E", 2, -1, 3, -1, &sink);             /* P0 closes it: 1 wine to P0 */
    CU_ASSERT_EQUAL(wh_game_goods(g, 0, WH_GOODS_WINE), 1);
    CU_ASSERT_EQUAL(wh_game_goods(g, 1, WH_GOODS_WINE), 1);
    CU_ASSERT_EQUAL(wh_game_goods(g, 0, WH_GOODS_GRAIN), 0);
    const wh_score_event_t *goods[WH_N_GOODS];
    int n = final_goods(g, &log, &sink, goods);
    CU_ASSERT_EQUAL(n, 1); /* nobody holds grain or cloth */
    for (int i = 0; i < n; i++) {
        CU_ASSERT_EQUAL(goods[i]->winners, 3);
        CU_ASSERT_EQUAL(goods[i]->meeples[0], 1); /* each player's tokens of the kind */
        CU_ASSERT_EQUAL(goods[i]->meeples[1], 1);
        CU_ASSERT_EQUAL(goods[i]->squares, WH_GOODS_WINE);
        TEST_POINTS(goods[i]->points, 10);
    }
    TEST_POINTS(wh_game_score(g, 0), 10);
    TEST_POINTS(wh_game_score(g, 1), 10);
    free(g);
}

/* T1, T3: a city with three goods symbols, completed by P1: P1 takes a
** token for each symbol, of its own kind.  The start tile's cap (0, 0), the
** wine band traders_builders.Q turned 90 above it (0, -1), the grain corner
** traders_builders.G turned 180 (0, -2, city S and E), the wine corner
** traders_builders.T turned 270 (1, -2, city W and S), and base.E's cap
** (1, -1) closing it: 2 wine and 1 grain to P1, who placed the last tile,
** nothing to P0.  Nobody occupies the city (T1: "It does not matter who
** holds the city or whether anyone occupies it"), so it pays no points.
** At the end P1 holds the most wine (2 against 0) and the most grain (1
** against 0): 10 each (T3), 20; nobody holds cloth. */
static void test_goods_of_each_kind_to_the_completer(void)
{
    wh_game_t *g = game_with(TB);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "traders_builders.Q", 0, -1, 1, -1, &sink); /* P0 */
    turn(g, &wh_tileset, "traders_builders.G", 0, -2, 2, -1, &sink); /* P1 */
    turn(g, &wh_tileset, "traders_builders.T", 1, -2, 3, -1, &sink); /* P0 */
    turn(g, &wh_tileset, "base.E", 1, -1, 0, -1, &sink);             /* P1 closes the city */
    CU_ASSERT_EQUAL(wh_game_goods(g, 1, WH_GOODS_WINE), 2);
    CU_ASSERT_EQUAL(wh_game_goods(g, 1, WH_GOODS_GRAIN), 1);
    CU_ASSERT_EQUAL(wh_game_goods(g, 1, WH_GOODS_CLOTH), 0);
    for (int k = 0; k < WH_N_GOODS; k++)
        CU_ASSERT_EQUAL(wh_game_goods(g, 0, (wh_goods_t)k), 0);
    CU_ASSERT_EQUAL(wh_game_goods(g, 0, (wh_goods_t)WH_N_GOODS), 0); /* no such kind */
    CU_ASSERT_EQUAL(wh_game_goods(g, -1, WH_GOODS_WINE), 0);         /* no such player */
    const wh_score_event_t *goods[WH_N_GOODS];
    int n = final_goods(g, &log, &sink, goods);
    CU_ASSERT_EQUAL(n, 2); /* wine and grain */
    for (int i = 0; i < n; i++) {
        const wh_score_event_t *e = goods[i];
        CU_ASSERT_EQUAL(e->winners, 2); /* P1 alone */
        CU_ASSERT_EQUAL(e->meeples[0], 0); /* the tokens of the kind: P0 none */
        CU_ASSERT_EQUAL(e->meeples[1], e->squares == WH_GOODS_WINE ? 2 : 1);
        for (int p = 2; p < WH_MAX_PLAYERS; p++)
            CU_ASSERT_EQUAL(e->meeples[p], 0); /* no such player */
        /* tokens, not a feature: no feature, no coat of arms (`wonders score` prints them) */
        CU_ASSERT_EQUAL(e->feature, WH_NO_FEATURE);
        CU_ASSERT_EQUAL(e->arms, 0);
    }
    TEST_POINTS(wh_game_score(g, 0), 0);
    TEST_POINTS(wh_game_score(g, 1), 20);
    free(g);
}

/* T6: "a tile that extends the road or city holding your builder": a city
** too.  P0's knight on the wine band traders_builders.Q turned 90 above
** the start tile (0, -1), joining its city; P0's builder on the wine corner
** traders_builders.T turned 180 (0, -2), city S and E, which extends it.
** P0's grain corner traders_builders.G turned 270 at (1, -2), city W and
** S, extends the city again: a second part (P1's monasteries base.B below
** the start tile, out of the way). */
static void test_builder_part_from_a_city(void)
{
    wh_game_t *g = game_with(TB);
    turn(g, &wh_tileset, "traders_builders.Q", 0, -1, 1, tile_option("traders_builders.Q", WH_FIGURE_MEEPLE, "c"),
         NULL);                                                                                  /* P0 */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                          /* P1 */
    turn(g, &wh_tileset, "traders_builders.T", 0, -2, 2, tile_option("traders_builders.T", WH_FIGURE_BUILDER, "c"),
         NULL);                                                                                  /* P0 */
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 0);
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL);                                          /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_TRADERS_BUILDERS_G, 1, -2, 3), WH_OK); /* P0 */
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_FIRST);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_current(g), 0); /* the second part: P0 again */
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_SECOND);
    /* a record naming the same player keeps the second part; another
    ** player's turn has none (wh_game_set_current); a new game neither */
    CU_ASSERT_EQUAL(wh_game_set_current(g, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_SECOND);
    CU_ASSERT_EQUAL(wh_game_set_current(g, 1), WH_OK);
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_ONLY);
    CU_ASSERT_EQUAL(wh_game_set_current(g, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_ONLY);
    free(g);
    g = game_with(TB);
    turn(g, &wh_tileset, "traders_builders.Q", 0, -1, 1, tile_option("traders_builders.Q", WH_FIGURE_MEEPLE, "c"),
         NULL);
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);
    turn(g, &wh_tileset, "traders_builders.T", 0, -2, 2, tile_option("traders_builders.T", WH_FIGURE_BUILDER, "c"),
         NULL);
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL);
    turn(g, &wh_tileset, "traders_builders.G", 1, -2, 3, -1, NULL);
    CU_ASSERT_EQUAL_FATAL(wh_game_builder_part(g), WH_PART_SECOND);
    wh_game_restart(g);
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_ONLY);
    CU_ASSERT_EQUAL(wh_game_current(g), 0);
    free(g);
}

/* T6, whatever the order the figures came in: P1's knight, the first
** figure of the game, on the wine band traders_builders.Q turned 90 above
** the start tile (0, -1); P0's meeple, then P0's builder, on the start
** tile's road extended east by base.U at (1, 0) and (2, 0).  P1 closes the
** city with base.E turned 180 at (0, -2) (3 squares, 6 to P1) and the
** knight goes home.  P0's base.U at (3, 0) extends the builder's road: a
** second part.  (P0's first tile, base.B below the start tile, and P1's
** second, base.B at (1, 1), are out of the way.) */
static void test_builder_part_after_another_figure_left(void)
{
    wh_game_t *g = game_with(TB);
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                          /* P0 */
    turn(g, &wh_tileset, "traders_builders.Q", 0, -1, 1, tile_option("traders_builders.Q", WH_FIGURE_MEEPLE, "c"),
         NULL);                                                                                  /* P1 */
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL);   /* P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL);                                          /* P1 */
    turn(g, &wh_tileset, "base.U", 2, 0, 0, tile_option("base.U", WH_FIGURE_BUILDER, "r"), NULL);  /* P0 */
    turn(g, &wh_tileset, "base.E", 0, -2, 2, -1, NULL);                                         /* P1 closes the city */
    TEST_POINTS(wh_game_score(g, 1), 6);
    CU_ASSERT_EQUAL(wh_game_supply(g, 1), 7); /* the knight is home */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, 3, 0, 0), WH_OK); /* P0 */
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_FIRST);
    free(g);
}

/* T6: only the feature holding the builder earns the second part, not
** another feature of the same player.  P0's meeple and then builder on the
** start tile's road, extended east by base.U at (1, 0) and (2, 0); P1's
** monasteries base.B below, out of the way.  P0's knight on the wine band
** traders_builders.Q turned 90 above the start tile (0, -1), joining its
** city; then P0 extends that city with traders_builders.T turned 180 at
** (0, -2): the city holds P0's knight, not P0's builder, so no second part:
** the turn is P0's only part, and P1 plays next. */
static void test_builder_part_only_from_the_builders_feature(void)
{
    wh_game_t *g = game_with(TB);
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL);   /* P0 */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                          /* P1 */
    turn(g, &wh_tileset, "base.U", 2, 0, 0, tile_option("base.U", WH_FIGURE_BUILDER, "r"), NULL);  /* P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL);                                          /* P1 */
    turn(g, &wh_tileset, "traders_builders.Q", 0, -1, 1, tile_option("traders_builders.Q", WH_FIGURE_MEEPLE, "c"),
         NULL);                                                                                  /* P0 */
    turn(g, &wh_tileset, "base.B", 2, 1, 0, -1, NULL);                                          /* P1 */
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 0); /* on the board */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_TRADERS_BUILDERS_T, 0, -2, 2), WH_OK); /* P0 */
    CU_ASSERT_EQUAL(wh_game_builder_part(g), WH_PART_ONLY);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_current(g), 1);
    free(g);
}

/* W: "If you place a wooden meeple on the wonder tile, you cannot place your
** builder or your pig instead of a second wooden meeple."  Nor does either
** mark a wonder. */
static void test_wonder_no_builder_or_pig_for_the_second_meeple(void)
{
    wh_game_t *g = game_with(TB);
    wh_placement_t where;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET1_STONEHENGE, 0, &where));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_STONEHENGE, where.x, where.y, where.rotation),
                          WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker_figure(g, WH_FIGURE_BUILDER), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_marker_figure(g, WH_FIGURE_PIG), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    CU_ASSERT_FATAL(n > 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, options[0]), WH_OK);
    const wh_tile_t *t = &wh_tileset.tiles[WH_TILE_WONDERS_SET1_STONEHENGE];
    for (uint8_t f = 0; f < t->n_features; f++) {
        CU_ASSERT_EQUAL(wh_game_place_meeple(g, WH_OPTION(WH_FIGURE_BUILDER, f)), WH_ERR_MEEPLE_LIMIT);
        CU_ASSERT_EQUAL(wh_game_place_meeple(g, WH_OPTION(WH_FIGURE_PIG, f)), WH_ERR_MEEPLE_LIMIT);
    }
    n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    for (size_t i = 0; i < n; i++)
        CU_ASSERT(WH_OPTION_FIGURE(options[i]) == WH_FIGURE_MEEPLE); /* a second meeple, or nothing */
    free(g);
}

/* T13: the bridge's two roads both run through and are separate features. */
static void test_bridge_two_roads(void)
{
    wh_game_t *g = game_with(TB);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_TRADERS_BUILDERS_B, 1, 0, 0), WH_OK);
    int r1 = wh_game_feature_of(g, 1, local_of(&wh_tileset, "traders_builders.B", "r1"));
    int r2 = wh_game_feature_of(g, 1, local_of(&wh_tileset, "traders_builders.B", "r2"));
    CU_ASSERT(!wh_game_same_feature(g, r1, r2));
    wh_feature_info_t a, b;
    CU_ASSERT_FATAL(wh_game_feature(g, r1, &a) && wh_game_feature(g, r2, &b));
    CU_ASSERT_EQUAL(a.squares, 1); /* N-S: its own, two open ends */
    CU_ASSERT_EQUAL(a.open, 2);
    CU_ASSERT_EQUAL(b.squares, 2); /* W-E: joined to the start tile's road */
    CU_ASSERT_EQUAL(b.open, 2);
    free(g);
}

bool register_traders_tests(void)
{
    static const test_case cases[] = {
        {"T5, T11: the builder and the pig need their player's follower", test_builder_and_pig_need_a_follower},
        {"T5: no builder on a completed road, none without the rules",
         test_no_builder_on_a_completed_road_or_without_the_rules},
        {"T6-T10: the second part survives the builder's road completed", test_builder_second_part_survives_completion},
        {"T3: goods ties all score 10", test_goods_tie},
        {"T1, T3: each symbol a token of its kind, to the completer", test_goods_of_each_kind_to_the_completer},
        {"T6: a second part from the builder's city", test_builder_part_from_a_city},
        {"T6: a second part after another figure left the board", test_builder_part_after_another_figure_left},
        {"T6: no second part from another feature of the builder's player",
         test_builder_part_only_from_the_builders_feature},
        {"W: no builder or pig instead of a second wooden meeple", test_wonder_no_builder_or_pig_for_the_second_meeple},
        {"T13: the bridge's roads are two features", test_bridge_two_roads},
        {NULL, NULL},
    };
    return register_suite("Traders & Builders", cases);
}
