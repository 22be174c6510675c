/*
** balance.c -- the balance lab's games and their sums, on every core, and
** shards merged; see balance.h and docs/balance.md.  What the sums say is
** balance_stats.c; the results file, balance_yaml.c.
*/
#include "balance.h"
#include "games.h"
#include "../match.h"
#include "../playout.h"
#include "../tileset.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t wr_tileset_digest(const wh_tileset_t *set)
{
    uint32_t h = 2166136261u; /* FNV-1a over what the games read */
#define MIX(p, n)                                                        \
    for (size_t i_ = 0; i_ < (size_t)(n); i_++)                          \
        h = (h ^ ((const unsigned char *)(p))[i_]) * 16777619u
    MIX(set->strings, set->strings_size);
    MIX(set->tiles, set->n_tiles * sizeof *set->tiles);
    MIX(set->squares, set->n_squares * sizeof *set->squares);
    MIX(set->sides, set->n_sides * sizeof *set->sides);
    MIX(set->features, set->n_features * sizeof *set->features);
    MIX(set->effects, set->n_effects * sizeof *set->effects);
    MIX(set->effect_values, set->n_effect_values * sizeof *set->effect_values);
#undef MIX
    return h;
}

/* The bin of a margin: 5 points wide, centred on multiples of 5, ends open. */
static int bin_of(int64_t v)
{
    int64_t i = v + 52 < 0 ? 0 : (v + 52) / 5;
    return i > WR_BALANCE_BINS - 1 ? WR_BALANCE_BINS - 1 : (int)i;
}

/* Effect points: bins of 5 from 0, the last open. */
static int points_bin(int64_t v)
{
    int64_t i = v < 0 ? 0 : v / 5;
    return i > WR_BALANCE_BINS - 1 ? WR_BALANCE_BINS - 1 : (int)i;
}

/* ---- the calibration's wonders ------------------------------------------------ */

/*
** The tile set the games are played with: the user's tables, and after
** their last tile more that no pack holds (so no pile deals them and
** every other game is what it would be without them): copies of the
** geometry wonder's tile, "lab.flat", one per reference, whose effect pays
** its points at the end of the game, and "lab.none", with no effect; then
** each candidate's twin, "lab.twin", a copy of its tile with no effect (no
** handler, no rule hook), against which its effect is measured.
*/
typedef struct lab_set {
    wh_tileset_t set;
    wh_tile_t *tiles;
    wh_effect_t *effects;
    wh_handler_t *handlers;
    wh_expr_t *exprs;
    char *strings;
    uint16_t flat[WR_BALANCE_REFS], none;
    uint16_t twin[WR_BALANCE_MAX]; /* candidate c's */
} lab_set;

static void lab_set_free(lab_set *l)
{
    free(l->strings);
    free(l->tiles);
    free(l->effects);
    free(l->handlers);
    free(l->exprs);
}

