/*
** test_runtime.c -- the board and its rules: legal placements (against
** brute force, for every wonder in every rotation), features across the
** squares of wonders, meeples on wonders, and the rejection of every
** illegal request with the game left exactly as it was.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"
#include "../runtime/tileset.h"

#include <stdlib.h>
#include <string.h>

/* ---- illegal requests leave the game unchanged ------------------------- */

#define EXPECT_REJECTED(g, call, status)                          \
    do {                                                          \
        wh_game_t *before_ = malloc(sizeof *before_);             \
        CU_ASSERT_FATAL(before_ != NULL);                         \
        memcpy(before_, (g), sizeof *before_);                    \
        CU_ASSERT_EQUAL((call), (status));                        \
        CU_ASSERT_EQUAL(memcmp(before_, (g), sizeof *before_), 0); \
        free(before_);                                            \
    } while (0)

static void test_illegal_tiles_are_rejected(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 0, 0, 0), WH_ERR_OCCUPIED);
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 5, 5, 0), WH_ERR_NOT_ADJACENT);
    /* E's city (north) against D's road (east side of the start tile) */
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 1, 0, 3), WH_ERR_MISMATCH);
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_N_TILES, 0, -1, 0), WH_ERR_RANGE);
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 0, -1, 4), WH_ERR_RANGE);
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 0, -1, -1), WH_ERR_RANGE);
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 40000, 0, 0), WH_ERR_RANGE);
    /* a wonder overlapping the start tile */
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_WONDERS_SET2_ABU_SIMBEL, -2, 0, 0), WH_ERR_OCCUPIED);
    EXPECT_REJECTED(g, wh_game_place_meeple(g, 0), WH_ERR_PHASE);
    EXPECT_REJECTED(g, wh_game_place_marker(g), WH_ERR_PHASE);
    EXPECT_REJECTED(g, wh_game_end_turn(g, NULL), WH_ERR_PHASE);
    CU_ASSERT_EQUAL(wh_game_place_tile(g, WH_TILE_BASE_E, 0, -1, 2), WH_OK); /* city closes D's */
    EXPECT_REJECTED(g, wh_game_place_tile(g, WH_TILE_BASE_E, 1, -1, 0), WH_ERR_PHASE);
    EXPECT_REJECTED(g, wh_game_final_score(g, NULL), WH_ERR_PHASE);
    free(g);
}

static void test_illegal_meeples_are_rejected(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    uint8_t road = local_of(&wh_tileset, "base.U", "r");
    CU_ASSERT_EQUAL(wh_game_place_tile(g, WH_TILE_BASE_U, 1, 0, 0), WH_OK); /* extends D's road */
    EXPECT_REJECTED(g, wh_game_place_meeple(g, 9), WH_ERR_RANGE);
    EXPECT_REJECTED(g, wh_game_place_marker(g), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, road), WH_OK);
    EXPECT_REJECTED(g, wh_game_place_meeple(g, 0), WH_ERR_MEEPLE_LIMIT); /* one per land tile */
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_tile(g, WH_TILE_BASE_U, -1, 0, 0), WH_OK); /* same road, west */
    EXPECT_REJECTED(g, wh_game_place_meeple(g, road), WH_ERR_FEATURE_OCCUPIED);
    uint8_t options[8];
    size_t n = wh_game_meeple_options(g, options, 8);
    CU_ASSERT_EQUAL(n, 2); /* the two fields, not the occupied road */
    for (size_t i = 0; i < n && i < 8; i++)
        CU_ASSERT_NOT_EQUAL(options[i], road);
    free(g);

    /* a player with an empty supply */
    wh_game_t *h = malloc(sizeof *h);
    CU_ASSERT_FATAL(h != NULL);
    wh_game_config_t cfg = {.players = 2, .meeples = 0, .start_tile = -1};
    CU_ASSERT_EQUAL(wh_game_init(h, &wh_tileset, &cfg), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_tile(h, WH_TILE_BASE_U, 1, 0, 0), WH_OK);
    EXPECT_REJECTED(h, wh_game_place_meeple(h, road), WH_ERR_NO_MEEPLE);
    CU_ASSERT_EQUAL(wh_game_meeple_options(h, options, 8), 0);
    free(h);
}

