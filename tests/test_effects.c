/*
** test_effects.c -- the wonders' effects, on the rulebook's worked examples
** (shared/seeds/003_... and the rules page), with the real tile data.
**
** The rulebook's figures ("(4x2=) 8 points") are data: each example is also
** a position in tests/positions/ whose `expect` block `wonders check`
** compares.  Here a test asserts what an effect counts -- meeples, farmers,
** roads, lines: the geometry of the board -- by asserting it paid that count
** times the value the tables hold (effect_unit), so an erratum to a value in
** tiles/ fails the positions that name it and no C (docs/authoring.md).
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

typedef struct move {
    const char *tile; /* NULL: a filler turn (base.B wherever it fits, off the plan) */
    int x, y, rot;
    const char *meeple; /* local feature name, or NULL */
} move;

typedef struct cell {
    int x, y;
} cell;

/* Points a wonder's effect paid, from the event log; *events: how many
** times it paid (NULL-able). */
static int wonder_points(const event_log *log, uint32_t wonder, int *events)
{
    int points = 0, n = 0;
    for (int i = 0; i < log->n; i++)
        if (log->e[i].reason == WH_REASON_WONDER && log->e[i].wonder == wonder) {
            points += log->e[i].points;
            n++;
        }
    if (events)
        *events = n;
    return points;
}

/* The value `wonder` pays for each thing it counts in game g (tiles/). */
static int unit(const wh_game_t *g, uint32_t wonder)
{
    return effect_unit(g->set, wonder, g->n_players, wh_game_tiles_in_game(g));
}

static bool near_plan(int x, int y, const cell *plan, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int dx = abs(plan[i].x - x), dy = abs(plan[i].y - y);
        if (dx + dy <= 1)
            return true;
    }
    return false;
}

/* Place `wonder` for the current player at the first legal placement that
** keeps its squares off the plan's cells and their sides. */
static void place_wonder_off_plan(wh_game_t *g, uint32_t wonder, const cell *plan, size_t n_plan,
                                  const wh_score_sink_t *sink)
{
    wh_placement_t p[2048];
    size_t n = wh_game_placements(g, wonder, p, 2048);
    const wh_tile_t *t = &wh_tileset.tiles[wonder];
    for (size_t k = 0; k < n && k < 2048; k++) {
        bool clear = true;
        for (uint32_t s = 0; s < t->n_squares && clear; s++) {
            const wh_square_t *sq = &wh_tileset.squares[t->first_square + s];
            clear = !near_plan(p[k].x + sq->dx[p[k].rotation], p[k].y + sq->dy[p[k].rotation], plan, n_plan);
        }
        if (!clear)
            continue;
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, wonder, p[k].x, p[k].y, p[k].rotation), WH_OK);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, sink), WH_OK);
        return;
    }
    CU_FAIL_FATAL("no placement of the wonder keeps off the plan");
}

/* A filler turn: base.B (all field) at the first legal cell off the plan. */
static void filler(wh_game_t *g, const cell *plan, size_t n_plan, const wh_score_sink_t *sink)
{
    wh_placement_t p[512];
    size_t n = wh_game_placements(g, WH_TILE_BASE_B, p, 512);
    for (size_t k = 0; k < n && k < 512; k++)
        if (!near_plan(p[k].x, p[k].y, plan, n_plan)) {
            CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, p[k].x, p[k].y, p[k].rotation), WH_OK);
            CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, sink), WH_OK);
            return;
        }
    CU_FAIL_FATAL("no room for a filler tile");
}

/* Two all-field tiles south of D, (0, 1) and (0, 2), by P0 then P1: room
** for a wonder away from the cells a scenario needs. */
static void stem(wh_game_t *g, const wh_score_sink_t *sink)
{
    for (int y = 1; y <= 2; y++) {
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, 0, y, 0), WH_OK);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, sink), WH_OK);
    }
}

