/*
** test_random_games.c -- thousands of random legal games, checking the
** invariants of the rules every turn and at the end of every game.
**
** WH_TEST_GAMES sets the number of base-game games (default 1000; the
** valgrind run of `make check` uses fewer); a quarter as many are played
** with 4 players, Inns & Cathedrals and the 8 wonders as land tiles.
*/
#include "game_support.h"
#include "suites.h"
#include "tiles.h"
#include "../runtime/playout.h"

#include <stdlib.h>
#include <string.h>

static int games_wanted(void)
{
    return test_run_games();
}

typedef struct checker {
    const wh_game_t *g;
    int bad;
    int lines_checked; /* events of a line-counting effect (Terracotta Army) */
    int fields_scored; /* field events, each recounted (field_recount) */
} checker;

/* ---- fields recounted without the code that scored them ------------------
** The scoring joins features in a union-find and counts a field's cities
** through it; a check that trusted the event's own count would pass a field
** counting a city twice.  So a field is rebuilt here from the board alone: a
** flood fill across tile sides (wh_game_feature_at names the feature on each
** segment of a side, and the segment facing it on the neighbour: my left half
** meets their right half) gathers its parts; each part's table entry says
** which of its tile's features it touches; a touched city is complete when
** its own flood fill meets no empty square; two touched parts are one city
** when their floods agree (the smallest part stands for it); and the farmers
** are counted from the figures on the board, a large meeple as 2. */

static const int side_dx[4] = {0, 1, 0, -1}, side_dy[4] = {-1, 0, 1, 0};

/* Marks in in[] every part of the feature holding node `start`; true when
** one of its segments faces an empty square (it is open). */
static bool flood(const wh_game_t *g, int start, uint8_t *in)
{
    static uint16_t stack[WH_MAX_NODES]; /* each part is pushed once */
    size_t top = 0;
    bool open = false;
    memset(in, 0, g->n_nodes);
    in[start] = 1;
    stack[top++] = (uint16_t)start;
    while (top) {
        int n = stack[--top];
        const wh_placed_t *p = wh_game_tile_at_index(g, g->node_placed[n]);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        for (uint32_t s = 0; s < t->n_squares; s++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + s];
            int x = p->x + sq->dx[p->rotation], y = p->y + sq->dy[p->rotation];
            for (int d = 0; d < 4; d++)
                for (int k = 0; k < WH_N_SLOTS; k++) {
                    if (wh_game_feature_at(g, x, y, (wh_dir_t)d, (wh_slot_t)k) != n)
                        continue;
                    int other = wh_game_tile_on(g, x + side_dx[d], y + side_dy[d], NULL);
                    if (other < 0) {
                        open = true;
                        continue;
                    }
                    if (other == g->node_placed[n]) /* a side inside a wonder */
                        continue;
                    int m = wh_game_feature_at(g, x + side_dx[d], y + side_dy[d], (wh_dir_t)((d + 2) & 3),
                                               (wh_slot_t)(WH_N_SLOTS - 1 - k));
                    if (m >= 0 && !in[m]) {
                        in[m] = 1;
                        stack[top++] = (uint16_t)m;
                    }
                }
        }
    }
    return open;
}

/* The completed cities the field holding node `field` touches, each once;
** farmers[] gets each player's strength on it.  in_field[] keeps its parts. */
static int field_recount(const wh_game_t *g, int field, uint8_t *in_field, uint8_t farmers[WH_MAX_PLAYERS])
{
    static uint8_t in_city[WH_MAX_NODES], city_counted[WH_MAX_NODES];
    flood(g, field, in_field);
    memset(city_counted, 0, g->n_nodes);
    int cities = 0;
    for (int n = 0; n < g->n_nodes; n++) {
        if (!in_field[n])
            continue;
        const wh_tile_t *t = &g->set->tiles[wh_game_tile_at_index(g, g->node_placed[n])->tile];
        const wh_feature_t *f = &g->set->features[t->first_feature + g->node_local[n]];
        for (uint32_t bits = f->touches; bits; bits &= bits - 1) {
            uint8_t local = (uint8_t)__builtin_ctz(bits);
            if (g->set->features[t->first_feature + local].kind != WH_KIND_CITY)
                continue;
            int city = wh_game_feature_of(g, g->node_placed[n], local);
            if (flood(g, city, in_city))
                continue; /* incomplete: "Incomplete cities give nothing" */
            int first = 0;
            while (!in_city[first])
                first++;
            cities += !city_counted[first];
            city_counted[first] = 1;
        }
    }
    memset(farmers, 0, WH_MAX_PLAYERS);
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (in_field[g->meeple[i].node])
            farmers[g->meeple[i].player] += g->meeple[i].figure == WH_FIGURE_LARGE ? 2 : 1;
    return cities;
}

