/*
** main.c -- the `wonderc` command: check, compile and show tile files.
**
** Exit status: 0 success, 1 the input has errors, 2 bad usage or I/O.
*/
#define _POSIX_C_SOURCE 200809L
#include "codegen.h"
#include "../runtime/common/command.h"
#include "driver.h"
#include "dump.h"
#include "fileio.h"
#include "gallery.h"
#include "geom.h"
#include "lsp/lsp_server.h"
#include "names.h"
#include "show.h"
#include "svg.h"

#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_TILES "tiles/*.tiles"

/* One help text per command: `wonderc COMMAND --help` prints its own,
** `wonderc --help` all of them. */
typedef struct command_help {
    const char *name, *text;
} command_help;

static const command_help commands[] = {
    {"check", "usage: wonderc check [--max-errors N] [-v] FILE...\n"
              "  Report every problem in the tile files, each at its line and column (exit 1\n"
              "  if any error).  -v: when all is well, summarise each pack.\n"},
    {"compile", "usage: wonderc compile [--max-errors N] -o DIR FILE...\n"
                "  Check, then write DIR/tiles.h and DIR/tiles.c, all or nothing; an unchanged\n"
                "  file is not rewritten.  (wonderc dump writes their readable record.)\n"},
    {"show", "usage: wonderc show [--format text|svg] [-o FILE] [--rotate R] [--pack PACK] [--wonders] [-v]\n"
             "                    [ID...] [FILE.tiles...]\n"
             "  Draw tiles in the terminal: IDs are 'pack.id' or a bare id, --pack PACK every\n"
             "  tile of a pack, --wonders every wonder tile; arguments ending in .tiles are the\n"
             "  inputs (default " DEFAULT_TILES ").  --format svg writes one picture (of the\n"
             "  first tile named) to standard output or, with -o, to FILE; a tile that fails\n"
             "  its checks is still drawn, its faults in red (exit 1).  A wonder's effect is said\n"
             "  in words; -v adds its compiled form (handlers and expression nodes).\n"},
    {"gallery", "usage: wonderc gallery [--pictures] -o DIR [FILE.tiles...]\n"
                "  Write DIR/index.html, one page drawing every tile (docs/gallery); with\n"
                "  --pictures, DIR/ID.svg for every tile too, each as show --format svg draws it.\n"
                "  DIR is made when missing, with its parents.\n"},
    {"dump", "usage: wonderc dump [--format yaml|json] [-o FILE] [FILE.tiles...]\n"
             "  The compiled tables as YAML (generated/tiles.yaml is this) or JSON, to standard\n"
             "  output or, with -o, to FILE written whole (not rewritten when unchanged).\n"},
    {"lsp", "usage: wonderc lsp [--stdio]\n"
            "  A Language Server Protocol server on standard input and output, for editors\n"
            "  (docs/editors.md): the open files form one tile set; diagnostics as you type,\n"
            "  hover, definitions, references, completion, symbols, a tile's SVG.  Exit 0\n"
            "  after shutdown and exit (or the end of input after shutdown), else 1.\n"},
};
enum { N_COMMANDS = sizeof commands / sizeof *commands };

static const char common_options[] =
    "\n"
    "options:\n"
    "  --max-errors N   stop after N errors (default 100)\n"
    "  -h, --help       this text (wonderc COMMAND --help: that command's)\n"
    "exit status: 0 success, 1 the input has errors, 2 bad usage or I/O\n";

static void print_help(FILE *out, const char *command)
{
    for (int i = 0; i < N_COMMANDS; i++)
        if (!command || !strcmp(command, commands[i].name))
            fprintf(out, "%s%s", command || i == 0 ? "" : "\n", commands[i].text);
    fputs(common_options, out);
}

