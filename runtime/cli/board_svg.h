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

/**
 * Write, for a page holding many boards of one game (the replay viewer),
 * one SVG group per tile and turn that @p g's board shows, with the id
 * wr_board_svg_frame's `<use>` elements refer to: each drawing once, in
 * tile units.  They belong inside a `<defs>` of the page, with wu_art_css()
 * in its style sheet.  @returns false when writing failed.
 */
bool wr_board_tile_defs(FILE *out, const wh_game_t *g);

/**
 * Write the board of @p g as wr_board_svg does, for a page: every tile a
 * `<use class="tile">` of its drawing in wr_board_tile_defs (of a board
 * holding at least these tiles), no legend (the page says it once), no
 * size but the viewBox, which is the board's extent, so that the picture
 * fills the page's frame however few tiles lie.  @returns false when
 * writing failed.
 */
bool wr_board_svg_frame(FILE *out, const wh_game_t *g, const wr_record *r);

/** The legend's first line (@p second false), or its second: NULL when @p g shows none of its figures. */
const char *wr_board_legend(const wh_game_t *g, bool second);

/** Player @p p's colour (#rrggbb): the one their name says, else one of six by seat. */
const char *wr_player_colour(const wr_record *r, int p);

#endif
