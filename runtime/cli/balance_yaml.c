/*
** balance_yaml.c -- the balance lab's results as YAML, written and read
** back (for --merge); see balance.h and docs/records.md.
*/
#include "balance_results.h"
#include "record.h"
#include "results_in.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void ints(FILE *out, const int32_t *v)
{
    fputc('[', out);
    for (int k = 0; k < WR_BALANCE_BINS; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)v[k]);
    fputc(']', out);
}

void wr_balance_write_yaml(FILE *out, const wr_balance *b)
{
    char seats[96], rules[96];
    wr_kinds_text(b->seats, b->players, ", ", seats, sizeof seats);
    wr_rules_text(b->rules, ", ", rules, sizeof rules);
    fprintf(out, "format: %d\nbalance:\n  games: %llu\n  played: %llu\n  seed: %llu\n  players: %d\n  seats: [%s]\n"
                 "  think: %ld\n",
            WR_FORMAT, (unsigned long long)b->games, (unsigned long long)b->played, (unsigned long long)b->seed,
            b->players, seats, b->think);
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
                     "       placed: %llu, e: %lld, e2: %lld, er: %lld, ew: %lld, ew2: %lld, hist: ",
                s->id, (unsigned long long)s->n, (long long)s->margin, (long long)s->d, (long long)s->d2,
                (long long)s->dr, (long long)s->w, (long long)s->w2, (long long)s->points,
                (unsigned long long)s->placed, (long long)s->e, (long long)s->e2, (long long)s->er, (long long)s->ew,
                (long long)s->ew2);
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
        if (k == WR_BALANCE_BINS)
            return wr_in_fail(in, wr_in_here(in), "%s: %d numbers, no more", what, WR_BALANCE_BINS);
        if (!wr_in_number(in, what, 0, INT32_MAX, &x))
            return false;
        v[k++] = (int32_t)x;
    }
    return !in->failed && (k == WR_BALANCE_BINS || wr_in_fail(in, wr_in_here(in), "%s: %d numbers, found %d", what, WR_BALANCE_BINS, k));
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
                                       "points_hist", "dr", "e", "e2", "er", "ew", "ew2", NULL};
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
        case 11: ok = number64(in, "dr", LONG_MIN, &s->dr); break;
        case 12: ok = number64(in, "e", LONG_MIN, &s->e); break;
        case 13: ok = number64(in, "e2", 0, &s->e2); break;
        case 14: ok = number64(in, "er", LONG_MIN, &s->er); break;
        case 15: ok = number64(in, "ew", LONG_MIN, &s->ew); break;
        default: ok = number64(in, "ew2", 0, &s->ew2); break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 17) - 1)
        return wr_in_fail(in, at, "a wonder needs id, n, margin, d, d2, dr, w, w2, points, placed, e, e2, er, ew, ew2, "
                                  "hist and points_hist");
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

/* A flow list of names, joined by commas into buf (packs). */
static bool names_joined(wr_yaml_in *in, const char *what, char *buf, size_t size)
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
        used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s%s", used ? "," : "", name);
        if (used >= size)
            return wr_in_fail(in, at, "%s: too long", what);
    }
    return !in->failed;
}

static bool balance_map(wr_yaml_in *in, wr_balance *b)
{
    static const char *const keys[] = {"games", "played", "seed", "players", "seats", "rules", "packs", "baseline",
                                       "tileset", "shards", "shard_mask", "partial", "base_margin", "base_hist",
                                       "wonders", "reference", "think", NULL};
    wr_loc at = wr_in_here(in);
    unsigned seen = 0;
    int k, n_seats = 0;
    int64_t v;
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
        case 4: ok = wr_in_seats(in, b->seats, &n_seats); break;
        case 5: ok = wr_in_rules(in, &b->rules); break;
        case 6: ok = names_joined(in, "packs", b->packs, sizeof b->packs); break;
        case 7: ok = wr_in_name(in, "baseline", b->baseline, sizeof b->baseline); break;
        case 8: ok = number64(in, "tileset", 0, &v); b->tileset = (uint32_t)v; break;
        case 9: ok = number64(in, "shards", 1, &v) && (v <= 64 || wr_in_fail(in, wr_in_here(in), "shards: 1 to 64"));
                b->shards = (int)v; break;
        case 10: ok = number64(in, "shard_mask", 1, &v); b->shard_mask = (uint64_t)v; break;
        case 11: ok = wr_in_boolean(in, "partial", &b->partial); break;
        case 12: ok = number64(in, "base_margin", LONG_MIN, &b->base_margin); break;
        case 13: ok = int_list(in, "base_hist", b->base_hist); break;
        case 15: ok = reference(in, &b->ref); break;
        case 16: ok = number64(in, "think", 0, &v) && (v <= WR_MCTS_MAX_THINK ||
                      wr_in_fail(in, wr_in_here(in), "think: 0 to %d", WR_MCTS_MAX_THINK));
                 b->think = (long)v; break;
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
    if (seen != (1u << 17) - 1)
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

static const wr_results_kind balance_results = {"balance results", "balance", "set of balance results",
                                                balance_body};

bool wr_balance_read_text(const char *name, const char *text, size_t len, wr_balance *b, FILE *err)
{
    memset(b, 0, sizeof *b);
    return wr_results_read_text(&balance_results, name, text, len, b, err);
}

bool wr_balance_read(const char *path, wr_balance *b, FILE *err)
{
    memset(b, 0, sizeof *b);
    return wr_results_read(&balance_results, path, b, err);
}
