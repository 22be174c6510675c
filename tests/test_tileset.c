/*
** test_tileset.c -- the base game and Inns & Cathedrals as compiled, against
** shared/reference/base-tiles.md, plus invariants every compiled tile keeps.
*/
#include "suites.h"
#include "support.h"
#include "../runtime/tileset.h"

#include <stdlib.h>
#include <string.h>

static uint32_t pack_index(const wh_tileset_t *set, const char *id)
{
    for (uint32_t p = 0; p < set->n_packs; p++)
        if (!strcmp(set->strings + set->packs[p].id, id))
            return p;
    CU_FAIL_FATAL("no such pack");
    return 0;
}

/* Reference 2.1: letter, copies, coats of arms per copy, monastery. */
static const struct { char letter; int count, arms, monastery; } base_tiles[] = {
    {'A', 2, 0, 1}, {'B', 4, 0, 1}, {'C', 1, 1, 0}, {'D', 4, 0, 0}, {'E', 5, 0, 0}, {'F', 2, 1, 0},
    {'G', 1, 0, 0}, {'H', 3, 0, 0}, {'I', 2, 0, 0}, {'J', 3, 0, 0}, {'K', 3, 0, 0}, {'L', 3, 0, 0},
    {'M', 2, 1, 0}, {'N', 3, 0, 0}, {'O', 2, 1, 0}, {'P', 3, 0, 0}, {'Q', 1, 1, 0}, {'R', 3, 0, 0},
    {'S', 2, 1, 0}, {'T', 1, 0, 0}, {'U', 8, 0, 0}, {'V', 9, 0, 0}, {'W', 4, 0, 0}, {'X', 1, 0, 0},
};

/* Features of a kind on a tile. */
static int kind_count(const wh_tileset_t *set, const wh_tile_t *tile, int kind)
{
    int n = 0;
    for (uint32_t f = 0; f < tile->n_features; f++)
        n += set->features[tile->first_feature + f].kind == kind;
    return n;
}

/* Reference 2.3: one copy each of E, H, I, M, N, R, U and V shows a garden;
** it is a tile of its own (L_garden), the same but for the garden. */
static void test_base_gardens(void)
{
    test_build b;
    test_build_project(&b);
    int gardens = 0;
    for (size_t i = 0; i < sizeof base_tiles / sizeof *base_tiles; i++) {
        char id[24];
        snprintf(id, sizeof id, "base.%c_garden", base_tiles[i].letter);
        int t = wh_tile_find(&b.set, id);
        if (t < 0)
            continue;
        snprintf(id, sizeof id, "base.%c", base_tiles[i].letter);
        const wh_tile_t *garden = &b.set.tiles[t], *plain = &b.set.tiles[test_tile(&b.set, id)];
        gardens += garden->count;
        CU_ASSERT_EQUAL(garden->count, 1);
        CU_ASSERT_EQUAL(kind_count(&b.set, garden, WH_KIND_GARDEN), 1);
        CU_ASSERT_EQUAL(kind_count(&b.set, plain, WH_KIND_GARDEN), 0);
        CU_ASSERT_EQUAL(garden->n_features, plain->n_features + 1);
        CU_ASSERT_EQUAL(b.set.squares[garden->first_square].edges[0], b.set.squares[plain->first_square].edges[0]);
    }
    CU_ASSERT_EQUAL(gardens, 8);
    test_build_free(&b);
}

