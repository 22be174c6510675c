/*
** dragon.c -- The Princess & the Dragon's volcano and dragon (docs/rules.md,
** "The Princess & the Dragon"; shared/reference/expansions-2-3.md, P1-P9,
** and W's rulings D1): the dragon enters at a volcano, flies 6 steps when a
** dragon tile is placed, the players stepping it in turn, and eats the
** figures on every tile it enters.  A wonder is 5 squares for the flight, a
** visited tile once left, and is eaten whole but for its marker, which is no
** figure on a feature.
*/
#include "princess_dragon.h"

static bool rules_on(const wh_game_t *g)
{
    return (g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) != 0;
}

void wh_dragon_tile_placed(wh_game_t *g, uint16_t placed)
{
    g->pd.dragon_left = g->pd.dragon_taken = 0; /* a new turn part: no flight yet */
    if (!rules_on(g))
        return;
    const wh_placed_t *pl = &g->placed[placed];
    unsigned flags = wh_tile_of(g, pl->tile)->flags;
    if (flags & WH_TILE_FLAG_VOLCANO) {
        /* P4: the dragon goes straight onto a volcano, eating nothing */
        g->pd.dragon_on = 1;
        g->pd.dragon_x = pl->x;
        g->pd.dragon_y = pl->y;
    } else if ((flags & WH_TILE_FLAG_DRAGON) && g->pd.dragon_on) {
        /* P6, P7: it flies once the figures are placed; its start is visited */
        g->pd.dragon_left = WH_DRAGON_STEPS;
        g->pd.dragon_taken = 0;
        g->pd.dragon_seen[0][0] = g->pd.dragon_x;
        g->pd.dragon_seen[0][1] = g->pd.dragon_y;
        g->pd.dragon_seen_tile[0] = wh_cell_get(g, g->pd.dragon_x, g->pd.dragon_y)->placed;
    }
}

bool wh_game_dragon(const wh_game_t *g, int *x, int *y)
{
    if (x)
        *x = g->pd.dragon_on ? g->pd.dragon_x : 0;
    if (y)
        *y = g->pd.dragon_on ? g->pd.dragon_y : 0;
    return g->pd.dragon_on != 0;
}

/* Whether the flight may not enter square (x, y) of placed tile p as
** "already visited" (P7).  D1 makes a wonder "one single tile" that
** "represents 5 spaces for the movement": the dragon may walk from square
** to square inside the wonder it stands on, each square once, but a tile
** it has been on and left -- a wonder's every square with it -- is a
** visited tile (docs/rules.md, D1).  For a one-square tile both readings
** are the same. */
static bool visited(const wh_game_t *g, int x, int y, uint16_t p)
{
    if (p != g->pd.dragon_seen_tile[g->pd.dragon_taken]) { /* onto another tile: any square of it seen */
        for (int i = 0; i <= g->pd.dragon_taken; i++)
            if (g->pd.dragon_seen_tile[i] == p)
                return true;
        return false;
    }
    for (int i = 0; i <= g->pd.dragon_taken; i++) /* inside the wonder it is on: that square seen */
        if (g->pd.dragon_seen[i][0] == x && g->pd.dragon_seen[i][1] == y)
            return true;
    return false;
}

/* Whether the flight may go on to square (x, y), next to the dragon: P7,
** to a placed square of a tile not visited in this flight (D1 above); P11,
** "It may not enter the fairy's tile". */
static bool may_enter(const wh_game_t *g, int x, int y)
{
    const wh_cell_t *c = wh_cell_get(g, x, y);
    return c && c->state == CELL_OCCUPIED && !visited(g, x, y, c->placed) && !wh_fairy_guards(g, c->placed);
}

/* The steps the flight may take now, into out[0 .. cap); their number,
** or with `first` 1 as soon as there is one (whether it may go on). */
static size_t steps(const wh_game_t *g, wh_point_t *out, size_t cap, bool first)
{
    /* P2: before the scoring, in the meeple phase; the RGG variant after
    ** it, in the dragon phase (wh_game_score_turn) */
    bool after = (g->rules & WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)) != 0;
    if (!g->pd.dragon_left || g->phase != (after ? WH_PHASE_DRAGON : WH_PHASE_MEEPLE))
        return 0;
    size_t n = 0;
    for (int d = 0; d < 4; d++) {
        int x = g->pd.dragon_x + wh_dx[d], y = g->pd.dragon_y + wh_dy[d];
        if (!may_enter(g, x, y))
            continue;
        if (first)
            return 1;
        if (n < cap)
            out[n] = (wh_point_t){(int16_t)x, (int16_t)y};
        n++;
    }
    return n;
}

size_t wh_game_dragon_steps(const wh_game_t *g, wh_point_t *out, size_t cap)
{
    return steps(g, out, cap, false);
}

int wh_game_dragon_mover(const wh_game_t *g)
{
    if (steps(g, NULL, 0, true) == 0 || wh_game_princess_must(g))
        return -1;
    return (g->current + g->pd.dragon_taken) % g->n_players; /* P7: the placer first, then clockwise */
}

/* P8: every figure standing on placed tile p goes back to its player;
** D1: on a wonder the marker stays (it stands on no feature). */
static void eat(wh_game_t *g, uint16_t p)
{
    bool ate = false;
    for (uint32_t i = g->n_meeples; i-- > 0;) {
        const wh_meeple_t *m = &g->meeple[i];
        if (g->node_placed[m->node] != p)
            continue;
        g->meeples[wh_find(g, m->node)]--;
        wh_figure_supply(g, m->figure)[m->player]++;
        g->meeple[i] = g->meeple[--g->n_meeples];
        ate = true;
    }
    if (ate)
        wh_lonely_specials(g);
}

wh_status_t wh_game_move_dragon(wh_game_t *g, int x, int y)
{
    if (wh_game_dragon_mover(g) < 0)
        return WH_ERR_PHASE;
    int dx = x - g->pd.dragon_x, dy = y - g->pd.dragon_y;
    if (dx * dx + dy * dy != 1 || !may_enter(g, x, y))
        return WH_ERR_RANGE; /* not one of wh_game_dragon_steps */
    g->pd.dragon_x = (int16_t)x;
    g->pd.dragon_y = (int16_t)y;
    g->pd.dragon_taken++;
    g->closed = 1; /* P2: no figure and no action instead of one once it flies */
    g->pd.dragon_left--;
    g->pd.dragon_seen[g->pd.dragon_taken][0] = (int16_t)x;
    g->pd.dragon_seen[g->pd.dragon_taken][1] = (int16_t)y;
    g->pd.dragon_seen_tile[g->pd.dragon_taken] = wh_cell_get(g, x, y)->placed;
    eat(g, g->pd.dragon_seen_tile[g->pd.dragon_taken]);
    return WH_OK;
}

void wh_dragon_finish(wh_game_t *g)
{
    wh_point_t step;
    while (steps(g, &step, 1, false) > 0)
        wh_game_move_dragon(g, step.x, step.y);
    g->pd.dragon_left = 0; /* a dead end ends the flight early (P7) */
}

wh_status_t wh_game_score_turn(wh_game_t *g, const wh_score_sink_t *sink)
{
    /* RGG's variant: the turn is scored, then the dragon flies (the dragon phase) */
    if (g->phase != WH_PHASE_MEEPLE || !wh_pd_rule(g, WH_RULE_DRAGON_AFTER_SCORING))
        return WH_ERR_PHASE;
    wh_turn_score(g, sink);
    g->phase = WH_PHASE_DRAGON;
    return WH_OK;
}
