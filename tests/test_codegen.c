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
#include "wonders.h"

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
    test_build_project_drawn(&a);
    test_build_project_drawn(&b);
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
    test_build_project_drawn(&b);
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
    CU_ASSERT_EQUAL(g->n_effects, b.set.n_effects);
    CU_ASSERT_EQUAL(g->n_effect_values, b.set.n_effect_values);
    CU_ASSERT_EQUAL(g->n_handlers, b.set.n_handlers);
    CU_ASSERT_EQUAL(g->n_exprs, b.set.n_exprs);
    if (g->n_effects == b.set.n_effects && g->n_handlers == b.set.n_handlers && g->n_exprs == b.set.n_exprs &&
        g->n_effect_values == b.set.n_effect_values) {
        CU_ASSERT_EQUAL(memcmp(g->effects, b.set.effects, g->n_effects * sizeof *g->effects), 0);
        CU_ASSERT_EQUAL(memcmp(g->handlers, b.set.handlers, g->n_handlers * sizeof *g->handlers), 0);
        CU_ASSERT_EQUAL(memcmp(g->exprs, b.set.exprs, g->n_exprs * sizeof *g->exprs), 0);
        CU_ASSERT_EQUAL(memcmp(g->effect_values, b.set.effect_values,
                               g->n_effect_values * sizeof *g->effect_values), 0);
    }
    /* the drawings: rows, slices and path data */
    CU_ASSERT_EQUAL(g->n_paths, b.set.n_paths);
    CU_ASSERT_EQUAL(g->path_data_size, b.set.path_data_size);
    if (g->n_paths == b.set.n_paths && g->path_data_size == b.set.path_data_size && g->n_tiles == b.set.n_tiles) {
        CU_ASSERT_EQUAL(memcmp(g->paths, b.set.paths, g->n_paths * sizeof *g->paths), 0);
        CU_ASSERT_EQUAL(memcmp(g->tile_paths, b.set.tile_paths, (g->n_tiles + 1) * sizeof *g->tile_paths), 0);
        CU_ASSERT_EQUAL(memcmp(g->path_data, b.set.path_data, g->path_data_size), 0);
    }
    CU_ASSERT_EQUAL(WH_N_TILES, b.set.n_tiles);
    CU_ASSERT_STRING_EQUAL(g->strings + g->tiles[WH_TILE_WONDERS_SET1_ALHAMBRA].name, "Alhambra");
    test_build_free(&b);
}

