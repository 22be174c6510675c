/* playout.c -- random games; see playout.h. */
#include "playout.h"
#include "tileset.h"
#include "internal.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void wh_rng_seed(wh_rng_t *rng, uint64_t seed)
{
    rng->s[0] = splitmix64(&seed);
    rng->s[1] = splitmix64(&seed);
}

/* xoroshiro128+ */
static uint64_t next64(wh_rng_t *rng)
{
    uint64_t s0 = rng->s[0], s1 = rng->s[1];
    uint64_t result = s0 + s1;
    s1 ^= s0;
    rng->s[0] = ((s0 << 24) | (s0 >> 40)) ^ s1 ^ (s1 << 16);
    rng->s[1] = (s1 << 37) | (s1 >> 27);
    return result;
}

uint32_t wh_rng_below(wh_rng_t *rng, uint32_t n)
{
    if (n == 0)
        return 0;
    /* Lemire's multiply-shift; the bias for n < 2^16 is below 2^-16. */
    return (uint32_t)(((next64(rng) >> 32) * (uint64_t)n) >> 32);
}

wh_status_t wh_bag_add(wh_bag_t *bag, uint16_t tile)
{
    if (bag->n >= WH_MAX_PLACED)
        return WH_ERR_CAPACITY;
    bag->tile[bag->n++] = tile;
    return WH_OK;
}

wh_status_t wh_bag_fill(wh_bag_t *bag, const wh_tileset_t *set, const uint32_t *packs, size_t n_packs, int start_tile)
{
    bag->n = 0;
    bool start_left = start_tile >= 0;
    for (size_t k = 0; k < n_packs; k++) {
        if (packs[k] >= set->n_packs)
            return WH_ERR_RANGE;
        const wh_pack_t *p = &set->packs[packs[k]];
        for (uint32_t i = 0; i < p->n_tiles; i++) {
            uint32_t t = p->first_tile + i;
            for (uint32_t c = 0; c < set->tiles[t].count; c++) {
                if (start_left && (int)t == start_tile) {
                    start_left = false;
                    continue;
                }
                if (wh_bag_add(bag, (uint16_t)t) != WH_OK)
                    return WH_ERR_CAPACITY;
            }
        }
    }
    return WH_OK;
}

void wh_bag_shuffle(wh_bag_t *bag, wh_rng_t *rng)
{
    for (uint32_t i = bag->n; i > 1; i--) {
        uint32_t j = wh_rng_below(rng, i);
        uint16_t t = bag->tile[i - 1];
        bag->tile[i - 1] = bag->tile[j];
        bag->tile[j] = t;
    }
}

int wh_river_rank(const wh_tileset_t *set, uint16_t tile)
{
    const wh_tile_t *t = &set->tiles[tile];
    if (!(t->flags & WH_TILE_FLAG_RIVER))
        return WH_RIVER_NONE;
    int sides = 0;
    for (uint32_t i = 0; i < t->n_squares; i++)
        sides += __builtin_popcount(set->squares[t->first_square + i].river);
    return sides == 1 ? WH_RIVER_END : WH_RIVER_ON;
}

size_t wh_pile_river_order(const wh_tileset_t *set, const uint16_t *pile, size_t n)
{
    int highest = WH_RIVER_ON;
    for (size_t i = 0; i < n; i++) {
        int rank = wh_river_rank(set, pile[i]);
        if (rank < highest)
            return i;
        highest = rank;
    }
    return n;
}

void wh_bag_river_first(wh_bag_t *bag, const wh_tileset_t *set)
{
    uint16_t sorted[WH_MAX_PLACED];
    uint32_t n = 0;
    for (int rank = WH_RIVER_ON; rank <= WH_RIVER_NONE; rank++) /* stable: the shuffled order within each rank */
        for (uint32_t i = 0; i < bag->n; i++)
            if (wh_river_rank(set, bag->tile[i]) == rank)
                sorted[n++] = bag->tile[i];
    memcpy(bag->tile, sorted, n * sizeof *sorted);
}

wh_status_t wh_bag_deal(wh_bag_t *bag, const wh_tileset_t *set, const uint32_t *packs, size_t n_packs,
                        wh_rng_t *rng, int *start_tile)
{
    *start_tile = wh_game_start_tile(set, packs, n_packs);
    wh_status_t s = wh_bag_fill(bag, set, packs, n_packs, *start_tile);
    if (s != WH_OK)
        return s;
    wh_bag_shuffle(bag, rng);
    wh_bag_river_first(bag, set);
    return WH_OK;
}

