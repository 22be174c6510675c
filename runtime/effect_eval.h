/*
** effect_eval.h -- one handler's run of the wonders' expression trees, as
** effects.c (the events) and effect_eval.c (the evaluator) share it.
** Internal to the library.
*/
#ifndef WH_EFFECT_EVAL_H
#define WH_EFFECT_EVAL_H

#include "internal.h"

enum { WH_RUN_SLOTS = 4 };
#define WH_RUN_OFF_BOARD 0xFFFFu /* wh_run_t.placed of a wonder taken, not placed (`taken`) */
_Static_assert(WH_MAX_SLOTS <= WH_RUN_SLOTS, "a run keeps every slot the compiler may use");

/* One handler's evaluation: the wonder it belongs to, its variables, and
** whether the statement being run has failed. */
typedef struct wh_run {
    wh_game_t *g;
    const wh_score_sink_t *sink;
    const wh_expr_t *x; /* the tile set's expression table */
    uint16_t placed;    /* the wonder's index in g->placed; WH_RUN_OFF_BOARD before it is placed */
    uint8_t w;          /* its index in g->wonder (WH_MAX_WONDERS off the board: no counters) */
    uint8_t owner;
    uint8_t current;    /* the player whose turn it is (`current`) */
    uint16_t tile;      /* the wonder's tile id, for score events */
    uint8_t event;      /* wh_event_t */
    uint16_t feature;   /* the event's feature, for score events; WH_NO_FEATURE */
    int32_t slot[WH_RUN_SLOTS]; /* a power of two, so a slot index is masked, not divided */
    bool failed;        /* the statement being run overflowed or divided by zero */
} wh_run_t;

/* The value of node i (a condition: 0 or 1); r->failed tells whether its
   arithmetic failed. */
int32_t wh_run_value(wh_run_t *r, uint16_t i);

/* Run statement i and those chained after it; one whose arithmetic fails
   pays nothing and changes no counter, and the next one still runs. */
void wh_run_exec(wh_run_t *r, uint16_t i);

#endif
