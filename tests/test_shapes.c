/*
** test_shapes.c -- the tiles' drawings (compiler/shapes.c) and their labels
** (runtime/draw/tile_art.c), checked on every tile of the project: smooth
** paths, not staircases; a road or river never under a field's tint; lines
** that stay on their tile; two cities drawn as two; labels that never
** overlap; figures standing on their feature.  The gallery's pictures are checked in a browser by
** tests/gallery.sh.
*/
#include "path_points.h"
#include "suites.h"
#include "support.h"
#include "../runtime/draw/tile_art.h"
#include "../compiler/shapes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef path_points poly;

/* The path data as points: quadratic curves flattened to 8 chords. */
static void flatten(const char *d, poly *p)
{
    path_points_of(d, 8, p);
}

/* Even-odd inside test over every closed subpath of p. */
static bool inside(const poly *p, double x, double y)
{
    bool in = false;
    for (size_t i = 1; i < p->n; i++) {
        if (p->start[i])
            continue;
        double x0 = p->x[i - 1], y0 = p->y[i - 1], x1 = p->x[i], y1 = p->y[i];
        if ((y0 > y) != (y1 > y) && x < x0 + (y - y0) * (x1 - x0) / (y1 - y0))
            in = !in;
    }
    return in;
}

static const char *tile_id(const wh_tileset_t *s, uint32_t t)
{
    return s->strings + s->tiles[t].id;
}

/* Region and wall paths have no staircase: no run of three short axis-aligned steps. */
static void test_paths_are_smooth(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    static poly p;
    CU_ASSERT_FATAL(s->n_paths > 0 && s->tile_paths[s->n_tiles] == s->n_paths);
    for (uint32_t t = 0; t < s->n_tiles; t++) {
        wu_art a = wu_tile_art(s, t);
        int regions = 0;
        for (size_t i = 0; i < a.n; i++) {
            const wh_path_t *r = &a.paths[i];
            regions += r->role == WH_PATH_REGION;
            if (r->role != WH_PATH_REGION && r->role != WH_PATH_WALL)
                continue;
            flatten(a.data + r->d, &p);
            CU_ASSERT_FALSE(p.other);
            int steps = 0, worst = 0;
            for (size_t k = 1; k < p.n; k++) {
                double dx = fabs(p.x[k] - p.x[k - 1]), dy = fabs(p.y[k] - p.y[k - 1]);
                bool step = !p.start[k] && (dx < 1e-9 || dy < 1e-9) && dx + dy > 0 && dx + dy <= 5.01;
                steps = step ? steps + 1 : 0;
                worst = steps > worst ? steps : worst;
            }
            if (worst >= 3)
                fprintf(stderr, "%s: a staircase of %d steps in row %zu\n", tile_id(s, t), worst, i);
            CU_ASSERT(worst < 3);
        }
        CU_ASSERT(regions > 0);
    }
    test_build_free(&b);
}

/* No point of a road's or river's centre line lies inside a field's region
** (Tikal's inner_bend and outer meet at the road, never across it). */
static void test_roads_divide_fields(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    static poly line, field;
    for (uint32_t t = 0; t < s->n_tiles; t++) {
        wu_art a = wu_tile_art(s, t);
        for (size_t i = 0; i < a.n; i++) {
            if (a.paths[i].role != WH_PATH_LINE)
                continue;
            flatten(a.data + a.paths[i].d, &line);
            for (size_t j = 0; j < a.n; j++) {
                if (a.paths[j].role != WH_PATH_REGION || a.paths[j].kind != WH_KIND_FIELD)
                    continue;
                flatten(a.data + a.paths[j].d, &field);
                int under = 0;
                for (size_t k = 1; k < line.n; k++) {
                    if (line.start[k])
                        continue;
                    for (int q = 0; q < 10; q++) { /* along each chord */
                        double u = q / 10.0;
                        double x = line.x[k - 1] + (line.x[k] - line.x[k - 1]) * u;
                        double y = line.y[k - 1] + (line.y[k] - line.y[k - 1]) * u;
                        under += inside(&field, x, y);
                    }
                }
                if (under)
                    fprintf(stderr, "%s: %d points of %s under field %s\n", tile_id(s, t), under,
                            s->strings + s->features[s->tiles[t].first_feature + a.paths[i].feature].name,
                            s->strings + s->features[s->tiles[t].first_feature + a.paths[j].feature].name);
                CU_ASSERT_EQUAL(under, 0);
            }
        }
    }
    test_build_free(&b);
}

