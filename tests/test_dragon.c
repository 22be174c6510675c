/*
** test_dragon.c -- The Princess & the Dragon's volcano and dragon
** (docs/rules.md; reference shared/reference/expansions-2-3.md, P1-P9, and
** W's ruling D1) on the project's tables.  Every number below is worked out
** from the rule text.
*/
#include "../runtime/playout.h"
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

#define PD WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)
#define TB WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS)

/* P1, P3, P4: the dragon starts off the board and goes onto the first
** volcano placed; nothing may stand on the volcano that turn. */
static void test_volcano(void)
{
    wh_game_t *g = game_with(PD);
    CU_ASSERT(!wh_game_dragon(g, NULL, NULL));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_Z2, 0, 1, 0), WH_OK);
    int x, y;
    CU_ASSERT(wh_game_dragon(g, &x, &y));
    CU_ASSERT_EQUAL(x, 0);
    CU_ASSERT_EQUAL(y, 1);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    CU_ASSERT_EQUAL(wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS), 0);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.Z2", WH_FIGURE_MEEPLE, "f")), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), -1); /* a volcano starts no flight */
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    free(g);
    /* without the rules the volcano is a field tile like another */
    g = game_with(0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_Z2, 0, 1, 0), WH_OK);
    CU_ASSERT(!wh_game_dragon(g, NULL, NULL));
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.Z2", WH_FIGURE_MEEPLE, "f")), WH_OK);
    free(g);
}

/* P6-P8: P0's meeple on the road of U at (1, 0) and monk on B at (1, 1);
** P1's volcano at (0, 1), then P1's dragon tile G at (-1, 1).  The flight
** starts at (0, 1), visited; its options, N E S W: D (0, 0), B (1, 1), G
** (-1, 1).  Step 1, P1's: B, the monk eaten.  Step 2, P0's: only U is new
** next to B: the road meeple eaten.  Step 3, P1's: D.  Step 4: around D
** only visited squares and empty ones -- a dead end, the flight is over
** after 3 steps.  P0 has all 7 meeples back and nothing scores. */
static void test_flight_eats_and_ends_at_a_dead_end(void)
{
    wh_game_t *g = game_with(PD);
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL);          /* P0 */
    turn(g, &wh_tileset, "princess_dragon.Z2", 0, 1, 0, -1, NULL);                                   /* P1 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, tile_option("base.B", WH_FIGURE_MEEPLE, "m"), NULL);          /* P0 */
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 5);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, -1, 1, 0), WH_OK);       /* P1 */
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), 1);
    wh_point_t steps[4];
    CU_ASSERT_EQUAL_FATAL(wh_game_dragon_steps(g, steps, 4), 3);
    CU_ASSERT(steps[0].x == 0 && steps[0].y == 0);
    CU_ASSERT(steps[1].x == 1 && steps[1].y == 1);
    CU_ASSERT(steps[2].x == -1 && steps[2].y == 1);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 1), WH_ERR_RANGE); /* where it stands: visited */
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 1, 1), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 6); /* the monk */
    /* no figure once the dragon has moved (P2) */
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, tile_option("princess_dragon.G", WH_FIGURE_MEEPLE, "r")), WH_ERR_PHASE);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), 0);
    CU_ASSERT_EQUAL(wh_game_dragon_steps(g, steps, 4), 1);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 1, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7); /* the road meeple */
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), 1);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), -1);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, -1), WH_ERR_PHASE);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    CU_ASSERT_EQUAL(log.n, 0); /* eaten figures score nothing */
    int x, y;
    CU_ASSERT(wh_game_dragon(g, &x, &y) && x == 0 && y == 0);
    free(g);
}

