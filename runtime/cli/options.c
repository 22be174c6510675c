/* options.c -- the `wonders` command's options; see options.h. */
#define _POSIX_C_SOURCE 200809L
#include "options.h"
#include "report.h"
#include "../common/nearest.h"
#include "../tileset.h"
#include "tiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- usage errors --------------------------------------------------------- */

static const char *command; /* the command whose --help a usage error points at */

void wr_opt_set_command(const char *cmd)
{
    command = cmd;
}

int wr_opt_fail(const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "wonders: %s\n", msg);
    if (command)
        fprintf(stderr, "wonders %s --help lists the options\n", command);
    else
        fputs("wonders --help lists the commands\n", stderr);
    return 2;
}

/* The search for the closest name: a plausible typo is within wu_typo_limit
** of the word, as in wonderc; ties keep the first. */
typedef struct nearest {
    const char *word, *found;
    size_t len, limit, best; /* len: the word's, measured once */
} nearest;

static nearest nearest_start(const char *word)
{
    size_t len = strlen(word);
    return (nearest){word, NULL, len, wu_typo_limit(len), (size_t)-1};
}

/* Try @p cand; when it is the closest yet, @p name is what is suggested. */
static void nearest_try(nearest *n, const char *cand, const char *name)
{
    size_t lc = strlen(cand);
    if (lc > n->len + n->limit || n->len > lc + n->limit) /* too far apart to be within the limit */
        return;
    size_t d = wu_edit_distance(n->word, n->len, cand, lc);
    if (d <= n->limit && d < n->best) {
        n->best = d;
        n->found = name;
    }
}

const char *wr_opt_nearest(const char *word, const char *const *names, size_t n)
{
    nearest near = nearest_start(word);
    for (size_t i = 0; i < n; i++)
        nearest_try(&near, names[i], names[i]);
    return near.found;
}

/* "; did you mean 'X'?" when there is an X, else "". */
static const char *did_you_mean(const char *found, char *buf, size_t size)
{
    if (!found)
        return "";
    snprintf(buf, size, "; did you mean '%s'?", found);
    return buf;
}

/* names joined by ", " into buf */
static const char *joined(const char *const *names, size_t n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);
    return buf;
}

int wr_opt_unknown(const char *opt, const char *what, const char *value, const char *const *names, size_t n)
{
    char mean[256], list[1024];
    return wr_opt_fail("%s%sunknown %s '%s'%s (%s)", opt ? opt : "", opt ? ": " : "", what, value,
                       did_you_mean(wr_opt_nearest(value, names, n), mean, sizeof mean),
                       joined(names, n, list, sizeof list));
}

int wr_opt_unknown_option(const char *arg, const char *const *options)
{
    size_t n = 0;
    while (options[n])
        n++;
    if (arg[0] != '-')
        return wr_opt_fail("unexpected argument '%s'", arg);
    char mean[256], list[1024];
    return wr_opt_fail("unknown option '%s'%s (%s)", arg, did_you_mean(wr_opt_nearest(arg, options, n), mean, sizeof mean),
                       joined(options, n, list, sizeof list));
}

const char *wr_opt_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        wr_opt_fail("%s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

int wr_opt_format(const char *v, const char *const *names)
{
    size_t n = 0;
    while (names[n])
        n++;
    for (size_t k = 0; k < n; k++)
        if (!strcmp(v, names[k]))
            return (int)k;
    wr_opt_unknown("--format", "format", v, names, n);
    return -1;
}

bool wr_opt_readable(const char *path)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    const char *why = NULL;
    if (fd < 0)
        why = strerror(errno);
    else if (fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "it is a folder, not a file";
    if (fd >= 0)
        close(fd);
    if (why)
        wr_error(stderr, path, (wr_loc){0, 0}, "cannot read: %s", why);
    return !why;
}

/* ---- values ---------------------------------------------------------------- */

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
** the value and the range ("--players 9: expected a whole number from 2 to 6"). */
bool wr_opt_option_number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out)
{
    (void)cmd;
    if (wr_opt_number(v, lo, hi, out))
        return true;
    if (!*v) /* `--players=`: the value left out */
        wr_opt_fail("%s: expected a whole number from %ld to %ld, found nothing", opt, lo, hi);
    else
        wr_opt_fail("%s %s: expected a whole number from %ld to %ld", opt, v, lo, hi);
    return false;
}

