/*
** effects.c -- the wonders' effects, run from the compiled effect tables
** (runtime/tables.h): at each event, every handler of every wonder on the
** board that listens to it evaluates its condition and runs its body
** (effect_eval.c); and the rule changes an effect declares.  No wonder is
** known here by name (docs/language.md, "Effects").  Nothing is allocated.
** The wonders' effects are a box (box.h, wh_box_wonders at the end): its
** seams -- a reserve on squares, a figure's weight, a supply, a hand --
** are its hooks and its state is g->effects.
*/
#include "box.h"
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
    if (!(g->effects.events & (1u << event)))
        return;
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        uint8_t owner = g->placed[pw].player;
        if (owner >= g->n_players || !(g->effects.wonder_events[w] & (1u << event)))
            continue; /* a wonder nobody owns (it started the game), or deaf to the event */
        if (!(which & (e->flags & WH_EFFECT_WATCHES_FIGURES ? WH_EFFECTS_WATCHING : WH_EFFECTS_BLIND)))
            continue;
        for (uint32_t k = 0; k < e->n_handlers; k++) {
            const wh_handler_t *h = &g->set->handlers[e->first_handler + k];
            unsigned bit = 1u << (h->index % 8);
            if (h->event != event || (kind != WH_NONE && !(h->kinds >> kind & 1u)) ||
                (event != WH_EVENT_GAME_END && !(h->flags & WH_HANDLER_AT_ONCE) && !wh_effect_started(g, pw)) ||
                ((h->flags & WH_HANDLER_ONCE_TURN) && (g->effects.fired_turn[w] & bit)) ||
                ((h->flags & WH_HANDLER_ONCE_GAME) && (g->effects.fired_game[w] & bit)))
                continue;
            wh_run_t r = {g, sink, g->set->exprs, pw, (uint8_t)w, owner, g->current, g->placed[pw].tile,
                          (uint8_t)event, feature, {value, 0, 0, 0}, false};
            if (h->when != WH_NO_EXPR && (!wh_run_value(&r, h->when) || r.failed))
                continue;
            g->effects.fired_turn[w] |= (uint8_t)bit;
            g->effects.fired_game[w] |= (uint8_t)bit;
            wh_run_exec(&r, h->body);
        }
    }
}

static void apply_rules(wh_game_t *g, uint32_t w);

/* Whether the tree at node i counts lines.  A child past the table is an
** operand, not a node (a table's count of values); a tree cut at the depth
** limit only leaves lines to be counted the slow way (wh_board_lines). */
static bool tree_counts_lines(const wh_tileset_t *set, uint16_t i, int depth)
{
    if (i >= set->n_exprs || depth > WH_MAX_DEPTH)
        return false;
    const wh_expr_t *x = &set->exprs[i];
    return x->op == WH_OP_LINES || tree_counts_lines(set, x->a, depth + 1) ||
           tree_counts_lines(set, x->b, depth + 1) || tree_counts_lines(set, x->c, depth + 1);
}

static bool counts_lines(const wh_tileset_t *set, const wh_effect_t *e)
{
    for (uint32_t k = 0; k < e->n_handlers; k++) {
        const wh_handler_t *h = &set->handlers[e->first_handler + k];
        if (tree_counts_lines(set, h->when, 0) || tree_counts_lines(set, h->body, 0))
            return true;
    }
    return false;
}