/* P7: 6 steps, the placer's first, then each next player's in turn; a
** flight left to wh_game_end_turn takes the first square each step. */
static void test_six_steps_in_turn(void)
{
    wh_game_t *g = game_with(PD);
    /* roads east of the start tile, (1, 0) .. (7, 0), the last P0's */
    for (int x = 1; x <= 7; x++)
        turn(g, &wh_tileset, "base.U", x, 0, 0, -1, NULL);
    turn(g, &wh_tileset, "princess_dragon.Z2", 0, 1, 0, -1, NULL); /* P1: the volcano under D */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, -1, 1, 0), WH_OK); /* P0 */
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), 0);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 0), WH_OK); /* 1: P0 */
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), 1);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 1, 0), WH_OK); /* 2: P1 */
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), 0);
    /* steps 3 to 6 by default: east each time, (2, 0) .. (5, 0); not (6, 0) */
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    int x, y;
    CU_ASSERT(wh_game_dragon(g, &x, &y));
    CU_ASSERT_EQUAL(x, 5);
    CU_ASSERT_EQUAL(y, 0);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), -1);
    free(g);
}

/* T10 with P8: P0's follower on the road of U at (1, 0), P0's builder on
** the same road on U at (2, 0).  The dragon eats the follower at (1, 0):
** the builder, left alone, goes back too, though its tile is not entered. */
static void test_lonely_builder_goes_back(void)
{
    wh_game_t *g = game_with(PD | TB);
    turn(g, &wh_tileset, "base.U", 1, 0, 0, tile_option("base.U", WH_FIGURE_MEEPLE, "r"), NULL);   /* P0 */
    turn(g, &wh_tileset, "princess_dragon.Z2", 1, 1, 0, -1, NULL);                            /* P1: volcano */
    turn(g, &wh_tileset, "base.U", 2, 0, 0, tile_option("base.U", WH_FIGURE_BUILDER, "r"), NULL);  /* P0 */
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, 0, 1, 0), WH_OK); /* P1 */
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 1, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_BUILDER), 1);
    free(g);
}

/* D1: "The wonder tile ... represents 5 spaces for the movement of the
** dragon. The dragon affects the whole tile when it lands on it (except
** for the marker meeple on the wonder itself)". */
static void test_wonder_eaten_whole_but_the_marker(void)
{
    wh_game_t *g = game_with(PD);
    const uint32_t w = WH_TILE_WONDERS_SET1_STONEHENGE;
    wh_placement_t where;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, w, 0, &where));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, w, where.x, where.y, where.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    CU_ASSERT_FATAL(n >= 2);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, options[0]), WH_OK);
    n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    CU_ASSERT_FATAL(n >= 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, options[n - 1]), WH_OK); /* two on the wonder */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7 - 3);
    /* P1: a volcano beside a square of the wonder (index 1) */
    wh_placement_t vs[512];
    size_t nv = wh_game_placements(g, WH_TILE_PRINCESS_DRAGON_Z2, vs, 512), k = 0;
    while (k < nv && wh_game_tile_on(g, vs[k].x + 1, vs[k].y, NULL) != 1 &&
           wh_game_tile_on(g, vs[k].x - 1, vs[k].y, NULL) != 1 && wh_game_tile_on(g, vs[k].x, vs[k].y + 1, NULL) != 1 &&
           wh_game_tile_on(g, vs[k].x, vs[k].y - 1, NULL) != 1)
        k++;
    CU_ASSERT_FATAL(k < nv);
    turn(g, &wh_tileset, "princess_dragon.Z2", vs[k].x, vs[k].y, 0, -1, NULL);
    /* P0: a dragon tile anywhere */
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_PRINCESS_DRAGON_G, 0, &where));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, where.x, where.y, where.rotation), WH_OK);
    wh_point_t steps[4];
    size_t ns = wh_game_dragon_steps(g, steps, 4), s = 0;
    while (s < ns && wh_game_tile_on(g, steps[s].x, steps[s].y, NULL) != 1)
        s++;
    CU_ASSERT_FATAL(s < ns);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, steps[s].x, steps[s].y), WH_OK);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7 - 1); /* both figures back; the marker stays */
    CU_ASSERT(wh_game_tile_at_index(g, 1)->marked);
    /* the next step may stay on the wonder: another of its squares */
    ns = wh_game_dragon_steps(g, steps, 4);
    bool wonder_square = false;
    for (s = 0; s < ns; s++)
        wonder_square |= wh_game_tile_on(g, steps[s].x, steps[s].y, NULL) == 1;
    CU_ASSERT(wonder_square);
    free(g);
}