/* @returns false, with nothing to free, when memory runs out. */
static bool lab_set_make(lab_set *l, const wh_tileset_t *set, int geometry, const wr_balance_calibration *ref,
                         const uint16_t *candidates, int n)
{
    /* the new tiles' ids and names, appended to the string pool */
    static const char names[] = "lab.flat\0" "flat points at the end\0" "lab.none\0" "no effect\0" "lab.twin";
    const uint32_t at = set->strings_size, flat_name = at + sizeof "lab.flat",
                   none_id = flat_name + sizeof "flat points at the end", none_name = none_id + sizeof "lab.none",
                   twin_id = none_name + sizeof "no effect";
    const int k = ref->k;
    const uint32_t first = set->n_tiles + (k ? (uint32_t)k + 1 : 0); /* the twins' */
    l->set = *set;
    l->strings = malloc(set->strings_size + sizeof names);
    l->tiles = calloc(first + (size_t)n, sizeof *l->tiles);
    l->effects = calloc(set->n_effects + (size_t)k + 1, sizeof *l->effects);
    l->handlers = calloc(set->n_handlers + (size_t)k + 1, sizeof *l->handlers);
    l->exprs = calloc(set->n_exprs + 2 * (size_t)k + 1, sizeof *l->exprs);
    if (!l->strings || !l->tiles || !l->effects || !l->handlers || !l->exprs) {
        lab_set_free(l);
        return false;
    }
    memcpy(l->strings, set->strings, set->strings_size);
    memcpy(l->strings + at, names, sizeof names);
    memcpy(l->tiles, set->tiles, set->n_tiles * sizeof *l->tiles);
    if (set->n_effects)
        memcpy(l->effects, set->effects, set->n_effects * sizeof *l->effects);
    if (set->n_handlers)
        memcpy(l->handlers, set->handlers, set->n_handlers * sizeof *l->handlers);
    if (set->n_exprs)
        memcpy(l->exprs, set->exprs, set->n_exprs * sizeof *l->exprs);
    wh_tile_t t = set->tiles[geometry];
    t.id = at;
    t.name = flat_name;
    for (int j = 0; j < k; j++) { /* reference j's effect: on game_end { score flat; } */
        uint16_t points = (uint16_t)(set->n_exprs + 2 * (uint32_t)j), score = (uint16_t)(points + 1);
        uint16_t handler = (uint16_t)(set->n_handlers + (uint32_t)j);
        l->exprs[points] = (wh_expr_t){WH_OP_CONST, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, ref->r[j].flat};
        l->exprs[score] = (wh_expr_t){WH_OP_SCORE, 0, points, WH_NO_EXPR, WH_NO_EXPR, 0};
        l->handlers[handler] = (wh_handler_t){WH_EVENT_GAME_END, 0, 0, 0, WH_NO_EXPR, score};
        l->effects[set->n_effects + (uint32_t)j] = (wh_effect_t){.first_handler = handler, .n_handlers = 1};
        t.effect = set->n_effects + (uint32_t)j + 1; /* effects count from 1 */
        l->flat[j] = (uint16_t)(set->n_tiles + (uint32_t)j);
        l->tiles[l->flat[j]] = t;
    }
    l->none = (uint16_t)(set->n_tiles + (uint32_t)k);
    if (k) {
        t.id = none_id;
        t.name = none_name;
        t.effect = 0;
        l->tiles[l->none] = t;
    }
    for (int c = 0; c < n; c++) { /* its tile, its own name, no effect */
        l->twin[c] = (uint16_t)(first + (uint32_t)c);
        l->tiles[l->twin[c]] = set->tiles[candidates[c]];
        l->tiles[l->twin[c]].id = twin_id;
        l->tiles[l->twin[c]].effect = 0;
    }
    l->set.strings = l->strings;
    l->set.strings_size = at + (uint32_t)sizeof names;
    l->set.tiles = l->tiles;
    l->set.n_tiles = first + (uint32_t)n;
    l->set.effects = l->effects;
    l->set.n_effects = set->n_effects + (uint32_t)k;
    l->set.handlers = l->handlers;
    l->set.n_handlers = set->n_handlers + (uint32_t)k;
    l->set.exprs = l->exprs;
    l->set.n_exprs = set->n_exprs + 2 * (uint32_t)k;
    return true;
}

/* The geometry of the reference: the baseline's tile, else the tile set's first wonder. */
static int reference_geometry(const wh_tileset_t *set, int baseline)
{
    for (uint32_t t = 0; baseline < 0 && t < set->n_tiles; t++)
        if (set->tiles[t].kind == WH_TILE_WONDER)
            return (int)t;
    return baseline;
}

/* ---- one game, every variant ------------------------------------------------ */

typedef struct outcome {
    int margin; /* the subject's points over the best opponent */
    int win;    /* in halves: 2 alone first, 1 first with others, 0 */
    int points; /* its wonder's effect paid it */
    bool placed;
} outcome;

typedef struct points_sink {
    int subject;
    int points;
} points_sink;

static void count(void *ctx, const wh_score_event_t *e)
{
    points_sink *p = ctx;
    if (e->reason == WH_REASON_WONDER && (e->winners & (1u << p->subject)))
        p->points += e->points;
}

typedef struct worker {
    const wh_tileset_t *set; /* the lab's: the user's and the reference's */
    const uint16_t *flat;    /* the references' flat wonders */
    uint16_t none;           /* their tile with no effect */
    const uint16_t *twin;    /* each candidate's twin */
    const wr_balance_options *o;
    wr_balance sums;         /* this worker's own */
    wh_match_t *match;
    wh_game_t *scratch;
    wr_seats searches;       /* the mcts seats' searches, this worker's own (none: no mcts seat) */
    bool failed;
    char problem[160];
} worker;