/* Every point of a road or river is on one of its tile's squares. */
static void test_lines_stay_on_the_tile(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    static poly p;
    for (uint32_t t = 0; t < s->n_tiles; t++) {
        wu_art a = wu_tile_art(s, t);
        const wh_tile_t *tile = &s->tiles[t];
        for (size_t i = 0; i < a.n; i++) {
            if (a.paths[i].role != WH_PATH_LINE)
                continue;
            flatten(a.data + a.paths[i].d, &p);
            for (size_t k = 0; k < p.n; k++) {
                bool on = false;
                for (uint32_t q = 0; q < tile->n_squares && !on; q++) {
                    const wh_square_t *sq = &s->squares[tile->first_square + q];
                    on = p.x[k] >= sq->x * 100 - 1e-6 && p.x[k] <= sq->x * 100 + 100 + 1e-6 &&
                         p.y[k] >= sq->y * 100 - 1e-6 && p.y[k] <= sq->y * 100 + 100 + 1e-6;
                }
                if (!on)
                    fprintf(stderr, "%s: a line leaves the tile at (%g, %g)\n", tile_id(s, t), p.x[k], p.y[k]);
                CU_ASSERT(on);
            }
        }
    }
    test_build_free(&b);
}

/* base.I's two city caps are two regions with a field between their walls. */
static void test_two_cities_are_two(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    int t = test_tile(s, "base.I");
    CU_ASSERT_FATAL(t >= 0);
    wu_art a = wu_tile_art(s, (uint32_t)t);
    static poly c[2];
    int n = 0;
    for (size_t i = 0; i < a.n && n < 2; i++)
        if (a.paths[i].role == WH_PATH_REGION && a.paths[i].kind == WH_KIND_CITY)
            flatten(a.data + a.paths[i].d, &c[n++]);
    CU_ASSERT_EQUAL_FATAL(n, 2);
    double nearest = 1e9;
    for (size_t i = 0; i < c[0].n; i++)
        for (size_t j = 0; j < c[1].n; j++)
            nearest = fmin(nearest, hypot(c[0].x[i] - c[1].x[j], c[0].y[i] - c[1].y[j]));
    CU_ASSERT(nearest >= 8); /* tile units: room for a strip of field between the walls */
    for (size_t i = 0; i < c[0].n; i++)
        CU_ASSERT_FALSE(inside(&c[1], c[0].x[i], c[0].y[i]));
    test_build_free(&b);
}