/* A dragon tile placed west of the start tile, away from the wonder. */
static void dragon_tile_west(wh_game_t *g)
{
    wh_placement_t ps[64];
    size_t n = wh_game_placements(g, WH_TILE_PRINCESS_DRAGON_G, ps, 64), k = 0;
    while (k < n && !(ps[k].x < 0 && ps[k].y <= 0))
        k++;
    CU_ASSERT_FATAL(k < n);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_G, ps[k].x, ps[k].y, ps[k].rotation), WH_OK);
}

/* D1 and P7, "already visited".  P7: "The dragon may not enter a tile it
** has already visited in this flight; its starting tile counts as
** visited."  D1: "The wonder tile is one single tile but it represents 5
** spaces for the movement of the dragon ... it may represent 5 steps in
** its movement."  Both hold when the dragon may walk from square to square
** inside a wonder (each square a step, none entered twice), while a wonder
** it has been on and left is a visited tile, every square of it.
**
** Stonehenge unturned with its top-left square on (0, 1), below the start
** tile D: tl (0, 1), tc (1, 1), tr (2, 1), bc (1, 2), br (2, 2); its
** outer sides there are fields (tl S, bc W), so the volcano Z2, all
** field, fits the notch (0, 2), next to tl and bc.
**
** Flight 1 (P0's dragon tile west of D), from the volcano (0, 2): tl, tc,
** tr, br, bc -- 5 steps on the one wonder, each square once; the sixth
** has none left: tc, br are entered, (0, 2) is the start and (1, 3) is
** empty: a dead end, the dragon stays on bc.
**
** Flight 2 (P1's dragon tile), from bc: the wonder it starts on is a
** visited tile but it may still walk inside it: tc, br and the volcano
** (0, 2) are the options.  Step 1 to the volcano: from there tl is a
** square of the wonder it has left (refused: the per-square reading of
** before allowed it), bc is where it came from, (0, 3) and (-1, 2) are
** empty: a dead end after 1 step. */
static void test_wonder_visited_as_one_tile(void)
{
    wh_game_t *g = game_with(PD);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_STONEHENGE, 0, 1, 0), WH_OK); /* P0 */
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    turn(g, &wh_tileset, "princess_dragon.Z2", 0, 2, 0, -1, NULL); /* P1 */
    dragon_tile_west(g);                                            /* P0 */
    static const int walk[5][2] = {{0, 1}, {1, 1}, {2, 1}, {2, 2}, {1, 2}};
    for (int i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(wh_game_dragon_mover(g), i % 2);
        CU_ASSERT_EQUAL(wh_game_move_dragon(g, walk[i][0], walk[i][1]), WH_OK);
    }
    wh_point_t steps[4];
    CU_ASSERT_EQUAL(wh_game_dragon_steps(g, steps, 4), 0); /* a dead end after 5 steps */
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), -1);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    int x, y;
    CU_ASSERT(wh_game_dragon(g, &x, &y) && x == 1 && y == 2);
    dragon_tile_west(g); /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_dragon_steps(g, steps, 4), 3);
    CU_ASSERT(steps[0].x == 1 && steps[0].y == 1); /* N: tc, inside the wonder */
    CU_ASSERT(steps[1].x == 2 && steps[1].y == 2); /* E: br */
    CU_ASSERT(steps[2].x == 0 && steps[2].y == 2); /* W: the volcano */
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 2), WH_OK);
    CU_ASSERT_EQUAL(wh_game_dragon_steps(g, steps, 4), 0);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(g), -1);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 1), WH_ERR_PHASE); /* tl: the wonder left, visited */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT(wh_game_dragon(g, &x, &y) && x == 0 && y == 2);
    free(g);
}

