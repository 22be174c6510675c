/*
** box.c -- The Princess & the Dragon as a box (box.h; docs/runtime.md,
** "Boxes"): where in the turn its volcano, dragon, fairy and princess act.
*/
#include "princess_dragon.h"

#include <string.h>

/* P3: "No meeple and no special figure ... may be placed on it that turn";
** P9: nor where the dragon stands, which a new tile is only then: a tile
** flag figures.c reads (g->bare_flags).  P17's variant: nothing before a
** princess who must act (figure_check, on only then). */
static void begin(wh_game_t *g)
{
    memset(&g->pd, 0, sizeof g->pd); /* P1: the dragon and the fairy start beside the board */
    g->bare_flags |= WH_TILE_FLAG_VOLCANO;
    if (wh_pd_rule(g, WH_RULE_PRINCESS_MUST))
        wh_box_hooks_on(g, &wh_box_princess_dragon, 1u << WH_HOOK_figure_check);
}

static wh_status_t figure_check(const wh_game_t *g, const wh_tile_t *t, unsigned figure)
{
    (void)t, (void)figure;
    return wh_game_princess_must(g) ? WH_ERR_PHASE : WH_OK;
}

/* The figures are done: the variant's princess, left to the rules, sends
** the first knight home; P2: the dragon moves before the scoring (HiG). */
static void before_scoring(wh_game_t *g)
{
    uint16_t knight;
    if (wh_pd_rule(g, WH_RULE_PRINCESS_MUST) && wh_game_princess_must(g) && wh_game_princess_options(g, &knight, 1))
        wh_game_use_princess(g, knight);
    if (!wh_pd_rule(g, WH_RULE_DRAGON_AFTER_SCORING) && g->pd.dragon_left)
        wh_dragon_finish(g);
}

/* RGG's variant: the dragon after the scoring, in the dragon phase. */
static void after_scoring(wh_game_t *g)
{
    if (!wh_pd_rule(g, WH_RULE_DRAGON_AFTER_SCORING))
        return;
    g->phase = WH_PHASE_DRAGON;
    wh_dragon_finish(g);
}

/* A dragon tile drawn to make room for a wonder: its flight, no figure. */
static void extra_tile(wh_game_t *g, const wh_score_sink_t *sink)
{
    (void)sink;
    wh_dragon_finish(g);
}

static void scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root, wh_scored_as_t as)
{
    if (as == WH_SCORED_RECALLED)
        wh_fairy_recalled(g, sink, root);
    else
        wh_fairy_scored(g, sink, root); /* P14: "or at final scoring, and that includes fields" */
}

const wh_box_t wh_box_princess_dragon = {
    .name = "princess_dragon",
    .rules = WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON),
    .later = 1u << WH_HOOK_figure_check,
    .begin = begin,
    .tile_placed = wh_dragon_tile_placed,
    .figure_check = figure_check,
    .before_scoring = before_scoring,
    .scored = scored,
    .after_scoring = after_scoring,
    .extra_tile = extra_tile,
    .turn_start = wh_fairy_turn_start, /* P2: (0) first of the turn */
};
