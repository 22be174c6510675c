/* simulate.c -- random matches and their statistics; see simulate.h. */
#include "simulate.h"
#include "games.h"
#include "../../compiler/common/xalloc.h"
#include "yaml_in.h"
#include "../match.h"
#include "../playout.h"
#include "../tileset.h"

#include <limits.h>
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
    if (s->n == WR_MAX_WONDERS)
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
    uint16_t offered[WR_MAX_WONDERS];
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
                             .rules = (uint8_t)o->run.rules, .seed = o->run.seed * 0x9E3779B97F4A7C15ull + g};
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

bool wr_simulate(const wh_tileset_t *set, const wr_sim_options *o, wr_sim *out, FILE *err)
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
    sim_worker *w = wu_xcalloc((size_t)jobs, sizeof *w);
    for (int j = 0; j < jobs; j++) {
        w[j] = (sim_worker){.set = set, .o = o, .sums = *out, .all_random = true};
        for (int p = 0; p < o->run.players; p++) {
            w[j].seats.kind[p] = o->run.seats ? o->run.seats[p] : WR_RANDOM;
            w[j].all_random &= w[j].seats.kind[p] == WR_RANDOM;
        }
        /* seats that look ahead try moves on copies of the game */
        if (!w[j].all_random)
            w[j].seats.scratch = wu_xcalloc(WR_SCRATCH_GAMES, sizeof *w[j].seats.scratch);
        wr_mcts_budget budget = {.think = o->think ? o->think : WR_MCTS_THINK};
        wr_seats_searches(&w[j].seats, o->run.players, &budget);
        w[j].match = wu_xmalloc(sizeof *w[j].match);
    }
    bool ok = wr_run_games(&o->run, sim_game, w, sizeof *w, err, "simulate");
    /* the workers' sums: integers, so the same whatever the threads */
    for (int j = 0; j < jobs; j++) {
        if (w[j].failed) {
            fprintf(err, "wonders: %s\n", w[j].problem);
            ok = false;
        }
        wr_sim_merge(out, &w[j].sums);
        free(w[j].match);
        free(w[j].seats.scratch);
        wr_seats_free_searches(&w[j].seats);
    }
    free(w);
    return ok;
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
            if (a->n == WR_MAX_WONDERS)
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

void wr_sim_write_yaml(FILE *out, const wr_sim *s)
{
    char seats[96];
    wr_kinds_text(s->seats, s->players, ", ", seats, sizeof seats);
    fprintf(out, "format: %d\nsimulation:\n  games: %llu\n  players: %d\n  seats: [%s]\n", WR_FORMAT,
            (unsigned long long)s->games, s->players, seats);
    if (s->rules) {
        char rules[96];
        wr_rules_text(s->rules, ", ", rules, sizeof rules);
        fprintf(out, "  rules: [%s]\n", rules);
    }
    fputs("  wonders:\n", out);
    for (int i = 0; i < s->n; i++)
        fprintf(out, "    - {id: %s, offered: %llu, taken: %llu, placed: %llu, points: %lld, owner_wins: %llu}\n",
                s->w[i].id, (unsigned long long)s->w[i].offered, (unsigned long long)s->w[i].taken,
                (unsigned long long)s->w[i].placed, (long long)s->w[i].points, (unsigned long long)s->w[i].owner_wins);
}

/* A wonder's name as the tile set has it, or its id when the set lacks it. */
static const char *wonder_name(const wh_tileset_t *set, const wr_wonder_stats *w)
{
    int t = wh_tile_find(set, w->id);
    return t >= 0 ? wh_string(set, set->tiles[t].name) : w->id;
}

/* The columns @p s takes on a terminal: its UTF-8 characters. */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

void wr_sim_print(FILE *out, const wh_tileset_t *set, const wr_sim *s)
{
    char seats[96];
    wr_kinds_text(s->seats, s->players, ",", seats, sizeof seats);
    fprintf(out, "%llu games, %d players (seats: %s", (unsigned long long)s->games, s->players, seats);
    if (s->rules) {
        char rules[96];
        wr_rules_text(s->rules, ",", rules, sizeof rules);
        fprintf(out, "; rules: %s", rules);
    }
    fputs(")\n", out);
    int width = 18; /* the column as wide as the longest name, 18 at least */
    for (int i = 0; i < s->n; i++) {
        int len = columns(wonder_name(set, &s->w[i]));
        width = len > width ? len : width;
    }
    fprintf(out, "%-*s %8s %8s %14s %15s\n", width, "wonder", "offered", "taken", "effect points", "owner wins");
    for (int i = 0; i < s->n; i++) {
        const wr_wonder_stats *w = &s->w[i];
        const char *name = wonder_name(set, w);
        double taken = w->offered ? 100.0 * (double)w->taken / (double)w->offered : 0;
        double points = w->placed ? (double)w->points / (double)w->placed : 0;
        double wins = w->taken ? 100.0 * (double)w->owner_wins / (double)w->taken : 0;
        /* padded by columns, not bytes: a name may hold UTF-8 */
        fprintf(out, "%s%*s %8llu %7.1f%% %9.2f/game %14.1f%%\n", name, width - columns(name), "",
                (unsigned long long)w->offered, taken, points, wins);
    }
    fprintf(out, "(taken: of the games it was offered; effect points: mean when placed; owner wins: first place, "
                 "ties included, of the games it was taken)\n");
}

