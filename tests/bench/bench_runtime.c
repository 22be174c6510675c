/*
** bench_runtime.c -- speed and memory of the runtime (make bench).
**
**   bench-runtime            all figures below
**   bench-runtime games N    only N random base games (for callgrind)
**   bench-runtime expansion-games N   only N random games with the River, Inns &
**                            Cathedrals and both expansions' rules on (for callgrind)
**
** Figures: legal placements of a land tile and of a wonder on mid-game
** boards of 50, 100 and 200 tiles (microseconds per call); random games
** per second (2 players, the 72 base tiles; and 4 players with 4 wonder
** tiles placed as land tiles); mean total score; bytes per game state.
*/
#define _POSIX_C_SOURCE 200809L
#include "../../runtime/match.h"
#include "../../runtime/playout.h"
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static wh_game_t game, scratch;
static wh_placement_t choice[8192];

/* A board of `tiles` tiles built by random play (extra copies of the base
** game when more than 72 are needed). */
static void board_of(int tiles, uint64_t seed)
{
    uint32_t packs[] = {WH_PACK_BASE, WH_PACK_BASE, WH_PACK_BASE};
    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1};
    wh_game_init(&game, &wh_tileset, &cfg);
    wh_bag_t bag;
    wh_bag_fill(&bag, &wh_tileset, packs, tiles > 72 ? 3 : 1, WH_TILE_BASE_D);
    wh_bag_shuffle(&bag, &rng);
    for (uint32_t i = 0; i < bag.n && (int)wh_game_tile_count(&game) < tiles; i++) {
        size_t n = wh_game_placements(&game, bag.tile[i], choice, 8192);
        if (!n)
            continue;
        const wh_placement_t *c = &choice[wh_rng_below(&rng, (uint32_t)(n < 8192 ? n : 8192))];
        wh_game_place_tile(&game, bag.tile[i], c->x, c->y, c->rotation);
        wh_game_end_turn(&game, NULL);
    }
}

/* Mean time of one wh_game_placements call for `tile`, over boards of `tiles`. */
static double placement_us(int tiles, uint32_t tile, size_t *mean_listed)
{
    double total = 0;
    long calls = 0;
    size_t listed = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        board_of(tiles, seed);
        int reps = 2000;
        double t0 = now();
        for (int r = 0; r < reps; r++)
            listed += wh_game_placements(&game, tile, choice, 8192);
        total += now() - t0;
        calls += reps;
    }
    *mean_listed = listed / (size_t)calls;
    return total / (double)calls * 1e6;
}

typedef struct result {
    double seconds;
    double mean_total_score;
    long turns;
} result;

static result random_games(int games, int players, bool wonders)
{
    uint32_t base[] = {WH_PACK_BASE};
    static const uint16_t four_wonders[] = {WH_TILE_WONDERS_SET1_STONEHENGE, WH_TILE_WONDERS_SET1_ALHAMBRA,
                                            WH_TILE_WONDERS_SET2_TIKAL, WH_TILE_WONDERS_SET2_ANGKOR_WAT};
    result res = {0, 0, 0};
    long score = 0;
    double t0 = now();
    wh_game_config_t cfg = {.players = (uint8_t)players, .meeples = 7, .start_tile = -1};
    wh_game_init(&game, &wh_tileset, &cfg);
    for (int i = 0; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, (uint64_t)i + 1);
        if (i)
            wh_game_restart(&game);
        wh_bag_t bag;
        wh_bag_fill(&bag, &wh_tileset, base, 1, WH_TILE_BASE_D);
        if (wonders)
            for (int w = 0; w < 4; w++)
                wh_bag_add(&bag, four_wonders[w]);
        wh_bag_shuffle(&bag, &rng);
        wh_playout_stats_t stats;
        if (wh_play_random(&game, &bag, &rng, NULL, &stats) != WH_OK) {
            fprintf(stderr, "bench: a random game failed\n");
            exit(1);
        }
        res.turns += stats.turns;
        for (int p = 0; p < players; p++)
            score += wh_game_score(&game, p);
    }
    res.seconds = now() - t0;
    res.mean_total_score = (double)score / games;
    return res;
}