typedef struct options {
    const char *command;
    const char *out_dir;
    const char **packs;
    size_t n_packs;
    int rotation;
    bool wonders; /* show every wonder tile */
    bool pictures; /* gallery: each tile's SVG beside the page */
    bool svg;
    bool json;    /* dump --format json */
    bool verbose;
    unsigned max_errors;
    const char **files;
    size_t n_files;
    const char **ids;
    size_t n_ids;
} options;

/* One line saying what is wrong, and where to read more. */
static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "wonderc: %s%s%s (wonderc --help)\n", msg, arg ? " " : "", arg ? arg : "");
    return 2;
}

/* An option's value refused: "--rotate takes 0, 90, 180 or 270, not 45";
** an empty one (--rotate=) is said to be empty, not left blank. */
static int bad_value(const char *takes, const char *value)
{
    fprintf(stderr, "wonderc: %s, %s%s (wonderc --help)\n", takes, *value ? "not " : "given nothing", value);
    return 2;
}

/* An unknown command or option: one line, with the nearest name. */
static int unknown_word(const char *what, const char *word, const char *const *names, const size_t *lens, size_t n)
{
    int k = wu_closest(word, strlen(word), names, lens, n);
    if (k >= 0)
        fprintf(stderr, "wonderc: unknown %s '%s'; did you mean '%s'? (wonderc --help)\n", what, word, names[k]);
    else
        fprintf(stderr, "wonderc: unknown %s '%s' (wonderc --help)\n", what, word);
    return 2;
}

/* An option the command does not take, or one given without its value. */
static int bad_option(const char *a, bool last, bool show, bool dump, bool gallery)
{
    static const char *const valued[] = {"-o", "--max-errors", "--rotate", "--format", "--pack"};
    for (size_t i = 0; i < sizeof valued / sizeof *valued; i++)
        if (last && !strcmp(a, valued[i])) {
            fprintf(stderr, "wonderc: %s needs a value (wonderc --help)\n", a);
            return 2;
        }
    const char *names[12];
    size_t lens[12], n = 0;
    static const char *const common[] = {"--help", "--verbose", "--max-errors", "-o"};
    for (size_t i = 0; i < sizeof common / sizeof *common; i++)
        names[n++] = common[i];
    if (show) {
        names[n++] = "--rotate";
        names[n++] = "--wonders";
        names[n++] = "--pack";
    }
    if (show || dump)
        names[n++] = "--format";
    if (gallery)
        names[n++] = "--pictures";
    for (size_t i = 0; i < n; i++)
        lens[i] = strlen(names[i]);
    return unknown_word("option", a, names, lens, n);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static bool parse_number(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->max_errors = 100;
    if (argc < 2)
        return usage_error("no command given", NULL);
    o->command = argv[1];
    if (!strcmp(o->command, "-h") || !strcmp(o->command, "--help")) {
        print_help(stdout, NULL);
        return 0;
    }
    int known = 0;
    while (known < N_COMMANDS && strcmp(o->command, commands[known].name))
        known++;
    if (known == N_COMMANDS) {
        const char *names[N_COMMANDS];
        size_t lens[N_COMMANDS];
        for (int i = 0; i < N_COMMANDS; i++) {
            names[i] = commands[i].name;
            lens[i] = strlen(names[i]);
        }
        return unknown_word("command", o->command, names, lens, N_COMMANDS);
    }
    o->files = calloc((size_t)argc, sizeof *o->files);
    o->ids = calloc((size_t)argc, sizeof *o->ids);
    o->packs = calloc((size_t)argc, sizeof *o->packs);
    if (!o->files || !o->ids || !o->packs)
        return usage_error("out of memory", NULL);
    bool show = !strcmp(o->command, "show");
    bool gallery = !strcmp(o->command, "gallery");
    bool dump = !strcmp(o->command, "dump");
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        long v;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            print_help(stdout, o->command);
            return 0;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            o->verbose = true;
        } else if (!strcmp(a, "-o") && i + 1 < argc) {
            o->out_dir = argv[++i];
        } else if (!strcmp(a, "--max-errors") && i + 1 < argc) {
            if (!parse_number(argv[++i], 1, 100000, &v))
                return bad_value("--max-errors takes a number from 1 to 100000", argv[i]);
            o->max_errors = (unsigned)v;
        } else if (show && !strcmp(a, "--rotate") && i + 1 < argc) {
            if (!parse_number(argv[++i], 0, 270, &v) || v % 90)
                return bad_value("--rotate takes 0, 90, 180 or 270", argv[i]);
            o->rotation = (int)(v / 90);
        } else if (dump && !strcmp(a, "--format") && i + 1 < argc) {
            ++i;
            if (strcmp(argv[i], "yaml") && strcmp(argv[i], "json"))
                return bad_value("--format takes yaml or json", argv[i]);
            o->json = !strcmp(argv[i], "json");
        } else if (show && !strcmp(a, "--format") && i + 1 < argc) {
            ++i;
            if (strcmp(argv[i], "svg") && strcmp(argv[i], "text"))
                return bad_value("--format takes text or svg", argv[i]);
            o->svg = !strcmp(argv[i], "svg");
        } else if (gallery && !strcmp(a, "--pictures")) {
            o->pictures = true;
        } else if (show && !strcmp(a, "--wonders")) {
            o->wonders = true;
        } else if (show && !strcmp(a, "--pack") && i + 1 < argc) {
            o->packs[o->n_packs++] = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            return bad_option(a, i + 1 == argc, show, dump, gallery);
        } else if (show && !ends_with(a, ".tiles")) {
            o->ids[o->n_ids++] = a;
        } else {
            o->files[o->n_files++] = a;
        }
    }
    if (!strcmp(o->command, "compile") && !o->out_dir)
        return usage_error("compile needs -o DIR", NULL);
    if (gallery && !o->out_dir)
        return usage_error("gallery needs -o DIR", NULL);
    if (show && o->out_dir && !o->svg)
        return usage_error("-o FILE goes with --format svg", NULL);
    if (!show && !gallery && !dump && o->n_files == 0)
        return usage_error("no input files", NULL);
    if (show && o->n_packs == 0 && o->n_ids == 0 && !o->wonders)
        return usage_error("show needs a tile ID, --pack PACK or --wonders", NULL);
    if (show && o->svg && o->wonders)
        return usage_error("--format svg draws one tile; name it instead of --wonders", NULL);
    return -1;
}

