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
