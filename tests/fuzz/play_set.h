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

/**
 * Play one random 3-player game on @p set, seeded with @p seed: the start
 * tile, then every land tile and every wonder of the set (at most 80
 * tiles), placed at random; then the final scoring.  Every wonder event
 * must pay one player no more than WH_SCORE_LIMIT points.
 * @returns true when the game was played and every event was within
 * bounds, or the set has no start tile (nothing to play); false otherwise.
 */
bool play_set(const wh_tileset_t *set, uint64_t seed);

#endif