/* A tile's planar model by "pack.id" or an unambiguous bare id; says why not. */
static const wc_geom *find_geometry(const wc_model *m, const char *id)
{
    const wc_geom *found = NULL;
    size_t matches = 0, n = strlen(id);
    for (size_t i = 0; i < m->n_geoms; i++) {
        const char *full = m->geoms[i].id, *dot = strchr(full, '.');
        if (!strcmp(full, id))
            return &m->geoms[i];
        if (dot && !strcmp(dot + 1, id)) {
            found = &m->geoms[i];
            matches++;
        }
    }
    if (matches == 1)
        return found;
    if (matches > 1) {
        fprintf(stderr, "wonderc: ambiguous tile id '%s'; write it as pack.id\n", id);
        return NULL;
    }
    const char **cands = calloc(2 * m->n_geoms + 1, sizeof *cands);
    size_t *lens = calloc(2 * m->n_geoms + 1, sizeof *lens);
    int k = -1;
    if (cands && lens) {
        for (size_t i = 0; i < m->n_geoms; i++) { /* the ids within their packs, then the full ids */
            const char *dot = strchr(m->geoms[i].id, '.');
            cands[i] = dot ? dot + 1 : m->geoms[i].id;
            cands[m->n_geoms + i] = m->geoms[i].id;
            lens[i] = strlen(cands[i]);
            lens[m->n_geoms + i] = strlen(m->geoms[i].id);
        }
        k = wu_closest(id, n, cands, lens, 2 * m->n_geoms);
    }
    if (k >= 0)
        fprintf(stderr, "wonderc: no tile id '%s'; did you mean '%s'?\n", id, m->geoms[(size_t)k % m->n_geoms].id);
    else
        fprintf(stderr, "wonderc: no tile id '%s'\n", id);
    free(cands);
    free(lens);
    return NULL;
}

