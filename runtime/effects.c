/*
** effects.c -- the wonders' effects, interpreted from the compiled effect
** tables (runtime/tables.h).  No wonder is known here by name: a trigger,
** its conditions and an amount say everything (docs/language.md, "Effects").
*/
#include "internal.h"

#include <limits.h>
#include <string.h>

static const wh_effect_t *effect_of(const wh_game_t *g, uint16_t placed)
{
    uint32_t e = g->set->tiles[g->placed[placed].tile].effect;
    return e ? &g->set->effects[e - 1] : NULL;
}

/* Effects with the condition start on their owner's next turn. */
static bool active(const wh_game_t *g, const wh_effect_t *e, uint16_t placed)
{
    return !(e->conditions & (1u << WH_COND_AFTER_PLACEMENT)) || wh_effect_started(g, placed);
}

static int32_t value_of(const wh_game_t *g, const wh_effect_t *e)
{
    if (e->value_by == WH_VALUE_CONSTANT)
        return e->constant;
    int n = e->value_by == WH_VALUE_BY_PLAYERS ? g->n_players : wh_game_tiles_in_game(g);
    for (uint32_t i = 0; i < e->n_values; i++) {
        const wh_effect_value_t *v = &g->set->effect_values[e->first_value + i];
        if (v->lo <= n && n <= v->hi)
            return v->value;
    }
    return 0;
}

static bool complete(const wh_game_t *g, uint16_t root)
{
    switch (g->kind[root]) {
    case WH_KIND_CITY:
    case WH_KIND_ROAD:
        return g->open[root] == 0;
    case WH_KIND_MONASTERY: {
        int m = wh_monastery_of(g, root);
        return m >= 0 && g->monastery[m].neighbours == 8;
    }
    default:
        return false;
    }
}

static bool owner_in(const wh_game_t *g, uint16_t root, uint8_t owner)
{
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (g->meeple[i].player == owner && wh_find_const(g, g->meeple[i].node) == root)
            return true;
    return false;
}

/* Whether feature `root` meets condition bits `conds` (and the size bound). */
static bool feature_meets(const wh_game_t *g, uint16_t root, unsigned conds, unsigned min_squares, uint8_t owner)
{
    if ((conds & (1u << WH_COND_OCCUPIED)) && !g->meeples[root])
        return false;
    if ((conds & (1u << WH_COND_UNOCCUPIED)) && g->meeples[root])
        return false;
    if ((conds & (1u << WH_COND_COMPLETE)) && !complete(g, root))
        return false;
    if ((conds & (1u << WH_COND_INCOMPLETE)) && complete(g, root))
        return false;
    if ((conds & (1u << WH_COND_OWNER_IN)) && !owner_in(g, root, owner))
        return false;
    if (min_squares && wh_feature_squares(g, root) < min_squares)
        return false;
    return true;
}

static bool occupied(const wh_game_t *g, int x, int y)
{
    const wh_cell_t *c = wh_cell_get(g, x, y);
    return c && c->state == CELL_OCCUPIED;
}

/* Lines of `n` bit masks holding a run of `run` set bits: a bit still set
** after the mask is ANDed with itself shifted 1 .. run - 1 places. */
static int32_t masks_with_run(const uint64_t *masks, int n, unsigned run)
{
    int32_t lines = 0;
    for (int i = 0; i < n; i++) {
        uint64_t m = masks[i];
        for (unsigned k = 1; k < run && m; k++)
            m &= masks[i] >> k;
        lines += m != 0;
    }
    return lines;
}

/* Rows and columns holding `run` or more consecutive occupied squares,
** the slow way: runs walked from their first square, found through the
** game's list of the hash slots in use. */
static int32_t lines_walked(const wh_game_t *g, unsigned run)
{
    int low[2] = {INT_MAX, INT_MAX}; /* the first column (x) and row (y) */
    for (uint32_t i = 0; i < g->n_cells; i++) {
        const wh_cell_t *c = &g->cells[g->used[i]];
        if (c->state == CELL_OCCUPIED) {
            low[0] = c->x < low[0] ? c->x : low[0];
            low[1] = c->y < low[1] ? c->y : low[1];
        }
    }
    int32_t lines = 0;
    for (int axis = 0; axis < 2; axis++) { /* 0: rows, walked along x; 1: columns, along y */
        int step_x = axis ? 0 : 1, step_y = axis ? 1 : 0, first = axis ? low[0] : low[1];
        /* a connected board spans fewer lines than it has squares */
        uint8_t counted[WH_MAX_CELLS / 8];
        memset(counted, 0, sizeof counted);
        for (uint32_t i = 0; i < g->n_cells; i++) {
            const wh_cell_t *c = &g->cells[g->used[i]];
            if (c->state != CELL_OCCUPIED || occupied(g, c->x - step_x, c->y - step_y))
                continue; /* not the first square of a run */
            unsigned length = 1;
            while (length < run && occupied(g, c->x + (int)length * step_x, c->y + (int)length * step_y))
                length++;
            int line = (axis ? c->x : c->y) - first;
            if (length >= run && line >= 0 && line < WH_MAX_CELLS && !(counted[line / 8] & (1u << (line % 8)))) {
                counted[line / 8] |= (uint8_t)(1u << (line % 8));
                lines++;
            }
        }
    }
    return lines;
}

