/*
** fairy.c -- The Princess & the Dragon's fairy (docs/rules.md; reference
** shared/reference/expansions-2-3.md, P10-P15, and W's rulings F1-F3): moved
** beside one of the current player's followers instead of placing a
** figure, it keeps the dragon off its whole tile, pays 1 point as its
** player's turn starts and 3 when that follower's feature is scored.  The
** Hans im Glück reading: beside one follower, not on a tile.  The rule
** fairy_on_tile plays RGG's and Z-Man's wording instead: the fairy goes on
** a tile holding one of the player's followers, and pays whoever has a
** follower there (docs/rules.md, "fairy_on_tile", for the reading and its
** sources).
*/
#include "princess_dragon.h"

#include <string.h>

/* RGG's and Z-Man's wording: the fairy is on a tile, beside nobody. */
static bool on_tile(const wh_game_t *g)
{
    return (g->rules & WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE)) != 0;
}

/* Whether follower i is the fairy's: fairy_meeple(g) == i without the
** search, as a feature part holds one follower at most (a figure goes only
** on an unoccupied feature, and parts never merge). */
static bool is_fairys(const wh_game_t *g, uint32_t i)
{
    const wh_meeple_t *m = &g->meeple[i];
    return g->pd.fairy_on && !on_tile(g) && m->node == g->pd.fairy_node && m->player == g->pd.fairy_player &&
           wh_follower(m->figure);
}

/* The fairy's follower: the index of the figure of g->pd.fairy_player on
** g->pd.fairy_node that is a follower, or -1 once it has left (P15), and
** always on a tile (fairy_on_tile), where it is beside no follower. */
static int fairy_meeple(const wh_game_t *g)
{
    if (!g->pd.fairy_on || on_tile(g))
        return -1;
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (is_fairys(g, i))
            return (int)i;
    return -1;
}

/* Whether `player` has a follower standing on placed tile `p` (the whole
** tile: a wonder's 5 squares; the marker stands on no feature and is no
** follower there, F3). */
static bool follower_on(const wh_game_t *g, int player, uint16_t p)
{
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (g->meeple[i].player == player && wh_follower(g->meeple[i].figure) && g->node_placed[g->meeple[i].node] == p)
            return true;
    return false;
}

bool wh_game_fairy_pays(const wh_game_t *g, int player)
{
    if (on_tile(g))
        return g->pd.fairy_on && follower_on(g, player, g->pd.fairy_tile);
    return g->pd.fairy_player == player && fairy_meeple(g) >= 0; /* the cheap test first */
}

bool wh_game_fairy(const wh_game_t *g, int *tile, int *player)
{
    if (tile)
        *tile = g->pd.fairy_on ? g->pd.fairy_tile : -1;
    if (player)
        *player = fairy_meeple(g) >= 0 ? g->pd.fairy_player : -1;
    return g->pd.fairy_on != 0;
}

/* Why the fairy may not move now, or WH_OK. */
static wh_status_t move_check(const wh_game_t *g)
{
    if (!(g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)))
        return WH_ERR_PHASE;
    /* P10: instead of a figure (F1: nor instead of a second wooden meeple);
    ** P2: before the dragon moves */
    if (g->phase != WH_PHASE_MEEPLE || g->meeples_placed || g->acted || g->pd.dragon_taken ||
        wh_game_princess_must(g)) /* P17: nor with the princess */
        return WH_ERR_PHASE;
    return WH_OK;
}

/* fairy_on_tile: whether follower i of the current player is the first of
** theirs on its tile, and that tile is not the fairy's already (the C1
** page: "If the fairy is already on a tile, it may be moved to another"). */
static bool first_on_its_tile(const wh_game_t *g, uint32_t i)
{
    uint16_t p = g->node_placed[g->meeple[i].node];
    if (g->pd.fairy_on && g->pd.fairy_tile == p)
        return false;
    for (uint32_t j = 0; j < i; j++)
        if (g->meeple[j].player == g->current && wh_follower(g->meeple[j].figure) &&
            g->node_placed[g->meeple[j].node] == p)
            return false;
    return true;
}

