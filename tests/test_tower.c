/*
** test_tower.c -- The Tower (docs/rules.md, "The Tower"; reference
** shared/reference/expansions-4-6.md, TW1-TW15, and W's rulings W-TW1,
** W-TW2, W-G3, W-G4) on the project's tables.  Every number below is
** worked out from the rule text.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>

#define TW WH_RULE_BIT(WH_RULE_TOWER)

/* Place `tile` for the current player, asserting it fits. */
static void place(wh_game_t *g, uint32_t tile, int x, int y, int rot)
{
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, tile, x, y, rot), WH_OK);
}

static void end_turn(wh_game_t *g)
{
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
}

/* TW1: "2 players 10, 3 players 9, 4 players 7, 5 players 6, 6 players 5";
** without the rule nobody has a floor. */
static void test_floors_by_players(void)
{
    static const int want[WH_MAX_PLAYERS + 1] = {0, 0, 10, 9, 7, 6, 5};
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    for (int n = 2; n <= WH_MAX_PLAYERS; n++)
        for (int with = 0; with < 2; with++) {
            wh_game_config_t cfg = {.players = (uint8_t)n, .meeples = 7, .start_tile = -1, .rules = with ? TW : 0};
            CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
            for (int p = 0; p < n; p++)
                CU_ASSERT_EQUAL(wh_game_tower_floors(g, p), with ? want[n] : 0);
        }
    free(g);
}