static void test_bad_configurations(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    wh_game_config_t one = {.players = 1, .meeples = 7, .start_tile = -1}, seven = {.players = 7, .meeples = 7, .start_tile = -1}, bad_start = {.players = 2, .meeples = 7, .start_tile = 100000};
    CU_ASSERT_EQUAL(wh_game_init(g, &wh_tileset, &one), WH_ERR_RANGE);
    CU_ASSERT_EQUAL(wh_game_init(g, &wh_tileset, &seven), WH_ERR_RANGE);
    CU_ASSERT_EQUAL(wh_game_init(g, &wh_tileset, &bad_start), WH_ERR_RANGE);
    CU_ASSERT_STRING_EQUAL(wh_status_text(WH_ERR_MISMATCH), "a side does not match its neighbour");
    free(g);
}

/* ---- legal placements ---------------------------------------------------- */

static int cmp_placement(const void *a, const void *b)
{
    const wh_placement_t *p = a, *q = b;
    if (p->x != q->x)
        return p->x - q->x;
    if (p->y != q->y)
        return p->y - q->y;
    return p->rotation - q->rotation;
}

/* The listed placements are exactly those that pass the single check over
** a window around the board, each once. */
static void assert_placements_complete(const wh_game_t *g, uint32_t tile, int radius)
{
    enum { CAP = 8192 };
    wh_placement_t *listed = malloc(CAP * sizeof *listed), *brute = malloc(CAP * sizeof *brute);
    CU_ASSERT_FATAL(listed && brute);
    size_t n = wh_game_placements(g, tile, listed, CAP);
    CU_ASSERT_FATAL(n <= CAP);
    size_t m = 0;
    for (int x = -radius; x <= radius; x++)
        for (int y = -radius; y <= radius; y++)
            for (int r = 0; r < 4; r++)
                if (wh_game_check_placement(g, tile, x, y, r) == WH_OK && m < CAP)
                    brute[m++] = (wh_placement_t){(int16_t)x, (int16_t)y, (uint8_t)r, 0};
    qsort(listed, n, sizeof *listed, cmp_placement);
    qsort(brute, m, sizeof *brute, cmp_placement);
    CU_ASSERT_EQUAL(n, m);
    CU_ASSERT_TRUE(n == m && memcmp(listed, brute, n * sizeof *listed) == 0);
    CU_ASSERT_EQUAL(wh_game_can_place(g, tile), n > 0);
    free(listed);
    free(brute);
}

static void test_land_placements_match_brute_force(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    for (uint32_t t = 0; t < WH_N_TILES; t++)
        if (wh_tileset.tiles[t].kind == WH_TILE_LAND)
            assert_placements_complete(g, t, 4);
    /* D at the origin: E fits above (city south) and nowhere the city meets a road */
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_BASE_E, 0, -1, 2), WH_OK);
    CU_ASSERT_EQUAL(wh_game_check_placement(g, WH_TILE_BASE_E, 0, -1, 0), WH_ERR_MISMATCH);
    free(g);
}

/* The set's wonders, from the linked tables: a wonder added in tiles/ is
** tested here too. */
static size_t project_wonders(uint16_t *out, size_t max)
{
    size_t n = wh_tile_wonders(&wh_tileset, out, max);
    CU_ASSERT_FATAL(n >= 1 && n <= max);
    return n;
}

