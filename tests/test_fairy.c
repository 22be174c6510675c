/*
** test_fairy.c -- The Princess & the Dragon's fairy (docs/rules.md;
** reference shared/reference/expansions-2-3.md, P10-P15, and W's rulings
** F1-F3) on the project's tables.  Every number below is worked out from
** the rule text.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

#define PD WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)
#define ON_TILE WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE)

static int points_for(const event_log *log, wh_reason_t reason, int player)
{
    int points = 0;
    for (int i = 0; i < log->n; i++)
        if (log->e[i].reason == reason && (log->e[i].winners & (1u << player)))
            points += log->e[i].points;
    return points;
}

/* P0's meeple on the start tile's road, extended by U at (1, 0).  Turn 3,
** P0 places B at (1, 1) and moves the fairy beside that meeple instead of
** a figure (P10).  P13: P0's next turn starts with 1 point (after turn 4).
** P0 closes the road's west end with A at (-1, 0) (turn 5); P1 closes its
** east end with A at (2, 0) (turn 6): 4 squares, 4 to P0, and P14: 3 more
** to P0, the fairy's meeple being on it.  P15: the meeple goes back, the
** fairy stays on U's tile, beside nobody: no point when P0's turn starts
** after turn 6.  P0: 1 + 4 + 3 = 8.  P11: a dragon flying from the volcano
** at (1, -1) may not enter U's tile, the fairy's: its only step is to the
** dragon tile at (2, -1). */
static void test_fairy_points_and_protection(void)
{
    wh_game_t *g = game_with(PD);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    uint16_t options[WH_MAX_MEEPLES];
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), &sink); /* 1: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 0, 1, 0), WH_OK);              /* 2: P1 */
    CU_ASSERT_EQUAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 0); /* no follower of P1's */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT(!wh_game_fairy(g, NULL, NULL)); /* P1: beside the board */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 1, 1, 0), WH_OK); /* 3: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(wh_game_move_fairy(g, options[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.B", WH_FIGURE_MEEPLE, "m")), WH_ERR_MEEPLE_LIMIT);
    CU_ASSERT_EQUAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 0); /* once a turn */
    int tile, player;
    CU_ASSERT(wh_game_fairy(g, &tile, &player));
    CU_ASSERT_EQUAL(tile, 1);
    CU_ASSERT_EQUAL(player, 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    TEST_POINTS(wh_game_score(g, 0), 0); /* P1's turn starts: nothing */
    turn(g, &wh_tileset, "base.B", -1, 1, 0, -1, &sink); /* 4: P1 */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    turn(g, &wh_tileset, "base.A", -1, 0, 3, -1, &sink); /* 5: P0 */
    turn(g, &wh_tileset, "base.A", 2, 0, 1, -1, &sink);  /* 6: P1 completes the road */
    TEST_POINTS(points_for(&log, WH_REASON_ROAD, 0), 4);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 0), 3);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1); /* P15: beside nobody now */
    TEST_POINTS(wh_game_score(g, 0), 8);
    TEST_POINTS(wh_game_score(g, 1), 0);
    CU_ASSERT(wh_game_fairy(g, &tile, &player));
    CU_ASSERT_EQUAL(tile, 1);
    CU_ASSERT_EQUAL(player, -1);
    turn(g, &wh_tileset, "princess_dragon.Z2", 1, -1, 0, -1, &sink); /* 7: P0's volcano above U */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, 2, -1, 2), WH_OK); /* 8: P1 */
    wh_point_t steps[4];
    CU_ASSERT_EQUAL_FATAL(wh_game_dragon_steps(g, steps, 4), 1);
    CU_ASSERT(steps[0].x == 2 && steps[0].y == -1);
    free(g);
}

/* F1: "If you place a wooden meeple on the wonder tile, you may not move
** the fairy instead of placing a second wooden meeple."  F3: "The fairy
** cannot be added to the marker meeple": the marker is no follower on a
** feature, so before any meeple only the player's followers are offered. */
static void fairy_and_a_wonder(unsigned rules)
{
    wh_game_t *g = game_with(rules);
    turn(g, &wh_tileset, "base.U", -1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL); /* P0's follower */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                          /* P1 */
    const uint32_t w = WH_TILE_WONDERS_SET1_STONEHENGE;
    wh_placement_t where;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, w, 0, &where));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, w, where.x, where.y, where.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    uint16_t options[WH_MAX_MEEPLES];
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1); /* the road meeple, not the marker */
    CU_ASSERT_EQUAL(wh_game_tile_at_index(g, g->node_placed[g->meeple[options[0]].node])->tile, WH_TILE_BASE_U);
    uint8_t figures[WH_MAX_MEEPLE_OPTIONS];
    CU_ASSERT_FATAL(wh_game_meeple_options(g, figures, WH_MAX_MEEPLE_OPTIONS) > 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, figures[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 0);
    CU_ASSERT_EQUAL(wh_game_move_fairy(g, 0), WH_ERR_PHASE);
    free(g);
}