/* Placed labels never overlap each other; those that cannot fit are keys,
** one per feature, numbered 1, 2, ...  (Terracotta Army's south_west and
** south_east were written over each other.) */
static void test_labels_do_not_overlap(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    int keys_seen = 0;
    for (uint32_t t = 0; t < s->n_tiles; t++) {
        const wh_tile_t *tile = &s->tiles[t];
        const char *names[WH_MAX_FEATURES] = {NULL};
        for (uint32_t f = 0; f < tile->n_features; f++)
            names[f] = s->strings + s->features[tile->first_feature + f].name;
        wu_art a = wu_tile_art(s, t);
        wu_place place = {0, 0, 0, 0, 1.0, 0};
        double maxx = 0, maxy = 0;
        for (uint32_t q = 0; q < tile->n_squares; q++) {
            maxx = fmax(maxx, s->squares[tile->first_square + q].x * 100 + 100);
            maxy = fmax(maxy, s->squares[tile->first_square + q].y * 100 + 100);
        }
        wu_labels l;
        CU_ASSERT_FATAL(wu_labels_layout(&l, &a, &place, names, tile->n_features, 0, 0, maxx, maxy, NULL, 0));
        int keys = 0;
        for (size_t i = 0; i < l.n; i++) {
            keys += l.items[i].key != 0;
            if (l.items[i].key)
                CU_ASSERT_EQUAL(l.items[i].key, keys);
            for (size_t j = 0; j < i; j++) {
                if (l.items[i].key || l.items[j].key)
                    continue;
                double wi = wu_text_width(names[l.items[i].feature], WU_LABEL_FONT);
                double wj = wu_text_width(names[l.items[j].feature], WU_LABEL_FONT);
                bool apart = fabs(l.items[i].x - l.items[j].x) >= (wi + wj) / 2 ||
                             fabs(l.items[i].y - l.items[j].y) >= WU_LABEL_FONT;
                if (!apart)
                    fprintf(stderr, "%s: labels %s and %s overlap\n", tile_id(s, t), names[l.items[i].feature],
                            names[l.items[j].feature]);
                CU_ASSERT(apart);
            }
        }
        CU_ASSERT_EQUAL(keys, l.n_keys);
        keys_seen += keys;
    }
    CU_ASSERT(keys_seen > 0); /* some tile is too crowded for every name */
    test_build_free(&b);
}

/* A figure stands inside its feature: the point wu_feature_point gives is
** inside a city's, field's or area's region, on a road, beside a building;
** and every feature of every tile has one. */
static void test_figures_stand_on_their_feature(void)
{
    test_build b;
    test_build_project_drawn(&b);
    const wh_tileset_t *s = &b.set;
    static poly p;
    for (uint32_t t = 0; t < s->n_tiles; t++) {
        wu_art a = wu_tile_art(s, t);
        for (uint32_t f = 0; f < s->tiles[t].n_features; f++) {
            const wh_feature_t *ft = &s->features[s->tiles[t].first_feature + f];
            double x, y;
            CU_ASSERT_FATAL(wu_feature_point(&a, f, &x, &y));
            for (size_t i = 0; i < a.n; i++) {
                const wh_path_t *r = &a.paths[i];
                if (r->feature != f || (r->role != WH_PATH_REGION && r->role != WH_PATH_LINE))
                    continue;
                flatten(a.data + r->d, &p);
                bool ok = false;
                if (r->role == WH_PATH_REGION) {
                    ok = inside(&p, x, y);
                } else { /* within a unit of one of its chords */
                    for (size_t k = 1; k < p.n && !ok; k++) {
                        if (p.start[k])
                            continue;
                        double dx = p.x[k] - p.x[k - 1], dy = p.y[k] - p.y[k - 1], len2 = dx * dx + dy * dy;
                        double u = len2 > 0 ? ((x - p.x[k - 1]) * dx + (y - p.y[k - 1]) * dy) / len2 : 0;
                        u = u < 0 ? 0 : u > 1 ? 1 : u;
                        ok = hypot(x - p.x[k - 1] - u * dx, y - p.y[k - 1] - u * dy) <= 1.0;
                    }
                }
                if (!ok)
                    fprintf(stderr, "%s: a figure on %s would stand at (%g, %g), off it\n", tile_id(s, t),
                            s->strings + ft->name, x, y);
                CU_ASSERT(ok);
            }
        }
    }
    test_build_free(&b);
}

/* Whether tile t's rows in s are exactly those of a drawing of g made anew. */
static bool drawn_as(const wh_tileset_t *s, uint32_t t, const wc_geom *g)
{
    wc_art fresh;
    wc_art_init(&fresh);
    wc_shapes_build(g, &fresh);
    wu_art a = wu_tile_art(s, t);
    bool same = a.n == fresh.n_paths;
    for (size_t i = 0; i < a.n && same; i++) {
        const wh_path_t *p = &a.paths[i], *q = &fresh.paths[i];
        same = p->feature == q->feature && p->kind == q->kind && p->role == q->role && p->x == q->x && p->y == q->y &&
               p->room == q->room && !strcmp(a.data + p->d, fresh.data + q->d);
    }
    wc_art_free(&fresh);
    return same;
}