static void play(wh_game_t *g, const move *moves, size_t n, const cell *plan, size_t n_plan,
                 const wh_score_sink_t *sink)
{
    for (size_t i = 0; i < n; i++) {
        if (!moves[i].tile) {
            filler(g, plan, n_plan, sink);
            continue;
        }
        uint32_t tile = tile_id(&wh_tileset, moves[i].tile);
        wh_status_t s = wh_game_place_tile(g, tile, moves[i].x, moves[i].y, moves[i].rot);
        if (s != WH_OK)
            fprintf(stderr, "move %zu: %s at (%d, %d) turned %d: %s\n", i, moves[i].tile, moves[i].x, moves[i].y,
                    moves[i].rot, wh_status_text(s));
        CU_ASSERT_EQUAL_FATAL(s, WH_OK);
        if (moves[i].meeple)
            CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, local_of(&wh_tileset, moves[i].tile, moves[i].meeple)), WH_OK);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, sink), WH_OK);
    }
}

static void new_game(wh_game_t *g, int players, int tiles_in_game)
{
    wh_game_config_t cfg = {.players = (uint8_t)players, .meeples = 7, .start_tile = -1,
                            .tiles_in_game = (uint16_t)tiles_in_game};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
}

/* ---- Stonehenge --------------------------------------------------------- */

/* The road west of D: A (east end) at (-2, 0), U at (-1, 0), D, A (west end)
** at (1, 0): 4 squares. */
static const cell road_plan[] = {{-2, 0}, {-1, 0}, {1, 0}};

/* R: "You complete a road with a meeple on it. You immediately score 3
** points." W: "After getting these bonus points, the scoring will proceed
** as usual and Yellow will receive 4 points for the road (4 tiles x 1
** point)." */
static void test_stonehenge_bonus_then_the_road(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    stem(g, &sink);
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET1_STONEHENGE, road_plan, 3, &sink); /* P0: "you" */
    static const move moves[] = {
        {"base.A", 1, 0, 1, "r"},     /* P1 (yellow): the east end, meeple on the road */
        {"base.U", -1, 0, 0, NULL},   /* P0 */
        {NULL, 0, 0, 0, NULL},        /* P1 */
        {"base.A", -2, 0, 3, NULL},   /* P0 completes the occupied road */
    };
    play(g, moves, 4, road_plan, 3, &sink);
    int events, bonus = unit(g, WH_TILE_WONDERS_SET1_STONEHENGE);
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET1_STONEHENGE, &events), bonus);
    CU_ASSERT_EQUAL(events, 1); /* one road completed: the bonus, once */
    TEST_POINTS(wh_game_score(g, 0), bonus);
    TEST_POINTS(wh_game_score(g, 1), 4); /* 4 tiles x 1 point */
    /* the bonus comes first, then the road */
    int bonus_at = -1, road_at = -1;
    for (int i = 0; i < log.n; i++) {
        if (log.e[i].reason == WH_REASON_WONDER && bonus_at < 0)
            bonus_at = i;
        if (log.e[i].reason == WH_REASON_ROAD && road_at < 0)
            road_at = i;
    }
    CU_ASSERT_TRUE(bonus_at >= 0 && road_at > bonus_at);
    free(g);
}

/* FAQ (3/2024): "Do you get the Stonehenge bonus if you complete an
** unoccupied road and then you add a meeple to it on the tile just placed?
** Yes it is possible."  (tests/positions/stonehenge-meeple-on-the-completing-tile.yaml
** and stonehenge-unoccupied-road.yaml) */
static void test_stonehenge_faq_meeple_on_the_completing_tile(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    stem(g, NULL);
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET1_STONEHENGE, road_plan, 3, NULL);
    static const move moves[] = {
        {"base.A", 1, 0, 1, NULL},    /* P1: nobody on the road */
        {"base.U", -1, 0, 0, NULL},   /* P0 */
        {NULL, 0, 0, 0, NULL},        /* P1 */
        {"base.A", -2, 0, 3, "r"},    /* P0 completes it and puts a meeple on it */
    };
    play(g, moves, 4, road_plan, 3, NULL);
    TEST_POINTS(wh_game_score(g, 0), unit(g, WH_TILE_WONDERS_SET1_STONEHENGE) + 4); /* the bonus, the road */
    free(g);

    /* ... but an unoccupied road completed without a meeple earns nothing */
    g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    stem(g, NULL);
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET1_STONEHENGE, road_plan, 3, NULL);
    static const move empty[] = {
        {"base.A", 1, 0, 1, NULL}, {"base.U", -1, 0, 0, NULL}, {NULL, 0, 0, 0, NULL}, {"base.A", -2, 0, 3, NULL},
    };
    play(g, empty, 4, road_plan, 3, NULL);
    TEST_POINTS(wh_game_score(g, 0), 0);
    free(g);
}

