/*
** princess_dragon.h -- what the files of The Princess & the Dragon share
** (docs/rules.md, "The Princess & the Dragon"): the dragon (dragon.c), the
** fairy (fairy.c), the princess (princess.c), the magic portal (portal.c)
** and the box's table of hooks (box.c).  Its state is g->pd; no other box
** includes this header.
*/
#ifndef WH_PRINCESS_DRAGON_H
#define WH_PRINCESS_DRAGON_H

#include "../box.h"

static inline bool wh_pd_rule(const wh_game_t *g, wh_rule_t rule)
{
    return (g->rules & WH_RULE_BIT(rule)) != 0;
}

/* Whether the fairy keeps the dragon off placed tile p (P11, F2: the whole
** tile, a wonder's 5 squares). */
static inline bool wh_fairy_guards(const wh_game_t *g, uint16_t placed)
{
    return g->pd.fairy_on && g->pd.fairy_tile == placed;
}

/* dragon.c */
/* Placed tile p was just placed: a volcano takes the dragon (P4), a dragon
   tile starts a flight (P6, P7). */
void wh_dragon_tile_placed(wh_game_t *g, uint16_t placed);
/* Finish the flight under way, each step the first one possible. */
void wh_dragon_finish(wh_game_t *g);

/* fairy.c */
/* The current player's turn starts: the fairy's point (P13). */
void wh_fairy_turn_start(wh_game_t *g, const wh_score_sink_t *sink);
/* Feature `root` is being scored, its figures still on it: the fairy's 3
   points when its follower is one of them (P14). */
void wh_fairy_scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root);
/* The current player's abbot, taken back from feature `root` this turn, is
   being scored: the fairy's 3 points when it stood beside that abbot (P14). */
void wh_fairy_recalled(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root);

#endif