/* Random 2-player games dealt from `packs` (the River's tiles first, its
** spring the start, when it is among them) with the expansions' `rules`. */
static result dealt_games(int games, const uint32_t *packs, size_t n_packs, unsigned rules)
{
    result res = {0, 0, 0};
    long score = 0;
    double t0 = now();
    for (int i = 0; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, (uint64_t)i + 1);
        wh_bag_t bag;
        int start;
        wh_bag_deal(&bag, &wh_tileset, packs, n_packs, &rng, &start);
        if (i == 0) {
            wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = start, .rules = rules};
            wh_game_init(&game, &wh_tileset, &cfg);
        } else {
            wh_game_restart(&game);
        }
        wh_playout_stats_t stats;
        if (wh_play_random(&game, &bag, &rng, NULL, &stats) != WH_OK) {
            fprintf(stderr, "bench: a random game failed\n");
            exit(1);
        }
        res.turns += stats.turns;
        for (int p = 0; p < 2; p++)
            score += wh_game_score(&game, p);
    }
    res.seconds = now() - t0;
    res.mean_total_score = (double)score / games;
    return res;
}

/* The River, the base game and Inns & Cathedrals with both expansions'
** rules on (large meeples, abbots, gardens, inns and cathedrals). */
static result expansion_games(int games)
{
    static const uint32_t packs[] = {WH_PACK_RIVER, WH_PACK_BASE, WH_PACK_INNS_CATHEDRALS};
    return dealt_games(games, packs, 3, WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS) | WH_RULE_BIT(WH_RULE_ABBOT));
}

/* The base game and both boxes, Traders & Builders and The Princess & the
** Dragon, with their rules on (goods, builders and their second tiles,
** pigs, the volcano and the dragon's flights, every step at random). */
static result box_games(int games)
{
    static const uint32_t packs[] = {WH_PACK_BASE, WH_PACK_TRADERS_BUILDERS, WH_PACK_PRINCESS_DRAGON};
    return dealt_games(games, packs, 3, WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS) | WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON));
}

static wh_match_t match;
static wh_tile_t plain_tiles[WH_N_TILES];

