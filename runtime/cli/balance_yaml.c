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

/* A flow list of k sums. */
static void sums(FILE *out, const int64_t *v, int k)
{
    fputc('[', out);
    for (int j = 0; j < k; j++)
        fprintf(out, "%s%lld", j ? ", " : "", (long long)v[j]);
    fputc(']', out);
}

static void write_reference(FILE *out, const wr_balance_calibration *ref)
{
    fprintf(out, "\n  reference:\n    calibration: %s\n    geometry: %s\n    n: %llu\n    references:%s\n",
            wr_calibration_name(ref->how), ref->geometry, (unsigned long long)ref->n, ref->k ? "" : " []");
    for (int j = 0; j < ref->k; j++) {
        const wr_balance_reference *r = &ref->r[j];
        fprintf(out, "      - {flat: %d, d: %lld, d2: %lld, points: %lld, placed: %llu, rp: %lld, rr: ", r->flat,
                (long long)r->d, (long long)r->d2, (long long)r->points, (unsigned long long)r->placed, (long long)r->rp);
        sums(out, r->rr, ref->k);
        fputs("}\n", out);
    }
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
    write_reference(out, &b->ref);
    fputs("  wonders:\n", out);
    for (int i = 0; i < b->n; i++) {
        const wr_balance_sums *s = &b->c[i];
        fprintf(out, "    - {id: %s, n: %llu, margin: %lld, d: %lld, d2: %lld, w: %lld, w2: %lld, points: %lld,\n"
                     "       placed: %llu, e: %lld, e2: %lld, ew: %lld, ew2: %lld, dp: %lld, ep: %lld, dr: ",
                s->id, (unsigned long long)s->n, (long long)s->margin, (long long)s->d, (long long)s->d2,
                (long long)s->w, (long long)s->w2, (long long)s->points, (unsigned long long)s->placed,
                (long long)s->e, (long long)s->e2, (long long)s->ew, (long long)s->ew2, (long long)s->dp,
                (long long)s->ep);
        sums(out, s->dr, b->ref.k);
        fputs(", er: ", out);
        sums(out, s->er, b->ref.k);
        fputs(",\n       hist: ", out);
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

/* A flow list of at most WR_BALANCE_REFS sums; how many in *k. */
static bool sum_list(wr_yaml_in *in, const char *what, int64_t *v, int *k)
{
    if (!wr_in_begin_list(in, what))
        return false;
    *k = 0;
    while (!in->failed && !wr_in_list_end(in)) {
        if (*k == WR_BALANCE_REFS)
            return wr_in_fail(in, wr_in_here(in), "%s: %d numbers at most (one a reference)", what, WR_BALANCE_REFS);
        if (!number64(in, what, LONG_MIN, &v[(*k)++]))
            return false;
    }
    return !in->failed;
}

/* Where a candidate's lists were, and their lengths: checked against the
** references once the whole of the results is read (in any order). */
typedef struct lists_seen {
    wr_loc at;
    int dr, er;
} lists_seen;

/* Candidate b->n, its lists' lengths in *seen_lists. */
static bool candidate(wr_yaml_in *in, wr_balance *b, lists_seen *seen_lists)
{
    static const char *const keys[] = {"id", "n", "margin", "d", "d2", "w", "w2", "points", "placed", "hist",
                                       "points_hist", "dr", "e", "e2", "er", "ew", "ew2", "dp", "ep", NULL};
    if (b->n == WR_BALANCE_MAX)
        return wr_in_fail(in, wr_in_here(in), "wonders: at most %d", WR_BALANCE_MAX);
    wr_balance_sums *s = &b->c[b->n++];
    memset(s, 0, sizeof *s);
    unsigned seen = 0;
    int k;
    int64_t v;
    wr_loc at = wr_in_here(in);
    seen_lists->at = at;
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
        case 11: ok = sum_list(in, "dr", s->dr, &seen_lists->dr); break;
        case 12: ok = number64(in, "e", LONG_MIN, &s->e); break;
        case 13: ok = number64(in, "e2", 0, &s->e2); break;
        case 14: ok = sum_list(in, "er", s->er, &seen_lists->er); break;
        case 15: ok = number64(in, "ew", LONG_MIN, &s->ew); break;
        case 16: ok = number64(in, "ew2", 0, &s->ew2); break;
        case 17: ok = number64(in, "dp", LONG_MIN, &s->dp); break;
        default: ok = number64(in, "ep", LONG_MIN, &s->ep); break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 19) - 1)
        return wr_in_fail(in, at, "a wonder needs id, n, margin, d, d2, dr, w, w2, points, placed, e, e2, er, ew, ew2, "
                                  "dp, ep, hist and points_hist");
    if (s->placed > s->n)
        return wr_in_fail(in, at, "wonder '%s': placed in more games than were played", s->id);
    return true;
}

