/*
** test_expansions.c -- the expansions' own rules, played when a game asks
** for them (wh_game_config_t.rules; docs/rules.md): Inns & Cathedrals'
** inns, cathedrals and large meeple, and the Abbot with its gardens, on the
** project's tables.  Without the rules the same tiles score as before.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

#define IC WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS)
#define ABBOT WH_RULE_BIT(WH_RULE_ABBOT)

/* Points of events of one reason, and how many there were. */
static int points_for(const event_log *log, wh_reason_t reason, int player, int *events)
{
    int points = 0, n = 0;
    for (int i = 0; i < log->n; i++)
        if (log->e[i].reason == reason && (log->e[i].winners & (1u << player))) {
            points += log->e[i].points;
            n++;
        }
    if (events)
        *events = n;
    return points;
}

static int option(const char *tile, wh_figure_t figure, const char *feature)
{
    return WH_OPTION(figure, local_of(&wh_tileset, tile, feature));
}

/* The start tile D's road runs W-E; an inn's straight road joins it at
** (1, 0) and two monasteries with roads close both ends: 4 squares. */
static int inn_road(unsigned rules, bool close)
{
    wh_game_t *g = game_with(rules);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "inns_cathedrals.B", 1, 0, 0, option("inns_cathedrals.B", WH_FIGURE_MEEPLE, "r"), &sink);
    turn(g, &wh_tileset, "base.A", 2, 0, 1, -1, &sink); /* its road turned to the west */
    if (close)
        turn(g, &wh_tileset, "base.A", -1, 0, 3, -1, &sink);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    int points = points_for(&log, close ? WH_REASON_ROAD : WH_REASON_ROAD_END, 0, NULL);
    free(g);
    return points;
}

/* Reference 3.1: "a completed road with an inn scores 2/tile, and 0 if
** still incomplete at the end" -- with the expansion's rules only. */
static void test_inn(void)
{
    TEST_POINTS(inn_road(IC, true), 2 * 4);
    TEST_POINTS(inn_road(IC, false), 0);
    TEST_POINTS(inn_road(0, true), 4);
    TEST_POINTS(inn_road(0, false), 3);
}

/* "A completed city with a cathedral scores 3 per tile and per coat, and 0
** if still incomplete at the end": K's cathedral city on D's city cap. */
static int cathedral_city(unsigned rules)
{
    wh_game_t *g = game_with(rules);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "inns_cathedrals.K", 0, -1, 0, option("inns_cathedrals.K", WH_FIGURE_MEEPLE, "c"), &sink);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    int events, points = points_for(&log, WH_REASON_CITY_END, 0, &events);
    CU_ASSERT_EQUAL(events, 1); /* scored, even for nothing */
    free(g);
    return points;
}

static void test_cathedral_incomplete(void)
{
    TEST_POINTS(cathedral_city(IC), 0);
    TEST_POINTS(cathedral_city(0), 2);
}

/* A completed cathedral city: K between four city caps pointing at it,
** all around the start tile's cap... K at (0, -1) closes with E caps on
** its three other sides. */
static void test_cathedral_complete(void)
{
    for (int with = 0; with < 2; with++) {
        wh_game_t *g = game_with(with ? IC : 0);
        event_log log;
        wh_score_sink_t sink = log_sink(&log);
        turn(g, &wh_tileset, "inns_cathedrals.K", 0, -1, 0, option("inns_cathedrals.K", WH_FIGURE_MEEPLE, "c"), &sink);
        turn(g, &wh_tileset, "base.E", 0, -2, 2, -1, &sink); /* cap facing south */
        turn(g, &wh_tileset, "base.E", 1, -1, 3, -1, &sink); /* facing west */
        turn(g, &wh_tileset, "base.E", -1, -1, 1, -1, &sink); /* facing east: complete */
        int events, points = points_for(&log, WH_REASON_CITY, 0, &events);
        CU_ASSERT_EQUAL(events, 1);
        TEST_POINTS(points, (with ? 3 : 2) * 5); /* 5 squares, no coat */
        free(g);
    }
}

/* "one large meeple per player that counts as two for majorities": P0's
** large meeple and P1's meeple end up on one road; P0 alone scores it. */
static int road_shared_with_a_large_meeple(wh_figure_t p0)
{
    wh_game_t *g = game_with(IC);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_LARGE), 1);
    turn(g, &wh_tileset, "base.B", 0, 1, 0, -1, &sink);                                               /* P0 */
    turn(g, &wh_tileset, "base.U", -1, 0, 0, option("base.U", WH_FIGURE_MEEPLE, "r"), &sink);        /* P1: on D's road */
    turn(g, &wh_tileset, "base.U", 1, 1, 1, option("base.U", p0, "r"), &sink);                      /* P0: a road N-S */
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_LARGE), p0 == WH_FIGURE_LARGE ? 0 : 1);
    turn(g, &wh_tileset, "base.V", 1, 0, 0, -1, &sink); /* P1 joins them */
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    int winners = 0;
    for (int i = 0; i < log.n; i++)
        if (log.e[i].reason == WH_REASON_ROAD_END)
            winners = log.e[i].winners;
    free(g);
    return winners;
}

