/*
** test_players.c -- the duel's arithmetic on counts whose answer is known
** (Wilson intervals computed by hand, a mean and its interval), and the
** mcts search: the same seed gives the same answer, and its answer is a
** legal move.
*/
#include "suites.h"
#include "../runtime/cli/duel.h"
#include "../runtime/cli/mcts.h"
#include "../runtime/tileset.h"
#include "tiles.h"

#include <math.h>
#include <stdlib.h>

static void test_wilson_on_known_counts(void)
{
    double lo, hi;
    wr_wilson(0, 10, &lo, &hi);
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.27754, 1e-5);
    wr_wilson(5, 10, &lo, &hi);
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.23659, 1e-5);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.76341, 1e-5);
    wr_wilson(90, 100, &lo, &hi);
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.82563, 1e-5);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.94477, 1e-5);
    wr_wilson(10, 10, &lo, &hi);
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.72246, 1e-5);
    CU_ASSERT_DOUBLE_EQUAL(hi, 1.0, 1e-9);
    wr_wilson(0, 0, &lo, &hi);
    CU_ASSERT_EQUAL(lo, 0);
    CU_ASSERT_EQUAL(hi, 0);
}

static void test_mean_and_its_interval(void)
{
    /* 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7 */
    double v[] = {2, 4, 4, 4, 5, 5, 7, 9}, sum = 0, sum_sq = 0, mean, half;
    for (int i = 0; i < 8; i++) {
        sum += v[i];
        sum_sq += v[i] * v[i];
    }
    wr_mean_interval(sum, sum_sq, 8, &mean, &half);
    CU_ASSERT_DOUBLE_EQUAL(mean, 5.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(half, 1.96 * sqrt(32.0 / 7.0) / sqrt(8.0), 1e-12);
    wr_mean_interval(3, 9, 1, &mean, &half);
    CU_ASSERT_DOUBLE_EQUAL(mean, 3.0, 1e-12);
    CU_ASSERT_EQUAL(half, 0);
}

/* The opening of a 2-player base game with every wonder beside the track. */
static wh_match_t *opening(uint64_t seed)
{
    static const uint32_t base[] = {0};
    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_bag_t bag;
    int start;
    CU_ASSERT_FATAL(wh_bag_deal(&bag, &wh_tileset, base, 1, &rng, &start) == WH_OK);
    uint16_t wonders[16];
    size_t n = wh_tile_wonders(&wh_tileset, wonders, 16);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n, .wonders = wonders,
                             .n_wonders = n, .start_tile = start};
    wh_match_t *m = calloc(1, sizeof *m);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_FATAL(wh_match_init(m, &wh_tileset, &cfg) == WH_OK);
    return m;
}

static void test_the_search_is_deterministic(void)
{
    wh_match_t *m = opening(5);
    uint16_t tile = m->pile[0];
    wh_placement_t options[256];
    size_t n = wh_game_placements(&m->game, tile, options, 256);
    CU_ASSERT_FATAL(n > 1 && n <= 256);
    size_t answer[2];
    int meeple[2];
    uint64_t playouts[2];
    for (int run = 0; run < 2; run++) {
        wr_mcts *t = wr_mcts_new(300);
        wh_rng_t rng;
        wh_rng_seed(&rng, 42);
        answer[run] = wr_mcts_placement(t, &rng, m, tile, options, n);
        CU_ASSERT(answer[run] < n);
        /* the planned meeple, on the tile the search placed */
        wh_game_t g;
        g = m->game;
        CU_ASSERT_FATAL(wh_game_place_tile(&g, tile, options[answer[run]].x, options[answer[run]].y,
                                           options[answer[run]].rotation) == WH_OK);
        uint8_t opts[WH_MAX_MEEPLE_OPTIONS];
        size_t k = wh_game_meeple_options(&g, opts, WH_MAX_MEEPLE_OPTIONS);
        meeple[run] = wr_mcts_meeple(t, m, opts, k);
        CU_ASSERT(meeple[run] >= -1 && meeple[run] <= (int)k);
        playouts[run] = wr_mcts_playouts(t);
        wr_mcts_free(t);
    }
    CU_ASSERT_EQUAL(answer[0], answer[1]);
    CU_ASSERT_EQUAL(meeple[0], meeple[1]);
    CU_ASSERT_EQUAL(playouts[0], 300);
    CU_ASSERT_EQUAL(playouts[1], 300);
    free(m);
}

bool register_player_tests(void)
{
    static const test_case cases[] = {
        {"Wilson intervals on known counts", test_wilson_on_known_counts},
        {"a mean and its interval", test_mean_and_its_interval},
        {"the search is deterministic", test_the_search_is_deterministic},
        {NULL, NULL},
    };
    return register_suite("players", cases);
}
