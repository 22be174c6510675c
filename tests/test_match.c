/*
** test_match.c -- the expansion's turn order: the wonder track, waiting
** wonders, the fallback when a wonder fits nowhere, the end of the game, the
** two-wonders variant, the draw rule of a hand, and a wonder defined only in
** a test file (tests/match.tiles).
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"
#include "../runtime/playout.h"
#include "../runtime/tileset.h"

#include <stdlib.h>
#include <string.h>

/* Players that follow a script: the first legal option unless told. */
typedef struct script {
    int order[WH_MAX_PLAYERS]; /* first_to_take answers, in turn */
    int n_order, asked_order;
    int chooser_seen[8];
    int wonder_pick;           /* index into available */
    int wonder_wrong;          /* answers out of range before wonder_pick */
    int hand_pick, hand_asked;
    int taken_by[8], n_taken;  /* who took, in order (filled by the wonder callback) */
    int marker_pick;           /* index into the figures offered as the marker */
    uint8_t marker_offered[4];
    int n_marker_offered, marker_asked;
} script;

static size_t first_placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *o, size_t n)
{
    (void)ctx, (void)m, (void)tile, (void)o, (void)n;
    return 0;
}

static size_t no_meeple(void *ctx, const wh_match_t *m, const uint8_t *o, size_t n)
{
    (void)ctx, (void)m, (void)o;
    return n;
}

static int scripted_first(void *ctx, const wh_match_t *m, int chooser, unsigned candidates)
{
    script *s = ctx;
    (void)m, (void)candidates;
    if (s->asked_order < 8)
        s->chooser_seen[s->asked_order] = chooser;
    return s->asked_order < s->n_order ? s->order[s->asked_order++] : -1;
}

static size_t scripted_wonder(void *ctx, const wh_match_t *m, int player)
{
    script *s = ctx;
    if (s->n_taken < 8)
        s->taken_by[s->n_taken++] = player;
    if (s->wonder_wrong > 0) {
        s->wonder_wrong--;
        return m->n_available; /* just past the last */
    }
    return (size_t)s->wonder_pick;
}

static size_t scripted_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    script *s = ctx;
    (void)m, (void)hand, (void)n;
    s->hand_asked++;
    return (size_t)s->hand_pick;
}

static size_t scripted_marker(void *ctx, const wh_match_t *m, const uint8_t *figures, size_t n)
{
    script *s = ctx;
    (void)m;
    s->marker_asked++;
    s->n_marker_offered = (int)n;
    memcpy(s->marker_offered, figures, n < 4 ? n : 4);
    return (size_t)s->marker_pick;
}

static wh_players_t scripted(script *s)
{
    memset(s, 0, sizeof *s);
    return (wh_players_t){first_placement, no_meeple, scripted_first, scripted_wonder, scripted_hand, NULL, NULL, s, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
}

/* A match of the base game beside every wonder of the set; @returns how many. */
static size_t project_match(wh_match_t *m, int players, int variant)
{
    static uint16_t pile[WH_MAX_PLACED], all_wonders[WH_N_TILES];
    size_t n_wonders = wh_tile_wonders(&wh_tileset, all_wonders, WH_N_TILES); /* what tiles/ holds */
    CU_ASSERT_FATAL(n_wonders <= WH_N_TILES);
    wh_bag_t bag;
    uint32_t packs[] = {WH_PACK_BASE};
    CU_ASSERT_FATAL(wh_bag_fill(&bag, &wh_tileset, packs, 1, WH_TILE_BASE_D) == WH_OK);
    memcpy(pile, bag.tile, bag.n * sizeof *pile);
    wh_match_config_t cfg = {.players = (uint8_t)players, .variant = (uint8_t)variant, .pile = pile,
                             .n_pile = bag.n, .wonders = all_wonders, .n_wonders = n_wonders, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    return n_wonders;
}

/* The wonders are a box of their own: R, "You start the game with 6
** meeples in your supply" (of a colour's 9: the pair beside space 10 and
** the scoring meeple are the others); without a wonder the game is the
** base game, whose colour of 8 leaves 7 in supply once one scores. */
static void test_supply_with_and_without_wonders(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    size_t n_wonders = project_match(m, 3, 1);
    CU_ASSERT_FATAL(n_wonders > 0);
    for (int p = 0; p < 3; p++)
        CU_ASSERT_EQUAL(wh_game_supply(&m->game, p), 9 - 2 - 1);
    static uint16_t pile[WH_MAX_PLACED];
    wh_bag_t bag;
    uint32_t packs[] = {WH_PACK_BASE};
    CU_ASSERT_FATAL(wh_bag_fill(&bag, &wh_tileset, packs, 1, WH_TILE_BASE_D) == WH_OK);
    memcpy(pile, bag.tile, bag.n * sizeof *pile);
    wh_match_config_t cfg = {.players = 3, .variant = 1, .pile = pile, .n_pile = bag.n, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    for (int p = 0; p < 3; p++)
        CU_ASSERT_EQUAL(wh_game_supply(&m->game, p), 8 - 1);
    free(m);
}

/* R: "Move all remaining meeples ... 5 spaces further ... You must never move
** the meeple-pairs beyond the space 25, even if there are more than 4
** players." */
static void test_track_with_five_players(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    size_t n_wonders = project_match(m, 5, 1);
    CU_ASSERT_EQUAL(m->pair_space, 10);
    for (int p = 0; p < 5; p++) {
        CU_ASSERT_EQUAL(wh_game_supply(&m->game, p), 6); /* R: "6 meeples in your supply" */
        m->game.score[p] = 40;
    }
    script s;
    wh_players_t pl = scripted(&s);
    s.n_order = 5;
    int order[] = {4, 2, 0, 3, 1};
    memcpy(s.order, order, sizeof order);
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(s.n_taken, 5);
    for (int i = 0; i < 4 && i < s.n_taken; i++)
        CU_ASSERT_EQUAL(s.taken_by[i], order[i]);
    CU_ASSERT_EQUAL(s.taken_by[4], 1); /* the last one is nobody's choice */
    CU_ASSERT_EQUAL(m->pair_space, 25); /* 10, 15, 20, 25, and no further */
    for (int p = 0; p < 5; p++) {
        CU_ASSERT_EQUAL(m->taken[p], 1);
        CU_ASSERT_EQUAL(wh_game_supply(&m->game, p), 8); /* "Take your two meeples" */
    }
    CU_ASSERT_EQUAL(m->n_available, n_wonders - 5);
    free(m);
}

/* W: "If several players reach the space with the meeple pairs on the same
** turn, the person whose turn it is chooses ... If there are still scoring
** meeples of other players ... on or past the space with the meeple pairs,
** the person whose turn it is decides again". */
static void test_simultaneous_arrival(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    project_match(m, 3, 1);
    m->turn_player = 2; /* player 2's turn just ended */
    m->game.score[0] = 16;
    m->game.score[1] = 12;
    m->game.score[2] = 22;
    script s;
    wh_players_t pl = scripted(&s);
    s.n_order = 2;
    s.order[0] = 1; /* first player 1 (on 12) ... */
    s.order[1] = 2; /* ... then, pairs on 15, player 2 (0 is on 16 too) */
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(s.chooser_seen[0], 2);
    CU_ASSERT_EQUAL(s.chooser_seen[1], 2);
    CU_ASSERT_EQUAL(m->taken[1], 1);
    CU_ASSERT_EQUAL(m->taken[2], 1);
    CU_ASSERT_EQUAL(m->taken[0], 0); /* pairs on 20 now: 16 is behind them */
    CU_ASSERT_EQUAL(m->pair_space, 20);
    free(m);
}

/* The same sentence, through a played turn: P1's turn ends with P0 and P2
** both on the meeple pairs' space, 10; P1, "the person whose turn it is",
** decides (not P0, who played the turn before). */
static void test_the_turns_player_decides(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    project_match(m, 3, 1);
    script s;
    wh_players_t pl = scripted(&s);
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0: a tile, no meeple, no points */
    CU_ASSERT_EQUAL_FATAL(wh_game_current(&m->game), 1);
    m->game.score[0] = m->game.score[2] = 10;
    s.n_order = 1;
    s.order[0] = 2;
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 */
    CU_ASSERT_EQUAL(s.asked_order, 1);
    CU_ASSERT_EQUAL(s.chooser_seen[0], 1);
    CU_ASSERT_EQUAL(m->taken[2], 1);
    CU_ASSERT_EQUAL(m->taken[0], 0); /* pairs on 15 now: 10 is behind them */
    free(m);
}

/* The rules page, Scoring a wonder: "the effect of the wonders start on
** your next turn after placing it" -- after the turns of *every* other
** player.  Three players: P0's knight on base.G turned 90 above the start
** tile (0, -1), its city running on from the start tile's cap (turn 1);
** P0 places Tikal (turn 4: wherever it first fits, with its marker), and
** P2 closes the city with base.E turned 180 at (0, -2) (turn 6), P1 having
** played between.  3 squares: 6 to P0, the knight's (2 a square).  Tikal
** pays when another player scores a city bigger than two tiles holding its
** owner's meeple, but P0's next turn has not come: nothing more. */
static void test_wonder_waits_for_its_owners_turn(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 3);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "base.G", 0, -1, 1, tile_option("base.G", WH_FIGURE_MEEPLE, "c"), &sink); /* 1: P0 */
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, &sink);                                         /* 2: P1 */
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, &sink);                                         /* 3: P2 */
    wh_placement_t where;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET2_TIKAL, 0, &where)); /* 4: P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET2_TIKAL, where.x, where.y, where.rotation), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_marker(g), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.B", -1, 1, 0, -1, &sink); /* 5: P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_current(g), 2);
    turn(g, &wh_tileset, "base.E", 0, -2, 2, -1, &sink); /* 6: P2 closes the city */
    CU_ASSERT_EQUAL_FATAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_CITY);
    TEST_POINTS(log.e[0].points, 6);
    TEST_POINTS(wh_game_score(g, 0), 6);
    free(g);
}

