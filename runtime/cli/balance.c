/*
** balance.c -- the balance lab's games, sums and files; see balance.h and
** docs/balance.md.
*/
#include "balance.h"
#include "games.h"
#include "../../compiler/common/xalloc.h"
#include "yaml_in.h"
#include "../match.h"
#include "../playout.h"
#include "../tileset.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BINS 21

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
    return i > BINS - 1 ? BINS - 1 : (int)i;
}

/* Effect points: bins of 5 from 0, the last open. */
static int points_bin(int64_t v)
{
    int64_t i = v < 0 ? 0 : v / 5;
    return i > BINS - 1 ? BINS - 1 : (int)i;
}

/* ---- the calibration's wonders ------------------------------------------------ */

/*
** The tile set the games are played with: the user's tables, and after
** their last tile two more that no pack holds (so no pile deals them and
** every other game is what it would be without them), both copies of the
** geometry wonder's tile: "lab.flat", whose effect pays WR_BALANCE_FLAT
** points at the end of the game, and "lab.none", with no effect.
*/
typedef struct lab_set {
    wh_tileset_t set;
    wh_tile_t *tiles;
    wh_effect_t *effects;
    char *strings;
    uint16_t flat, none;
} lab_set;

static void lab_set_make(lab_set *l, const wh_tileset_t *set, int geometry)
{
    /* the two tiles' ids and names, appended to the string pool */
    static const char names[] = "lab.flat\0" "flat points at the end\0" "lab.none\0" "no effect";
    const uint32_t at = set->strings_size, flat_name = at + sizeof "lab.flat",
                   none_id = flat_name + sizeof "flat points at the end", none_name = none_id + sizeof "lab.none";
    l->set = *set;
    l->strings = wu_xmalloc(set->strings_size + sizeof names);
    memcpy(l->strings, set->strings, set->strings_size);
    memcpy(l->strings + at, names, sizeof names);
    l->tiles = wu_xcalloc(set->n_tiles + 2, sizeof *l->tiles);
    memcpy(l->tiles, set->tiles, set->n_tiles * sizeof *l->tiles);
    l->effects = wu_xcalloc(set->n_effects + 1, sizeof *l->effects);
    if (set->n_effects)
        memcpy(l->effects, set->effects, set->n_effects * sizeof *l->effects);
    l->effects[set->n_effects] = (wh_effect_t){.trigger = WH_TRIGGER_GAME_END, .trigger_kind = WH_NONE,
                                               .counter = WH_COUNTER_ONE, .counter_kind = WH_NONE,
                                               .value_by = WH_VALUE_CONSTANT, .constant = WR_BALANCE_FLAT};
    l->flat = (uint16_t)set->n_tiles;
    l->none = (uint16_t)(set->n_tiles + 1);
    wh_tile_t t = set->tiles[geometry];
    t.id = at;
    t.name = flat_name;
    t.effect = set->n_effects + 1;
    l->tiles[l->flat] = t;
    t.id = none_id;
    t.name = none_name;
    t.effect = 0;
    l->tiles[l->none] = t;
    l->set.strings = l->strings;
    l->set.strings_size = at + (uint32_t)sizeof names;
    l->set.tiles = l->tiles;
    l->set.n_tiles = set->n_tiles + 2;
    l->set.effects = l->effects;
    l->set.n_effects = set->n_effects + 1;
}

static void lab_set_free(lab_set *l)
{
    free(l->strings);
    free(l->tiles);
    free(l->effects);
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
    uint16_t flat, none;     /* the reference's two wonders */
    const wr_balance_options *o;
    wr_balance sums;         /* this worker's own */
    wh_match_t *match;
    wh_game_t *scratch;
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
                             .rules = (uint8_t)o->run.rules, .track_seats = (uint8_t)(1u << subject)};
    wr_seats seats;
    memset(&seats, 0, sizeof seats);
    bool all_random = true;
    for (int p = 0; p < o->run.players; p++) {
        seats.kind[p] = o->run.seats[p];
        all_random &= o->run.seats[p] == WR_RANDOM;
    }
    seats.rng = &rng;
    seats.scratch = w->scratch;
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

