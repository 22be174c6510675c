/* duel.c -- `wonders duel`; see duel.h and docs/players.md. */
#define _POSIX_C_SOURCE 200809L
#include "duel.h"
#include "../../compiler/common/xalloc.h"
#include "games.h"
#include "options.h"
#include "players.h"
#include "tiles.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define Z95 1.96

void wr_wilson(double wins, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = *hi = 0;
        return;
    }
    double p = wins / n, z2 = Z95 * Z95;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

void wr_mean_interval(double sum, double sum_sq, uint64_t n, double *mean, double *half)
{
    *mean = n ? sum / (double)n : 0;
    *half = 0;
    if (n < 2)
        return;
    double var = (sum_sq - sum * sum / (double)n) / (double)(n - 1);
    *half = Z95 * sqrt(var > 0 ? var : 0) / sqrt((double)n);
}

double wr_sprt_llr(double wins, double n, double p0, double p1)
{
    return wins * log(p1 / p0) + (n - wins) * log((1 - p1) / (1 - p0));
}

void wr_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

wr_sprt_verdict wr_sprt_decide(double llr, double lower, double upper)
{
    return llr >= upper ? WR_SPRT_H1 : llr <= lower ? WR_SPRT_H0 : WR_SPRT_CONTINUE;
}

/* With --sprt, deals are played in batches of this many and the test looks
** after each: the same batches for any --jobs, so the same verdict. */
#define SPRT_BATCH 10

static const char usage_duel[] =
    "usage: wonders duel --seats A,B --games N [--think N] [--think-ms MS] [--seed S] [--packs P,P...]\n"
    "                    [--jobs N] [--sprt P0,P1 [--alpha A] [--beta B]]\n"
    "  Plays N 2-player games of kind A against kind B (the kinds of `wonders play`):\n"
    "  N/2 deals, each played twice with the seats swapped and the same random choices,\n"
    "  every wonder of the tile set beside the track.  Prints A's wins (a tie is half a\n"
    "  win) with their 95% Wilson interval, A's mean margin (A's score less B's) with its\n"
    "  95% interval (from the deals' means), and the first player's wins.  Defaults: the\n"
    "  72 land tiles of base, seed 1, a thread per core.\n"
    "  --games N      an even number of games, 2 to 1000000 (with --sprt, the most)\n"
    "  --think N      play-outs an mcts seat gives each decision (default 1000)\n"
    "  --think-ms MS  a time limit on each decision of an mcts seat, in milliseconds:\n"
    "                 whichever of --think and MS comes first (without --think, MS or\n"
    "                 1000000 play-outs); the results then depend on the machine and its\n"
    "                 load, and are no longer the same for any --jobs\n"
    "  --jobs N       threads; the results are the same for any N\n"
    "  --sprt P0,P1   a sequential test of A's win rate, H0: it is P0, H1: it is P1\n"
    "                 (fractions, e.g. 0.5,0.6): deals in batches of 10, stopping when\n"
    "                 the test decides; the same verdict for any --jobs\n"
    "  --alpha A      the chance of accepting H1 when H0 holds (default 0.05)\n"
    "  --beta B       the chance of accepting H0 when H1 holds (default 0.05)\n";

/* The two games of one deal, A's side of each. */
typedef struct deal_result {
    int32_t margin[2];  /* A's score less B's; game 0: A sits first, game 1: B does */
    int32_t first[2];   /* the first player's score less the second's */
    uint8_t done;
} deal_result;

typedef struct duel_setup {
    wr_kind_t a, b;
    const uint32_t *packs;
    size_t n_packs;
    uint64_t seed;
    const uint16_t *wonders;
    int n_wonders;
    deal_result *results;
    uint64_t first_deal; /* of the batch being played: game g of the run is deal first_deal + g */
} duel_setup;

typedef struct duel_worker {
    const duel_setup *d;
    wh_match_t *match;
    wr_seats seats;
    bool failed;
    char problem[160];
} duel_worker;