/* A callback that keeps answering illegally is not trusted. */
static void test_illegal_answers_are_rejected(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    project_match(m, 2, 1);
    m->game.score[0] = m->game.score[1] = 10;
    script s;
    wh_players_t pl = scripted(&s);
    s.n_order = 3;
    s.order[0] = s.order[1] = s.order[2] = 5; /* not a candidate */
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_ERR_CALLBACK);
    CU_ASSERT_EQUAL(s.asked_order, 3);
    CU_ASSERT_EQUAL(m->taken[0] + m->taken[1], 0);
    s.n_order = 1;
    s.asked_order = 0;
    s.order[0] = 1;
    s.wonder_pick = 99; /* no such wonder */
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_ERR_CALLBACK);
    CU_ASSERT_EQUAL(m->taken[1], 0);
    /* two wrong answers, then a right one: the third answer counts */
    s.n_order = 1;
    s.asked_order = 0;
    s.n_taken = 0;
    s.wonder_pick = 0;
    s.wonder_wrong = 2;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(s.n_taken, 3);
    CU_ASSERT_EQUAL(m->taken[1], 1);
    free(m);
}

/* Players whose portal and meeple answers are wrong (n + 1: no option) a
** given number of times, then `none`; each counts how often it was asked. */
typedef struct wrong_answers {
    int wrong_portal, wrong_meeple;
    int asked_portal, asked_meeple;
} wrong_answers;

static size_t wrong_portal(void *ctx, const wh_match_t *m, const uint16_t *o, size_t n)
{
    wrong_answers *w = ctx;
    (void)m, (void)o;
    return w->asked_portal++ < w->wrong_portal ? n + 1 : n;
}

static size_t wrong_meeple(void *ctx, const wh_match_t *m, const uint8_t *o, size_t n)
{
    wrong_answers *w = ctx;
    (void)m, (void)o;
    return w->asked_meeple++ < w->wrong_meeple ? n + 1 : n;
}

/* One turn of a match of the Princess & the Dragon whose pile is the
** portal tile R: the portal is offered (the start tile's features are
** unoccupied, P16), then the tile's figures. */
static wh_status_t portal_turn(wrong_answers *w)
{
    static uint16_t pile[] = {WH_TILE_PRINCESS_DRAGON_R};
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 1, .start_tile = -1,
                             .rules = WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    wh_players_t pl = {.placement = first_placement, .meeple = wrong_meeple, .portal = wrong_portal, .ctx = w};
    wh_status_t s = wh_match_play_turn(m, &pl, NULL);
    free(m);
    return s;
}