/* Game g: without the baseline wonder, then with each candidate. */
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
    outcome flat, none;
    if (!play_one(w, g, w->flat, &flat) || !play_one(w, g, w->none, &none)) {
        w->failed = true;
        return false;
    }
    int64_t dr = flat.margin - none.margin;
    wr_balance_reference *r = &w->sums.ref;
    r->n++;
    r->d += dr;
    r->d2 += dr * dr;
    r->points += flat.points;
    r->placed += flat.placed;
    for (int c = 0; c < o->n_candidates; c++) {
        outcome with;
        if (!play_one(w, g, o->candidates[c], &with)) {
            w->failed = true;
            return false;
        }
        wr_balance_sums *s = &w->sums.c[c];
        int64_t d = with.margin - base.margin, dw = with.win - base.win;
        s->n++;
        s->margin += with.margin;
        s->d += d;
        s->d2 += d * d;
        s->dr += d * dr;
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
    bool ok = ADD(a->played, b->played) && ADD(a->base_margin, b->base_margin) && ADD(a->ref.n, b->ref.n) &&
              ADD(a->ref.d, b->ref.d) && ADD(a->ref.d2, b->ref.d2) && ADD(a->ref.points, b->ref.points) &&
              ADD(a->ref.placed, b->ref.placed);
    a->partial |= b->partial;
    for (int k = 0; k < BINS; k++)
        ok = ok && ADD(a->base_hist[k], b->base_hist[k]);
    for (int i = 0; i < a->n && ok; i++) {
        wr_balance_sums *x = &a->c[i];
        const wr_balance_sums *y = &b->c[i];
        ok = ADD(x->n, y->n) && ADD(x->margin, y->margin) && ADD(x->d, y->d) && ADD(x->d2, y->d2) &&
             ADD(x->w, y->w) && ADD(x->w2, y->w2) && ADD(x->points, y->points) && ADD(x->placed, y->placed) &&
             ADD(x->dr, y->dr);
        for (int k = 0; k < BINS && ok; k++)
            ok = ADD(x->hist[k], y->hist[k]) && ADD(x->points_hist[k], y->points_hist[k]);
    }
    return ok;
}

bool wr_balance_run(const wh_tileset_t *set, const wr_balance_options *o, wr_balance *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    out->games = o->run.games;
    out->seed = o->run.seed;
    out->players = o->run.players;
    memcpy(out->seats, o->run.seats, (size_t)o->run.players * sizeof *o->run.seats);
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
        fprintf(err, "wonders: balance: the tile set has no wonder to build the reference on\n");
        return false;
    }
    snprintf(out->ref.geometry, sizeof out->ref.geometry, "%s", wh_string(set, set->tiles[geometry].id));
    out->ref.flat = WR_BALANCE_FLAT;
    lab_set lab;
    lab_set_make(&lab, set, geometry);
    int jobs = wr_run_jobs(&o->run);
    worker *w = wu_xcalloc((size_t)jobs, sizeof *w);
    for (int j = 0; j < jobs; j++) {
        w[j] = (worker){.set = &lab.set, .flat = lab.flat, .none = lab.none, .o = o, .sums = *out};
        w[j].match = wu_xmalloc(sizeof *w[j].match);
        w[j].scratch = wu_xcalloc(WR_SCRATCH_GAMES, sizeof *w[j].scratch);
    }
    bool ok = wr_run_games(&o->run, play_pair, w, sizeof *w, err, "balance");
    /* the workers' sums: integers, so the total is the same whatever the
    ** number of threads and whichever game each one played */
    for (int j = 0; j < jobs; j++) {
        if (w[j].failed) {
            fprintf(err, "wonders: balance: %s\n", w[j].problem);
            ok = false;
        }
        add_sums(out, &w[j].sums); /* games' sums: far from overflowing */
        free(w[j].match);
        free(w[j].scratch);
    }
    if (o->run.stop && *o->run.stop && out->played < wr_run_share(&o->run))
        out->partial = true;
    free(w);
    lab_set_free(&lab);
    return ok;
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
    if (strcmp(a->ref.geometry, b->ref.geometry) || a->ref.flat != b->ref.flat)
        return "reference";
    a->shard_mask |= b->shard_mask;
    return add_sums(a, b) ? NULL : "sums (too large to add)";
}

