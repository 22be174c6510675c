/*
** effects.c -- the wonders' effects, run from the compiled effect tables
** (runtime/tables.h): at each event, every handler of every wonder on the
** board that listens to it evaluates its condition and runs its body
** (effect_eval.c); and the rule changes an effect declares.  No wonder is
** known here by name (docs/language.md, "Effects").  Nothing is allocated.
*/
#include "effect_eval.h"

#include <stdlib.h>
#include <string.h>

static const wh_effect_t *effect_of(const wh_game_t *g, uint16_t placed)
{
    uint32_t e = g->set->tiles[g->placed[placed].tile].effect;
    return e ? &g->set->effects[e - 1] : NULL;
}

/* ---- events ---------------------------------------------------------------- */

/* Run the handlers for `event` (of a feature of kind `kind`, or WH_NONE)
** with `value` in slot 0, wonder after wonder in the order placed; only
** the wonders `which` names (WH_EFFECTS_BLIND, _WATCHING or _ALL). */
static void fire(wh_game_t *g, const wh_score_sink_t *sink, unsigned event, unsigned kind, int32_t value,
                 uint16_t feature, unsigned which)
{
    if (!(g->events & (1u << event)))
        return;
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        uint8_t owner = g->placed[pw].player;
        if (owner >= g->n_players || !(g->wonder_events[w] & (1u << event)))
            continue; /* a wonder nobody owns (it started the game), or deaf to the event */
        if (!(which & (e->flags & WH_EFFECT_WATCHES_FIGURES ? WH_EFFECTS_WATCHING : WH_EFFECTS_BLIND)))
            continue;
        for (uint32_t k = 0; k < e->n_handlers; k++) {
            const wh_handler_t *h = &g->set->handlers[e->first_handler + k];
            unsigned bit = 1u << (h->index % 8);
            if (h->event != event || (kind != WH_NONE && !(h->kinds >> kind & 1u)) ||
                (event != WH_EVENT_GAME_END && !(h->flags & WH_HANDLER_AT_ONCE) && !wh_effect_started(g, pw)) ||
                ((h->flags & WH_HANDLER_ONCE_TURN) && (g->fired_turn[w] & bit)) ||
                ((h->flags & WH_HANDLER_ONCE_GAME) && (g->fired_game[w] & bit)))
                continue;
            wh_run_t r = {g, sink, g->set->exprs, pw, (uint8_t)w, owner, (uint8_t)event, feature, {value, 0, 0, 0}, false};
            if (h->when != WH_NO_EXPR && (!wh_run_value(&r, h->when) || r.failed))
                continue;
            g->fired_turn[w] |= (uint8_t)bit;
            g->fired_game[w] |= (uint8_t)bit;
            wh_run_exec(&r, h->body);
        }
    }
}

static void apply_rules(wh_game_t *g, uint32_t w);

void wh_effects_placed(wh_game_t *g, uint16_t placed)
{
    const wh_effect_t *e = effect_of(g, placed);
    uint32_t w = g->n_wonders - 1; /* put_tile has just listed it */
    for (uint32_t c = 0; c < e->n_counters && c < WH_MAX_COUNTERS; c++) /* counter_init: none without */
        g->counter[w][c] = g->set->exprs[e->counter_init + c].k;
    for (uint32_t k = 0; k < e->n_handlers; k++)
        g->wonder_events[w] |= (uint8_t)(1u << g->set->handlers[e->first_handler + k].event);
    g->events |= g->wonder_events[w];
    g->events |= 1u << WH_EVENT_TURN_START; /* its rules start then */
    if ((e->flags & WH_EFFECT_AT_ONCE) && g->placed[placed].player < g->n_players)
        apply_rules(g, w); /* `starts now`: from this moment */
}

void wh_effects_tile_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t placed)
{
    fire(g, sink, WH_EVENT_TILE_PLACED, WH_NONE, placed, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

void wh_effects_meeple_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t node)
{
    if (!(g->events & (1u << WH_EVENT_MEEPLE_PLACED)))
        return;
    for (uint32_t i = g->n_meeples; i-- > 0;) /* the last figure put there is this turn's */
        if (g->meeple[i].node == node && g->meeple[i].player == g->current) {
            fire(g, sink, WH_EVENT_MEEPLE_PLACED, WH_NONE, (int32_t)i, node, WH_EFFECTS_ALL);
            return;
        }
}

void wh_effects_completed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    fire(g, sink, WH_EVENT_COMPLETED, g->kind[root], root, root, WH_EFFECTS_ALL);
}

void wh_effects_scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    fire(g, sink, WH_EVENT_SCORED, g->kind[root], root, root, WH_EFFECTS_ALL);
}

