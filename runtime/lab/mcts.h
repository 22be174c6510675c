/*
** mcts.h -- the `mcts` seat's search: information-set Monte Carlo tree
** search over whole games of the expansion (docs/players.md).
**
** Each play-out copies the position, deals the hidden tiles anew (the draw
** pile and the other players' hands, shuffled together: the searching
** player does not see them) and plays the game to its end through the
** match's own turn flow (runtime/match.h).  Every decision the match asks
** -- a placement, a meeple, a wonder from the track, a tile of a hand, and
** with The Princess & the Dragon the princess, the portal, the fairy and
** each step of the dragon -- is a move of the tree while the play-out is in
** it (UCT, with each child's availability counted as single-observer ISMCTS
** does), then a uniformly random one (for the expansion's actions, the
** rules' defaults).  The reward of a move is the final
** margin of the player who made it: their score less the best rival's.
**
** A search is one seat's: it is told every decision of the game it is in
** (wr_mcts_seen), whoever makes it, and follows them down its tree, so that
** the seat's decisions that follow a search in the same turn are answered
** from it (wr_mcts_planned) and, with reuse, the next search starts from the
** subtree of the moves played since (docs/players.md says why that is
** valid).  The tree lives in a bounded pool; a play-out allocates nothing.
** A search is deterministic for a given generator state when it has no
** time limit.
*/
#ifndef WR_MCTS_H
#define WR_MCTS_H

#include "../playout.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct wr_mcts wr_mcts;

/** The default number of play-outs a decision gets (--think). */
#define WR_MCTS_THINK 1000

/** The most play-outs a decision may get (--think's upper bound). */
#define WR_MCTS_MAX_THINK 1000000

/** The longest time budget of a decision, in milliseconds (--think-ms's upper bound). */
#define WR_MCTS_MAX_THINK_MS 3600000

/* What a search may spend on one decision: it stops at whichever limit
** comes first. */
typedef struct wr_mcts_budget {
    long think;    /* play-outs, 1 to WR_MCTS_MAX_THINK */
    long think_ms; /* milliseconds of the machine's monotonic clock; 0: no time limit (deterministic) */
} wr_mcts_budget;

/* A decision of the match (runtime/match.h's wh_players_t), as the search
** knows it: which callback asked, and what it showed. */
typedef enum wr_choice_kind {
    WR_CHOICE_PLACEMENT, /* tile, places[n] */
    WR_CHOICE_MEEPLE,    /* meeples[n], or none */
    WR_CHOICE_WONDER,    /* m->available[n] */
    WR_CHOICE_HAND,      /* items[n]: the tiles of the hand that fit */
    WR_CHOICE_DRAGON,    /* steps[n] */
    WR_CHOICE_FAIRY,     /* items[n]: followers (indexes into m->game.meeple), or none */
    WR_CHOICE_PRINCESS,  /* items[n]: knights, or none unless she must */
    WR_CHOICE_PORTAL     /* items[n]: portal options (WH_PORTAL_OPTION), or none */
} wr_choice_kind;

typedef struct wr_choice {
    wr_choice_kind        kind;
    const wh_match_t     *m;
    uint16_t              tile;    /* WR_CHOICE_PLACEMENT: the tile placed */
    const wh_placement_t *places;  /* WR_CHOICE_PLACEMENT */
    const uint8_t        *meeples; /* WR_CHOICE_MEEPLE */
    const wh_point_t     *steps;   /* WR_CHOICE_DRAGON */
    const uint16_t       *items;   /* WR_CHOICE_HAND, _FAIRY, _PRINCESS, _PORTAL */
    size_t                n;       /* the options shown (m->n_available for a wonder) */
} wr_choice;

/**
 * A search that spends @p budget on each decision, with its node pool
 * (at most 2 think + 2 nodes, grown as play-outs need them) and scratch
 * match; NULL when memory runs out.  When the pool cannot grow later, the
 * search goes on in the nodes it has (and without reuse when the kept
 * subtree finds no room): it never fails a decision.  It starts with
 * reuse off.
 */
wr_mcts *wr_mcts_new(const wr_mcts_budget *budget);

/** Free a search made by wr_mcts_new (NULL is fine). */
void wr_mcts_free(wr_mcts *t);

/**
 * A new game for @p t: it forgets its tree; with @p reuse each later search
 * starts from the subtree of the moves played since the last one, when the
 * tree holds them (else from an empty tree, as every search does without).
 */
void wr_mcts_new_game(wr_mcts *t, bool reuse);

/** Play-outs run by @p t since it was made (for the benchmark). */
uint64_t wr_mcts_playouts(const wr_mcts *t);

/**
 * Nodes @p t's searches started from, summed over the searches since it
 * was made: what reuse kept (0 without reuse).  For the tests and
 * docs/players.md's figures.
 */
uint64_t wr_mcts_kept(const wr_mcts *t);

/**
 * Where the current player of @p m puts @p tile: an index into the @p n
 * legal placements @p options (those wh_game_placements lists, in its
 * order).  The search is seeded from @p rng (two draws).  Its tree also
 * plans the rest of the turn, which wr_mcts_planned answers from.
 */
size_t wr_mcts_placement(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, uint16_t tile, const wh_placement_t *options,
                         size_t n);

/** Which available wonder @p player takes: an index into m->available. */
size_t wr_mcts_wonder(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, int player);

/** Which of the @p n tiles of a hand that fit (@p hand) the current player places. */
size_t wr_mcts_from_hand(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, const uint16_t *hand, size_t n);

/**
 * The answer the tree gives to decision @p c where the game stands now (the
 * most visited of its moves there): an index into c's options, c->n for
 * none, or -1 when the tree has no answer (the game has left it, or the
 * search never tried this decision, or for one of the expansion's actions
 * no move was tried twice and more often than the others; the caller
 * decides another way).
 */
int wr_mcts_planned(const wr_mcts *t, const wr_choice *c);

/**
 * Decision @p c of the game was answered @p k (c->n: none), by whichever
 * player: @p t follows it down its tree.  Every decision of the game must
 * be told, in order, for the tree to stay in step with it.
 */
void wr_mcts_seen(wr_mcts *t, const wr_choice *c, size_t k);

#endif