/* ---- estimates ------------------------------------------------------------------ */

/* Mean and 95% half-width from a sum and a sum of squares over n paired games. */
static wr_estimate estimate(int64_t sum, int64_t sum2, uint64_t n, double scale)
{
    wr_estimate e = {0, 0};
    if (n == 0)
        return e;
    double mean = (double)sum / (double)n;
    e.mean = mean * scale;
    if (n > 1) {
        double var = ((double)sum2 - (double)n * mean * mean) / (double)(n - 1);
        e.half = 1.96 * sqrt(var > 0 ? var / (double)n : 0) * scale;
    }
    return e;
}

wr_estimate wr_balance_margin(const wr_balance *b, int i)
{
    return estimate(b->c[i].d, b->c[i].d2, b->c[i].n, 1.0);
}

wr_estimate wr_balance_wins(const wr_balance *b, int i)
{
    return estimate(b->c[i].w, b->c[i].w2, b->c[i].n, 50.0); /* halves to percent */
}

wr_estimate wr_balance_reference_gain(const wr_balance *b)
{
    return estimate(b->ref.d, b->ref.d2, b->ref.n, 1.0);
}

/*
** The ratio E = mean(d) / mean(r) of a candidate's paired differences d to
** the reference's r, over the same n games, and its 95% interval by the
** delta method: var(E) ~ (s_dd - 2 E s_dr + E^2 s_rr) / (n mean(r)^2), with
** the sample (co)variances from the integer sums.  The reference against
** itself: the same numbers everywhere, so E is exactly 1 and the variance
** exactly 0.
*/
bool wr_balance_equivalent(const wr_balance *b, int i, wr_estimate *e)
{
    const wr_balance_reference *r = &b->ref;
    int64_t sd = i < 0 ? r->d : b->c[i].d, sd2 = i < 0 ? r->d2 : b->c[i].d2, sdr = i < 0 ? r->d2 : b->c[i].dr;
    uint64_t n = r->n;
    if (n == 0 || r->d <= 0 || (i >= 0 && b->c[i].n != n))
        return false;
    double nn = (double)n, md = (double)sd / nn, mr = (double)r->d / nn, ratio = md / mr;
    double flat = r->flat;
    e->mean = ratio * flat;
    e->half = 0;
    if (n > 1) {
        double s_dd = ((double)sd2 - nn * md * md) / (nn - 1), s_rr = ((double)r->d2 - nn * mr * mr) / (nn - 1),
               s_dr = ((double)sdr - nn * md * mr) / (nn - 1);
        double var = (s_dd - 2 * ratio * s_dr + ratio * ratio * s_rr) / (nn * mr * mr);
        e->half = 1.96 * sqrt(var > 0 ? var : 0) * flat;
    }
    return true;
}

/* ---- text ------------------------------------------------------------------------- */

static void seats_text(const wr_balance *b, const char *sep, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int p = 0; p < b->players && used < size; p++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", p ? sep : "", wr_kind_name(b->seats[p]));
}