/*
** A comma list of OPT: its items in @p items (pointing into @p buf), at
** most @p max.  An empty list, an empty item (a comma too many), a list
** longer than the buffer or with more than @p max items is refused with a
** message naming @p what the items are and, for the empty list, @p choices.
** @returns the number of items, or -1.
*/
static int split_list(const char *opt, const char *arg, const char *what, const char *choices, char *buf,
                      size_t size, char **items, int max)
{
    if (!*arg) {
        wr_opt_fail("%s: the list is empty; name at least one %s%s%s%s", opt, what, choices ? " (" : "",
                    choices ? choices : "", choices ? ")" : "");
        return -1;
    }
    if (strlen(arg) >= size) {
        wr_opt_fail("%s: the list is %zu characters long, longer than the limit of %zu", opt, strlen(arg), size - 1);
        return -1;
    }
    memcpy(buf, arg, strlen(arg) + 1);
    int n = 0;
    for (char *p = buf;; n++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p) {
            wr_opt_fail("%s %s: %s %d of the list is empty (a comma too many?)", opt, arg, what, n + 1);
            return -1;
        }
        if (n == max) {
            int total = 1;
            for (const char *c = arg; *c; c++)
                total += *c == ',';
            wr_opt_fail("%s %s: %d %ss, more than the limit of %d", opt, arg, total, what, max);
            return -1;
        }
        items[n] = p;
        if (!comma)
            return n + 1;
        p = comma + 1;
    }
}

/* Each pack's tiles, first to last ("base.A to base.X, ..."), for a tile not found. */
static const char *tiles_by_pack(char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint32_t p = 0; p < wh_tileset.n_packs && used < size; p++) {
        const wh_pack_t *pk = &wh_tileset.packs[p];
        if (!pk->n_tiles)
            continue;
        used += (size_t)snprintf(buf + used, size - used, "%s%s to %s", used ? ", " : "",
                                 wh_string(&wh_tileset, wh_tileset.tiles[pk->first_tile].id),
                                 wh_string(&wh_tileset, wh_tileset.tiles[pk->first_tile + pk->n_tiles - 1].id));
    }
    return buf;
}

/* Every wonder's id, joined. */
static const char *wonder_ids(char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint32_t t = 0; t < wh_tileset.n_tiles && used < size; t++)
        if (wh_tileset.tiles[t].kind == WH_TILE_WONDER)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "",
                                     wh_string(&wh_tileset, wh_tileset.tiles[t].id));
    return buf;
}

/* A tile by "pack.id", or by its bare id when one pack alone has it (as
** wonderc show takes it); says why not, naming the tiles from the tables. */
int wr_opt_tile_named(const char *opt, const char *id, bool wonder)
{
    int t = wh_tile_find(&wh_tileset, id);
    if (t >= 0)
        return t;
    int found = -1, matches = 0;
    char several[512] = "";
    size_t used = 0;
    for (uint32_t i = 0; i < wh_tileset.n_tiles; i++) {
        const char *full = wh_string(&wh_tileset, wh_tileset.tiles[i].id), *dot = strchr(full, '.');
        if (dot && !strcmp(dot + 1, id)) {
            found = (int)i;
            matches++;
            if (used < sizeof several)
                used += (size_t)snprintf(several + used, sizeof several - used, "%s%s", used ? ", " : "", full);
        }
    }
    if (matches == 1)
        return found;
    char mean[256], list[4096];
    const char *near = wr_tile_nearest(&wh_tileset, id, wonder);
    if (matches > 1)
        wr_opt_fail("%s %s: several packs have a tile '%s' (%s); write it as pack.id", opt, id, id, several);
    else if (wonder)
        wr_opt_fail("%s: no wonder '%s'%s (the wonders: %s)", opt, id, did_you_mean(near, mean, sizeof mean),
                    wonder_ids(list, sizeof list));
    else
        wr_opt_fail("%s: no tile '%s'%s (the packs' tiles: %s)", opt, id, did_you_mean(near, mean, sizeof mean),
                    tiles_by_pack(list, sizeof list));
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
** @p arg is NULL. */
bool wr_opt_seats_of(const char *arg, int players, wr_kind_t fallback, wr_kind_t *kind)
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        kind[p] = fallback;
    if (!arg)
        return true;
    const char *names[WR_N_KINDS];
    for (int k = 0; k < WR_N_KINDS; k++)
        names[k] = wr_kind_name((wr_kind_t)k);
    char buf[256], list[256], *items[WH_MAX_PLAYERS];
    int n = split_list("--seats", arg, "player", joined(names, WR_N_KINDS, list, sizeof list), buf, sizeof buf, items,
                       WH_MAX_PLAYERS);
    if (n < 0)
        return false;
    for (int p = 0; p < n; p++) {
        int k = wr_kind_parse(items[p]);
        if (k < 0) {
            wr_opt_unknown("--seats", "player", items[p], names, WR_N_KINDS);
            return false;
        }
        kind[p] = (wr_kind_t)k;
    }
    if (n != players) {
        wr_opt_fail("--seats %s: %d player%s for %d seats; name one per player", arg, n, n == 1 ? "" : "s", players);
        return false;
    }
    return true;
}

