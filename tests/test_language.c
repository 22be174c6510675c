/*
** test_language.c -- what the effect language's runtime does with a
** compiled handler: when each event fires and for whom, when an effect
** starts (docs/rules.md, "Effects": "the effect of the wonders start on your
** next turn after placing it"), counters, once-limits, the rule hooks
** (supply, weight, hand) and a statement whose arithmetic fails.  Each test
** compiles a small set whose one wonder carries the effect under test, so
** the expected numbers are the effect's own (docs/language.md, "Effects").
*/
#include "game_support.h"
#include "suites.h"
#include "../runtime/match.h"
#include "fuzz/play_set.h"

#include <stdlib.h>
#include <string.h>

/* A wonder's five squares in a row, one field round them, its area in the middle. */
#define ROW_SHAPE                                                                                      \
    "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"     \
    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"              \
    "    square s4 (4, 0) { N field; E field; S field; }\n"                                            \
    "    area a { on s2; }\n"                                                                          \
    "    field f { sides s0:N, s0:S, s0:W, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"     \
    "      crosses s0:E, s1:E, s2:E, s3:E; }\n"

/* A road through the start tile, straight roads, a monastery, a city cap, and a wonder of five
** squares in a row (fields above and below) whose effect is %s. */
static const char language_tiles[] =
    "pack t \"Language\" {\n"
    "  tile start \"Start road\" { tags start; square { N field; E road; S field; W road; }\n"
    "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
    "  tile straight \"Straight road\" { square { N field; E road; S field; W road; }\n"
    "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
    "  tile abbey \"Monastery with road\" { square { N field; E field; S road; W field; }\n"
    "    monastery m; road r { sides S; ends m; } field f { sides N, E, SL, SR, W; } }\n"
    "  tile cap \"City cap\" { square { N city; E field; S field; W field; }\n"
    "    city c { sides N; arms 1; } field f { sides E, S, W; touches c; } }\n"
    "  wonder row \"Row\" {\n" ROW_SHAPE
    "    effect { %s } }\n"
    "}\n";

typedef struct lang_game {
    test_build b;
    wh_game_t *g;
    event_log log;
    wh_score_sink_t sink;
} lang_game;

/* Compile `text` and start a 2-player game on it with `rules`. */
static void lang_start_text(lang_game *lg, const char *text, uint8_t rules)
{
    test_build_text(&lg->b, "language.tiles", text);
    if (!lg->b.ok)
        fprintf(stderr, "%s", lg->b.output);
    CU_ASSERT_FATAL(lg->b.ok);
    lg->g = malloc(sizeof *lg->g);
    CU_ASSERT_FATAL(lg->g != NULL);
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1, .rules = rules};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(lg->g, &lg->b.set, &cfg), WH_OK);
    lg->sink = log_sink(&lg->log);
}

static void lang_start_rules(lang_game *lg, const char *effect, uint8_t rules)
{
    char text[sizeof language_tiles + 512];
    snprintf(text, sizeof text, language_tiles, effect);
    lang_start_text(lg, text, rules);
}

static void lang_start(lang_game *lg, const char *effect)
{
    lang_start_rules(lg, effect, 0);
}

static void lang_end(lang_game *lg)
{
    free(lg->g);
    test_build_free(&lg->b);
}

/* The first turns every test plays: P0 the wonder above the start tile
** (turn 0), P1 a road east of it (turn 1), P0 a road west of it (turn 2,
** a meeple on the road when `meeple`), P1 a road further east (turn 3).
** Plays the plan's turns `from` .. `to` - 1. */
static void lang_turns(lang_game *lg, int from, int to, bool meeple)
{
    static const struct { const char *tile; int x, y; } plan[] = {
        {"t.row", -2, -1}, {"t.straight", 1, 0}, {"t.straight", -1, 0}, {"t.straight", 2, 0}};
    for (int i = from; i < to && i < 4; i++)
        turn(lg->g, &lg->b.set, plan[i].tile, plan[i].x, plan[i].y, 0,
             i == 2 && meeple ? local_of(&lg->b.set, "t.straight", "r") : -1, &lg->sink);
}

static void lang_play(lang_game *lg, int turns, bool meeple)
{
    lang_turns(lg, 0, turns, meeple);
}

static int wonder_points(const lang_game *lg, int *events)
{
    int points = 0;
    *events = 0;
    for (int i = 0; i < lg->log.n; i++)
        if (lg->log.e[i].reason == WH_REASON_WONDER) {
            points += lg->log.e[i].points;
            ++*events;
        }
    return points;
}

/* turn_end for the owner: not in the placing turn, then in each of the
** owner's turns; the other player's turns never (the condition). */
static void test_turn_end_from_next_turn(void)
{
    lang_game lg;
    lang_start(&lg, "on turn_end(p) if p == owner { score 1; }");
    lang_play(&lg, 4, false);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1); /* turn 2 only */
    CU_ASSERT_EQUAL(events, 1);
    CU_ASSERT_EQUAL(lg.log.e[0].squares, WH_EVENT_TURN_END);
    lang_end(&lg);
}

/* `starts now`: the placing turn counts too. */
static void test_starts_now(void)
{
    lang_game lg;
    lang_start(&lg, "starts now; on turn_end(p) if p == owner { score 1; }");
    lang_play(&lg, 4, false);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 2); /* turns 0 and 2 */
    lang_end(&lg);
}

/* A counter kept over the game: tiles placed once the effect has started
** (turns 2 and 3: in turn 1 the owner has not yet had a next turn). */
static void test_counter_over_the_game(void)
{
    lang_game lg;
    lang_start(&lg, "counter placed; on tile_placed(t) { add placed 1; } on game_end { score placed; }");
    lang_play(&lg, 4, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 2);
    CU_ASSERT_EQUAL(events, 1);
    lang_end(&lg);
}

/* once per game and once per turn: a handler that would run at every
** turn's end runs once; one listening to every tile runs once a turn. */
static void test_once_limits(void)
{
    lang_game lg;
    lang_start(&lg, "starts now; on turn_end(p) once per game { score 5; }");
    lang_play(&lg, 4, false);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 5);
    CU_ASSERT_EQUAL(events, 1);
    lang_end(&lg);
    /* P0 places the wonder and a road in one turn (the wonder's extra
    ** tile), P1 a road: two turns, three tiles */
    lang_start(&lg, "starts now; on tile_placed(t) once per turn { score 1; }");
    uint32_t straight = tile_id(&lg.b.set, "t.straight");
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, tile_id(&lg.b.set, "t.row"), -2, -1, 0), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_extra_tile(lg.g, &lg.sink), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, straight, 1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(lg.g, &lg.sink), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, straight, -1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(lg.g, &lg.sink), WH_OK);
    TEST_POINTS(wonder_points(&lg, &events), 2);
    CU_ASSERT_EQUAL(events, 2);
    lang_end(&lg);
}

/* rule supply: the owner's supply grows when the owner's next turn
** starts, once. */
static void test_rule_supply(void)
{
    lang_game lg;
    lang_start(&lg, "rule supply 2;");
    lang_play(&lg, 1, false);
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 0, WH_FIGURE_MEEPLE), 7);
    lang_turns(&lg, 1, 2, false); /* P1's turn ends: P0's next turn starts */
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 0, WH_FIGURE_MEEPLE), 7 + 2);
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 1, WH_FIGURE_MEEPLE), 7);
    lang_end(&lg);
}

