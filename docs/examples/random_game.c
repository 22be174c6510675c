/*
** random_game.c -- a program built against the installed library: a random
** two-player game of the base game, then each scoring and the final scores.
**
**   cc random_game.c $(pkg-config --cflags --libs wonders) -o random_game
**   ./random_game [SEED]
**
** It uses only the installed headers (wonders.h, playout.h, tileset.h and
** tiles.h, the tables the library was built with) and libwonders.
*/
#include "playout.h"
#include "tiles.h"
#include "tileset.h"
#include "wonders.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct tally {
    int events;
    int points[WH_MAX_PLAYERS];
} tally;

/* Every scoring, as it happens. */
static void on_score(void *ctx, const wh_score_event_t *e)
{
    tally *t = ctx;
    t->events++;
    printf("  %-20s %3d points to", wh_reason_text((wh_reason_t)e->reason), (int)e->points);
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if (e->winners & (1u << p)) {
            printf(" player %d", p);
            t->points[p] += e->points;
        }
    printf("\n");
}

int main(int argc, char **argv)
{
    unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 10) : 1;
    printf("libwonders %s (built against %s), seed %lu\n", wh_version(), WH_VERSION, seed);

    static wh_game_t game; /* about 52 KiB: not on the stack */
    wh_game_config_t config = {.players = 2, .meeples = 7, .start_tile = -1};
    if (wh_game_init(&game, &wh_tileset, &config) != WH_OK)
        return 1;

    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_bag_t bag;
    uint32_t packs[] = {WH_PACK_BASE};
    if (wh_bag_fill(&bag, &wh_tileset, packs, 1, wh_start_tile(&wh_tileset)) != WH_OK)
        return 1;
    wh_bag_shuffle(&bag, &rng);

    tally t = {0};
    wh_score_sink_t sink = {on_score, &t};
    if (wh_play_random(&game, &bag, &rng, &sink, NULL) != WH_OK)
        return 1;

    printf("%d scorings; final scores:", t.events);
    for (int p = 0; p < 2; p++) {
        printf(" player %d %d", p, (int)wh_game_score(&game, p));
        if (wh_game_score(&game, p) != t.points[p])
            return 1; /* the events add up to the scores */
    }
    printf("\n");
    return 0;
}
