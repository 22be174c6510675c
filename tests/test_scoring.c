/*
** test_scoring.c -- base-game scoring (3rd edition) on hand-built boards:
** shared/reference/base-tiles.md, section 4, one rule per test.  The
** scenario tile set (game_support.c) keeps each board small and exact.
*/
#include "game_support.h"
#include "suites.h"

#define T(id) "t." id

/* Fact 1: a completed road scores 1 per square, to the meeple's owner,
** and the meeple returns. */
static void test_completed_road(void)
{
    test_build b;
    wh_game_t g;
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("end"), -1, 0, 2, 0, &sink); /* P0: road end facing east, meeple on the road */
    CU_ASSERT_EQUAL(wh_game_supply(&g, 0), 6);
    CU_ASSERT_EQUAL(log.n, 0);
    turn(&g, &b.set, T("end"), 1, 0, 0, -1, &sink); /* P1 closes it: end - start - end */
    TEST_POINTS(wh_game_score(&g, 0), 3);
    TEST_POINTS(wh_game_score(&g, 1), 0);
    CU_ASSERT_EQUAL(wh_game_supply(&g, 0), 7);
    CU_ASSERT_EQUAL_FATAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_ROAD);
    CU_ASSERT_EQUAL(log.e[0].squares, 3);
    CU_ASSERT_EQUAL(log.e[0].points, 3);
    CU_ASSERT_EQUAL(log.e[0].winners, 1);
    TEST_POINTS(wh_game_feature_points(&g, wh_game_feature_at(&g, 0, 0, WH_DIR_E, WH_SLOT_M)), 3);
    test_build_free(&b);
}

/* Fact 10: players tied for most meeples each score the full value. */
static void test_tie_scores_in_full(void)
{
    test_build b;
    wh_game_t g;
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("meadow"), 0, -1, 0, -1, &sink);
    turn(&g, &b.set, T("meadow"), 1, -1, 0, -1, &sink);
    turn(&g, &b.set, T("meadow"), 2, -1, 0, -1, &sink);
    turn(&g, &b.set, T("end"), 2, 0, 0, 0, &sink);  /* P1: a separate road, meeple */
    turn(&g, &b.set, T("end"), -1, 0, 2, 0, &sink); /* P0: joins the start road, meeple */
    turn(&g, &b.set, T("straight"), 1, 0, 0, -1, &sink); /* P1 joins both: 4 squares */
    TEST_POINTS(wh_game_score(&g, 0), 4);
    TEST_POINTS(wh_game_score(&g, 1), 4);
    CU_ASSERT_EQUAL_FATAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].winners, 3);
    CU_ASSERT_EQUAL(log.e[0].meeples[0], 1);
    CU_ASSERT_EQUAL(log.e[0].meeples[1], 1);
    test_build_free(&b);
}

/* Facts 4 and 5: a completed city scores 2 per square and 2 per coat of
** arms; a two-square city is worth 4 (3rd edition). */
static void test_completed_city(void)
{
    test_build b;
    wh_game_t g;
    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("cap"), 0, -1, 0, 0, NULL);  /* P0: city open to the north, meeple */
    turn(&g, &b.set, T("cap"), 0, -2, 2, -1, NULL); /* P1 closes it */
    TEST_POINTS(wh_game_score(&g, 0), 4);
    test_build_free(&b);

    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("cap"), 0, -1, 0, 0, NULL);
    turn(&g, &b.set, T("coat"), 0, -2, 2, -1, NULL);
    TEST_POINTS(wh_game_score(&g, 0), 2 * 2 + 2 * 1);
    test_build_free(&b);
}

/* Fact 7: a monastery surrounded by 8 squares scores 9. */
static void test_completed_monastery(void)
{
    static const struct { const char *id; int x, y; } ring[] = {
        {"straight", 1, 0}, {"straight", -1, 0}, {"meadow", 1, -1}, {"meadow", -1, -1},
        {"meadow", 1, -2}, {"meadow", 0, -2}, {"meadow", -1, -2},
    };
    test_build b;
    wh_game_t g;
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("cloister"), 0, -1, 0, 0, &sink); /* P0 monk */
    for (int i = 0; i < 7; i++) {
        char id[32];
        snprintf(id, sizeof id, "t.%s", ring[i].id);
        TEST_POINTS(wh_game_score(&g, 0), 0);
        turn(&g, &b.set, id, ring[i].x, ring[i].y, 0, -1, &sink);
    }
    TEST_POINTS(wh_game_score(&g, 0), 9);
    CU_ASSERT_EQUAL_FATAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_MONASTERY);
    CU_ASSERT_EQUAL(wh_game_supply(&g, 0), 7);
    test_build_free(&b);
}