/* A wrong answer is asked again, up to 3 answers in all (the player after a
** wrong answer may still answer right), and a right answer is not asked
** again. */
static void test_wrong_answers_asked_again(void)
{
    wrong_answers w = {.wrong_portal = 1, .wrong_meeple = 2};
    CU_ASSERT_EQUAL(portal_turn(&w), WH_OK);
    CU_ASSERT_EQUAL(w.asked_portal, 2);
    CU_ASSERT_EQUAL(w.asked_meeple, 3);
    w = (wrong_answers){.wrong_portal = 99};
    CU_ASSERT_EQUAL(portal_turn(&w), WH_ERR_CALLBACK);
    CU_ASSERT_EQUAL(w.asked_portal, 3);
    CU_ASSERT_EQUAL(w.asked_meeple, 0);
    w = (wrong_answers){.wrong_meeple = 99};
    CU_ASSERT_EQUAL(portal_turn(&w), WH_ERR_CALLBACK);
    CU_ASSERT_EQUAL(w.asked_portal, 1);
    CU_ASSERT_EQUAL(w.asked_meeple, 3);
}

/* Players that put each tile of a small pile where a table says, place no
** figure, and step the dragon to the first square offered, noting who
** made each step. */
typedef struct dragon_script {
    int movers[8], n_steps;
    int wrong, wrong_left; /* answers out of range before each step's right one */
    int asked;
} dragon_script;

static bool placed_where_told(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out)
{
    (void)ctx, (void)m;
    if (tile == WH_TILE_PRINCESS_DRAGON_Z2)
        *out = (wh_placement_t){.x = 0, .y = 1, .rotation = 0};   /* below the start tile, all field */
    else if (tile == WH_TILE_BASE_U)
        *out = (wh_placement_t){.x = 1, .y = 0, .rotation = 0};   /* the start tile's road, east */
    else
        *out = (wh_placement_t){.x = 1, .y = 1, .rotation = 3}; /* the dragon's road curve turned 270: field N and W */
    return true;
}

static size_t first_step(void *ctx, const wh_match_t *m, int mover, const wh_point_t *o, size_t n)
{
    dragon_script *d = ctx;
    (void)m, (void)o;
    d->asked++;
    if (d->wrong_left > 0) { /* out of range, then right once the step's wrong answers are used */
        d->wrong_left--;
        return n;
    }
    d->wrong_left = d->wrong;
    if (d->n_steps < 8)
        d->movers[d->n_steps] = mover;
    d->n_steps++;
    return 0;
}

/* P7, through a match: the volcano princess_dragon.Z2 at (0, 1), base.U at
** (1, 0), the dragon tile princess_dragon.G turned 270 at (1, 1): four
** tiles in a ring.  The dragon, from the volcano, may not enter it again,
** so it goes round: 3 steps, then none is left; "the player who placed the
** dragon tile makes the first step; then each next player": P0 (who placed
** it, turn 3), P1, P0, each asked for its own step. */
static void test_each_dragon_step_asked(void)
{
    static uint16_t pile[] = {WH_TILE_PRINCESS_DRAGON_Z2, WH_TILE_BASE_U, WH_TILE_PRINCESS_DRAGON_G};
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 3, .start_tile = -1,
                             .rules = WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    dragon_script d = {{0}, 0, 0, 0, 0};
    wh_players_t pl = {.placement = first_placement, .meeple = no_meeple, .direct_placement = placed_where_told,
                       .dragon = first_step, .ctx = &d};
    for (int t = 0; t < 3; t++)
        CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), 4);
    CU_ASSERT_EQUAL_FATAL(d.n_steps, 3);
    CU_ASSERT_EQUAL(d.movers[0], 0);
    CU_ASSERT_EQUAL(d.movers[1], 1);
    CU_ASSERT_EQUAL(d.movers[2], 0);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(&m->game), -1); /* the flight is over */
    /* the same flight, each step answered out of range twice first: the
    ** third answer of each counts (3 answers a decision) */
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    d = (dragon_script){.wrong = 2, .wrong_left = 2};
    for (int t = 0; t < 3; t++)
        CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(d.n_steps, 3);
    CU_ASSERT_EQUAL(d.asked, 3 * 3);
    CU_ASSERT_EQUAL(wh_game_dragon_mover(&m->game), -1);
    free(m);
}

static void match_set(test_build *b)
{
    const char *paths[] = {"match.tiles"};
    test_build_files(b, paths, 1);
    CU_ASSERT_FATAL(b->ok);
}

/* R: "In the very rare case that you can't place the wonder correctly, you
** draw a tile that you must immediately place so that you can then place
** your wonder tile next to it. If this is also not possible, the normal tile
** is removed from the game and you draw another tile" */
static void test_wonder_that_fits_nowhere(void)
{
    test_build b;
    match_set(&b);
    uint16_t pile[] = {(uint16_t)tile_id(&b.set, "m.meadow"), (uint16_t)tile_id(&b.set, "m.gate"),
                       (uint16_t)tile_id(&b.set, "m.meadow")};
    uint16_t walled = (uint16_t)tile_id(&b.set, "m.walled");
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 3, .wonders = &walled,
                             .n_wonders = 1, .start_tile = -1};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &b.set, &cfg), WH_OK);
    script s;
    wh_players_t pl = scripted(&s);
    m->game.score[0] = 10;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL_FATAL(m->n_waiting[0], 1);
    CU_ASSERT_FALSE(wh_game_can_place(&m->game, walled));
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->removed, 1);   /* the meadow could not make room */
    CU_ASSERT_EQUAL(m->drawn, 2);     /* meadow, then the gate */
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), 3); /* start, gate, wonder */
    const wh_placed_t *w = wh_game_tile_at_index(&m->game, 2);
    CU_ASSERT_EQUAL(w->tile, walled);
    CU_ASSERT_TRUE(w->marked);
    CU_ASSERT_EQUAL(wh_game_tile_at_index(&m->game, 1)->tile, tile_id(&b.set, "m.gate"));
    CU_ASSERT_EQUAL(wh_game_supply(&m->game, 0), 6 + 2 - 1);
    CU_ASSERT_EQUAL(wh_game_current(&m->game), 1);
    CU_ASSERT_EQUAL(m->n_waiting[0], 0);
    free(m);
    test_build_free(&b);
}

/* W, variant: "Each player takes 10 meeples ... 1 meeple next to the 0/50
** starting space. ... If your counting meeple reaches or exceeds the 50
** space, you choose your 2nd wonder ... and take the meeple next to the 0/50
** starting space." */
static void test_two_wonders_variant(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    script s;
    wh_players_t pl = scripted(&s);
    project_match(m, 2, 2);
    m->game.score[0] = 12;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[0], 1);
    m->game.score[0] = 55;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[0], 2);
    CU_ASSERT_EQUAL(m->n_waiting[0], 2);
    CU_ASSERT_EQUAL(wh_game_supply(&m->game, 0), 6 + 2 + 1);
    /* the same for the other player (the pairs on 15 since P0's first) */
    m->game.score[1] = 16;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[1], 1);
    m->game.score[1] = 50;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[1], 2);
    CU_ASSERT_EQUAL(m->n_waiting[1], 2);
    /* P0 places the wonder taken first; the second then waits in front */
    uint16_t second = m->waiting[0][1];
    CU_ASSERT_EQUAL_FATAL(wh_game_current(&m->game), 0);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->n_waiting[0], 1);
    CU_ASSERT_EQUAL(m->waiting[0][0], second);
    free(m);

    m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    project_match(m, 2, 1); /* without the variant: one wonder, however high the score */
    m->game.score[0] = 55;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[0], 1);
    free(m);
}