/* ---- Notre-Dame ---------------------------------------------------------- */

/* R: "You place your meeple on this tile and immediately score 3 points."
** "Even if several monasteries are adjacent to the tile, you will "only"
** receive 3 points." */
static void test_notre_dame_three_points_once(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    /* Notre-Dame north of D: its city (bottom centre) caps D's */
    static const cell plan[] = {{0, 1}, {1, 1}, {2, 1}, {1, 2}};
    static const move moves[] = {
        {"wonders_set1.notre_dame", 0, -3, 0, NULL}, /* P0 owns it */
        {"base.B", 0, 1, 0, NULL},                   /* P1: a monastery south of D */
        {"base.U", 1, 1, 1, "r"},                    /* P0: a meeple next to it: +3 */
        {"base.B", 2, 1, 0, NULL},                   /* P1: a second monastery */
        {"base.U", 1, 2, 1, "f1"},                   /* P0: a farmer next to both: +3, not 6 */
    };
    play(g, moves, 5, plan, 4, &sink);
    int events, bonus = unit(g, WH_TILE_WONDERS_SET1_NOTRE_DAME);
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET1_NOTRE_DAME, &events), 2 * bonus);
    CU_ASSERT_EQUAL(events, 2); /* once per meeple, not once per monastery */
    TEST_POINTS(wh_game_score(g, 0), 2 * bonus);
    free(g);
}

/* Rules page: the effect of a wonder starts on the turn after it is placed. */
static void test_effect_starts_the_turn_after(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    static const move moves[] = {
        {"base.B", 0, 1, 0, NULL}, /* P0: a monastery south of D */
        {NULL, 0, 0, 0, NULL},     /* P1 */
    };
    play(g, moves, 2, NULL, 0, &sink);
    /* P0 places Notre-Dame touching D and puts a meeple on it next to the
    ** monastery in the same turn: nothing yet */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, 0, -3, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, local_of(&wh_tileset, "wonders_set1.notre_dame", "town")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, &sink), WH_OK);
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET1_NOTRE_DAME, NULL), 0);
    free(g);
}

/* A Notre-Dame-like wonder ("bell") and a wonder whose field `near` spans
** squares s0 and s1; %s is where the long wonder's square lines go, so the
** same tile is written with s0 first or s1 first. */
static const char near_monastery_tiles[] =
    "pack t \"Near a monastery\" {\n"
    "  tile start \"Start\" { tags start; square { N field; E field; S field; W field; }\n"
    "    field f { sides N, E, S, W; } }\n"
    "  tile cloister \"Cloister\" { square { N field; E field; S field; W field; }\n"
    "    monastery m; field f { sides N, E, S, W; } }\n"
    "  wonder bell \"Bell\" {\n"
    "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"
    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
    "    square s4 (4, 0) { N field; E field; S field; }\n"
    "    area a { on s2; }\n"
    "    field f { sides s0:N, s0:S, s0:W, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"
    "      crosses s0:E, s1:E, s2:E, s3:E; }\n"
    "    effect { on meeple_placed(m) if m.player == owner\n"
    "      and count(monasteries x where around(m, x)) > 0 { score 3; } } }\n"
    "  wonder long \"Long\" {\n"
    "%s"
    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
    "    square s4 (4, 0) { N field; E field; S field; }\n"
    "    area a { on s3; }\n"
    "    field near { sides s0:N, s0:S, s0:W, s1:N, s1:S; crosses s0:E; }\n"
    "    field far { sides s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S; crosses s2:E, s3:E;\n"
    "      separated near; } }\n"
    "}\n";

