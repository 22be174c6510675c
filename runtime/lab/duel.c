/*
** duel.c -- two kinds of seat in paired 2-player games, the deals shared
** among threads, with the sequential test between batches; see duel.h and
** docs/players.md.
*/
#define _POSIX_C_SOURCE 200809L
#include "duel.h"
#include "games.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The two games of one deal, A's side of each. */
typedef struct deal_result {
    int32_t margin[2];  /* A's score less B's; game 0: A sits first, game 1: B does */
    int32_t first[2];   /* the first player's score less the second's */
    uint8_t done;
} deal_result;

typedef struct duel_run {
    const wr_duel_setup *d;
    deal_result *results;
    uint64_t first_deal; /* of the batch being played: game g of the run is deal first_deal + g */
} duel_run;

typedef struct duel_worker {
    const duel_run *run;
    wh_match_t *match;
    wr_seats seats;
    bool failed;
    char problem[160];
} duel_worker;

static bool play_deal(void *worker, uint64_t nth)
{
    duel_worker *w = worker;
    const wr_duel_setup *d = w->run->d;
    uint64_t deal = w->run->first_deal + nth;
    wh_rng_t rng;
    wh_rng_seed(&rng, d->seed * 0x9E3779B97F4A7C15ull + deal);
    wh_bag_t bag;
    int start;
    wh_bag_deal(&bag, d->set, d->packs, d->n_packs, &rng, &start);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n, .wonders = d->wonders,
                             .n_wonders = (size_t)d->n_wonders, .start_tile = start};
    uint64_t choices = ((uint64_t)wh_rng_below(&rng, 0xFFFFFFFFu) << 32) | wh_rng_below(&rng, 0xFFFFFFFFu);
    deal_result *r = &w->run->results[deal];
    for (int game = 0; game < 2; game++) {
        /* both games make their random choices from the same seed: the same
        ** kind in both seats plays the same game twice */
        wh_rng_t play_rng;
        wh_rng_seed(&play_rng, choices);
        w->seats.kind[0] = game == 0 ? d->a : d->b;
        w->seats.kind[1] = game == 0 ? d->b : d->a;
        w->seats.rng = &play_rng;
        wh_players_t players = wr_seats_players(&w->seats);
        wh_status_t s = wh_match_init(w->match, d->set, &cfg);
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

/* A's wins (a tie half a win) in deals [0, deals). */
static double wins_of(const deal_result *results, uint64_t deals)
{
    double wins = 0;
    for (uint64_t k = 0; k < deals; k++)
        for (int g = 0; g < 2; g++)
            wins += results[k].margin[g] > 0 ? 1 : results[k].margin[g] == 0 ? 0.5 : 0;
    return wins;
}

/* The sums of the deals played, deal by deal in order: the same for any number of threads. */
static void sum_up(const deal_result *results, uint64_t played, wr_duel_result *r)
{
    r->deals = played;
    r->wins = r->first_wins = r->margin_sum = r->margin_sum_sq = 0;
    for (uint64_t k = 0; k < played; k++) {
        const deal_result *x = &results[k];
        for (int g = 0; g < 2; g++) {
            r->wins += x->margin[g] > 0 ? 1 : x->margin[g] == 0 ? 0.5 : 0;
            r->first_wins += x->first[g] > 0 ? 1 : x->first[g] == 0 ? 0.5 : 0;
        }
        double mean = (x->margin[0] + x->margin[1]) / 2.0;
        r->margin_sum += mean;
        r->margin_sum_sq += mean * mean;
    }
}

/* The run counts deals; the caller is told games, two a deal. */
typedef struct games_progress {
    void (*fn)(void *ctx, uint64_t done, uint64_t share, double seconds, bool last);
    void              *ctx;
} games_progress;

static void deals_as_games(void *ctx, uint64_t done, uint64_t total, double seconds, bool last)
{
    const games_progress *p = ctx;
    p->fn(p->ctx, 2 * done, 2 * total, seconds, last);
}

static void free_workers(duel_worker *w, int jobs)
{
    for (int j = 0; w && j < jobs; j++) {
        free(w[j].match);
        free(w[j].seats.scratch);
        wr_seats_free_searches(&w[j].seats);
    }
    free(w);
}

wr_lab_status wr_duel(const wr_duel_setup *d, wr_duel_result *out, char *problem)
{
    int jobs = d->jobs > 0 ? d->jobs : 1;
    memset(out, 0, sizeof *out);
    duel_run dr = {d, calloc(d->deals ? d->deals : 1, sizeof(deal_result)), 0};
    duel_worker *w = dr.results ? calloc((size_t)jobs, sizeof *w) : NULL;
    bool room = w != NULL;
    for (int j = 0; j < jobs && room; j++) {
        w[j].run = &dr;
        room &= (w[j].match = calloc(1, sizeof *w[j].match)) != NULL;
        room = room && (w[j].seats.scratch = calloc(WR_SCRATCH_GAMES, sizeof *w[j].seats.scratch)) != NULL;
        w[j].seats.kind[0] = d->a;
        w[j].seats.kind[1] = d->b;
        room = room && wr_seats_searches(&w[j].seats, 2, &d->budget);
    }
    if (!room) {
        free_workers(w, jobs);
        free(dr.results);
        return WR_LAB_NO_MEMORY;
    }
    games_progress told = {d->progress, d->progress_ctx};
    wr_run run = {.games = d->deals, .players = 2, .seed = d->seed, .shards = 1, .jobs = jobs,
                  .progress = d->sprt || !d->progress ? NULL : deals_as_games, .progress_ctx = &told};
    wr_lab_status status = WR_LAB_OK;
    uint64_t played = d->deals; /* deals */
    out->verdict = WR_SPRT_CONTINUE;
    if (!d->sprt) {
        status = wr_run_games(&run, play_deal, w, sizeof *w, "duel", problem);
    } else {
        /* batch by batch, the test after each on the deals so far, in order */
        wr_sprt_bounds(d->alpha, d->beta, &out->lower, &out->upper);
        bool ok = true;
        for (played = 0; ok && played < d->deals && out->verdict == WR_SPRT_CONTINUE;) {
            dr.first_deal = played;
            run.games = d->deals - played < WR_SPRT_BATCH ? d->deals - played : WR_SPRT_BATCH;
            status = wr_run_games(&run, play_deal, w, sizeof *w, "duel", problem);
            ok = status == WR_LAB_OK;
            for (int j = 0; j < jobs; j++)
                ok &= !w[j].failed;
            played += run.games;
            out->llr = wr_sprt_llr(wins_of(dr.results, played), 2.0 * (double)played, d->p0, d->p1);
            out->verdict = wr_sprt_decide(out->llr, out->lower, out->upper);
            if (d->tested)
                d->tested(d->progress_ctx, 2 * played, out->llr, out->lower, out->upper);
        }
    }
    for (int j = 0; j < jobs; j++)
        if (w[j].failed && status == WR_LAB_OK) {
            snprintf(problem, WR_LAB_PROBLEM, "%s", w[j].problem);
            status = WR_LAB_FAILED;
        }
    free_workers(w, jobs);
    if (status == WR_LAB_OK)
        sum_up(dr.results, played, out);
    free(dr.results);
    return status;
}