/* Facts 2, 6 and 8: at the end, incomplete roads 1 per square, cities 1 per
** square and coat, monasteries 1 + the squares around them. */
static void test_final_incomplete_features(void)
{
    test_build b;
    wh_game_t g;
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    scenario_game(&b, &g, 3);
    turn(&g, &b.set, T("end"), -1, 0, 2, 0, &sink);    /* P0: road of 2 squares */
    turn(&g, &b.set, T("coat"), 0, -1, 0, 0, &sink);   /* P1: city of 1 square + 1 coat */
    turn(&g, &b.set, T("cloister"), 0, 1, 0, 0, &sink); /* P2: neighbours (0, 0) and, diagonally, (-1, 0) */
    turn(&g, &b.set, T("meadow"), 1, 1, 0, -1, &sink);   /* P0: a third neighbour */
    /* what each feature would pay one figure: the same as the final scoring */
    TEST_POINTS(wh_game_feature_points(&g, wh_game_feature_at(&g, 0, 0, WH_DIR_W, WH_SLOT_M)), 2);
    TEST_POINTS(wh_game_feature_points(&g, wh_game_feature_at(&g, 0, -1, WH_DIR_N, WH_SLOT_M)), 2);
    TEST_POINTS(wh_game_feature_points(&g, wh_game_feature_of(&g, 3, 0)), 1 + 3);
    TEST_POINTS(wh_game_feature_points(&g, -1), 0);
    CU_ASSERT_EQUAL(wh_game_final_score(&g, &sink), WH_OK);
    TEST_POINTS(wh_game_score(&g, 0), 2);
    TEST_POINTS(wh_game_score(&g, 1), 2);
    TEST_POINTS(wh_game_score(&g, 2), 1 + 3);
    CU_ASSERT_EQUAL(log.n, 3);
    CU_ASSERT_EQUAL(wh_game_phase(&g), WH_PHASE_OVER);
    test_build_free(&b);
}

/* Fact 9: a field scores 3 per completed city it touches; an incomplete
** city gives nothing. */
static void test_field_and_one_city(void)
{
    test_build b;
    wh_game_t g;
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("cap"), 0, -1, 0, 1, &sink);  /* P0 farmer; field joins the start's north field */
    turn(&g, &b.set, T("cap"), 0, -2, 2, -1, &sink); /* P1 closes the city: nobody in it */
    CU_ASSERT_EQUAL(wh_game_final_score(&g, &sink), WH_OK);
    TEST_POINTS(wh_game_score(&g, 0), 3);
    CU_ASSERT_EQUAL_FATAL(log.n, 1);
    CU_ASSERT_EQUAL(log.e[0].reason, WH_REASON_FIELD_END);
    CU_ASSERT_EQUAL(log.e[0].squares, 1); /* completed cities touched */
    test_build_free(&b);

    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("cap"), 0, -1, 0, 1, &sink); /* the city stays open */
    CU_ASSERT_EQUAL(wh_game_final_score(&g, &sink), WH_OK);
    TEST_POINTS(wh_game_score(&g, 0), 0);
    test_build_free(&b);
}

static void test_field_and_two_cities(void)
{
    test_build b;
    wh_game_t g;
    scenario_game(&b, &g, 2);
    turn(&g, &b.set, T("cap"), 0, -1, 0, 1, NULL);  /* P0 farmer */
    turn(&g, &b.set, T("cap"), 0, -2, 2, -1, NULL); /* city 1 closed */
    turn(&g, &b.set, T("cap"), 1, -1, 0, -1, NULL); /* its field joins the farmer's */
    turn(&g, &b.set, T("cap"), 1, -2, 2, -1, NULL); /* city 2 closed */
    wh_feature_info_t field;
    CU_ASSERT_TRUE(wh_game_feature(&g, wh_game_feature_at(&g, 0, 0, WH_DIR_N, WH_SLOT_L), &field));
    CU_ASSERT_EQUAL(field.kind, WH_KIND_FIELD);
    CU_ASSERT_EQUAL(field.cities, 2);
    CU_ASSERT_EQUAL(field.meeples[0], 1);
    /* one figure's worth: the field 3 per city, a closed city what closing it paid */
    TEST_POINTS(wh_game_feature_points(&g, wh_game_feature_at(&g, 0, 0, WH_DIR_N, WH_SLOT_L)), 6);
    TEST_POINTS(wh_game_feature_points(&g, wh_game_feature_at(&g, 1, -1, WH_DIR_N, WH_SLOT_M)), 4);
    CU_ASSERT_EQUAL(wh_game_final_score(&g, NULL), WH_OK);
    TEST_POINTS(wh_game_score(&g, 0), 6);
    test_build_free(&b);
}

bool register_scoring_tests(void)
{
    static const test_case cases[] = {
        {"completed road", test_completed_road},
        {"tie scores in full", test_tie_scores_in_full},
        {"completed city", test_completed_city},
        {"completed monastery", test_completed_monastery},
        {"final: incomplete features", test_final_incomplete_features},
        {"a field and one city", test_field_and_one_city},
        {"a field and two cities", test_field_and_two_cities},
        {NULL, NULL},
    };
    return register_suite("base scoring", cases);
}
