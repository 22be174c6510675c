/*
** test_wonders.c -- the published facts of all 8 wonders, recomputed here
** from the compiled tables (not from the tile files' own `expect` lines),
** and the "Done when" of the tile-language issue: breaking a wonder gives a
** precise, located error.
*/
#include "suites.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* What the rules page's breakdown says of one wonder.  Feature sizes are
** listed in ascending order of squares. */
typedef struct wonder_facts {
    const char *id;
    int cities[3], n_cities;
    int roads[4], n_roads;
    int fields, monasteries;
} wonder_facts;

static const wonder_facts published[] = {
    /* "One 1-tile city", "One 2-tile road ...", "Two separate 1-tile roads", "Four fields" */
    {"wonders_set1.stonehenge", {1}, 1, {1, 1, 2}, 3, 4, 0},
    /* "One 2-tile road", "One 2-tile city", "One 1-tile road", "Four fields", a monastery */
    {"wonders_set1.notre_dame", {2}, 1, {1, 2}, 2, 4, 1},
    /* "One 4-tile city", "Two separate 1-tile roads", "Four fields" */
    {"wonders_set1.circus_maximus", {4}, 1, {1, 1}, 2, 4, 0},
    /* "One 3-tile city", "Two separate 1-tile roads", "Five fields" */
    {"wonders_set1.alhambra", {3}, 1, {1, 1}, 2, 5, 0},
    /* "Two separate 1-tile cities", "One 1-tile road", "One 2-tile road ...", "Three fields" */
    {"wonders_set2.abu_simbel", {1, 1}, 2, {1, 2}, 2, 3, 0},
    /* "Two separate 1-tile cities", "One 3-tile road", "Three fields" */
    {"wonders_set2.tikal", {1, 1}, 2, {3}, 1, 3, 0},
    /* "Two separate 1-tile cities", "Two separate 1-tile roads", "One 2-tile road", "Three fields" */
    {"wonders_set2.angkor_wat", {1, 1}, 2, {1, 1, 2}, 3, 3, 0},
    /* "One 1-tile city", "One 1-tile road that forks ...", "One 2-tile road", "Four fields" */
    {"wonders_set2.terracotta_army", {1}, 1, {1, 2}, 2, 4, 0},
};

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void sizes_of(const wh_tileset_t *set, const wh_tile_t *t, int kind, int *out, int *n)
{
    *n = 0;
    for (uint32_t i = 0; i < t->n_features; i++) {
        const wh_feature_t *f = &set->features[t->first_feature + i];
        if (f->kind == kind && *n < 8)
            out[(*n)++] = f->n_squares;
    }
    qsort(out, (size_t)*n, sizeof *out, cmp_int);
}

static int count_kind(const wh_tileset_t *set, const wh_tile_t *t, int kind)
{
    int n = 0;
    for (uint32_t i = 0; i < t->n_features; i++)
        n += set->features[t->first_feature + i].kind == kind;
    return n;
}

static void test_breakdown_of_every_wonder(void)
{
    test_build b;
    test_build_project(&b);
    for (size_t w = 0; w < sizeof published / sizeof *published; w++) {
        const wonder_facts *p = &published[w];
        int ti = test_tile(&b.set, p->id);
        if (ti < 0)
            continue;
        const wh_tile_t *t = &b.set.tiles[ti];
        /* "All wonder tiles count as 5 connected normal tiles." */
        CU_ASSERT_EQUAL(t->kind, WH_TILE_WONDER);
        CU_ASSERT_EQUAL(t->n_squares, 5);
        CU_ASSERT_EQUAL(t->count, 1);
        CU_ASSERT_EQUAL(count_kind(&b.set, t, WH_KIND_AREA), 1);
        int got[8], n;
        sizes_of(&b.set, t, WH_KIND_CITY, got, &n);
        CU_ASSERT_EQUAL(n, p->n_cities);
        for (int i = 0; i < n && i < p->n_cities; i++)
            CU_ASSERT_EQUAL(got[i], p->cities[i]);
        sizes_of(&b.set, t, WH_KIND_ROAD, got, &n);
        CU_ASSERT_EQUAL(n, p->n_roads);
        for (int i = 0; i < n && i < p->n_roads; i++)
            CU_ASSERT_EQUAL(got[i], p->roads[i]);
        CU_ASSERT_EQUAL(count_kind(&b.set, t, WH_KIND_FIELD), p->fields);
        CU_ASSERT_EQUAL(count_kind(&b.set, t, WH_KIND_MONASTERY), p->monasteries);
    }
    test_build_free(&b);
}

static const wh_feature_t *feature(const test_build *b, const char *tile, const char *name)
{
    int t = test_tile(&b->set, tile);
    CU_ASSERT_FATAL(t >= 0);
    int f = test_feature(&b->set, (uint32_t)t, name);
    CU_ASSERT_FATAL(f >= 0);
    return &b->set.features[b->set.tiles[t].first_feature + (uint32_t)f];
}

