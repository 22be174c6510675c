/*
** lab.c -- the lab's public API (lab.h) over its own files: the seats
** (players.h, mcts.h), the duel (duel.h), the simulation (simulate.h) and
** the balance lab (balance.h).  The command calls those directly; this
** file turns the public structs into theirs and their sums into estimates.
*/
#include "../lab.h"
#include "balance.h"
#include "duel.h"
#include "simulate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)WH_SEAT_RANDOM == (int)WR_RANDOM && (int)WH_SEAT_GREEDY == (int)WR_GREEDY &&
               (int)WH_SEAT_THRIFTY == (int)WR_THRIFTY && (int)WH_SEAT_PLANNER == (int)WR_PLANNER &&
               (int)WH_SEAT_MCTS == (int)WR_MCTS && (int)WH_SEAT_MCTS_NOREUSE == (int)WR_MCTS_NOREUSE &&
               (int)WH_N_SEATS == (int)WR_N_KINDS, "lab.h's seats are players.h's kinds");
_Static_assert((int)WH_LAB_OK == (int)WR_LAB_OK && (int)WH_LAB_NO_MEMORY == (int)WR_LAB_NO_MEMORY &&
               (int)WH_LAB_FAILED == (int)WR_LAB_FAILED, "lab.h's statuses are games.h's");
_Static_assert((int)WH_SPRT_H0 == (int)WR_SPRT_H0 && (int)WH_SPRT_H1 == (int)WR_SPRT_H1, "the verdicts agree");
_Static_assert(WH_LAB_PROBLEM == WR_LAB_PROBLEM && WH_LAB_NAME == WR_LAB_NAME && WH_LAB_WONDERS == WR_LAB_WONDERS &&
               WH_BALANCE_MAX == WR_BALANCE_MAX && WH_SPRT_BATCH == WR_SPRT_BATCH &&
               WH_LAB_THINK == WR_MCTS_THINK && WH_LAB_MAX_THINK == WR_MCTS_MAX_THINK &&
               WH_LAB_MAX_THINK_MS == WR_MCTS_MAX_THINK_MS, "lab.h's bounds are the lab's");

const char *wh_seat_name(wh_seat_t seat)
{
    return wr_kind_name((wr_kind_t)seat);
}

int wh_seat_parse(const char *name)
{
    return wr_kind_parse(name);
}

void wh_wilson(double wins, double n, double *lo, double *hi)
{
    wr_wilson(wins, n, lo, hi);
}

double wh_sprt_llr(double wins, double n, double p0, double p1)
{
    return wr_sprt_llr(wins, n, p0, p1);
}

void wh_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    wr_sprt_bounds(alpha, beta, lower, upper);
}

/* ---- seats ------------------------------------------------------------------ */

struct wh_seats {
    wr_seats seats;
    int      players;
};

static bool seats_valid(const wh_seat_t *kinds, int players)
{
    if (!kinds || players < 2 || players > WH_MAX_PLAYERS)
        return false;
    for (int p = 0; p < players; p++)
        if ((unsigned)kinds[p] >= WH_N_SEATS)
            return false;
    return true;
}

/* A search's budget from the caller's (NULL or 0: the default). */
static wr_mcts_budget budget_of(const wh_lab_budget_t *b)
{
    wr_mcts_budget out = {.think = b && b->think ? b->think : WR_MCTS_THINK, .think_ms = b ? b->think_ms : 0};
    return out;
}

static bool budget_valid(const wh_lab_budget_t *b)
{
    return !b || (b->think >= 0 && b->think <= WH_LAB_MAX_THINK && b->think_ms >= 0 &&
                  b->think_ms <= WH_LAB_MAX_THINK_MS);
}

wh_seats_t *wh_seats_new(const wh_seat_t *kinds, int players, const wh_lab_budget_t *budget)
{
    if (!seats_valid(kinds, players) || !budget_valid(budget))
        return NULL;
    wh_seats_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->players = players;
    for (int p = 0; p < players; p++)
        s->seats.kind[p] = (wr_kind_t)kinds[p];
    wr_mcts_budget b = budget_of(budget);
    if (!(s->seats.scratch = calloc(WR_SCRATCH_GAMES, sizeof *s->seats.scratch)) ||
        !wr_seats_searches(&s->seats, players, &b)) {
        wh_seats_free(s);
        return NULL;
    }
    return s;
}

void wh_seats_free(wh_seats_t *s)
{
    if (!s)
        return;
    wr_seats_free_searches(&s->seats);
    free(s->seats.scratch);
    free(s);
}

wh_players_t wh_seats_players(wh_seats_t *s, wh_rng_t *rng)
{
    s->seats.rng = rng;
    return wr_seats_players(&s->seats);
}

wh_status_t wh_seats_play(wh_seats_t *s, wh_match_t *m, const wh_tileset_t *set, const wh_match_config_t *config,
                          uint64_t seed, const wh_score_sink_t *sink)
{
    if (config->players != s->players)
        return WH_ERR_RANGE;
    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_players_t players = wh_seats_players(s, &rng);
    wh_status_t status = wh_match_init(m, set, config);
    return status == WH_OK ? wh_match_play(m, &players, sink) : status;
}