/* Play game g with wonder `wonder` (-1: none) offered to its subject seat. */
static bool play_one(worker *w, uint64_t g, int wonder, outcome *out)
{
    const wr_balance_options *o = w->o;
    int subject = (int)(g % (uint64_t)o->run.players);
    wh_rng_t rng;
    wh_rng_seed(&rng, o->run.seed * 0x9E3779B97F4A7C15ull + g);
    wh_bag_t bag;
    int start;
    if (wh_bag_deal(&bag, w->set, o->run.packs, o->run.n_packs, &rng, &start) != WH_OK)
        return false;
    uint16_t offered = (uint16_t)(wonder < 0 ? 0 : wonder);
    wh_match_config_t cfg = {.players = (uint8_t)o->run.players, .variant = 1, .pile = bag.tile, .n_pile = bag.n,
                             .wonders = &offered, .n_wonders = wonder < 0 ? 0 : 1, .start_tile = start,
                             .rules = o->run.rules, .track_seats = (uint8_t)(1u << subject),
                             .seed = o->run.seed * 0x9E3779B97F4A7C15ull + g, /* the game's P5 shuffle */
                             .meeples = 6}; /* the Wonders' supply in every variant, "none" too */
    wr_seats seats;
    memset(&seats, 0, sizeof seats);
    bool all_random = true;
    for (int p = 0; p < o->run.players; p++) {
        seats.kind[p] = o->run.seats[p];
        all_random &= o->run.seats[p] == WR_RANDOM;
    }
    seats.rng = &rng;
    seats.scratch = w->scratch;
    memcpy(seats.mcts, w->searches.mcts, sizeof seats.mcts);
    wh_players_t players = all_random ? wh_random_players(&rng) : wr_seats_players(&seats);
    points_sink ps = {subject, 0};
    wh_score_sink_t sink = {count, &ps};
    wh_status_t s = wh_match_init(w->match, w->set, &cfg);
    if (s == WH_OK)
        s = wh_match_play(w->match, &players, &sink);
    if (s != WH_OK) {
        snprintf(w->problem, sizeof w->problem, "game %llu failed: %s", (unsigned long long)g, wh_status_text(s));
        return false;
    }
    const wh_game_t *gm = &w->match->game;
    int best = INT_MIN, at_best = 0;
    for (int p = 0; p < o->run.players; p++)
        if (p != subject && wh_game_score(gm, p) > best)
            best = wh_game_score(gm, p);
    int mine = wh_game_score(gm, subject);
    for (int p = 0; p < o->run.players; p++)
        at_best += p != subject && wh_game_score(gm, p) == mine;
    out->margin = mine - best;
    out->win = mine > best ? 2 : mine == best && at_best ? 1 : 0;
    out->points = ps.points;
    out->placed = false;
    for (size_t i = 0; i < wh_game_tile_count(gm) && wonder >= 0; i++)
        out->placed |= wh_game_tile_at_index(gm, i)->tile == (uint16_t)wonder;
    return true;
}

/* Game g: with the baseline (or none), the calibration's wonders (each
** reference, then their tile with no effect), then each candidate and its
** twin. */
static bool play_pair(void *arg, uint64_t g)
{
    worker *w = arg;
    const wr_balance_options *o = w->o;
    outcome base;
    if (!play_one(w, g, o->baseline, &base)) {
        w->failed = true;
        return false;
    }
    w->sums.base_margin += base.margin;
    w->sums.base_hist[bin_of(base.margin)]++;
    wr_balance_calibration *ref = &w->sums.ref;
    int64_t r[WR_BALANCE_REFS] = {0};
    outcome flat[WR_BALANCE_REFS], none;
    for (int j = 0; j < ref->k; j++) /* the flat ones first, as the point calibration always played them */
        if (!play_one(w, g, w->flat[j], &flat[j])) {
            w->failed = true;
            return false;
        }
    if (ref->k && !play_one(w, g, w->none, &none)) {
        w->failed = true;
        return false;
    }
    for (int j = 0; j < ref->k; j++) {
        r[j] = flat[j].margin - none.margin;
        ref->r[j].d += r[j];
        ref->r[j].d2 += r[j] * r[j];
        ref->r[j].points += flat[j].points;
        ref->r[j].placed += flat[j].placed;
    }
    for (int j = 0; j < ref->k; j++) /* once every r is known */
        for (int q = 0; q < ref->k; q++)
            ref->r[j].rr[q] += r[j] * r[q];
    int64_t last_placed = ref->k ? flat[ref->k - 1].placed : 0; /* the curve's slope beyond its end */
    for (int j = 0; j < ref->k; j++)
        ref->r[j].rp += r[j] * last_placed;
    ref->n++;
    for (int c = 0; c < o->n_candidates; c++) {
        outcome with, bare;
        if (!play_one(w, g, o->candidates[c], &with) || !play_one(w, g, w->twin[c], &bare)) {
            w->failed = true;
            return false;
        }
        wr_balance_sums *s = &w->sums.c[c];
        int64_t d = with.margin - base.margin, dw = with.win - base.win;
        int64_t e = with.margin - bare.margin, ew = with.win - bare.win;
        s->e += e;
        s->e2 += e * e;
        for (int j = 0; j < ref->k; j++) {
            s->er[j] += e * r[j];
            s->dr[j] += d * r[j];
        }
        s->dp += d * last_placed;
        s->ep += e * last_placed;
        s->ew += ew;
        s->ew2 += ew * ew;
        s->n++;
        s->margin += with.margin;
        s->d += d;
        s->d2 += d * d;
        s->w += dw;
        s->w2 += dw * dw;
        s->points += with.points;
        s->placed += with.placed;
        s->hist[bin_of(with.margin)]++;
        s->points_hist[points_bin(with.points)]++;
    }
    w->sums.played++;
    return true;
}