/* ... and the same with fairy_on_tile: the marker makes no tile one "that
** has one of the player's followers"; the wonder's tile is offered only
** for the road meeple's tile, U, until the wonder holds a follower. */
static void test_fairy_and_a_wonder(void)
{
    fairy_and_a_wonder(PD);
    fairy_and_a_wonder(PD | ON_TILE);
}

/* P14 with the abbot (the Abbot's rules too): taken back, the abbot scores
** its garden as at the end of the game, and "a feature may be scored during
** play or at final scoring ... If it contains the meeple the fairy is
** assigned to, that meeple's owner scores 3 extra points".  Turn 1, P0's
** abbot on E_garden's garden at (0, 1) (cap turned south, below D).  P1
** places B at (1, 1); P0 places B at (-1, 1) and moves the fairy beside the
** abbot, their only follower (P10).  P1: B at (1, 2).  P0's turn starts:
** 1 (P13); P0 places B at (-1, 2) and takes the abbot back: D, B (1, 1),
** B (-1, 1), B (1, 2), B (-1, 2) around the garden, 1 + 5 = 6, and the
** fairy's 3.  P15: the fairy stays on the garden's tile, beside nobody: no
** point when P0's next turn starts.  P0: 1 + 6 + 3 = 10; P1: 0. */
static void test_fairy_and_the_abbot_taken_back(void)
{
    wh_game_t *g = game_with(PD | WH_RULE_BIT(WH_RULE_ABBOT));
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    uint16_t options[WH_MAX_MEEPLES];
    turn(g, &wh_tileset, "base.E_garden", 0, 1, 2, tile_option("base.E_garden", WH_FIGURE_ABBOT, "g"), &sink); /* P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, &sink);                                              /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, -1, 1, 0), WH_OK);                   /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_move_fairy(g, options[0]), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.B", 1, 2, 0, -1, &sink); /* P1 */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, -1, 2, 0), WH_OK); /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, WH_OPTION_RECALL), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    TEST_POINTS(points_for(&log, WH_REASON_ABBOT, 0), 1 + 5);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 0), 3);
    int tile, player;
    CU_ASSERT(wh_game_fairy(g, &tile, &player));
    CU_ASSERT_EQUAL(tile, 1); /* E_garden, the first tile after the start */
    CU_ASSERT_EQUAL(player, -1);
    turn(g, &wh_tileset, "base.B", 2, 2, 0, -1, &sink); /* P1; P0's turn starts: nothing */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    TEST_POINTS(wh_game_score(g, 0), 10);
    TEST_POINTS(wh_game_score(g, 1), 0);
    free(g);
}

/* The rule fairy_on_tile (RGG's and Z-Man's wording, reference P10: "the
** fairy is put on a tile holding one of your followers"), with this
** project's reading of P13-P15 for it (docs/rules.md): a player with a
** follower on the fairy's tile scores 1 as their turn starts, however many
** stand there; a feature scored with a follower of theirs on that tile
** pays them 3, winner or not; the fairy stays when they leave.
**
** The HiG test's game, on tiles: turn 1, P0's meeple on the road of U at
** (1, 0); turn 2, P1 (no follower: no option); turn 3, P0 puts the fairy on
** U's tile (index 1), beside nobody, instead of a figure.  P0's turn starts
** after turn 4: 1.  Turn 5: P0's only follower is on the fairy's tile, so
** no tile is offered ("it may be moved to another").  Turn 6, P1 closes the
** road: 4 to P0 and 3, P0's road meeple standing on the fairy's tile.  The
** meeple goes home, the fairy stays on U's tile: no point to P0 after turn
** 6.  P0: 1 + 4 + 3 = 8.  The dragon still keeps off U's tile (P11). */
static void test_fairy_on_tile_points_and_protection(void)
{
    wh_game_t *g = game_with(PD | ON_TILE);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    uint16_t options[WH_MAX_MEEPLES];
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), &sink); /* 1: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 0, 1, 0), WH_OK);              /* 2: P1 */
    CU_ASSERT_EQUAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 1, 1, 0), WH_OK); /* 3: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(wh_game_move_fairy(g, options[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.B", WH_FIGURE_MEEPLE, "m")), WH_ERR_MEEPLE_LIMIT);
    int tile, player;
    CU_ASSERT(wh_game_fairy(g, &tile, &player));
    CU_ASSERT_EQUAL(tile, 1);
    CU_ASSERT_EQUAL(player, -1); /* on the tile, beside nobody */
    CU_ASSERT(wh_game_fairy_pays(g, 0));
    CU_ASSERT(!wh_game_fairy_pays(g, 1));
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    TEST_POINTS(wh_game_score(g, 1), 0); /* P1 has nobody on U */
    turn(g, &wh_tileset, "base.B", -1, 1, 0, -1, &sink); /* 4: P1 */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_A, -1, 0, 3), WH_OK); /* 5: P0 */
    CU_ASSERT_EQUAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 0); /* U only: where it is */
    CU_ASSERT_EQUAL(wh_game_move_fairy(g, 0), WH_ERR_RANGE);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.A", 2, 0, 1, -1, &sink); /* 6: P1 completes the road */
    TEST_POINTS(points_for(&log, WH_REASON_ROAD, 0), 4);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 0), 3);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1); /* nobody of P0's on U now */
    TEST_POINTS(wh_game_score(g, 0), 8);
    TEST_POINTS(wh_game_score(g, 1), 0);
    CU_ASSERT(wh_game_fairy(g, &tile, &player) && tile == 1 && player == -1);
    turn(g, &wh_tileset, "princess_dragon.Z2", 1, -1, 0, -1, &sink); /* 7: P0's volcano above U */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, 2, -1, 2), WH_OK); /* 8: P1 */
    wh_point_t steps[4];
    CU_ASSERT_EQUAL_FATAL(wh_game_dragon_steps(g, steps, 4), 1);
    CU_ASSERT(steps[0].x == 2 && steps[0].y == -1);
    free(g);
}