/* A city's squares (each square once, however many of its parts lie on it)
** and coats of arms, summed over the parts its flood fill finds. */
static void city_recount(const wh_game_t *g, int city, int *squares, int *arms)
{
    static uint8_t in_city[WH_MAX_NODES];
    uint16_t seen[WH_MAX_PLACED];
    memset(seen, 0, sizeof seen);
    flood(g, city, in_city);
    *squares = *arms = 0;
    for (int n = 0; n < g->n_nodes; n++) {
        if (!in_city[n])
            continue;
        const wh_tile_t *t = &g->set->tiles[wh_game_tile_at_index(g, g->node_placed[n])->tile];
        const wh_feature_t *f = &g->set->features[t->first_feature + g->node_local[n]];
        *squares += __builtin_popcount((unsigned)(f->squares & ~seen[g->node_placed[n]]));
        seen[g->node_placed[n]] |= f->squares;
        *arms += f->arms;
    }
}

/* How many fields have farmers: each should have one event at the end. */
static int fields_with_farmers(const wh_game_t *g)
{
    static uint8_t in_field[WH_MAX_NODES], counted[WH_MAX_NODES];
    memset(counted, 0, g->n_nodes);
    int fields = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        int n = g->meeple[i].node;
        const wh_tile_t *t = &g->set->tiles[wh_game_tile_at_index(g, g->node_placed[n])->tile];
        if (counted[n] || g->set->features[t->first_feature + g->node_local[n]].kind != WH_KIND_FIELD)
            continue;
        flood(g, n, in_field);
        for (int m = 0; m < g->n_nodes; m++)
            counted[m] |= in_field[m];
        fields++;
    }
    return fields;
}

/* A wonder's event pays one player, within the score limit, at one of the
** events its effect handles. */
static bool wonder_event_ok(const wh_game_t *g, const wh_score_event_t *e)
{
    if (e->wonder >= g->set->n_tiles || !g->set->tiles[e->wonder].effect || __builtin_popcount(e->winners) != 1 ||
        e->points > WH_SCORE_LIMIT || e->points < -WH_SCORE_LIMIT)
        return false;
    const wh_effect_t *fx = &g->set->effects[g->set->tiles[e->wonder].effect - 1];
    for (uint32_t h = 0; h < fx->n_handlers; h++)
        if (g->set->handlers[fx->first_handler + h].event == e->squares)
            return true;
    return false;
}

/* Whether effect fx pays `unit` x lines(run) at the end (the Terracotta
** Army's shape: score K * lines(R)), read from its tree. */
static bool lines_effect(const wh_tileset_t *set, const wh_effect_t *fx, int *unit, int *run)
{
    if (fx->n_handlers != 1 || set->handlers[fx->first_handler].event != WH_EVENT_GAME_END)
        return false;
    const wh_expr_t *s = &set->exprs[set->handlers[fx->first_handler].body];
    if (s->op != WH_OP_SCORE || set->exprs[s->a].op != WH_OP_MUL)
        return false;
    const wh_expr_t *k = &set->exprs[set->exprs[s->a].a], *l = &set->exprs[set->exprs[s->a].b];
    if (k->op != WH_OP_CONST || l->op != WH_OP_LINES)
        return false;
    *unit = k->k;
    *run = l->k;
    return true;
}