/* a += b, false when it would overflow (sums read from a file may be anything) */
#define ADD(a, b) (!__builtin_add_overflow((a), (b), &(a)))

static bool add_sums(wr_balance *a, const wr_balance *b)
{
    bool ok = ADD(a->played, b->played) && ADD(a->base_margin, b->base_margin) && ADD(a->ref.n, b->ref.n);
    for (int j = 0; j < a->ref.k && ok; j++) {
        wr_balance_reference *x = &a->ref.r[j];
        const wr_balance_reference *y = &b->ref.r[j];
        ok = ADD(x->d, y->d) && ADD(x->d2, y->d2) && ADD(x->points, y->points) && ADD(x->placed, y->placed) &&
             ADD(x->rp, y->rp);
        for (int q = 0; q < a->ref.k && ok; q++)
            ok = ADD(x->rr[q], y->rr[q]);
    }
    a->partial |= b->partial;
    for (int k = 0; k < WR_BALANCE_BINS; k++)
        ok = ok && ADD(a->base_hist[k], b->base_hist[k]);
    for (int i = 0; i < a->n && ok; i++) {
        wr_balance_sums *x = &a->c[i];
        const wr_balance_sums *y = &b->c[i];
        ok = ADD(x->n, y->n) && ADD(x->margin, y->margin) && ADD(x->d, y->d) && ADD(x->d2, y->d2) &&
             ADD(x->w, y->w) && ADD(x->w2, y->w2) && ADD(x->points, y->points) && ADD(x->placed, y->placed) &&
             ADD(x->e, y->e) && ADD(x->e2, y->e2) && ADD(x->ew, y->ew) && ADD(x->ew2, y->ew2) && ADD(x->dp, y->dp) &&
             ADD(x->ep, y->ep);
        for (int j = 0; j < a->ref.k && ok; j++)
            ok = ADD(x->dr[j], y->dr[j]) && ADD(x->er[j], y->er[j]);
        for (int k = 0; k < WR_BALANCE_BINS && ok; k++)
            ok = ADD(x->hist[k], y->hist[k]) && ADD(x->points_hist[k], y->points_hist[k]);
    }
    return ok;
}

void wr_balance_calibrate(wr_balance_calibration *ref, wr_calibration how)
{
    static const int curve[] = WR_BALANCE_CURVE;
    _Static_assert(sizeof curve / sizeof *curve == WR_BALANCE_REFS, "the curve's references fill the calibration");
    ref->how = how;
    ref->k = how == WR_CALIBRATION_CURVE ? WR_BALANCE_REFS : how == WR_CALIBRATION_POINT ? 1 : 0;
    for (int j = 0; j < ref->k; j++)
        ref->r[j].flat = how == WR_CALIBRATION_CURVE ? curve[j] : WR_BALANCE_FLAT;
}

