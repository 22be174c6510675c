/*
** test_river.c -- The River on the project's tables (tiles/river.tiles):
** river sides match only river sides, a river tile continues the river
** without an immediate U-turn, the spring starts the game and the lake
** ends the river's run in the pile, the river divides fields and takes no
** meeple, and a game of 120 tiles or more pays the Alhambra's 6.
** Reference: shared/reference/base-tiles.md, section 3.2; docs/rules.md.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"
#include "../runtime/playout.h"
#include "../runtime/tileset.h"

#include <stdlib.h>
#include <string.h>

/* A game whose start tile is `start`, at the origin unturned. */
static wh_game_t *river_game(uint32_t start)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = (int)start};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
    return g;
}

static void place(wh_game_t *g, uint32_t tile, int x, int y, int rotation)
{
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, tile, x, y, rotation), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
}

/* The spring's river leaves by its east side.  A road there would pass for
** a road-to-road match in the fits table; it must not. */
static void test_river_faces_only_a_river(void)
{
    wh_game_t *g = river_game(WH_TILE_RIVER_SPRING);
    CU_ASSERT_EQUAL(wh_square_edge(&wh_tileset, WH_TILE_RIVER_SPRING, 0, 0, WH_DIR_E), WH_EDGE_RIVER);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_BASE_U, 1, 0, 1), WH_ERR_MISMATCH); /* road W-E */
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_BASE_B, 1, 0, 0), WH_ERR_MISMATCH); /* all field */
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_STRAIGHT, 1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_STRAIGHT, 1, 0, 1), WH_ERR_MISMATCH);
    /* no land tile of the base game has a place beside the open river end */
    wh_placement_t p[256];
    size_t n = wh_game_placements(g, WH_TILE_BASE_U, p, 256);
    CU_ASSERT(n > 0);
    for (size_t i = 0; i < n && i < 256; i++)
        CU_ASSERT_FALSE(p[i].x == 1 && p[i].y == 0);
    free(g);
}

/* A river tile continues the river: every legal placement of one puts a
** river side against the open end, and one beside the spring elsewhere is
** refused although its sides match. */
static void test_river_tile_continues_the_river(void)
{
    wh_game_t *g = river_game(WH_TILE_RIVER_SPRING);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_STRAIGHT, 0, 1, 0), WH_ERR_RIVER); /* N field to S field */
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_STRAIGHT, 0, -1, 0), WH_ERR_RIVER);
    wh_placement_t p[64];
    size_t n = wh_game_placements(g, WH_TILE_RIVER_STRAIGHT, p, 64);
    CU_ASSERT_EQUAL(n, 2); /* only on (1, 0), the river running on eastwards, either way up */
    for (size_t i = 0; i < n && i < 64; i++)
        CU_ASSERT(p[i].x == 1 && p[i].y == 0 && p[i].rotation % 2 == 0);
    CU_ASSERT_EQUAL(wh_game_can_place(g, WH_TILE_RIVER_CURVE), true);
    n = wh_game_placements(g, WH_TILE_RIVER_CURVE, p, 64);
    for (size_t i = 0; i < n && i < 64; i++)
        CU_ASSERT(p[i].x == 1 && p[i].y == 0);
    free(g);
}

/* Reference 3.2: "The river may not make an immediate U-turn": two curves in
** a row turning the same way. */
static void test_no_immediate_u_turn(void)
{
    wh_game_t *g = river_game(WH_TILE_RIVER_SPRING);
    /* the curve's river runs S-W unturned: on (1, 0) it comes in from the
    ** west and turns south -- a right turn */
    place(g, WH_TILE_RIVER_CURVE, 1, 0, 0);
    /* on (1, 1) it comes in from the north: turned 1 (W-N) it would turn
    ** right again, west, back toward the spring; turned 2 (N-E) it turns left */
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_CURVE, 1, 1, 1), WH_ERR_RIVER);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_CURVE, 1, 1, 2), WH_OK);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_STRAIGHT, 1, 1, 1), WH_OK);
    wh_placement_t p[64];
    size_t n = wh_game_placements(g, WH_TILE_RIVER_CURVE, p, 64);
    CU_ASSERT_EQUAL(n, 1);
    CU_ASSERT(n >= 1 && p[0].x == 1 && p[0].y == 1 && p[0].rotation == 2);
    /* after a straight stretch, the same turn is allowed again */
    place(g, WH_TILE_RIVER_STRAIGHT, 1, 1, 1);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_RIVER_CURVE, 1, 2, 1), WH_OK);
    free(g);
}