size_t wh_game_fairy_options(const wh_game_t *g, uint16_t *out, size_t cap)
{
    if (move_check(g) != WH_OK)
        return 0;
    bool tile = on_tile(g);
    size_t n = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        const wh_meeple_t *m = &g->meeple[i];
        if (m->player != g->current || !wh_follower(m->figure) || is_fairys(g, i))
            continue;
        if (tile && !first_on_its_tile(g, i))
            continue; /* one option a tile: the first follower stands for it */
        if (n < cap)
            out[n] = (uint16_t)i;
        n++;
    }
    return n;
}

wh_status_t wh_game_move_fairy(wh_game_t *g, uint16_t meeple)
{
    wh_status_t s = move_check(g);
    if (s != WH_OK)
        return s;
    if (meeple >= g->n_meeples || g->meeple[meeple].player != g->current || !wh_follower(g->meeple[meeple].figure) ||
        is_fairys(g, meeple))
        return WH_ERR_RANGE;
    if (on_tile(g) && g->pd.fairy_on && g->pd.fairy_tile == g->node_placed[g->meeple[meeple].node])
        return WH_ERR_RANGE; /* on its tile already: "moved to another" */
    g->pd.fairy_on = 1;
    g->pd.fairy_player = g->current;
    g->pd.fairy_node = g->meeple[meeple].node;
    g->pd.fairy_tile = g->node_placed[g->pd.fairy_node];
    g->acted = 1;
    return WH_OK;
}

/* Pay `player` `points` for `reason`. */
static void pay_fairy(wh_game_t *g, const wh_score_sink_t *sink, int player, wh_reason_t reason, uint16_t feature,
                      int32_t points)
{
    g->score[player] += points;
    if (sink && sink->event) {
        wh_score_event_t e;
        memset(&e, 0, sizeof e);
        e.reason = (uint8_t)reason;
        e.winners = (uint8_t)(1u << player);
        e.feature = feature;
        e.wonder = WH_NO_FEATURE;
        e.points = points;
        sink->event(sink->ctx, &e);
    }
}

void wh_fairy_turn_start(wh_game_t *g, const wh_score_sink_t *sink)
{
    /* P13: "At the start of your turn, if the fairy is assigned to one of
    ** your meeples, you score 1 point"; on a tile, if one of your
    ** followers stands there: 1 point, however many (once per turn) */
    if (wh_game_fairy_pays(g, g->current))
        pay_fairy(g, sink, g->current, WH_REASON_FAIRY_TURN, WH_NO_FEATURE, 1);
}

void wh_fairy_scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    /* P14: "If it contains the meeple the fairy is assigned to, that
    ** meeple's owner scores 3 extra points, whether or not they win" */
    if (fairy_meeple(g) >= 0 && wh_find(g, g->pd.fairy_node) == root)
        pay_fairy(g, sink, g->pd.fairy_player, WH_REASON_FAIRY, root, 3);
    if (!on_tile(g) || !g->pd.fairy_on)
        return;
    /* on a tile: every player with a follower of the feature standing on
    ** the fairy's tile scores the 3, once whatever their number there */
    uint8_t paid = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        const wh_meeple_t *m = &g->meeple[i];
        if (!wh_follower(m->figure) || g->node_placed[m->node] != g->pd.fairy_tile || (paid >> m->player & 1u) ||
            wh_find(g, m->node) != root)
            continue;
        paid |= (uint8_t)(1u << m->player);
    }
    for (int p = 0; p < g->n_players; p++) /* in seat order: the events' order does not hang on the figures' */
        if (paid >> p & 1u)
            pay_fairy(g, sink, p, WH_REASON_FAIRY, root, 3);
}

void wh_fairy_recalled(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    /* P14 again: the abbot taken back has left the board already, but its
    ** monastery or garden is scored with it; the fairy was beside it when
    ** it stood, for the current player, on that feature (nobody else's
    ** follower can: the feature was the abbot's alone, and nothing has
    ** been placed since).  It stays there, beside nobody (P15). */
    if (!on_tile(g) && g->pd.fairy_on && g->pd.fairy_player == g->current && wh_find(g, g->pd.fairy_node) == root)
        pay_fairy(g, sink, g->current, WH_REASON_FAIRY, root, 3);
    /* on a tile: the abbot stood on its monastery's or garden's tile, the
    ** feature's one tile; it paid if the fairy is there */
    if (on_tile(g) && g->pd.fairy_on && g->node_placed[root] == g->pd.fairy_tile)
        pay_fairy(g, sink, g->current, WH_REASON_FAIRY, root, 3);
}
