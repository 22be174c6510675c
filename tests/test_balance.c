/*
** test_balance.c -- the balance lab can be trusted (docs/balance.md): a
** wonder of known worth is measured at that worth, a wonder against itself
** at nothing, and the sums do not depend on threads or shards.  The wonders
** of known worth are tests/balance.tiles, played with the base game.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "game_support.h"
#include "suites.h"
#include "../runtime/cli/balance_results.h"
#include "../runtime/tileset.h"

#include <stdlib.h>
#include <string.h>

static const char *const files[] = {"../tiles/base.tiles", "balance.tiles"};

/* what a failed run says (the lab fills it; the tests only see it in a failure) */
static char problem[WR_LAB_PROBLEM];

typedef struct lab {
    test_build b;
    uint32_t base;
    uint16_t flat10, flat0;
    wr_kind_t seats[WH_MAX_PLAYERS];
} lab;

static void lab_open(lab *l)
{
    test_build_files(&l->b, files, 2);
    CU_ASSERT_FATAL(l->b.ok);
    l->base = 0;
    l->flat10 = (uint16_t)wh_tile_find(&l->b.set, "bal.flat10");
    l->flat0 = (uint16_t)wh_tile_find(&l->b.set, "bal.flat0");
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        l->seats[p] = WR_RANDOM;
}

static wr_balance_options options(lab *l, const uint16_t *candidates, int n, int baseline)
{
    wr_run run = {.games = 30, .players = 3, .seed = 7, .packs = &l->base, .n_packs = 1, .seats = l->seats,
                  .jobs = 1, .shard = 0, .shards = 1};
    return (wr_balance_options){.run = run, .candidates = candidates, .n_candidates = n, .baseline = baseline,
                                .packs_text = "base"};
}

/* A flat 10 points at the end of the game, against the same wonder paying
** nothing: the same games, 10 points more for its owner each time the
** subject places it, and nothing else changes -- so a gain of exactly 10
** times the share of games it was placed in. */
static void test_a_wonder_of_known_worth(void)
{
    lab l;
    lab_open(&l);
    uint16_t c[] = {l.flat10};
    wr_balance_options o = options(&l, c, 1, l.flat0);
    wr_balance *r = malloc(sizeof *r);
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, r, problem) == WR_LAB_OK);
    CU_ASSERT_EQUAL(r->played, 30);
    CU_ASSERT_EQUAL(r->c[0].n, 30);
    CU_ASSERT(r->c[0].placed > 0 && r->c[0].placed < 30);
    CU_ASSERT_EQUAL(r->c[0].points, 10 * (int64_t)r->c[0].placed);
    CU_ASSERT_EQUAL(r->c[0].d, 10 * (int64_t)r->c[0].placed); /* every game: 10 or 0 */
    CU_ASSERT_EQUAL(r->c[0].d2, 10 * r->c[0].d);
    double worth = 10.0 * (double)r->c[0].placed / 30.0;
    wr_estimate m = wr_balance_margin(r, 0);
    CU_ASSERT_DOUBLE_EQUAL(m.mean, worth, 1e-9);
    CU_ASSERT(m.mean - m.half <= worth && worth <= m.mean + m.half && m.half > 0);
    wr_estimate w = wr_balance_wins(r, 0);
    CU_ASSERT(w.mean >= 0.0); /* 10 points more never lose a game */
    free(r);
    test_build_free(&l.b);
}