/* An unknown --pack: say so, with the nearest pack id. */
static void unknown_pack(const wh_tileset_t *set, const char *name)
{
    const char *cands[256];
    size_t lens[256], n = 0;
    for (uint32_t p = 0; p < set->n_packs && n < 256; p++, n++) {
        cands[n] = set->strings + set->packs[p].id;
        lens[n] = strlen(cands[n]);
    }
    int k = wu_closest(name, strlen(name), cands, lens, n);
    if (k >= 0)
        fprintf(stderr, "wonderc: no pack '%s'; did you mean '%s'?\n", name, cands[k]);
    else
        fprintf(stderr, "wonderc: no pack '%s'\n", name);
}

static const wc_geom *geometry_of(const wc_model *m, const wh_tileset_t *set, uint32_t tile)
{
    for (size_t i = 0; i < m->n_geoms; i++)
        if (!strcmp(m->geoms[i].id, set->strings + set->tiles[tile].id))
            return &m->geoms[i];
    return NULL;
}

static int show_tiles(const options *o, const wc_model *m, const wh_tileset_t *set)
{
    wc_buf out;
    wc_buf_init(&out);
    int status = 0;
    bool first = true;
    for (size_t k = 0; k < o->n_packs; k++) {
        uint32_t p = 0;
        while (p < set->n_packs && strcmp(set->strings + set->packs[p].id, o->packs[k]))
            p++;
        if (p == set->n_packs) {
            unknown_pack(set, o->packs[k]);
            status = 2;
        } else {
            for (uint32_t i = 0; i < set->packs[p].n_tiles; i++) {
                if (!first)
                    wc_buf_printf(&out, "\n");
                first = false;
                uint32_t t = set->packs[p].first_tile + i;
                wc_show_tile(set, t, o->rotation, geometry_of(m, set, t), o->verbose, &out);
            }
        }
    }
    for (uint32_t t = 0; o->wonders && t < set->n_tiles; t++) {
        if (set->tiles[t].kind != WH_TILE_WONDER)
            continue;
        if (!first)
            wc_buf_printf(&out, "\n");
        first = false;
        wc_show_tile(set, t, o->rotation, geometry_of(m, set, t), o->verbose, &out);
    }
    for (size_t k = 0; k < o->n_ids; k++) {
        const wc_geom *g = find_geometry(m, o->ids[k]); /* says why not, with a suggestion */
        int ambiguous, t = g ? wc_find_tile(set, g->id, &ambiguous) : -1;
        if (t < 0) {
            status = 2;
            continue;
        }
        if (!first)
            wc_buf_printf(&out, "\n");
        first = false;
        wc_show_tile(set, (uint32_t)t, o->rotation, geometry_of(m, set, (uint32_t)t), o->verbose, &out);
    }
    fputs(out.data, stdout);
    wc_buf_free(&out);
    return status;
}

/* Write @p content to @p path all at once: a temporary file renamed into place. */
static bool write_whole(wc_diag *d, const char *path, const wc_buf *content)
{
    char *copy = strdup(path);
    if (!copy) {
        wc_error_plain(d, "cannot write '%s': out of memory", path);
        return false;
    }
    char *slash = strrchr(copy, '/');
    const char *dir = ".", *name = copy;
    if (slash) {
        *slash = '\0';
        dir = slash == copy ? "/" : copy;
        name = slash + 1;
    }
    bool ok = *name != '\0';
    if (!ok)
        wc_error_plain(d, "'%s' names a directory, not a file", path);
    else
        ok = wc_write_files(d, dir, &name, &content, 1);
    free(copy);
    return ok;
}

