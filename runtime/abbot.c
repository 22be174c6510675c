/*
** abbot.c -- the Abbot and gardens as a box (box.h; docs/rules.md, "The
** Abbot"): each player's abbot, which stands on a monastery or a garden
** (figures.c), gardens scored by their surroundings as monasteries are,
** and the abbot taken back instead of placing a figure, its feature scored
** as at the end of the game.
*/
#include "box.h"

static void begin(wh_game_t *g)
{
    for (int p = 0; p < g->n_players; p++)
        g->abbots[p] = 1;
    g->surrounded |= 1u << WH_KIND_GARDEN; /* a garden is scored as a monastery */
    g->abbot.recalled = WH_NO_FEATURE;
}

/* The current player's abbot on the board: its index in g->meeple, or -1. */
static int abbot_on_board(const wh_game_t *g)
{
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (g->meeple[i].figure == WH_FIGURE_ABBOT && g->meeple[i].player == g->current)
            return (int)i;
    return -1;
}

/* Why the abbot may not be taken back now, or WH_OK (the phase checked by
** figures.c).  R (the Abbot): instead of placing a meeple; W: "If you place
** a wooden meeple on the wonder tile, you cannot remove your abbot instead
** of placing a second wooden meeple."  Nor from a monastery or garden the
** tile just placed has surrounded, which is scored as completed at the end
** of the turn (docs/rules.md, "The Abbot": the 11/2020 ruling); one
** surrounded earlier was scored then, and its abbot went home. */
static wh_status_t recall_check(const wh_game_t *g)
{
    int i = abbot_on_board(g);
    if (i < 0)
        return WH_ERR_NO_MEEPLE;
    if (g->meeples_placed || g->acted)
        return WH_ERR_MEEPLE_LIMIT;
    int m = wh_monastery_of(g, wh_find_const(g, g->meeple[i].node));
    if (m >= 0 && g->monastery[m].neighbours == 8)
        return WH_ERR_COMPLETED;
    return WH_OK;
}

static size_t actions(const wh_game_t *g, uint8_t *out, size_t cap, size_t n)
{
    if (g->phase == WH_PHASE_MEEPLE && !g->closed && recall_check(g) == WH_OK) {
        if (n < cap)
            out[n] = WH_OPTION_RECALL;
        n++;
    }
    return n;
}

static wh_status_t action_check(const wh_game_t *g, unsigned option)
{
    return option == WH_OPTION_RECALL ? recall_check(g) : WH_ERR_RANGE;
}

/* The abbot leaves its monastery or garden, which is scored as at the end
** of the game when the turn is scored (turn_scoring). */
static void action_play(wh_game_t *g, unsigned option)
{
    (void)option;
    int i = abbot_on_board(g);
    uint16_t root = wh_find(g, g->meeple[i].node);
    g->abbot.recalled = root;
    g->acted = 1;
    wh_box_hooks_on(g, &wh_box_abbot, 1u << WH_HOOK_turn_scoring); /* this turn's scoring has it */
    g->meeples[root]--;
    wh_figure_supply(g, WH_FIGURE_ABBOT)[g->current]++;
    g->meeple[i] = g->meeple[--g->n_meeples];
}

/* R (the Abbot): the abbot taken back scores its monastery or garden as at
** the end of the game, 1 + the squares around it, to its player alone;
** then the boxes hear it scored (P14: the fairy beside it). */
static void turn_scoring(wh_game_t *g, const wh_score_sink_t *sink)
{
    uint16_t root = g->abbot.recalled;
    if (root == WH_NO_FEATURE)
        return;
    wh_score_surrounded(g, sink, root, g->current, WH_REASON_ABBOT);
    WH_BOXES_CALL(g, scored, g, sink, root, WH_SCORED_RECALLED);
    g->abbot.recalled = WH_NO_FEATURE;
    wh_box_hooks_off(g, &wh_box_abbot, 1u << WH_HOOK_turn_scoring);
}

const wh_box_t wh_box_abbot = {
    .name = "abbot",
    .rules = WH_RULE_BIT(WH_RULE_ABBOT),
    .later = 1u << WH_HOOK_turn_scoring, /* on in a turn its abbot is taken back */
    .begin = begin,
    .actions = actions,
    .action_check = action_check,
    .action_play = action_play,
    .turn_scoring = turn_scoring,
};