/* Rows and columns holding `run` or more consecutive occupied squares,
** each row or column counted once (FAQ 1/2025).  A board within 32
** squares of the start tile -- almost every one -- is drawn in one pass
** over the game's list of the hash slots in use as a 64-bit mask per row
** and per column: a planner counts lines for every move it tries, and
** looking squares up in the hash was a fifth of its time.  A bigger one is
** walked.  Allocates nothing. */
static int32_t lines_with_run(const wh_game_t *g, unsigned run)
{
    enum { HALF = 32 }; /* the masks span -HALF .. HALF - 1 on both axes */
    uint64_t rows[2 * HALF], columns[2 * HALF];
    memset(rows, 0, sizeof rows);
    memset(columns, 0, sizeof columns);
    for (uint32_t i = 0; i < g->n_cells; i++) {
        const wh_cell_t *c = &g->cells[g->used[i]];
        if (c->state != CELL_OCCUPIED)
            continue;
        unsigned x = (unsigned)(c->x + HALF), y = (unsigned)(c->y + HALF);
        if (x >= 2 * HALF || y >= 2 * HALF)
            return lines_walked(g, run);
        rows[y] |= 1ull << x;
        columns[x] |= 1ull << y;
    }
    return masks_with_run(rows, 2 * HALF, run) + masks_with_run(columns, 2 * HALF, run);
}

/* How many of the things the counter counts there are now. */
static int32_t count(const wh_game_t *g, const wh_effect_t *e, uint8_t owner)
{
    int32_t n = 0;
    switch (e->counter) {
    case WH_COUNTER_OWNER_MEEPLES:
    case WH_COUNTER_OTHER_MEEPLES:
    case WH_COUNTER_OWNER_FARMERS: {
        uint8_t kind = e->counter == WH_COUNTER_OWNER_FARMERS ? WH_KIND_FIELD : e->counter_kind;
        bool own = e->counter != WH_COUNTER_OTHER_MEEPLES;
        for (uint32_t i = 0; i < g->n_meeples; i++) {
            uint16_t root = wh_find_const(g, g->meeple[i].node);
            if (g->kind[root] == kind && (g->meeple[i].player == owner) == own &&
                feature_meets(g, root, e->counter_conditions, 0, owner))
                n++;
        }
        return n;
    }
    case WH_COUNTER_FEATURES:
        for (uint16_t node = 0; node < g->n_nodes; node++)
            if (g->parent[node] == node && g->kind[node] == e->counter_kind &&
                feature_meets(g, node, e->counter_conditions, e->counter_min, owner))
                n++;
        return n;
    case WH_COUNTER_LINES:
        return lines_with_run(g, e->counter_min);
    default:
        return 1;
    }
}

static void award(wh_game_t *g, const wh_score_sink_t *sink, uint16_t placed, uint16_t feature, int32_t counted,
                  int32_t points)
{
    uint8_t owner = g->placed[placed].player;
    if (owner >= g->n_players)
        return; /* a wonder nobody owns (it started the game) */
    g->score[owner] += points;
    if (sink && sink->event) {
        wh_score_event_t e;
        memset(&e, 0, sizeof e);
        e.reason = WH_REASON_WONDER;
        e.winners = (uint8_t)(1u << owner);
        e.feature = feature;
        e.squares = (uint16_t)counted;
        e.wonder = g->placed[placed].tile;
        e.points = points;
        sink->event(sink->ctx, &e);
    }
}

/* The amount of effect e for its owner, and what it counted. */
static int32_t amount(const wh_game_t *g, const wh_effect_t *e, uint16_t placed, int32_t *counted)
{
    *counted = count(g, e, g->placed[placed].player);
    return value_of(g, e) * *counted;
}

