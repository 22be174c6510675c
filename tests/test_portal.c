/*
** test_portal.c -- The Princess & the Dragon's magic portal (docs/rules.md;
** reference shared/reference/expansions-2-3.md, P16, P9, and W's ruling M1)
** on the project's tables.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>

#define PD WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)

static bool offered(const uint16_t *options, size_t n, int node)
{
    for (size_t i = 0; i < n; i++)
        if (options[i] == node)
            return true;
    return false;
}

/* P16: "any feature of any tile already on the board ... unoccupied and
** not completed".  P0's meeple holds the start tile's road (U at (1, 0));
** P1's monastery B at (0, 1) is empty.  P0's portal tile R at (-1, 0): the
** road is not offered, its own tile's features neither (they are its usual
** options), the monastery is; the meeple goes there and is the turn's one
** figure.  P9: after P1's volcano at (1, 1), P0's next portal tile (S,
** turned 180 at (0, -1)) offers nothing on the volcano, where the dragon is. */
static void test_portal_reaches_open_features(void)
{
    wh_game_t *g = game_with(PD);
    uint16_t options[WH_MAX_NODES];
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL); /* 1: P0 */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, NULL);                                       /* 2: P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_R, -1, 0, 0), WH_OK); /* 3: P0 */
    size_t n = wh_game_portal_options(g, options, WH_MAX_NODES);
    const wh_placed_t *d = wh_game_tile_at_index(g, 0), *b = wh_game_tile_at_index(g, 2),
                      *r = wh_game_tile_at_index(g, 3);
    int monastery = b->first_node + local_of(&wh_tileset, "base.B", "m");
    CU_ASSERT(offered(options, n, monastery));
    CU_ASSERT(!offered(options, n, d->first_node + local_of(&wh_tileset, "base.D", "r")));
    CU_ASSERT(offered(options, n, d->first_node + local_of(&wh_tileset, "base.D", "c")));
    for (uint8_t f = 0; f < wh_tileset.tiles[WH_TILE_PRINCESS_DRAGON_R].n_features; f++)
        CU_ASSERT(!offered(options, n, r->first_node + f));
    CU_ASSERT_EQUAL(wh_game_place_portal(g, (uint16_t)(d->first_node + local_of(&wh_tileset, "base.D", "r"))),
                    WH_ERR_RANGE);
    CU_ASSERT_EQUAL(wh_game_place_portal(g, (uint16_t)monastery), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 5);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.R", WH_FIGURE_MEEPLE, "f1")), WH_ERR_MEEPLE_LIMIT);
    CU_ASSERT_EQUAL(wh_game_portal_options(g, options, WH_MAX_NODES), 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    turn(g, &wh_tileset, "princess_dragon.Z2", 1, 1, 0, -1, NULL); /* 4: P1, the dragon to (1, 1) */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_S, 0, -1, 2), WH_OK); /* 5: P0 */
    n = wh_game_portal_options(g, options, WH_MAX_NODES);
    CU_ASSERT(n > 0);
    const wh_placed_t *z = wh_game_tile_at_index(g, 4);
    CU_ASSERT(!offered(options, n, z->first_node)); /* its one field */
    free(g);
}

/* Only a portal tile has one, only with the rules; M1: a wonder's features
** may be reached, never its area. */
static void test_portal_only_on_its_tile(void)
{
    wh_game_t *g = game_with(0);
    uint16_t options[WH_MAX_NODES];
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_R, -1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_portal_options(g, options, WH_MAX_NODES), 0);
    CU_ASSERT_EQUAL(wh_game_place_portal(g, 0), WH_ERR_PHASE);
    free(g);
    g = game_with(PD);
    const uint32_t w = WH_TILE_WONDERS_SET1_STONEHENGE;
    wh_placement_t where;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, w, 0, &where));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, w, where.x, where.y, where.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    CU_ASSERT_EQUAL(wh_game_portal_options(g, options, WH_MAX_NODES), 0); /* no portal on a wonder */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    wh_placement_t rs[512];
    size_t nr = wh_game_placements(g, WH_TILE_PRINCESS_DRAGON_R, rs, 512);
    CU_ASSERT_FATAL(nr > 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_R, rs[0].x, rs[0].y, rs[0].rotation), WH_OK);
    size_t n = wh_game_portal_options(g, options, WH_MAX_NODES);
    const wh_placed_t *wp = wh_game_tile_at_index(g, 1);
    const wh_tile_t *wt = &wh_tileset.tiles[w];
    int on_wonder = 0;
    for (uint8_t f = 0; f < wt->n_features; f++) {
        bool area = wh_tileset.features[wt->first_feature + f].kind == WH_KIND_AREA;
        if (offered(options, n, wp->first_node + f)) {
            CU_ASSERT(!area);
            on_wonder++;
        }
    }
    CU_ASSERT(on_wonder > 0);
    free(g);
}

/* Whether `figure` is offered on some node. */
static bool offers_figure(const uint16_t *options, size_t n, wh_figure_t figure)
{
    for (size_t i = 0; i < n; i++)
        if (WH_PORTAL_FIGURE(options[i]) == (unsigned)figure)
            return true;
    return false;
}