static int show_svg(const options *o, wc_compilation *c)
{
    const wc_geom *g = NULL;
    if (o->n_ids > 0) {
        g = find_geometry(&c->model, o->ids[0]);
    } else {
        size_t n = strlen(o->packs[0]);
        for (size_t i = 0; i < c->model.n_geoms && !g; i++)
            if (!strncmp(c->model.geoms[i].id, o->packs[0], n) && c->model.geoms[i].id[n] == '.')
                g = &c->model.geoms[i];
        if (!g)
            fprintf(stderr, "wonderc: no pack '%s'\n", o->packs[0]);
    }
    if (!g)
        return 2;
    if (o->n_ids + o->n_packs > 1)
        fprintf(stderr, "wonderc: --format svg draws one tile; drawing %s only\n", g->id);
    wc_buf out;
    wc_buf_init(&out);
    wc_svg_tile(g, o->rotation, &out);
    bool ok = true;
    if (o->out_dir)
        ok = write_whole(&c->diag, o->out_dir, &out);
    else
        fputs(out.data, stdout);
    wc_buf_free(&out);
    return ok ? (g->failed ? 1 : 0) : 2;
}

/* docs/gallery: a page showing every tile kind; with --pictures, one SVG
** per kind too.  The page holds each picture once: it is the gallery. */
static int write_gallery(const options *o, wc_compilation *c)
{
    size_t n = o->pictures ? c->model.n_geoms : 0;
    wc_buf *bufs = calloc(n + 1, sizeof *bufs);
    char **names = calloc(n + 1, sizeof *names);
    const wc_buf **contents = calloc(n + 1, sizeof *contents);
    if (!bufs || !names || !contents) {
        free(bufs);
        free(names);
        free(contents);
        fputs("wonderc: out of memory\n", stderr);
        return 2;
    }
    for (size_t i = 0; i <= n; i++)
        wc_buf_init(&bufs[i]);
    wh_tileset_t set = wc_model_view(&c->model);
    wc_gallery_index(&set, c->model.geoms, c->model.n_geoms, &bufs[0]);
    names[0] = strdup("index.html");
    contents[0] = &bufs[0];
    for (size_t i = 0; i < n; i++) {
        wc_svg_tile(&c->model.geoms[i], 0, &bufs[i + 1]);
        size_t len = strlen(c->model.geoms[i].id) + 5;
        names[i + 1] = malloc(len);
        if (names[i + 1])
            snprintf(names[i + 1], len, "%s.svg", c->model.geoms[i].id);
        contents[i + 1] = &bufs[i + 1];
    }
    bool ok = true;
    for (size_t i = 0; i <= n; i++)
        ok &= names[i] != NULL;
    if (!ok)
        fputs("wonderc: out of memory\n", stderr);
    ok = ok && wc_write_files(&c->diag, o->out_dir, (const char *const *)names, contents, n + 1);
    for (size_t i = 0; i <= n; i++) {
        wc_buf_free(&bufs[i]);
        free(names[i]);
    }
    free(bufs);
    free(names);
    free(contents);
    return ok ? 0 : 2;
}

static void summarise(const wh_tileset_t *set)
{
    uint32_t kinds = 0, copies = 0;
    for (uint32_t p = 0; p < set->n_packs; p++) {
        const wh_pack_t *k = &set->packs[p];
        uint32_t n = 0, wonders = 0;
        for (uint32_t i = 0; i < k->n_tiles; i++) {
            n += set->tiles[k->first_tile + i].count;
            wonders += set->tiles[k->first_tile + i].kind == WH_TILE_WONDER;
        }
        printf("%-18s %3u tiles in %2u kinds%s  %s\n", set->strings + k->id, n, k->n_tiles,
               wonders ? " (wonders)" : "", set->strings + k->name);
        kinds += k->n_tiles;
        copies += n;
    }
    printf("%u tiles in %u kinds, %u packs: every check and published fact holds\n", copies, kinds, set->n_packs);
}

