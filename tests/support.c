/* support.c -- helpers shared by the test suites; see support.h. */
#define _POSIX_C_SOURCE 200809L
#include "support.h"
#include "../runtime/tileset.h"

#include <CUnit/CUnit.h>
#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A compilation that derives the tiles' drawings only when @p draw: as
** `wonderc` does, where only `compile` writes them.  They are most of a
** compile's cost (docs/performance.md), and most tests read the tables. */
static FILE *begin(test_build *b, bool draw)
{
    memset(b, 0, sizeof *b);
    FILE *out = open_memstream(&b->output, &b->output_len);
    CU_ASSERT_FATAL(out != NULL);
    wc_compilation_init(&b->c, out);
    b->c.model.draw = draw;
    return out;
}

static void finish(test_build *b, FILE *out)
{
    b->ok = wc_compilation_check(&b->c);
    fclose(out);
    b->set = wc_model_view(&b->c.model);
}

size_t test_project_tiles(glob_t *g)
{
    memset(g, 0, sizeof *g);
    CU_ASSERT_FATAL(glob("../tiles/*.tiles", 0, NULL, g) == 0);
    return g->gl_pathc;
}

size_t test_project_inputs(glob_t *g, const char ***inputs)
{
    size_t n = test_project_tiles(g);
    *inputs = calloc(n, sizeof **inputs);
    CU_ASSERT_FATAL(*inputs != NULL);
    for (size_t i = 0; i < n; i++)
        (*inputs)[i] = g->gl_pathv[i] + strlen("../");
    return n;
}

static void build_files(test_build *b, const char *const *paths, size_t n, bool draw)
{
    FILE *out = begin(b, draw);
    for (size_t i = 0; i < n; i++)
        wc_compilation_add_file(&b->c, paths[i]);
    finish(b, out);
}

static void build_text(test_build *b, const char *name, const char *text, bool draw)
{
    FILE *out = begin(b, draw);
    wc_compilation_add_text(&b->c, name, text, strlen(text));
    finish(b, out);
}

static void build_project(test_build *b, bool draw)
{
    glob_t g;
    test_project_tiles(&g);
    build_files(b, (const char *const *)g.gl_pathv, g.gl_pathc, draw);
    globfree(&g);
    if (!b->ok)
        fprintf(stderr, "%s", b->output);
    CU_ASSERT_FATAL(b->ok);
}

void test_build_files(test_build *b, const char *const *paths, size_t n) { build_files(b, paths, n, false); }
void test_build_text(test_build *b, const char *name, const char *text) { build_text(b, name, text, false); }
void test_build_project(test_build *b) { build_project(b, false); }

void test_build_files_drawn(test_build *b, const char *const *paths, size_t n) { build_files(b, paths, n, true); }
void test_build_text_drawn(test_build *b, const char *name, const char *text) { build_text(b, name, text, true); }
void test_build_project_drawn(test_build *b) { build_project(b, true); }

void test_build_free(test_build *b)
{
    wc_compilation_free(&b->c);
    free(b->output);
    memset(b, 0, sizeof *b);
}

char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 2) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int test_tile(const wh_tileset_t *set, const char *id)
{
    int t = wh_tile_find(set, id);
    if (t < 0)
        fprintf(stderr, "no tile '%s'\n", id);
    CU_ASSERT(t >= 0);
    return t;
}

int test_feature(const wh_tileset_t *set, uint32_t tile, const char *name)
{
    const wh_tile_t *t = &set->tiles[tile];
    for (uint32_t i = 0; i < t->n_features; i++)
        if (!strcmp(set->strings + set->features[t->first_feature + i].name, name))
            return (int)i;
    return -1;
}

bool test_contains(const char *haystack, const char *needle)
{
    return haystack && strstr(haystack, needle) != NULL;
}

int test_count_lines(const char *text, const char *needle)
{
    int n = 0;
    const char *line = text;
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char *copy = strndup(line, len);
        if (copy && strstr(copy, needle))
            n++;
        free(copy);
        line = end ? end + 1 : NULL;
    }
    return n;
}

#include "suites.h"

bool register_suite(const char *name, const test_case *cases)
{
    CU_pSuite s = CU_add_suite(name, NULL, NULL);
    if (!s)
        return false;
    for (; cases->name; cases++)
        if (!CU_add_test(s, cases->name, cases->fn))
            return false;
    return true;
}

void test_points(long found, long expected, const char *found_text, const char *expected_text, const char *file,
                 unsigned line)
{
    char msg[512];
    char digits[24];
    snprintf(digits, sizeof digits, "%ld", expected);
    if (!strcmp(digits, expected_text))
        snprintf(msg, sizeof msg, "%s: found %ld, expected %ld", found_text, found, expected);
    else
        snprintf(msg, sizeof msg, "%s: found %ld, expected %ld (%s)", found_text, found, expected, expected_text);
    CU_assertImplementation(found == expected, line, msg, file, "", CU_FALSE);
}

int test_fuzz_inputs(const char *folder)
{
    int inputs = 0;
    DIR *dir = opendir(folder);
    CU_ASSERT_FATAL(dir != NULL);
    struct dirent *e;
    while ((e = readdir(dir)) != NULL)
        if (e->d_name[0] != '.' && strcmp(e->d_name, "README.md") && strcmp(e->d_name, "expected-verdict"))
            inputs++;
    closedir(dir);
    return inputs;
}

int test_run_games(void)
{
    const char *s = getenv("WH_TEST_GAMES");
    int n = s ? atoi(s) : 1000;
    return n > 0 ? n : 1;
}

bool test_small_run(void)
{
    return test_run_games() < 1000;
}
