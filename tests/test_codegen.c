/*
** test_codegen.c -- the generated C: deterministic, linked tables equal to the
** model, written all or nothing.  Whether generated/ is current, in the tree
** and in the last commit, is tests/generated.sh's question.
*/
#define _POSIX_C_SOURCE 200809L
#include "suites.h"
#include "support.h"
#include "../compiler/codegen.h"
#include "../compiler/fileio.h"
#include "tiles.h" /* the committed generated/tiles.h */

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* As `make regen` names them: relative to the top of the tree. */
static void generate(const wc_model *m, wc_buf *h, wc_buf *c)
{
    glob_t g;
    const char **inputs;
    size_t n = test_project_inputs(&g, &inputs);
    wc_buf_init(h);
    wc_buf_init(c);
    wc_codegen(m, inputs, n, "tiles.h", h, c);
    free(inputs);
    globfree(&g);
}

static void test_output_is_deterministic(void)
{
    test_build a, b;
    test_build_project(&a);
    test_build_project(&b);
    wc_buf ha, ca, hb, cb;
    generate(&a.c.model, &ha, &ca);
    generate(&b.c.model, &hb, &cb);
    CU_ASSERT_EQUAL(ha.len, hb.len);
    CU_ASSERT_EQUAL(ca.len, cb.len);
    CU_ASSERT_EQUAL(memcmp(ha.data, hb.data, ha.len), 0);
    CU_ASSERT_EQUAL(memcmp(ca.data, cb.data, ca.len), 0);
    wc_buf_free(&ha);
    wc_buf_free(&ca);
    wc_buf_free(&hb);
    wc_buf_free(&cb);
    test_build_free(&a);
    test_build_free(&b);
}

/* The tables linked into this binary equal the in-memory model. */
static void test_linked_tables_equal_the_model(void)
{
    test_build b;
    test_build_project(&b);
    const wh_tileset_t *g = &wh_tileset;
    CU_ASSERT_EQUAL(g->n_tiles, b.set.n_tiles);
    CU_ASSERT_EQUAL(g->n_squares, b.set.n_squares);
    CU_ASSERT_EQUAL(g->n_sides, b.set.n_sides);
    CU_ASSERT_EQUAL(g->n_features, b.set.n_features);
    CU_ASSERT_EQUAL(g->strings_size, b.set.strings_size);
    if (g->n_tiles == b.set.n_tiles && g->n_features == b.set.n_features) {
        CU_ASSERT_EQUAL(memcmp(g->tiles, b.set.tiles, g->n_tiles * sizeof *g->tiles), 0);
        CU_ASSERT_EQUAL(memcmp(g->squares, b.set.squares, g->n_squares * sizeof *g->squares), 0);
        CU_ASSERT_EQUAL(memcmp(g->sides, b.set.sides, g->n_sides * sizeof *g->sides), 0);
        CU_ASSERT_EQUAL(memcmp(g->features, b.set.features, g->n_features * sizeof *g->features), 0);
        CU_ASSERT_EQUAL(memcmp(g->strings, b.set.strings, g->strings_size), 0);
    }
    CU_ASSERT_EQUAL(WH_N_TILES, b.set.n_tiles);
    CU_ASSERT_STRING_EQUAL(g->strings + g->tiles[WH_TILE_WONDERS_SET1_ALHAMBRA].name, "Alhambra");
    test_build_free(&b);
}

/* A changed tile file gives different output: staleness is detectable. */
static void test_a_changed_tile_changes_the_output(void)
{
    char *text = test_read_file("../tiles/base.tiles", NULL);
    CU_ASSERT_FATAL(text != NULL);
    char *at = strstr(text, "tile V \"Road curve\" {\n        count 8;");
    CU_ASSERT_FATAL(at != NULL);
    at[strlen("tile V \"Road curve\" {\n        count ")] = '7';
    test_build a, b;
    test_build_text(&a, "tiles/base.tiles", text);
    const char *path[] = {"../tiles/base.tiles"};
    test_build_files(&b, path, 1);
    CU_ASSERT_FALSE(a.ok); /* the pack fact "tiles = 72" catches it */
    CU_ASSERT_TRUE(test_contains(a.output, "fact does not hold: 'tiles' is 71, expected 72"));
    CU_ASSERT_TRUE(b.ok);
    test_build_free(&a);
    test_build_free(&b);
    free(text);
}

static void temp_dir(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/wonderc-test-XXXXXX");
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
}

static ino_t inode_of(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    return stat(path, &st) == 0 ? st.st_ino : 0;
}

static void test_writes_are_atomic_and_skip_unchanged(void)
{
    char dir[64];
    temp_dir(dir, sizeof dir);
    wc_diag d;
    FILE *sink = fopen("/dev/null", "w");
    wc_diag_init(&d, sink);
    wc_buf one, two;
    wc_buf_init(&one);
    wc_buf_init(&two);
    wc_buf_printf(&one, "first\n");
    wc_buf_printf(&two, "second\n");
    const char *names[] = {"a.h", "a.c"};
    const wc_buf *contents[] = {&one, &two};
    CU_ASSERT_TRUE(wc_write_files(&d, dir, names, contents, 2));
    ino_t before = inode_of(dir, "a.h");
    CU_ASSERT_NOT_EQUAL(before, 0);
    CU_ASSERT_TRUE(wc_write_files(&d, dir, names, contents, 2)); /* unchanged: not rewritten */
    CU_ASSERT_EQUAL(inode_of(dir, "a.h"), before);
    const wc_buf *swapped[] = {&two, &one};
    CU_ASSERT_TRUE(wc_write_files(&d, dir, names, swapped, 2)); /* changed: replaced by rename */
    CU_ASSERT_NOT_EQUAL(inode_of(dir, "a.h"), before);
    char path[512];
    snprintf(path, sizeof path, "%s/a.h/nowhere", dir); /* under a file: cannot be made */
    CU_ASSERT_FALSE(wc_write_files(&d, path, names, contents, 2)); /* failure writes nothing */
    CU_ASSERT_EQUAL(d.n_errors, 1);
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    CU_ASSERT_EQUAL(system(path), 0);
    wc_buf_free(&one);
    wc_buf_free(&two);
    wc_diag_free(&d);
    fclose(sink);
}

bool register_codegen_tests(void)
{
    static const test_case cases[] = {
        {"output is deterministic", test_output_is_deterministic},
        {"linked tables equal the model", test_linked_tables_equal_the_model},
        {"a changed tile changes the output", test_a_changed_tile_changes_the_output},
        {"writes are atomic and skip unchanged files", test_writes_are_atomic_and_skip_unchanged},
        {NULL, NULL},
    };
    return register_suite("code generation", cases);
}
