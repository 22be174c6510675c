/* simulate.c -- many matches and what their wonders did; see simulate.h. */
#include "simulate.h"
#include "games.h"
#include "../match.h"
#include "../playout.h"
#include "../tileset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct game_points {
    int32_t points[WH_MATCH_MAX_WONDERS]; /* by index into the game's wonders */
    const uint16_t *wonders;
    int n;
} game_points;

static void count_points(void *ctx, const wh_score_event_t *e)
{
    game_points *gp = ctx;
    if (e->reason != WH_REASON_WONDER)
        return;
    for (int i = 0; i < gp->n; i++)
        if (gp->wonders[i] == e->wonder)
            gp->points[i] += e->points;
}

static wr_wonder_stats *stats_for(wr_sim *s, const wh_tileset_t *set, uint16_t tile)
{
    const char *id = wh_string(set, set->tiles[tile].id);
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->w[i].id, id))
            return &s->w[i];
    if (s->n == WR_LAB_WONDERS)
        return NULL;
    wr_wonder_stats *w = &s->w[s->n++];
    memset(w, 0, sizeof *w);
    snprintf(w->id, sizeof w->id, "%s", id);
    return w;
}

typedef struct sim_worker {
    const wh_tileset_t *set;
    const wr_sim_options *o;
    wr_sim sums;        /* this worker's games */
    wh_match_t *match;
    wr_seats seats;
    bool all_random;    /* every seat random: the runtime's own random players */
    bool failed;
    char problem[160];
} sim_worker;

/* Play game g and add what its wonders did to w->sums. */
static bool play_game(sim_worker *w, uint64_t g)
{
    wh_match_t *m = w->match;
    wr_seats *seats = &w->seats;
    bool all_random = w->all_random;
    const wr_sim_options *o = w->o;
    const wh_tileset_t *set = w->set;
    wh_rng_t rng;
    wh_rng_seed(&rng, o->run.seed * 0x9E3779B97F4A7C15ull + g);
    wh_bag_t bag;
    int start;
    wh_bag_deal(&bag, set, o->run.packs, o->run.n_packs, &rng, &start);
    uint16_t offered[WR_LAB_WONDERS];
    memcpy(offered, o->wonders, (size_t)o->n_wonders * sizeof *offered);
    int k = o->wonders_per_game < o->n_wonders ? o->wonders_per_game : o->n_wonders;
    for (int i = 0; i < k; i++) { /* k of them at random */
        uint32_t j = (uint32_t)i + wh_rng_below(&rng, (uint32_t)(o->n_wonders - i));
        uint16_t t = offered[i];
        offered[i] = offered[j];
        offered[j] = t;
    }
    wh_match_config_t cfg = {.players = (uint8_t)o->run.players, .variant = (uint8_t)o->variant, .pile = bag.tile,
                             .n_pile = bag.n, .wonders = offered, .n_wonders = (size_t)k, .start_tile = start,
                             .rules = o->run.rules, .seed = o->run.seed * 0x9E3779B97F4A7C15ull + g};
    seats->rng = &rng;
    wh_players_t players = all_random ? wh_random_players(&rng) : wr_seats_players(seats);
    game_points gp = {{0}, offered, k};
    wh_score_sink_t sink = {count_points, &gp};
    wh_status_t s = wh_match_init(m, set, &cfg);
    if (s == WH_OK)
        s = wh_match_play(m, &players, &sink);
    if (s != WH_OK) {
        snprintf(w->problem, sizeof w->problem, "game %llu failed: %s", (unsigned long long)g, wh_status_text(s));
        return false;
    }
    int best = 0;
    for (int p = 0; p < o->run.players; p++)
        if (wh_game_score(&m->game, p) > best)
            best = wh_game_score(&m->game, p);
    for (int i = 0; i < k; i++) {
        wr_wonder_stats *ws = stats_for(&w->sums, set, offered[i]);
        if (!ws)
            continue;
        ws->offered++;
        ws->points += gp.points[i];
        int owner = -1;
        for (size_t t = 0; t < wh_game_tile_count(&m->game); t++) {
            const wh_placed_t *pl = wh_game_tile_at_index(&m->game, t);
            if (pl->tile == offered[i]) {
                owner = pl->player;
                ws->placed++;
            }
        }
        for (int p = 0; p < o->run.players && owner < 0; p++)
            for (int q = 0; q < m->n_waiting[p]; q++)
                if (m->waiting[p][q] == offered[i])
                    owner = p;
        if (owner >= 0) {
            ws->taken++;
            ws->owner_wins += wh_game_score(&m->game, owner) == best;
        }
    }
    w->sums.games++;
    return true;
}

