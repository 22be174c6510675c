/*
** test_rotation.c -- the four precomputed rotations of every footprint,
** multi-square wonders above all.
*/
#include "suites.h"
#include "support.h"
#include "../runtime/tileset.h"

static bool occupied(const wh_tileset_t *set, const wh_tile_t *t, int r, int x, int y, uint32_t *who)
{
    for (uint32_t i = 0; i < t->n_squares; i++) {
        const wh_square_t *s = &set->squares[t->first_square + i];
        if (s->dx[r] == x && s->dy[r] == y) {
            *who = i;
            return true;
        }
    }
    return false;
}

static void test_offsets_turn_clockwise(void)
{
    test_build b;
    test_build_project(&b);
    for (uint32_t t = 0; t < b.set.n_tiles; t++) {
        const wh_tile_t *tile = &b.set.tiles[t];
        const wh_square_t *s0 = &b.set.squares[tile->first_square];
        for (uint32_t i = 0; i < tile->n_squares; i++) {
            const wh_square_t *s = &b.set.squares[tile->first_square + i];
            int x = s->x - s0->x, y = s->y - s0->y;
            for (int r = 0; r < 4; r++) {
                CU_ASSERT_EQUAL(s->dx[r], x);
                CU_ASSERT_EQUAL(s->dy[r], y);
                int nx = -y, ny = x; /* a quarter turn clockwise, y pointing south */
                x = nx;
                y = ny;
            }
            CU_ASSERT_EQUAL(x, s->x - s0->x); /* four turns are the identity */
            CU_ASSERT_EQUAL(y, s->y - s0->y);
        }
        for (int r = 0; r < 4; r++) { /* square 0 is the placement anchor */
            CU_ASSERT_EQUAL(s0->dx[r], 0);
            CU_ASSERT_EQUAL(s0->dy[r], 0);
        }
    }
    test_build_free(&b);
}

/* In every rotation, a side is internal exactly when another square of the
** tile lies beyond it, and it shows the edge its rotation-0 side had. */
static void test_edges_follow_the_turn(void)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    test_build b;
    test_build_project(&b);
    for (uint32_t t = 0; t < b.set.n_tiles; t++) {
        const wh_tile_t *tile = &b.set.tiles[t];
        for (int r = 0; r < 4; r++)
            for (uint32_t i = 0; i < tile->n_squares; i++) {
                const wh_square_t *s = &b.set.squares[tile->first_square + i];
                for (int d = 0; d < 4; d++) {
                    uint32_t other;
                    bool inside = occupied(&b.set, tile, r, s->dx[r] + dx[d], s->dy[r] + dy[d], &other);
                    wh_edge_t e = wh_square_edge(&b.set, t, i, r, (wh_dir_t)d);
                    CU_ASSERT_EQUAL(e == WH_EDGE_NONE, inside);
                    CU_ASSERT_EQUAL(e, wh_square_edge(&b.set, t, i, 0, (wh_dir_t)((d - r) & 3)));
                    const wh_side_t *side = wh_square_side(&b.set, t, i, r, (wh_dir_t)d);
                    CU_ASSERT_EQUAL(side == NULL, inside);
                    if (side) {
                        CU_ASSERT_EQUAL((side->dir + r) & 3, d);
                        CU_ASSERT_EQUAL(side->edge, e);
                    }
                }
            }
    }
    test_build_free(&b);
}

/* Abu Simbel is a row of five: a quarter turn makes it a column. */
static void test_abu_simbel_stands_up(void)
{
    test_build b;
    test_build_project(&b);
    int t = test_tile(&b.set, "wonders_set2.abu_simbel");
    const wh_tile_t *tile = &b.set.tiles[t];
    for (uint32_t i = 0; i < 5; i++) {
        const wh_square_t *s = &b.set.squares[tile->first_square + i];
        CU_ASSERT_EQUAL(s->dx[0], (int)i);
        CU_ASSERT_EQUAL(s->dy[0], 0);
        CU_ASSERT_EQUAL(s->dx[1], 0);
        CU_ASSERT_EQUAL(s->dy[1], (int)i);
        CU_ASSERT_EQUAL(s->dx[2], -(int)i);
        CU_ASSERT_EQUAL(s->dy[3], -(int)i);
    }
    /* the left city (s0:W) faces north after a quarter turn */
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)t, 0, 1, WH_DIR_N), WH_EDGE_CITY);
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)t, 0, 1, WH_DIR_W), WH_EDGE_FIELD);
    test_build_free(&b);
}

/* Stonehenge (tl tc tr / bc br) turned half way round. */
static void test_stonehenge_half_turn(void)
{
    static const int want[5][2] = {{0, 0}, {-1, 0}, {-2, 0}, {-1, -1}, {-2, -1}};
    test_build b;
    test_build_project(&b);
    int t = test_tile(&b.set, "wonders_set1.stonehenge");
    const wh_tile_t *tile = &b.set.tiles[t];
    for (uint32_t i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(b.set.squares[tile->first_square + i].dx[2], want[i][0]);
        CU_ASSERT_EQUAL(b.set.squares[tile->first_square + i].dy[2], want[i][1]);
    }
    /* tr's city side (N at rotation 0) faces south after half a turn */
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)t, 2, 2, WH_DIR_S), WH_EDGE_CITY);
    test_build_free(&b);
}

bool register_rotation_tests(void)
{
    static const test_case cases[] = {
        {"offsets turn clockwise", test_offsets_turn_clockwise},
        {"edges follow the turn", test_edges_follow_the_turn},
        {"Abu Simbel stands up", test_abu_simbel_stands_up},
        {"Stonehenge half turn", test_stonehenge_half_turn},
        {NULL, NULL},
    };
    return register_suite("rotation", cases);
}