/* Rows and columns with `run` or more consecutive occupied squares,
** recounted the slow way: every line of the board's bounding box scanned. */
static int lines_recounted(const wh_game_t *g, int run)
{
    int minx = 0, maxx = 0, miny = 0, maxy = 0, square;
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        for (uint32_t s = 0; s < t->n_squares; s++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + s];
            int x = p->x + sq->dx[p->rotation], y = p->y + sq->dy[p->rotation];
            minx = x < minx ? x : minx, maxx = x > maxx ? x : maxx;
            miny = y < miny ? y : miny, maxy = y > maxy ? y : maxy;
        }
    }
    int lines = 0;
    for (int axis = 0; axis < 2; axis++) { /* rows, then columns */
        int lo = axis ? minx : miny, hi = axis ? maxx : maxy, from = axis ? miny : minx, to = axis ? maxy : maxx;
        for (int line = lo; line <= hi; line++) {
            int length = 0, best = 0;
            for (int i = from; i <= to; i++) {
                length = wh_game_tile_on(g, axis ? line : i, axis ? i : line, &square) >= 0 ? length + 1 : 0;
                best = length > best ? length : best;
            }
            lines += best >= run;
        }
    }
    return lines;
}

/* Every score event pays the majority, by the rules' formula. */
static void check_event(void *ctx, const wh_score_event_t *e)
{
    checker *chk = ctx;
    int *bad = &chk->bad;
    if (e->reason == WH_REASON_WONDER) {
        if (!wonder_event_ok(chk->g, e))
            (*bad)++;
        const wh_effect_t *fx = &chk->g->set->effects[chk->g->set->tiles[e->wonder].effect - 1];
        int unit, run;
        if (lines_effect(chk->g->set, fx, &unit, &run)) {
            chk->lines_checked++;
            if (e->points != unit * lines_recounted(chk->g, run))
                (*bad)++;
        }
        return;
    }
    /* a field's farmers and cities come from the recount, not the event */
    uint8_t farmers[WH_MAX_PLAYERS];
    const uint8_t *meeples = e->meeples;
    int cities = -1;
    if (e->reason == WH_REASON_FIELD_END) {
        static uint8_t in_field[WH_MAX_NODES];
        cities = field_recount(chk->g, e->feature, in_field, farmers);
        meeples = farmers;
        chk->fields_scored++;
    }
    /* a city's squares and coats of arms too (features joined across tiles) */
    int city_squares = 0, city_arms = 0;
    if (e->reason == WH_REASON_CITY || e->reason == WH_REASON_CITY_END)
        city_recount(chk->g, e->feature, &city_squares, &city_arms);
    uint8_t most = 0, winners = 0;
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if (meeples[p] > most)
            most = meeples[p];
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if (most && meeples[p] == most)
            winners |= (uint8_t)(1u << p);
    int want;
    switch (e->reason) {
    case WH_REASON_ROAD: want = e->squares; break;
    case WH_REASON_CITY: want = 2 * (city_squares + city_arms); break;
    case WH_REASON_MONASTERY: want = 9; break;
    case WH_REASON_ROAD_END: want = e->squares; break;
    case WH_REASON_CITY_END: want = city_squares + city_arms; break;
    case WH_REASON_MONASTERY_END: want = e->squares; break; /* 1 + neighbours */
    case WH_REASON_FIELD_END: want = 3 * cities; break; /* 3 a completed city, each once */
    default: want = -1; break;
    }
    if (winners != e->winners || want != e->points || most == 0 ||
        (e->reason == WH_REASON_MONASTERY_END && (e->squares < 1 || e->squares > 8)))
        (*bad)++;
}

static int meeples_everywhere(const wh_game_t *g)
{
    int n = g->n_meeples;
    for (int p = 0; p < g->n_players; p++)
        n += g->supply[p] + g->markers[p];
    return n;
}