static void test_base_game(void)
{
    test_build b;
    test_build_project(&b);
    uint32_t p = pack_index(&b.set, "base");
    CU_ASSERT_EQUAL(b.set.packs[p].n_tiles, 24 + 8); /* reference 2.1 and 2.3 */
    CU_ASSERT_EQUAL(wh_pack_copies(&b.set, p), 72);
    int arms = 0;
    for (size_t i = 0; i < sizeof base_tiles / sizeof *base_tiles; i++) {
        char id[24];
        snprintf(id, sizeof id, "base.%c", base_tiles[i].letter);
        int t = test_tile(&b.set, id);
        if (t < 0)
            continue;
        const wh_tile_t *tile = &b.set.tiles[t];
        snprintf(id, sizeof id, "base.%c_garden", base_tiles[i].letter);
        int g = wh_tile_find(&b.set, id);
        CU_ASSERT_EQUAL(tile->count + (g >= 0 ? b.set.tiles[g].count : 0), base_tiles[i].count);
        CU_ASSERT_EQUAL(tile->n_squares, 1);
        CU_ASSERT_EQUAL(tile->n_sides, 4);
        int tile_arms = 0, monasteries = 0;
        for (uint32_t f = 0; f < tile->n_features; f++) {
            tile_arms += b.set.features[tile->first_feature + f].arms;
            monasteries += b.set.features[tile->first_feature + f].kind == WH_KIND_MONASTERY;
        }
        CU_ASSERT_EQUAL(tile_arms, base_tiles[i].arms);
        CU_ASSERT_EQUAL(monasteries, base_tiles[i].monastery);
        arms += tile_arms * base_tiles[i].count;
    }
    CU_ASSERT_EQUAL(arms, 10);
    test_build_free(&b);
}

/* The start tile is a D (reference 2.1): city N, road W-E.  A pack has at
** most one start tile (the River brings its spring); the set's is base's. */
static void test_start_tile(void)
{
    test_build b;
    test_build_project(&b);
    for (uint32_t k = 0; k < b.set.n_packs; k++) {
        int starts = 0;
        for (uint32_t t = 0; t < b.set.n_tiles; t++)
            starts += b.set.tiles[t].pack == k && (b.set.tiles[t].flags & WH_TILE_FLAG_START);
        CU_ASSERT(starts <= 1);
        int own = wh_pack_start_tile(&b.set, k);
        CU_ASSERT_EQUAL(own >= 0, starts == 1);
        CU_ASSERT(own < 0 || b.set.tiles[own].pack == k);
    }
    int start = wh_tile_find(&b.set, "base.D");
    CU_ASSERT_EQUAL(wh_start_tile(&b.set), start);
    CU_ASSERT_EQUAL(wh_pack_start_tile(&b.set, b.set.tiles[start].pack), start);
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)start, 0, 0, WH_DIR_N), WH_EDGE_CITY);
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)start, 0, 0, WH_DIR_E), WH_EDGE_ROAD);
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)start, 0, 0, WH_DIR_S), WH_EDGE_FIELD);
    CU_ASSERT_EQUAL(wh_square_edge(&b.set, (uint32_t)start, 0, 0, WH_DIR_W), WH_EDGE_ROAD);
    /* the strip between city and road is {EL, WR} and touches the city */
    const wh_side_t *e = wh_square_side(&b.set, (uint32_t)start, 0, 0, WH_DIR_E);
    const wh_side_t *w = wh_square_side(&b.set, (uint32_t)start, 0, 0, WH_DIR_W);
    CU_ASSERT_EQUAL(e->feature[WH_SLOT_L], w->feature[WH_SLOT_R]);
    CU_ASSERT_NOT_EQUAL(e->feature[WH_SLOT_L], e->feature[WH_SLOT_R]);
    CU_ASSERT_EQUAL(e->feature[WH_SLOT_M], w->feature[WH_SLOT_M]);
    test_build_free(&b);
}

