/*
** refusal.h -- why the rules refuse a move a record makes, in words that
** name the one cause the runtime found: which side of the tile meets which
** neighbour and how, or why a figure cannot stand on a feature.
*/
#ifndef WR_REFUSAL_H
#define WR_REFUSAL_H

#include "wonders.h"

#include <stddef.h>

/**
 * Why @p tile cannot go at (@p x, @p y) turned @p rotation quarter turns
 * on @p g, which refused it with @p s: for a side that does not match,
 * "its north side is a city, but the south side of base.D at (1, -1) is a
 * field" (a square named when the tile has several); for a square taken,
 * the tile that holds it; else the status's sentence.  Written into @p buf
 * (@p size bytes), which is returned.
 */
const char *wr_placement_refused(const wh_game_t *g, uint32_t tile, int x, int y, int rotation, wh_status_t s,
                                 char *buf, size_t size);

/**
 * Why the current player of @p g cannot put @p figure on local feature
 * @p local of the tile just placed, which @p s says (the status
 * wh_game_place_meeple returned): the feature occupied, a figure that does
 * not stand on that kind of feature, none left, one placed already, ...
 * @p who names the player.  Written into @p buf, which is returned.
 */
const char *wr_figure_refused(const wh_game_t *g, int local, wh_figure_t figure, wh_status_t s, const char *who,
                              char *buf, size_t size);

/** The status @p g would answer to placing @p figure on local feature @p local (tried on a copy). */
wh_status_t wr_figure_status(const wh_game_t *g, int local, wh_figure_t figure);

#endif
