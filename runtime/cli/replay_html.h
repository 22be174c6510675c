/*
** replay_html.h -- a game as a page that steps through it turn by turn
** (`wonders board FILE --format html -o DIR`, docs/records.md).
**
** One self-contained HTML file: every tile and turn the game places drawn
** once in its definitions (wr_board_tile_defs), then a frame per step --
** the start, each turn, the final scoring -- each holding the board as
** `wonders board --format svg` draws it at that point, its tiles uses of
** those drawings and its extent its viewBox (wr_board_svg_frame), the
** running scores, and the turn's lines of the log `wonders play` prints,
** one list entry each.  Buttons, a slider and the arrow keys step through
** the frames; the tiles a turn placed are outlined.  The outline relies on
** one thing of the board's drawing: one element of class "tile" per placed
** tile, in the order they were placed.
*/
#ifndef WR_REPLAY_HTML_H
#define WR_REPLAY_HTML_H

#include "replay.h"

#include <stdbool.h>
#include <stdio.h>

/**
 * Write the page of @p rp, a replay of a whole record run with the final
 * scoring (wr_replay_run with finish), to @p out.  Each frame's board is
 * replayed afresh from the record's first turns; a problem doing so is
 * reported on @p err.  @returns false when it or writing failed.
 */
bool wr_replay_html(FILE *out, const wr_replay *rp, FILE *err);

#endif