/* --rules R,R... or none alone. */
bool wr_opt_rules(const char *arg, wh_rules_t *rules)
{
    const char *names[WH_N_RULES + 1];
    for (int k = 0; k < WH_N_RULES; k++)
        names[k] = wh_rule_word((wh_rule_t)k);
    names[WH_N_RULES] = "none";
    char buf[256], list[256], *items[2 * (WH_N_RULES + 1)];
    int n = split_list("--rules", arg, "rule", joined(names, WH_N_RULES + 1, list, sizeof list), buf, sizeof buf,
                       items, 2 * (WH_N_RULES + 1));
    if (n < 0)
        return false;
    *rules = 0;
    for (int i = 0; i < n; i++) {
        if (!strcmp(items[i], "none")) {
            if (n > 1)
                return wr_opt_fail("--rules %s: none cannot be combined with rules", arg), false;
            continue;
        }
        int k = wr_rule_index(items[i]);
        if (k < 0)
            return wr_opt_unknown("--rules", "rule", items[i], names, WH_N_RULES + 1), false;
        if (*rules & WH_RULE_BIT(k))
            return wr_opt_fail("--rules %s: %s is named twice", arg, items[i]), false;
        *rules |= WH_RULE_BIT(k);
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
    /* "all" and a count draw on every wonder; a list names its own, however
    ** many wonders the tile set has */
    bool every = !strcmp(arg, "all") || (arg[0] && strspn(arg, "0123456789") == strlen(arg));
    if (every) {
        if (!wr_opt_every_wonder(ids, n))
            return false;
        *per_game = *n;
        if (!strcmp(arg, "all"))
            return true;
        if (wr_opt_number(arg, 0, *n, &count)) {
            *per_game = (int)count;
            return true;
        }
        wr_opt_fail("--wonders %s: the tile set has %d wonders; give a number from 0 to %d", arg, *n, *n);
        return false;
    }
    char buf[1024], list[1024], *items[WR_MAX_WONDERS];
    int k = split_list("--wonders", arg, "wonder", wonder_ids(list, sizeof list), buf, sizeof buf, items,
                       WR_MAX_WONDERS);
    if (k < 0)
        return false;
    *n = 0;
    for (int i = 0; i < k; i++) {
        const char *tok = items[i];
        int t = wr_opt_tile_named("--wonders", tok, true);
        if (t < 0)
            return false;
        if (wh_tileset.tiles[t].kind != WH_TILE_WONDER) {
            wr_opt_fail("--wonders %s: %s is a land tile, not a wonder", tok, wh_string(&wh_tileset, wh_tileset.tiles[t].id));
            return false;
        }
        for (int j = 0; j < *n; j++)
            if (ids[j] == t) {
                wr_opt_fail("--wonders %s: %s is named twice", arg, wh_string(&wh_tileset, wh_tileset.tiles[t].id));
                return false;
            }
        ids[(*n)++] = (uint16_t)t;
    }
    *per_game = *n;
    return true;
}

bool wr_opt_parse_packs(const char *arg, uint32_t *packs, size_t *n, wr_record *rec)
{
    return wr_opt_parse_packs_wonders(arg, packs, n, rec, NULL, NULL);
}

/* A comma list of pack ids: their indexes into packs[] (and names into rec). */
bool wr_opt_parse_packs_wonders(const char *arg, uint32_t *packs, size_t *n, wr_record *rec, uint16_t *wonders,
                                int *n_wonders)
{
    const char *names[64]; /* the packs of land tiles, for the messages */
    size_t n_names = 0;
    for (uint32_t k = 0; k < wh_tileset.n_packs && n_names < 64; k++) {
        const wh_pack_t *pk = &wh_tileset.packs[k];
        bool land = true;
        for (uint32_t t = pk->first_tile; t < pk->first_tile + pk->n_tiles; t++)
            land &= wh_tileset.tiles[t].kind != WH_TILE_WONDER;
        if (land)
            names[n_names++] = wh_string(&wh_tileset, pk->id);
    }
    char buf[256], list[1024], *items[WR_MAX_PACKS];
    int k = split_list("--packs", arg, "pack", joined(names, n_names, list, sizeof list), buf, sizeof buf, items,
                       WR_MAX_PACKS);
    if (k < 0)
        return false;
    *n = 0;
    unsigned long tiles = 0;
    for (int i = 0; i < k; i++) {
        const char *tok = items[i];
        uint32_t p = 0;
        while (p < wh_tileset.n_packs && strcmp(wh_string(&wh_tileset, wh_tileset.packs[p].id), tok))
            p++;
        if (p == wh_tileset.n_packs) {
            wr_opt_unknown("--packs", "pack", tok, names, n_names);
            return false;
        }
        /* the pile is land tiles: a wonder dealt from it would be played as one */
        const wh_pack_t *pk = &wh_tileset.packs[p];
        if (wonders && pk->n_tiles && wh_tileset.tiles[pk->first_tile].kind == WH_TILE_WONDER) {
            /* a pack of wonders, where they are asked for: beside the track */
            for (uint32_t t = pk->first_tile; t < pk->first_tile + pk->n_tiles; t++)
                for (int c = 0; c < wh_tileset.tiles[t].count && *n_wonders < WR_MAX_WONDERS; c++)
                    wonders[(*n_wonders)++] = (uint16_t)t;
            continue;
        }
        for (uint32_t t = pk->first_tile; t < pk->first_tile + pk->n_tiles; t++) {
            if (wh_tileset.tiles[t].kind == WH_TILE_WONDER) {
                wr_opt_fail("--packs %s: the pack holds wonder tiles, which are not drawn; "
                            "--packs names the land tiles, --wonders the wonders beside the track", tok);
                return false;
            }
            tiles += wh_tileset.tiles[t].count;
        }
        if (rec)
            snprintf(rec->packs[*n], WR_MAX_NAME, "%s", tok);
        packs[(*n)++] = p;
    }
    /* the start tile is set out (when one of the packs holds it), every other tile goes in the pile */
    int start = wh_game_start_tile(&wh_tileset, packs, *n);
    unsigned long pile = tiles;
    for (size_t i = 0; i < *n && pile == tiles; i++)
        if (start >= 0 && (uint32_t)start >= wh_tileset.packs[packs[i]].first_tile &&
            (uint32_t)start < wh_tileset.packs[packs[i]].first_tile + wh_tileset.packs[packs[i]].n_tiles)
            pile--;
    if (pile > WH_MAX_PLACED) {
        wr_opt_fail("--packs %s: the packs hold %lu tiles, a pile of %lu beside the start tile; a game's pile holds "
                    "at most %d", arg, tiles, pile, WH_MAX_PLACED);
        return false;
    }
    if (rec)
        rec->n_packs = (int)*n;
    return true;
}

int wr_opt_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

bool wr_opt_run_defaults(wr_run_args *r, const char *cmd, long max_games)
{
    memset(r, 0, sizeof *r);
    r->cmd = cmd;
    r->max_games = max_games;
    r->run.players = 4;
    r->run.seed = 1;
    r->run.jobs = wr_opt_cores();
    r->run.shards = 1;
    r->run.packs = r->packs;
    r->packs_text = "base,inns_cathedrals";
    return wr_opt_parse_packs(r->packs_text, r->packs, &r->run.n_packs, NULL);
}

/* The options every run of games takes, for wr_opt_run_arg. */
static const char *const run_options[] = {"--games", "--players", "--seed", "--jobs", "--format",
                                          "--packs", "--rules", "--seats"};

int wr_opt_run_arg(wr_run_args *r, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    long n;
    if (!strcmp(a, "--merge")) {
        r->merge = true;
        return 1;
    }
    if (r->merge && a[0] != '-') {
        int max = (int)(sizeof r->merge_files / sizeof *r->merge_files);
        if (r->n_merge == max)
            return wr_opt_fail("--merge: more than the limit of %d files", max), -1;
        r->merge_files[r->n_merge++] = a;
        return 1;
    }
    size_t k = 0;
    while (k < sizeof run_options / sizeof *run_options && strcmp(a, run_options[k]))
        k++;
    if (k == sizeof run_options / sizeof *run_options)
        return 0;
    const char *v = wr_opt_value(argc, argv, i);
    if (!v)
        return -1;
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
        static const char *const formats[] = {"table", "yaml", NULL};
        int f = wr_opt_format(v, formats);
        if (f < 0)
            return -1;
        r->yaml = f == 1;
    } else if (!strcmp(a, "--packs")) {
        if (!wr_opt_parse_packs(v, r->packs, &r->run.n_packs, NULL))
            return -1;
        r->packs_text = v;
    } else if (!strcmp(a, "--rules")) {
        if (!wr_opt_rules(v, &r->run.rules))
            return -1;
    } else {
        r->seats = v;
    }
    return 1;
}