/* W, setup: "One of these two meeples is used only to mark your wonder. You
** can use the large meeple of the 1st expansion or any other figure in that
** color."  With Inns & Cathedrals' rules the player is offered a meeple and
** the large meeple, and the one chosen leaves the supply; without a choice
** (no callback) a meeple marks it; an answer out of range fails the turn. */
static void test_the_marker_is_a_choice(void)
{
    static const uint16_t wonders[] = {WH_TILE_WONDERS_SET2_TIKAL};
    wh_bag_t bag;
    uint32_t packs[] = {WH_PACK_BASE};
    CU_ASSERT_FATAL(wh_bag_fill(&bag, &wh_tileset, packs, 1, WH_TILE_BASE_D) == WH_OK);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n, .wonders = wonders,
                             .n_wonders = 1, .start_tile = -1, .rules = WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS)};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    /* the large meeple; a meeple; no callback; out of range; just past the two offered */
    const int picks[] = {1, 0, -1, 5, 2};
    for (int i = 0; i < 5; i++) {
        script s;
        wh_players_t pl = scripted(&s);
        if (picks[i] >= 0)
            pl.marker = scripted_marker;
        s.marker_pick = picks[i];
        CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
        m->game.score[0] = 10; /* the pairs' space: Red takes the Tikal and its two meeples */
        CU_ASSERT_EQUAL_FATAL(wh_match_track(m, &pl, NULL), WH_OK);
        CU_ASSERT_EQUAL_FATAL(m->n_waiting[0], 1);
        wh_status_t st = wh_match_play_turn(m, &pl, NULL);
        if (picks[i] > 1) {
            CU_ASSERT_EQUAL(st, WH_ERR_CALLBACK);
            CU_ASSERT_EQUAL(s.marker_asked, 3);
            continue;
        }
        CU_ASSERT_EQUAL_FATAL(st, WH_OK);
        if (picks[i] >= 0) {
            CU_ASSERT_EQUAL(s.marker_asked, 1);
            CU_ASSERT_EQUAL(s.n_marker_offered, 2);
            CU_ASSERT_EQUAL(s.marker_offered[0], WH_FIGURE_MEEPLE);
            CU_ASSERT_EQUAL(s.marker_offered[1], WH_FIGURE_LARGE);
        }
        bool large = picks[i] == 1;
        CU_ASSERT_EQUAL(wh_game_figures(&m->game, 0, WH_FIGURE_LARGE), large ? 0 : 1);
        CU_ASSERT_EQUAL(wh_game_supply(&m->game, 0), large ? 6 + 2 : 6 + 2 - 1);
        CU_ASSERT_EQUAL(m->game.markers[0], 1);
    }
    free(m);
}

/* The variant's boundary, with the rule's own numbers (not the code's
** constants): W, variant: "If your counting meeple reaches or exceeds the 50
** space, you choose your 2nd wonder"; R: the meeple pairs start "next to
** space 10".  At 49 the second wonder waits; at exactly 50 it is taken. */
static void test_second_wonder_at_exactly_fifty(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    script s;
    wh_players_t pl = scripted(&s);
    project_match(m, 2, 2);
    m->game.score[0] = 10;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[0], 1);
    m->game.score[0] = 49;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[0], 1);
    m->game.score[0] = 50;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->taken[0], 2);
    CU_ASSERT_EQUAL(m->n_waiting[0], 2);
    CU_ASSERT_EQUAL(m->taken[1], 0); /* Blue, at 0, takes nothing */
    free(m);
}

/* W (Abu Simbel): "If there are no more tiles for you to draw at the end of
** the game, place the one in front of you. If your unchosen tile is the last
** one in the game, it goes to the next player for the last turn." */
static void test_hand_and_the_last_tile(void)
{
    test_build b;
    match_set(&b);
    uint16_t meadow = (uint16_t)tile_id(&b.set, "m.meadow");
    uint16_t pile[] = {meadow, meadow, meadow};
    uint16_t chooser = (uint16_t)tile_id(&b.set, "m.chooser");
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 3, .wonders = &chooser,
                             .n_wonders = 1, .start_tile = -1};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &b.set, &cfg), WH_OK);
    script s;
    wh_players_t pl = scripted(&s);
    m->game.score[0] = 10;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tiles_in_game(&m->game), 3 + 1); /* the pile and the start tile */
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 0), 1);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0 places the wonder, draws nothing */
    CU_ASSERT_EQUAL(m->drawn, 0);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 draws the first meadow */
    CU_ASSERT_EQUAL(m->drawn, 1);
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 0), 2);
    CU_ASSERT_EQUAL(s.hand_asked, 0); /* a hand of one is no choice */
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0 draws the last two, places one */
    CU_ASSERT_EQUAL(s.hand_asked, 1);  /* of two that fit, chosen once: a legal answer is not asked again */
    CU_ASSERT_EQUAL(m->drawn, 3);
    CU_ASSERT_EQUAL(m->n_hand[0], 0); /* the unchosen one, the last, went to P1 */
    CU_ASSERT_EQUAL(m->n_hand[1], 1);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 places it */
    CU_ASSERT_EQUAL(m->n_hand[1], 0);
    size_t n = wh_game_tile_count(&m->game);
    CU_ASSERT_EQUAL(n, 5);
    CU_ASSERT_EQUAL(wh_game_tile_at_index(&m->game, n - 1)->player, 1);
    CU_ASSERT_EQUAL(wh_match_play(m, &pl, NULL), WH_OK); /* two passes end it */
    CU_ASSERT_TRUE(m->over);
    CU_ASSERT_EQUAL(wh_game_phase(&m->game), WH_PHASE_OVER);
    free(m);
    test_build_free(&b);
}