/* The calibration (docs/balance.md): with a wonder as the baseline, the
** reference is built on its tile -- bal.flat0's, the very tile of both test
** wonders -- so the reference's flat wonder is bal.flat10 in all but its
** index, and its tile with no effect plays as bal.flat0 (whose effect pays
** nothing).  For players who do not project the end of the game (random,
** greedy), 10 points more at the end change nothing else: the reference
** gains exactly 10 in each game it is placed, nothing elsewhere.  For
** any players, the candidate bal.flat10 against bal.flat0 plays the same
** games as the reference, so it gets the same figures; and the reference
** read on its own scale is exactly its flat value. */
static void calibrated(lab *l, wr_kind_t kind, bool exact)
{
    for (int p = 0; p < 3; p++)
        l->seats[p] = kind;
    uint16_t c[] = {l->flat10};
    wr_balance_options o = options(l, c, 1, l->flat0);
    wr_balance *r = malloc(sizeof *r);
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_FATAL(wr_balance_run(&l->b.set, &o, r, problem) == WR_LAB_OK);
    const wr_balance_reference *ref = &r->ref;
    CU_ASSERT_STRING_EQUAL(ref->geometry, "bal.flat0");
    CU_ASSERT_EQUAL(ref->flat, WR_BALANCE_FLAT);
    CU_ASSERT_EQUAL(ref->n, 30);
    CU_ASSERT(ref->placed > 0);
    CU_ASSERT_EQUAL(ref->points, WR_BALANCE_FLAT * (int64_t)ref->placed);
    if (exact) {
        CU_ASSERT_EQUAL(ref->d, WR_BALANCE_FLAT * (int64_t)ref->placed); /* every game: 10 or 0 */
        CU_ASSERT_EQUAL(ref->d2, WR_BALANCE_FLAT * ref->d);
    }
    wr_estimate g = wr_balance_reference_gain(r);
    CU_ASSERT_DOUBLE_EQUAL(g.mean, (double)ref->d / 30.0, 1e-12);
    CU_ASSERT(g.half >= 0.0);
    /* the candidate identical to the reference: the same sums, game by game */
    CU_ASSERT_EQUAL(r->c[0].placed, ref->placed);
    CU_ASSERT_EQUAL(r->c[0].d, ref->d);
    CU_ASSERT_EQUAL(r->c[0].d2, ref->d2);
    CU_ASSERT_EQUAL(r->c[0].dr, ref->d2);
    wr_estimate own, same;
    CU_ASSERT_FATAL(ref->d > 0);
    CU_ASSERT_FATAL(wr_balance_equivalent(r, -1, &own));
    CU_ASSERT_FATAL(wr_balance_equivalent(r, 0, &same));
    CU_ASSERT(own.mean == (double)WR_BALANCE_FLAT && own.half == 0.0);
    CU_ASSERT(same.mean == own.mean && same.half == own.half);
    /* the table says both */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    CU_ASSERT_FATAL(out != NULL);
    wr_balance_print(out, &l->b.set, r, WR_RANK_EFFECT);
    fclose(out);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "+10.00 [+10.00, +10.00]"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nref  flat points "));
    free(text);
    free(r);
}

static void test_the_calibration_random(void)
{
    lab l;
    lab_open(&l);
    calibrated(&l, WR_RANDOM, true);
    test_build_free(&l.b);
}

static void test_the_calibration_greedy(void)
{
    lab l;
    lab_open(&l);
    calibrated(&l, WR_GREEDY, true);
    test_build_free(&l.b);
}

static void test_the_calibration_planner(void)
{
    lab l;
    lab_open(&l);
    calibrated(&l, WR_PLANNER, false);
    test_build_free(&l.b);
}

/* With no baseline the reference stands on the tile set's first wonder's
** tile (bal.flat10's, the same tile as bal.flat0's): its tile with no
** effect plays the games bal.flat0 plays against none, and the flat
** wonder gains exactly 10 in each game it is placed. */
static void test_the_reference_without_baseline(void)
{
    lab l;
    lab_open(&l);
    uint16_t c[] = {l.flat0};
    wr_balance_options o = options(&l, c, 1, -1);
    wr_balance *r = malloc(sizeof *r);
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, r, problem) == WR_LAB_OK);
    CU_ASSERT_STRING_EQUAL(r->ref.geometry, "bal.flat10"); /* the first wonder of base + balance.tiles */
    CU_ASSERT_EQUAL(r->ref.d, WR_BALANCE_FLAT * (int64_t)r->ref.placed);
    /* bal.flat0 against none, and the reference's no-effect tile against none: the same games */
    CU_ASSERT_EQUAL(r->ref.placed, r->c[0].placed);
    free(r);
    test_build_free(&l.b);
}