/* `starts now` holds for the rules too: the supply grows as the wonder is
** placed (turn 0), and a forbid rule refuses P1's meeple in turn 1, before
** the owner's next turn. */
static void test_rules_start_now(void)
{
    lang_game lg;
    lang_start(&lg, "starts now; rule supply 2;");
    lang_play(&lg, 1, false);
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 0, WH_FIGURE_MEEPLE), 7 + 2);
    lang_turns(&lg, 1, 3, false); /* P0's next turn: the rule is not applied twice */
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 0, WH_FIGURE_MEEPLE), 7 + 2);
    lang_end(&lg);
    lang_start(&lg, "starts now; rule forbid others within 1;");
    lang_turns(&lg, 0, 1, false);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, tile_id(&lg.b.set, "t.straight"), 1, 0, 0), WH_OK); /* P1 */
    CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, local_of(&lg.b.set, "t.straight", "r"))),
                    WH_ERR_FORBIDDEN);
    lang_end(&lg);
}

/* rule weight: the owner's meeple counts 3 in a majority, the other
** player's 1. */
static void test_rule_weight(void)
{
    lang_game lg;
    lang_start(&lg, "rule weight meeple 3;");
    lang_play(&lg, 3, true); /* P0's meeple on the road through the start tile */
    int id = wh_game_feature_of(lg.g, 2, local_of(&lg.b.set, "t.straight", "r"));
    wh_feature_info_t info;
    CU_ASSERT_FATAL(wh_game_feature(lg.g, id, &info));
    CU_ASSERT_EQUAL(info.meeples[0], 3);
    lang_end(&lg);
}

/* A scoped weight: the owner's meeple on the road through the start tile
** (a square from the wonder's row) counts 3 where the rule's place and
** phase hold -- of roads, within 1 of the wonder, during the game -- and
** 1 elsewhere: in fields, within 0, in the final scoring only
** (wh_game_feature reports the majority during the game). */
static void test_rule_weight_scoped(void)
{
    static const struct { const char *rule; int strength; } cases[] = {
        {"rule weight meeple 3 road;", 3},         {"rule weight meeple 3 field;", 1},
        {"rule weight meeple 3 within 1;", 3},     {"rule weight meeple 3 road within 0;", 1},
        {"rule weight meeple 3 during;", 3},       {"rule weight meeple 3 final;", 1},
        {"rule weight meeple 3 road within 1 during;", 3},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        lang_game lg;
        lang_start(&lg, cases[c].rule);
        lang_play(&lg, 4, true); /* P0's meeple on the road in turn 2; P0's turn 4 starts: the rule holds */
        int id = wh_game_feature_of(lg.g, 2, local_of(&lg.b.set, "t.straight", "r"));
        wh_feature_info_t info;
        CU_ASSERT_FATAL(wh_game_feature(lg.g, id, &info));
        if (info.meeples[0] != cases[c].strength)
            fprintf(stderr, "%s: strength %d, expected %d\n", cases[c].rule, info.meeples[0], cases[c].strength);
        CU_ASSERT_EQUAL(info.meeples[0], cases[c].strength);
        lang_end(&lg);
    }
}

/* around(a, b): one of the 8 squares around -- a meeple on the road of a
** monastery's own tile is not around it (docs/rules.md, "Effects":
** "A meeple on a monastery's own square is not around it"). */
static void test_around_is_not_the_same_square(void)
{
    lang_game lg;
    lang_start(&lg, "starts now; on meeple_placed(m) if m.player == owner\n"
                    "  and count(monasteries x where around(m, x)) > 0 { score 3; }");
    lang_turns(&lg, 0, 2, false);
    turn(lg.g, &lg.b.set, "t.abbey", -1, 0, 3, local_of(&lg.b.set, "t.abbey", "r"), &lg.sink); /* the road faces east */
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 0);
    lang_end(&lg);
}

/* A value table's rows hold from their first number to their last, both
** included: 2 players take the row "2: 4". */
static void test_value_table_edges(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score players(2: 4, 3..: 1); }");
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 0); /* no wonder on the board: no handler */
    lang_end(&lg);
    lang_start(&lg, "on game_end { score players(2: 4, 3..: 1); }");
    lang_turns(&lg, 0, 1, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    TEST_POINTS(wonder_points(&lg, &events), 4);
    lang_end(&lg);
}

/* rule reserve: from the owner's next turn, the other players place no
** tile with a square within 1 of the wonder; the owner still may. */
static void test_rule_reserve(void)
{
    lang_game lg;
    lang_start(&lg, "rule reserve 1;");
    lang_turns(&lg, 0, 3, false); /* P1's road at (1, 0) before the rule holds; P0's at (-1, 0) after */
    uint32_t straight = tile_id(&lg.b.set, "t.straight");
    CU_ASSERT_EQUAL(wh_game_check_placement(lg.g, straight, 2, 0, 0), WH_ERR_RESERVED); /* P1 */
    wh_placement_t p[64];
    size_t n = wh_game_placements(lg.g, straight, p, 64);
    CU_ASSERT_TRUE(n > 0 && n <= 64);
    for (size_t i = 0; i < n && i < 64; i++) /* the wonder covers (-2..2, -1) */
        CU_ASSERT_TRUE(p[i].y >= 1 || p[i].y <= -3 || p[i].x <= -4 || p[i].x >= 4);
    lang_end(&lg);
}

/* Followers: the meeple on the road is one, the builder beside it is not
** (docs/language.md, "Properties": `m.follower`, the set `followers`).
** With Traders & Builders, P0's meeple stands on the road (turn 2) and
** P0's builder joins it (turn 4); at the game's end the owner has two
** figures on the board, one of them a follower. */
static void test_followers(void)
{
    lang_game lg;
    lang_start_rules(&lg, "on game_end { score count(followers m where m.player == owner)\n"
                          "  + 10 * count(meeples m where m.player == owner)\n"
                          "  + 100 * count(meeples m where not m.follower); }",
                     WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS));
    lang_play(&lg, 4, true);
    uint32_t straight = tile_id(&lg.b.set, "t.straight");
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, straight, -2, 0, 0), WH_OK);
    CU_ASSERT_EQUAL_FATAL(
        wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_BUILDER, local_of(&lg.b.set, "t.straight", "r"))), WH_OK);
    CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(lg.g, &lg.sink), WH_OK);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1 + 10 * 2 + 100 * 1);
    CU_ASSERT_EQUAL(events, 1);
    lang_end(&lg);
}

/* Fields' cities, complete or not: a city cap turned 180 below the start
** tile (turn 4) opens its city south; its field joins the start tile's
** south field, which so touches one open city.  `cities` counts none (it
** counts the completed ones), `touched` one, and `touches(c)` finds it. */
static void test_field_touches_open_cities(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score sum(f.touched for fields f);\n"
                    "  score 10 * count(fields f where f.cities == 0 and f.touched > 0);\n"
                    "  score 100 * count(fields f where count(cities c where f.touches(c)) > 0); }");
    lang_play(&lg, 4, false);
    turn(lg.g, &lg.b.set, "t.cap", 0, 1, 2, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1 + 10 * 1 + 100 * 1);
    CU_ASSERT_EQUAL(events, 3);
    lang_end(&lg);
}