/* The same sentence when the next player has a wonder waiting: the last
** tile goes to them all the same; they place the wonder, and the tile on
** their next turn (docs/rules.md). */
static void test_last_tile_to_a_player_with_a_wonder_waiting(void)
{
    test_build b;
    match_set(&b);
    uint16_t meadow = (uint16_t)tile_id(&b.set, "m.meadow");
    uint16_t pile[] = {meadow, meadow, meadow};
    uint16_t wonders[] = {(uint16_t)tile_id(&b.set, "m.chooser"), (uint16_t)tile_id(&b.set, "m.surveyor")};
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 3, .wonders = wonders,
                             .n_wonders = 2, .start_tile = -1};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &b.set, &cfg), WH_OK);
    script s;
    wh_players_t pl = scripted(&s);
    m->game.score[0] = 10;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK);            /* P0 takes the hand wonder */
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0 places it */
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 draws a meadow */
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0 draws the last two, places one */
    CU_ASSERT_EQUAL(m->n_hand[1], 1);
    m->game.score[1] = 15;
    CU_ASSERT_EQUAL(wh_match_track(m, &pl, NULL), WH_OK); /* P1 takes the other wonder */
    CU_ASSERT_EQUAL_FATAL(m->n_waiting[1], 1);
    size_t before = wh_game_tile_count(&m->game);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 places the wonder, keeps the tile */
    CU_ASSERT_EQUAL(m->n_waiting[1], 0);
    CU_ASSERT_EQUAL(m->n_hand[1], 1);
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), before + 1);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0 has nothing: passes */
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), before + 1);
    CU_ASSERT_FALSE(m->over); /* P1 still holds a tile: the game goes on */
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 places the last tile */
    CU_ASSERT_EQUAL(m->n_hand[1], 0);
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), before + 2);
    const wh_placed_t *last = wh_game_tile_at_index(&m->game, before + 1);
    CU_ASSERT_EQUAL(last->tile, meadow);
    CU_ASSERT_EQUAL(last->player, 1);
    /* W: the game ends when nobody can place "during their turn": the passes
    ** in a row since P1's tile, one a player; P0's earlier pass does not count */
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P0 passes */
    CU_ASSERT_FALSE(m->over);
    CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* P1 passes: nobody could place */
    CU_ASSERT_TRUE(m->over);
    free(m);
    test_build_free(&b);
}

/* A wonder defined only in tests/match.tiles, with a combination no real
** wonder uses, scores by its data alone. */
static void test_a_wonder_defined_in_a_test_file(void)
{
    test_build b;
    match_set(&b);
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &b.set, &cfg), WH_OK);
    turn(g, &b.set, "m.surveyor", 1, 0, 0, -1, &sink); /* P0 owns it */
    turn(g, &b.set, "m.road_end", 0, -1, 0, -1, &sink); /* P1: an open road */
    turn(g, &b.set, "m.cap", 0, 1, 2, 0, &sink);        /* P0: a city open to the south, meeple */
    turn(g, &b.set, "m.road_end", -1, 0, 0, -1, &sink); /* P1: a second open road */
    turn(g, &b.set, "m.cap", 0, 2, 0, -1, &sink);       /* P0 completes the 2-square city */
    uint32_t surveyor = tile_id(&b.set, "m.surveyor");
    int points = 0;
    for (int i = 0; i < log.n; i++)
        if (log.e[i].reason == WH_REASON_WONDER && log.e[i].wonder == surveyor)
            points += log.e[i].points;
    TEST_POINTS(points, 2);                    /* 1 per incomplete road */
    TEST_POINTS(wh_game_score(g, 0), 2 + 4);   /* and the city, 2 squares */
    free(g);
    test_build_free(&b);
}

/* ---- the event `taken` (docs/language.md, "Events") ------------------------ */

/* tests/match.tiles (its meadow start and land tiles) with tests/taken.tiles. */
static void taken_set(test_build *b)
{
    const char *paths[] = {"match.tiles", "taken.tiles"};
    test_build_files(b, paths, 2);
    CU_ASSERT_FATAL(b->ok);
}

/* Two players, 6 meadows to draw, the wonder @p id alone beside the track. */
static wh_match_t *taken_match(test_build *b, const char *id)
{
    uint16_t pile[6], wonder = (uint16_t)tile_id(&b->set, id);
    for (size_t i = 0; i < 6; i++)
        pile[i] = (uint16_t)tile_id(&b->set, "m.meadow");
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 6, .wonders = &wonder,
                             .n_wonders = 1, .start_tile = -1};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &b->set, &cfg), WH_OK);
    return m;
}

/* The score events of wonder @p tile at event @p event in @p log. */
static int wonder_events(const event_log *log, uint32_t tile, unsigned event)
{
    int n = 0;
    for (int i = 0; i < log->n; i++)
        n += log->e[i].reason == WH_REASON_WONDER && log->e[i].wonder == tile && log->e[i].squares == event;
    return n;
}

/* `on taken(p) if p == owner { score 3; }`: 3 points to the player who takes
** it, as the track gives it to them after the turn their score reached the
** pairs (R: "When your scoring meeple reaches or exceeds the space with the
** meeple pairs"); nothing before, nothing when it is placed, nothing after. */
static void test_taken_pays_at_the_taking(void)
{
    test_build b;
    taken_set(&b);
    wh_match_t *m = taken_match(&b, "tk.patron");
    uint32_t patron = tile_id(&b.set, "tk.patron");
    script s;
    wh_players_t pl = scripted(&s);
    event_log log = {.n = 0};
    wh_score_sink_t sink = log_sink(&log);
    m->game.score[0] = 9; /* as if Red had scored 9: one short of the pairs on 10 */
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Red: a meadow */
    CU_ASSERT_EQUAL(m->taken[0], 0);
    CU_ASSERT_EQUAL(log.n, 0); /* not taken: not heard */
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Blue: a meadow */
    m->game.score[0] = 10; /* Red reaches the pairs */
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Red: a meadow, then the track */
    CU_ASSERT_EQUAL(m->taken[0], 1);
    CU_ASSERT_EQUAL(m->n_waiting[0], 1);
    CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), 4); /* start and 3 meadows: the wonder is not on the board */
    TEST_POINTS(wh_game_score(&m->game, 0), 10 + 3);
    TEST_POINTS(wh_game_score(&m->game, 1), 0);
    CU_ASSERT_EQUAL_FATAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_WONDER);
    CU_ASSERT_EQUAL(log.e[0].wonder, patron);
    CU_ASSERT_EQUAL(log.e[0].squares, WH_EVENT_TAKEN);
    CU_ASSERT_EQUAL(log.e[0].winners, 1u << 0);
    CU_ASSERT_EQUAL(log.e[0].feature, WH_NO_FEATURE);
    TEST_POINTS(log.e[0].points, 3);
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Blue */
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Red places the patron */
    CU_ASSERT_EQUAL(m->n_waiting[0], 0);
    CU_ASSERT_EQUAL(wh_game_tile_at_index(&m->game, wh_game_tile_count(&m->game) - 1)->tile, patron);
    CU_ASSERT_EQUAL(log.n, 1); /* not again at its placing */
    CU_ASSERT_EQUAL_FATAL(wh_match_play(m, &pl, &sink), WH_OK);
    /* the rest of the game: meadows, no figure on a feature, so no other score */
    CU_ASSERT_EQUAL(wonder_events(&log, patron, WH_EVENT_TAKEN), 1);
    CU_ASSERT_EQUAL(log.n, 1);
    TEST_POINTS(wh_game_score(&m->game, 0), 10 + 3);
    TEST_POINTS(wh_game_score(&m->game, 1), 0);
    free(m);
    test_build_free(&b);
}