/* The model draws a geometry once (model.c, wc_shapes_key): every tile of
** the project keeps exactly its own drawing, so the key leaves out nothing
** that tells two of them apart. */
static void test_drawn_once_each_its_own(void)
{
    glob_t files;
    size_t n = test_project_tiles(&files);
    wc_compilation c;
    FILE *sink = fopen("/dev/null", "w");
    CU_ASSERT_FATAL(sink != NULL);
    wc_compilation_init(&c, sink);
    c.model.keep_geometry = true;
    for (size_t i = 0; i < n; i++)
        wc_compilation_add_file(&c, files.gl_pathv[i]);
    CU_ASSERT_FATAL(wc_compilation_check(&c));
    wh_tileset_t s = wc_model_view(&c.model);
    size_t compared = 0;
    for (uint32_t t = 0; t < s.n_tiles; t++)
        for (size_t k = 0; k < c.model.n_geoms; k++)
            if (!strcmp(c.model.geoms[k].id, tile_id(&s, t))) {
                bool same = drawn_as(&s, t, &c.model.geoms[k]);
                if (!same)
                    fprintf(stderr, "%s: not its own drawing\n", tile_id(&s, t));
                CU_ASSERT(same);
                compared++;
            }
    CU_ASSERT_EQUAL(compared, s.n_tiles);
    wc_compilation_free(&c);
    fclose(sink);
    globfree(&files);
}

/* Two tiles of one shape share one drawing's path data; a third, the same
** but for a coat of arms, gets its own. */
static void test_same_shape_drawn_once(void)
{
    static const char text[] =
        "pack p \"P\" {\n"
        "    tile a \"A\" { square { N city; E road; S field; W road; } city c { sides N; }\n"
        "        road r { sides W, E; } field f1 { sides EL, WR; touches c; } field f2 { sides ER, S, WL; } }\n"
        "    tile b \"B\" { square { N city; E road; S field; W road; } city c { sides N; }\n"
        "        road r { sides W, E; } field f1 { sides EL, WR; touches c; } field f2 { sides ER, S, WL; } }\n"
        "    tile c \"C\" { square { N city; E road; S field; W road; } city c { sides N; arms 1; }\n"
        "        road r { sides W, E; } field f1 { sides EL, WR; touches c; } field f2 { sides ER, S, WL; } }\n"
        "}\n";
    test_build b;
    test_build_text_drawn(&b, "same.tiles", text);
    if (!b.ok)
        fprintf(stderr, "%s", b.output);
    CU_ASSERT_FATAL(b.ok && b.set.n_tiles == 3);
    wu_art a = wu_tile_art(&b.set, 0), bb = wu_tile_art(&b.set, 1), c = wu_tile_art(&b.set, 2);
    CU_ASSERT_FATAL(a.n > 0 && a.n == bb.n);
    CU_ASSERT(memcmp(a.paths, bb.paths, a.n * sizeof *a.paths) == 0); /* the same rows, the same path data */
    bool arms = false;
    for (size_t i = 0; i < c.n; i++)
        arms |= c.paths[i].role == WH_PATH_ARMS;
    CU_ASSERT(arms);
    CU_ASSERT(c.n == a.n + 1);
    test_build_free(&b);
}

bool register_shape_tests(void)
{
    static const test_case cases[] = {
        {"paths are smooth, not staircases", test_paths_are_smooth},
        {"a road or river divides the fields beside it", test_roads_divide_fields},
        {"roads and rivers stay on their tile", test_lines_stay_on_the_tile},
        {"two cities on one tile are drawn as two", test_two_cities_are_two},
        {"labels never overlap", test_labels_do_not_overlap},
        {"a figure stands on its feature", test_figures_stand_on_their_feature},
        {"each tile keeps its own drawing, each shape drawn once", test_drawn_once_each_its_own},
        {"two tiles of one shape share a drawing", test_same_shape_drawn_once},
        {NULL, NULL},
    };
    return register_suite("tile drawings", cases);
}