/* Every side shared by two tiles shows the same edge type on both. */
static void check_sides_match(const wh_game_t *g)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int bad = 0;
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        for (uint32_t s = 0; s < t->n_squares; s++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + s];
            int x = p->x + sq->dx[p->rotation], y = p->y + sq->dy[p->rotation];
            for (int d = 0; d < 4; d++) {
                int other_square;
                int o = wh_game_tile_on(g, x + dx[d], y + dy[d], &other_square);
                if (o < 0 || (size_t)o == i)
                    continue;
                const wh_placed_t *q = wh_game_tile_at_index(g, (size_t)o);
                const wh_square_t *osq = &g->set->squares[g->set->tiles[q->tile].first_square + (uint32_t)other_square];
                unsigned mine = (sq->edges[p->rotation] >> (2 * d)) & 3u;
                unsigned theirs = (osq->edges[q->rotation] >> (2 * ((d + 2) & 3))) & 3u;
                bad += mine != theirs || mine == WH_EDGE_NONE;
            }
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* A feature's size is the number of distinct squares of its members,
** recounted here by scanning every feature on the board. */
static void check_feature_sizes(const wh_game_t *g, wh_rng_t *rng)
{
    int n_nodes = g->n_nodes;
    for (int k = 0; k < 12; k++) {
        int id = (int)wh_rng_below(rng, (uint32_t)n_nodes);
        uint16_t seen[WH_MAX_PLACED];
        memset(seen, 0, sizeof seen);
        int squares = 0;
        for (int n = 0; n < n_nodes; n++) {
            if (!wh_game_same_feature(g, n, id))
                continue;
            const wh_placed_t *p = wh_game_tile_at_index(g, g->node_placed[n]);
            uint16_t mask = g->set->features[g->set->tiles[p->tile].first_feature + g->node_local[n]].squares;
            squares += __builtin_popcount((unsigned)(mask & ~seen[g->node_placed[n]]));
            seen[g->node_placed[n]] |= mask;
        }
        wh_feature_info_t info;
        CU_ASSERT_TRUE(wh_game_feature(g, id, &info));
        CU_ASSERT_EQUAL(info.squares, squares);
        CU_ASSERT_TRUE(info.open >= 0);
    }
}

static void play_checked(wh_game_t *g, wh_bag_t *bag, wh_rng_t *rng, int *bad_events, int *lines_checked,
                         int *fields_scored)
{
    enum { CAP = 4096 };
    static wh_placement_t choice[CAP]; /* test-only scratch: the tests run one at a time */
    checker chk = {g, 0, 0, 0};
    wh_score_sink_t sink = {check_event, &chk};
    int total = meeples_everywhere(g);
    int before[WH_MAX_PLAYERS] = {0};
    for (uint32_t next = 0; next < bag->n; next++) {
        uint16_t tile = bag->tile[next];
        size_t n = wh_game_placements(g, tile, choice, CAP);
        CU_ASSERT_EQUAL(wh_game_can_place(g, tile), n > 0);
        if (n == 0)
            continue;
        if (n > CAP)
            n = CAP;
        for (int k = 0; k < 3; k++) { /* listed placements are legal */
            const wh_placement_t *c = &choice[wh_rng_below(rng, (uint32_t)n)];
            CU_ASSERT_EQUAL(wh_game_check_placement(g, tile, c->x, c->y, c->rotation), WH_OK);
        }
        const wh_placement_t *c = &choice[wh_rng_below(rng, (uint32_t)n)];
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, tile, c->x, c->y, c->rotation), WH_OK);
        for (int k = 0; k < 2; k++) {
            uint8_t options[WH_MAX_FEATURES];
            size_t m = wh_game_meeple_options(g, options, WH_MAX_FEATURES);
            uint32_t pick = wh_rng_below(rng, (uint32_t)m + 1);
            if (pick == m)
                break;
            CU_ASSERT_EQUAL(wh_game_place_meeple(g, options[pick]), WH_OK);
        }
        CU_ASSERT_EQUAL(wh_game_end_turn(g, &sink), WH_OK);
        CU_ASSERT_EQUAL(meeples_everywhere(g), total);
        for (int p = 0; p < g->n_players; p++) {
            CU_ASSERT_TRUE(wh_game_score(g, p) >= before[p]);
            before[p] = wh_game_score(g, p);
        }
    }
    check_sides_match(g);
    check_feature_sizes(g, rng);
    CU_ASSERT_EQUAL(wh_game_final_score(g, &sink), WH_OK);
    for (int p = 0; p < g->n_players; p++)
        CU_ASSERT_TRUE(wh_game_score(g, p) >= before[p]);
    CU_ASSERT_EQUAL(chk.fields_scored, fields_with_farmers(g)); /* every field with farmers, once */
    *bad_events += chk.bad;
    *lines_checked += chk.lines_checked;
    *fields_scored += chk.fields_scored;
}