/* One game, turn by turn (placed tiles: 0 the start tile base.D, then one a
** turn; x east, y south):
**  1 P0 base.U (1, 0), a meeple on its road: diagonal to (0, 1), never in
**    a tower's reach there.
**  2 P1 tower.TW02 (0, 1), a floor on it (TW2 b): height 1, reach (0, 1) and
**    its 4 neighbours, where no follower stands; no figure after it.
**  3 P0 base.B (0, 2), a monk.
**  4 P1 base.B (-1, 1), a floor on TW02 (TW2 c): height 2 (TW6: column 0
**    from y -1 to 3, row 1 from x -2 to 2): only P0's monk, captured (TW5):
**    P1 holds it (TW8), P0 has 7 - 2 = 5 meeples.
**  5 P0 base.B (1, 1): the abbot may not close a tower (TW4), a meeple does
**    (TW2 d): P0 has 4; TW02 takes no more floors (TW11).
**  6 P1 tower.TW03 (0, 3), a monk on its monastery (its foundation stays
**    bare: TW3, no meeple closes it).
**  7 P0 base.B (1, 2), a floor on TW03: height 1, P1's monk on the tower's
**    own square captured; P1 held one of P0's, so one is exchanged for one
**    at once (TW9): P0 5 meeples, P1 7, no prisoners.
**  8 P1 base.B (-1, 2), a floor on TW03: height 2 reaches (0, 1), the
**    meeple closing TW02, captured (TW6): TW02 is open again (TW11), P1
**    holds it.
**  9 P0 (4 points): the ransom, 3 to P1 (TW10): P0 1, P1 3, P0 6 meeples;
**    not twice a turn; then base.B (-1, 3) and a floor on TW02 again:
**    height 3. */
static void test_floors_captures_prisoners(void)
{
    wh_game_t *g = game_with(TW | WH_RULE_BIT(WH_RULE_ABBOT));
    uint16_t opt[WH_MAX_PLACED], cap[WH_MAX_MEEPLES + WH_MAX_TOWERS];
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL); /* 1 P0 */

    place(g, WH_TILE_TOWER_TW02, 0, 1, 0); /* 2 P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor_options(g, opt, WH_MAX_PLACED), 1);
    CU_ASSERT_EQUAL(opt[0], 2);
    CU_ASSERT_EQUAL(wh_game_tower_height(g, 2), 0);
    CU_ASSERT_EQUAL(wh_game_tower_height(g, 1), -1); /* no foundation */
    CU_ASSERT_EQUAL(wh_game_tower_close(g, 2, WH_FIGURE_MEEPLE), WH_ERR_NO_TOWER); /* TW3 */
    CU_ASSERT_EQUAL(wh_game_tower_captures(g, 2, cap, WH_MAX_MEEPLES), 0);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 1, WH_NO_CAPTURE), WH_ERR_NO_TOWER);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 2, 0), WH_ERR_RANGE); /* the road meeple is out of reach */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 2, WH_NO_CAPTURE), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tower_height(g, 2), 1);
    CU_ASSERT_EQUAL(wh_game_tower_floors(g, 1), 9);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("tower.TW02", WH_FIGURE_MEEPLE, "f")), WH_ERR_MEEPLE_LIMIT);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 2, WH_NO_CAPTURE), WH_ERR_PHASE); /* one action */
    end_turn(g);

    turn(g, &wh_tileset, "base.B", 0, 2, 0, tile_option("base.B", WH_FIGURE_MEEPLE, "m"), NULL); /* 3 P0 */

    place(g, WH_TILE_BASE_B, -1, 1, 0); /* 4 P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_captures(g, 2, cap, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(g->node_placed[g->meeple[cap[0]].node], 3);
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 2, cap[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tower_height(g, 2), 2);
    CU_ASSERT_EQUAL(wh_game_prisoners(g, 1, 0, WH_FIGURE_MEEPLE), 1);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 5);
    CU_ASSERT_EQUAL(g->n_meeples, 1);
    end_turn(g);

    place(g, WH_TILE_BASE_B, 1, 1, 0); /* 5 P0 */
    CU_ASSERT_EQUAL(wh_game_tower_close(g, 2, WH_FIGURE_ABBOT), WH_ERR_NOT_A_FEATURE); /* TW4 */
    CU_ASSERT_EQUAL(wh_game_tower_close(g, 2, WH_FIGURE_LARGE), WH_ERR_NO_MEEPLE);     /* none without its rule */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_close(g, 2, WH_FIGURE_MEEPLE), WH_OK);
    wh_figure_t top = WH_FIGURE_PIG;
    CU_ASSERT_EQUAL(wh_game_tower_top(g, 2, &top), 0);
    CU_ASSERT_EQUAL(top, WH_FIGURE_MEEPLE);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 4);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("base.B", WH_FIGURE_MEEPLE, "m")), WH_ERR_MEEPLE_LIMIT);
    end_turn(g);

    place(g, WH_TILE_TOWER_TW03, 0, 3, 0); /* 6 P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor_options(g, opt, WH_MAX_PLACED), 1); /* TW02 is closed */
    CU_ASSERT_EQUAL(opt[0], 6);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 2, WH_NO_CAPTURE), WH_ERR_NO_TOWER);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, tile_option("tower.TW03", WH_FIGURE_MEEPLE, "m")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 6, WH_NO_CAPTURE), WH_ERR_PHASE); /* not after a figure */
    end_turn(g);

    place(g, WH_TILE_BASE_B, 1, 2, 0); /* 7 P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_captures(g, 6, cap, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(g->meeple[cap[0]].player, 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 6, cap[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 5);
    CU_ASSERT_EQUAL(wh_game_supply(g, 1), 7);
    CU_ASSERT_EQUAL(wh_game_prisoners(g, 1, 0, WH_FIGURE_MEEPLE), 0);
    CU_ASSERT_EQUAL(wh_game_prisoners(g, 0, 1, WH_FIGURE_MEEPLE), 0);
    CU_ASSERT_EQUAL(wh_game_tower_floors(g, 0), 9);
    end_turn(g);

    place(g, WH_TILE_BASE_B, -1, 2, 0); /* 8 P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_captures(g, 6, cap, WH_MAX_MEEPLES + WH_MAX_TOWERS), 1);
    CU_ASSERT_EQUAL(cap[0], WH_TOWER_TOP(2));
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 6, cap[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tower_top(g, 2, NULL), -1);
    CU_ASSERT_EQUAL(wh_game_prisoners(g, 1, 0, WH_FIGURE_MEEPLE), 1);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 5);
    CU_ASSERT_EQUAL(wh_game_tower_floors(g, 1), 7);
    end_turn(g);

    /* 9 P0 */
    CU_ASSERT_EQUAL(wh_game_ransom(g, 1, WH_FIGURE_MEEPLE, NULL), WH_ERR_POINTS); /* 0 points */
    g->score[0] = 4; /* as if P0 had scored 4 */
    CU_ASSERT_EQUAL(wh_game_ransom(g, 1, WH_FIGURE_LARGE, NULL), WH_ERR_RANGE);
    CU_ASSERT_EQUAL(wh_game_ransom(g, 0, WH_FIGURE_MEEPLE, NULL), WH_ERR_RANGE);
    event_log log = {0};
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_EQUAL_FATAL(wh_game_ransom(g, 1, WH_FIGURE_MEEPLE, &sink), WH_OK);
    CU_ASSERT_EQUAL(wh_game_score(g, 0), 1);
    CU_ASSERT_EQUAL(wh_game_score(g, 1), 3);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 6);
    CU_ASSERT_EQUAL_FATAL(log.n, 2);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_RANSOM);
    CU_ASSERT_EQUAL(log.e[0].points, -3);
    CU_ASSERT_EQUAL(log.e[1].points, 3);
    CU_ASSERT_EQUAL(log.e[1].winners, 2);
    CU_ASSERT(!wh_game_ransom_open(g));
    CU_ASSERT_EQUAL(wh_game_ransom(g, 1, WH_FIGURE_MEEPLE, NULL), WH_ERR_PHASE); /* once a turn */
    place(g, WH_TILE_BASE_B, -1, 3, 0);
    CU_ASSERT_EQUAL(wh_game_tower_floor_options(g, opt, WH_MAX_PLACED), 2); /* TW02 open again, TW03 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 2, WH_NO_CAPTURE), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tower_height(g, 2), 3);
    end_turn(g);
    /* TW13: towers, floors and prisoners score nothing at the end: P0 has
    ** its 1 and its road of 2 squares (base.D, base.U), P1 its 3 */
    CU_ASSERT_EQUAL(wh_game_final_score(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_score(g, 0), 1 + 2);
    CU_ASSERT_EQUAL(wh_game_score(g, 1), 3);
    free(g);
}