/* A wonder against itself: no difference at all. */
static void test_a_wonder_against_itself(void)
{
    lab l;
    lab_open(&l);
    uint16_t c[] = {l.flat10};
    wr_balance_options o = options(&l, c, 1, l.flat10);
    wr_balance *r = malloc(sizeof *r);
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, r, problem) == WR_LAB_OK);
    CU_ASSERT_EQUAL(r->c[0].d, 0);
    CU_ASSERT_EQUAL(r->c[0].d2, 0);
    CU_ASSERT_EQUAL(r->c[0].w, 0);
    wr_estimate m = wr_balance_margin(r, 0);
    CU_ASSERT_DOUBLE_EQUAL(m.mean, 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(m.half, 0.0, 1e-12);
    free(r);
    test_build_free(&l.b);
}

/* The sums: the same for 1, 2 or 3 threads, and for a run in 3 shards
** merged; merging a shard twice, or another setting, is refused. */
static void test_threads_and_shards_change_nothing(void)
{
    lab l;
    lab_open(&l);
    uint16_t c[] = {l.flat10, l.flat0};
    wr_balance *whole = malloc(sizeof *whole), *other = malloc(sizeof *other), *part = malloc(sizeof *part);
    CU_ASSERT_FATAL(whole && other && part);
    wr_balance_options o = options(&l, c, 2, -1);
    CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, whole, problem) == WR_LAB_OK);
    for (int jobs = 2; jobs <= 3; jobs++) {
        o.run.jobs = jobs;
        CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, other, problem) == WR_LAB_OK);
        CU_ASSERT_EQUAL(memcmp(whole->c, other->c, sizeof whole->c), 0);
        CU_ASSERT_EQUAL(memcmp(&whole->ref, &other->ref, sizeof whole->ref), 0);
        CU_ASSERT_EQUAL(whole->base_margin, other->base_margin);
        CU_ASSERT_EQUAL(whole->played, other->played);
    }
    o.run.jobs = 2;
    o.run.shards = 3;
    memset(other, 0, sizeof *other);
    for (int s = 0; s < 3; s++) {
        o.run.shard = s;
        CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, part, problem) == WR_LAB_OK);
        CU_ASSERT_PTR_NULL(wr_balance_merge(other, part));
    }
    CU_ASSERT_EQUAL(other->played, whole->played);
    CU_ASSERT_EQUAL(memcmp(whole->c, other->c, sizeof whole->c), 0);
    CU_ASSERT_EQUAL(memcmp(&whole->ref, &other->ref, sizeof whole->ref), 0);
    CU_ASSERT_EQUAL(whole->base_margin, other->base_margin);
    /* the YAML gives the same sums back, the reference's and dr included */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    CU_ASSERT_FATAL(out != NULL);
    wr_balance_write_yaml(out, whole);
    fclose(out);
    CU_ASSERT_FATAL(wr_balance_read_text("whole.yaml", text, len, part, stderr));
    CU_ASSERT_EQUAL(memcmp(whole->c, part->c, sizeof whole->c), 0);
    CU_ASSERT_EQUAL(memcmp(&whole->ref, &part->ref, sizeof whole->ref), 0);
    free(text);
    o.run.shard = 2;
    CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, part, problem) == WR_LAB_OK);
    CU_ASSERT_STRING_EQUAL(wr_balance_merge(other, part), "the same shard twice");
    part->shard_mask = 0;
    part->ref.flat = 20;
    CU_ASSERT_STRING_EQUAL(wr_balance_merge(other, part), "reference");
    part->players = 4;
    CU_ASSERT_STRING_EQUAL(wr_balance_merge(other, part), "players");
    free(whole);
    free(other);
    free(part);
    test_build_free(&l.b);
}