/* A natural sum compiles (its bound is what the board holds, not the
** largest city's coats of arms times the most cities) and pays what the
** board holds: P0's meeple in the city cap (turn 4), 1 coat of arms, 1
** square.  A square of a count is no member's own count: refused. */
static void test_natural_sum(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score sum(c.arms for cities c where c.has(owner));\n"
                    "  score sum(2 * c.arms + c.squares for cities c where c.has(owner)); }");
    lang_play(&lg, 4, false);
    turn(lg.g, &lg.b.set, "t.cap", 0, 1, 2, local_of(&lg.b.set, "t.cap", "c"), &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1 + (2 * 1 + 1)); /* the city: 1 coat of arms, 1 square */
    lang_end(&lg);
    char text[sizeof language_tiles + 128];
    snprintf(text, sizeof text, language_tiles, "on game_end { score sum(c.squares * c.squares for cities c); }");
    test_build b;
    test_build_text(&b, "language.tiles", text);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_PTR_NOT_NULL(strstr(b.output, "write the value as one, or split the score"));
    test_build_free(&b);
}

/* The options of the tile just placed: how many, and whether local
** feature `local` is among them for a meeple. */
static size_t meeple_options(const lang_game *lg, int local, bool *offered)
{
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(lg->g, options, WH_MAX_MEEPLE_OPTIONS);
    *offered = false;
    for (size_t i = 0; i < n && i < WH_MAX_MEEPLE_OPTIONS; i++)
        *offered |= options[i] == WH_OPTION(WH_FIGURE_MEEPLE, local);
    return n;
}

/* rule forbid: from the owner's next turn, P1's straight road at (2, 0),
** a square within 1 of the wonder, takes no figure (and none is offered);
** with `everyone` the owner's neither; with a kind, only features of that
** kind are refused. */
static void test_rule_forbid(void)
{
    static const struct { const char *rule; bool owner_too; bool fields_free; } cases[] = {
        {"rule forbid others within 1;", false, false},
        {"rule forbid everyone within 1;", true, false},
        {"rule forbid everyone road;", true, true},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        lang_game lg;
        lang_start(&lg, cases[c].rule);
        lang_turns(&lg, 0, 3, false);
        uint32_t straight = tile_id(&lg.b.set, "t.straight");
        int road = local_of(&lg.b.set, "t.straight", "r"), field = local_of(&lg.b.set, "t.straight", "a");
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, straight, 2, 0, 0), WH_OK); /* P1 */
        bool offered;
        size_t n = meeple_options(&lg, road, &offered);
        CU_ASSERT_FALSE(offered);
        CU_ASSERT_EQUAL(n, cases[c].fields_free ? 2u : 0u);
        CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, road)), WH_ERR_FORBIDDEN);
        CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, field)),
                        cases[c].fields_free ? WH_OK : WH_ERR_FORBIDDEN);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(lg.g, &lg.sink), WH_OK);
        /* P0, the owner: a road at (-2, 0), below the wonder's (-2, -1) */
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, straight, -2, 0, 0), WH_OK);
        CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, road)),
                        cases[c].owner_too ? WH_ERR_FORBIDDEN : WH_OK);
        lang_end(&lg);
    }
    /* before the owner's next turn the rule does not hold: P1's turn 1 */
    lang_game lg;
    lang_start(&lg, "rule forbid others within 1;");
    lang_turns(&lg, 0, 1, false);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, tile_id(&lg.b.set, "t.straight"), 1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, local_of(&lg.b.set, "t.straight", "r"))),
                    WH_OK);
    lang_end(&lg);
}

/* Two wonders on the board: the language's tiles with a second row,
** t.row2, whose effect is `second` (the first's is `first`). */
static void lang_start_two(lang_game *lg, const char *first, const char *second)
{
    char text[2 * sizeof language_tiles + 1024];
    int n = snprintf(text, sizeof text, language_tiles, first);
    CU_ASSERT_FATAL(n > 2 && (size_t)n < sizeof text);
    n -= 2; /* the pack's closing "}\n": the second wonder goes inside it */
    snprintf(text + n, sizeof text - (size_t)n, "  wonder row2 \"Row two\" {\n" ROW_SHAPE "    effect { %s } }\n}\n",
             second);
    lang_start_text(lg, text, 0);
}

/* W: "the effect of the wonders start on your next turn after placing it",
** and from then on in every turn: P0's t.row above the start tile (turn 0,
** no effect), P1's t.row2 below it (turn 1), paying its owner a point for
** each tile placed; roads east and west (turns 2 to 5).  Turn 2 is P0's,
** before P1's next: nothing; turns 3 (P1's next), 4 (P0's) and 5 (P1's)
** pay: 3 points, though t.row2 is the second wonder on the board. */
static void test_second_wonder_in_every_turn(void)
{
    lang_game lg;
    lang_start_two(&lg, "none;", "on tile_placed(t) { score 1; }");
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink);
    static const int road[] = {-1, 1, 2, 3};
    for (int i = 0; i < 4; i++)
        turn(lg.g, &lg.b.set, "t.straight", road[i], 0, 0, -1, &lg.sink);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 3);
    CU_ASSERT_EQUAL(events, 3);
    TEST_POINTS(wh_game_score(lg.g, 1), 3);
    TEST_POINTS(wh_game_score(lg.g, 0), 0);
    lang_end(&lg);
}

/* The rules of a wonder placed after another hold as the first's would
** (each wonder's rules are its own, docs/language.md, "Declarations and
** rules"): P0's t.row above the start tile (turn 0, no effect), P1's
** t.row2 below it (turn 1); then P0's road at (-1, 0) between the two
** rows (turn 2) and P1's at (1, 0) (turn 3), the start tile's road
** running through both.  t.row2's forbid rule refuses P0's figures on the
** road and its fields, all within 1 of it; its scoped weight makes P1's
** meeple on that road count 3; its supply rule adds 2 to P1's meeples at
** P1's next turn (turn 3), not before and not again (turn 5). */
static void test_rules_of_the_second_wonder(void)
{
    uint32_t straight;
    int road, field;
    lang_game lg;
    lang_start_two(&lg, "none;", "starts now; rule forbid others within 1;");
    straight = tile_id(&lg.b.set, "t.straight");
    road = local_of(&lg.b.set, "t.straight", "r");
    field = local_of(&lg.b.set, "t.straight", "a");
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(lg.g, straight, -1, 0, 0), WH_OK); /* P0 */
    bool offered;
    CU_ASSERT_EQUAL(meeple_options(&lg, road, &offered), 0u);
    CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, road)), WH_ERR_FORBIDDEN);
    CU_ASSERT_EQUAL(wh_game_place_meeple(lg.g, WH_OPTION(WH_FIGURE_MEEPLE, field)), WH_ERR_FORBIDDEN);
    lang_end(&lg);

    lang_start_two(&lg, "none;", "starts now; rule weight meeple 3 road;");
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.straight", -1, 0, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.straight", 1, 0, 0, road, &lg.sink); /* P1's meeple on the road */
    wh_feature_info_t info;
    CU_ASSERT_FATAL(wh_game_feature(lg.g, wh_game_feature_of(lg.g, 4, road), &info));
    CU_ASSERT_EQUAL(info.meeples[1], 3);
    CU_ASSERT_EQUAL(info.meeples[0], 0);
    lang_end(&lg);

    lang_start_two(&lg, "none;", "rule supply 2;");
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 1, WH_FIGURE_MEEPLE), 7);
    turn(lg.g, &lg.b.set, "t.straight", -1, 0, 0, -1, &lg.sink); /* P0's turn ends: P1's next one starts */
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 1, WH_FIGURE_MEEPLE), 7 + 2);
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 0, WH_FIGURE_MEEPLE), 7);
    turn(lg.g, &lg.b.set, "t.straight", 1, 0, 0, -1, &lg.sink);  /* P1 */
    turn(lg.g, &lg.b.set, "t.straight", 2, 0, 0, -1, &lg.sink);  /* P0; P1's turn after starts: the rule once only */
    CU_ASSERT_EQUAL(wh_game_figures(lg.g, 1, WH_FIGURE_MEEPLE), 7 + 2);
    lang_end(&lg);
}