static void wonder_put(wh_game_t *g, uint16_t placed)
{
    const wh_effect_t *e = effect_of(g, placed);
    uint32_t w = g->n_wonders - 1; /* put_tile has just listed it */
    for (uint32_t c = 0; c < e->n_counters && c < WH_MAX_COUNTERS; c++) /* counter_init: none without */
        g->effects.counter[w][c] = g->set->exprs[e->counter_init + c].k;
    for (uint32_t k = 0; k < e->n_handlers; k++)
        g->effects.wonder_events[w] |= (uint8_t)(1u << g->set->handlers[e->first_handler + k].event);
    g->effects.events |= g->effects.wonder_events[w];
    g->effects.events |= 1u << WH_EVENT_TURN_START; /* its rules start then */
    if (!g->keeps_lines && counts_lines(g->set, e)) { /* a planner counts them for every move it tries */
        wh_board_keep_lines(g);
        wh_board_mark_lines(g, placed); /* its squares are occupied next */
        wh_box_hooks_on(g, &wh_box_wonders, 1u << WH_HOOK_tile_placed);
    }
    if (g->n_wonders == 1) /* the first wonder on the board: the box listens from now on */
        wh_box_hooks_on(g, &wh_box_wonders, wh_box_wonders.later & ~((1u << WH_HOOK_square_allowed) | (1u << WH_HOOK_node_allowed) |
                                                                 (1u << WH_HOOK_figure_weight) | (1u << WH_HOOK_tile_placed)));
    if ((e->flags & WH_EFFECT_AT_ONCE) && g->placed[placed].player < g->n_players)
        apply_rules(g, w); /* `starts now`: from this moment */
}

/* The hook tile_placed, on while the line masks are kept. */
static void mark_lines(wh_game_t *g, uint16_t placed)
{
    wh_board_mark_lines(g, placed);
}

static void tile_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t placed)
{
    fire(g, sink, WH_EVENT_TILE_PLACED, WH_NONE, placed, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

/* A figure was put on feature node `node` this turn by the current player. */
static void meeple_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t node)
{
    if (!(g->effects.events & (1u << WH_EVENT_MEEPLE_PLACED)))
        return;
    for (uint32_t i = g->n_meeples; i-- > 0;) /* the last figure put there is this turn's */
        if (g->meeple[i].node == node && g->meeple[i].player == g->current) {
            fire(g, sink, WH_EVENT_MEEPLE_PLACED, WH_NONE, (int32_t)i, node, WH_EFFECTS_ALL);
            return;
        }
}

/* The turn's tile and figures: their events, in that order. */
static void turn_events(wh_game_t *g, const wh_score_sink_t *sink)
{
    tile_placed(g, sink, (uint16_t)(g->n_placed - 1));
    for (uint32_t i = 0; i < g->meeples_placed; i++)
        meeple_placed(g, sink, g->turn_meeple[i]);
}

/* A tile drawn to make room for a wonder: placed, no figure on it. */
static void extra_tile(wh_game_t *g, const wh_score_sink_t *sink)
{
    tile_placed(g, sink, (uint16_t)(g->n_placed - 1));
}

static void completed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    fire(g, sink, WH_EVENT_COMPLETED, g->kind[root], root, root, WH_EFFECTS_ALL);
}

/* Only a feature completed in a turn: its `scored` event (docs/language.md). */
static void scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root, wh_scored_as_t as)
{
    if (as == WH_SCORED_COMPLETED)
        fire(g, sink, WH_EVENT_SCORED, g->kind[root], root, root, WH_EFFECTS_ALL);
}