/* The tile's worth apart from its effect's (docs/balance.md): against no
** wonder, bal.flat10 is worth its tile and its 10 points; against its twin
** -- its tile with no effect, played from the same seeds -- its effect
** alone: for random players, who do not look at the score, the same games
** with 10 points more each time it is placed, so exactly 10 times the share
** of games it was placed in.  bal.flat0, whose effect pays nothing, plays
** its twin's very games: its effect is worth exactly nothing, however
** much its tile is. */
static void test_the_effect_apart_from_the_tile(void)
{
    lab l;
    lab_open(&l);
    uint16_t c[] = {l.flat10, l.flat0};
    wr_balance_options o = options(&l, c, 2, -1);
    wr_balance *r = malloc(sizeof *r);
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_FATAL(wr_balance_run(&l.b.set, &o, r, problem) == WR_LAB_OK);
    const wr_balance_sums *ten = &r->c[0], *zero = &r->c[1];
    CU_ASSERT(ten->placed > 0 && ten->placed < 30);
    CU_ASSERT_EQUAL(ten->e, 10 * (int64_t)ten->placed); /* every game: 10 or 0 */
    CU_ASSERT_EQUAL(ten->e2, 10 * ten->e);
    CU_ASSERT(ten->ew >= 0 && ten->ew2 >= ten->ew); /* 10 points more never lose a game */
    wr_estimate e = wr_balance_effect(r, 0);
    CU_ASSERT_DOUBLE_EQUAL(e.mean, 10.0 * (double)ten->placed / 30.0, 1e-9);
    CU_ASSERT_EQUAL(zero->e, 0);
    CU_ASSERT_EQUAL(zero->e2, 0);
    CU_ASSERT_EQUAL(zero->ew2, 0);
    wr_estimate z = wr_balance_effect(r, 1), ze;
    CU_ASSERT_DOUBLE_EQUAL(z.mean, 0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(z.half, 0, 1e-12);
    CU_ASSERT(wr_balance_effect_equivalent(r, 1, &ze));
    CU_ASSERT_DOUBLE_EQUAL(ze.mean, 0, 1e-12);
    /* the tile is worth something of its own: the same flat0 against no wonder */
    CU_ASSERT(zero->d != 0);
    CU_ASSERT(wr_balance_margin(r, 0).mean > e.mean); /* the tile and its points, more than its points */
    /* the effect's worth on the reference's scale: the reference here is
    ** bal.flat10's tile paying 10 (the first wonder's), against that tile
    ** bare: the same measure, so the same worth, 10 flat points */
    wr_estimate ee, re = wr_balance_reference_gain(r);
    CU_ASSERT(wr_balance_effect_equivalent(r, 0, &ee));
    CU_ASSERT_DOUBLE_EQUAL(ee.mean, 10.0 * e.mean / re.mean, 1e-9);
    int order[WR_BALANCE_MAX];
    wr_balance_ranking(r, WR_RANK_EFFECT, order);
    CU_ASSERT(order[0] == 0 && order[1] == 1); /* 10 points before none */
    free(r);
    test_build_free(&l.b);
}

bool register_balance_tests(void)
{
    static const test_case cases[] = {
        {"a wonder of known worth", test_a_wonder_of_known_worth},
        {"the effect apart from the tile", test_the_effect_apart_from_the_tile},
        {"a wonder against itself", test_a_wonder_against_itself},
        {"the calibration, random players", test_the_calibration_random},
        {"the calibration, greedy players", test_the_calibration_greedy},
        {"the calibration, planners", test_the_calibration_planner},
        {"the reference without a baseline", test_the_reference_without_baseline},
        {"threads and shards change nothing", test_threads_and_shards_change_nothing},
        {NULL, NULL},
    };
    return register_suite("balance", cases);
}
