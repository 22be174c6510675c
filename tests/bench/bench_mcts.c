/*
** bench_mcts.c -- the mcts seat's speed: play-outs a second from the opening
** of a 2-player base game (72 land tiles, no wonders), one core.  Each
** search is a placement decision of WR_MCTS_THINK play-outs, from the same
** opening, with a new seed.  `bench-mcts playouts N`: one search of N
** play-outs and nothing else, for callgrind's instructions per play-out.
*/
#define _POSIX_C_SOURCE 200809L
#include "../../runtime/lab/mcts.h"
#include "../../runtime/tileset.h"
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static wh_match_t match;
static wh_placement_t options[512];

/* The opening: the start tile on the board, the first tile to place. */
static size_t opening(uint16_t *tile)
{
    uint32_t base[] = {WH_PACK_BASE};
    wh_rng_t rng;
    wh_rng_seed(&rng, 1);
    wh_bag_t bag;
    wh_bag_fill(&bag, &wh_tileset, base, 1, WH_TILE_BASE_D);
    wh_bag_shuffle(&bag, &rng);
    wh_match_config_t cfg = {.players = 2, .variant = 1, .pile = bag.tile, .n_pile = bag.n, .start_tile = -1};
    if (wh_match_init(&match, &wh_tileset, &cfg) != WH_OK) {
        fprintf(stderr, "bench: cannot set the game up\n");
        exit(1);
    }
    /* the match draws the first tile when the turn starts; the search is asked with it drawn */
    *tile = match.pile[match.drawn++];
    return wh_game_placements(&match.game, *tile, options, 512);
}

int main(int argc, char **argv)
{
    uint16_t tile;
    size_t n = opening(&tile);
    if (argc == 3 && !strcmp(argv[1], "playouts")) { /* for callgrind */
        long k = atol(argv[2]);
        wr_mcts *t = wr_mcts_new(&(wr_mcts_budget){.think = k});
        wh_rng_t rng;
        wh_rng_seed(&rng, 7);
        size_t choice = wr_mcts_placement(t, &rng, &match, tile, options, n);
        printf("%llu play-outs, placement %zu of %zu\n", (unsigned long long)wr_mcts_playouts(t), choice, n);
        wr_mcts_free(t);
        return 0;
    }
    int searches = 20;
    wr_mcts *t = wr_mcts_new(&(wr_mcts_budget){.think = WR_MCTS_THINK});
    double t0 = now();
    for (int i = 0; i < searches; i++) {
        wh_rng_t rng;
        wh_rng_seed(&rng, (uint64_t)i + 1);
        wr_mcts_placement(t, &rng, &match, tile, options, n);
    }
    double seconds = now() - t0;
    unsigned long long playouts = (unsigned long long)wr_mcts_playouts(t);
    printf("mcts, one core:\n");
    printf("  play-outs from the opening of a 2-player base game: %.0f play-outs/s (%llu in %.2f s, "
           "%d searches of %d)\n", (double)playouts / seconds, playouts, seconds, searches, WR_MCTS_THINK);
    wr_mcts_free(t);
    return 0;
}