static void turn_end(wh_game_t *g, const wh_score_sink_t *sink)
{
    fire(g, sink, WH_EVENT_TURN_END, WH_NONE, g->current, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

/* Whether the supply rule of `player`'s wonder `tile` held from its taking
** (`starts taken`, wh_effects_taken): then it is not given again, and the
** wonder leaves the list of those taken. */
static bool supplied_early(wh_game_t *g, uint8_t player, uint16_t tile)
{
    uint16_t *early = g->effects.early[player % WH_MAX_PLAYERS];
    for (int i = 0; i < 2; i++)
        if (early[i] == tile + 1u) {
            early[i] = 0;
            return true;
        }
    return false;
}

/* Wonder w's rule changes, applied once (at the start of the owner's next
** turn, or as it is placed with `starts now` or `starts taken`): its supply
** (given at the taking already with `starts taken`), its weights (everywhere,
** or majority by majority through the hook figure_weight), its reserve
** (the hook square_allowed) and its forbid rule (the hook node_allowed). */
static void apply_rules(wh_game_t *g, uint32_t w)
{
    uint16_t pw = g->wonder[w];
    const wh_effect_t *e = effect_of(g, pw);
    uint8_t p = g->placed[pw].player;
    g->effects.ruled |= (uint16_t)(1u << w);
    if (!(e->flags & WH_EFFECT_AT_TAKING) || !supplied_early(g, p, g->placed[pw].tile))
        g->supply[p] = (uint8_t)(g->supply[p] + e->supply);
    bool scoped = e->weight_kinds || e->weight_within != WH_NONE || e->weight_phase != WH_WEIGHT_ALWAYS;
    for (size_t f = 0; f < sizeof e->weight; f++) /* the followers; the builder and pig weigh 0 */
        if (e->weight[f] && !scoped)
            g->strength[p][f] = e->weight[f];
    if (scoped) {
        g->effects.weighing |= (uint16_t)(1u << w);
        wh_box_hooks_on(g, &wh_box_wonders, 1u << WH_HOOK_figure_weight); /* majorities ask it now */
    }
    if (e->reserve) {
        g->effects.reserving |= (uint16_t)(1u << w);
        wh_box_hooks_on(g, &wh_box_wonders, 1u << WH_HOOK_square_allowed); /* placements ask it now */
    }
    if (e->forbid != WH_FORBID_NONE) {
        g->effects.forbidding |= (uint16_t)(1u << w);
        wh_box_hooks_on(g, &wh_box_wonders, 1u << WH_HOOK_node_allowed); /* figure options ask it now */
    }
}

/* The rule changes of the current player's wonders whose effects start
** now. */
static void start_rules(wh_game_t *g)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        if (!(g->effects.ruled & (1u << w)) && g->placed[pw].player == g->current && wh_effect_started(g, pw))
            apply_rules(g, w);
    }
}

/* Whether the cell (x, y) is outside the reach of every wonder's reserve
** rule that holds against the current player (a wonder not theirs). */
static bool square_allowed(const wh_game_t *g, int x, int y)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        if (!(g->effects.reserving & (1u << w)))
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
                return false;
        }
    }
    return true;
}

/* The hook figure_weight: the weight of `player`'s `figure` in the majority
** on feature `root` under the scoped weight rules that hold (docs/language.md,
** "Declarations and rules"), else g->strength's. */
static uint8_t figure_weight(const wh_game_t *g, uint16_t root, uint8_t player, uint8_t figure, bool final)
{
    for (uint32_t w = 0; w < g->n_wonders && figure < 3; w++) {
        uint16_t pw = g->wonder[w];
        if (!(g->effects.weighing & (1u << w)) || g->placed[pw].player != player)
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

/* The hook node_allowed: whether no forbid rule that holds refuses a figure
** of the current player on the feature part `node` (of a kind it names,
** within its reach of the wonder). */
static bool node_allowed(const wh_game_t *g, uint16_t node)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        if (!(g->effects.forbidding & (1u << w)))
            continue;
        const wh_effect_t *e = effect_of(g, g->wonder[w]);
        if ((e->forbid == WH_FORBID_OTHERS && g->placed[g->wonder[w]].player == g->current))
            continue;
        if (e->forbid_kinds && !(e->forbid_kinds >> g->kind[node] & 1u))
            continue;
        if (e->forbid_within == WH_NONE || wh_part_distance(g, node, g->wonder[w]) <= e->forbid_within)
            return false;
    }
    return true;
}