static int dump_to(const options *o, wc_compilation *c)
{
    wc_buf out;
    wc_buf_init(&out);
    wh_tileset_t set = wc_model_view(&c->model);
    bool ok = wc_dump(&set, o->json ? WC_DUMP_JSON : WC_DUMP_YAML, o->files, o->n_files, &out);
    if (!ok)
        wc_error_plain(&c->diag, "cannot write the YAML record: out of memory");
    else if (o->out_dir)
        ok = write_whole(&c->diag, o->out_dir, &out);
    else
        fputs(out.data, stdout);
    wc_buf_free(&out);
    return ok ? 0 : 2;
}

static int compile_to(const options *o, wc_compilation *c)
{
    if (c->model.n_tiles == 0) {
        wc_error_plain(&c->diag, "no tiles to compile");
        return 1;
    }
    wc_buf header, source;
    wc_buf_init(&header);
    wc_buf_init(&source);
    wc_codegen(&c->model, o->files, o->n_files, "tiles.h", &header, &source);
    const char *names[] = {"tiles.h", "tiles.c"};
    const wc_buf *contents[] = {&header, &source};
    bool ok = wc_write_files(&c->diag, o->out_dir, names, contents, 2);
    wc_buf_free(&header);
    wc_buf_free(&source);
    return ok ? 0 : 2;
}

/* The folder of the running program, found from itself, so that wonderc
** finds the tile sources its wonders was built from wherever it runs. */
static bool exe_dir(char *dir, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", dir, size - 1);
    if (n <= 0)
        return false;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash)
        return false;
    *slash = '\0';
    return true;
}

/* Where `make install` put the tile sources: PREFIX/share/wonders/tiles
** beside PREFIX/bin/wonderc (a copy installed under DESTDIR or moved as a
** whole still finds them). */
static bool installed_tiles(char *dir, size_t size)
{
    char exe[PATH_MAX];
    return exe_dir(exe, sizeof exe) && snprintf(dir, size, "%s/../share/wonders/tiles", exe) < (int)size;
}

/* Where a built, uninstalled wonderc (CHECKOUT/build/wonderc) has its
** sources: CHECKOUT/tiles, taken only when it holds the tile set's file, so
** that a wonderc copied anywhere else does not read some unrelated folder. */
static bool checkout_tiles(char *dir, size_t size)
{
    char exe[PATH_MAX], up[PATH_MAX + 16], real[PATH_MAX], probe[PATH_MAX + 32];
    if (!exe_dir(exe, sizeof exe) || snprintf(up, sizeof up, "%s/../tiles", exe) >= (int)sizeof up
        || !realpath(up, real) || snprintf(probe, sizeof probe, "%s/tileset.tiles", real) >= (int)sizeof probe
        || access(probe, R_OK) != 0)
        return false;
    return snprintf(dir, size, "%s", real) < (int)size; /* named as a path, without build/.. */
}

/* The tile sources in DIR, if any. */
static bool tiles_in(const char *dir, glob_t *g)
{
    char pattern[PATH_MAX + 16];
    if (snprintf(pattern, sizeof pattern, "%s/*.tiles", dir) >= (int)sizeof pattern)
        return false;
    memset(g, 0, sizeof *g);
    if (glob(pattern, 0, NULL, g) == 0)
        return true;
    globfree(g);
    return false;
}

/* The default inputs: DEFAULT_TILES in the checkout (the current folder),
** else the installed copies of them, else the checkout this wonderc was
** built in. */
static bool default_tiles(glob_t *g)
{
    if (glob(DEFAULT_TILES, 0, NULL, g) == 0)
        return true;
    globfree(g);
    char dir[PATH_MAX];
    return (installed_tiles(dir, sizeof dir) && tiles_in(dir, g)) || (checkout_tiles(dir, sizeof dir) && tiles_in(dir, g));
}

/* What was printed must have reached standard output: a full disk or a
** closed pipe is an I/O failure (exit 2), not a silent success. */
static int run(int argc, char **argv);