/* A monastery is complete with all 8 squares around it filled, not 7
** (shared/reference/base-tiles.md, rule 7: "all 8 surrounding squares,
** orthogonal and diagonal, filled"), and `m.complete` says so: P1's
** t.abbey at (-1, 0), its road east into the start tile's, between the
** two rows, has 7 neighbours once P0's t.row2 is below (turn 2); a second
** abbey at (-2, 0) fills the eighth (turn 3).  t.row's game-end handler
** counts the complete monasteries. */
static void test_a_monastery_complete_with_8(void)
{
    for (int eighth = 0; eighth < 2; eighth++) {
        lang_game lg;
        lang_start_two(&lg, "on game_end { score count(monasteries m where m.complete); }", "none;");
        turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
        turn(lg.g, &lg.b.set, "t.abbey", -1, 0, 3, -1, &lg.sink);
        turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink);
        if (eighth)
            turn(lg.g, &lg.b.set, "t.abbey", -2, 0, 1, -1, &lg.sink);
        CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
        int events;
        TEST_POINTS(wonder_points(&lg, &events), eighth);
        lang_end(&lg);
    }
}

/* The sets hold every member and nothing else: with the wonder above the
** start tile alone, the board has 6 occupied squares (5 of the wonder, the
** start tile) among its frontier cells, which are no square of the set;
** one road, the start tile's, whose part is the board's very first
** feature; and 2 fields: the wonder's, which the start tile's north field
** joins, and the start tile's south field. */
static void test_sets_hold_every_member(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score count(squares s) + 10 * count(roads r) + 100 * count(fields f); }");
    lang_play(&lg, 1, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 6 + 10 * 1 + 100 * 2);
    CU_ASSERT_EQUAL(events, 1);
    lang_end(&lg);
}

/* A player's and a feature's reads, each of its own: P0's meeple on the
** north field of the road at (-1, 0) (turn 2), P1's on the road at
** (2, 0) (turn 3), the start tile's road running through both.  The
** owner, P0, has 6 meeples in supply (7, one placed); the fields touch no
** city, and `touched` of any other feature is 0 (docs/language.md:
** "fields"); no road holds a figure of the owner's (P1's meeple stands on
** the only one, P0's on a field). */
static void test_reads_of_their_own(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score owner.supply + 10 * sum(x.touched for features x)\n"
                    "  + 100 * count(roads r where r.has(owner)); }");
    lang_turns(&lg, 0, 2, false);
    turn(lg.g, &lg.b.set, "t.straight", -1, 0, 0, local_of(&lg.b.set, "t.straight", "a"), &lg.sink);
    turn(lg.g, &lg.b.set, "t.straight", 2, 0, 0, local_of(&lg.b.set, "t.straight", "r"), &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 6);
    CU_ASSERT_EQUAL(events, 1);
    lang_end(&lg);
}

/* A scoped weight holds from its own start, whatever another wonder's
** does: P0's t.row weighs the abbot from its placing (turn 0), so the
** majorities ask the wonders' weights from then on; P0's t.row2, placed
** in turn 2 with a meeple on its field, weighs P0's meeples in fields 3
** only from P0's next turn (turn 4). */
static void test_a_scoped_weight_from_its_start(void)
{
    lang_game lg;
    lang_start_two(&lg, "starts now; rule weight abbot 2 monastery;", "rule weight meeple 3 field;");
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.straight", 1, 0, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, local_of(&lg.b.set, "t.row2", "f"), &lg.sink);
    wh_feature_info_t info;
    int field = wh_game_feature_of(lg.g, 3, local_of(&lg.b.set, "t.row2", "f"));
    CU_ASSERT_FATAL(wh_game_feature(lg.g, field, &info));
    CU_ASSERT_EQUAL(info.meeples[0], 1); /* P1's turn 3: not yet */
    turn(lg.g, &lg.b.set, "t.straight", 2, 0, 0, -1, &lg.sink); /* P0's turn 4 starts */
    CU_ASSERT_FATAL(wh_game_feature(lg.g, wh_game_feature_of(lg.g, 3, local_of(&lg.b.set, "t.row2", "f")), &info));
    CU_ASSERT_EQUAL(info.meeples[0], 3);
    lang_end(&lg);
}

/* A match on lg's tiles, a pile of 4 straight roads, whose game lg plays. */
static wh_match_t *lang_match(lang_game *lg)
{
    static uint16_t pile[4];
    for (int i = 0; i < 4; i++)
        pile[i] = (uint16_t)tile_id(&lg->b.set, "t.straight");
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 4, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &lg->b.set, &cfg), WH_OK);
    free(lg->g);
    lg->g = &m->game;
    lg->sink = log_sink(&lg->log);
    return m;
}

/* Two wonders' hand rules (docs/language.md, "Declarations and rules"):
** the second wonder's holds as the first's would -- P1's t.row2 (turn 1)
** gives P1 a hand of 2 from P1's next turn (turn 3); and of two hands of
** one size, the first wonder placed says what becomes of the rest: P0's
** t.row keeps them, P0's t.row2 would put them under the pile. */
static void test_two_wonders_hand_rules(void)
{
    lang_game lg;
    lang_start_two(&lg, "none;", "rule hand 2 keep;");
    wh_match_t *m = lang_match(&lg);
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 1), 1);
    turn(lg.g, &lg.b.set, "t.straight", -1, 0, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 1), 2);
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 0), 1);
    lg.g = NULL;
    free(m);
    lang_end(&lg);

    lang_start_two(&lg, "rule hand 2 keep;", "rule hand 2 bottom;");
    m = lang_match(&lg);
    turn(lg.g, &lg.b.set, "t.row", -2, -1, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.straight", 1, 0, 0, -1, &lg.sink);
    turn(lg.g, &lg.b.set, "t.row2", -2, 1, 0, -1, &lg.sink); /* P0's second wonder */
    turn(lg.g, &lg.b.set, "t.straight", 2, 0, 0, -1, &lg.sink); /* P0's next turn starts: both hold */
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 0), 2);
    m->drawn = 2; /* P0 drew two and has placed one */
    m->hand[0][0] = (uint16_t)tile_id(&lg.b.set, "t.straight");
    m->n_hand[0] = 1;
    wh_match_hand_chosen(m, 0);
    CU_ASSERT_EQUAL(m->n_hand[0], 1); /* kept, as the first wonder's rule says */
    CU_ASSERT_EQUAL(m->drawn, 2);
    lg.g = NULL;
    free(m);
    lang_end(&lg);
}

