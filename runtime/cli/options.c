/* options.c -- the `wonders` command's options; see options.h. */
#define _POSIX_C_SOURCE 200809L
#include "options.h"
#include "../tileset.h"
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int wr_opt_usage_error(const char *usage, const char *msg, const char *arg)
{
    fprintf(stderr, "wonders: %s%s%s\n%s", msg, arg ? " " : "", arg ? arg : "", usage);
    return 2;
}

bool wr_opt_number(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* A numeric option's value, or a one-line usage error that names the option,
** the value and the range ("--players 9: expected a number from 2 to 6"). */
bool wr_opt_option_number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out)
{
    if (wr_opt_number(v, lo, hi, out))
        return true;
    fprintf(stderr, "wonders: %s %s: expected a whole number from %ld to %ld (wonders %s --help)\n", opt, v, lo, hi,
            cmd);
    return false;
}

/* A tile by "pack.id", or by its bare id when one pack alone has it (as
** wonderc show takes it); says why not. */
int wr_opt_tile_named(const char *opt, const char *id)
{
    int t = wh_tile_find(&wh_tileset, id);
    if (t >= 0)
        return t;
    int found = -1, matches = 0;
    for (uint32_t i = 0; i < wh_tileset.n_tiles; i++) {
        const char *dot = strchr(wh_string(&wh_tileset, wh_tileset.tiles[i].id), '.');
        if (dot && !strcmp(dot + 1, id)) {
            found = (int)i;
            matches++;
        }
    }
    if (matches == 1)
        return found;
    if (matches > 1)
        fprintf(stderr, "wonders: %s %s: several packs have a tile '%s'; write it as pack.id\n", opt, id, id);
    else
        fprintf(stderr, "wonders: %s %s: no tile has this id (wonderc show --pack PACK lists a pack's tiles)\n", opt,
                id);
    return -1;
}

/* "I/N" with 0 <= I < N: this run's shard of a batch. */
bool wr_opt_shard_of(const char *s, int *shard, int *shards)
{
    const char *slash = strchr(s, '/');
    char first[24];
    long i, n;
    if (!slash || (size_t)(slash - s) >= sizeof first)
        return false;
    memcpy(first, s, (size_t)(slash - s));
    first[slash - s] = '\0';
    if (!wr_opt_number(slash + 1, 1, 1000000, &n) || !wr_opt_number(first, 0, n - 1, &i))
        return false;
    *shard = (int)i;
    *shards = (int)n;
    return true;
}

/* --seats K,K,...: one kind per player, or every seat @p fallback when
** @p arg is NULL.  A wrong list is reported with @p usage. */
bool wr_opt_seats_of(const char *arg, int players, wr_kind_t fallback, wr_kind_t *kind, const char *usage)
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        kind[p] = fallback;
    if (!arg)
        return true;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", arg);
    int p = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","), p++) {
        int k = wr_kind_parse(tok);
        if (k < 0 || p >= players) {
            wr_opt_usage_error(usage, "--seats takes random, greedy, thrifty or planner, one per player, not", tok);
            return false;
        }
        kind[p] = (wr_kind_t)k;
    }
    if (p != players) {
        wr_opt_usage_error(usage, "--seats needs one kind per player, not", arg);
        return false;
    }
    return true;
}

bool wr_opt_wants_help(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return true;
    return false;
}

/* Every wonder of the tile set, so that a wonder added to tiles/ is played
** and counted as soon as generated/ is rebuilt. */
bool wr_opt_every_wonder(uint16_t *ids, int *n)
{
    size_t total = wh_tile_wonders(&wh_tileset, ids, WR_MAX_WONDERS);
    if (total > WR_MAX_WONDERS) {
        fprintf(stderr, "wonders: the tile set has %zu wonders, and at most %d go beside the track; name them "
                        "with --wonders ID,ID...\n", total, WR_MAX_WONDERS);
        return false;
    }
    *n = (int)total;
    return true;
}

/* "all", a count, or a comma list of ids: fills ids, and *per_game with
** how many of them each game sets out (a count picks them at random). */
bool wr_opt_parse_wonders(const char *arg, uint16_t *ids, int *n, int *per_game)
{
    long count;
    if (!wr_opt_every_wonder(ids, n))
        return false;
    *per_game = *n;
    if (!strcmp(arg, "all"))
        return true;
    if (wr_opt_number(arg, 0, *n, &count)) {
        *per_game = (int)count;
        return true;
    }
    if (arg[0] && strspn(arg, "0123456789") == strlen(arg)) {
        fprintf(stderr, "wonders: --wonders %s: the tile set has %d wonders\n", arg, *n);
        return false;
    }
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", arg);
    *n = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int t = wr_opt_tile_named("--wonders", tok);
        if (t < 0)
            return false;
        if (wh_tileset.tiles[t].kind != WH_TILE_WONDER) {
            fprintf(stderr, "wonders: --wonders %s: %s is a land tile, not a wonder\n", tok,
                    wh_string(&wh_tileset, wh_tileset.tiles[t].id));
            return false;
        }
        for (int k = 0; k < *n; k++)
            if (ids[k] == t) {
                fprintf(stderr, "wonders: --wonders: %s is named twice\n", tok);
                return false;
            }
        if (*n == WR_MAX_WONDERS) {
            fprintf(stderr, "wonders: --wonders: at most %d wonders go beside the track\n", WR_MAX_WONDERS);
            return false;
        }
        ids[(*n)++] = (uint16_t)t;
    }
    *per_game = *n;
    return *n > 0;
}

