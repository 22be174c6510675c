/*
** test_lab.c -- the lab's public API (runtime/lab.h): seats named and
** seated in a match the caller drives, the same match for the same seed;
** a duel, a simulation and a balance run that say what the lab's own
** files say, the same for any number of threads; what each refuses.
*/
#include "suites.h"
#include "../runtime/lab.h"
#include "../runtime/lab/duel.h"
#include "../runtime/tileset.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>

static const uint32_t base[] = {WH_PACK_BASE};

/* The first n wonders of the tile set; @returns how many there are of them. */
static size_t first_wonders(uint16_t *out, size_t n)
{
    size_t k = 0;
    for (uint32_t t = 0; t < wh_tileset.n_tiles && k < n; t++)
        if (wh_tileset.tiles[t].kind == WH_TILE_WONDER)
            out[k++] = (uint16_t)t;
    return k;
}

static void test_seats_by_name(void)
{
    for (int s = 0; s < WH_N_SEATS; s++)
        CU_ASSERT_EQUAL(wh_seat_parse(wh_seat_name((wh_seat_t)s)), s);
    CU_ASSERT_STRING_EQUAL(wh_seat_name(WH_SEAT_MCTS_NOREUSE), "mcts-noreuse");
    CU_ASSERT_EQUAL(wh_seat_parse("grandmaster"), -1);
    CU_ASSERT_STRING_EQUAL(wh_seat_name(WH_N_SEATS), "?");
    wh_seat_t bad[2] = {WH_SEAT_PLANNER, WH_N_SEATS};
    CU_ASSERT_PTR_NULL(wh_seats_new(bad, 2, NULL));
    CU_ASSERT_PTR_NULL(wh_seats_new(bad, 1, NULL));
    CU_ASSERT_PTR_NULL(wh_seats_new(bad, 2, &(wh_lab_budget_t){.think = WH_LAB_MAX_THINK + 1}));
}

/* A match of the base game with every seat kind but the searches, played twice from one seed. */
static void test_seats_play_a_match(void)
{
    wh_seat_t kinds[4] = {WH_SEAT_RANDOM, WH_SEAT_GREEDY, WH_SEAT_THRIFTY, WH_SEAT_PLANNER};
    wh_seats_t *seats = wh_seats_new(kinds, 4, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(seats);
    wh_match_t *m = calloc(1, sizeof *m);
    int32_t first[4];
    for (int round = 0; round < 2; round++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, 77);
        wh_bag_t bag;
        int start;
        CU_ASSERT_EQUAL_FATAL(wh_bag_deal(&bag, &wh_tileset, base, 1, &rng, &start), WH_OK);
        wh_match_config_t cfg = {.players = 4, .variant = 1, .pile = bag.tile, .n_pile = bag.n, .start_tile = start};
        CU_ASSERT_EQUAL_FATAL(wh_seats_play(seats, m, &wh_tileset, &cfg, 5, NULL), WH_OK);
        CU_ASSERT(m->over);
        /* every land tile of the pile is on the board or was set aside as fitting nowhere */
        CU_ASSERT(wh_game_tile_count(&m->game) >= 2);
        for (int p = 0; p < 4; p++) {
            if (round == 0)
                first[p] = wh_game_score(&m->game, p);
            else
                CU_ASSERT_EQUAL(wh_game_score(&m->game, p), first[p]);
        }
        wh_match_config_t three = cfg;
        three.players = 3;
        CU_ASSERT_EQUAL(wh_seats_play(seats, m, &wh_tileset, &three, 5, NULL), WH_ERR_RANGE);
    }
    free(m);
    wh_seats_free(seats);
    wh_seats_free(NULL);
}