/* The cost told: a set of every feature inside another can visit 1024 x
** 1024 members (WH_MAX_NODES each, docs/language.md, "Cost"), above the
** threshold of 131072; the meeples inside the features, 1024 x 96, are not. */
static void test_cost_told(void)
{
    static const struct { const char *effect; bool told; } cases[] = {
        {"on game_end { score count(fields g where count(cities c where dist(c, g) == 0) > 0); }", true},
        {"on game_end { score count(cities c where count(meeples m where m.feature == c) > 0); }", false},
        {"on game_end { score count(cities c where c.complete); }", false},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        char text[sizeof language_tiles + 256];
        snprintf(text, sizeof text, language_tiles, cases[c].effect);
        test_build b;
        test_build_text(&b, "language.tiles", text);
        CU_ASSERT_TRUE(b.ok); /* a warning: it still compiles */
        bool told = strstr(b.output, "warning: this handler may visit 1048576 members of nested sets") != NULL &&
                    strstr(b.output, "'cities' inside 'fields'") != NULL;
        CU_ASSERT_EQUAL(told, cases[c].told);
        CU_ASSERT_EQUAL(strstr(b.output, "warning:") != NULL, cases[c].told);
        test_build_free(&b);
    }
}

/* A statement whose arithmetic fails pays nothing, and the next one runs:
** the first `score` of a compiled body is patched to divide by zero (the
** compiler refuses to write that). */
static void test_failed_statement_pays_nothing(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score 1; score 2; }");
    wh_tileset_t set = lg.b.set;
    wh_expr_t *x = calloc(set.n_exprs + 3, sizeof *x);
    CU_ASSERT_FATAL(x != NULL);
    memcpy(x, set.exprs, set.n_exprs * sizeof *x);
    const wh_effect_t *e = &set.effects[set.tiles[tile_id(&set, "t.row")].effect - 1];
    wh_expr_t *seq = &x[set.handlers[e->first_handler].body];
    CU_ASSERT_EQUAL_FATAL(seq->op, WH_OP_SEQ);
    uint16_t one = (uint16_t)set.n_exprs, zero = (uint16_t)(one + 1), div = (uint16_t)(one + 2);
    x[one] = (wh_expr_t){WH_OP_CONST, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, 1};
    x[zero] = (wh_expr_t){WH_OP_CONST, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, 0};
    x[div] = (wh_expr_t){WH_OP_DIV, 0, one, zero, WH_NO_EXPR, 0};
    CU_ASSERT_EQUAL_FATAL(x[seq->a].op, WH_OP_SCORE);
    x[seq->a].a = div;
    set.exprs = x;
    set.n_exprs += 3;
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(lg.g, &set, &cfg), WH_OK);
    lang_play(&lg, 2, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 2);
    CU_ASSERT_EQUAL(events, 1);
    free(x);
    lang_end(&lg);
}

/* rule hand N bottom puts the tiles not chosen under the pile; keep keeps
** them in the hand (while the pile lasts). */
static void hand_rest(const char *effect, bool bottom)
{
    lang_game lg;
    lang_start(&lg, effect);
    uint16_t straight = (uint16_t)tile_id(&lg.b.set, "t.straight");
    uint16_t pile[] = {straight, straight, straight, straight};
    wh_match_t *m = malloc(sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = pile, .n_pile = 4, .start_tile = -1};
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &lg.b.set, &cfg), WH_OK);
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 0), 1);
    wh_game_t *keep = lg.g;
    lg.g = &m->game;
    lang_play(&lg, 2, false); /* the wonder, then P1: P0's next turn has started */
    lg.g = keep;
    CU_ASSERT_EQUAL(wh_match_hand_size(m, 0), 2);
    m->drawn = 2; /* P0 drew two and has placed one */
    m->hand[0][0] = straight;
    m->n_hand[0] = 1;
    wh_match_hand_chosen(m, 0);
    CU_ASSERT_EQUAL(m->n_hand[0], bottom ? 0 : 1);
    CU_ASSERT_EQUAL(m->drawn, bottom ? 1 : 2);
    free(m);
    lang_end(&lg);
}

static void test_rule_hand_bottom(void) { hand_rest("rule hand 2 bottom;", true); }
static void test_rule_hand_keep(void) { hand_rest("rule hand 2 keep;", false); }

/* Every input kept in fuzz/regressions/effects/ (an effect block's body, put
** into play_set_text's set as the fuzz target does) compiles to the verdict
** its line in expected-verdict names, and one that compiles plays a game
** within bounds; the replay runs as many inputs as the folder holds. */
static void test_fuzz_regressions(void)
{
    const char *folder = "fuzz/regressions/effects";
    FILE *manifest = fopen("fuzz/regressions/effects/expected-verdict", "r");
    CU_ASSERT_FATAL(manifest != NULL);
    char line[512];
    int replayed = 0;
    while (fgets(line, sizeof line, manifest)) {
        char input[256], verdict[16];
        if (line[0] == '#' || sscanf(line, "%255s %15s", input, verdict) != 2)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", folder, input);
        FILE *in = fopen(path, "rb");
        CU_ASSERT_FATAL(in != NULL);
        char effect[16384];
        size_t n = fread(effect, 1, sizeof effect, in);
        fclose(in);
        char *text = play_set_text(effect, n);
        CU_ASSERT_FATAL(text != NULL);
        test_build b;
        test_build_text(&b, input, text);
        free(text);
        bool want_ok = !strcmp(verdict, "ok");
        CU_ASSERT_TRUE(want_ok || !strcmp(verdict, "error"));
        CU_ASSERT_EQUAL(b.ok, want_ok);
        if (b.ok)
            CU_ASSERT_TRUE(play_set(&b.set, 1));
        test_build_free(&b);
        replayed++;
    }
    fclose(manifest);
    TEST_POINTS(replayed, test_fuzz_inputs(folder));
}

/* wins(p): p is among those with the most strength on the feature --
** "nobody, with no figure" (docs/language.md): the road through the start
** tile, with nobody on it, is won by nobody; with the owner's meeple on it
** (turn 2), by the owner. */
static void test_nobody_wins_an_empty_feature(void)
{
    for (int meeple = 0; meeple < 2; meeple++) {
        lang_game lg;
        lang_start(&lg, "on game_end { score count(roads r where r.wins(owner)); }");
        lang_play(&lg, 4, meeple);
        CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
        int events;
        TEST_POINTS(wonder_points(&lg, &events), meeple); /* one road, won by the owner or by nobody */
        lang_end(&lg);
    }
}

/* A filter's comparisons, as the evaluator's flat loop takes them apart:
** each operator negated (`not (r.squares < k)`) and mirrored (`k < r.squares`),
** on the one road of the first four turns, 4 squares (the start tile and
** three straights): the count is 1 exactly when the comparison holds of 4,
** as the operators say (docs/language.md, "Operators"). */
static void test_filter_comparisons(void)
{
    static const char *const ops[] = {"<", "<=", ">", ">=", "==", "!="};
    for (int op = 0; op < 6; op++)
        for (int k = 3; k <= 5; k++)
            for (int form = 0; form < 2; form++) {
                const int squares = 4;
                bool holds = op == 0 ? squares < k : op == 1 ? squares <= k : op == 2 ? squares > k
                           : op == 3 ? squares >= k : op == 4 ? squares == k : squares != k;
                bool mirrored = op == 0 ? k < squares : op == 1 ? k <= squares : op == 2 ? k > squares
                              : op == 3 ? k >= squares : op == 4 ? k == squares : k != squares;
                char effect[160];
                if (form == 0)
                    snprintf(effect, sizeof effect,
                             "on game_end { score count(roads r where not (r.squares %s %d)); }", ops[op], k);
                else
                    snprintf(effect, sizeof effect, "on game_end { score count(roads r where %d %s r.squares); }",
                             k, ops[op]);
                lang_game lg;
                lang_start(&lg, effect);
                lang_play(&lg, 4, false);
                CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
                int events;
                int want = form == 0 ? !holds : mirrored;
                if (wonder_points(&lg, &events) != want)
                    fprintf(stderr, "%s: found %d, expected %d\n", effect, wonder_points(&lg, &events), want);
                TEST_POINTS(wonder_points(&lg, &events), want);
                lang_end(&lg);
            }
}