/* `current` in a `taken` handler is the player whose turn brought the
** taking (who chose who takes), though the track is looked at once that
** turn is over; the event's value and `owner` are the taker. */
static void test_taken_in_another_players_turn(void)
{
    test_build b;
    taken_set(&b);
    wh_match_t *m = taken_match(&b, "tk.herald");
    uint32_t herald = tile_id(&b.set, "tk.herald");
    script s;
    wh_players_t pl = scripted(&s);
    event_log log = {.n = 0};
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Red */
    m->game.score[0] = 10; /* Red reaches the pairs in Blue's turn (a feature they share, say) */
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, &sink), WH_OK); /* Blue, then the track */
    CU_ASSERT_EQUAL(m->taken[0], 1);
    CU_ASSERT_EQUAL(wh_game_current(&m->game), 0); /* Red's turn is next */
    TEST_POINTS(wh_game_score(&m->game, 1), 1);      /* `score 1 to current`: Blue's turn */
    TEST_POINTS(wh_game_score(&m->game, 0), 10 + 2); /* `score 2 to p`: the taker */
    CU_ASSERT_EQUAL(wonder_events(&log, herald, WH_EVENT_TAKEN), 2);
    CU_ASSERT_EQUAL_FATAL(log.n, 2);
    CU_ASSERT_EQUAL(log.e[0].winners, 1u << 1);
    CU_ASSERT_EQUAL(log.e[1].winners, 1u << 0);
    free(m);
    test_build_free(&b);
}

/* `starts taken; rule supply 1;`: the meeple comes with the taking, beside
** the pair (R: "Take your two meeples"), and not again when the wonder is
** placed (its marker is one of the supply: R, "you have to mark your wonder
** with one of the 2 meeples"); `starts now` gives it at the placing. */
static void test_rule_from_the_taking(void)
{
    test_build b;
    taken_set(&b);
    const char *ids[] = {"tk.guild", "tk.lodge"};
    for (int k = 0; k < 2; k++) {
        wh_match_t *m = taken_match(&b, ids[k]);
        script s;
        wh_players_t pl = scripted(&s);
        m->game.score[0] = 10;
        TEST_POINTS(wh_game_supply(&m->game, 0), 6); /* R: "You start the game with 6 meeples" */
        CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* Red, then the track */
        CU_ASSERT_EQUAL(m->n_waiting[0], 1);
        TEST_POINTS(wh_game_supply(&m->game, 0), k == 0 ? 6 + 2 + 1 : 6 + 2);
        CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* Blue */
        TEST_POINTS(wh_game_supply(&m->game, 0), k == 0 ? 6 + 2 + 1 : 6 + 2);
        CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK); /* Red places it, marked */
        CU_ASSERT_EQUAL(m->n_waiting[0], 0);
        TEST_POINTS(wh_game_supply(&m->game, 0), 6 + 2 + 1 - 1); /* either way, once placed */
        CU_ASSERT_EQUAL_FATAL(wh_match_play(m, &pl, NULL), WH_OK);
        TEST_POINTS(wh_game_supply(&m->game, 0), 6 + 2 + 1 - 1);
        TEST_POINTS(wh_game_supply(&m->game, 1), 6);
        free(m);
    }
    /* a wonder with `starts taken` placed without a track (the game's own
    ** API, a position): its supply comes at the placing, as with `starts now` */
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    wh_game_config_t gc = {.players = 2, .meeples = 7, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &b.set, &gc), WH_OK);
    turn(g, &b.set, "tk.guild", 1, 0, 0, -1, NULL);
    TEST_POINTS(wh_game_supply(g, 0), 7 + 1);
    free(g);
    test_build_free(&b);
}

/* wh_match_take checks what it is given and changes nothing when refused. */
static void test_take_out_of_range(void)
{
    test_build b;
    taken_set(&b);
    wh_match_t *m = taken_match(&b, "tk.patron");
    CU_ASSERT_EQUAL(wh_match_take(m, 0, 1, 2, NULL), WH_ERR_RANGE); /* one wonder beside the track */
    CU_ASSERT_EQUAL(wh_match_take(m, 2, 0, 2, NULL), WH_ERR_RANGE); /* two players */
    CU_ASSERT_EQUAL(m->n_available, 1);
    TEST_POINTS(wh_game_score(&m->game, 0), 0);
    CU_ASSERT_EQUAL(wh_match_take(m, 1, 0, 2, NULL), WH_OK);
    CU_ASSERT_EQUAL(m->n_available, 0);
    CU_ASSERT_EQUAL(m->n_waiting[1], 1);
    TEST_POINTS(wh_game_score(&m->game, 1), 3);
    TEST_POINTS(wh_game_supply(&m->game, 1), 6 + 2);
    free(m);
    test_build_free(&b);
}