void wr_balance_ranking(const wr_balance *b, int *order)
{
    for (int i = 0; i < b->n; i++)
        order[i] = i;
    for (int i = 1; i < b->n; i++)
        for (int j = i; j > 0 && wr_balance_margin(b, order[j]).mean > wr_balance_margin(b, order[j - 1]).mean; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* "+7.31 [+5.02, +9.60]", or "n/a" when the reference gained nothing. */
static void equivalent_text(const wr_balance *b, int i, char *buf, size_t size)
{
    wr_estimate e;
    if (wr_balance_equivalent(b, i, &e))
        snprintf(buf, size, "%+.2f [%+.2f, %+.2f]", e.mean, e.mean - e.half, e.mean + e.half);
    else
        snprintf(buf, size, "n/a");
}

void wr_balance_print(FILE *out, const wh_tileset_t *set, const wr_balance *b)
{
    char seats[96], rules[96];
    seats_text(b, ",", seats, sizeof seats);
    wr_rules_text(b->rules, ",", rules, sizeof rules);
    fprintf(out, "%llu paired games%s, %d players (seats: %s; rules: %s), each wonder against %s\n",
            (unsigned long long)b->played, b->partial ? " (interrupted: partial)" : "", b->players, seats,
            *rules ? rules : "none", b->baseline);
    fprintf(out, "%-4s %-18s %26s %26s %26s %8s\n", "rank", "wonder", "margin gain (95% CI)", "win rate gain (95% CI)",
            "flat points (95% CI)", "effect");
    int order[WR_BALANCE_MAX];
    wr_balance_ranking(b, order);
    for (int r = 0; r < b->n; r++) {
        int i = order[r];
        int t = wh_tile_find(set, b->c[i].id);
        const char *name = t >= 0 ? wh_string(set, set->tiles[t].name) : b->c[i].id;
        wr_estimate m = wr_balance_margin(b, i), w = wr_balance_wins(b, i);
        char mtext[40], wtext[40], etext[40];
        snprintf(mtext, sizeof mtext, "%+.2f [%+.2f, %+.2f]", m.mean, m.mean - m.half, m.mean + m.half);
        snprintf(wtext, sizeof wtext, "%+.1f%% [%+.1f, %+.1f]", w.mean, w.mean - w.half, w.mean + w.half);
        equivalent_text(b, i, etext, sizeof etext);
        double effect = b->c[i].placed ? (double)b->c[i].points / (double)b->c[i].placed : 0;
        fprintf(out, "%-4d %-18s %26s %26s %26s %8.2f\n", r + 1, name, mtext, wtext, etext, effect);
    }
    const wr_balance_reference *ref = &b->ref;
    int t = wh_tile_find(set, ref->geometry);
    wr_estimate g = wr_balance_reference_gain(b);
    char gtext[40], etext[40];
    snprintf(gtext, sizeof gtext, "%+.2f [%+.2f, %+.2f]", g.mean, g.mean - g.half, g.mean + g.half);
    equivalent_text(b, -1, etext, sizeof etext);
    fprintf(out, "%-4s %-18s %26s %26s %26s %8.2f\n", "ref", "flat points", gtext, "", etext,
            ref->placed ? (double)ref->points / (double)ref->placed : 0.0);
    fprintf(out, "margin: the subject seat's points over its best opponent; gain: with the wonder minus with %s,\n"
                 "in the same game; effect: the mean points its effect paid, in the games it was placed.\n",
            b->baseline);
    fprintf(out, "ref: the calibration, %d points at the end on %s's tile against that tile with no effect,\n"
                 "placed in %.1f%% of the games; flat points: a wonder's gain over the ref's, times %d.\n",
            ref->flat, t >= 0 ? wh_string(set, set->tiles[t].name) : ref->geometry,
            ref->n ? 100.0 * (double)ref->placed / (double)ref->n : 0.0, ref->flat);
}

static void ints(FILE *out, const int32_t *v)
{
    fputc('[', out);
    for (int k = 0; k < BINS; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)v[k]);
    fputc(']', out);
}

void wr_balance_write_yaml(FILE *out, const wr_balance *b)
{
    char seats[96], rules[96];
    seats_text(b, ", ", seats, sizeof seats);
    wr_rules_text(b->rules, ", ", rules, sizeof rules);
    fprintf(out, "format: %d\nbalance:\n  games: %llu\n  played: %llu\n  seed: %llu\n  players: %d\n  seats: [%s]\n",
            WR_FORMAT, (unsigned long long)b->games, (unsigned long long)b->played, (unsigned long long)b->seed,
            b->players, seats);
    fprintf(out, "  rules: [%s]\n  packs: [%s]\n  baseline: %s\n  tileset: %lu\n  shards: %d\n  shard_mask: %llu\n",
            rules, b->packs, b->baseline, (unsigned long)b->tileset, b->shards, (unsigned long long)b->shard_mask);
    fprintf(out, "  partial: %s\n  base_margin: %lld\n  base_hist: ", b->partial ? "true" : "false",
            (long long)b->base_margin);
    ints(out, b->base_hist);
    fprintf(out, "\n  reference: {geometry: %s, flat: %d, n: %llu, d: %lld, d2: %lld, points: %lld, placed: %llu}\n",
            b->ref.geometry, b->ref.flat, (unsigned long long)b->ref.n, (long long)b->ref.d, (long long)b->ref.d2,
            (long long)b->ref.points, (unsigned long long)b->ref.placed);
    fputs("  wonders:\n", out);
    for (int i = 0; i < b->n; i++) {
        const wr_balance_sums *s = &b->c[i];
        fprintf(out, "    - {id: %s, n: %llu, margin: %lld, d: %lld, d2: %lld, dr: %lld, w: %lld, w2: %lld, points: %lld,\n"
                     "       placed: %llu, hist: ",
                s->id, (unsigned long long)s->n, (long long)s->margin, (long long)s->d, (long long)s->d2,
                (long long)s->dr, (long long)s->w, (long long)s->w2, (long long)s->points,
                (unsigned long long)s->placed);
        ints(out, s->hist);
        fputs(", points_hist: ", out);
        ints(out, s->points_hist);
        fputs("}\n", out);
    }
}

/* ---- reading back ------------------------------------------------------------------ */

static bool int_list(wr_yaml_in *in, const char *what, int32_t *v)
{
    if (!wr_in_begin_list(in, what))
        return false;
    int k = 0;
    while (!in->failed && !wr_in_list_end(in)) {
        long x;
        if (k == BINS)
            return wr_in_fail(in, wr_in_here(in), "%s: %d numbers, no more", what, BINS);
        if (!wr_in_number(in, what, 0, INT32_MAX, &x))
            return false;
        v[k++] = (int32_t)x;
    }
    return !in->failed && (k == BINS || wr_in_fail(in, wr_in_here(in), "%s: %d numbers, found %d", what, BINS, k));
}

static bool number64(wr_yaml_in *in, const char *what, long lo, int64_t *out)
{
    long v;
    bool ok = wr_in_number(in, what, lo, LONG_MAX, &v);
    *out = v;
    return ok;
}

static bool candidate(wr_yaml_in *in, wr_balance *b)
{
    static const char *const keys[] = {"id", "n", "margin", "d", "d2", "w", "w2", "points", "placed", "hist",
                                       "points_hist", "dr", NULL};
    if (b->n == WR_BALANCE_MAX)
        return wr_in_fail(in, wr_in_here(in), "wonders: at most %d", WR_BALANCE_MAX);
    wr_balance_sums *s = &b->c[b->n++];
    memset(s, 0, sizeof *s);
    unsigned seen = 0;
    int k;
    int64_t v;
    wr_loc at = wr_in_here(in);
    if (!wr_in_begin_map(in, "a wonder"))
        return false;
    while (wr_in_next_key(in, "a wonder", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case 0: ok = wr_in_name(in, "id", s->id, sizeof s->id); break;
        case 1: ok = number64(in, "n", 0, &v); s->n = (uint64_t)v; break;
        case 2: ok = number64(in, "margin", LONG_MIN, &s->margin); break;
        case 3: ok = number64(in, "d", LONG_MIN, &s->d); break;
        case 4: ok = number64(in, "d2", 0, &s->d2); break;
        case 5: ok = number64(in, "w", LONG_MIN, &s->w); break;
        case 6: ok = number64(in, "w2", 0, &s->w2); break;
        case 7: ok = number64(in, "points", LONG_MIN, &s->points); break;
        case 8: ok = number64(in, "placed", 0, &v); s->placed = (uint64_t)v; break;
        case 9: ok = int_list(in, "hist", s->hist); break;
        case 10: ok = int_list(in, "points_hist", s->points_hist); break;
        default: ok = number64(in, "dr", LONG_MIN, &s->dr); break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 12) - 1)
        return wr_in_fail(in, at, "a wonder needs id, n, margin, d, d2, dr, w, w2, points, placed, hist and "
                                  "points_hist");
    if (s->placed > s->n)
        return wr_in_fail(in, at, "wonder '%s': placed in more games than were played", s->id);
    return true;
}

static bool reference(wr_yaml_in *in, wr_balance_reference *r)
{
    static const char *const keys[] = {"geometry", "flat", "n", "d", "d2", "points", "placed", NULL};
    unsigned seen = 0;
    int k;
    int64_t v;
    wr_loc at = wr_in_here(in);
    if (!wr_in_begin_map(in, "reference"))
        return false;
    while (wr_in_next_key(in, "reference", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case 0: ok = wr_in_name(in, "geometry", r->geometry, sizeof r->geometry); break;
        case 1: ok = number64(in, "flat", 1, &v) && (v <= 1000 || wr_in_fail(in, wr_in_here(in), "flat: 1 to 1000"));
                r->flat = (int)v; break;
        case 2: ok = number64(in, "n", 0, &v); r->n = (uint64_t)v; break;
        case 3: ok = number64(in, "d", LONG_MIN, &r->d); break;
        case 4: ok = number64(in, "d2", 0, &r->d2); break;
        case 5: ok = number64(in, "points", LONG_MIN, &r->points); break;
        default: ok = number64(in, "placed", 0, &v); r->placed = (uint64_t)v; break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 7) - 1)
        return wr_in_fail(in, at, "the reference needs geometry, flat, n, d, d2, points and placed");
    if (r->placed > r->n)
        return wr_in_fail(in, at, "the reference: placed in more games than were played");
    return true;
}

static bool seats_list(wr_yaml_in *in, wr_balance *b, int *n)
{
    if (!wr_in_begin_list(in, "seats"))
        return false;
    *n = 0;
    while (!in->failed && !wr_in_list_end(in)) {
        wr_loc at = wr_in_here(in);
        char name[WR_MAX_NAME];
        if (!wr_in_name(in, "seats", name, sizeof name))
            return false;
        int kind = wr_kind_parse(name);
        if (kind < 0)
            return wr_in_fail(in, at, "seats: unknown player kind '%s' (random, greedy, thrifty, planner)", name);
        if (*n == WH_MAX_PLAYERS)
            return wr_in_fail(in, at, "seats: at most %d", WH_MAX_PLAYERS);
        b->seats[(*n)++] = (wr_kind_t)kind;
    }
    return !in->failed;
}

/* A flow list of names, joined by commas into buf (packs), or read as rules. */
static bool names_joined(wr_yaml_in *in, const char *what, char *buf, size_t size, unsigned *rules)
{
    if (!wr_in_begin_list(in, what))
        return false;
    size_t used = 0;
    buf[0] = '\0';
    while (!in->failed && !wr_in_list_end(in)) {
        wr_loc at = wr_in_here(in);
        char name[WR_MAX_NAME];
        if (!wr_in_name(in, what, name, sizeof name))
            return false;
        if (rules) {
            int k = wr_rule_index(name);
            if (k < 0)
                return wr_in_fail(in, at, "rules: unknown rule '%s' (the rules: inns_cathedrals, abbot)", name);
            *rules |= WH_RULE_BIT(k);
        } else {
            used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s%s", used ? "," : "", name);
            if (used >= size)
                return wr_in_fail(in, at, "%s: too long", what);
        }
    }
    return !in->failed;
}

static bool balance_map(wr_yaml_in *in, wr_balance *b)
{
    static const char *const keys[] = {"games", "played", "seed", "players", "seats", "rules", "packs", "baseline",
                                       "tileset", "shards", "shard_mask", "partial", "base_margin", "base_hist",
                                       "wonders", "reference", NULL};
    wr_loc at = wr_in_here(in);
    unsigned seen = 0;
    int k, n_seats = 0;
    int64_t v;
    char packs[sizeof b->packs];
    if (!wr_in_begin_map(in, "balance"))
        return false;
    while (wr_in_next_key(in, "balance", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case 0: ok = number64(in, "games", 1, &v); b->games = (uint64_t)v; break;
        case 1: ok = number64(in, "played", 0, &v); b->played = (uint64_t)v; break;
        case 2: ok = number64(in, "seed", 0, &v); b->seed = (uint64_t)v; break;
        case 3: ok = number64(in, "players", 2, &v) && (v <= WH_MAX_PLAYERS ||
                     wr_in_fail(in, wr_in_here(in), "players: 2 to %d", WH_MAX_PLAYERS));
                b->players = (int)v; break;
        case 4: ok = seats_list(in, b, &n_seats); break;
        case 5: ok = names_joined(in, "rules", packs, sizeof packs, &b->rules); break;
        case 6: ok = names_joined(in, "packs", b->packs, sizeof b->packs, NULL); break;
        case 7: ok = wr_in_name(in, "baseline", b->baseline, sizeof b->baseline); break;
        case 8: ok = number64(in, "tileset", 0, &v); b->tileset = (uint32_t)v; break;
        case 9: ok = number64(in, "shards", 1, &v) && (v <= 64 || wr_in_fail(in, wr_in_here(in), "shards: 1 to 64"));
                b->shards = (int)v; break;
        case 10: ok = number64(in, "shard_mask", 1, &v); b->shard_mask = (uint64_t)v; break;
        case 11: ok = wr_in_boolean(in, "partial", &b->partial); break;
        case 12: ok = number64(in, "base_margin", LONG_MIN, &b->base_margin); break;
        case 13: ok = int_list(in, "base_hist", b->base_hist); break;
        case 15: ok = reference(in, &b->ref); break;
        default:
            if (!wr_in_begin_list(in, "wonders"))
                return false;
            while (ok && !in->failed && !wr_in_list_end(in))
                ok = candidate(in, b);
            break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 16) - 1)
        return wr_in_fail(in, at, "balance results need every key that `wonders balance --format yaml` writes");
    if (n_seats != b->players)
        return wr_in_fail(in, at, "balance: %d seats for %d players", n_seats, b->players);
    if (b->ref.n != b->played)
        return wr_in_fail(in, at, "the reference: %llu games, but %llu were played", (unsigned long long)b->ref.n,
                          (unsigned long long)b->played);
    for (int i = 0; i < b->n; i++)
        if (b->c[i].n != b->played)
            return wr_in_fail(in, at, "wonder '%s': %llu games, but %llu were played", b->c[i].id,
                              (unsigned long long)b->c[i].n, (unsigned long long)b->played);
    return true;
}

static bool balance_body(wr_yaml_in *in, void *b)
{
    return balance_map(in, b);
}

bool wr_balance_read_text(const char *name, const char *text, size_t len, wr_balance *b, FILE *err)
{
    memset(b, 0, sizeof *b);
    wr_yaml_in in;
    bool ok = wr_in_start(&in, name, "file", text, len, err) &&
              wr_in_results(&in, "balance results", "balance", balance_body, b);
    return wr_in_finish(&in, ok, "set of balance results");
}

bool wr_balance_read(const char *path, wr_balance *b, FILE *err)
{
    memset(b, 0, sizeof *b);
    char *text;
    size_t len;
    if (!wr_in_slurp(path, "file", &text, &len, err))
        return false;
    bool ok = wr_balance_read_text(path, text, len, b, err);
    free(text);
    return ok;
}