static void play_many(const uint32_t *packs, size_t n_packs, int players, int games, uint64_t seed0, bool with_wonders)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    int bad_events = 0, lines_checked = 0, fields_scored = 0;
    long placed = 0;
    for (int i = 0; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, seed0 + (uint64_t)i);
        wh_game_config_t cfg = {.players = (uint8_t)players, .meeples = 7, .start_tile = -1};
        CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
        wh_bag_t bag;
        CU_ASSERT_EQUAL_FATAL(wh_bag_fill(&bag, &wh_tileset, packs, n_packs, WH_TILE_BASE_D), WH_OK);
        wh_bag_shuffle(&bag, &rng);
        play_checked(g, &bag, &rng, &bad_events, &lines_checked, &fields_scored);
        placed += (long)wh_game_tile_count(g);
    }
    CU_ASSERT_EQUAL(bad_events, 0);
    CU_ASSERT_TRUE(placed > (long)games * 50); /* games really were played */
    CU_ASSERT_TRUE(fields_scored > 0);          /* and fields really recounted */
    if (with_wonders) /* the Terracotta Army's end scoring was really compared */
        CU_ASSERT_TRUE(lines_checked > 0);
    free(g);
}

static void test_random_base_games(void)
{
    uint32_t packs[] = {WH_PACK_BASE};
    play_many(packs, 1, 2, games_wanted(), 1, false);
}

static void test_random_games_with_wonders(void)
{
    uint32_t packs[] = {WH_PACK_BASE, WH_PACK_INNS_CATHEDRALS, WH_PACK_WONDERS_SET1, WH_PACK_WONDERS_SET2};
    play_many(packs, 4, 4, games_wanted() / 4 + 1, 100000, true);
}

/* wh_play_random: the same seed plays the same game. */
static void test_playout_is_reproducible(void)
{
    uint32_t packs[] = {WH_PACK_BASE};
    int scores[2][2];
    for (int run = 0; run < 2; run++) {
        wh_game_t *g = malloc(sizeof *g);
        CU_ASSERT_FATAL(g != NULL);
        wh_rng_t rng;
        wh_rng_seed(&rng, 42);
        wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1};
        CU_ASSERT_EQUAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
        wh_bag_t bag;
        CU_ASSERT_EQUAL(wh_bag_fill(&bag, &wh_tileset, packs, 1, WH_TILE_BASE_D), WH_OK);
        CU_ASSERT_EQUAL(bag.n, 71);
        wh_bag_shuffle(&bag, &rng);
        wh_playout_stats_t stats;
        CU_ASSERT_EQUAL(wh_play_random(g, &bag, &rng, NULL, &stats), WH_OK);
        CU_ASSERT_EQUAL(stats.turns + stats.discarded, 71);
        CU_ASSERT_EQUAL(wh_game_phase(g), WH_PHASE_OVER);
        scores[run][0] = wh_game_score(g, 0);
        scores[run][1] = wh_game_score(g, 1);
        free(g);
    }
    CU_ASSERT_EQUAL(scores[0][0], scores[1][0]);
    CU_ASSERT_EQUAL(scores[0][1], scores[1][1]);
    CU_ASSERT_TRUE(scores[0][0] + scores[0][1] > 0);
}

/* A whole game's events, as a copy must reproduce them (event_log keeps 64). */
typedef struct game_events {
    wh_score_event_t e[512];
    size_t n;
} game_events;

static void keep_event(void *ctx, const wh_score_event_t *e)
{
    game_events *log = ctx;
    if (log->n < sizeof log->e / sizeof *log->e)
        log->e[log->n++] = *e;
}

/* Tiles [from, to) of the bag, placed and given meeples at random. */
static void play_turns(wh_game_t *g, const wh_bag_t *bag, uint32_t from, uint32_t to, wh_rng_t *rng,
                       const wh_score_sink_t *sink)
{
    static wh_placement_t choice[4096]; /* test-only scratch: the tests run one at a time */
    for (uint32_t next = from; next < to; next++) {
        size_t n = wh_game_placements(g, bag->tile[next], choice, 4096);
        if (n == 0)
            continue;
        const wh_placement_t *c = &choice[wh_rng_below(rng, (uint32_t)(n < 4096 ? n : 4096))];
        CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, bag->tile[next], c->x, c->y, c->rotation), WH_OK);
        uint8_t options[WH_MAX_FEATURES];
        size_t m = wh_game_meeple_options(g, options, WH_MAX_FEATURES);
        uint32_t pick = wh_rng_below(rng, (uint32_t)m + 1);
        if (pick < m)
            CU_ASSERT_EQUAL(wh_game_place_meeple(g, options[pick]), WH_OK);
        CU_ASSERT_EQUAL(wh_game_end_turn(g, sink), WH_OK);
    }
}

