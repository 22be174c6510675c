/*
** play_set.h -- one random game on a tile set compiled from any text: the
** effect interpreter's fuzz target (fuzz_effects.c) and its replay of the
** inputs kept in tests/fuzz/regressions/effects/ (tests/test_language.c).
*/
#ifndef TEST_PLAY_SET_H
#define TEST_PLAY_SET_H

#include "../../runtime/playout.h"
#include "../../runtime/wonders.h"

#include <stdbool.h>
#include <stddef.h>

/**
 * Play one random 3-player game on @p set, seeded with @p seed: the start
 * tile, then every land tile and one copy of each wonder of the set (at
 * most 100 tiles, 15 wonders), placed at random; then the final scoring.
 * Every wonder event must pay one player no more than WH_SCORE_LIMIT points.
 * @returns true when the game was played and every event was within
 * bounds, or the set has no start tile (nothing to play); false otherwise.
 */
bool play_set(const wh_tileset_t *set, uint64_t seed);

/** What one game of play_set_report played. */
typedef struct play_report {
    int32_t paid[3];   /* each player's points, summed over the score events */
    int32_t score[3];  /* each player's score at the end */
    uint64_t placed;   /* bit w: the set's w-th wonder (in the tables' order) was placed */
} play_report;

/** play_set, telling in @p r what the game paid and placed. */
bool play_set_report(const wh_tileset_t *set, uint64_t seed, play_report *r);

/**
 * The text of a small set -- roads, a monastery with a road, city caps, a
 * field, a garden-free abbey and a wonder of five squares in a row -- whose
 * wonder's effect block holds the @p n bytes of @p effect, into a buffer
 * the caller frees (NULL when memory runs out).  The fuzz target's inputs
 * are effect blocks: most of them then reach the type checker and, when
 * they pass it, a game.
 */
char *play_set_text(const char *effect, size_t n);

#endif