/* Reading results back, as strictly as a record: every value typed and
** located, unknown keys refused. */
static bool wonder_stats(wr_yaml_in *in, wr_sim *s)
{
    static const char *const keys[] = {"id", "offered", "taken", "placed", "points", "owner_wins", NULL};
    wr_loc at = wr_in_here(in);
    if (s->n == WR_MAX_WONDERS)
        return wr_in_fail(in, at, "wonders: at most %d", WR_MAX_WONDERS);
    wr_wonder_stats *w = &s->w[s->n++];
    memset(w, 0, sizeof *w);
    unsigned seen = 0;
    int k;
    long v = 0;
    if (!wr_in_begin_map(in, "a wonder's results"))
        return false;
    while (wr_in_next_key(in, "a wonder's results", keys, &seen, &k)) {
        if (k == 0) {
            if (!wr_in_name(in, "id", w->id, sizeof w->id))
                return false;
            continue;
        }
        if (!wr_in_number(in, keys[k], k == 4 ? -LONG_MAX : 0, LONG_MAX, &v))
            return false;
        switch (k) {
        case 1: w->offered = (uint64_t)v; break;
        case 2: w->taken = (uint64_t)v; break;
        case 3: w->placed = (uint64_t)v; break;
        case 4: w->points = v; break;
        default: w->owner_wins = (uint64_t)v; break;
        }
    }
    if (in->failed)
        return false;
    if (seen != 0x3Fu)
        return wr_in_fail(in, at, "a wonder's results need id, offered, taken, placed, points and owner_wins");
    for (int i = 0; i + 1 < s->n; i++)
        if (!strcmp(s->w[i].id, w->id))
            return wr_in_fail(in, at, "wonder '%s' appears twice", w->id);
    /* what the simulation counts can only shrink along the way */
    if (w->taken > w->offered || w->placed > w->taken || w->owner_wins > w->taken)
        return wr_in_fail(in, at, "wonder '%s': the counts cannot be (placed <= taken <= offered, owner_wins <= taken)",
                          w->id);
    return true;
}

/* seats: [kind, ...]; *n is how many were listed */
static bool seats(wr_yaml_in *in, wr_sim *s, int *n)
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
            return wr_in_fail(in, at, "seats: unknown player kind '%s' (random, greedy, thrifty, planner, mcts, "
                                      "mcts-noreuse)", name);
        if (*n == WH_MAX_PLAYERS)
            return wr_in_fail(in, at, "seats: at most %d", WH_MAX_PLAYERS);
        s->seats[(*n)++] = (wr_kind_t)kind;
    }
    return !in->failed && (*n > 0 || wr_in_fail(in, wr_in_here(in), "seats: one kind per player"));
}

/* rules: [inns_cathedrals, abbot] */
static bool rules_of(wr_yaml_in *in, wr_sim *s)
{
    if (!wr_in_begin_list(in, "rules"))
        return false;
    while (!in->failed && !wr_in_list_end(in)) {
        wr_loc at = wr_in_here(in);
        char word[WR_MAX_NAME];
        if (!wr_in_name(in, "rules", word, sizeof word))
            return false;
        int k = wr_rule_index(word);
        if (k < 0) {
            char all[160];
            wr_rules_text((1u << WH_N_RULES) - 1, ", ", all, sizeof all);
            return wr_in_fail(in, at, "rules: unknown rule '%s' (the rules: %s)", word, all);
        }
        s->rules |= WH_RULE_BIT(k);
    }
    return !in->failed;
}

static bool simulation(wr_yaml_in *in, wr_sim *s)
{
    static const char *const keys[] = {"games", "players", "wonders", "seats", "rules", NULL};
    wr_loc at = wr_in_here(in);
    unsigned seen = 0;
    int k, n_seats = 0;
    long v;
    if (!wr_in_begin_map(in, "simulation"))
        return false;
    while (wr_in_next_key(in, "simulation", keys, &seen, &k)) {
        if (k == 0) {
            if (!wr_in_number(in, "games", 0, LONG_MAX, &v))
                return false;
            s->games = (uint64_t)v;
        } else if (k == 1) {
            if (!wr_in_number(in, "players", 2, WH_MAX_PLAYERS, &v))
                return false;
            s->players = (int)v;
        } else if (k == 3) {
            if (!seats(in, s, &n_seats))
                return false;
        } else if (k == 4) {
            if (!rules_of(in, s))
                return false;
        } else {
            if (!wr_in_begin_list(in, "wonders"))
                return false;
            while (!in->failed && !wr_in_list_end(in))
                if (!wonder_stats(in, s))
                    return false;
        }
    }
    if (in->failed)
        return false;
    if ((seen & 7u) != 7u)
        return wr_in_fail(in, at, "simulation needs games, players and wonders");
    /* without seats (results written before they were recorded) every
       seat stays random, the kind zero */
    if ((seen & 8u) && n_seats != s->players)
        return wr_in_fail(in, at, "simulation: %d seats for %d players", n_seats, s->players);
    for (int i = 0; i < s->n; i++)
        if (s->w[i].offered > s->games)
            return wr_in_fail(in, at, "wonder '%s' was offered in more games (%llu) than were played (%llu)", s->w[i].id,
                              (unsigned long long)s->w[i].offered, (unsigned long long)s->games);
    return true;
}

static bool simulation_body(wr_yaml_in *in, void *s)
{
    return simulation(in, s);
}

bool wr_sim_read_text(const char *name, const char *text, size_t len, wr_sim *s, FILE *err)
{
    memset(s, 0, sizeof *s);
    wr_yaml_in in;
    bool ok = wr_in_start(&in, name, "file", text, len, err) &&
              wr_in_results(&in, "simulation results", "simulation", simulation_body, s);
    return wr_in_finish(&in, ok, "set of results");
}

bool wr_sim_read(const char *path, wr_sim *s, FILE *err)
{
    memset(s, 0, sizeof *s);
    char *text;
    size_t len;
    if (!wr_in_slurp(path, "file", &text, &len, err))
        return false;
    bool ok = wr_sim_read_text(path, text, len, s, err);
    free(text);
    return ok;
}