/* Monasteries among the 8 squares around square `sq` of placed tile `pl`
** (a monastery's own square is not around it). */
static int32_t monasteries_around(const wh_game_t *g, const wh_placed_t *pl, const wh_square_t *sq)
{
    int x, y, n = 0;
    wh_square_cell(sq, pl, &x, &y);
    for (uint32_t m = 0; m < g->n_monasteries; m++) { /* W: "A garden does not trigger the Notre-Dame bonus" */
        int dx = g->monastery[m].x - x, dy = g->monastery[m].y - y;
        n += g->monastery[m].kind == WH_KIND_MONASTERY && (dx || dy) && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
    }
    return n;
}

/* Monasteries around the square of a meeple just put on feature `node`.  On
** a feature spanning several squares of a wonder, the player stands it on
** the square of their choice, so the best one counts -- whatever order the
** tile file lists the squares in (docs/rules.md, "Effects"). */
static int32_t monasteries_beside(const wh_game_t *g, uint16_t node)
{
    const wh_placed_t *pl = &g->placed[g->node_placed[node]];
    const wh_square_t *squares = wh_squares_of(g, pl);
    int32_t best = 0;
    for (uint32_t bits = wh_node_feature(g, node)->squares; bits; bits &= bits - 1) {
        int32_t n = monasteries_around(g, pl, squares + __builtin_ctz(bits));
        best = n > best ? n : best;
    }
    return best;
}

void wh_effects_meeple_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t node)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        if (e->trigger != WH_TRIGGER_MEEPLE_PLACED || g->placed[pw].player != g->current || !active(g, e, pw))
            continue;
        int32_t monasteries = 1;
        if (e->conditions & (1u << WH_COND_NEAR_MONASTERY)) {
            monasteries = monasteries_beside(g, node);
            if (!monasteries)
                continue;
        }
        int32_t counted;
        int32_t points = amount(g, e, pw, &counted) * (e->once ? 1 : monasteries);
        award(g, sink, pw, node, counted, points);
    }
}

/* A feature just completed (root), before it is scored as usual. */
void wh_effects_completed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        if (e->trigger != WH_TRIGGER_COMPLETED || e->trigger_kind != g->kind[root] ||
            g->placed[pw].player != g->current || !active(g, e, pw) ||
            !feature_meets(g, root, e->conditions, e->min_squares, g->placed[pw].player))
            continue;
        int32_t counted;
        int32_t points = amount(g, e, pw, &counted);
        award(g, sink, pw, root, counted, points);
    }
}

/* A completed feature is being scored; its meeples are still on it. */
void wh_effects_scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        if (e->trigger != WH_TRIGGER_SCORED || e->trigger_kind != g->kind[root] || !active(g, e, pw) ||
            !feature_meets(g, root, e->conditions, e->min_squares, g->placed[pw].player))
            continue;
        int32_t counted;
        int32_t points = amount(g, e, pw, &counted);
        award(g, sink, pw, root, counted, points);
    }
}

/* Whether effect e can see figures.  Anything not known to be blind to
** them counts as watching, so a new trigger or counter errs on the safe
** side of wh_effects_watch_figures. */
static bool watches_figures(const wh_effect_t *e)
{
    const unsigned figure_conditions =
        1u << WH_COND_OCCUPIED | 1u << WH_COND_UNOCCUPIED | 1u << WH_COND_OWNER_IN;
    bool blind_trigger = e->trigger == WH_TRIGGER_COMPLETED || e->trigger == WH_TRIGGER_GAME_END ||
                         e->trigger == WH_TRIGGER_DRAW;
    bool blind_counter = e->counter == WH_COUNTER_ONE || e->counter == WH_COUNTER_FEATURES ||
                         e->counter == WH_COUNTER_LINES;
    return !blind_trigger || !blind_counter || ((e->conditions | e->counter_conditions) & figure_conditions);
}

void wh_effects_game_end(wh_game_t *g, const wh_score_sink_t *sink, unsigned which)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        if (e->trigger != WH_TRIGGER_GAME_END ||
            !(which & (watches_figures(e) ? WH_EFFECTS_WATCHING : WH_EFFECTS_BLIND)))
            continue;
        int32_t counted;
        int32_t points = amount(g, e, pw, &counted);
        award(g, sink, pw, WH_NO_FEATURE, counted, points);
    }
}

bool wh_effects_watch_figures(const wh_game_t *g)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        const wh_effect_t *e = effect_of(g, g->wonder[w]);
        if (e && watches_figures(e))
            return true;
    }
    return false;
}