/* Two properties the board answers: a road's inn (docs/language.md: "it has
** an inn"; the road through the start tile has none) and a player's
** meeples, "the player's figures standing on features of the board (the
** wonders' markers are not)": the owner's one meeple on that road, or
** none, at the game's end before the final scoring takes it back. */
static void test_inn_and_meeples(void)
{
    for (int meeple = 0; meeple < 2; meeple++) {
        lang_game lg;
        lang_start(&lg, "on game_end { score count(roads r where r.inn) + 10 * count(roads r where not r.inn)"
                        " + 100 * owner.meeples; }");
        lang_play(&lg, 4, meeple);
        CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
        int events;
        TEST_POINTS(wonder_points(&lg, &events), 0 + 10 * 1 + 100 * meeple);
        lang_end(&lg);
    }
}

/* A placed tile's reads (docs/language.md, "Properties": t.x, t.player,
** t.is_wonder; dist): the handler runs from the owner's next turn, so for
** the tiles of turns 2 (P0's road at (-1, 0)) and 3 (P1's at (2, 0)); each
** is one king's move from a square of the wonder's row (-2..2, -1):
** 100 + x + 10 * (1 if not the owner's) + 1000 * 1, that is 1099 and
** 1112. */
static void test_tile_placed_reads(void)
{
    lang_game lg;
    lang_start(&lg, "on tile_placed(t) { score 100 + t.x + 10 * count(players p where p == t.player and p != owner)"
                    " + 5000 * count(players p where t.is_wonder); if dist(t, wonder) == 1 { score 1000; } }");
    lang_play(&lg, 4, false);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1099 + 1112);
    CU_ASSERT_EQUAL(events, 4);
    lang_end(&lg);
}

/* Counters (docs/language.md: "an int the wonder keeps all game, starting
** at 0 or k (within +-65535)"; a statement that would move one past stops
** with nothing changed): each counter its own, from its own start, and
** both ends of the range reachable, one past them not. */
static void test_counters_apart_and_their_range(void)
{
    lang_game lg;
    lang_start(&lg, "counter a = 3; counter b = 5; counter c;\n"
                    "on game_end { score a + 10 * b; set c 65535; if c == 65535 { score 100; }\n"
                    "  add c 1; score c; set c -65535; score 70000 + c; add c -1; score 70000 + c; }");
    lang_turns(&lg, 0, 1, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), (3 + 10 * 5) + 100 + 65535 + (70000 - 65535) * 2);
    CU_ASSERT_EQUAL(events, 5);
    lang_end(&lg);
}

/* A handler of completed(city c) hears cities only, one of completed(road
** r) roads only: two city caps (turns 4 and 5, turned to face each other
** below the start tile) complete a city of 2 squares, and no road is
** completed. */
static void test_completed_hears_its_kind(void)
{
    lang_game lg;
    lang_start(&lg, "on completed(road r) { score 1; } on completed(city c) { score 10 * c.squares; }");
    lang_play(&lg, 4, false);
    turn(lg.g, &lg.b.set, "t.cap", 0, 1, 2, -1, &lg.sink); /* P0: the city opens south */
    turn(lg.g, &lg.b.set, "t.cap", 0, 2, 0, -1, &lg.sink); /* P1 closes it */
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 10 * 2);
    CU_ASSERT_EQUAL(events, 1);
    lang_end(&lg);
}

/* `%` is the remainder (docs/language.md, "Operators"): the road of the
** first four turns has 4 squares, 4 % 5 = 4 (where 4 / 5 = 0). */
static void test_remainder(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score sum(r.squares for roads r) % 5; }");
    lang_play(&lg, 4, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 4);
    lang_end(&lg);
}

/* wins(p) for another player than the first: P1's meeple alone on the
** road (turn 1) -- P1 wins it, the owner P0 does not. */
static void test_another_player_wins(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score count(roads r where count(players p where p != owner and r.wins(p)) > 0)\n"
                    "  + 10 * count(roads r where r.wins(owner)); }");
    lang_turns(&lg, 0, 1, false);
    turn(lg.g, &lg.b.set, "t.straight", 1, 0, 0, local_of(&lg.b.set, "t.straight", "r"), &lg.sink);
    lang_turns(&lg, 2, 4, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1);
    lang_end(&lg);
}

/* A filter whose two sides both read the loop's variable holds or not of
** each member by its own value: f.squares == f.squares of every feature,
** != of none.  The board of the first four turns has 3 features: the
** road, the field north of it (with the wonder's) and the one south. */
static void test_filter_both_sides_the_variable(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score count(features f where f.squares == f.squares)\n"
                    "  + 10 * count(features f where f.squares != f.squares)\n"
                    "  + 100 * count(features f where f.squares < f.squares + 1); }");
    lang_play(&lg, 4, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 3 + 10 * 0 + 100 * 3);
    lang_end(&lg);
}

/* Weight rules of the other followers (docs/language.md: "rule weight F
** N", F meeple, large or abbot): the owner's large meeple counts 4 where
** it would count 2 (I&C), the abbot 3 in a monastery's majority where it
** would count 1.  P0 puts the figure on the road (turn 2), or the abbot
** on a monastery (turn 4, the road facing west onto the road's end at
** (2, 0)); the rule holds from turn 2. */
static void test_rule_weight_large_and_abbot(void)
{
    const wh_rules_t rules = WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS) | WH_RULE_BIT(WH_RULE_ABBOT);
    lang_game lg;
    lang_start_rules(&lg, "rule weight large 4;", (uint8_t)rules);
    lang_turns(&lg, 0, 2, false);
    turn(lg.g, &lg.b.set, "t.straight", -1, 0, 0,
         WH_OPTION(WH_FIGURE_LARGE, local_of(&lg.b.set, "t.straight", "r")), &lg.sink);
    wh_feature_info_t info;
    CU_ASSERT_FATAL(wh_game_feature(lg.g, wh_game_feature_of(lg.g, 3, local_of(&lg.b.set, "t.straight", "r")), &info));
    CU_ASSERT_EQUAL(info.meeples[0], 4);
    lang_end(&lg);
    lang_start_rules(&lg, "rule weight abbot 3 monastery;", (uint8_t)rules);
    lang_play(&lg, 4, false);
    turn(lg.g, &lg.b.set, "t.abbey", 3, 0, 1, WH_OPTION(WH_FIGURE_ABBOT, local_of(&lg.b.set, "t.abbey", "m")),
         &lg.sink);
    CU_ASSERT_FATAL(wh_game_feature(lg.g, wh_game_feature_of(lg.g, 5, local_of(&lg.b.set, "t.abbey", "m")), &info));
    CU_ASSERT_EQUAL(info.meeples[0], 3);
    lang_end(&lg);
}