/* Whole random matches: the track, waiting wonders, effects, the end rule. */
static void test_random_matches(void)
{
    int games = test_run_games() / 5 + 1;
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    int bad = 0;
    for (int i = 0; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, 7000 + (uint64_t)i);
        int variant = 1 + (i % 3 == 0);
        project_match(m, 2 + i % 4, variant);
        wh_bag_t bag;
        memcpy(bag.tile, m->pile, m->n_pile * sizeof *bag.tile);
        bag.n = m->n_pile;
        wh_bag_shuffle(&bag, &rng);
        memcpy(m->pile, bag.tile, bag.n * sizeof *bag.tile);
        wh_players_t pl = wh_random_players(&rng);
        CU_ASSERT_EQUAL_FATAL(wh_match_play(m, &pl, NULL), WH_OK);
        const wh_game_t *g = &m->game;
        int meeples = 0, expected = 0, placed_wonders = 0, held = 0;
        for (int p = 0; p < g->n_players; p++) {
            meeples += g->supply[p] + g->markers[p];
            expected += 6 + (m->taken[p] >= 1 ? 2 : 0) + (m->taken[p] >= 2 ? 1 : 0);
            held += m->n_hand[p];
        }
        meeples += g->n_meeples;
        for (size_t t = 0; t < wh_game_tile_count(g); t++) {
            const wh_placed_t *p = wh_game_tile_at_index(g, t);
            if (g->set->tiles[p->tile].kind == WH_TILE_WONDER) {
                placed_wonders++;
                bad += !p->marked;
            }
        }
        bad += meeples != expected;
        /* every tile drawn was placed, removed, or is still in a hand */
        bad += (int)wh_game_tile_count(g) != 1 + placed_wonders + m->drawn - m->removed - held;
        bad += !m->over || m->drawn != m->n_pile;
    }
    CU_ASSERT_EQUAL(bad, 0);
    free(m);
}

/* A player answering placements without the list (direct_placement): its
** first member is the generator wh_random_players' callbacks use. */
typedef struct direct_player {
    wh_rng_t rng;
    int mode; /* 0: wh_game_placement_random; 1: an occupied square; 2: "show me the list" */
    int asked, listed;
} direct_player;

static bool direct_answer(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out)
{
    direct_player *d = ctx;
    d->asked++;
    if (d->mode == 1) {
        *out = (wh_placement_t){0, 0, 0, 0}; /* the start tile is there */
        return true;
    }
    return d->mode == 0 && wh_game_placement_random(&m->game, tile, &d->rng, out);
}

static size_t direct_listed(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    direct_player *d = ctx;
    (void)m, (void)tile, (void)options;
    d->listed++;
    return wh_rng_below(&d->rng, (uint32_t)n);
}

/* direct_placement: answered, every turn's tile is placed where it says,
** the list never shown (but for an extra tile drawn for a wonder); an
** illegal answer is asked 3 times and fails the turn, the game untouched;
** "false" shows the list. */
static void test_placement_without_the_list(void)
{
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    for (int mode = 0; mode < 3; mode++) {
        for (int i = 0; i < 20; i++) {
            direct_player d = {.mode = mode};
            wh_rng_seed(&d.rng, 7100 + (uint64_t)i);
            project_match(m, 2 + i % 3, 1 + (i % 4 == 0));
            wh_bag_t bag;
            memcpy(bag.tile, m->pile, m->n_pile * sizeof *bag.tile);
            bag.n = m->n_pile;
            wh_bag_shuffle(&bag, &d.rng);
            memcpy(m->pile, bag.tile, bag.n * sizeof *bag.tile);
            wh_players_t pl = wh_random_players(&d.rng);
            pl.ctx = &d;
            pl.placement = direct_listed;
            pl.direct_placement = direct_answer;
            if (mode == 1) {
                CU_ASSERT_EQUAL(wh_match_play_turn(m, &pl, NULL), WH_ERR_CALLBACK);
                CU_ASSERT_EQUAL(d.asked, 3);
                CU_ASSERT_EQUAL(d.listed, 0);
                CU_ASSERT_EQUAL(wh_game_tile_count(&m->game), 1);
                CU_ASSERT_EQUAL(wh_game_phase(&m->game), WH_PHASE_TILE);
                continue;
            }
            CU_ASSERT_EQUAL_FATAL(wh_match_play(m, &pl, NULL), WH_OK);
            CU_ASSERT(m->over && m->drawn == m->n_pile);
            int placed = (int)wh_game_tile_count(&m->game) - 1;
            if (mode == 0) {
                CU_ASSERT_EQUAL(d.asked + d.listed, placed); /* an extra tile drawn for a wonder is listed */
                CU_ASSERT(d.listed * 10 < placed);
            } else {
                CU_ASSERT_EQUAL(d.listed, placed);
                CU_ASSERT(d.asked <= placed && d.asked * 10 > placed * 9);
            }
        }
    }
    free(m);
}

/* The first figure offered, each time one is asked. */
static size_t first_meeple(void *ctx, const wh_match_t *m, const uint8_t *o, size_t n)
{
    (void)ctx, (void)m, (void)o;
    return n > 0 ? 0 : n;
}

/* W: "After you have placed and marked your wonder, you may immediately
** place up to 2 meeples on different unoccupied features ... of this wonder
** tile."  A wonder of a road between two fields waits for P0; the match
** asks P0 for a figure twice, and both stand on the wonder, on two of its
** features, beside the marker. */
static void test_two_figures_on_a_wonder(void)
{
    static const char text[] =
        "pack p \"Pair\" {\n"
        "  tile start \"Start road\" { tags start; square { N field; E road; S field; W road; }\n"
        "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
        "  wonder pair \"Pair\" {\n"
        "    square s0 (0, 0) { N field; W road; S field; } square s1 (1, 0) { N field; S field; }\n"
        "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
        "    square s4 (4, 0) { N field; E road; S field; }\n"
        "    area a { on s2; }\n"
        "    road r { sides s0:W, s4:E; crosses s0:E, s1:E, s2:E, s3:E; }\n"
        "    field n { sides s0:N, s0:WR, s1:N, s2:N, s3:N, s4:N, s4:EL; crosses s0:E, s1:E, s2:E, s3:E; touches a; }\n"
        "    field s { sides s0:S, s0:WL, s1:S, s2:S, s3:S, s4:S, s4:ER; crosses s0:E, s1:E, s2:E, s3:E; touches a; }\n"
        "    effect { none; } }\n"
        "}\n";
    test_build b;
    test_build_text(&b, "pair.tiles", text);
    if (!b.ok)
        fprintf(stderr, "%s", b.output);
    CU_ASSERT_FATAL(b.ok);
    wh_match_t *m = calloc(1, sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = NULL, .n_pile = 0, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &b.set, &cfg), WH_OK);
    int pair = test_tile(&b.set, "p.pair");
    CU_ASSERT_FATAL(pair >= 0);
    m->waiting[0][0] = (uint16_t)pair;
    m->n_waiting[0] = 1;
    int supply = wh_game_figures(&m->game, 0, WH_FIGURE_MEEPLE);
    wh_players_t pl = {.placement = first_placement, .meeple = first_meeple};
    CU_ASSERT_EQUAL_FATAL(wh_match_play_turn(m, &pl, NULL), WH_OK);
    const wh_game_t *g = &m->game;
    CU_ASSERT_EQUAL_FATAL(g->n_placed, 2);
    CU_ASSERT_EQUAL(g->placed[1].tile, pair);
    int on_it = 0;
    uint16_t nodes[2] = {0, 0};
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (g->meeple[i].player == 0 && g->node_placed[g->meeple[i].node] == 1 && on_it < 2)
            nodes[on_it++] = g->meeple[i].node;
    CU_ASSERT_EQUAL(on_it, 2);
    CU_ASSERT(on_it == 2 && nodes[0] != nodes[1]); /* different features */
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_MEEPLE), supply - 3); /* the marker and the two */
    free(m);
    test_build_free(&b);
}