/* Place `id` unturned so that its square named `square` lies on (x, y). */
static wh_status_t place_square_on(wh_game_t *g, const char *id, const char *square, int x, int y)
{
    uint32_t tile = tile_id(g->set, id);
    const wh_tile_t *t = &g->set->tiles[tile];
    for (uint32_t i = 0; i < t->n_squares; i++) {
        const wh_square_t *sq = &g->set->squares[t->first_square + i];
        if (!strcmp(g->set->strings + sq->name, square))
            return wh_game_place_tile(g, tile, x - sq->dx[0], y - sq->dy[0], 0);
    }
    return WH_ERR_RANGE;
}

/* Points for a meeple on `near`, whose square s1 is beside a monastery and
** s0 is not, with the long wonder's squares written in `order`. */
static int near_monastery_points(const char *order)
{
    char text[sizeof near_monastery_tiles + 256];
    snprintf(text, sizeof text, near_monastery_tiles, order);
    test_build b;
    test_build_text(&b, "near.tiles", text);
    if (!b.ok)
        fprintf(stderr, "%s", b.output);
    CU_ASSERT_FATAL(b.ok);
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &b.set, &cfg), WH_OK);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_EQUAL_FATAL(place_square_on(g, "t.bell", "s0", 0, -1), WH_OK); /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL_FATAL(place_square_on(g, "t.cloister", "", -1, 0), WH_OK); /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL_FATAL(place_square_on(g, "t.long", "s0", -3, 1), WH_OK); /* P0: s1 on (-2, 1) */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, local_of(&b.set, "t.long", "near")), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    int points = wonder_points(&log, tile_id(&b.set, "t.bell"), NULL, NULL);
    free(g);
    test_build_free(&b);
    return points;
}

/* W (Notre-Dame): "if you place a meeple on one of the 8 tiles surrounding
** a monastery".  A meeple on a wonder feature spanning several squares
** stands on whichever of them its player puts it on: the bonus is paid when
** one of them is beside a monastery, however the tile file orders them. */
static void test_near_monastery_on_a_feature_of_several_squares(void)
{
    static const char s0_first[] =
        "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n";
    static const char s1_first[] =
        "    square s1 (1, 0) { N field; S field; } square s0 (0, 0) { N field; S field; W field; }\n";
    TEST_POINTS(near_monastery_points(s0_first), 3);
    TEST_POINTS(near_monastery_points(s1_first), 3);
}

/* ---- Tikal ---------------------------------------------------------------- */

/* R: "Blue scores the city which is bigger than two tiles and in which you
** also have a meeple. ... You currently have a total of 4 meeples in cities
** on the board and therefore you receive (4x2=) 8 points." */
static void test_tikal_four_meeples(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    static const cell plan[] = {{0, -1}, {0, -2}, {1, 1}, {-1, 1}, {1, 2}};
    stem(g, &sink);
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET2_TIKAL, plan, 5, &sink); /* P0: "you" */
    static const move moves[] = {
        {NULL, 0, 0, 0, NULL},                 /* P1 */
        {"base.E", 1, 1, 1, "c"},              /* P0: three open cities beside the stem */
        {NULL, 0, 0, 0, NULL},
        {"base.E", -1, 1, 3, "c"},
        {NULL, 0, 0, 0, NULL},
        {"base.E", 1, 2, 1, "c"},
        {NULL, 0, 0, 0, NULL},
        {"base.G", 0, -1, 1, "c"},             /* P0: a city band north of D: a 3-square city */
        {"base.E", 0, -2, 2, NULL},            /* P1 (blue) completes it */
    };
    play(g, moves, 9, plan, 5, &sink);
    int events, per = unit(g, WH_TILE_WONDERS_SET2_TIKAL);
    /* "a total of 4 meeples in cities" */
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET2_TIKAL, &events), 4 * per);
    CU_ASSERT_EQUAL(events, 1);
    TEST_POINTS(wh_game_score(g, 0), 2 * 3 + 4 * per); /* the city, then Tikal */
    free(g);
}