/* The planner against random: the duel's sums are the lab's own, its
** intervals computed from them; the planner, who looks ahead, wins most. */
static void test_a_duel(void)
{
    uint16_t wonders[WH_MATCH_MAX_WONDERS];
    size_t n = first_wonders(wonders, WH_MATCH_MAX_WONDERS);
    wh_duel_config_t c = {.set = &wh_tileset, .a = WH_SEAT_PLANNER, .b = WH_SEAT_RANDOM, .packs = base, .n_packs = 1,
                          .wonders = wonders, .n_wonders = n, .seed = 3, .games = 8, .jobs = 2};
    wh_duel_result_t r, one;
    char problem[WH_LAB_PROBLEM];
    CU_ASSERT_EQUAL_FATAL(wh_duel(&c, &r, problem), WH_LAB_OK);
    CU_ASSERT_EQUAL(r.games, 8);
    CU_ASSERT(r.wins >= 6); /* random players score little: the planner loses a game rarely */
    CU_ASSERT_DOUBLE_EQUAL(r.win_rate, r.wins / 8, 1e-12);
    double lo, hi;
    wh_wilson(r.wins, 8, &lo, &hi);
    CU_ASSERT_DOUBLE_EQUAL(r.win_lo, lo, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.win_hi, hi, 1e-12);
    CU_ASSERT(r.margin_lo <= r.margin && r.margin <= r.margin_hi && r.margin > 0);
    CU_ASSERT_EQUAL(r.verdict, WH_SPRT_CONTINUE);
    c.jobs = 1; /* the same games on one thread */
    CU_ASSERT_EQUAL_FATAL(wh_duel(&c, &one, problem), WH_LAB_OK);
    CU_ASSERT(one.wins == r.wins && one.margin == r.margin && one.first_wins == r.first_wins);
    /* the lab's duel, called as the command calls it, sums the same games */
    wr_duel_setup d = {.set = &wh_tileset, .a = WR_PLANNER, .b = WR_RANDOM, .packs = base, .n_packs = 1,
                       .wonders = wonders, .n_wonders = (int)n, .seed = 3, .deals = 4,
                       .budget = {.think = WR_MCTS_THINK}, .jobs = 1};
    wr_duel_result inner;
    CU_ASSERT_EQUAL_FATAL(wr_duel(&d, &inner, problem), WR_LAB_OK);
    CU_ASSERT(inner.wins == r.wins && inner.first_wins == r.first_wins && inner.deals == 4);
    /* a sequential test that decides: planner against random, H1 a win rate of 0.9 */
    c.sprt = true;
    c.p0 = 0.5;
    c.p1 = 0.9;
    c.alpha = c.beta = 0.05;
    c.games = 200;
    CU_ASSERT_EQUAL_FATAL(wh_duel(&c, &r, problem), WH_LAB_OK);
    CU_ASSERT_EQUAL(r.verdict, WH_SPRT_H1);
    CU_ASSERT(r.llr >= r.upper && r.games < 200 && r.games % (2 * WH_SPRT_BATCH) == 0);
    c.games = 7;
    CU_ASSERT_EQUAL(wh_duel(&c, &r, problem), WH_LAB_FAILED);
    CU_ASSERT(strstr(problem, "even") != NULL);
    c.games = 8;
    c.p1 = c.p0;
    CU_ASSERT_EQUAL(wh_duel(&c, &r, problem), WH_LAB_FAILED);
}

/* Random matches: counts that can only shrink (placed <= taken <= offered
** <= games), the same for any number of threads. */
static void test_a_simulation(void)
{
    uint16_t wonders[4];
    int n = (int)first_wonders(wonders, 4);
    wh_sim_config_t c = {.set = &wh_tileset, .games = 30, .players = 3, .seed = 9, .packs = base, .n_packs = 1,
                         .wonders = wonders, .n_wonders = n, .wonders_per_game = 2, .variant = 1, .jobs = 2};
    wh_sim_result_t *r = calloc(2, sizeof *r);
    char problem[WH_LAB_PROBLEM];
    CU_ASSERT_EQUAL_FATAL(wh_simulate(&c, &r[0], problem), WH_LAB_OK);
    CU_ASSERT_EQUAL(r[0].games, 30);
    CU_ASSERT_EQUAL(r[0].n, n);
    uint64_t offered = 0;
    for (int i = 0; i < r[0].n; i++) {
        const wh_sim_wonder_t *w = &r[0].w[i];
        CU_ASSERT(w->placed <= w->taken && w->taken <= w->offered && w->offered <= 30 && w->owner_wins <= w->taken);
        CU_ASSERT_STRING_EQUAL(w->id, wh_string(&wh_tileset, wh_tileset.tiles[wonders[i]].id));
        offered += w->offered;
    }
    CU_ASSERT_EQUAL(offered, 2 * 30); /* two of them set out each game */
    c.jobs = 1;
    CU_ASSERT_EQUAL_FATAL(wh_simulate(&c, &r[1], problem), WH_LAB_OK);
    CU_ASSERT(!memcmp(&r[0], &r[1], sizeof *r));
    c.variant = 3;
    CU_ASSERT_EQUAL(wh_simulate(&c, &r[1], problem), WH_LAB_FAILED);
    free(r);
}