static bool play_deal(void *worker, uint64_t nth)
{
    duel_worker *w = worker;
    const duel_setup *d = w->d;
    uint64_t deal = d->first_deal + nth;
    wh_rng_t rng;
    wh_rng_seed(&rng, d->seed * 0x9E3779B97F4A7C15ull + deal);
    wh_bag_t bag;
    int start;
    wh_bag_deal(&bag, &wh_tileset, d->packs, d->n_packs, &rng, &start);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n, .wonders = d->wonders,
                             .n_wonders = (size_t)d->n_wonders, .start_tile = start};
    uint64_t choices = ((uint64_t)wh_rng_below(&rng, 0xFFFFFFFFu) << 32) | wh_rng_below(&rng, 0xFFFFFFFFu);
    deal_result *r = &d->results[deal];
    for (int game = 0; game < 2; game++) {
        /* both games make their random choices from the same seed: the same
        ** kind in both seats plays the same game twice */
        wh_rng_t play_rng;
        wh_rng_seed(&play_rng, choices);
        w->seats.kind[0] = game == 0 ? d->a : d->b;
        w->seats.kind[1] = game == 0 ? d->b : d->a;
        w->seats.rng = &play_rng;
        wh_players_t players = wr_seats_players(&w->seats);
        wh_status_t s = wh_match_init(w->match, &wh_tileset, &cfg);
        if (s == WH_OK)
            s = wh_match_play(w->match, &players, NULL);
        if (s != WH_OK) {
            snprintf(w->problem, sizeof w->problem, "deal %llu failed: %s", (unsigned long long)deal,
                     wh_status_text(s));
            w->failed = true;
            return false;
        }
        int first = wh_game_score(&w->match->game, 0), second = wh_game_score(&w->match->game, 1);
        r->first[game] = first - second;
        r->margin[game] = game == 0 ? first - second : second - first;
    }
    r->done = 1;
    return true;
}

static const char *const duel_options[] = {"--seats", "--games", "--think", "--think-ms", "--seed", "--packs",
                                           "--jobs", "--sprt", "--alpha", "--beta", "--help", NULL};

/* A probability strictly between 0 and 1 (exclusive) written as a decimal
** fraction, into *out; false (said) otherwise.  `hi` is the largest allowed. */
static bool fraction(const char *opt, const char *v, double hi, double *out)
{
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end || !(x > 0 && x < hi)) {
        wr_opt_fail("%s %s: expected a fraction above 0 and below %g", opt, v, hi);
        return false;
    }
    *out = x;
    return true;
}

/* --sprt P0,P1: the two win rates, different, each strictly between 0 and 1. */
static bool sprt_rates(const char *v, double *p0, double *p1)
{
    const char *comma = strchr(v, ',');
    char first[64];
    if (!comma || (size_t)(comma - v) >= sizeof first) {
        wr_opt_fail("--sprt %s: expected two win rates P0,P1 (fractions, e.g. 0.5,0.6)", v);
        return false;
    }
    memcpy(first, v, (size_t)(comma - v));
    first[comma - v] = '\0';
    if (!fraction("--sprt", first, 1, p0) || !fraction("--sprt", comma + 1, 1, p1))
        return false;
    if (*p0 == *p1) {
        wr_opt_fail("--sprt %s: H0 and H1 need different win rates", v);
        return false;
    }
    return true;
}

/* A's wins (a tie half a win) in deals [0, deals). */
static double wins_of(const deal_result *results, uint64_t deals)
{
    double wins = 0;
    for (uint64_t k = 0; k < deals; k++)
        for (int g = 0; g < 2; g++)
            wins += results[k].margin[g] > 0 ? 1 : results[k].margin[g] == 0 ? 0.5 : 0;
    return wins;
}