/* fairy_on_tile: the tile pays every player with a follower there.  Turn
** 1, P0's meeple on U's road at (1, 0).  Turn 2, P1's portal tile R at
** (-1, 0) (its road meets the start tile's): P1's meeple goes through the
** portal onto U's field north of the road (P16), a farmer on U's tile.
** Turn 3, P0 places B at (1, 1) and puts the fairy on U's tile.  P1's turn
** starts: 1 (their farmer is there); so does P0's after turn 4: 1.  Turn
** 5, P0 closes the road with A at (2, 0): R's junction, D, U, A, 4 to P0,
** and 3 (P0's road meeple on the fairy's tile).  P1's turn starts: 1 (the
** farmer is still there); P0's after turn 6: nothing (nobody of P0's on
** U).  The end: P1's field (R, D, U) borders no completed city, 0, and the
** fairy's 3 (P14: "at final scoring, and that includes fields", winner or
** not).  P0: 1 + 4 + 3 = 8; P1: 1 + 1 + 3 = 5.  In the HiG reading P1 would
** score none of it: the fairy would be beside P0's meeple alone. */
static void test_fairy_on_tile_pays_every_player_there(void)
{
    wh_game_t *g = game_with(PD | ON_TILE);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    uint16_t options[WH_MAX_MEEPLES];
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), &sink); /* 1: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_R, -1, 0, 0), WH_OK);    /* 2: P1 */
    const wh_placed_t *u = wh_game_tile_at_index(g, 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_portal(g, (uint16_t)(u->first_node + local_of(&wh_tileset, "base.U", "f1"))),
                          WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 1, 1, 0), WH_OK); /* 3: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(wh_game_move_fairy(g, options[0]), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 1), 1);
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, &sink); /* 4: P1 */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    turn(g, &wh_tileset, "base.A", 2, 0, 1, -1, &sink); /* 5: P0 completes the road */
    TEST_POINTS(points_for(&log, WH_REASON_ROAD, 0), 4);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 0), 3);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 1), 0); /* the farmer is in another feature */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 1), 2);
    turn(g, &wh_tileset, "base.B", 2, 1, 0, -1, &sink); /* 6: P1 */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_final_score(g, &sink), WH_OK);
    TEST_POINTS(points_for(&log, WH_REASON_FIELD_END, 1), 0);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 1), 3);
    TEST_POINTS(wh_game_score(g, 0), 8);
    TEST_POINTS(wh_game_score(g, 1), 5);
    free(g);
}