/* Random players of The Princess & the Dragon whose princess and fairy
** answers go wrong (n + 1: no option) a planned number of times before
** each right one: 0, 1, 2, 0, ... wrong answers, decision after decision,
** or always (`always`).  The generator comes first: wh_random_players'
** callbacks take the context as theirs. */
typedef struct stubborn {
    wh_rng_t rng;
    wh_players_t inner;
    int always;                  /* 1: the princess, 2: the fairy never answers right */
    int wrong_left[2], decided[2], asked[2];
} stubborn;

static bool stubborn_wrong(stubborn *w, int kind)
{
    w->asked[kind]++;
    if (w->always == kind + 1)
        return true;
    if (w->wrong_left[kind] > 0) {
        w->wrong_left[kind]--;
        return true;
    }
    w->wrong_left[kind] = ++w->decided[kind] % 3; /* the next decision's */
    return false;
}

static size_t stubborn_princess(void *ctx, const wh_match_t *m, const uint16_t *o, size_t n)
{
    stubborn *w = ctx;
    return stubborn_wrong(w, 0) ? n + 1 : w->inner.princess(ctx, m, o, n);
}

static size_t stubborn_fairy(void *ctx, const wh_match_t *m, const uint16_t *o, size_t n)
{
    stubborn *w = ctx;
    return stubborn_wrong(w, 1) ? n + 1 : w->inner.fairy(ctx, m, o, n);
}

/* One game of 40 tiles of base and The Princess & the Dragon, seed @p seed. */
static wh_status_t stubborn_game(stubborn *w, uint64_t seed)
{
    static const uint32_t packs[] = {WH_PACK_BASE, WH_PACK_PRINCESS_DRAGON};
    wh_rng_seed(&w->rng, seed);
    wh_bag_t bag;
    int start;
    CU_ASSERT_FATAL(wh_bag_deal(&bag, &wh_tileset, packs, 2, &w->rng, &start) == WH_OK);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n < 40 ? bag.n : 40,
                             .start_tile = start, .rules = WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    w->inner = wh_random_players(&w->rng);
    wh_players_t pl = w->inner;
    pl.ctx = w;
    pl.princess = stubborn_princess;
    pl.fairy = stubborn_fairy;
    wh_status_t s = wh_match_play(m, &pl, NULL);
    free(m);
    return s;
}

/* match.h: "an answer out of range or otherwise illegal is asked again,
** and after 3 illegal answers the turn fails": the princess's and the
** fairy's decisions (P10, P17) answered right at the first, second or third
** answer play on; a right answer is not asked again (else the next
** decision's wrong answers would be taken as its own and the game fail);
** three wrong ones fail the game, after exactly 3. */
static void test_princess_and_fairy_asked_again(void)
{
    stubborn w;
    int decided[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 12 && (decided[0] < 3 || decided[1] < 3); seed++) {
        memset(&w, 0, sizeof w);
        CU_ASSERT_EQUAL_FATAL(stubborn_game(&w, seed), WH_OK);
        for (int k = 0; k < 2; k++) {
            /* decision d asked d % 3 + 1 times, each answered: none begun and left */
            int planned = 0;
            for (int d = 0; d < w.decided[k]; d++)
                planned += d % 3 + 1;
            CU_ASSERT_EQUAL(w.asked[k], planned);
            CU_ASSERT_EQUAL(w.wrong_left[k], w.decided[k] % 3);
            decided[k] += w.decided[k];
        }
    }
    CU_ASSERT(decided[0] >= 3); /* the princess and the fairy were both decided, in some game */
    CU_ASSERT(decided[1] >= 3);
    for (int kind = 0; kind < 2; kind++) {
        wh_status_t s = WH_OK;
        for (uint64_t seed = 1; seed <= 12 && s == WH_OK; seed++) {
            memset(&w, 0, sizeof w);
            w.always = kind + 1;
            s = stubborn_game(&w, seed);
        }
        CU_ASSERT_EQUAL(s, WH_ERR_CALLBACK);
        CU_ASSERT_EQUAL(w.asked[kind], 3);
    }
}

bool register_match_tests(void)
{
    static const test_case cases[] = {
        {"6 meeples with the wonders, 7 without", test_supply_with_and_without_wonders},
        {"the princess and the fairy asked again", test_princess_and_fairy_asked_again},
        {"two figures on a wonder", test_two_figures_on_a_wonder},
        {"the track with five players", test_track_with_five_players},
        {"simultaneous arrival", test_simultaneous_arrival},
        {"W: the player whose turn it is decides, through a played turn", test_the_turns_player_decides},
        {"W: a wonder waits for its owner's next turn, with 3 players", test_wonder_waits_for_its_owners_turn},
        {"illegal answers are rejected", test_illegal_answers_are_rejected},
        {"a wrong answer is asked again, 3 answers in all", test_wrong_answers_asked_again},
        {"P7: each step of the dragon asked of its player", test_each_dragon_step_asked},
        {"a wonder that fits nowhere", test_wonder_that_fits_nowhere},
        {"the two-wonders variant", test_two_wonders_variant},
        {"the marker is a choice", test_the_marker_is_a_choice},
        {"the second wonder at exactly 50", test_second_wonder_at_exactly_fifty},
        {"a hand and the last tile", test_hand_and_the_last_tile},
        {"the last tile to a player with a wonder waiting", test_last_tile_to_a_player_with_a_wonder_waiting},
        {"a wonder defined in a test file", test_a_wonder_defined_in_a_test_file},
        {"taken: a handler pays at the taking, not before, not at the placing", test_taken_pays_at_the_taking},
        {"taken: current is the player whose turn brought the taking", test_taken_in_another_players_turn},
        {"starts taken: the supply rule from the taking", test_rule_from_the_taking},
        {"wh_match_take refuses what is out of range", test_take_out_of_range},
        {"random matches", test_random_matches},
        {"a placement chosen without the list", test_placement_without_the_list},
        {NULL, NULL},
    };
    return register_suite("match: track and turn order", cases);
}