/* A usage error found before the command runs. */
static void refuse(const char *msg, const char *command)
{
    (void)command;
    usage_error(msg, NULL);
}

/* The long options of any command that take no value. */
static const char *const flags[] = {"--help", "--verbose", "--wonders", "--pictures", NULL};

int main(int argc, char **argv)
{
    static const wu_syntax syntax = {flags, refuse};
    return wu_main(argc, argv, "wonderc", &syntax, run);
}

/* wonderc lsp: the server takes no input files; --stdio is what clients
** pass to say how to talk, and the only way it talks. */
static int lsp(int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            print_help(stdout, "lsp");
            return 0;
        }
        if (strcmp(argv[i], "--stdio"))
            return argv[i][0] == '-' ? bad_option(argv[i], false, false, false, false)
                                     : usage_error("lsp reads no files; the editor sends them:", argv[i]);
    }
    signal(SIGPIPE, SIG_IGN); /* a client that is gone is a write error, not a signal */
    return wc_lsp_serve(stdin, stdout);
}

static int run(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "lsp"))
        return lsp(argc, argv);
    options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0) {
        free(o.files);
        free(o.ids);
        free(o.packs);
        return status;
    }
    glob_t g;
    memset(&g, 0, sizeof g);
    if (o.n_files == 0) { /* show, gallery or dump with no inputs: the project's tiles */
        if (!default_tiles(&g)) {
            char installed[PATH_MAX];
            fprintf(stderr, "wonderc: no input files, and no %s here, in %s or in a checkout's tiles/ beside this wonderc\n",
                    DEFAULT_TILES, installed_tiles(installed, sizeof installed) ? installed : "the installed share/wonders/tiles");
            free(o.files);
            free(o.ids);
            free(o.packs);
            return 2;
        }
        free(o.files);
        o.files = calloc(g.gl_pathc, sizeof *o.files);
        if (!o.files) {
            fputs("wonderc: out of memory\n", stderr);
            globfree(&g);
            free(o.ids);
            free(o.packs);
            return 2;
        }
        for (size_t i = 0; i < g.gl_pathc; i++)
            o.files[o.n_files++] = g.gl_pathv[i];
    }
    wc_compilation c;
    wc_compilation_init(&c, stderr);
    c.diag.max_errors = o.max_errors;
    c.model.keep_geometry = !strcmp(o.command, "show") || !strcmp(o.command, "gallery");
    /* Only the generated tables carry the drawings; show and gallery draw
    ** from each tile's planar model (svg.c), failed tiles too. */
    c.model.draw = !strcmp(o.command, "compile");
    for (size_t i = 0; i < o.n_files; i++)
        wc_compilation_add_file(&c, o.files[i]);
    bool ok = wc_compilation_check(&c);
    wc_compilation_summary(&c, stderr);
    bool io_failure = false;
    for (size_t i = 0; i < c.diag.n_sources; i++)
        io_failure |= c.diag.sources[i].unreadable;
    if (io_failure) {
        status = 2;
    } else if (o.svg) {
        status = show_svg(&o, &c);
        if (status == 0 && !ok)
            status = 1;
    } else if (!ok) {
        status = 1;
    } else if (!strcmp(o.command, "compile")) {
        wc_compilation_drop_syntax(&c);
        status = compile_to(&o, &c);
    } else if (!strcmp(o.command, "show")) {
        wh_tileset_t set = wc_model_view(&c.model);
        status = show_tiles(&o, &c.model, &set);
    } else if (!strcmp(o.command, "gallery")) {
        status = write_gallery(&o, &c);
    } else if (!strcmp(o.command, "dump")) {
        wc_compilation_drop_syntax(&c);
        status = dump_to(&o, &c);
    } else {
        if (o.verbose) {
            wh_tileset_t set = wc_model_view(&c.model);
            summarise(&set);
        }
        status = 0;
    }
    wc_compilation_free(&c);
    globfree(&g);
    free(o.files);
    free(o.ids);
    free(o.packs);
    return status;
}
