/*
** test_princess.c -- The Princess & the Dragon's princess (docs/rules.md;
** reference shared/reference/expansions-2-3.md, P17, and W's ruling on the
** marker) on the project's tables.  Every number below is worked out from
** the rule text.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>

#define PD WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)
#define TB WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS)

/* P17 and T10: P0's knight on the city band G turned 90 at (0, -1), which
** runs N-S from the start tile's cap, and P0's builder on the wine band Q
** turned 90 at (0, -2), the same city.  P1 places princess tile A turned
** 180 at (0, -3): its princess city joins that city.  P1 may send one knight
** of the whole city home: P0's, the only one (the builder is no knight).
** P0 has its 7 meeples and its builder back; P1 then places no figure.
** Without the rules, or not using her, nothing is offered or removed. */
static void test_princess_sends_a_knight_home(void)
{
    for (int with = 0; with < 2; with++) {
        wh_game_t *g = game_with(with ? PD | TB : TB);
        turn(g, &wh_tileset, "base.G", 0, -1, 1, tile_option("base.G", WH_FIGURE_MEEPLE, "c"), NULL);      /* P0 */
        turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                             /* P1 */
        turn(g, &wh_tileset, "traders_builders.Q", 0, -2, 1,
             tile_option("traders_builders.Q", WH_FIGURE_BUILDER, "c"), NULL);                             /* P0 */
        CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 0);
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_A, 0, -3, 2), WH_OK);    /* P1 */
        uint16_t knights[WH_MAX_MEEPLES];
        size_t n = wh_game_princess_options(g, knights, WH_MAX_MEEPLES);
        if (!with) {
            CU_ASSERT_EQUAL(n, 0);
            free(g);
            continue;
        }
        CU_ASSERT_EQUAL_FATAL(n, 1);
        CU_ASSERT_EQUAL(g->meeple[knights[0]].player, 0);
        CU_ASSERT_EQUAL(g->meeple[knights[0]].figure, WH_FIGURE_MEEPLE);
        CU_ASSERT_EQUAL(wh_game_use_princess(g, knights[0]), WH_OK);
        CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
        CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 1); /* T10 */
        CU_ASSERT_EQUAL(wh_game_princess_options(g, knights, WH_MAX_MEEPLES), 0); /* once */
        CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.A", WH_FIGURE_MEEPLE, "r")),
                        WH_ERR_MEEPLE_LIMIT);
        uint16_t fairy[WH_MAX_MEEPLES];
        CU_ASSERT_EQUAL(wh_game_fairy_options(g, fairy, WH_MAX_MEEPLES), 0);
        CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
        free(g);
    }
}

/* A tile without a princess offers nothing, even joining a city with
** knights; and after a figure, the princess may no longer act. */
static void test_no_princess_no_choice(void)
{
    wh_game_t *g = game_with(PD);
    turn(g, &wh_tileset, "base.G", 0, -1, 1, tile_option("base.G", WH_FIGURE_MEEPLE, "c"), NULL); /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_K, 0, -2, 2), WH_OK); /* P1: a dragon corner */
    uint16_t knights[WH_MAX_MEEPLES];
    CU_ASSERT_EQUAL(wh_game_princess_options(g, knights, WH_MAX_MEEPLES), 0);
    free(g);
    g = game_with(PD);
    turn(g, &wh_tileset, "base.G", 0, -1, 1, tile_option("base.G", WH_FIGURE_MEEPLE, "c"), NULL);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_A, 0, -2, 2), WH_OK);
    CU_ASSERT_EQUAL(wh_game_princess_options(g, knights, WH_MAX_MEEPLES), 1);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.A", WH_FIGURE_MEEPLE, "r")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_princess_options(g, knights, WH_MAX_MEEPLES), 0);
    CU_ASSERT_EQUAL(wh_game_use_princess(g, 0), WH_ERR_PHASE);
    free(g);
}

/* P17's variant "must" (RGG, Z-Man; the rule princess_must): with a knight
** in her city, nothing else may be done before she acts, and a turn ended
** without a choice sends the first knight home.  Without a knight she has
** nothing to do and figures go as usual. */
static void test_princess_must(void)
{
    wh_game_t *g = game_with(PD | WH_RULE_BIT(WH_RULE_PRINCESS_MUST));
    turn(g, &wh_tileset, "base.G", 0, -1, 1, tile_option("base.G", WH_FIGURE_MEEPLE, "c"), NULL); /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_A, 0, -2, 2), WH_OK); /* P1 */
    CU_ASSERT(wh_game_princess_must(g));
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.A", WH_FIGURE_MEEPLE, "r")), WH_ERR_PHASE);
    uint8_t figures[WH_MAX_MEEPLE_OPTIONS];
    CU_ASSERT_EQUAL(wh_game_meeple_options(g, figures, WH_MAX_MEEPLE_OPTIONS), 0);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7); /* the knight went home */
    free(g);
    g = game_with(PD | WH_RULE_BIT(WH_RULE_PRINCESS_MUST));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_A, 0, -1, 2), WH_OK); /* no knight there */
    CU_ASSERT(!wh_game_princess_must(g));
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.A", WH_FIGURE_MEEPLE, "c")), WH_OK);
    free(g);
}

bool register_princess_tests(void)
{
    static const test_case cases[] = {
        {"P17, T10: the princess sends a knight home", test_princess_sends_a_knight_home},
        {"P17: no princess, no choice; not after a figure", test_no_princess_no_choice},
        {"P17's variant: the princess must", test_princess_must},
        {NULL, NULL},
    };
    return register_suite("the princess", cases);
}