/* Without the rule, a foundation is a picture: no tower action. */
static void test_no_rule_no_tower(void)
{
    wh_game_t *g = game_with(0);
    uint16_t opt[WH_MAX_PLACED];
    place(g, WH_TILE_TOWER_TW02, 0, 1, 0);
    CU_ASSERT_EQUAL(wh_game_tower_floor_options(g, opt, WH_MAX_PLACED), 0);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 1, WH_NO_CAPTURE), WH_ERR_PHASE);
    CU_ASSERT_EQUAL(wh_game_tower_height(g, 1), 0);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("tower.TW02", WH_FIGURE_MEEPLE, "f")), WH_OK);
    free(g);
}

/* TW7 and TW8: the builder is no follower, never captured; taking its
** player's only follower from its road sends it home too (T10).  Placed:
** 1 P0 base.U (1, 0), a meeple on the road; 2 P1 base.B (1, 1); 3 P0 base.U
** (2, 0), the builder on that road; 4 P1 tower.TW02 (2, 1), a floor: height
** 1 reaches (2, 0), the builder alone, no target; 5 P0 base.B (0, 1); 6 P1
** tower.TW03 (1, 2), a floor, nothing in reach; 7 P0 base.B (0, 2); 8 P1
** base.B (2, 2), a floor on TW03: height 2 reaches (1, 0): the meeple,
** captured, and the builder goes home. */
static void test_builder_not_captured(void)
{
    wh_game_t *g = game_with(TW | WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS));
    uint16_t cap[WH_MAX_MEEPLES + WH_MAX_TOWERS];
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL);  /* 1 P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL);                                            /* 2 P1 */
    turn(g, &wh_tileset, "base.U", 2, 0, 0, tile_option("base.U", WH_FIGURE_BUILDER, "r"), NULL); /* 3 P0 */
    CU_ASSERT_EQUAL_FATAL(g->n_meeples, 2);
    place(g, WH_TILE_TOWER_TW02, 2, 1, 0); /* 4 P1 */
    CU_ASSERT_EQUAL(wh_game_tower_captures(g, 4, cap, WH_MAX_MEEPLES), 0);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 4, 1), WH_ERR_RANGE); /* the builder */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 4, WH_NO_CAPTURE), WH_OK);
    end_turn(g);
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL); /* 5 P0 */
    place(g, WH_TILE_TOWER_TW03, 1, 2, 0);             /* 6 P1 */
    CU_ASSERT_EQUAL(wh_game_tower_captures(g, 6, cap, WH_MAX_MEEPLES), 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 6, WH_NO_CAPTURE), WH_OK);
    end_turn(g);
    turn(g, &wh_tileset, "base.B", 0, 2, 0, -1, NULL); /* 7 P0 */
    place(g, WH_TILE_BASE_B, 2, 2, 0);                 /* 8 P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_captures(g, 6, cap, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(g->meeple[cap[0]].figure, WH_FIGURE_MEEPLE);
    CU_ASSERT_EQUAL_FATAL(wh_game_tower_floor(g, 6, cap[0]), WH_OK);
    CU_ASSERT_EQUAL(g->n_meeples, 0);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 1); /* T10 */
    CU_ASSERT_EQUAL(wh_game_prisoners(g, 1, 0, WH_FIGURE_MEEPLE), 1);
    free(g);
}

/* W-G3, W-G4: a tower action is an "other action": never instead of a
** wonder's second meeple.  A wonder placed where it first fits, one meeple
** on it; a foundation on the board (tower.TW02 at (0, 1)) offers no floor. */
static void test_not_instead_of_a_second_meeple(void)
{
    wh_game_t *g = game_with(TW);
    turn(g, &wh_tileset, "tower.TW02", 0, 1, 0, -1, NULL); /* P0 */
    uint32_t w = WH_TILE_WONDERS_SET1_STONEHENGE;
    wh_placement_t p[256];
    CU_ASSERT_FATAL(wh_game_placements(g, w, p, 256) > 0);
    place(g, w, p[0].x, p[0].y, p[0].rotation);
    uint16_t opt[WH_MAX_PLACED];
    CU_ASSERT_EQUAL(wh_game_tower_floor_options(g, opt, WH_MAX_PLACED), 1); /* before any meeple */
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    CU_ASSERT_FATAL(wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS) > 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, options[0]), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tower_floor_options(g, opt, WH_MAX_PLACED), 0);
    CU_ASSERT_EQUAL(wh_game_tower_floor(g, 1, WH_NO_CAPTURE), WH_ERR_PHASE);
    free(g);
}

bool register_tower_tests(void)
{
    static const test_case cases[] = {
        {"TW1: floors by the number of players", test_floors_by_players},
        {"TW2-TW13: floors, reach, captures, the exchange, closing, the ransom", test_floors_captures_prisoners},
        {"without the rule a foundation is a picture", test_no_rule_no_tower},
        {"TW7, TW8: the builder is never captured", test_builder_not_captured},
        {"W-G3, W-G4: no tower action instead of a wonder's second meeple", test_not_instead_of_a_second_meeple},
        {NULL, NULL},
    };
    return register_suite("the tower", cases);
}