/* The spring starts a game with the River, whose base start tile goes into
** the pile; the River's tiles come first and the lake last of them. */
static void test_spring_first_lake_last(void)
{
    uint32_t packs[] = {WH_PACK_RIVER, WH_PACK_BASE};
    wh_rng_t rng;
    int river_tiles = (int)wh_pack_copies(&wh_tileset, WH_PACK_RIVER);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        wh_rng_seed(&rng, seed);
        wh_bag_t bag;
        int start = -1;
        CU_ASSERT_EQUAL_FATAL(wh_bag_deal(&bag, &wh_tileset, packs, 2, &rng, &start), WH_OK);
        CU_ASSERT_EQUAL(start, WH_TILE_RIVER_SPRING);
        CU_ASSERT_EQUAL(bag.n, river_tiles - 1 + wh_pack_copies(&wh_tileset, WH_PACK_BASE));
        int d = 0;
        for (uint32_t i = 0; i < bag.n; i++) {
            bool river = wh_tileset.tiles[bag.tile[i]].flags & WH_TILE_FLAG_RIVER;
            CU_ASSERT_EQUAL(river, (int)i < river_tiles - 1);
            d += bag.tile[i] == WH_TILE_BASE_D;
        }
        CU_ASSERT_EQUAL(bag.tile[river_tiles - 2], WH_TILE_RIVER_LAKE);
        CU_ASSERT_EQUAL(d, wh_tileset.tiles[WH_TILE_BASE_D].count); /* every D is drawn */
    }
    /* without the River, base's D starts and one fewer D is drawn */
    uint32_t base[] = {WH_PACK_BASE};
    wh_bag_t bag;
    int start = -1;
    CU_ASSERT_EQUAL(wh_bag_deal(&bag, &wh_tileset, base, 1, &rng, &start), WH_OK);
    CU_ASSERT_EQUAL(start, WH_TILE_BASE_D);
    CU_ASSERT_EQUAL(bag.n, wh_pack_copies(&wh_tileset, WH_PACK_BASE) - 1);
}

/* The order the dealer keeps is the one a record's pile is held to
** (wh_pile_river_order): every dealt pile keeps it, even with two Rivers
** (a second spring ends a river as the lake does); the lake before another
** river tile, or a land tile before a river tile, is out of it. */
static void test_a_pile_in_the_rivers_order(void)
{
    CU_ASSERT_EQUAL(wh_river_rank(&wh_tileset, WH_TILE_RIVER_STRAIGHT), WH_RIVER_ON);
    CU_ASSERT_EQUAL(wh_river_rank(&wh_tileset, WH_TILE_RIVER_CURVE), WH_RIVER_ON);
    CU_ASSERT_EQUAL(wh_river_rank(&wh_tileset, WH_TILE_RIVER_LAKE), WH_RIVER_END);
    CU_ASSERT_EQUAL(wh_river_rank(&wh_tileset, WH_TILE_RIVER_SPRING), WH_RIVER_END);
    CU_ASSERT_EQUAL(wh_river_rank(&wh_tileset, WH_TILE_BASE_D), WH_RIVER_NONE);
    uint32_t packs[] = {WH_PACK_RIVER, WH_PACK_RIVER, WH_PACK_BASE};
    wh_rng_t rng;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        wh_rng_seed(&rng, seed);
        wh_bag_t bag;
        int start;
        CU_ASSERT_EQUAL_FATAL(wh_bag_deal(&bag, &wh_tileset, packs, 1 + seed % 3, &rng, &start), WH_OK);
        CU_ASSERT_EQUAL(wh_pile_river_order(&wh_tileset, bag.tile, bag.n), bag.n);
    }
    const uint16_t lake_first[] = {WH_TILE_RIVER_LAKE, WH_TILE_RIVER_STRAIGHT, WH_TILE_RIVER_CURVE, WH_TILE_BASE_U};
    CU_ASSERT_EQUAL(wh_pile_river_order(&wh_tileset, lake_first, 4), 1);
    const uint16_t land_first[] = {WH_TILE_RIVER_STRAIGHT, WH_TILE_BASE_U, WH_TILE_RIVER_LAKE};
    CU_ASSERT_EQUAL(wh_pile_river_order(&wh_tileset, land_first, 3), 2);
    const uint16_t no_river[] = {WH_TILE_BASE_U, WH_TILE_BASE_D};
    CU_ASSERT_EQUAL(wh_pile_river_order(&wh_tileset, no_river, 2), 2);
}