/* The next reference of @p ref, the length of its rr in *n_rr. */
static bool one_reference(wr_yaml_in *in, wr_balance_calibration *ref, int *n_rr)
{
    static const char *const keys[] = {"flat", "d", "d2", "points", "placed", "rr", "rp", NULL};
    wr_balance_reference *r = &ref->r[ref->k++];
    unsigned seen = 0;
    int k;
    int64_t v;
    wr_loc at = wr_in_here(in);
    if (!wr_in_begin_map(in, "a reference"))
        return false;
    while (wr_in_next_key(in, "a reference", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case 0: ok = number64(in, "flat", 1, &v) && (v <= 1000 || wr_in_fail(in, wr_in_here(in), "flat: 1 to 1000"));
                r->flat = (int)v; break;
        case 1: ok = number64(in, "d", LONG_MIN, &r->d); break;
        case 2: ok = number64(in, "d2", 0, &r->d2); break;
        case 3: ok = number64(in, "points", LONG_MIN, &r->points); break;
        case 4: ok = number64(in, "placed", 0, &v); r->placed = (uint64_t)v; break;
        case 5: ok = sum_list(in, "rr", r->rr, n_rr); break;
        default: ok = number64(in, "rp", LONG_MIN, &r->rp); break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 7) - 1)
        return wr_in_fail(in, at, "a reference needs flat, d, d2, points, placed, rp and rr");
    if (ref->k > 1 && r->flat <= ref->r[ref->k - 2].flat)
        return wr_in_fail(in, at, "the references' flat points must increase");
    return true;
}

static bool reference(wr_yaml_in *in, wr_balance_calibration *ref)
{
    static const char *const keys[] = {"calibration", "geometry", "n", "references", NULL};
    unsigned seen = 0;
    int k, lengths[WR_BALANCE_REFS] = {0};
    int64_t v;
    char how[16] = "";
    wr_loc at = wr_in_here(in), how_at = at;
    if (!wr_in_begin_map(in, "reference"))
        return false;
    while (wr_in_next_key(in, "reference", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case 0: how_at = wr_in_here(in);
                ok = wr_in_name(in, "calibration", how, sizeof how) &&
                     (wr_calibration_named(how, &ref->how) ||
                      wr_in_fail(in, how_at, "calibration: '%s': expected curve, point or none", how));
                break;
        case 1: ok = wr_in_name(in, "geometry", ref->geometry, sizeof ref->geometry); break;
        case 2: ok = number64(in, "n", 0, &v); ref->n = (uint64_t)v; break;
        default:
            if (!wr_in_begin_list(in, "references"))
                return false;
            while (ok && !in->failed && !wr_in_list_end(in))
                ok = ref->k < WR_BALANCE_REFS ? one_reference(in, ref, &lengths[ref->k])
                                              : wr_in_fail(in, wr_in_here(in), "references: %d at most", WR_BALANCE_REFS);
            break;
        }
        if (!ok)
            return false;
    }
    if (in->failed)
        return false;
    if (seen != (1u << 4) - 1)
        return wr_in_fail(in, at, "the reference needs calibration, geometry, n and references");
    wr_balance_calibration want;
    wr_balance_calibrate(&want, ref->how);
    if (want.k != ref->k)
        return wr_in_fail(in, how_at, "calibration %s: %d references, found %d", how, want.k, ref->k);
    for (int j = 0; j < ref->k; j++) {
        wr_balance_reference *r = &ref->r[j];
        if (lengths[j] != ref->k)
            return wr_in_fail(in, at, "reference %d: rr needs %d numbers, one a reference", r->flat, ref->k);
        if (r->placed > ref->n)
            return wr_in_fail(in, at, "reference %d: placed in more games than were played", r->flat);
        if (r->flat != want.r[j].flat)
            return wr_in_fail(in, at, "calibration %s: reference %d should be at %d points", how, j + 1, want.r[j].flat);
        if (r->rr[j] != r->d2)
            return wr_in_fail(in, at, "reference %d: rr's own entry is not its d2", r->flat);
        for (int q = 0; q < j; q++)
            if (r->rr[q] != ref->r[q].rr[j])
                return wr_in_fail(in, at, "references %d and %d: their rr entries differ", ref->r[q].flat, r->flat);
    }
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
    lists_seen lists[WR_BALANCE_MAX]; /* candidate i's */
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
                ok = candidate(in, b, &lists[b->n < WR_BALANCE_MAX ? b->n : 0]);
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
    for (int i = 0; i < b->n; i++) {
        if (b->c[i].n != b->played)
            return wr_in_fail(in, at, "wonder '%s': %llu games, but %llu were played", b->c[i].id,
                              (unsigned long long)b->c[i].n, (unsigned long long)b->played);
        if (lists[i].dr != b->ref.k || lists[i].er != b->ref.k)
            return wr_in_fail(in, lists[i].at, "wonder '%s': dr and er need %d numbers each, one a reference",
                              b->c[i].id, b->ref.k);
    }
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