int wr_cmd_duel(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_duel, stdout);
        return 0;
    }
    const char *seats_arg = NULL, *packs_arg = "base";
    long games = 0, think = WR_MCTS_THINK, think_ms = 0, seed = 1, jobs = wr_opt_cores();
    bool sprt = false, error_rates = false, think_given = false;
    double p0 = 0.5, p1 = 0.5, alpha = 0.05, beta = 0.05;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        bool known = false;
        for (int k = 0; duel_options[k]; k++)
            known |= !strcmp(a, duel_options[k]);
        if (!known)
            return wr_opt_unknown_option(a, duel_options);
        if (!(v = wr_opt_value(argc, argv, &i)))
            return 2;
        bool ok = true;
        if (!strcmp(a, "--seats"))
            seats_arg = v;
        else if (!strcmp(a, "--games"))
            ok = wr_opt_option_number("duel", a, v, 2, 1000000, &games);
        else if (!strcmp(a, "--think"))
            ok = think_given = wr_opt_option_number("duel", a, v, 1, WR_MCTS_MAX_THINK, &think);
        else if (!strcmp(a, "--think-ms"))
            ok = wr_opt_option_number("duel", a, v, 1, WR_MCTS_MAX_THINK_MS, &think_ms);
        else if (!strcmp(a, "--seed"))
            ok = wr_opt_option_number("duel", a, v, 0, 2147483647L, &seed);
        else if (!strcmp(a, "--jobs"))
            ok = wr_opt_option_number("duel", a, v, 1, 64, &jobs);
        else if (!strcmp(a, "--sprt"))
            ok = sprt = sprt_rates(v, &p0, &p1);
        else if (!strcmp(a, "--alpha") || !strcmp(a, "--beta")) {
            ok = fraction(a, v, 0.5, !strcmp(a, "--alpha") ? &alpha : &beta);
            error_rates = true;
        } else
            packs_arg = v;
        if (!ok)
            return 2;
    }
    if (!seats_arg)
        return wr_opt_fail("duel needs --seats A,B: the two kinds of player");
    if (!games)
        return wr_opt_fail("duel needs --games N (an even number from 2 to 1000000)");
    if (games % 2)
        return wr_opt_fail("--games %ld: expected an even number (each deal is played twice)", games);
    if (error_rates && !sprt)
        return wr_opt_fail("--alpha and --beta are the error rates of --sprt P0,P1, which is missing");
    if (think_ms && !think_given)
        think = WR_MCTS_MAX_THINK; /* the time decides */
    wr_kind_t kind[WH_MAX_PLAYERS];
    uint32_t packs[WR_MAX_PACKS];
    size_t n_packs;
    uint16_t wonders[WR_MAX_WONDERS];
    int n_wonders;
    if (!wr_opt_seats_of(seats_arg, 2, WR_RANDOM, kind) || !wr_opt_parse_packs(packs_arg, packs, &n_packs, NULL) ||
        !wr_opt_every_wonder(wonders, &n_wonders))
        return 2;
    uint64_t deals = (uint64_t)games / 2;
    duel_setup d = {kind[0], kind[1], packs, n_packs, (uint64_t)seed, wonders, n_wonders,
                    wu_xcalloc(deals, sizeof(deal_result)), 0};
    wr_run run = {.games = deals, .players = 2, .seed = (uint64_t)seed, .shards = 1, .jobs = (int)jobs,
                  .progress = isatty(STDERR_FILENO) && !sprt, .games_each = 2};
    duel_worker *w = wu_xcalloc((size_t)jobs, sizeof *w);
    for (long j = 0; j < jobs; j++) {
        w[j].d = &d;
        w[j].match = wu_xcalloc(1, sizeof *w[j].match);
        w[j].seats.scratch = wu_xcalloc(WR_SCRATCH_GAMES, sizeof *w[j].seats.scratch);
        w[j].seats.kind[0] = kind[0];
        w[j].seats.kind[1] = kind[1];
        wr_seats_searches(&w[j].seats, 2, &(wr_mcts_budget){.think = think, .think_ms = think_ms});
    }
    bool ok = true;
    uint64_t played = deals; /* deals */
    double llr = 0, lower = 0, upper = 0;
    wr_sprt_verdict verdict = WR_SPRT_CONTINUE;
    if (!sprt) {
        ok = wr_run_games(&run, play_deal, w, sizeof *w, stderr, "duel");
    } else {
        /* batch by batch, the test after each on the deals so far, in order */
        wr_sprt_bounds(alpha, beta, &lower, &upper);
        for (played = 0; ok && played < deals && verdict == WR_SPRT_CONTINUE;) {
            d.first_deal = played;
            run.games = deals - played < SPRT_BATCH ? deals - played : SPRT_BATCH;
            ok = wr_run_games(&run, play_deal, w, sizeof *w, stderr, "duel");
            for (long j = 0; j < jobs; j++)
                ok &= !w[j].failed;
            played += run.games;
            llr = wr_sprt_llr(wins_of(d.results, played), 2.0 * (double)played, p0, p1);
            verdict = wr_sprt_decide(llr, lower, upper);
            if (isatty(STDERR_FILENO))
                fprintf(stderr, "\rduel: %llu games, log-likelihood ratio %+.2f (bounds %+.2f and %+.2f)",
                        2 * (unsigned long long)played, llr, lower, upper);
        }
        if (isatty(STDERR_FILENO))
            fputc('\n', stderr);
    }
    for (long j = 0; j < jobs; j++) {
        if (w[j].failed) {
            fprintf(stderr, "wonders: %s\n", w[j].problem);
            ok = false;
        }
        free(w[j].match);
        free(w[j].seats.scratch);
        wr_seats_free_searches(&w[j].seats);
    }
    free(w);
    /* the sums, deal by deal in order: the same for any number of threads */
    double wins = 0, first_wins = 0, sum = 0, sum_sq = 0;
    for (uint64_t k = 0; k < played && ok; k++) {
        const deal_result *r = &d.results[k];
        for (int g = 0; g < 2; g++) {
            wins += r->margin[g] > 0 ? 1 : r->margin[g] == 0 ? 0.5 : 0;
            first_wins += r->first[g] > 0 ? 1 : r->first[g] == 0 ? 0.5 : 0;
        }
        double mean = (r->margin[0] + r->margin[1]) / 2.0;
        sum += mean;
        sum_sq += mean * mean;
    }
    free(d.results);
    if (!ok)
        return 1;
    const char *a = wr_kind_name(kind[0]), *b = wr_kind_name(kind[1]);
    games = (long)(2 * played);
    deals = played;
    double n = (double)games, lo, hi, mean, half;
    printf("%s against %s: %ld games (%llu deals, each played twice, the seats swapped); packs %s; seed %ld",
           a, b, games, (unsigned long long)deals, packs_arg, seed);
    if (wr_kind_searches(kind[0]) || wr_kind_searches(kind[1]))
        printf("; think %ld", think);
    if ((wr_kind_searches(kind[0]) || wr_kind_searches(kind[1])) && think_ms)
        printf("; think-ms %ld", think_ms);
    putchar('\n');
    if (sprt) {
        static const char *const said[] = {"undecided", "H0 accepted", "H1 accepted"};
        printf("SPRT, H0: %s wins %g%% of games, H1: %g%% (alpha %g, beta %g): %s after %ld games "
               "(log-likelihood ratio %+.2f, bounds %+.2f and %+.2f; batches of %d games)%s\n",
               a, 100 * p0, 100 * p1, alpha, beta, said[verdict], games, llr, lower, upper, 2 * SPRT_BATCH,
               verdict == WR_SPRT_CONTINUE ? "" : "; the intervals below stop with the test and lean its way");
    }
    wr_wilson(wins, n, &lo, &hi);
    printf("%s wins %.1f of %ld games: %.1f%% (95%% Wilson interval %.1f%% to %.1f%%; a tie is half a win)\n", a, wins,
           games, 100 * wins / n, 100 * lo, 100 * hi);
    wr_mean_interval(sum, sum_sq, deals, &mean, &half);
    printf("%s's mean margin: %+.2f points a game (95%% interval %+.2f to %+.2f, from the %llu deals' means)\n", a,
           mean, mean - half, mean + half, (unsigned long long)deals);
    /* a kind against itself plays each deal's game twice: the interval is the deals' */
    double same = kind[0] == kind[1] ? 2 : 1;
    wr_wilson(first_wins / same, n / same, &lo, &hi);
    printf("the first player wins %.1f of %ld games: %.1f%% (95%% Wilson interval %.1f%% to %.1f%%%s)\n", first_wins,
           games, 100 * first_wins / n, 100 * lo, 100 * hi,
           same > 1 ? "; each deal's game is played twice, the interval counts it once" : "");
    return 0;
}
