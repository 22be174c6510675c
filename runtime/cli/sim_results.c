/*
** sim_results.c -- a simulation's results written (a table, YAML) and read
** back for --merge; see sim_results.h and docs/records.md.
*/
#include "sim_results.h"
#include "report.h"
#include "results_in.h"
#include "../tileset.h"

#include <limits.h>
#include <string.h>

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
        int len = wr_columns(wr_tile_name(set, s->w[i].id));
        width = len > width ? len : width;
    }
    fprintf(out, "%-*s %8s %8s %14s %15s\n", width, "wonder", "offered", "taken", "effect points", "owner wins");
    for (int i = 0; i < s->n; i++) {
        const wr_wonder_stats *w = &s->w[i];
        const char *name = wr_tile_name(set, w->id);
        double taken = w->offered ? 100.0 * (double)w->taken / (double)w->offered : 0;
        double points = w->placed ? (double)w->points / (double)w->placed : 0;
        double wins = w->taken ? 100.0 * (double)w->owner_wins / (double)w->taken : 0;
        /* padded by columns, not bytes: a name may hold UTF-8 */
        fprintf(out, "%s%*s %8llu %7.1f%% %9.2f/game %14.1f%%\n", name, width - wr_columns(name), "",
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
    if (s->n == WR_LAB_WONDERS)
        return wr_in_fail(in, at, "wonders: at most %d", WR_LAB_WONDERS);
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
            if (!wr_in_seats(in, s->seats, &n_seats))
                return false;
            if (n_seats == 0)
                return wr_in_fail(in, wr_in_here(in), "seats: one kind per player");
        } else if (k == 4) {
            if (!wr_in_rules(in, &s->rules))
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

static const wr_results_kind sim_results = {"simulation results", "simulation", "set of results", simulation_body};

bool wr_sim_read_text(const char *name, const char *text, size_t len, wr_sim *s, FILE *err)
{
    memset(s, 0, sizeof *s);
    return wr_results_read_text(&sim_results, name, text, len, s, err);
}

bool wr_sim_read(const char *path, wr_sim *s, FILE *err)
{
    memset(s, 0, sizeof *s);
    return wr_results_read(&sim_results, path, s, err);
}