static uint32_t slots_in_use(const wh_game_t *g)
{
    uint32_t n = 0;
    for (uint32_t s = 0; s < WH_CELL_SLOTS; s++)
        n += g->cells[s].state != 0;
    return n;
}

/* wh_game_copy: a copy taken at any turn, into zeroed memory or over
** another game, plays on exactly like the original; and a restarted game
** keeps no cell of the game before. */
static void test_copies_play_on_like_the_original(void)
{
    uint32_t packs[] = {WH_PACK_BASE, WH_PACK_INNS_CATHEDRALS, WH_PACK_WONDERS_SET1, WH_PACK_WONDERS_SET2};
    wh_game_t *g = malloc(4 * sizeof *g);
    game_events *logs = malloc(3 * sizeof *logs);
    CU_ASSERT_FATAL(g != NULL && logs != NULL);
    wh_game_t *other = g + 3;
    int games = games_wanted() / 20 + 2, compared = 0;
    for (int i = 0; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, 7000 + (uint64_t)i);
        wh_game_config_t cfg = {.players = 3, .meeples = 7, .start_tile = -1};
        wh_bag_t bag;
        CU_ASSERT_EQUAL_FATAL(wh_bag_fill(&bag, &wh_tileset, packs, 4, WH_TILE_BASE_D), WH_OK);
        /* the game copied over: a whole different game */
        CU_ASSERT_EQUAL_FATAL(wh_game_init(other, &wh_tileset, &cfg), WH_OK);
        wh_bag_shuffle(&bag, &rng);
        play_turns(other, &bag, 0, bag.n, &rng, NULL);
        /* the original, stopped at a random turn */
        CU_ASSERT_EQUAL_FATAL(wh_game_init(&g[0], &wh_tileset, &cfg), WH_OK);
        wh_bag_shuffle(&bag, &rng);
        uint32_t cut = wh_rng_below(&rng, bag.n + 1);
        play_turns(&g[0], &bag, 0, cut, &rng, NULL);
        memset(&g[1], 0, sizeof g[1]);
        wh_game_copy(&g[1], &g[0]);
        g[2] = *other;
        wh_game_copy(&g[2], &g[0]);
        uint64_t seed = wh_rng_below(&rng, 1000000u);
        for (int k = 0; k < 3; k++) {
            CU_ASSERT_EQUAL(slots_in_use(&g[k]), g[k].n_cells);
            wh_rng_t same;
            wh_rng_seed(&same, seed);
            logs[k].n = 0;
            wh_score_sink_t sink = {keep_event, &logs[k]};
            play_turns(&g[k], &bag, cut, bag.n, &same, &sink);
            CU_ASSERT_EQUAL(wh_game_final_score(&g[k], &sink), WH_OK);
        }
        for (int k = 1; k < 3; k++) {
            CU_ASSERT_EQUAL(wh_game_tile_count(&g[k]), wh_game_tile_count(&g[0]));
            for (int p = 0; p < cfg.players; p++)
                TEST_POINTS(wh_game_score(&g[k], p), wh_game_score(&g[0], p));
            CU_ASSERT_EQUAL_FATAL(logs[k].n, logs[0].n);
            CU_ASSERT_EQUAL(memcmp(logs[k].e, logs[0].e, logs[0].n * sizeof *logs[0].e), 0);
        }
        compared += logs[0].n > 0;
        wh_game_restart(other);
        CU_ASSERT_EQUAL(slots_in_use(other), other->n_cells);
        CU_ASSERT_EQUAL(wh_game_tile_count(other), 1);
    }
    CU_ASSERT_TRUE(compared > 0); /* games really went on after the copies */
    free(g);
    free(logs);
}

/* The scores after the turn of game g (a tile just placed) ends with
** `option` (no figure for NULL), then after a final scoring, played out on
** the copy `trial`. */
static void played_out(wh_game_t *trial, const wh_game_t *g, const uint8_t *option, wh_outcome_t *o)
{
    wh_game_copy(trial, g);
    if (option)
        CU_ASSERT_EQUAL(wh_game_place_meeple(trial, *option), WH_OK);
    CU_ASSERT_EQUAL(wh_game_end_turn(trial, NULL), WH_OK);
    memcpy(o->turn_end, trial->score, sizeof o->turn_end);
    CU_ASSERT_EQUAL(wh_game_final_score(trial, NULL), WH_OK);
    memcpy(o->game_end, trial->score, sizeof o->game_end);
}

