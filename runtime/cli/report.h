/*
** report.h -- what `wonders` prints: score breakdowns, the board, moves.
*/
#ifndef WR_REPORT_H
#define WR_REPORT_H

#include "replay.h"

typedef enum wr_format { WR_TABLE, WR_YAML, WR_JSON } wr_format_t;

/** A tile's display name as @p set has it ("Stonehenge"), or @p id itself
 *  when the set has no tile of that id (a merged file from another set). */
const char *wr_tile_name(const wh_tileset_t *set, const char *id);

/**
 * The id of the tile of @p set (a wonder when @p wonder) nearest to @p id,
 * by its full id or its id within its pack, when @p id is a plausible typo
 * of it -- one that differs only in case first -- else NULL: what "did
 * you mean" suggests for an unknown tile.
 */
const char *wr_tile_nearest(const wh_tileset_t *set, const char *id, bool wonder);

/** The columns UTF-8 text @p s takes on a terminal (its characters, not its
 *  bytes): what a table pads a name to. */
int wr_columns(const char *s);

/** The display name of player @p p: the record's name, or "player N". */
const char *wr_player(const wr_record *r, int p, char *buf, size_t size);

/**
 * Whether event @p ev of a replay of @p n_turns turns belongs to the final
 * scoring (the match may end inside the last turn): what `score` prints as
 * turn "final".
 */
bool wr_event_final(const wr_event *ev, size_t n_turns);

/** Whether @p e, scored right after @p prev (NULL: the first), is of the
 * final scoring by what it follows: the fairy's 3 go with the scoring of
 * their feature, which a match does within its last turn (wr_event.with_final). */
bool wr_event_with_final(const wh_score_event_t *e, const wr_event *prev, size_t n_turns);

/** What scored: "completed city", or the wonder's tile id. */
const char *wr_event_reason(const wh_tileset_t *set, const wh_score_event_t *e);

/** One line describing event @p e, as "completed city, 4 squares, 1 coat: Red +10". */
void wr_describe_event(FILE *out, const wh_tileset_t *set, const wr_record *r, const wh_score_event_t *e);

/**
 * One turn of the log, as `play` prints it: turn @p index (0-based) of @p r,
 * played by @p player; the tiles and meeples placed, then the @p n events
 * it scored, then the wonders taken.
 */
void wr_print_turn(FILE *out, const wh_tileset_t *set, const wr_record *r, size_t index, int player,
                   const wr_event *events, size_t n);

/**
 * How many of a turn's @p n events come before the final scoring, which a
 * match does within its last turn: the log prints those, and the score
 * table below it the final scoring's (wr_print_breakdown), each once.
 */
size_t wr_events_before_final(const wr_event *events, size_t n);

/** Every turn of a replayed record, as wr_print_turn prints it (the final scoring left to the table), then a blank line. */
void wr_print_log(FILE *out, const wr_replay *rp);

/**
 * The score of every player, split by what scored (roads, cities,
 * monasteries, fields, each wonder), then every event with its turn --
 * after the turn log (@p logged), the final scoring's alone: the log has
 * said the others, each under its turn (wr_print_turn leaves the final
 * scoring to this table).
 */
void wr_print_breakdown(FILE *out, const wr_replay *rp, wr_format_t format, bool logged);

/**
 * Draw the board: each square 3x3 (edges # city, | - road, . field; M a
 * monastery; a wonder's letter in its centres, lower case in its corners
 * and shared sides; meeples by player number), x above and y beside it.
 */
void wr_draw_board(FILE *out, const wh_game_t *g, const wr_record *r);

/** The legal placements of @p tile in @p g, each with its meeple spots. */
void wr_print_moves(FILE *out, const wh_game_t *g, uint32_t tile);

#endif