static void test_inns_and_cathedrals(void)
{
    test_build b;
    test_build_project(&b);
    uint32_t p = pack_index(&b.set, "inns_cathedrals");
    CU_ASSERT_EQUAL(b.set.packs[p].n_tiles, 17);
    CU_ASSERT_EQUAL(wh_pack_copies(&b.set, p), 18);
    /* H: "central field reaches no edge", touching the four caps */
    int h = test_tile(&b.set, "inns_cathedrals.H");
    const wh_tile_t *t = &b.set.tiles[h];
    int enclosed = -1;
    for (uint32_t f = 0; f < t->n_features; f++)
        if (b.set.features[t->first_feature + f].kind == WH_KIND_FIELD)
            enclosed = (int)f;
    CU_ASSERT_FATAL(enclosed >= 0);
    CU_ASSERT_EQUAL(b.set.features[t->first_feature + (uint32_t)enclosed].n_touches, 4);
    CU_ASSERT_EQUAL(b.set.features[t->first_feature + (uint32_t)enclosed].n_squares, 1);
    for (uint32_t k = 0; k < t->n_sides; k++)
        for (int s = 0; s < 3; s++)
            CU_ASSERT_NOT_EQUAL(b.set.sides[t->first_side + k].feature[s], (uint8_t)enclosed);
    /* inns and cathedrals mark their road and city; the rules decide what they do */
    int k = test_tile(&b.set, "inns_cathedrals.K");
    CU_ASSERT_EQUAL(b.set.tiles[k].count, 2);
    CU_ASSERT_EQUAL(b.set.tiles[k].n_features, 1);
    CU_ASSERT_EQUAL(b.set.features[b.set.tiles[k].first_feature].marks, WH_MARK_CATHEDRAL);
    uint32_t inns = 0, cathedrals = 0, pk = pack_index(&b.set, "inns_cathedrals");
    for (uint32_t i = b.set.packs[pk].first_tile; i < b.set.packs[pk].first_tile + b.set.packs[pk].n_tiles; i++)
        for (uint32_t f = 0; f < b.set.tiles[i].n_features; f++) {
            const wh_feature_t *ft = &b.set.features[b.set.tiles[i].first_feature + f];
            inns += (ft->marks & WH_MARK_INN) ? b.set.tiles[i].count : 0;
            cathedrals += (ft->marks & WH_MARK_CATHEDRAL) ? b.set.tiles[i].count : 0;
            CU_ASSERT(!(ft->marks & WH_MARK_INN) || ft->kind == WH_KIND_ROAD);
            CU_ASSERT(!(ft->marks & WH_MARK_CATHEDRAL) || ft->kind == WH_KIND_CITY);
        }
    CU_ASSERT_EQUAL(inns, 6);       /* reference 3.1: "inns 6 (A, B, C, L, M, N)" */
    CU_ASSERT_EQUAL(cathedrals, 2); /* "cathedrals 2 (K x2)" */
    test_build_free(&b);
}

/* The recommended game: "at least 90 tiles" = base + Inns & Cathedrals. */
static void test_recommended_tile_count(void)
{
    test_build b;
    test_build_project(&b);
    uint32_t land = wh_pack_copies(&b.set, pack_index(&b.set, "base")) +
                    wh_pack_copies(&b.set, pack_index(&b.set, "inns_cathedrals"));
    CU_ASSERT_EQUAL(land, 90);
    test_build_free(&b);
}

/* What the runtime relies on, for every tile of every pack. */
static void test_invariants_of_every_tile(void)
{
    test_build b;
    test_build_project(&b);
    for (uint32_t t = 0; t < b.set.n_tiles; t++) {
        const wh_tile_t *tile = &b.set.tiles[t];
        int open[WH_MAX_FEATURES] = {0};
        bool river = false;
        for (uint32_t k = 0; k < tile->n_sides; k++) {
            const wh_side_t *s = &b.set.sides[tile->first_side + k];
            const wh_square_t *sq = &b.set.squares[tile->first_square + s->square];
            CU_ASSERT_EQUAL(sq->side[s->dir], k); /* square and side agree */
            /* a river side: its square's river bit, packed as a road, read back as a river */
            CU_ASSERT_EQUAL((sq->river >> s->dir) & 1u, s->edge == WH_EDGE_RIVER);
            CU_ASSERT_EQUAL((sq->edges[0] >> (2 * s->dir)) & 3u, wh_edge_code(s->edge));
            CU_ASSERT_EQUAL(wh_square_edge(&b.set, t, s->square, 0, (wh_dir_t)s->dir), s->edge);
            river |= s->edge == WH_EDGE_RIVER;
            for (int sl = 0; sl < 3; sl++) {
                bool line = s->edge == WH_EDGE_ROAD || s->edge == WH_EDGE_RIVER;
                bool used = line || (s->edge == WH_EDGE_CITY) == (sl == WH_SLOT_M);
                CU_ASSERT_EQUAL(s->feature[sl] != WH_NONE, used);
                if (s->feature[sl] == WH_NONE)
                    continue;
                const wh_feature_t *f = &b.set.features[tile->first_feature + s->feature[sl]];
                int want = sl != WH_SLOT_M ? WH_KIND_FIELD
                         : s->edge == WH_EDGE_CITY ? WH_KIND_CITY : s->edge == WH_EDGE_RIVER ? WH_KIND_RIVER : WH_KIND_ROAD;
                CU_ASSERT_EQUAL(f->kind, want);
                CU_ASSERT_TRUE(f->squares & (1u << s->square));
                if (sl == WH_SLOT_M)
                    open[s->feature[sl]]++;
            }
        }
        CU_ASSERT_EQUAL((tile->flags & WH_TILE_FLAG_RIVER) != 0, river);
        for (uint32_t f = 0; f < tile->n_features; f++) {
            const wh_feature_t *ft = &b.set.features[tile->first_feature + f];
            CU_ASSERT_EQUAL(ft->n_squares, __builtin_popcount(ft->squares));
            CU_ASSERT_TRUE(ft->n_squares >= 1);
            CU_ASSERT_EQUAL(ft->open, open[f]);
            CU_ASSERT_EQUAL(ft->n_touches, __builtin_popcount(ft->touches));
            for (uint32_t j = 0; j < tile->n_features; j++)
                if (ft->touches & (1u << j)) {
                    int k = b.set.features[tile->first_feature + j].kind;
                    CU_ASSERT(k == WH_KIND_CITY || k == WH_KIND_AREA);
                }
        }
    }
    test_build_free(&b);
}