/* Open ends named in the breakdown: forks and the Notre-Dame road. */
static void test_open_road_ends(void)
{
    test_build b;
    test_build_project(&b);
    /* "One 2-tile road that forks into two open segments" */
    CU_ASSERT_EQUAL(feature(&b, "wonders_set1.stonehenge", "fork")->open, 2);
    CU_ASSERT_EQUAL(feature(&b, "wonders_set2.abu_simbel", "fork")->open, 2);
    /* "One 2-tile road with one open segment" */
    CU_ASSERT_EQUAL(feature(&b, "wonders_set1.notre_dame", "upper")->open, 1);
    /* "One 1-tile road that forks into three open segments" */
    const wh_feature_t *fork = feature(&b, "wonders_set2.terracotta_army", "fork");
    CU_ASSERT_EQUAL(fork->open, 3);
    CU_ASSERT_EQUAL(fork->n_squares, 1);
    test_build_free(&b);
}

/* FAQ (3/2024): "The field only touches the wonder. A wonder is always
** neutral and not part of a city." */
static void test_fields_touching_only_the_wonder(void)
{
    test_build b;
    test_build_project(&b);
    static const char *const cases[][2] = {
        {"wonders_set1.notre_dame", "monastery_field"},
        {"wonders_set1.circus_maximus", "between_roads"},
        {"wonders_set1.alhambra", "between_roads"},
    };
    for (size_t i = 0; i < 3; i++) {
        int t = test_tile(&b.set, cases[i][0]);
        const wh_tile_t *tile = &b.set.tiles[t];
        const wh_feature_t *f = feature(&b, cases[i][0], cases[i][1]);
        CU_ASSERT_EQUAL(f->kind, WH_KIND_FIELD);
        CU_ASSERT_NOT_EQUAL(f->touches, 0);
        for (uint32_t j = 0; j < tile->n_features; j++)
            if (f->touches & (1u << j))
                CU_ASSERT_EQUAL(b.set.features[tile->first_feature + j].kind, WH_KIND_AREA);
    }
    test_build_free(&b);
}

/* The wonder area is part of no city, road or field: it owns no segment. */
static void test_area_owns_no_segment(void)
{
    test_build b;
    test_build_project(&b);
    for (uint32_t t = 0; t < b.set.n_tiles; t++) {
        const wh_tile_t *tile = &b.set.tiles[t];
        for (uint32_t k = 0; k < tile->n_sides; k++)
            for (int s = 0; s < 3; s++) {
                uint8_t f = b.set.sides[tile->first_side + k].feature[s];
                if (f != WH_NONE)
                    CU_ASSERT_NOT_EQUAL(b.set.features[tile->first_feature + f].kind, WH_KIND_AREA);
            }
    }
    test_build_free(&b);
}

/* Line (1-based) of the first line of text containing needle, and the
** column of needle on it. */
static void locate(const char *text, const char *needle, int *line, int *col)
{
    const char *at = strstr(text, needle);
    CU_ASSERT_FATAL(at != NULL);
    *line = 1;
    const char *start = text;
    for (const char *p = text; p < at; p++)
        if (*p == '\n') {
            (*line)++;
            start = p + 1;
        }
    *col = (int)(at - start) + 1;
}

static char *replace_once(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    CU_ASSERT_FATAL(at != NULL);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    CU_ASSERT_FATAL(out != NULL);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

/* "deleting a square from a wonder's footprint ... makes `wonderc check`
** print a precise located error" */
static void test_deleting_a_square_is_located(void)
{
    char *text = test_read_file("../tiles/wonders-set1.tiles", NULL);
    CU_ASSERT_FATAL(text != NULL);
    char *broken = replace_once(text, "        square br (2, 1) { E road; S field; }\n", "");
    int line, col;
    locate(broken, "stonehenge \"Stonehenge\"", &line, &col);
    char want[256];
    snprintf(want, sizeof want, "wonders-set1.tiles:%d:%d: error: a wonder tile covers 5 squares; 'stonehenge' has 4",
             line, col);
    test_build b;
    test_build_text(&b, "wonders-set1.tiles", broken);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, want));
    test_build_free(&b);
    free(broken);
    free(text);
}

/* "... or changing a fact in its assertions" */
static void test_changing_a_fact_is_located(void)
{
    char *text = test_read_file("../tiles/wonders-set2.tiles", NULL);
    CU_ASSERT_FATAL(text != NULL);
    char *broken = replace_once(text, "expect fork.open = 3;", "expect fork.open = 4;");
    int line, col;
    locate(broken, "fork.open = 4;", &line, &col);
    char want[256];
    snprintf(want, sizeof want, "wonders-set2.tiles:%d:%d: error: fact does not hold: 'fork.open' is 3, expected 4",
             line, col);
    test_build b;
    test_build_text(&b, "wonders-set2.tiles", broken);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, want));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    test_build_free(&b);
    free(broken);
    free(text);
}

bool register_wonder_tests(void)
{
    static const test_case cases[] = {
        {"breakdown of every wonder", test_breakdown_of_every_wonder},
        {"open road ends", test_open_road_ends},
        {"fields touching only the wonder", test_fields_touching_only_the_wonder},
        {"the area owns no segment", test_area_owns_no_segment},
        {"deleting a square is located", test_deleting_a_square_is_located},
        {"changing a fact is located", test_changing_a_fact_is_located},
        {NULL, NULL},
    };
    return register_suite("wonders", cases);
}