/* A comma list of pack ids: their indexes into packs[] (and names into rec). */
bool wr_opt_parse_packs(const char *arg, uint32_t *packs, size_t *n, wr_record *rec)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", arg);
    *n = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        uint32_t p = 0;
        while (p < wh_tileset.n_packs && strcmp(wh_string(&wh_tileset, wh_tileset.packs[p].id), tok))
            p++;
        if (p == wh_tileset.n_packs || *n == WR_MAX_PACKS) {
            fprintf(stderr, "wonders: --packs: unknown pack '%s' (the packs:", tok);
            for (uint32_t k = 0; k < wh_tileset.n_packs; k++)
                fprintf(stderr, " %s", wh_string(&wh_tileset, wh_tileset.packs[k].id));
            fprintf(stderr, ")\n");
            return false;
        }
        /* the pile is land tiles: a wonder dealt from it would be played as one */
        const wh_pack_t *pk = &wh_tileset.packs[p];
        for (uint32_t t = pk->first_tile; t < pk->first_tile + pk->n_tiles; t++)
            if (wh_tileset.tiles[t].kind == WH_TILE_WONDER) {
                fprintf(stderr, "wonders: --packs %s: the pack holds wonder tiles, which are not drawn; "
                                "--packs names the land tiles, --wonders the wonders beside the track\n", tok);
                return false;
            }
        if (rec)
            snprintf(rec->packs[*n], WR_MAX_NAME, "%s", tok);
        packs[(*n)++] = p;
    }
    if (rec)
        rec->n_packs = (int)*n;
    return *n > 0;
}


int wr_opt_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

bool wr_opt_run_defaults(wr_run_args *r, const char *cmd, const char *usage, long max_games)
{
    memset(r, 0, sizeof *r);
    r->cmd = cmd;
    r->usage = usage;
    r->max_games = max_games;
    r->run.players = 4;
    r->run.seed = 1;
    r->run.jobs = wr_opt_cores();
    r->run.shards = 1;
    r->run.packs = r->packs;
    r->packs_text = "base,inns_cathedrals";
    return wr_opt_parse_packs(r->packs_text, r->packs, &r->run.n_packs, NULL);
}

int wr_opt_run_arg(wr_run_args *r, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    long n;
    if (!strcmp(a, "--merge")) {
        r->merge = true;
        return 1;
    }
    if (r->merge && a[0] != '-') {
        if (r->n_merge == (int)(sizeof r->merge_files / sizeof *r->merge_files))
            return wr_opt_usage_error(r->usage, "too many files to merge", NULL), -1;
        r->merge_files[r->n_merge++] = a;
        return 1;
    }
    if (!v)
        return wr_opt_usage_error(r->usage, "unknown or incomplete option", a), -1;
    if (!strcmp(a, "--games")) {
        if (!wr_opt_option_number(r->cmd, a, v, 1, r->max_games, &n))
            return -1;
        r->run.games = (uint64_t)n;
    } else if (!strcmp(a, "--players")) {
        if (!wr_opt_option_number(r->cmd, a, v, 2, WH_MAX_PLAYERS, &n))
            return -1;
        r->run.players = (int)n;
    } else if (!strcmp(a, "--seed")) {
        if (!wr_opt_option_number(r->cmd, a, v, 0, 2147483647L, &n))
            return -1;
        r->run.seed = (uint64_t)n;
    } else if (!strcmp(a, "--jobs")) {
        if (!wr_opt_option_number(r->cmd, a, v, 1, 64, &n))
            return -1;
        r->run.jobs = (int)n;
    } else if (!strcmp(a, "--format")) {
        if (strcmp(v, "yaml") && strcmp(v, "table"))
            return wr_opt_usage_error(r->usage, "--format takes table or yaml, not", v), -1;
        r->yaml = !strcmp(v, "yaml");
    } else if (!strcmp(a, "--packs")) {
        if (!wr_opt_parse_packs(v, r->packs, &r->run.n_packs, NULL))
            return -1;
        r->packs_text = v;
    } else if (!strcmp(a, "--rules")) {
        if (!wr_rules_parse(v, &r->run.rules))
            return -1;
    } else if (!strcmp(a, "--seats")) {
        r->seats = v;
    } else {
        return 0;
    }
    (*i)++;
    return 1;
}