void wh_effects_turn_end(wh_game_t *g, const wh_score_sink_t *sink)
{
    fire(g, sink, WH_EVENT_TURN_END, WH_NONE, g->current, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

/* Wonder w's rule changes, applied once: at the start of the owner's next
** turn, or as it is placed with `starts now`. */
static void apply_rules(wh_game_t *g, uint32_t w)
{
    uint16_t pw = g->wonder[w];
    const wh_effect_t *e = effect_of(g, pw);
    uint8_t p = g->placed[pw].player;
    g->ruled |= (uint16_t)(1u << w);
    g->supply[p] = (uint8_t)(g->supply[p] + e->supply);
    bool scoped = e->weight_kinds || e->weight_within != WH_NONE || e->weight_phase != WH_WEIGHT_ALWAYS;
    for (size_t f = 0; f < sizeof e->weight; f++) /* the followers; the builder and pig weigh 0 */
        if (e->weight[f] && !scoped)
            g->strength[p][f] = e->weight[f];
    if (scoped)
        g->weighing |= (uint16_t)(1u << w); /* weighed majority by majority: wh_effects_weight */
    if (e->reserve)
        g->reserving |= (uint16_t)(1u << w);
    if (e->forbid != WH_FORBID_NONE)
        g->forbidding |= (uint16_t)(1u << w);
}

/* The rule changes of the current player's wonders whose effects start
** now. */
static void start_rules(wh_game_t *g)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        if (!(g->ruled & (1u << w)) && g->placed[pw].player == g->current && wh_effect_started(g, pw))
            apply_rules(g, w);
    }
}

bool wh_effects_reserved(const wh_game_t *g, int x, int y)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        if (!(g->reserving & (1u << w)))
            continue;
        const wh_placed_t *pl = &g->placed[g->wonder[w]];
        if (pl->player == g->current)
            continue;
        unsigned reach = effect_of(g, g->wonder[w])->reserve;
        const wh_square_t *sq = wh_squares_of(g, pl);
        for (uint32_t i = 0; i < wh_tile_of(g, pl->tile)->n_squares; i++) {
            int sx, sy;
            wh_square_cell(&sq[i], pl, &sx, &sy);
            if ((unsigned)abs(sx - x) <= reach && (unsigned)abs(sy - y) <= reach)
                return true;
        }
    }
    return false;
}

uint8_t wh_effects_weight(const wh_game_t *g, uint16_t root, uint8_t player, uint8_t figure, bool final)
{
    for (uint32_t w = 0; w < g->n_wonders && figure < 3; w++) {
        uint16_t pw = g->wonder[w];
        if (!(g->weighing & (1u << w)) || g->placed[pw].player != player)
            continue;
        const wh_effect_t *e = effect_of(g, pw);
        if (!e->weight[figure] || (e->weight_kinds && !(e->weight_kinds >> g->kind[root] & 1u)) ||
            (e->weight_phase == WH_WEIGHT_DURING && final) || (e->weight_phase == WH_WEIGHT_FINAL && !final))
            continue;
        if (e->weight_within == WH_NONE ||
            wh_board_distance(g, false, WH_TYPE_FEATURE | WH_TYPE_TILE << 4, root, pw) <= e->weight_within)
            return e->weight[figure];
    }
    return g->strength[player][figure];
}

bool wh_effects_forbidden(const wh_game_t *g, uint16_t node)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        if (!(g->forbidding & (1u << w)))
            continue;
        const wh_effect_t *e = effect_of(g, g->wonder[w]);
        if ((e->forbid == WH_FORBID_OTHERS && g->placed[g->wonder[w]].player == g->current))
            continue;
        if (e->forbid_kinds && !(e->forbid_kinds >> g->kind[node] & 1u))
            continue;
        if (e->forbid_within == WH_NONE || wh_part_distance(g, node, g->wonder[w]) <= e->forbid_within)
            return true;
    }
    return false;
}

void wh_effects_turn_start(wh_game_t *g, const wh_score_sink_t *sink)
{
    memset(g->fired_turn, 0, sizeof g->fired_turn);
    if (!(g->events & (1u << WH_EVENT_TURN_START)))
        return;
    start_rules(g);
    fire(g, sink, WH_EVENT_TURN_START, WH_NONE, g->current, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

void wh_effects_game_end(wh_game_t *g, const wh_score_sink_t *sink, unsigned which)
{
    fire(g, sink, WH_EVENT_GAME_END, WH_NONE, 0, WH_NO_FEATURE, which);
}

bool wh_effects_watch_figures(const wh_game_t *g)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        const wh_effect_t *e = effect_of(g, g->wonder[w]);
        if (e && (e->flags & WH_EFFECT_WATCHES_FIGURES))
            return true;
    }
    return false;
}