/* Every wonder, all 4 rotations, next to land tiles. */
static void test_wonder_placements_next_to_land(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    uint16_t wonders[WH_N_TILES];
    size_t n_wonders = project_wonders(wonders, WH_N_TILES);
    for (size_t w = 0; w < n_wonders; w++) {
        assert_placements_complete(g, wonders[w], 8);
        CU_ASSERT_TRUE(wh_game_can_place(g, wonders[w]));
    }
    free(g);
}

/* Every wonder next to another wonder (edge to edge is allowed: FAQ 10/2023). */
static void test_wonder_placements_next_to_a_wonder(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    uint16_t wonders[WH_N_TILES];
    size_t n_wonders = project_wonders(wonders, WH_N_TILES);
    for (size_t a = 0; a < n_wonders; a++) {
        project_game(g, 2);
        wh_placement_t first;
        CU_ASSERT_FATAL(wh_game_placements(g, wonders[a], &first, 1) >= 1);
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, wonders[a], first.x, first.y, first.rotation), WH_OK);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
        size_t b = (a + 3) % n_wonders;
        assert_placements_complete(g, wonders[b], 10);
        /* at least one placement shares a side with the first wonder only */
        wh_placement_t p[2048];
        size_t n = wh_game_placements(g, wonders[b], p, 2048);
        bool touches_wonder = false;
        for (size_t i = 0; i < n && i < 2048 && !touches_wonder; i++) {
            const wh_tile_t *t = &wh_tileset.tiles[wonders[b]];
            for (uint32_t s = 0; s < t->n_squares; s++) {
                const wh_square_t *sq = &wh_tileset.squares[t->first_square + s];
                int x = p[i].x + sq->dx[p[i].rotation], y = p[i].y + sq->dy[p[i].rotation];
                static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
                for (int d = 0; d < 4; d++)
                    if (wh_game_tile_on(g, x + dx[d], y + dy[d], NULL) == 1)
                        touches_wonder = true;
            }
        }
        CU_ASSERT_TRUE(touches_wonder);
    }
    free(g);
}

/* ---- features across the squares of wonders ---------------------------- */

/* A wonder's city or road counts each of its squares, plus D's square when
** it joins D's feature. */
static void test_wonder_features_count_every_square(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    uint16_t wonders[WH_N_TILES];
    size_t n_wonders = project_wonders(wonders, WH_N_TILES);
    for (size_t w = 0; w < n_wonders; w++) {
        project_game(g, 2);
        wh_placement_t p[64];
        size_t n = wh_game_placements(g, wonders[w], p, 64);
        for (size_t k = 0; k < n && k < 64; k += 7) {
            project_game(g, 2);
            CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, wonders[w], p[k].x, p[k].y, p[k].rotation), WH_OK);
            const wh_tile_t *t = &wh_tileset.tiles[wonders[w]];
            for (uint8_t f = 0; f < t->n_features; f++) {
                const wh_feature_t *ft = &wh_tileset.features[t->first_feature + f];
                wh_feature_info_t info;
                int id = wh_game_feature_of(g, 1, f);
                CU_ASSERT_FATAL(wh_game_feature(g, id, &info));
                bool joins_d = false;
                for (uint8_t d = 0; d < 4; d++)
                    joins_d |= wh_game_same_feature(g, id, wh_game_feature_of(g, 0, d));
                unsigned mask = 0; /* two of its features may have joined through D */
                for (uint8_t o = 0; o < t->n_features; o++)
                    if (wh_game_same_feature(g, id, wh_game_feature_of(g, 1, o)))
                        mask |= wh_tileset.features[t->first_feature + o].squares;
                CU_ASSERT_EQUAL(info.kind, ft->kind);
                CU_ASSERT_EQUAL(info.squares, __builtin_popcount(mask) + (joins_d ? 1 : 0));
                CU_ASSERT_TRUE(info.squares >= ft->n_squares);
            }
        }
    }
    free(g);
}