/* Reference 3.2: "Fields are divided by a river as by a road", and nobody
** stands on the river. */
static void test_river_divides_fields_and_takes_no_meeple(void)
{
    wh_game_t *g = river_game(WH_TILE_RIVER_STRAIGHT);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_RIVER_STRAIGHT, 1, 0, 0), WH_OK);
    uint8_t options[8];
    size_t n = wh_game_meeple_options(g, options, 8);
    uint8_t river = local_of(&wh_tileset, "river.straight", "r");
    CU_ASSERT_EQUAL(n, 2); /* the two fields */
    for (size_t i = 0; i < n && i < 8; i++)
        CU_ASSERT_NOT_EQUAL(options[i], river);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, river), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    int north = wh_game_feature_at(g, 1, 0, WH_DIR_W, WH_SLOT_R);
    int south = wh_game_feature_at(g, 1, 0, WH_DIR_W, WH_SLOT_L);
    CU_ASSERT_TRUE(wh_game_same_feature(g, north, wh_game_feature_at(g, 0, 0, WH_DIR_N, WH_SLOT_L)));
    CU_ASSERT_TRUE(wh_game_same_feature(g, south, wh_game_feature_at(g, 0, 0, WH_DIR_S, WH_SLOT_L)));
    CU_ASSERT_FALSE(wh_game_same_feature(g, north, south));
    free(g);
}

/* Alhambra events of one game; per: its value per farmer at the game's
** tile count, read from the tables (the figure, 6, is checked by
** tests/positions/alhambra-120-tiles.yaml, so an erratum changes no C). */
typedef struct alhambra_log {
    int events, bad, per;
    const wh_game_t *g; /* the game, as the event is paid */
} alhambra_log;

/* The farmers of the player paid by e, on the board as it is paid. */
static int farmers_of(const wh_game_t *g, const wh_score_event_t *e)
{
    int n = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        wh_feature_info_t info;
        n += (e->winners >> g->meeple[i].player & 1u) && wh_game_feature(g, g->meeple[i].node, &info) &&
             info.kind == WH_KIND_FIELD;
    }
    return n;
}

static void alhambra_event(void *ctx, const wh_score_event_t *e)
{
    alhambra_log *log = ctx;
    if (e->reason != WH_REASON_WONDER || e->wonder != WH_TILE_WONDERS_SET1_ALHAMBRA)
        return;
    log->events++;
    log->bad += e->points != log->per * farmers_of(log->g, e); /* W: "at least 120 tiles you get 6 points" */
}

/* The rules page's 120 tiles: the River, the base game twice (no other tile
** data exists: docs/rules.md) and Inns & Cathedrals. */
static void test_a_game_of_120_tiles_pays_the_alhambra_six(void)
{
    uint32_t packs[] = {WH_PACK_RIVER, WH_PACK_BASE, WH_PACK_BASE, WH_PACK_INNS_CATHEDRALS};
    uint16_t wonders[] = {WH_TILE_WONDERS_SET1_ALHAMBRA};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    int games_with_farmers = 0;
    for (uint64_t seed = 1; seed <= 30 && games_with_farmers < 3; seed++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, seed);
        wh_bag_t bag;
        int start;
        CU_ASSERT_EQUAL_FATAL(wh_bag_deal(&bag, &wh_tileset, packs, 4, &rng, &start), WH_OK);
        wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n,
                                 .wonders = wonders, .n_wonders = 1, .start_tile = start};
        CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
        CU_ASSERT(wh_game_tiles_in_game(&m->game) >= 120);
        wh_players_t players = wh_random_players(&rng);
        alhambra_log log = {0, 0, effect_unit(&wh_tileset, WH_TILE_WONDERS_SET1_ALHAMBRA, 2,
                                              wh_game_tiles_in_game(&m->game)), &m->game};
        wh_score_sink_t sink = {alhambra_event, &log};
        CU_ASSERT_EQUAL_FATAL(wh_match_play(m, &players, &sink), WH_OK);
        CU_ASSERT_EQUAL(log.bad, 0);
        games_with_farmers += log.events > 0;
    }
    CU_ASSERT(games_with_farmers > 0);
    free(m);
}

bool register_river_tests(void)
{
    static const test_case cases[] = {
        {"a river side faces only a river", test_river_faces_only_a_river},
        {"a river tile continues the river", test_river_tile_continues_the_river},
        {"no immediate U-turn", test_no_immediate_u_turn},
        {"the spring first, the lake last", test_spring_first_lake_last},
        {"a pile in the River's order", test_a_pile_in_the_rivers_order},
        {"the river divides fields and takes no meeple", test_river_divides_fields_and_takes_no_meeple},
        {"120 tiles pay the Alhambra 6", test_a_game_of_120_tiles_pays_the_alhambra_six},
        {NULL, NULL},
    };
    return register_suite("river", cases);
}