/* P2: HiG moves the dragon before the scoring, RGG after it (the variant
** dragon_after_scoring).  P0's monastery A at (-1, 0) ends the start
** tile's road to the west; P1's volcano at (0, 1); P0's dragon tile P (a
** monastery the roads end at) at (1, 0) closes the road, 3 squares, with
** P0's meeple on it.  The flight: P0 to D (0, 0), P1 to P (1, 0).  HiG:
** the meeple is eaten first, the road scores nothing.  RGG: the road scores
** 3 to P0 and the meeple goes home first; the dragon eats nothing. */
static int road_points(unsigned rules)
{
    wh_game_t *g = game_with(rules);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "base.A", -1, 0, 3, -1, &sink);            /* P0 */
    turn(g, &wh_tileset, "princess_dragon.Z2", 0, 1, 0, -1, &sink); /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_PRINCESS_DRAGON_P, 1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, tile_option("princess_dragon.P", WH_FIGURE_MEEPLE, "r3")), WH_OK);
    if (rules & WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)) {
        CU_ASSERT_EQUAL(wh_game_dragon_mover(g), -1); /* not before the scoring */
        CU_ASSERT_EQUAL_FATAL(wh_game_score_turn(g, &sink), WH_OK);
        CU_ASSERT_EQUAL(wh_game_phase(g), WH_PHASE_DRAGON);
    }
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_move_dragon(g, 1, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL(wh_game_current(g), 1);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
    int points = 0;
    for (int i = 0; i < log.n; i++)
        if (log.e[i].reason == WH_REASON_ROAD && (log.e[i].winners & 1u))
            points += log.e[i].points;
    free(g);
    return points;
}

static void test_dragon_before_or_after_scoring(void)
{
    TEST_POINTS(road_points(PD), 0);
    TEST_POINTS(road_points(PD | WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)), 3);
}

/* P5: "A dragon tile drawn before any volcano is on the board is set aside
** and a replacement is drawn. When the first volcano is placed, the
** set-aside tiles are shuffled back into the stack."  The pile: dragon tile
** G, volcano Z2, then three roads.  The first turn draws G, sets it aside
** and places Z2; G comes back among the roads and is placed later. */
static void test_dragon_tile_set_aside(void)
{
    const uint16_t pile[] = {WH_TILE_PRINCESS_DRAGON_G, WH_TILE_PRINCESS_DRAGON_Z2, WH_TILE_BASE_U, WH_TILE_BASE_U,
                             WH_TILE_BASE_U};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 5, .start_tile = -1, .rules = PD};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    wh_rng_t rng;
    wh_rng_seed(&rng, 7);
    wh_players_t players = wh_random_players(&rng);
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &players, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tile_at_index(&m->game, 1)->tile, WH_TILE_PRINCESS_DRAGON_Z2);
    CU_ASSERT(wh_game_dragon(&m->game, NULL, NULL));
    CU_ASSERT_EQUAL(wh_match_play(m, &players, NULL), WH_OK);
    int dragons = 0;
    for (size_t i = 0; i < wh_game_tile_count(&m->game); i++)
        dragons += wh_game_tile_at_index(&m->game, i)->tile == WH_TILE_PRINCESS_DRAGON_G;
    CU_ASSERT_EQUAL(dragons, 1);
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), 6); /* the start tile and all five */
    free(m);
}