/* W: the effect starts "on your next turn after placing it" -- the owner's
** next turn: a city Blue completes in the turn right after the Tikal is
** placed pays nothing, though it would a turn later (the test above). */
static void test_tikal_waits_for_its_owners_next_turn(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    static const cell plan[] = {{0, -1}, {0, -2}, {1, 1}, {-1, 1}, {1, 2}};
    stem(g, &sink);
    static const move moves[] = {
        {"base.E", 1, 1, 1, "c"}, /* P0: open cities beside the stem */
        {NULL, 0, 0, 0, NULL},    /* P1 */
        {"base.E", -1, 1, 3, "c"},
        {NULL, 0, 0, 0, NULL},
        {"base.G", 0, -1, 1, "c"}, /* P0: a city band north of D */
        {NULL, 0, 0, 0, NULL},
    };
    play(g, moves, 6, plan, 5, &sink);
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET2_TIKAL, plan, 5, &sink); /* P0 */
    static const move completes[] = {{"base.E", 0, -2, 2, NULL}};      /* P1: the 3-square city */
    play(g, completes, 1, plan, 5, &sink);
    int events;
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET2_TIKAL, &events), 0);
    CU_ASSERT_EQUAL(events, 0);
    TEST_POINTS(wh_game_score(g, 0), 2 * 3); /* the city alone */
    free(g);
}

/* ---- end of the game ------------------------------------------------------ */

/* R: "In a game with three players you get 2x3 points for the yellow meeple
** and 1x3 points for the blue one. You don't get any points for your own
** meeple." */
static void test_circus_maximus_three_other_meeples(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 3, 90);
    static const cell plan[] = {{0, 1}, {-1, 1}, {1, 1}, {2, 1}, {0, 2}, {-1, 2}, {1, 2}, {2, 2}};
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET1_CIRCUS_MAXIMUS, plan, 8, &sink); /* P0 */
    static const move moves[] = {
        {"base.E", 0, 1, 2, "c"},  /* P1 (yellow) */
        {"base.E", -1, 1, 2, "c"}, /* P2 (blue) */
        {"base.E", 1, 1, 2, "c"},  /* P0: its own meeple does not count */
        {"base.E", 2, 1, 2, "c"},  /* P1 (yellow) */
    };
    play(g, moves, 4, plan, 8, &sink);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    /* yellow's 2 and blue's 1, not the owner's */
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET1_CIRCUS_MAXIMUS, NULL),
                (2 + 1) * unit(g, WH_TILE_WONDERS_SET1_CIRCUS_MAXIMUS));
    free(g);
}

/* R: "You have 2 farmers on the board. So you receive 2x5 points."  W: "If
** you play with at least 120 tiles you get 6 points."  Both figures are in
** tests/positions/alhambra-farmers.yaml and alhambra-120-tiles.yaml; here,
** that the value is the row of the game's own tile count. */
static void alhambra_farmers(int tiles_in_game)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, tiles_in_game);
    static const cell plan[] = {{1, 0}, {-1, 0}};
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET1_ALHAMBRA, plan, 2, &sink); /* P0 */
    static const move moves[] = {
        {NULL, 0, 0, 0, NULL},
        {"base.U", 1, 0, 0, "f1"},  /* P0: a farmer north of the road */
        {NULL, 0, 0, 0, NULL},
        {"base.U", -1, 0, 0, "f2"}, /* P0: a farmer south of it */
    };
    play(g, moves, 4, plan, 2, &sink);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    CU_ASSERT_EQUAL(wh_game_tiles_in_game(g), tiles_in_game);
    /* "You have 2 farmers on the board" */
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET1_ALHAMBRA, NULL),
                2 * effect_unit(&wh_tileset, WH_TILE_WONDERS_SET1_ALHAMBRA, 2, tiles_in_game));
    free(g);
}