/* P16 and JCZ: any follower goes through the portal, "the usual rules
** apply" -- each where it may stand on a tile just placed: the large
** meeple (Inns & Cathedrals) on a city, road, field or monastery, the abbot
** (the Abbot) on a monastery or a garden only.  P0: E_garden at (0, 1), cap
** turned south, no figure; P1: B at (1, 1), no figure.  P0's portal tile R
** at (-1, 0): the abbot is offered exactly the 2 of them, the garden and
** the monastery (both unoccupied, neither has its 8 neighbours); the meeple
** and the large meeple the start tile's city and the monastery, not the
** garden.  P0's large meeple goes onto the start tile's city: 7 meeples
** left, no large one.  P1: B at (1, 2).  P0's next portal tile: no large
** meeple left to offer, no abbot on the city (a wrong figure or a builder
** is refused); the abbot goes onto the monastery. */
static void test_portal_takes_every_follower(void)
{
    wh_game_t *g = game_with(PD | WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS) | WH_RULE_BIT(WH_RULE_ABBOT));
    static uint16_t options[WH_MAX_PORTAL_OPTIONS];
    turn(g, &wh_tileset, "base.E_garden", 0, 1, 2, -1, NULL); /* 1: P0 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL);        /* 2: P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_R, -1, 0, 0), WH_OK); /* 3: P0 */
    const wh_placed_t *d = wh_game_tile_at_index(g, 0), *e = wh_game_tile_at_index(g, 1),
                      *b = wh_game_tile_at_index(g, 2);
    int city = d->first_node + local_of(&wh_tileset, "base.D", "c");
    int garden = e->first_node + local_of(&wh_tileset, "base.E_garden", "g");
    int monastery = b->first_node + local_of(&wh_tileset, "base.B", "m");
    size_t n = wh_game_portal_options(g, options, WH_MAX_PORTAL_OPTIONS);
    size_t abbot = 0;
    for (size_t i = 0; i < n; i++)
        abbot += WH_PORTAL_FIGURE(options[i]) == WH_FIGURE_ABBOT;
    CU_ASSERT_EQUAL(abbot, 2);
    CU_ASSERT(offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_ABBOT, garden)));
    CU_ASSERT(offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_ABBOT, monastery)));
    CU_ASSERT(!offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_ABBOT, city)));
    CU_ASSERT(offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_MEEPLE, city)));
    CU_ASSERT(offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_LARGE, city)));
    CU_ASSERT(offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_LARGE, monastery)));
    CU_ASSERT(!offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_MEEPLE, garden)));
    CU_ASSERT(!offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_LARGE, garden)));
    CU_ASSERT_EQUAL(wh_game_place_portal(g, WH_PORTAL_OPTION(WH_FIGURE_ABBOT, city)), WH_ERR_RANGE);
    CU_ASSERT_EQUAL(wh_game_place_portal(g, WH_PORTAL_OPTION(WH_FIGURE_LARGE, city)), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_LARGE), 0);
    CU_ASSERT_EQUAL(wh_game_portal_options(g, options, WH_MAX_PORTAL_OPTIONS), 0); /* the turn's one figure */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    turn(g, &wh_tileset, "base.B", 1, 2, 0, -1, NULL); /* 4: P1 */
    wh_placement_t where;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_PRINCESS_DRAGON_R, 0, &where));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_R, where.x, where.y, where.rotation), WH_OK);
    n = wh_game_portal_options(g, options, WH_MAX_PORTAL_OPTIONS); /* 5: P0 */
    CU_ASSERT(!offers_figure(options, n, WH_FIGURE_LARGE));
    CU_ASSERT(!offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_MEEPLE, city))); /* the large meeple holds it */
    CU_ASSERT(offered(options, n, WH_PORTAL_OPTION(WH_FIGURE_ABBOT, monastery)));
    CU_ASSERT_EQUAL(wh_game_place_portal(g, WH_PORTAL_OPTION(WH_FIGURE_LARGE, monastery)), WH_ERR_NO_MEEPLE);
    CU_ASSERT_EQUAL(wh_game_place_portal(g, WH_PORTAL_OPTION(WH_FIGURE_BUILDER, monastery)), WH_ERR_RANGE);
    CU_ASSERT_EQUAL(wh_game_place_portal(g, WH_PORTAL_OPTION(WH_FIGURE_ABBOT, monastery)), WH_OK);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_ABBOT), 0);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
    free(g);
}

bool register_portal_tests(void)
{
    static const test_case cases[] = {
        {"P16, P9: the portal reaches unoccupied, incomplete features", test_portal_reaches_open_features},
        {"P16, M1: a portal tile's, with the rules; a wonder's features, not its area", test_portal_only_on_its_tile},
        {"P16: the large meeple and the abbot through the portal, where each may stand", test_portal_takes_every_follower},
        {NULL, NULL},
    };
    return register_suite("the magic portal", cases);
}