wr_lab_status wr_balance_run(const wh_tileset_t *set, const wr_balance_options *o, wr_balance *out, char *problem)
{
    memset(out, 0, sizeof *out);
    out->games = o->run.games;
    out->seed = o->run.seed;
    out->players = o->run.players;
    memcpy(out->seats, o->run.seats, (size_t)o->run.players * sizeof *o->run.seats);
    for (int p = 0; p < o->run.players; p++) /* the search's budget matters only to mcts seats */
        if (wr_kind_searches(o->run.seats[p]))
            out->think = o->think ? o->think : WR_MCTS_THINK;
    out->rules = o->run.rules;
    snprintf(out->packs, sizeof out->packs, "%s", o->packs_text ? o->packs_text : "");
    snprintf(out->baseline, sizeof out->baseline, "%s",
             o->baseline < 0 ? "none" : wh_string(set, set->tiles[o->baseline].id));
    out->tileset = wr_tileset_digest(set);
    out->shards = o->run.shards;
    out->shard_mask = UINT64_C(1) << o->run.shard;
    out->n = o->n_candidates;
    for (int i = 0; i < o->n_candidates; i++)
        snprintf(out->c[i].id, sizeof out->c[i].id, "%s", wh_string(set, set->tiles[o->candidates[i]].id));
    int geometry = reference_geometry(set, o->baseline);
    if (geometry < 0) {
        snprintf(problem, WR_LAB_PROBLEM, "balance: the tile set has no wonder to build the reference on");
        return WR_LAB_FAILED;
    }
    snprintf(out->ref.geometry, sizeof out->ref.geometry, "%s", wh_string(set, set->tiles[geometry].id));
    wr_balance_calibrate(&out->ref, o->calibration);
    lab_set lab;
    if (!lab_set_make(&lab, set, geometry, &out->ref, o->candidates, o->n_candidates))
        return WR_LAB_NO_MEMORY;
    int jobs = wr_run_jobs(&o->run);
    worker *w = calloc((size_t)jobs, sizeof *w);
    bool room = w != NULL;
    for (int j = 0; j < jobs && room; j++) {
        w[j] = (worker){.set = &lab.set, .flat = lab.flat, .none = lab.none, .twin = lab.twin, .o = o, .sums = *out};
        room &= (w[j].match = malloc(sizeof *w[j].match)) != NULL;
        room = room && (w[j].scratch = calloc(WR_SCRATCH_GAMES, sizeof *w[j].scratch)) != NULL;
        memcpy(w[j].searches.kind, o->run.seats, (size_t)o->run.players * sizeof *o->run.seats);
        room = room &&
               wr_seats_searches(&w[j].searches, o->run.players, &(wr_mcts_budget){.think = out->think ? out->think : 1});
    }
    wr_lab_status status = room ? wr_run_games(&o->run, play_pair, w, sizeof *w, "balance", problem) : WR_LAB_NO_MEMORY;
    /* the workers' sums: integers, so the total is the same whatever the
    ** number of threads and whichever game each one played */
    for (int j = 0; w && j < jobs; j++) {
        if (w[j].failed && status == WR_LAB_OK) {
            snprintf(problem, WR_LAB_PROBLEM, "balance: %s", w[j].problem);
            status = WR_LAB_FAILED;
        }
        add_sums(out, &w[j].sums); /* games' sums: far from overflowing */
        free(w[j].match);
        free(w[j].scratch);
        wr_seats_free_searches(&w[j].searches);
    }
    if (o->run.stop && *o->run.stop && out->played < wr_run_share(&o->run))
        out->partial = true;
    free(w);
    lab_set_free(&lab);
    return status;
}

/* ---- merging ------------------------------------------------------------------ */

const char *wr_balance_merge(wr_balance *a, const wr_balance *b)
{
    if (!a->shards) { /* the first */
        *a = *b;
        return NULL;
    }
    if (a->players != b->players)
        return "players";
    if (memcmp(a->seats, b->seats, (size_t)a->players * sizeof *a->seats))
        return "seats";
    if (a->think != b->think)
        return "think";
    if (a->rules != b->rules)
        return "rules";
    if (strcmp(a->packs, b->packs))
        return "packs";
    if (strcmp(a->baseline, b->baseline))
        return "baseline";
    if (a->tileset != b->tileset)
        return "tile set";
    if (a->seed != b->seed || a->games != b->games)
        return "seed or games";
    if (a->shards != b->shards)
        return "shards";
    if (a->shard_mask & b->shard_mask)
        return "the same shard twice";
    if (a->n != b->n)
        return "wonders";
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->c[i].id, b->c[i].id))
            return "wonders";
    if (strcmp(a->ref.geometry, b->ref.geometry) || a->ref.how != b->ref.how || a->ref.k != b->ref.k)
        return "reference";
    for (int j = 0; j < a->ref.k; j++)
        if (a->ref.r[j].flat != b->ref.r[j].flat)
            return "reference";
    a->shard_mask |= b->shard_mask;
    return add_sums(a, b) ? NULL : "sums (too large to add)";
}

/* ---- estimates ------------------------------------------------------------------ */