static void test_alhambra_farmers(void)
{
    alhambra_farmers(90);
    alhambra_farmers(120);
}

/* "If you play with at least 120 tiles": one count in a game and in a
** position (docs/rules.md, "Setup"): the land tiles, never the wonders.  A
** position without the number counts the land tiles on its board. */
static void test_tiles_in_game_are_land_tiles(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 0);
    CU_ASSERT_EQUAL(wh_game_tiles_in_game(g), 1); /* the start tile */
    static const cell plan[] = {{1, 0}, {-1, 0}};
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET1_ALHAMBRA, plan, 2, NULL);
    CU_ASSERT_EQUAL(wh_game_tile_count(g), 2);
    CU_ASSERT_EQUAL(wh_game_tiles_in_game(g), 1); /* the wonder does not count */
    filler(g, plan, 2, NULL);
    CU_ASSERT_EQUAL(wh_game_tiles_in_game(g), 2);
    new_game(g, 2, 120);
    CU_ASSERT_EQUAL(wh_game_tiles_in_game(g), 120); /* as configured */
    free(g);
}

/* R: "you count 2 relevant streets that give you (2x5=) 10 points." */
static void test_angkor_wat_two_long_roads(void)
{
    wh_game_t *g = malloc(sizeof *g);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    static const cell plan[] = {{-3, 0}, {-2, 0}, {-1, 0}, {1, 0}, {-2, 1}, {-1, 1}, {0, 1}, {1, 1}, {2, 1}};
    place_wonder_off_plan(g, WH_TILE_WONDERS_SET2_ANGKOR_WAT, plan, 9, &sink);
    static const move moves[] = {
        /* y = 0: A U U D A, 5 squares, complete */
        {"base.U", -1, 0, 0, NULL}, {"base.U", -2, 0, 0, NULL}, {"base.A", -3, 0, 3, NULL},
        {"base.A", 1, 0, 1, NULL},
        /* y = 1: A U U U, 4 squares, then the 5th: still open at the east */
        {"base.U", 0, 1, 0, NULL}, {"base.U", -1, 1, 0, NULL}, {"base.A", -2, 1, 3, NULL},
        {"base.U", 1, 1, 0, NULL}, {"base.U", 2, 1, 0, NULL},
    };
    play(g, moves, 9, plan, 9, &sink);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    /* "you count 2 relevant streets" */
    TEST_POINTS(wonder_points(&log, WH_TILE_WONDERS_SET2_ANGKOR_WAT, NULL),
                2 * unit(g, WH_TILE_WONDERS_SET2_ANGKOR_WAT));
    free(g);
}

/* Place `tile` turned `rotation` on every cell, in order (each next to the
** board). */
static void fill(wh_game_t *g, uint32_t tile, int rotation, const cell *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, tile, cells[i].x, cells[i].y, rotation), WH_OK);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    }
}

/* The lines the Terracotta Army counted on board g, placed where it first
** fits: what it paid over its value; fails unless it paid a multiple. */
static int terracotta_lines(wh_game_t *g)
{
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    wh_placement_t p;
    CU_ASSERT_FATAL(wh_game_placements(g, WH_TILE_WONDERS_SET2_TERRACOTTA_ARMY, &p, 1) >= 1);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET2_TERRACOTTA_ARMY, p.x, p.y, p.rotation), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    int points = wonder_points(&log, WH_TILE_WONDERS_SET2_TERRACOTTA_ARMY, NULL);
    int per = unit(g, WH_TILE_WONDERS_SET2_TERRACOTTA_ARMY);
    CU_ASSERT_FATAL(per != 0);
    CU_ASSERT_EQUAL(points % per, 0);
    return points / per;
}