/* A city closed by a wonder: Stonehenge's one-square city caps D's city. */
static void test_city_closed_by_a_wonder(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    /* turned half way, square tr lands on (0, -1) with its city facing south */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_STONEHENGE, 2, -1, 2), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, local_of(&wh_tileset, "wonders_set1.stonehenge", "town")), WH_OK);
    wh_feature_info_t info;
    CU_ASSERT_TRUE(wh_game_feature(g, wh_game_feature_at(g, 0, 0, WH_DIR_N, WH_SLOT_M), &info));
    CU_ASSERT_TRUE(info.complete);
    CU_ASSERT_EQUAL(info.squares, 2);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    TEST_POINTS(wh_game_score(g, 0), 4);
    free(g);
}

/* The Alhambra below D, its 3-square city closed by three caps. */
static void alhambra_board(wh_game_t *g, const char *farmer)
{
    project_game(g, 2);
    const wh_tileset_t *set = &wh_tileset;
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_ALHAMBRA, 0, 1, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, local_of(set, "wonders_set1.alhambra", farmer)), WH_OK);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    turn(g, set, "base.E", -1, 1, 1, -1, NULL);
    turn(g, set, "base.E", -1, 2, 1, -1, NULL);
    turn(g, set, "base.E", -1, 3, 1, -1, NULL);
}

/* Points of the final scoring that did not come from a wonder's effect: the
** Alhambra's own value is test_effects.c's concern, so an erratum to it
** does not touch this test about fields. */
static int32_t field_points_of_final_scoring(wh_game_t *g, int32_t *wonder_points)
{
    event_log log;
    wh_score_sink_t sink = log_sink(&log);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    int32_t fields = 0;
    *wonder_points = 0;
    for (int i = 0; i < log.n; i++)
        if (log.e[i].winners & 1u) /* P0 */
            *(log.e[i].reason == WH_REASON_WONDER ? wonder_points : &fields) += log.e[i].points;
    return fields;
}

/* FAQ (3/2024): the field between the roads touches only the wonder. */
static void test_field_touching_only_a_wonder(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    alhambra_board(g, "north");
    wh_feature_info_t city;
    CU_ASSERT_TRUE(wh_game_feature(g, wh_game_feature_at(g, 0, 2, WH_DIR_W, WH_SLOT_M), &city));
    CU_ASSERT_TRUE(city.complete);
    CU_ASSERT_EQUAL(city.squares, 6);
    int32_t bonus;
    TEST_POINTS(field_points_of_final_scoring(g, &bonus), 3); /* the north field touches the completed city */
    CU_ASSERT_TRUE(bonus > 0); /* P0 placed the Alhambra: its farmer pays there too */

    alhambra_board(g, "between_roads");
    TEST_POINTS(field_points_of_final_scoring(g, &bonus), 0); /* the field between the roads touches no city */
    CU_ASSERT_TRUE(bonus > 0);
    free(g);
}

/* "Each square space on a wonder tile counts as a separate tile when
** scoring monasteries." */
static void test_monastery_next_to_a_wonder(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    turn(g, &wh_tileset, "wonders_set1.alhambra", 0, 1, 0, -1, NULL);
    turn(g, &wh_tileset, "base.A", 1, 2, 0, local_of(&wh_tileset, "base.A", "m"), NULL);
    wh_feature_info_t info;
    CU_ASSERT_TRUE(wh_game_feature(g, wh_game_feature_of(g, 2, 0), &info));
    CU_ASSERT_EQUAL(info.kind, WH_KIND_MONASTERY);
    CU_ASSERT_EQUAL(info.open, 8 - 5); /* lt, lm, lb, bc and br of the Alhambra */
    CU_ASSERT_EQUAL(wh_game_final_score(g, NULL), WH_OK);
    TEST_POINTS(wh_game_score(g, 1), 1 + 5);
    free(g);
}