/* The tiles still to draw once the first draw after the volcano is made, in
** a match seeded with `seed` (P5's shuffle): the pile is dragon tile G,
** volcano Z2, then 8 tiles of the base game, all different, and a second G.
** Turn 1 sets the first G aside and places Z2 (the dragon comes); turn 2
** shuffles G back among the 9 tiles still to draw and draws one.  Into
** `out` (10 tiles): the tile turn 2 placed, then the 9 left, in order. */
static void after_shuffle(uint64_t seed, uint16_t out[10])
{
    static const uint16_t pile[] = {WH_TILE_PRINCESS_DRAGON_G, WH_TILE_PRINCESS_DRAGON_Z2, WH_TILE_BASE_A, WH_TILE_BASE_B,
                                    WH_TILE_BASE_E, WH_TILE_BASE_J, WH_TILE_BASE_U, WH_TILE_BASE_V, WH_TILE_BASE_W,
                                    WH_TILE_BASE_X, WH_TILE_PRINCESS_DRAGON_G};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 11, .start_tile = -1, .rules = PD,
                             .seed = seed};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    wh_rng_t rng;
    wh_rng_seed(&rng, 7); /* the players' choices: the same for every seed */
    wh_players_t players = wh_random_players(&rng);
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &players, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->n_aside, 1);
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &players, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->n_aside, 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_tile_count(&m->game), 3);
    CU_ASSERT_EQUAL_FATAL(m->n_pile - m->drawn, 9);
    out[0] = (uint16_t)wh_game_tile_at_index(&m->game, 2)->tile;
    memcpy(&out[1], &m->pile[m->drawn], 9 * sizeof *out);
    free(m);
}

/* P5 in a match, "shuffled back into the stack": the tiles drawn after the
** volcano are the 10 not drawn yet before it, the G set aside with them
** (the same multiset: 8 base tiles once each and G twice); the same seed
** gives the same order (a record's replay), and seeds 1 to 4 do not all
** give one order -- the G set aside does not always come back to one
** place, nor the others stay in the dealt order.  With 10 tiles to order
** the chance that two seeds agree is 2 in 10! (G twice), so "not all the
** same" does not fail by chance. */
static void test_dragon_tiles_shuffled_back_with_the_seed(void)
{
    uint16_t a[10], b[10];
    after_shuffle(1, a);
    int count[WH_TILE_PRINCESS_DRAGON_G + 1] = {0};
    for (int i = 0; i < 10; i++)
        if (a[i] <= WH_TILE_PRINCESS_DRAGON_G)
            count[a[i]]++;
    CU_ASSERT_EQUAL(count[WH_TILE_PRINCESS_DRAGON_G], 2);
    static const uint16_t once[] = {WH_TILE_BASE_A, WH_TILE_BASE_B, WH_TILE_BASE_E, WH_TILE_BASE_J,
                                    WH_TILE_BASE_U, WH_TILE_BASE_V, WH_TILE_BASE_W, WH_TILE_BASE_X};
    for (int i = 0; i < 8; i++)
        CU_ASSERT_EQUAL(count[once[i]], 1);
    after_shuffle(1, b);
    CU_ASSERT(memcmp(a, b, sizeof a) == 0);
    bool differ = false;
    for (uint64_t seed = 2; seed <= 4; seed++) {
        after_shuffle(seed, b);
        differ |= memcmp(a, b, sizeof a) != 0;
    }
    CU_ASSERT(differ);
}

