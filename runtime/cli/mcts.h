/*
** mcts.h -- the `mcts` seat's search: information-set Monte Carlo tree
** search over whole games of the expansion (docs/players.md).
**
** Each play-out copies the position, deals the hidden tiles anew (the draw
** pile and the other players' hands, shuffled together: the searching
** player does not see them) and plays the game to its end through the
** match's own turn flow (runtime/match.h).  Every decision the match asks
** -- a placement, a meeple, a wonder from the track, a tile of a hand --
** is a move of the tree while the play-out is in it (UCT, with each
** child's availability counted as single-observer ISMCTS does), then a
** uniformly random one.  The reward of a move is the final margin of the
** player who made it: their score less the best rival's.  The tree lives
** in a pool allocated once by wr_mcts_new; a play-out allocates nothing.
** One search is deterministic for a given generator state.
*/
#ifndef WR_MCTS_H
#define WR_MCTS_H

#include "../playout.h"

#include <stddef.h>
#include <stdint.h>

typedef struct wr_mcts wr_mcts;

/** The default number of play-outs a decision gets (--think). */
#define WR_MCTS_THINK 1000

/** The most play-outs a decision may get (--think's upper bound). */
#define WR_MCTS_MAX_THINK 1000000

/**
 * A search that gives each decision @p think play-outs (1 to
 * WR_MCTS_MAX_THINK), with its node pool and scratch match; exits with a
 * message when memory runs out (compiler/common/xalloc.h).
 */
wr_mcts *wr_mcts_new(long think);

/** Free a search made by wr_mcts_new (NULL is fine). */
void wr_mcts_free(wr_mcts *t);

/** Play-outs run by @p t since it was made (for the benchmark). */
uint64_t wr_mcts_playouts(const wr_mcts *t);

/**
 * Where the current player of @p m puts @p tile: an index into the @p n
 * legal placements @p options (those wh_game_placements lists, in its
 * order).  The search is seeded from @p rng (one draw).  It also plans the
 * turn's meeples, which wr_mcts_meeple then answers.
 */
size_t wr_mcts_placement(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, uint16_t tile, const wh_placement_t *options,
                         size_t n);

/**
 * The meeple the last placement's search planned among @p n options (@p n
 * for none), or -1 when it has no plan for this decision (the caller
 * decides another way).
 */
int wr_mcts_meeple(wr_mcts *t, const wh_match_t *m, const uint8_t *options, size_t n);

/** Which available wonder @p player takes: an index into m->available. */
size_t wr_mcts_wonder(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, int player);

/** Which of the @p n tiles of a hand that fit (@p hand) the current player places. */
size_t wr_mcts_from_hand(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, const uint16_t *hand, size_t n);

#endif