/* Whole matches: 4 players, the 72 base tiles, 4 of the 8 wonders chosen at
** random beside the track, random players; with the tile set given. */
static result random_matches(int games, const wh_tileset_t *set)
{
    static const uint16_t eight[] = {
        WH_TILE_WONDERS_SET1_STONEHENGE, WH_TILE_WONDERS_SET1_NOTRE_DAME, WH_TILE_WONDERS_SET1_CIRCUS_MAXIMUS,
        WH_TILE_WONDERS_SET1_ALHAMBRA, WH_TILE_WONDERS_SET2_ABU_SIMBEL, WH_TILE_WONDERS_SET2_TIKAL,
        WH_TILE_WONDERS_SET2_ANGKOR_WAT, WH_TILE_WONDERS_SET2_TERRACOTTA_ARMY,
    };
    uint32_t base[] = {WH_PACK_BASE};
    result res = {0, 0, 0};
    long score = 0;
    double t0 = now();
    for (int i = 0; i < games; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, (uint64_t)i + 1);
        wh_bag_t bag;
        wh_bag_fill(&bag, set, base, 1, WH_TILE_BASE_D);
        wh_bag_shuffle(&bag, &rng);
        uint16_t wonders[8];
        memcpy(wonders, eight, sizeof wonders);
        for (int k = 0; k < 4; k++) { /* 4 of the 8, at random */
            uint32_t j = k + wh_rng_below(&rng, (uint32_t)(8 - k));
            uint16_t t = wonders[k];
            wonders[k] = wonders[j];
            wonders[j] = t;
        }
        wh_match_config_t cfg = {.players = 4, .variant = 1, .pile = bag.tile, .n_pile = bag.n,
                                 .wonders = wonders, .n_wonders = 4, .start_tile = -1};
        wh_players_t players = wh_random_players(&rng);
        if (wh_match_init(&match, set, &cfg) != WH_OK || wh_match_play(&match, &players, NULL) != WH_OK) {
            fprintf(stderr, "bench: a random match failed\n");
            exit(1);
        }
        res.turns += match.game.turn;
        for (int p = 0; p < 4; p++)
            score += wh_game_score(&match.game, p);
    }
    res.seconds = now() - t0;
    res.mean_total_score = (double)score / games;
    return res;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "expansion-games")) { /* for callgrind, likewise */
        result r = expansion_games(atoi(argv[2]));
        printf("%d games, %.1f tiles placed a game, mean total score %.1f\n", atoi(argv[2]),
               (double)r.turns / atoi(argv[2]), r.mean_total_score);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "box-games")) { /* for callgrind, likewise */
        result r = box_games(atoi(argv[2]));
        printf("%d games, %.1f tiles placed a game, mean total score %.1f\n", atoi(argv[2]),
               (double)r.turns / atoi(argv[2]), r.mean_total_score);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "wonder-games")) { /* for callgrind: 4 players, 4 wonders */
        result r = random_games(atoi(argv[2]), 4, true);
        printf("%d games, mean total score %.1f\n", atoi(argv[2]), r.mean_total_score);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "games")) { /* for callgrind: nothing but the games */
        result r = random_games(atoi(argv[2]), 2, false);
        printf("%d games, mean total score %.1f\n", atoi(argv[2]), r.mean_total_score);
        return 0;
    }
    printf("runtime, one core:\n");
    printf("  game state: %zu bytes (wh_game_t)\n", sizeof(wh_game_t));
    for (int tiles = 50; tiles <= 200; tiles *= 2) {
        size_t land_n, wonder_n;
        double land = placement_us(tiles, WH_TILE_BASE_V, &land_n);
        double wonder = placement_us(tiles, WH_TILE_WONDERS_SET1_ALHAMBRA, &wonder_n);
        printf("  legal placements on a %3d-tile board: land tile (V) %.3f us (%zu listed), "
               "wonder (Alhambra) %.2f us (%zu listed)\n", tiles, land, land_n, wonder, wonder_n);
    }
    int n = 20000;
    result base = random_games(n, 2, false);
    printf("  random games, 2 players, 72 base tiles: %.0f games/s (%d games in %.2f s), mean total score %.1f\n",
           n / base.seconds, n, base.seconds, base.mean_total_score);
    result wonder = random_games(n, 4, true);
    printf("  random games, 4 players, 72 base tiles + 4 wonders: %.0f games/s, mean total score %.1f\n",
           n / wonder.seconds, wonder.mean_total_score);
    int matches = 10000;
    result with = random_matches(matches, &wh_tileset);
    wh_tileset_t plain = wh_tileset; /* the same tiles with no effect */
    memcpy(plain_tiles, wh_tileset.tiles, sizeof plain_tiles);
    for (size_t t = 0; t < WH_N_TILES; t++)
        plain_tiles[t].effect = 0;
    plain.tiles = plain_tiles;
    result without = random_matches(matches, &plain);
    printf("  random matches with the wonder track, 4 players, 72 base tiles, 4 random wonders:\n"
           "    with effects %.0f games/s (mean total score %.1f); without effects %.0f games/s; "
           "time ratio %.2f\n", matches / with.seconds, with.mean_total_score, matches / without.seconds,
           with.seconds / without.seconds);
    double t0 = now();
    for (int i = 0; i < 100000; i++) {
        memcpy(&scratch, &game, sizeof game);
        __asm__ volatile("" : : "r"(&scratch), "r"(&game) : "memory"); /* keep every copy */
    }
    double whole = (now() - t0) / 100000 * 1e6;
    t0 = now();
    for (int i = 0; i < 100000; i++) {
        wh_game_copy(&scratch, &game);
        __asm__ volatile("" : : "r"(&scratch), "r"(&game) : "memory");
    }
    printf("  copying a state (%zu tiles on the board): %.3f us whole, %.3f us with wh_game_copy\n",
           wh_game_tile_count(&game), whole, (now() - t0) / 100000 * 1e6);
    return 0;
}