static void turn_start(wh_game_t *g, const wh_score_sink_t *sink)
{
    memset(g->effects.fired_turn, 0, sizeof g->effects.fired_turn);
    if (!(g->effects.events & (1u << WH_EVENT_TURN_START)))
        return;
    start_rules(g);
    fire(g, sink, WH_EVENT_TURN_START, WH_NONE, g->current, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

/* The weights of a weight rule with no place nor phase: the owner's
** strength everywhere. */
static bool weighs_everywhere(const wh_effect_t *e)
{
    return !e->weight_kinds && e->weight_within == WH_NONE && e->weight_phase == WH_WEIGHT_ALWAYS;
}

void wh_effects_taken(wh_game_t *g, const wh_score_sink_t *sink, uint16_t tile, int player, int current)
{
    uint32_t k = tile < g->set->n_tiles ? g->set->tiles[tile].effect : 0;
    if (!k || player < 0 || player >= g->n_players)
        return;
    const wh_effect_t *e = &g->set->effects[k - 1];
    if (e->flags & WH_EFFECT_AT_TAKING) { /* `starts taken`: the rules of the owner's figures alone, now */
        uint16_t *early = g->effects.early[player];
        int slot = early[0] ? 1 : 0; /* a player holds at most two wonders not placed (the variant's) */
        if (e->supply && !early[slot]) {
            early[slot] = (uint16_t)(tile + 1u);
            g->supply[player] = (uint8_t)(g->supply[player] + e->supply);
        }
        for (size_t f = 0; f < sizeof e->weight && weighs_everywhere(e); f++)
            if (e->weight[f])
                g->strength[player][f] = e->weight[f];
    }
    /* its `taken` handlers, off the board: no `wonder`, no counters, no
    ** once-limits (a wonder is taken once); their scores name the tile */
    for (uint32_t i = 0; i < e->n_handlers; i++) {
        const wh_handler_t *h = &g->set->handlers[e->first_handler + i];
        if (h->event != WH_EVENT_TAKEN)
            continue;
        wh_run_t r = {g, sink, g->set->exprs, WH_RUN_OFF_BOARD, WH_MAX_WONDERS, (uint8_t)player, (uint8_t)current,
                      tile, WH_EVENT_TAKEN, WH_NO_FEATURE, {player, 0, 0, 0}, false};
        if (h->when != WH_NO_EXPR && (!wh_run_value(&r, h->when) || r.failed))
            continue;
        wh_run_exec(&r, h->body);
    }
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

/* The hand rule of `player` now: how many tiles they draw (1 without a
** hand rule) and, in *rest, what becomes of those not chosen.  The largest
** hand among the player's started wonders rules. */
int wh_effects_hand(const wh_game_t *g, int player, wh_hand_rest_t *rest)
{
    int size = 1;
    *rest = WH_HAND_KEEP;
    for (uint32_t w = 0; w < g->n_wonders; w++) { /* none in most turns of most games */
        const wh_placed_t *p = &g->placed[g->wonder[w]];
        const wh_effect_t *e = effect_of(g, g->wonder[w]);
        /* a wonder's effect starts on its owner's next turn */
        if (p->player == player && wh_effect_started(g, g->wonder[w]) && e->hand > size) {
            size = e->hand;
            *rest = (wh_hand_rest_t)e->hand_rest;
        }
    }
    return size;
}

static void begin(wh_game_t *g)
{
    memset(&g->effects, 0, sizeof g->effects);
}

/* "you first score the wonders that score at the end" */
static void final_first(wh_game_t *g, const wh_score_sink_t *sink)
{
    wh_effects_game_end(g, sink, WH_EFFECTS_ALL);
}

/* In every game: a tile with an effect may be dealt in any.  Its hooks but
** begin and wonder_put wait for the first wonder on the board (wonder_put),
** square_allowed for the first reserve rule that holds (start_rules),
** tile_placed for the first wonder that counts lines (it keeps their masks). */
const wh_box_t wh_box_wonders = {
    .name = "wonders",
    .rules = 0,
    .later = ~((1u << WH_HOOK_begin) | (1u << WH_HOOK_wonder_put)),
    .begin = begin,
    .square_allowed = square_allowed,
    .node_allowed = node_allowed,
    .figure_weight = figure_weight,
    .wonder_put = wonder_put,
    .tile_placed = mark_lines,
    .turn_events = turn_events,
    .completed = completed,
    .scored = scored,
    .extra_tile = extra_tile,
    .turn_end = turn_end,
    .turn_start = turn_start,
    .final_first = final_first,
};
