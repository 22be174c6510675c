/* play_set.c -- see play_set.h. */
#include "play_set.h"
#include "../../runtime/tileset.h"

#include <stdlib.h>
#include <string.h>

static void check_event(void *ctx, const wh_score_event_t *e)
{
    bool *bad = ctx;
    if (e->reason == WH_REASON_WONDER &&
        (e->points > WH_SCORE_LIMIT || e->points < -WH_SCORE_LIMIT || __builtin_popcount(e->winners) != 1))
        *bad = true;
}

bool play_set(const wh_tileset_t *set, uint64_t seed)
{
    int start = wh_start_tile(set);
    if (start < 0)
        return true;
    wh_bag_t bag = {{0}, 0};
    for (uint32_t t = 0; t < set->n_tiles && bag.n < 80; t++)
        for (uint32_t c = (uint32_t)(t == (uint32_t)start); c < set->tiles[t].count && bag.n < 80; c++)
            bag.tile[bag.n++] = (uint16_t)t;
    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_bag_shuffle(&bag, &rng);
    wh_game_t *g = malloc(sizeof *g);
    if (!g)
        return false;
    wh_game_config_t cfg = {.players = 3, .meeples = 7, .start_tile = start};
    bool bad = false;
    wh_score_sink_t sink = {check_event, &bad};
    bool ok = wh_game_init(g, set, &cfg) == WH_OK && wh_play_random(g, &bag, &rng, &sink, NULL) == WH_OK;
    free(g);
    return ok && !bad;
}