/* lines(k) on a board wider than 64 squares across (docs/language.md:
** "the rows and columns of the board holding a run of k occupied squares,
** each once").  After the first four turns: the row y = 0 from x = -2 to
** 33 (36 squares; the wonder's row above it covers -2..2 at y = -1), a
** column (10, 1..3), a row (6..9, 3) from it, (6, 1) and (6, 4) above and
** below (6, 3)'s neighbours, and (20..21, 1).  Rows with a run of 2:
** y = -1 (-2..2), 0, 1 ((6), (10) alone, 20..21) and 3 (6..10); not 2
** ((10)) nor 4 ((6)).  Columns: -2 .. 2 (the wonder over the road), 6
** (y 0..1 and 3..4: counted once), 10 (0..3), 20 and 21; not 7, 8, 9 (y 0
** and 3).  So lines(2) = 4 + 9 = 13; lines(3) = 4 (rows -1, 0, 3 and
** column 10); lines(5) = 3 (those rows); lines(36) = 1; lines(37) = 0.
** As the tile at (32, 0) is placed, row 0 holds 35 squares: lines(35) = 1
** then. */
static void test_lines_on_a_wide_board(void)
{
    static const int extra[][2] = {{6, 1}, {10, 1}, {10, 2}, {10, 3}, {9, 3}, {8, 3}, {7, 3}, {6, 3}, {6, 4}, {20, 1}, {21, 1}};
    lang_game lg;
    lang_start(&lg, "on tile_placed(t) if t.x == 32 { score lines(35); }\n"
                    "on game_end { score lines(2); score 100 * lines(3); score 1000 * lines(5); score lines(36);"
                    " score lines(37); }");
    lang_play(&lg, 4, false);
    turn(lg.g, &lg.b.set, "t.straight", -2, 0, 0, -1, &lg.sink);
    for (int x = 3; x <= 33; x++)
        turn(lg.g, &lg.b.set, "t.straight", x, 0, 0, -1, &lg.sink);
    for (size_t i = 0; i < sizeof extra / sizeof *extra; i++)
        turn(lg.g, &lg.b.set, "t.straight", extra[i][0], extra[i][1], 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1 + 13 + 100 * 4 + 1000 * 3 + 1 + 0);
    CU_ASSERT_FATAL(events >= 5);
    static const int each[] = {1, 13, 100 * 4, 1000 * 3, 1};
    for (int i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(lg.log.e[i].points, each[i]);
    lang_end(&lg);
}

/* lines(k) on a board within the masks whose first and last rows and
** columns hold the runs: after the first four turns, base.straight at
** (-2, 0): the wonder's row y = -1 and the road's row y = 0 hold x = -2..2,
** 5 squares each, and the columns -2..2 two each (the wonder over the
** road).  lines(2) = 2 + 5 = 7; lines(3) = 2 (the rows); lines(6) = 0. */
static void test_lines_at_the_boards_edges(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score lines(2); score 10 * lines(3); score lines(6); }");
    lang_play(&lg, 4, false);
    turn(lg.g, &lg.b.set, "t.straight", -2, 0, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 7 + 10 * 2 + 0);
    CU_ASSERT_FATAL(events >= 2);
    CU_ASSERT_EQUAL(lg.log.e[0].points, 7);
    CU_ASSERT_EQUAL(lg.log.e[1].points, 10 * 2);
    lang_end(&lg);
}

/* lines(k) on a board taller than 64 squares (the wide board's, turned):
** after the first four turns, base.straight's row y = 0 runs on east to x = 3
** and a column goes down from (3, 0) to (3, 40).  Rows: y = -1 (the
** wonder, -2..2) and y = 0 (-1..3), 5 squares each; y = 1..40 one square.
** Columns: -2 (the wonder's square alone), -1..2 (y -1..0, 2 squares each)
** and 3 (y 0..40, 41 squares).  So lines(2) = 2 + 5 = 7; lines(5) = 2 + 1;
** lines(6) = 1 (the column); lines(41) = 1; lines(42) = 0. */
static void test_lines_on_a_tall_board(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score lines(2); score 10 * lines(5); score 100 * lines(6);"
                    " score 1000 * lines(41); score lines(42); }");
    lang_play(&lg, 4, false);
    for (int y = 0; y <= 40; y++)
        turn(lg.g, &lg.b.set, "t.straight", 3, y, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 7 + 10 * 3 + 100 * 1 + 1000 * 1);
    CU_ASSERT_FATAL(events >= 4);
    static const int each[] = {7, 10 * 3, 100 * 1, 1000 * 1};
    for (int i = 0; i < 4; i++)
        CU_ASSERT_EQUAL(lg.log.e[i].points, each[i]);
    lang_end(&lg);
}

/* lines(k) on boards that reach the masks' last row and column exactly
** (WH_LINE_HALF, 32, squares from the start tile) and not past them: after
** the first four turns, a column down from (3, 0) to (3, 32), 33 squares;
** in another game, row 0 on east to x = 32, from x = -1: 34 squares.
** lines(33) = 1 and lines(34) = 0 on the first; lines(34) = 1 and
** lines(35) = 0 on the second. */
static void test_lines_at_the_masks_end(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score lines(33); score 10 * lines(34); score 100 * lines(35); }");
    lang_play(&lg, 4, false);
    for (int y = 0; y <= 32; y++)
        turn(lg.g, &lg.b.set, "t.straight", 3, y, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 1);
    lang_end(&lg);
    lang_start(&lg, "on game_end { score lines(33); score 10 * lines(34); score 100 * lines(35); }");
    lang_play(&lg, 4, false);
    for (int x = 3; x <= 32; x++)
        turn(lg.g, &lg.b.set, "t.straight", x, 0, 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    TEST_POINTS(wonder_points(&lg, &events), 1 + 10);
    lang_end(&lg);
}

/* lines(k) walked on a board reaching far west and north, where the walk
** finds its first row and column itself: after the first four turns, row
** y = 0 runs west from x = -2 to -40 (43 squares, -40..2); columns go up
** from it at x = -12 (y -5..0, 6 squares) and x = -20 (y -3..0, 4);
** (-13, -3) sits beside (-12, -3), and row y = -3 runs on west from
** (-20, -3) to (-26, -3); (-26, -4) above its end and (-26, -1) above row
** 0.  Rows with a run of 2: y = 0 (43), -1 (the wonder, 5) and -3 (-26..-20,
** 7, and -13..-12: two runs, counted once); the others hold single
** squares.  Columns: -2..2 (the wonder over row 0), -12, -20 and -26 (y
** -4..-3 and -1..0: two runs, counted once).  So lines(2) = 3 + 8 = 11;
** lines(5) = 3 rows + the column -12 = 4; lines(6) = rows 0 and -3 and
** the column -12 = 3; lines(7) = 2 rows; lines(43) = 1. */
static void test_lines_far_west_and_north(void)
{
    static const int extra[][2] = {{-13, -3}, {-21, -3}, {-22, -3}, {-23, -3}, {-24, -3}, {-25, -3},
                                   {-26, -3}, {-26, -4}, {-26, -1}};
    lang_game lg;
    lang_start(&lg, "on game_end { score lines(2); score 10 * lines(5); score 100 * lines(6);"
                    " score 1000 * lines(7); score 10000 * lines(43); }");
    lang_play(&lg, 4, false);
    for (int x = -2; x >= -40; x--)
        turn(lg.g, &lg.b.set, "t.straight", x, 0, 0, -1, &lg.sink);
    for (int y = -1; y >= -5; y--)
        turn(lg.g, &lg.b.set, "t.straight", -12, y, 0, -1, &lg.sink);
    for (int y = -1; y >= -3; y--)
        turn(lg.g, &lg.b.set, "t.straight", -20, y, 0, -1, &lg.sink);
    for (size_t i = 0; i < sizeof extra / sizeof *extra; i++)
        turn(lg.g, &lg.b.set, "t.straight", extra[i][0], extra[i][1], 0, -1, &lg.sink);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 11 + 10 * 4 + 100 * 3 + 1000 * 2 + 10000 * 1);
    CU_ASSERT_FATAL(events >= 5);
    static const int each[] = {11, 10 * 4, 100 * 3, 1000 * 2, 10000 * 1};
    for (int i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(lg.log.e[i].points, each[i]);
    lang_end(&lg);
}