/* wh_game_outcomes gives the scores of playing every figure choice out on
** a copy -- with the turn ended, and with the game then scored to the end,
** from scratch or from the baseline of the position before the tile (a
** stale baseline, a turn old, is ignored) -- in random games with every
** pack, both expansions' rules (the abbot taken back among the choices)
** and the wonders as land tiles, whose effects may depend on figures.
** Invalid options are refused. */
static void test_outcomes_are_the_choices_played_out(void)
{
    uint32_t packs[] = {WH_PACK_BASE, WH_PACK_INNS_CATHEDRALS, WH_PACK_WONDERS_SET1, WH_PACK_WONDERS_SET2};
    enum { CAP = 4096 };
    static wh_placement_t choice[CAP]; /* test-only scratch: the tests run one at a time */
    enum { TURN_END, FROM_SCRATCH, FROM_BASE, FROM_STALE, WAYS };
    static wh_outcome_t fast[WAYS][WH_MAX_MEEPLE_OPTIONS + 1], slow;
    static wh_baseline_t base, stale;
    wh_game_t *g = malloc(4 * sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    memset(g, 0, 4 * sizeof *g);
    wh_game_t *used = g + 1, *scratch = g + 2, *trial = g + 3;
    int compared = 0, paying = 0, recalls = 0, wrong = 0;
    for (int i = 0, games = games_wanted() / 50 + 2; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, 9000 + (uint64_t)i);
        wh_game_config_t cfg = {.players = 4, .meeples = 7, .start_tile = -1,
                                .rules = WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS) | WH_RULE_BIT(WH_RULE_ABBOT)};
        CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
        wh_bag_t bag;
        CU_ASSERT_EQUAL_FATAL(wh_bag_fill(&bag, &wh_tileset, packs, 4, WH_TILE_BASE_D), WH_OK);
        wh_bag_shuffle(&bag, &rng);
        memset(&stale, 0, sizeof stale);
        for (uint32_t next = 0; next < bag.n; next++) {
            size_t n = wh_game_placements(g, bag.tile[next], choice, CAP);
            if (n == 0)
                continue;
            CU_ASSERT_EQUAL_FATAL(wh_game_baseline(g, scratch, &base), WH_OK);
            const wh_placement_t *c = &choice[wh_rng_below(&rng, (uint32_t)(n < CAP ? n : CAP))];
            CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, bag.tile[next], c->x, c->y, c->rotation), WH_OK);
            CU_ASSERT_EQUAL(wh_game_baseline(g, scratch, &stale), WH_ERR_PHASE);
            uint8_t options[WH_MAX_MEEPLE_OPTIONS];
            size_t m = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
            for (int way = 0; way < WAYS; way++) {
                const wh_baseline_t *from = way == FROM_BASE ? &base : way == FROM_STALE ? &stale : NULL;
                wh_game_copy(used, g);
                CU_ASSERT_EQUAL_FATAL(wh_game_outcomes(used, scratch, options, m, way != TURN_END, from, fast[way]), WH_OK);
            }
            for (size_t k = 0; k <= m; k++) {
                played_out(trial, g, k < m ? &options[k] : NULL, &slow);
                for (int way = 0; way < WAYS; way++) {
                    wrong += memcmp(slow.turn_end, fast[way][k].turn_end, sizeof slow.turn_end) != 0;
                    if (way != TURN_END)
                        wrong += memcmp(slow.game_end, fast[way][k].game_end, sizeof slow.game_end) != 0;
                }
                compared++;
                paying += k < m && slow.game_end[g->current] != fast[FROM_SCRATCH][m].game_end[g->current];
                recalls += k < m && options[k] == WH_OPTION_RECALL;
            }
            stale = base;
            uint8_t bad = WH_OPTION(WH_FIGURE_MEEPLE, 31); /* no tile has 32 features */
            CU_ASSERT_EQUAL(wh_game_outcomes(used, scratch, &bad, 1, true, NULL, fast[0]), WH_ERR_PHASE);
            wh_game_copy(used, g);
            CU_ASSERT_EQUAL(wh_game_outcomes(used, scratch, &bad, 1, true, NULL, fast[0]), WH_ERR_RANGE);
            CU_ASSERT_EQUAL(wh_game_phase(used), WH_PHASE_MEEPLE); /* refused: untouched */
            uint32_t pick = wh_rng_below(&rng, (uint32_t)m + 1);
            if (pick < m)
                CU_ASSERT_EQUAL(wh_game_place_meeple(g, options[pick]), WH_OK);
            CU_ASSERT_EQUAL(wh_game_end_turn(g, NULL), WH_OK);
        }
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_TRUE(compared > 0 && paying > 0 && recalls > 0); /* figures that score, and recalls */
    free(g);
}