static void test_large_meeple_majority(void)
{
    CU_ASSERT_EQUAL(road_shared_with_a_large_meeple(WH_FIGURE_LARGE), 1); /* P0 alone */
    CU_ASSERT_EQUAL(road_shared_with_a_large_meeple(WH_FIGURE_MEEPLE), 3); /* a tie */
}

/* The large meeple exists only with the expansion's rules. */
static void test_no_large_meeple_without_the_rules(void)
{
    wh_game_t *g = game_with(0);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_LARGE), 0);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_ABBOT), 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, -1, 0, 0), WH_OK);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    CU_ASSERT_EQUAL(n, 3); /* the road and two fields, meeples only */
    for (size_t i = 0; i < n; i++)
        CU_ASSERT_EQUAL(WH_OPTION_FIGURE(options[i]), WH_FIGURE_MEEPLE);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("base.U", WH_FIGURE_LARGE, "r")), WH_ERR_NO_MEEPLE);
    free(g);
}

/* The Abbot: the abbot stands on a monastery or a garden only, and only it
** on a garden; taken back instead of placing a figure, it scores 1 + the
** squares around (reference 2.3 gardens; docs/rules.md). */
static void test_abbot_on_a_garden_and_taken_back(void)
{
    wh_game_t *g = game_with(ABBOT);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    /* P0: E with a garden, its cap turned south, below D */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_E_GARDEN, 0, 1, 2), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("base.E_garden", WH_FIGURE_MEEPLE, "g")), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("base.E_garden", WH_FIGURE_ABBOT, "c")), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("base.E_garden", WH_FIGURE_ABBOT, "g")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_ABBOT), 0);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, &sink);  /* P1: beside the garden */
    /* P0 places beside it too, and takes the abbot back instead of a meeple */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_B, -1, 1, 0), WH_OK);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    CU_ASSERT(n >= 1 && options[n - 1] == WH_OPTION_RECALL);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, WH_OPTION_RECALL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_ABBOT), 1);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("base.B", WH_FIGURE_MEEPLE, "f")), WH_ERR_MEEPLE_LIMIT);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    int events, points = points_for(&log, WH_REASON_ABBOT, 0, &events);
    CU_ASSERT_EQUAL(events, 1);
    TEST_POINTS(points, 1 + 3); /* D, B and B around it */
    TEST_POINTS(wh_game_score(g, 0), 1 + 3);
    free(g);
}

/* A garden completed with the abbot on it scores 9, as a monastery. */
static void test_garden_completed(void)
{
    wh_game_t *g = game_with(ABBOT);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    turn(g, &wh_tileset, "base.E_garden", 0, 1, 2, option("base.E_garden", WH_FIGURE_ABBOT, "g"), &sink);
    /* the 8 squares around (0, 1): D, monasteries with their roads against
    ** D's, a cap against the garden tile's city, fields elsewhere */
    turn(g, &wh_tileset, "base.A", -1, 0, 3, -1, &sink);
    turn(g, &wh_tileset, "base.A", 1, 0, 1, -1, &sink);
    turn(g, &wh_tileset, "base.B", -1, 1, 0, -1, &sink);
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, &sink);
    turn(g, &wh_tileset, "base.E", 0, 2, 0, -1, &sink);
    turn(g, &wh_tileset, "base.B", -1, 2, 0, -1, &sink);
    CU_ASSERT_EQUAL(points_for(&log, WH_REASON_GARDEN, 0, NULL), 0);
    /* the queries see a garden as a monastery: one square around it empty */
    int garden = wh_game_feature_of(g, 1, local_of(&wh_tileset, "base.E_garden", "g"));
    wh_feature_info_t info;
    CU_ASSERT_TRUE_FATAL(wh_game_feature(g, garden, &info));
    CU_ASSERT_EQUAL(info.kind, WH_KIND_GARDEN);
    CU_ASSERT_FALSE(info.complete);
    CU_ASSERT_EQUAL(info.open, 1);
    TEST_POINTS(wh_game_feature_points(g, garden), 1 + 7);
    turn(g, &wh_tileset, "base.B", 1, 2, 0, -1, &sink);
    CU_ASSERT_TRUE(wh_game_feature(g, garden, &info) && info.complete && info.open == 0);
    TEST_POINTS(wh_game_feature_points(g, garden), 9);
    int events;
    TEST_POINTS(points_for(&log, WH_REASON_GARDEN, 0, &events), 9);
    CU_ASSERT_EQUAL(events, 1);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_ABBOT), 1); /* home again */
    free(g);
}