/* fairy_on_tile on a wonder (F2: "the whole wonder tile is protected"):
** Stonehenge unturned at (0, 1), P0's marker and meeples on its roads
** `south` and `east` (turn 1).  Turns 2 to 6 lay roads west of the start
** tile, no figure; on turn 3 P0 puts the fairy on the wonder's tile (one
** option: the tile, however many of P0's followers stand on it).  Turn 5,
** P0's volcano Z2 in the wonder's notch (0, 2), beside its squares tl (0,
** 1) and bc (1, 2); turn 6, P1's dragon tile west of the start tile: F2,
** no square of the wonder may be entered, and (0, 3), (-1, 2) are empty: the
** flight cannot start, P0's meeples stay.  P0's
** turns start after turns 4 and 6: 1 each, not 1 a follower.  The end: each
** road, one square and open, scores 1, and each is a feature with a
** follower of P0's on the fairy's tile: 3 each.  P0: 2 + 2 + 6 = 10 (the
** HiG reading would give the 3 once, to the one meeple the fairy is
** beside).  P1: 0. */
static void test_fairy_on_a_wonder_tile(void)
{
    wh_game_t *g = game_with(PD | ON_TILE);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    uint16_t options[WH_MAX_MEEPLES];
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_STONEHENGE, 0, 1, 0), WH_OK); /* 1: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_marker(g), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, tile_option("wonders_set1.stonehenge", WH_FIGURE_MEEPLE, "south")),
                          WH_OK);
    CU_ASSERT_EQUAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 0); /* F1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, tile_option("wonders_set1.stonehenge", WH_FIGURE_MEEPLE, "east")),
                          WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.U", -1, 0, 0, -1, &sink); /* 2: P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, -2, 0, 0), WH_OK); /* 3: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(wh_game_move_fairy(g, options[0]), WH_OK);
    int tile;
    CU_ASSERT(wh_game_fairy(g, &tile, NULL) && tile == 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.U", -3, 0, 0, -1, &sink); /* 4: P1 */
    turn(g, &wh_tileset, "princess_dragon.Z2", 0, 2, 0, -1, &sink); /* 5: P0 */
    wh_placement_t ps[64];
    size_t np = wh_game_placements(g, WH_TILE_PRINCESS_DRAGON_G, ps, 64), k = 0;
    while (k < np && !(ps[k].x < -1 && ps[k].y <= 0))
        k++;
    CU_ASSERT_FATAL(k < np);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, ps[k].x, ps[k].y, ps[k].rotation), WH_OK);
    wh_point_t steps[4];
    CU_ASSERT_EQUAL(wh_game_dragon_steps(g, steps, 4), 0);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 1), WH_ERR_PHASE);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK); /* 6: P1 */
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7 - 3);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 2);
    CU_ASSERT_EQUAL_FATAL(wh_game_final_score(g, &sink), WH_OK);
    TEST_POINTS(points_for(&log, WH_REASON_ROAD_END, 0), 2);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 0), 6);
    TEST_POINTS(wh_game_score(g, 0), 10);
    TEST_POINTS(wh_game_score(g, 1), 0);
    free(g);
}

/* fairy_on_tile and the abbot taken back (P14): the HiG test's game, the
** fairy on the garden's tile (E_garden, index 1), where the abbot stands:
** 1 as P0's turn starts, then 1 + 5 for the garden and the fairy's 3; the
** abbot gone, nobody of P0's is on the tile: no point after.  P0: 10. */
static void test_fairy_on_tile_and_the_abbot_taken_back(void)
{
    wh_game_t *g = game_with(PD | ON_TILE | WH_RULE_BIT(WH_RULE_ABBOT));
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    uint16_t options[WH_MAX_MEEPLES];
    turn(g, &wh_tileset, "base.E_garden", 0, 1, 2, tile_option("base.E_garden", WH_FIGURE_ABBOT, "g"), &sink); /* P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, &sink);                                              /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, -1, 1, 0), WH_OK);                   /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_fairy_options(g, options, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_move_fairy(g, options[0]), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.B", 1, 2, 0, -1, &sink); /* P1 */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, -1, 2, 0), WH_OK); /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, WH_OPTION_RECALL), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    TEST_POINTS(points_for(&log, WH_REASON_ABBOT, 0), 1 + 5);
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY, 0), 3);
    turn(g, &wh_tileset, "base.B", 2, 2, 0, -1, &sink); /* P1; P0's turn starts: nothing */
    TEST_POINTS(points_for(&log, WH_REASON_FAIRY_TURN, 0), 1);
    TEST_POINTS(wh_game_score(g, 0), 10);
    free(g);
}

bool register_fairy_tests(void)
{
    static const test_case cases[] = {
        {"P10-P15: the fairy's points, its tile guarded", test_fairy_points_and_protection},
        {"F1, F3: the fairy and a wonder", test_fairy_and_a_wonder},
        {"P14: the fairy and the abbot taken back", test_fairy_and_the_abbot_taken_back},
        {"fairy_on_tile: P10-P15 on a tile", test_fairy_on_tile_points_and_protection},
        {"fairy_on_tile: every player with a follower there", test_fairy_on_tile_pays_every_player_there},
        {"fairy_on_tile, F1, F2: a wonder's tile", test_fairy_on_a_wonder_tile},
        {"fairy_on_tile, P14: the abbot taken back", test_fairy_on_tile_and_the_abbot_taken_back},
        {NULL, NULL},
    };
    return register_suite("the fairy", cases);
}