/* ---- experiments --------------------------------------------------------------- */

static wh_lab_status_t refuse(char *problem, const char *what)
{
    snprintf(problem, WH_LAB_PROBLEM, "%s", what);
    return WH_LAB_FAILED;
}

wh_lab_status_t wh_duel(const wh_duel_config_t *c, wh_duel_result_t *out, char *problem)
{
    memset(out, 0, sizeof *out);
    wh_seat_t kinds[2] = {c->a, c->b};
    if (!c->set || !seats_valid(kinds, 2) || !budget_valid(&c->budget))
        return refuse(problem, "duel: a tile set and two seats are needed");
    if (c->games < 2 || c->games % 2)
        return refuse(problem, "duel: an even number of games, 2 or more (each deal is played twice)");
    if (c->n_wonders > WH_MATCH_MAX_WONDERS)
        return refuse(problem, "duel: too many wonders beside the track");
    if (c->sprt && !(c->p0 > 0 && c->p0 < 1 && c->p1 > 0 && c->p1 < 1 && c->p0 != c->p1 && c->alpha > 0 &&
                     c->alpha < 0.5 && c->beta > 0 && c->beta < 0.5))
        return refuse(problem, "duel: the test needs two different win rates in (0, 1) and error rates in (0, 0.5)");
    wr_duel_setup d = {.set = c->set, .a = (wr_kind_t)c->a, .b = (wr_kind_t)c->b, .packs = c->packs,
                       .n_packs = c->n_packs, .wonders = c->wonders, .n_wonders = (int)c->n_wonders,
                       .seed = c->seed, .deals = c->games / 2, .budget = budget_of(&c->budget), .jobs = c->jobs,
                       .sprt = c->sprt, .p0 = c->p0, .p1 = c->p1, .alpha = c->alpha, .beta = c->beta,
                       .progress = c->progress, .progress_ctx = c->progress_ctx};
    wr_duel_result r;
    wr_lab_status status = wr_duel(&d, &r, problem);
    if (status != WR_LAB_OK)
        return (wh_lab_status_t)status;
    double n = 2.0 * (double)r.deals, half;
    out->games = 2 * r.deals;
    out->wins = r.wins;
    out->win_rate = n > 0 ? r.wins / n : 0;
    wr_wilson(r.wins, n, &out->win_lo, &out->win_hi);
    wr_mean_interval(r.margin_sum, r.margin_sum_sq, r.deals, &out->margin, &half);
    out->margin_lo = out->margin - half;
    out->margin_hi = out->margin + half;
    out->first_wins = r.first_wins;
    out->llr = r.llr;
    out->lower = r.lower;
    out->upper = r.upper;
    out->verdict = (wh_sprt_verdict_t)r.verdict;
    return WH_LAB_OK;
}

/* A run's settings shared by the simulation and the balance lab. */
static wr_run run_of(uint64_t games, int players, const wr_kind_t *seats, uint64_t seed, const uint32_t *packs,
                     size_t n_packs, wh_rules_t rules, int jobs, wh_lab_progress_fn progress, void *ctx)
{
    return (wr_run){.games = games, .players = players, .seed = seed, .packs = packs, .n_packs = n_packs,
                    .rules = rules, .seats = seats, .shard = 0, .shards = 1, .jobs = jobs, .progress = progress,
                    .progress_ctx = ctx};
}

wh_lab_status_t wh_simulate(const wh_sim_config_t *c, wh_sim_result_t *out, char *problem)
{
    memset(out, 0, sizeof *out);
    if (!c->set || c->players < 2 || c->players > WH_MAX_PLAYERS || (c->seats && !seats_valid(c->seats, c->players)))
        return refuse(problem, "simulate: a tile set and 2 to 6 players, one seat each, are needed");
    if (c->n_wonders < 0 || c->n_wonders > WH_LAB_WONDERS || c->wonders_per_game < 0 || c->variant < 1 ||
        c->variant > 2 || c->budget.think < 0 || c->budget.think > WH_LAB_MAX_THINK)
        return refuse(problem, "simulate: at most 16 wonders, the variant 1 or 2, think 0 to 1000000");
    wr_kind_t seats[WH_MAX_PLAYERS];
    for (int p = 0; p < c->players; p++)
        seats[p] = c->seats ? (wr_kind_t)c->seats[p] : WR_RANDOM;
    wr_sim_options o = {.run = run_of(c->games, c->players, seats, c->seed, c->packs, c->n_packs, c->rules, c->jobs,
                                      c->progress, c->progress_ctx),
                        .wonders_per_game = c->wonders_per_game, .wonders = c->wonders, .n_wonders = c->n_wonders,
                        .variant = c->variant, .think = c->budget.think};
    wr_sim *sim = malloc(sizeof *sim);
    if (!sim)
        return WH_LAB_NO_MEMORY;
    wr_lab_status status = wr_simulate(c->set, &o, sim, problem);
    if (status == WR_LAB_OK) {
        out->games = sim->games;
        out->n = sim->n;
        for (int i = 0; i < sim->n; i++) {
            const wr_wonder_stats *w = &sim->w[i];
            wh_sim_wonder_t *to = &out->w[i];
            snprintf(to->id, sizeof to->id, "%s", w->id);
            to->offered = w->offered;
            to->taken = w->taken;
            to->placed = w->placed;
            to->points = w->points;
            to->owner_wins = w->owner_wins;
        }
    }
    free(sim);
    return (wh_lab_status_t)status;
}