/* An effect lowers to its handlers, its counters' first values and one
** node table: indexes shifted past the effects before it, children before
** their parents, flags as tables.h defines them. */
static void test_an_effect_lowers_to_handlers_and_nodes(void)
{
    test_build b;
    test_build_text_drawn(&b, "lower.tiles",
                    "pack p \"P\" {\n"
                    "  wonder first \"First\" {\n"
                    "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"
                    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
                    "    square s4 (4, 0) { N field; E field; S field; } area x { on s2; }\n"
                    "    field f { sides s0:N, s0:W, s0:S, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"
                    "              crosses s0:E, s1:E, s2:E, s3:E; }\n"
                    "    effect { on game_end { score players(2..3: 2, 4..: 1); } }\n"
                    "  }\n"
                    "  wonder second \"Second\" {\n"
                    "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"
                    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
                    "    square s4 (4, 0) { N field; E field; S field; } area x { on s2; }\n"
                    "    field f { sides s0:N, s0:W, s0:S, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"
                    "              crosses s0:E, s1:E, s2:E, s3:E; }\n"
                    "    effect {\n"
                    "      starts now; counter done = 5; rule hand 3 bottom; rule weight abbot 2;\n"
                    "      on completed(feature c) if c.occupied once per game { add done 1; score tiles(..50: 1, 51..: 2); }\n"
                    "      on game_end { score count(cities c where c.squares > 3); }\n"
                    "    }\n"
                    "  }\n"
                    "}\n");
    CU_ASSERT_FATAL(b.ok);
    const wh_tileset_t *s = &b.set;
    CU_ASSERT_EQUAL_FATAL(s->n_effects, 2);
    CU_ASSERT_EQUAL(s->n_handlers, 3);
    CU_ASSERT_EQUAL(s->n_effect_values, 4);
    const wh_effect_t *e = &s->effects[1];
    CU_ASSERT_EQUAL(e->first_handler, 1);
    CU_ASSERT_EQUAL(e->n_handlers, 2);
    CU_ASSERT_EQUAL(e->n_counters, 1);
    CU_ASSERT_EQUAL(e->hand, 3);
    CU_ASSERT_EQUAL(e->hand_rest, WH_HAND_BOTTOM);
    CU_ASSERT_EQUAL(e->weight[WH_FIGURE_ABBOT], 2);
    /* `occupied` reads where figures stand; `starts now` holds for the rules too */
    CU_ASSERT_EQUAL(e->flags, WH_EFFECT_WATCHES_FIGURES | WH_EFFECT_AT_ONCE);
    CU_ASSERT_EQUAL(s->effects[0].flags, 0);
    CU_ASSERT_FATAL(e->counter_init < s->n_exprs);
    CU_ASSERT_EQUAL(s->exprs[e->counter_init].op, WH_OP_CONST);
    CU_ASSERT_EQUAL(s->exprs[e->counter_init].k, 5);
    CU_ASSERT_TRUE(e->counter_init > s->handlers[0].body); /* after the first effect's nodes */
    const wh_handler_t *h = &s->handlers[1];
    CU_ASSERT_EQUAL(h->event, WH_EVENT_COMPLETED);
    CU_ASSERT_EQUAL(h->kinds, (1u << WH_KIND_CITY) | (1u << WH_KIND_ROAD) | (1u << WH_KIND_MONASTERY) |
                                  (1u << WH_KIND_GARDEN) | (1u << WH_KIND_FIELD));
    CU_ASSERT_EQUAL(h->flags, WH_HANDLER_AT_ONCE | WH_HANDLER_ONCE_GAME);
    CU_ASSERT_EQUAL(h->index, 0);
    CU_ASSERT_EQUAL(s->exprs[h->when].op, WH_OP_PROP);
    CU_ASSERT_EQUAL(s->exprs[h->when].arg, WH_PROP_OCCUPIED);
    const wh_expr_t *seq = &s->exprs[h->body];
    CU_ASSERT_EQUAL_FATAL(seq->op, WH_OP_SEQ);
    CU_ASSERT_EQUAL(s->exprs[seq->a].op, WH_OP_ADD_TO);
    const wh_expr_t *score = &s->exprs[seq->b];
    CU_ASSERT_EQUAL_FATAL(score->op, WH_OP_SCORE);
    CU_ASSERT_EQUAL(score->b, WH_NO_EXPR); /* to the owner */
    const wh_expr_t *table = &s->exprs[score->a];
    CU_ASSERT_EQUAL(table->op, WH_OP_TABLE);
    CU_ASSERT_EQUAL(table->arg, WH_VALUE_BY_TILES);
    CU_ASSERT_EQUAL(table->k, 2); /* after the first effect's two rows */
    CU_ASSERT_EQUAL(table->b, 2);
    CU_ASSERT_EQUAL(s->effect_values[3].lo, 51);
    const wh_handler_t *end = &s->handlers[2];
    CU_ASSERT_EQUAL(end->event, WH_EVENT_GAME_END);
    CU_ASSERT_EQUAL(end->flags, 0); /* game-end handlers always run */
    CU_ASSERT_EQUAL(end->index, 1);
    CU_ASSERT_EQUAL(end->when, WH_NO_EXPR);
    const wh_expr_t *count = &s->exprs[s->exprs[end->body].a];
    CU_ASSERT_EQUAL(count->op, WH_OP_COUNT);
    CU_ASSERT_EQUAL(count->arg, 1);
    CU_ASSERT_EQUAL(count->k, WH_SET_FEATURES | (1 << WH_KIND_CITY) << 8);
    CU_ASSERT_TRUE(count->a < s->exprs[end->body].a); /* children first */
    test_build_free(&b);
    /* `none`: an effect row that says the wonder has none, no handler, no node */
    test_build_text_drawn(&b, "none.tiles",
                    "pack p \"P\" {\n"
                    "  wonder quiet \"Quiet\" {\n"
                    "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"
                    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
                    "    square s4 (4, 0) { N field; E field; S field; } area x { on s2; }\n"
                    "    field f { sides s0:N, s0:W, s0:S, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"
                    "              crosses s0:E, s1:E, s2:E, s3:E; }\n"
                    "    effect { none; }\n"
                    "  }\n"
                    "}\n");
    CU_ASSERT_FATAL(b.ok);
    CU_ASSERT_EQUAL(b.set.n_effects, 1);
    CU_ASSERT_EQUAL(b.set.tiles[0].effect, 1);
    CU_ASSERT_EQUAL(b.set.effects[0].n_handlers, 0);
    CU_ASSERT_EQUAL(b.set.effects[0].counter_init, WH_NO_EXPR);
    CU_ASSERT_EQUAL(b.set.n_exprs, 0);
    test_build_free(&b);
}

static void test_nodes_are_children_first(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    CU_ASSERT_TRUE(s->n_exprs > 0);
    for (uint32_t i = 0; i < s->n_exprs; i++) { /* every child is an earlier node */
        const wh_expr_t *x = &s->exprs[i];
        CU_ASSERT_TRUE(x->a == WH_NO_EXPR || x->a < i);
        CU_ASSERT_TRUE(x->op == WH_OP_TABLE || x->b == WH_NO_EXPR || x->b < i);
        CU_ASSERT_TRUE(x->c == WH_NO_EXPR || x->c < i);
    }
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
    test_build_text_drawn(&a, "tiles/base.tiles", text);
    const char *path[] = {"../tiles/base.tiles"};
    test_build_files_drawn(&b, path, 1);
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
        {"an effect lowers to handlers and nodes", test_an_effect_lowers_to_handlers_and_nodes},
        {"nodes come after their children", test_nodes_are_children_first},
        {"writes are atomic and skip unchanged files", test_writes_are_atomic_and_skip_unchanged},
        {NULL, NULL},
    };
    return register_suite("code generation", cases);
}