static wh_status_t random_meeples(wh_game_t *g, wh_rng_t *rng, wh_playout_stats_t *stats)
{
    const wh_placed_t *pl = &g->placed[g->n_placed - 1]; /* the tile just placed */
    int rounds = g->set->tiles[pl->tile].kind == WH_TILE_WONDER ? 2 : 1;
    for (int k = 0; k < rounds; k++) {
        uint8_t options[WH_MAX_MEEPLE_OPTIONS];
        size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
        uint32_t pick = wh_rng_below(rng, (uint32_t)n + 1); /* n means "no meeple" */
        if (pick == n)
            return WH_OK;
        wh_status_t s = wh_game_place_option(g, options[pick]);
        if (s != WH_OK)
            return s;
        stats->meeples++;
    }
    return WH_OK;
}

/* The Princess & the Dragon's actions of a random turn, each taken at
** random or not: before the figures the portal (P16) and the princess
** (P17; not "none" when she must) ... */
static wh_status_t random_portal_princess(wh_game_t *g, wh_rng_t *rng)
{
    uint16_t reach[WH_MAX_PORTAL_OPTIONS];
    size_t n = wh_game_portal_options(g, reach, WH_MAX_PORTAL_OPTIONS);
    if (n) {
        uint32_t k = wh_rng_below(rng, (uint32_t)n + 1);
        if (k < n)
            return wh_game_place_portal(g, reach[k]);
    }
    uint16_t knights[WH_MAX_MEEPLES];
    n = wh_game_princess_options(g, knights, WH_MAX_MEEPLES);
    if (n) {
        uint32_t k = wh_rng_below(rng, (uint32_t)n + !wh_game_princess_must(g));
        if (k < n)
            return wh_game_use_princess(g, knights[k]);
    }
    return WH_OK;
}

/* ... after them the fairy (P10) and the dragon's flight (P7), each step
** at random, after the scoring in the RGG variant. */
static wh_status_t random_fairy_dragon(wh_game_t *g, wh_rng_t *rng, const wh_score_sink_t *sink)
{
    wh_status_t s = WH_OK;
    uint16_t fairy[WH_MAX_MEEPLES];
    size_t n = wh_game_fairy_options(g, fairy, WH_MAX_MEEPLES);
    if (n) {
        uint32_t k = wh_rng_below(rng, (uint32_t)n + 1);
        if (k < n)
            s = wh_game_move_fairy(g, fairy[k]);
    }
    if (s == WH_OK && (g->rules & WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)) && g->pd.dragon_left)
        s = wh_game_score_turn(g, sink);
    /* while wh_game_dragon_mover(g) >= 0, which is: steps can be taken and
    ** the princess need not act; the steps found once a step */
    for (wh_point_t steps[4]; s == WH_OK && !wh_game_princess_must(g);) {
        size_t ways = wh_game_dragon_steps(g, steps, 4);
        if (ways == 0)
            break;
        size_t k = wh_rng_below(rng, (uint32_t)ways);
        s = wh_game_move_dragon(g, steps[k].x, steps[k].y);
    }
    return s;
}

/* P5: "A dragon tile drawn before any volcano is on the board is set aside
** and a replacement is drawn.  When the first volcano is placed, the
** set-aside tiles are shuffled back into the stack."  The tiles set aside
** wait at the front of the bag, over tiles drawn already (the k-th set
** aside has been drawn k tiles or more into it); once the dragon is on the
** board they go back just before the next tile to draw, and the rest of
** the bag is shuffled with them.  Returns the index of the next tile. */
static uint32_t shuffle_back(wh_bag_t *bag, uint32_t next, uint32_t *aside, wh_rng_t *rng)
{
    uint32_t k = *aside;
    memmove(&bag->tile[next - k], &bag->tile[0], k * sizeof *bag->tile);
    next -= k;
    for (uint32_t i = bag->n - 1; i > next; i--) { /* Fisher-Yates, as wh_bag_shuffle */
        uint32_t j = next + wh_rng_below(rng, i - next + 1);
        uint16_t t = bag->tile[i];
        bag->tile[i] = bag->tile[j];
        bag->tile[j] = t;
    }
    *aside = 0;
    return next;
}