/* The estimates of the balance lab's sums @p b into @p out. */
static void balance_estimates(const wr_balance *b, wr_balance_rank rank, wh_balance_result_t *out)
{
    out->games = b->played;
    out->n = b->n;
    out->references = b->ref.k;
    for (int k = 0; k < b->ref.k; k++) {
        wr_estimate g = wr_balance_reference_gain(b, k);
        out->flat[k] = b->ref.r[k].flat;
        out->reference[k] = (wh_estimate_t){g.mean, g.half, g.lo, g.hi};
    }
    for (int i = 0; i < b->n; i++) {
        const wr_balance_sums *s = &b->c[i];
        wh_balance_wonder_t *to = &out->c[i];
        snprintf(to->id, sizeof to->id, "%s", s->id);
        wr_estimate m = wr_balance_margin(b, i), w = wr_balance_wins(b, i), e;
        to->margin = (wh_estimate_t){m.mean, m.half, m.lo, m.hi};
        to->wins = (wh_estimate_t){w.mean, w.half, w.lo, w.hi};
        to->has_flat = wr_balance_equivalent(b, i, &e);
        if (to->has_flat)
            to->flat = (wh_estimate_t){e.mean, e.half, e.lo, e.hi};
        wr_estimate em = wr_balance_effect(b, i), ew = wr_balance_effect_wins(b, i);
        to->effect_margin = (wh_estimate_t){em.mean, em.half, em.lo, em.hi};
        to->effect_wins = (wh_estimate_t){ew.mean, ew.half, ew.lo, ew.hi};
        if (wr_balance_effect_equivalent(b, i, &e))
            to->effect_flat = (wh_estimate_t){e.mean, e.half, e.lo, e.hi};
        to->effect = s->placed ? (double)s->points / (double)s->placed : 0;
        to->placed = s->n ? (double)s->placed / (double)s->n : 0;
    }
    wr_balance_ranking(b, rank, out->order);
}

wh_lab_status_t wh_balance(const wh_balance_config_t *c, wh_balance_result_t *out, char *problem)
{
    memset(out, 0, sizeof *out);
    if (!c->set || c->players < 2 || c->players > WH_MAX_PLAYERS || !seats_valid(c->seats, c->players))
        return refuse(problem, "balance: a tile set and 2 to 6 players, one seat each, are needed");
    if (c->n_candidates < 1 || c->n_candidates > WH_BALANCE_MAX || c->games < 1 || c->think < 0 ||
        c->think > WH_LAB_MAX_THINK)
        return refuse(problem, "balance: 1 to 24 wonders, a game or more, think 0 to 1000000");
    _Static_assert(WH_BALANCE_REFS == WR_BALANCE_REFS && (int)WH_CALIBRATION_NONE == (int)WR_CALIBRATION_NONE &&
                       (int)WH_CALIBRATION_POINT == (int)WR_CALIBRATION_POINT,
                   "the public calibration is the lab's");
    if (c->calibration < WH_CALIBRATION_CURVE || c->calibration > WH_CALIBRATION_NONE)
        return refuse(problem, "balance: the calibration is curve, point or none");
    for (int i = 0; i < c->n_candidates; i++)
        if (c->candidates[i] >= c->set->n_tiles || c->set->tiles[c->candidates[i]].kind != WH_TILE_WONDER)
            return refuse(problem, "balance: a candidate is not a wonder of the tile set");
    if (c->baseline >= 0 &&
        ((uint32_t)c->baseline >= c->set->n_tiles || c->set->tiles[c->baseline].kind != WH_TILE_WONDER))
        return refuse(problem, "balance: the baseline is not a wonder of the tile set");
    wr_kind_t seats[WH_MAX_PLAYERS];
    for (int p = 0; p < c->players; p++)
        seats[p] = (wr_kind_t)c->seats[p];
    wr_balance_options o = {.run = run_of(c->games, c->players, seats, c->seed, c->packs, c->n_packs, c->rules,
                                          c->jobs, c->progress, c->progress_ctx),
                            .candidates = c->candidates, .n_candidates = c->n_candidates, .baseline = c->baseline,
                            .think = c->think, .calibration = (wr_calibration)c->calibration};
    wr_balance *b = malloc(sizeof *b);
    if (!b)
        return WH_LAB_NO_MEMORY;
    wr_lab_status status = wr_balance_run(c->set, &o, b, problem);
    if (status == WR_LAB_OK)
        balance_estimates(b, c->rank_by_tile ? WR_RANK_TILE : WR_RANK_EFFECT, out);
    free(b);
    return (wh_lab_status_t)status;
}