/* wh_game_placement_random draws only legal placements, every one about
** equally often, and says false for a tile that fits nowhere: in random
** games of the River, base, Inns & Cathedrals and the wonders as land
** tiles (open river ends, river tiles, wonders of five squares), each
** turn's tile drawn 40 times a placement when it has at most 64 (each
** then drawn between a third and three times as often as the mean: a
** uniform draw falls below with odds under 1e-6 a placement), 64 times
** otherwise. */
static void test_a_random_placement_is_uniform(void)
{
    uint32_t packs[] = {WH_PACK_RIVER, WH_PACK_BASE, WH_PACK_INNS_CATHEDRALS, WH_PACK_WONDERS_SET1,
                        WH_PACK_WONDERS_SET2};
    enum { CAP = 4096, PER = 40 };
    static wh_placement_t list[CAP];
    static uint32_t drawn[CAP];
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    int illegal = 0, skewed = 0, turns = 0;
    int games = games_wanted() >= 1000 ? 3 : 1;
    for (int i = 0; i < games; i++) {
        wh_rng_t rng, pick;
        wh_rng_seed(&rng, 9500 + (uint64_t)i);
        wh_rng_seed(&pick, 9600 + (uint64_t)i);
        wh_bag_t bag;
        int start;
        CU_ASSERT_EQUAL_FATAL(wh_bag_deal(&bag, &wh_tileset, packs, 5, &rng, &start), WH_OK);
        wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = start};
        CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
        for (uint32_t next = 0; next < bag.n; next++) {
            uint16_t tile = bag.tile[next];
            size_t n = wh_game_placements(g, tile, list, CAP);
            wh_placement_t p;
            if (n == 0) {
                illegal += wh_game_placement_random(g, tile, &pick, &p);
                continue;
            }
            CU_ASSERT_FATAL(n <= CAP);
            memset(drawn, 0, n * sizeof *drawn);
            for (size_t k = 0; k < (n <= 64 ? PER * n : 64); k++) {
                if (!wh_game_placement_random(g, tile, &pick, &p)) {
                    illegal++;
                    continue;
                }
                size_t at = 0;
                while (at < n && (list[at].x != p.x || list[at].y != p.y || list[at].rotation != p.rotation))
                    at++;
                if (at == n)
                    illegal++;
                else
                    drawn[at]++;
            }
            for (size_t k = 0; k < n && n <= 64; k++)
                skewed += drawn[k] * 3 < PER || drawn[k] > 3 * PER;
            turns++;
            const wh_placement_t *c = &list[wh_rng_below(&rng, (uint32_t)n)];
            CU_ASSERT_EQUAL_FATAL(wh_game_place_tile(g, tile, c->x, c->y, c->rotation), WH_OK);
            CU_ASSERT_EQUAL_FATAL(wh_game_end_turn(g, NULL), WH_OK);
        }
        CU_ASSERT_EQUAL(wh_game_final_score(g, NULL), WH_OK);
    }
    CU_ASSERT_EQUAL(illegal, 0);
    CU_ASSERT_EQUAL(skewed, 0);
    CU_ASSERT(turns > 100 * games);
    free(g);
}

bool register_random_game_tests(void)
{
    static const test_case cases[] = {
        {"random base games keep every invariant", test_random_base_games},
        {"random games with wonders keep every invariant", test_random_games_with_wonders},
        {"a playout is reproducible", test_playout_is_reproducible},
        {"copies play on like the original", test_copies_play_on_like_the_original},
        {"outcomes are the choices played out", test_outcomes_are_the_choices_played_out},
        {"a random placement is uniform", test_a_random_placement_is_uniform},
        {NULL, NULL},
    };
    return register_suite("random games", cases);
}
