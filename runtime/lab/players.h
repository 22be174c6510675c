/*
** players.h -- the built-in players (seats) of the lab: random, greedy,
** thrifty, planner and the search (mcts), one kind per seat
** (docs/players.md).  They know nothing of records: the command writes the
** decisions they make by wrapping their callbacks (runtime/cli/recorder.h).
*/
#ifndef WR_PLAYERS_H
#define WR_PLAYERS_H

#include "../playout.h"
#include "mcts.h"

typedef enum wr_kind { WR_RANDOM, WR_GREEDY, WR_THRIFTY, WR_PLANNER, WR_MCTS, WR_MCTS_NOREUSE, WR_N_KINDS } wr_kind_t;

/** Games a wr_seats needs in its scratch array. */
#define WR_SCRATCH_GAMES 2

/** "random", "greedy", "thrifty", "planner", "mcts", "mcts-noreuse"; -1 for an unknown name. */
int wr_kind_parse(const char *name);

/**
 * Whether @p kind decides by a search (mcts.h): mcts, and mcts-noreuse, the
 * same search starting every decision from an empty tree.
 */
bool wr_kind_searches(wr_kind_t kind);

/** The name of a kind. */
const char *wr_kind_name(wr_kind_t kind);

/** The names of the @p n kinds of @p kinds joined by @p sep ("planner,greedy"), into @p buf. */
void wr_kinds_text(const wr_kind_t *kinds, int n, const char *sep, char *buf, size_t size);

/* One seat per player, each with its kind; decisions go to the seat of the
** player who makes them. */
typedef struct wr_seats {
    wr_kind_t  kind[WH_MAX_PLAYERS];
    wh_rng_t  *rng;
    wh_game_t *scratch;  /* WR_SCRATCH_GAMES trial positions for the looking-ahead players,
                            zeroed before first use (wh_game_copy writes them) */
    wh_baseline_t base;  /* a planner's: the final scoring before the tile it places */
    wr_mcts   *mcts[WH_MAX_PLAYERS]; /* each seat's own search (wr_seats_searches), told every decision
                            of the game; NULL: an mcts seat decides as a planner (a caller that
                            gives no search) */
} wr_seats;

/**
 * When a seat among the first @p players of @p seats is an mcts kind, a
 * search for each of those seats, spending @p budget on a decision
 * (wr_mcts_new): every seat, since a caller may change the kinds between
 * games (`wonders duel` swaps them).  Freed by wr_seats_free_searches.
 * @returns false when memory ran out (the searches made so far are kept,
 * for wr_seats_free_searches).
 */
bool wr_seats_searches(wr_seats *seats, int players, const wr_mcts_budget *budget);

/** Free the searches of wr_seats_searches (none is fine). */
void wr_seats_free_searches(wr_seats *seats);

/**
 * Players that dispatch each decision to its player's seat, for one game:
 * call it as each game starts.  Each search starts the game with an empty
 * tree, reusing it between decisions for a seat of kind mcts (not
 * mcts-noreuse).
 */
wh_players_t wr_seats_players(wr_seats *seats);

#endif