/* An empty max or min takes its `else` value (docs/language.md), and
** `players` holds every player: 7 + 5 + 10 * 2 with the wonder placed. */
static void test_empty_max_and_every_player(void)
{
    lang_game lg;
    lang_start(&lg, "on game_end { score max(r.squares for roads r where r.squares > 100 else 7);\n"
                    "  score min(r.squares for roads r where r.squares > 100 else 5); score 10 * count(players p); }");
    lang_turns(&lg, 0, 1, false);
    CU_ASSERT_EQUAL(wh_game_final_score(lg.g, &lg.sink), WH_OK);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 7 + 5 + 10 * 2);
    lang_end(&lg);
}

/* Once-limits kept per handler, for each of an effect's 8 handlers (the
** most it may have): each `once per game` handler runs once, so over
** four turns the seven paying 1 and the eighth paying 100 pay 107. */
static void test_once_per_handler_of_eight(void)
{
    lang_game lg;
    char effect[512] = "starts now;";
    for (int h = 0; h < 8; h++)
        snprintf(effect + strlen(effect), sizeof effect - strlen(effect),
                 " on turn_end(p) once per game { score %d; }", h == 7 ? 100 : 1);
    lang_start(&lg, effect);
    lang_play(&lg, 4, false);
    int events;
    TEST_POINTS(wonder_points(&lg, &events), 7 + 100);
    CU_ASSERT_EQUAL(events, 8);
    lang_end(&lg);
}

/* The example wonders and the published ones, played: every handler of
** every wonder runs on real boards, within bounds (each wonder event pays
** its owner alone, no more than WH_SCORE_LIMIT); every wonder is placed in
** some game; and every point of a score is paid by a score event (R: points
** come from scoring a feature, a wonder or the goods, nowhere else), so a
** score the events do not account for fails. */
static void test_wonders_play_within_bounds(void)
{
    const char *paths[] = {"../tiles/base.tiles", "../tiles/wonders-set1.tiles", "../tiles/wonders-set2.tiles",
                           "../docs/examples/wonders.tiles"};
    test_build b;
    test_build_files(&b, paths, 4);
    if (!b.ok)
        fprintf(stderr, "%s", b.output);
    CU_ASSERT_FATAL(b.ok);
    uint32_t n_wonders = 0;
    for (uint32_t t = 0; t < b.set.n_tiles; t++)
        n_wonders += b.set.tiles[t].kind == WH_TILE_WONDER;
    CU_ASSERT_FATAL(n_wonders > 0);
    uint64_t placed = 0;
    int32_t paid = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        play_report r;
        CU_ASSERT_TRUE(play_set_report(&b.set, seed, &r));
        for (int p = 0; p < 3; p++) {
            TEST_POINTS(r.paid[p], r.score[p]);
            paid += r.paid[p];
        }
        placed |= r.placed;
    }
    CU_ASSERT(paid > 0);
    /* play_set sets out the first WH_MAX_WONDERS - 1 wonders of the set */
    uint32_t set_out = n_wonders < WH_MAX_WONDERS - 1 ? n_wonders : WH_MAX_WONDERS - 1;
    CU_ASSERT_EQUAL(placed, (1ull << set_out) - 1);
    test_build_free(&b);
}

bool register_language_tests(void)
{
    static const test_case cases[] = {
        {"turn_end from the owner's next turn", test_turn_end_from_next_turn},
        {"starts now", test_starts_now},
        {"nobody wins a feature with no figure", test_nobody_wins_an_empty_feature},
        {"a filter's comparisons, negated and mirrored", test_filter_comparisons},
        {"a road's inn, a player's meeples", test_inn_and_meeples},
        {"a counter over the game", test_counter_over_the_game},
        {"once per game, once per turn", test_once_limits},
        {"rule supply", test_rule_supply},
        {"rule weight", test_rule_weight},
        {"rules start now with starts now", test_rules_start_now},
        {"rule weight in some majorities", test_rule_weight_scoped},
        {"followers: not the builder", test_followers},
        {"a field touches open cities too", test_field_touches_open_cities},
        {"a natural sum compiles and pays", test_natural_sum},
        {"a nested query's cost is told", test_cost_told},
        {"rule reserve", test_rule_reserve},
        {"rule forbid", test_rule_forbid},
        {"the rules of the second wonder", test_rules_of_the_second_wonder},
        {"the second wonder in every turn", test_second_wonder_in_every_turn},
        {"a monastery complete with 8 around it", test_a_monastery_complete_with_8},
        {"the sets hold every member", test_sets_hold_every_member},
        {"reads of their own", test_reads_of_their_own},
        {"two wonders' hand rules", test_two_wonders_hand_rules},
        {"a scoped weight from its start", test_a_scoped_weight_from_its_start},
        {"a failed statement pays nothing", test_failed_statement_pays_nothing},
        {"around is not the same square", test_around_is_not_the_same_square},
        {"a value table's rows include their ends", test_value_table_edges},
        {"rule hand bottom", test_rule_hand_bottom},
        {"rule hand keep", test_rule_hand_keep},
        {"fuzz regressions", test_fuzz_regressions},
        {"a placed tile's reads", test_tile_placed_reads},
        {"counters apart, and their range", test_counters_apart_and_their_range},
        {"completed hears its kind only", test_completed_hears_its_kind},
        {"the remainder", test_remainder},
        {"another player wins", test_another_player_wins},
        {"a filter with the variable on both sides", test_filter_both_sides_the_variable},
        {"rule weight of the large meeple and the abbot", test_rule_weight_large_and_abbot},
        {"lines on a wide board", test_lines_on_a_wide_board},
        {"lines at the board's edges", test_lines_at_the_boards_edges},
        {"lines on a tall board", test_lines_on_a_tall_board},
        {"lines at the masks' end", test_lines_at_the_masks_end},
        {"lines far west and north, walked", test_lines_far_west_and_north},
        {"an empty max, every player", test_empty_max_and_every_player},
        {"once per handler, of eight", test_once_per_handler_of_eight},
        {"every wonder plays within bounds", test_wonders_play_within_bounds},
        {NULL, NULL},
    };
    return register_suite("language", cases);
}
