/*
** players.h -- the built-in players of `wonders play` and `simulate`, and a
** wrapper that writes every decision into a record.
*/
#ifndef WR_PLAYERS_H
#define WR_PLAYERS_H

#include "../playout.h"
#include "mcts.h"
#include "record.h"

typedef enum wr_kind { WR_RANDOM, WR_GREEDY, WR_THRIFTY, WR_PLANNER, WR_MCTS, WR_N_KINDS } wr_kind_t;

/** Games a wr_seats needs in its scratch array. */
#define WR_SCRATCH_GAMES 2

/** "random", "greedy", "thrifty", "planner", "mcts"; -1 for an unknown name. */
int wr_kind_parse(const char *name);

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
    wr_mcts   *mcts;     /* the mcts seats' search (wr_mcts_new), shared by them; NULL: an mcts
                            seat decides as a planner (a caller that gives no search) */
    /* recording: where decisions are written, when set */
    wr_turn   *turn;
    wr_place   placed[WR_MAX_EXTRA + 1]; /* this turn's placements, in order */
    int        n_placed;
} wr_seats;

/**
 * After a recorded turn: its last placement is the turn's tile, earlier
 * ones the fallback's extra tiles; none means the player passed.
 */
void wr_seats_finish_turn(wr_seats *seats);

/**
 * The search the mcts seats among the first @p players of @p seats share,
 * giving each decision @p think play-outs (wr_mcts_new); NULL when no seat
 * is mcts.  The caller frees it with wr_mcts_free.
 */
wr_mcts *wr_seats_search(const wr_seats *seats, int players, long think);

/** Players that dispatch each decision to its player's seat. */
wh_players_t wr_seats_players(wr_seats *seats);

#endif