wh_status_t wh_play_random(wh_game_t *g, wh_bag_t *bag, wh_rng_t *rng, const wh_score_sink_t *sink,
                           wh_playout_stats_t *stats)
{
    wh_playout_stats_t local;
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    /* the expansion's actions are asked only where they are played: random
    ** base games cost what they did before (docs/performance.md) */
    bool pd = (g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) != 0;
    uint32_t aside = 0; /* P5: dragon tiles set aside, at the bag's front */
    for (uint32_t next = 0; next < bag->n; next++) {
        if (aside && g->pd.dragon_on)
            next = shuffle_back(bag, next, &aside, rng);
        uint16_t tile = bag->tile[next];
        if (pd && !g->pd.dragon_on && (g->set->tiles[tile].flags & WH_TILE_FLAG_DRAGON)) {
            bag->tile[aside++] = tile; /* aside <= next: over a tile drawn already, or itself */
            continue;
        }
        wh_placement_t c;
        if (!wh_game_placement_random(g, tile, rng, &c)) {
            stats->discarded++;
            continue;
        }
        wh_status_t s = wh_game_place_legal(g, tile, c.x, c.y, c.rotation);
        if (s == WH_OK && pd)
            s = random_portal_princess(g, rng);
        if (s == WH_OK)
            s = random_meeples(g, rng, stats);
        if (s == WH_OK && pd)
            s = random_fairy_dragon(g, rng, sink);
        if (s == WH_OK)
            s = wh_game_end_turn(g, sink);
        if (s != WH_OK)
            return s;
        stats->turns++;
    }
    stats->aside = aside; /* no volcano came for them */
    return wh_game_final_score(g, sink);
}

/* Guesses at a plain land tile's placement before listing them: with the
** usual quarter or more of (frontier cell, rotation) pairs legal, 12 misses
** in a row happen about once in 30 draws. */
#define GUESSES 12

bool wh_game_placement_random(const wh_game_t *g, uint32_t tile, wh_rng_t *rng, wh_placement_t *out)
{
    /* Rejection sampling: a uniformly random (frontier cell, rotation) pair
    ** kept when legal is a uniformly random placement, each placement of a
    ** one-square tile being one pair.  After GUESSES misses, the list's
    ** count and a uniformly random index into it: uniform either way. */
    const uint8_t *fits = wh_board_plain_fits(g, tile);
    uint32_t cells = g->n_frontier;
    for (int i = 0; fits && cells && i < GUESSES; i++) {
        uint32_t u = wh_rng_below(rng, 4u * cells), k = u >> 2, r = u & 3u;
        if ((fits[g->frontier_req[k]] >> r) & 1u) {
            const wh_cell_t *c = &g->cells[g->frontier[k]];
            *out = (wh_placement_t){c->x, c->y, (uint8_t)r, 0};
            return true;
        }
    }
    size_t n = wh_game_placements(g, tile, NULL, 0);
    return n > 0 && wh_game_placement_nth(g, tile, wh_rng_below(rng, (uint32_t)n), out);
}

static size_t random_placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    (void)m;
    (void)tile;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n);
}

static size_t random_meeple(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n)
{
    (void)m;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + 1); /* n: no meeple */
}

static int random_first(void *ctx, const wh_match_t *m, int chooser, unsigned candidates)
{
    (void)m;
    (void)chooser;
    uint32_t k = wh_rng_below(ctx, (uint32_t)__builtin_popcount(candidates));
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if ((candidates & (1u << p)) && k-- == 0)
            return p;
    return -1;
}

static size_t random_wonder(void *ctx, const wh_match_t *m, int player)
{
    (void)player;
    return wh_rng_below(ctx, m->n_available);
}

static size_t random_from_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    (void)m;
    (void)hand;
    return wh_rng_below(ctx, (uint32_t)n);
}

/* a follower through the portal, or none: n */
static size_t random_portal(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    (void)m;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + 1);
}

/* a knight sent home, or none: n */
static size_t random_princess(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + !wh_game_princess_must(&m->game)); /* the variant: she must */
}

static size_t random_fairy(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    (void)m;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + 1); /* n: left where it is */
}

static size_t random_dragon(void *ctx, const wh_match_t *m, int mover, const wh_point_t *options, size_t n)
{
    (void)m;
    (void)mover;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n);
}

/* The Tower: a tower move or none (n), a capture or none, a ransom or none */
static size_t random_tower(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    (void)m;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + 1);
}

static size_t random_capture(void *ctx, const wh_match_t *m, uint16_t placed, const uint16_t *options, size_t n)
{
    (void)m;
    (void)placed;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + 1);
}

static size_t random_ransom(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    (void)m;
    (void)options;
    return wh_rng_below(ctx, (uint32_t)n + 1);
}

/* the placement drawn without the list: the same uniform choice */
static bool random_direct(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out)
{
    return wh_game_placement_random(&m->game, tile, ctx, out);
}

wh_players_t wh_random_players(wh_rng_t *rng)
{
    return (wh_players_t){random_placement, random_meeple, random_first, random_wonder, random_from_hand, NULL, random_direct, rng,
                          random_dragon, random_fairy, random_princess, random_portal, random_tower, random_capture,
                          random_ransom};
}
