/*
** game_support.h -- helpers for the runtime tests: a small tile set made for
** scoring scenarios, event capture, and move shortcuts that assert success.
*/
#ifndef TEST_GAME_SUPPORT_H
#define TEST_GAME_SUPPORT_H

#include "support.h"
#include "../runtime/wonders.h"

/* Tiles of the scenario set, by local feature:
**   start, straight   road W-E: r 0, field north a 1, field south b 2
**   end           road ends on the tile, from W: r 0, f 1
**   meadow        all field: f 0
**   cloister      monastery m 0, field f 1
**   cap, coat     city on N: c 0 (coat: 1 coat of arms), field f 1 touching it */
extern const char scenario_tiles[];

/* Captured score events. */
typedef struct event_log {
    wh_score_event_t e[64];
    int n;
} event_log;

/** A sink that appends to @p log. */
wh_score_sink_t log_sink(event_log *log);

/** Compile the scenario set into @p b and start a game with @p players. */
void scenario_game(test_build *b, wh_game_t *g, int players);

/** Start a game on the project's generated tables (base.D at the origin). */
void project_game(wh_game_t *g, int players);

/** The tile id named @p id in @p set (fails the test when missing). */
uint32_t tile_id(const wh_tileset_t *set, const char *id);

/** A 2-player game of the project's tables with 7 meeples each and the
 *  expansions' rules @p rules (WH_RULE_BIT()s), to free(). */
wh_game_t *game_with(unsigned rules);

/** The meeple option of @p figure on feature @p feature of tile @p tile
 *  (the project's tables). */
uint8_t tile_option(const char *tile, wh_figure_t figure, const char *feature);

/** Local index of feature @p name on tile @p id. */
uint8_t local_of(const wh_tileset_t *set, const char *id, const char *name);

/** Place a tile, optionally a meeple on local feature @p meeple (-1: none), end the turn. */
void turn(wh_game_t *g, const wh_tileset_t *set, const char *id, int x, int y, int rot, int meeple,
          const wh_score_sink_t *sink);

/** The points @p wonder's effect pays for each thing it counts, read from the
 *  compiled tables (tiles/) for a game of @p players and @p tiles land tiles.
 *  The rulebook's figures are checked by tests/positions/ (wonders check);
 *  a unit test asserts what an effect counted and pays count x this, so an
 *  erratum to a value changes no C (docs/authoring.md). */
int effect_unit(const wh_tileset_t *set, uint32_t wonder, int players, int tiles);

#endif