/* P5 in a random play-out (wh_play_random), the same rule.  The bag: dragon
** tile G, road U, volcano Z2, roads U, U, dragon tile G.  The first G is
** set aside (0 placed), U is placed (index 1), Z2 (index 2) brings the
** dragon; both G's are then drawn after it, the first shuffled back among
** the tiles still to draw: all 6 are placed after the start tile, both G's
** at an index above 2 (whatever the seed).  Without any
** volcano (G, U, U, G) the 2 G's wait aside to the end: 2 tiles placed,
** stats.aside 2. */
static void test_dragon_tile_set_aside_in_a_playout(void)
{
    static const uint16_t with[] = {WH_TILE_PRINCESS_DRAGON_G, WH_TILE_BASE_U, WH_TILE_PRINCESS_DRAGON_Z2,
                                    WH_TILE_BASE_U, WH_TILE_BASE_U, WH_TILE_PRINCESS_DRAGON_G};
    static const uint16_t without[] = {WH_TILE_PRINCESS_DRAGON_G, WH_TILE_BASE_U, WH_TILE_BASE_U,
                                       WH_TILE_PRINCESS_DRAGON_G};
    for (uint32_t seed = 1; seed <= 20; seed++) {
        wh_game_t *g = game_with(PD);
        wh_bag_t bag = {.n = 6};
        memcpy(bag.tile, with, sizeof with);
        wh_rng_t rng;
        wh_rng_seed(&rng, seed);
        wh_playout_stats_t stats;
        CU_ASSERT_EQUAL_FATAL(wh_play_random(g, &bag, &rng, NULL, &stats), WH_OK);
        CU_ASSERT_EQUAL(stats.discarded, 0);
        CU_ASSERT_EQUAL(stats.aside, 0);
        CU_ASSERT_EQUAL(stats.turns, 6);
        CU_ASSERT_EQUAL_FATAL(wh_game_tile_count(g), 7);
        CU_ASSERT_EQUAL(wh_game_tile_at_index(g, 1)->tile, WH_TILE_BASE_U);
        CU_ASSERT_EQUAL(wh_game_tile_at_index(g, 2)->tile, WH_TILE_PRINCESS_DRAGON_Z2);
        int dragons = 0;
        for (size_t i = 3; i < 7; i++)
            dragons += wh_game_tile_at_index(g, i)->tile == WH_TILE_PRINCESS_DRAGON_G;
        CU_ASSERT_EQUAL(dragons, 2);
        free(g);
        g = game_with(PD);
        bag = (wh_bag_t){.n = 4};
        memcpy(bag.tile, without, sizeof without);
        CU_ASSERT_EQUAL_FATAL(wh_play_random(g, &bag, &rng, NULL, &stats), WH_OK);
        CU_ASSERT_EQUAL(stats.turns, 2);
        CU_ASSERT_EQUAL(stats.aside, 2);
        CU_ASSERT_EQUAL(wh_game_tile_count(g), 3);
        free(g);
    }
    /* without the rules a dragon tile is a tile as any other */
    wh_game_t *g = game_with(0);
    wh_bag_t bag = {.n = 4};
    memcpy(bag.tile, without, sizeof without);
    wh_rng_t rng;
    wh_rng_seed(&rng, 1);
    wh_playout_stats_t stats;
    CU_ASSERT_EQUAL_FATAL(wh_play_random(g, &bag, &rng, NULL, &stats), WH_OK);
    CU_ASSERT_EQUAL(stats.turns + stats.discarded, 4);
    CU_ASSERT_EQUAL(stats.aside, 0);
    free(g);
}

bool register_dragon_tests(void)
{
    static const test_case cases[] = {
        {"P1, P3, P4: the volcano takes the dragon, no figure on it", test_volcano},
        {"P6-P8: the flight eats, in turn, to a dead end", test_flight_eats_and_ends_at_a_dead_end},
        {"P7: six steps", test_six_steps_in_turn},
        {"T10, P8: a builder left alone goes back", test_lonely_builder_goes_back},
        {"D1: a wonder is 5 squares and is eaten whole but the marker", test_wonder_eaten_whole_but_the_marker},
        {"D1, P7: a wonder is walked square by square, then visited whole", test_wonder_visited_as_one_tile},
        {"P2: the dragon before the scoring, or after it (RGG)", test_dragon_before_or_after_scoring},
        {"P5: a dragon tile before any volcano is set aside, then shuffled back", test_dragon_tile_set_aside},
        {"P5: shuffled back with the match's seed", test_dragon_tiles_shuffled_back_with_the_seed},
        {"P5: the same in a random play-out", test_dragon_tile_set_aside_in_a_playout},
        {NULL, NULL},
    };
    return register_suite("The Princess & the Dragon", cases);
}