/* W: "If you place a wooden meeple on the wonder tile, you cannot remove
** your abbot instead of placing a second wooden meeple"; and the abbot is
** one of the (at most 2) wooden meeples placed on a wonder tile. */
static void test_abbot_on_a_wonder(void)
{
    wh_game_t *g = game_with(ABBOT);
    turn(g, &wh_tileset, "base.E_garden", 0, 1, 2, option("base.E_garden", WH_FIGURE_ABBOT, "g"), NULL);
    turn(g, &wh_tileset, "base.B", 1, 1, 0, -1, NULL); /* P1 */
    wh_placement_t p;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, 0, &p));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, p.x, p.y, p.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_MEEPLE, "town")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, WH_OPTION_RECALL), WH_ERR_MEEPLE_LIMIT);
    free(g);

    /* the abbot as one of the two: on the wonder's monastery, then one more figure, then no third */
    g = game_with(ABBOT);
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, 0, &p));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, p.x, p.y, p.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_ABBOT, "abbey")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_MEEPLE, "town")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_MEEPLE, "west")),
                    WH_ERR_MEEPLE_LIMIT);
    free(g);
}

/* The large meeple may be the marker: "You can use the large meeple of the
** 1st expansion or any other figure in that color"; and one of the meeples
** placed on a wonder tile. */
static void test_large_meeple_as_marker(void)
{
    wh_game_t *g = game_with(IC | ABBOT);
    wh_placement_t p;
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET1_ALHAMBRA, 0, &p));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_ALHAMBRA, p.x, p.y, p.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker_figure(g, WH_FIGURE_ABBOT), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_marker_figure(g, WH_FIGURE_LARGE), WH_OK);
    CU_ASSERT_EQUAL(wh_game_figures(g, 0, WH_FIGURE_LARGE), 0);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7);
    free(g);

    /* or one of the two figures on a wonder tile */
    g = game_with(IC);
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, 0, &p));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, p.x, p.y, p.rotation), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_LARGE, "town")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_MEEPLE, "west")), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, option("wonders_set1.notre_dame", WH_FIGURE_MEEPLE, "south_east")),
                    WH_ERR_MEEPLE_LIMIT);
    free(g);
}

/* W: "A garden does not trigger the Notre-Dame bonus": a meeple beside a
** garden and no monastery pays nothing (test_effects.c: beside a monastery
** it pays). */
static bool near(int ax, int ay, int bx, int by)
{
    return abs(ax - bx) <= 1 && abs(ay - by) <= 1 && (ax != bx || ay != by);
}

static void test_garden_and_notre_dame(void)
{
    wh_game_t *g = game_with(ABBOT);
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    wh_placement_t p;
    /* P0 owns Notre-Dame, somewhere north of D */
    CU_ASSERT_FATAL(wh_game_placement_nth(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, 0, &p));
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_NOTRE_DAME, p.x, p.y, p.rotation), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, &sink), WH_OK);
    turn(g, &wh_tileset, "base.E_garden", 0, 1, 2, -1, &sink); /* P1: a garden below D */
    /* P0: a city cap with a meeple on a square beside the garden, beside no monastery */
    wh_placement_t options[512];
    size_t n = wh_game_placements(g, WH_TILE_BASE_E, options, 512);
    bool placed = false;
    for (size_t i = 0; i < n && i < 512 && !placed; i++) {
        if (!near(options[i].x, options[i].y, 0, 1))
            continue;
        bool by_monastery = false;
        for (uint32_t m = 0; m < g->n_monasteries; m++)
            by_monastery |= g->monastery[m].kind == WH_KIND_MONASTERY &&
                            near(options[i].x, options[i].y, g->monastery[m].x, g->monastery[m].y);
        if (by_monastery)
            continue;
        turn(g, &wh_tileset, "base.E", options[i].x, options[i].y, options[i].rotation,
             option("base.E", WH_FIGURE_MEEPLE, "c"), &sink);
        placed = true;
    }
    CU_ASSERT_FATAL(placed);
    int bonus = 0;
    for (int i = 0; i < log.n; i++)
        bonus += log.e[i].reason == WH_REASON_WONDER && log.e[i].wonder == WH_TILE_WONDERS_SET1_NOTRE_DAME;
    CU_ASSERT_EQUAL(bonus, 0);
    free(g);
}

bool register_expansion_tests(void)
{
    static const test_case cases[] = {
        {"an inn: 2 a square complete, nothing incomplete", test_inn},
        {"a cathedral: nothing incomplete", test_cathedral_incomplete},
        {"a cathedral: 3 a square complete", test_cathedral_complete},
        {"the large meeple counts 2 for a majority", test_large_meeple_majority},
        {"no large meeple or abbot without the rules", test_no_large_meeple_without_the_rules},
        {"the abbot on a garden, taken back", test_abbot_on_a_garden_and_taken_back},
        {"a garden completed scores 9", test_garden_completed},
        {"the abbot on a wonder tile", test_abbot_on_a_wonder},
        {"the large meeple as the marker", test_large_meeple_as_marker},
        {"a garden does not trigger Notre-Dame", test_garden_and_notre_dame},
        {NULL, NULL},
    };
    return register_suite("expansions", cases);
}
