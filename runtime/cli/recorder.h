/*
** recorder.h -- every decision of a match written into a record's turn, by
** wrapping the players that make them (the lab's seats, or any other
** wh_players_t): `wonders play --record` and the tests' recorded games.
*/
#ifndef WR_RECORDER_H
#define WR_RECORDER_H

#include "../match.h"
#include "record.h"

typedef struct wr_recorder {
    wh_players_t inner;  /* who decides */
    wr_turn     *turn;   /* where this turn's decisions go; NULL: none recorded */
    wr_place     placed[WR_MAX_EXTRA + 1]; /* this turn's placements, in order */
    int          n_placed;
} wr_recorder;

/**
 * Players that ask @p inner every decision and write its answer into
 * r->turn when set (wr_recorder_turn): placements, meeples, wonders taken,
 * a marker other than the first offered, the dragon's steps, the fairy,
 * the princess and the portal, as docs/records.md writes them.
 */
wh_players_t wr_recorder_players(wr_recorder *r, wh_players_t inner);

/** The next turn's decisions go to @p turn, whose player is @p player. */
void wr_recorder_turn(wr_recorder *r, wr_turn *turn, int player);

/**
 * After a recorded turn: its last placement is the turn's tile, earlier
 * ones the fallback's extra tiles; none means the player passed.
 */
void wr_recorder_finish_turn(wr_recorder *r);

#endif