/* The wonders come from the tables, in file order: every wonder tile once and
** nothing else, so a wonder added to a tile file is found without a list to
** update.  The eight of the two published sets are among them, in order. */
static void test_wonders_of_a_set(void)
{
    static const char *const published[] = {
        "wonders_set1.stonehenge", "wonders_set1.notre_dame", "wonders_set1.circus_maximus",
        "wonders_set1.alhambra",   "wonders_set2.abu_simbel", "wonders_set2.tikal",
        "wonders_set2.angkor_wat", "wonders_set2.terracotta_army",
    };
    test_build b;
    test_build_project(&b);
    uint16_t *ids = calloc(b.set.n_tiles + 1, sizeof *ids);
    CU_ASSERT_FATAL(ids != NULL);
    size_t n = wh_tile_wonders(&b.set, ids, b.set.n_tiles);
    CU_ASSERT_FATAL(n >= 8 && n <= b.set.n_tiles);
    size_t next = 0, k = 0;
    for (uint32_t t = 0; t < b.set.n_tiles; t++) {
        if (b.set.tiles[t].kind != WH_TILE_WONDER)
            continue;
        CU_ASSERT_EQUAL(ids[k], t); /* every wonder, in tile order */
        k++;
        if (next < 8 && !strcmp(wh_string(&b.set, b.set.tiles[t].id), published[next]))
            next++;
    }
    CU_ASSERT_EQUAL(k, n);
    CU_ASSERT_EQUAL(next, 8);
    uint16_t few[3] = {0, 0, 0};
    CU_ASSERT_EQUAL(wh_tile_wonders(&b.set, few, 2), n); /* the count, though only 2 fit */
    CU_ASSERT_EQUAL(few[1], ids[1]);
    CU_ASSERT_EQUAL(few[2], 0);
    free(ids);
    test_build_free(&b);

    uint16_t three[16];
    const char *paths[] = {"match.tiles"};
    test_build_files(&b, paths, 1);
    CU_ASSERT_FATAL(b.ok);
    CU_ASSERT_EQUAL_FATAL(wh_tile_wonders(&b.set, three, 16), 3);
    CU_ASSERT_EQUAL(three[0], test_tile(&b.set, "m.walled"));
    CU_ASSERT_EQUAL(three[2], test_tile(&b.set, "m.surveyor"));
    test_build_free(&b);
}

bool register_tileset_tests(void)
{
    static const test_case cases[] = {
        {"base game: 72 tiles in 24 kinds", test_base_game},
        {"base game: 8 garden copies", test_base_gardens},
        {"the start tile", test_start_tile},
        {"Inns & Cathedrals: 18 tiles", test_inns_and_cathedrals},
        {"recommended game has 90 land tiles", test_recommended_tile_count},
        {"invariants of every tile", test_invariants_of_every_tile},
        {"the wonders of a tile set", test_wonders_of_a_set},
        {NULL, NULL},
    };
    return register_suite("tile sets", cases);
}
