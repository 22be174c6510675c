/*
** mcts_duel.c -- a program built against the installed library: the
** search (an mcts seat) against the planner in paired two-player games of
** the base game, and the search's win rate with its 95% interval.
**
**   cc mcts_duel.c $(pkg-config --cflags --libs wonders) -o mcts_duel
**   ./mcts_duel [GAMES [THINK]]      (defaults: 10 games, 100 play-outs a decision)
**
** It uses only the installed headers (lab.h, the lab's seats and
** experiments; tiles.h, the tables the library was built with) and
** libwonders.  `wonders duel --seats mcts,planner` is the same experiment.
*/
#include "lab.h"
#include "tiles.h"
#include "tileset.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    unsigned long games = argc > 1 ? strtoul(argv[1], NULL, 10) : 10;
    long think = argc > 2 ? strtol(argv[2], NULL, 10) : 100;

    /* every wonder of the tile set beside the track, as far as the track holds them */
    uint16_t wonders[WH_MATCH_MAX_WONDERS];
    size_t n_wonders = 0;
    for (uint32_t t = 0; t < wh_tileset.n_tiles && n_wonders < WH_MATCH_MAX_WONDERS; t++)
        if (wh_tileset.tiles[t].kind == WH_TILE_WONDER)
            wonders[n_wonders++] = (uint16_t)t;
    uint32_t packs[] = {WH_PACK_BASE};

    wh_duel_config_t duel = {.set = &wh_tileset, .a = WH_SEAT_MCTS, .b = WH_SEAT_PLANNER, .packs = packs,
                             .n_packs = 1, .wonders = wonders, .n_wonders = n_wonders, .seed = 1, .games = games,
                             .budget = {.think = think}, .jobs = 1};
    wh_duel_result_t r;
    char problem[WH_LAB_PROBLEM];
    if (wh_duel(&duel, &r, problem) != WH_LAB_OK) {
        fprintf(stderr, "mcts_duel: %s\n", problem);
        return 1;
    }
    printf("%s (think %ld) against %s: %llu games, %s wins %.1f\n", wh_seat_name(duel.a), think,
           wh_seat_name(duel.b), (unsigned long long)r.games, wh_seat_name(duel.a), r.wins);
    printf("win rate: %.1f%% (95%% Wilson interval %.1f%% to %.1f%%); mean margin %+.2f points a game\n",
           100 * r.win_rate, 100 * r.win_lo, 100 * r.win_hi, r.margin);
    return 0;
}