/* "up to 2 meeples on different unoccupied features"; the marker stands on
** the area and never returns. */
static void test_two_meeples_and_a_marker_on_a_wonder(void)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    project_game(g, 2);
    const wh_tileset_t *set = &wh_tileset;
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_WONDERS_SET1_ALHAMBRA, 0, 1, 0), WH_OK);
    uint8_t walls = local_of(set, "wonders_set1.alhambra", "walls");
    uint8_t east = local_of(set, "wonders_set1.alhambra", "east");
    uint8_t palace = local_of(set, "wonders_set1.alhambra", "palace");
    CU_ASSERT_EQUAL(wh_game_place_marker(g), WH_OK);
    EXPECT_REJECTED(g, wh_game_place_marker(g), WH_ERR_MEEPLE_LIMIT);
    EXPECT_REJECTED(g, wh_game_place_meeple(g, palace), WH_ERR_NOT_A_FEATURE);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, walls), WH_OK);
    EXPECT_REJECTED(g, wh_game_place_meeple(g, walls), WH_ERR_FEATURE_OCCUPIED);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, east), WH_OK);
    EXPECT_REJECTED(g, wh_game_place_meeple(g, local_of(set, "wonders_set1.alhambra", "inner")), WH_ERR_MEEPLE_LIMIT);
    CU_ASSERT_EQUAL(wh_game_supply(g, 0), 7 - 3);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_final_score(g, NULL), WH_OK);
    TEST_POINTS(wh_game_score(g, 0), 3 + 1 + 0); /* city 3 squares; road 1 square */
    free(g);
}

/* ---- games are values ---------------------------------------------------- */

static void test_copies_and_two_games_are_independent(void)
{
    wh_game_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    CU_ASSERT_FATAL(a && b);
    project_game(a, 2);
    turn(a, &wh_tileset, "base.E", 0, -1, 2, 0, NULL);
    *b = *a; /* a copy is a plain assignment */
    turn(b, &wh_tileset, "base.U", 1, 0, 0, -1, NULL);
    CU_ASSERT_EQUAL(wh_game_tile_count(a), 2);
    CU_ASSERT_EQUAL(wh_game_tile_count(b), 3);
    TEST_POINTS(wh_game_score(a, 0), 4);
    CU_ASSERT_EQUAL(wh_game_current(a), 1);
    CU_ASSERT_EQUAL(wh_game_current(b), 0);
    CU_ASSERT_TRUE(sizeof(wh_game_t) <= 64 * 1024);
    free(a);
    free(b);
}

/* The board holds WH_MAX_PLACED tiles (wonders.h), the start tile among
** them: a column of meadows north of the start tile fills it, and one more
** is refused before anything changes. */
static void test_a_full_board_refuses_a_tile(void)
{
    test_build b;
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    scenario_game(&b, g, 2);
    uint32_t meadow = tile_id(&b.set, "t.meadow");
    for (int y = -1; y > -WH_MAX_PLACED; y--) {
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, meadow, 0, y, 0), WH_OK);
        CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
    }
    CU_ASSERT_EQUAL(wh_game_tile_count(g), WH_MAX_PLACED);
    CU_ASSERT_EQUAL(wh_game_place_tile(g, meadow, 0, -WH_MAX_PLACED, 0), WH_ERR_CAPACITY);
    CU_ASSERT_EQUAL(wh_game_tile_count(g), WH_MAX_PLACED);
    free(g);
    test_build_free(&b);
}

/* Every rule has its word (the records' and the options'), and what is no
** rule has none. */
static void test_rule_words(void)
{
    for (int r = 0; r < WH_N_RULES; r++)
        CU_ASSERT_PTR_NOT_NULL(wh_rule_word((wh_rule_t)r));
    CU_ASSERT_PTR_NULL(wh_rule_word((wh_rule_t)WH_N_RULES));
    CU_ASSERT_PTR_NULL(wh_rule_word((wh_rule_t)-1));
}