static bool sim_game(void *worker, uint64_t g)
{
    sim_worker *w = worker;
    w->failed = !play_game(w, g);
    return !w->failed;
}

/* Free the workers and what each holds. */
static void free_workers(sim_worker *w, int jobs)
{
    for (int j = 0; j < jobs; j++) {
        free(w[j].match);
        free(w[j].seats.scratch);
        wr_seats_free_searches(&w[j].seats);
    }
    free(w);
}

wr_lab_status wr_simulate(const wh_tileset_t *set, const wr_sim_options *o, wr_sim *out, char *problem)
{
    memset(out, 0, sizeof *out);
    out->players = o->run.players;
    out->seed = o->run.seed;
    out->rules = o->run.rules;
    for (int p = 0; p < o->run.players; p++)
        out->seats[p] = o->run.seats ? o->run.seats[p] : WR_RANDOM;
    for (int i = 0; i < o->n_wonders; i++)
        stats_for(out, set, o->wonders[i]); /* list every wonder, even one never offered */
    int jobs = wr_run_jobs(&o->run);
    sim_worker *w = calloc((size_t)jobs, sizeof *w);
    if (!w)
        return WR_LAB_NO_MEMORY;
    bool room = true;
    for (int j = 0; j < jobs && room; j++) {
        w[j] = (sim_worker){.set = set, .o = o, .sums = *out, .all_random = true};
        for (int p = 0; p < o->run.players; p++) {
            w[j].seats.kind[p] = o->run.seats ? o->run.seats[p] : WR_RANDOM;
            w[j].all_random &= w[j].seats.kind[p] == WR_RANDOM;
        }
        /* seats that look ahead try moves on copies of the game */
        if (!w[j].all_random)
            room &= (w[j].seats.scratch = calloc(WR_SCRATCH_GAMES, sizeof *w[j].seats.scratch)) != NULL;
        wr_mcts_budget budget = {.think = o->think ? o->think : WR_MCTS_THINK};
        room = room && wr_seats_searches(&w[j].seats, o->run.players, &budget);
        room = room && (w[j].match = malloc(sizeof *w[j].match)) != NULL;
    }
    if (!room) {
        free_workers(w, jobs);
        return WR_LAB_NO_MEMORY;
    }
    wr_lab_status status = wr_run_games(&o->run, sim_game, w, sizeof *w, "simulate", problem);
    /* the workers' sums: integers, so the same whatever the threads */
    for (int j = 0; j < jobs; j++) {
        if (w[j].failed && status == WR_LAB_OK) {
            snprintf(problem, WR_LAB_PROBLEM, "%s", w[j].problem);
            status = WR_LAB_FAILED;
        }
        wr_sim_merge(out, &w[j].sums);
    }
    free_workers(w, jobs);
    return status;
}

bool wr_sim_merge(wr_sim *a, const wr_sim *b)
{
    if (a->games && (a->players != b->players || memcmp(a->seats, b->seats, sizeof a->seats) || a->rules != b->rules))
        return false;
    a->players = b->players;
    a->rules = b->rules;
    memcpy(a->seats, b->seats, sizeof a->seats);
    a->games += b->games;
    for (int i = 0; i < b->n; i++) {
        wr_wonder_stats *w = NULL;
        for (int j = 0; j < a->n && !w; j++)
            if (!strcmp(a->w[j].id, b->w[i].id))
                w = &a->w[j];
        if (!w) {
            if (a->n == WR_LAB_WONDERS)
                return false;
            w = &a->w[a->n++];
            memset(w, 0, sizeof *w);
            snprintf(w->id, sizeof w->id, "%s", b->w[i].id);
        }
        w->offered += b->w[i].offered;
        w->taken += b->w[i].taken;
        w->placed += b->w[i].placed;
        w->points += b->w[i].points;
        w->owner_wins += b->w[i].owner_wins;
    }
    return true;
}
