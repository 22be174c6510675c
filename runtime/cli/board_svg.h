/*
** board_svg.h -- a game's board as an SVG picture (`wonders board --format svg`).
*/
#ifndef WR_BOARD_SVG_H
#define WR_BOARD_SVG_H

#include "record.h"
#include "wonders.h"

#include <stdbool.h>
#include <stdio.h>

/* Pixels per board square. */
#define WR_SVG_CELL 60

/**
 * Write the board of @p g as a complete SVG document: every placed tile
 * turned as it lies (cities, roads, monasteries and wonder areas drawn from
 * the tile tables), wonders outlined, meeples and marker meeples in their
 * players' colours, board coordinates on both axes, and a legend naming
 * each player from @p r.  @returns false when writing failed.
 */
bool wr_board_svg(FILE *out, const wh_game_t *g, const wr_record *r);

#endif