/* Every reason of a score event has a name of its own, and a value that is
** no reason reads "unknown" (wonders.h, wh_reason_text). */
static void test_reason_names(void)
{
    for (int r = 0; r < WH_N_REASONS; r++) {
        CU_ASSERT_STRING_NOT_EQUAL(wh_reason_text((wh_reason_t)r), "unknown");
        for (int q = 0; q < r; q++)
            CU_ASSERT_STRING_NOT_EQUAL(wh_reason_text((wh_reason_t)r), wh_reason_text((wh_reason_t)q));
    }
    CU_ASSERT_STRING_EQUAL(wh_reason_text((wh_reason_t)WH_N_REASONS), "unknown");
}

/* wh_game_restart: "a new game ... with the same tile set and
** configuration", whatever the old one was doing.  P0's meeple is on
** base.U's road, P1 has placed a tile and stands in its meeple phase, a
** meeple placed: after the restart it is player 0's first turn again, on
** the start tile alone, with full supplies, and P0 may place a meeple on
** the tile of that turn, as in a game just begun. */
static void test_restart_is_a_new_game(void)
{
    wh_game_t *g = malloc(sizeof *g), *fresh = malloc(sizeof *fresh);
    CU_ASSERT_FATAL(g != NULL && fresh != NULL);
    project_game(g, 2);
    project_game(fresh, 2);
    uint8_t road = local_of(&wh_tileset, "base.U", "r");
    turn(g, &wh_tileset, "base.U", 1, 0, 0, road, NULL);                          /* P0 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, WH_TILE_BASE_U, -1, 0, 0), WH_OK); /* P1 */
    CU_ASSERT_EQUAL_FATAL(wh_game_place_meeple(g, local_of(&wh_tileset, "base.U", "f1")), WH_OK);
    wh_game_restart(g);
    CU_ASSERT_EQUAL(wh_game_current(g), 0);
    CU_ASSERT_EQUAL(wh_game_phase(g), WH_PHASE_TILE);
    CU_ASSERT_EQUAL(wh_game_tile_count(g), 1);
    CU_ASSERT_EQUAL(g->turn, fresh->turn);
    CU_ASSERT_EQUAL(g->meeples_placed, 0);
    for (int p = 0; p < 2; p++) {
        CU_ASSERT_EQUAL(wh_game_supply(g, p), wh_game_supply(fresh, p));
        TEST_POINTS(wh_game_score(g, p), 0);
    }
    CU_ASSERT_EQUAL(wh_game_place_tile(g, WH_TILE_BASE_U, 1, 0, 0), WH_OK);
    CU_ASSERT_EQUAL(wh_game_place_meeple(g, road), WH_OK);
    CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
    CU_ASSERT_EQUAL(wh_game_current(g), 1);
    free(g);
    free(fresh);
}

bool register_runtime_tests(void)
{
    static const test_case cases[] = {
        {"illegal tiles are rejected", test_illegal_tiles_are_rejected},
        {"every reason its name", test_reason_names},
        {"a restart is a new game", test_restart_is_a_new_game},
        {"illegal meeples are rejected", test_illegal_meeples_are_rejected},
        {"bad configurations", test_bad_configurations},
        {"land placements match brute force", test_land_placements_match_brute_force},
        {"wonder placements next to land", test_wonder_placements_next_to_land},
        {"wonder placements next to a wonder", test_wonder_placements_next_to_a_wonder},
        {"wonder features count every square", test_wonder_features_count_every_square},
        {"a city closed by a wonder", test_city_closed_by_a_wonder},
        {"a field touching only a wonder", test_field_touching_only_a_wonder},
        {"a monastery next to a wonder", test_monastery_next_to_a_wonder},
        {"two meeples and a marker on a wonder", test_two_meeples_and_a_marker_on_a_wonder},
        {"copies and two games are independent", test_copies_and_two_games_are_independent},
        {"a full board refuses a tile", test_a_full_board_refuses_a_tile},
        {"the rules' words", test_rule_words},
        {NULL, NULL},
    };
    return register_suite("runtime", cases);
}