/* A balance run: its estimates, ranked, the same for any number of
** threads; a wonder against itself as baseline gains exactly nothing. */
static void test_a_balance_run(void)
{
    uint16_t wonders[3];
    int n = (int)first_wonders(wonders, 3);
    wh_seat_t seats[2] = {WH_SEAT_GREEDY, WH_SEAT_GREEDY};
    wh_balance_config_t c = {.set = &wh_tileset, .games = 6, .players = 2, .seats = seats, .seed = 4, .packs = base,
                             .n_packs = 1, .candidates = wonders, .n_candidates = n, .baseline = wonders[0],
                             .jobs = 2};
    wh_balance_result_t *r = calloc(2, sizeof *r);
    char problem[WH_LAB_PROBLEM];
    CU_ASSERT_EQUAL_FATAL(wh_balance(&c, &r[0], problem), WH_LAB_OK);
    CU_ASSERT_EQUAL(r[0].games, 6);
    CU_ASSERT_EQUAL(r[0].n, n);
    CU_ASSERT_EQUAL(r[0].references, 4); /* the curve's, by default: 5, 10, 20 and 40 points */
    CU_ASSERT(r[0].flat[0] == 5 && r[0].flat[1] == 10 && r[0].flat[2] == 20 && r[0].flat[3] == 40);
    CU_ASSERT_DOUBLE_EQUAL(r[0].c[0].margin.mean, 0, 1e-12); /* the baseline against itself */
    CU_ASSERT_DOUBLE_EQUAL(r[0].c[0].margin.half, 0, 1e-12);
    for (int k = 1; k < n; k++) /* best effect first */
        CU_ASSERT(r[0].c[r[0].order[k - 1]].effect_margin.mean >= r[0].c[r[0].order[k]].effect_margin.mean);
    c.jobs = 1;
    CU_ASSERT_EQUAL_FATAL(wh_balance(&c, &r[1], problem), WH_LAB_OK);
    CU_ASSERT(!memcmp(&r[0], &r[1], sizeof *r));
    c.rank_by_tile = true; /* the same games, ranked by the whole tile */
    CU_ASSERT_EQUAL_FATAL(wh_balance(&c, &r[1], problem), WH_LAB_OK);
    for (int k = 1; k < n; k++)
        CU_ASSERT(r[1].c[r[1].order[k - 1]].margin.mean >= r[1].c[r[1].order[k]].margin.mean);
    CU_ASSERT_DOUBLE_EQUAL(r[1].c[1].effect_margin.mean, r[0].c[1].effect_margin.mean, 1e-12);
    uint16_t land = 0; /* a land tile is no candidate */
    while (wh_tileset.tiles[land].kind == WH_TILE_WONDER)
        land++;
    c.candidates = &land;
    c.n_candidates = 1;
    CU_ASSERT_EQUAL(wh_balance(&c, &r[1], problem), WH_LAB_FAILED);
    CU_ASSERT(strstr(problem, "not a wonder") != NULL);
    c.candidates = wonders;
    c.n_candidates = n;
    c.calibration = WH_CALIBRATION_POINT; /* one reference, at 10 points */
    CU_ASSERT_EQUAL_FATAL(wh_balance(&c, &r[1], problem), WH_LAB_OK);
    CU_ASSERT(r[1].references == 1 && r[1].flat[0] == 10);
    c.calibration = WH_CALIBRATION_NONE;
    CU_ASSERT_EQUAL_FATAL(wh_balance(&c, &r[1], problem), WH_LAB_OK);
    CU_ASSERT(r[1].references == 0 && !r[1].c[1].has_flat);
    c.calibration = (wh_calibration_t)3;
    CU_ASSERT_EQUAL(wh_balance(&c, &r[1], problem), WH_LAB_FAILED);
    CU_ASSERT(strstr(problem, "curve, point or none") != NULL);
    free(r);
}

bool register_lab_tests(void)
{
    static const test_case cases[] = {
        {"seats by name, and what wh_seats_new refuses", test_seats_by_name},
        {"seats play a match, the same for the same seed", test_seats_play_a_match},
        {"a duel: the lab's sums, intervals, the sequential test", test_a_duel},
        {"a simulation: counts that hold, any number of threads", test_a_simulation},
        {"a balance run: estimates, ranked, any number of threads", test_a_balance_run},
        {NULL, NULL},
    };
    return register_suite("lab (runtime/lab.h)", cases);
}