/* The same with base.B on every cell. */
static int terracotta_on(const cell *cells, size_t n)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    fill(g, WH_TILE_BASE_B, 0, cells, n);
    int lines = terracotta_lines(g);
    free(g);
    return lines;
}

/* R: "In this section, there is one row and one column. You get (2x2=) 4
** points for this."  FAQ (1/2025): a row with two stretches of 7+ counts
** once: "(2 rows + 2 columns) x 2 points" = 8.  The points are in
** tests/positions/terracotta-army-*.yaml; here, the lines counted. */
static void test_terracotta_army(void)
{
    cell cells[96];
    size_t n = 0;
    /* one row (y = 2, x = -3..4) and one column (x = 4, y = 2..8), hung below D */
    cells[n++] = (cell){0, 1};
    for (int x = 0; x >= -3; x--)
        cells[n++] = (cell){x, 2};
    for (int x = 1; x <= 4; x++)
        cells[n++] = (cell){x, 2};
    for (int y = 3; y <= 8; y++)
        cells[n++] = (cell){4, y};
    CU_ASSERT_EQUAL(terracotta_on(cells, n), 1 + 1);

    /* rows y = 2 (x = 0..14) and y = 8 (x = 0..6 and 8..14, a gap at 7);
    ** columns x = 0 (y = 0..8) and x = 14 (y = 2..8) */
    n = 0;
    cells[n++] = (cell){0, 1};
    for (int x = 0; x <= 14; x++)
        cells[n++] = (cell){x, 2};
    for (int y = 3; y <= 8; y++)
        cells[n++] = (cell){0, y};
    for (int y = 3; y <= 8; y++)
        cells[n++] = (cell){14, y};
    for (int x = 1; x <= 6; x++)
        cells[n++] = (cell){x, 8};
    for (int x = 13; x >= 8; x--)
        cells[n++] = (cell){x, 8};
    CU_ASSERT_EQUAL(terracotta_on(cells, n), 2 + 2);

    /* a board wider than 64 squares, whose lines are counted another way:
    ** the road of D, row y = 0 (x = -2..67), and the column x = 67 (y = 0..7) */
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    new_game(g, 2, 90);
    n = 0;
    for (int x = -1; x >= -2; x--)
        cells[n++] = (cell){x, 0};
    for (int x = 1; x <= 67; x++)
        cells[n++] = (cell){x, 0};
    fill(g, WH_TILE_BASE_U, 0, cells, n);
    n = 0;
    for (int y = 1; y <= 7; y++)
        cells[n++] = (cell){67, y};
    fill(g, WH_TILE_BASE_B, 0, cells, n);
    CU_ASSERT_EQUAL(terracotta_lines(g), 1 + 1);
    free(g);
}

bool register_effect_tests(void)
{
    static const test_case cases[] = {
        {"Stonehenge: the bonus, then the road", test_stonehenge_bonus_then_the_road},
        {"Stonehenge: FAQ, a meeple on the completing tile", test_stonehenge_faq_meeple_on_the_completing_tile},
        {"Notre-Dame: 3 points, once", test_notre_dame_three_points_once},
        {"an effect starts the turn after", test_effect_starts_the_turn_after},
        {"Notre-Dame: a feature of several squares", test_near_monastery_on_a_feature_of_several_squares},
        {"Tikal waits for its owner's next turn", test_tikal_waits_for_its_owners_next_turn},
        {"Tikal: 4 meeples counted", test_tikal_four_meeples},
        {"Circus Maximus: 3 other meeples with 3 players", test_circus_maximus_three_other_meeples},
        {"Alhambra: 2 farmers, the value of the game's tiles", test_alhambra_farmers},
        {"the tiles in a game are its land tiles", test_tiles_in_game_are_land_tiles},
        {"Angkor Wat: two long roads", test_angkor_wat_two_long_roads},
        {"Terracotta Army: rows and columns", test_terracotta_army},
        {NULL, NULL},
    };
    return register_suite("wonder effects", cases);
}
