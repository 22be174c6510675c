/*
** tower.c -- The Tower as a box (box.h; docs/rules.md, "The Tower";
** reference shared/reference/expansions-4-6.md, TW1-TW15, and W's rulings
** W-TW1, W-TW2, W-G3, W-G4): tower floors built on the foundations of the
** board's tiles instead of a figure, each floor's optional capture of a
** follower within the tower's reach, prisoners held and exchanged, the
** ransom, and a meeple closing a tower.
**
** Its actions are calls of their own (wh_game_tower_floor, _close,
** wh_game_ransom), as the fairy's are: they name tiles anywhere on the
** board, which a meeple option of the tile just placed cannot.  What they
** share with the other boxes is the interface's `acted` (an action was
** taken instead of a figure), which every figure and action checks.
*/
#include "box.h"

#include <string.h>

/* TW1: floors by player count (2p 10, 3p 9, 4p 7, 5p 6, 6p 5). */
static const uint8_t floors_dealt[WH_MAX_PLAYERS + 1] = {0, 10, 10, 9, 7, 6, 5};

static void begin(wh_game_t *g)
{
    memset(&g->tower, 0, sizeof g->tower);
    for (int p = 0; p < g->n_players; p++)
        g->tower.floors[p] = floors_dealt[g->n_players];
}

static bool played(const wh_game_t *g)
{
    return (g->rules & WH_RULE_BIT(WH_RULE_TOWER)) != 0;
}

/* The tower standing on tile `placed`, or NULL (a bare foundation or none). */
static const wh_tower_t *tower_on(const wh_game_t *g, unsigned placed)
{
    for (unsigned i = 0; i < g->tower.n_towers; i++)
        if (g->tower.tower[i].placed == placed)
            return &g->tower.tower[i];
    return NULL;
}

static bool has_foundation(const wh_game_t *g, unsigned placed)
{
    return placed < g->n_placed && (wh_tile_of(g, g->placed[placed].tile)->flags & WH_TILE_FLAG_TOWER);
}

/* Why no tower action may be taken now, or WH_OK.  TW2: after the tile,
** instead of a figure, an action (the abbot, the fairy, the princess) or
** a builder or pig; W-G3, W-G4: nor instead of a wonder's second meeple;
** TW14: before the dragon flies. */
static wh_status_t action_check(const wh_game_t *g)
{
    if (!played(g) || g->phase != WH_PHASE_MEEPLE || g->closed)
        return WH_ERR_PHASE;
    if (g->meeples_placed || g->acted || g->special)
        return WH_ERR_PHASE;
    return WH_OK;
}

/* Why a floor may not go on tile `placed`, the phase aside, or WH_OK. */
static wh_status_t floor_check(const wh_game_t *g, unsigned placed)
{
    if (g->tower.floors[g->current] == 0)
        return WH_ERR_NO_FLOOR;
    if (!has_foundation(g, placed))
        return WH_ERR_NO_TOWER;
    const wh_tower_t *t = tower_on(g, placed);
    if (t ? t->top != 0 : g->tower.n_towers >= WH_MAX_TOWERS) /* TW11: closed */
        return WH_ERR_NO_TOWER;
    return WH_OK;
}

size_t wh_game_tower_floor_options(const wh_game_t *g, uint16_t *out, size_t cap)
{
    if (action_check(g) != WH_OK)
        return 0;
    size_t n = 0;
    for (unsigned p = 0; p < g->n_placed; p++) {
        if (floor_check(g, p) != WH_OK)
            continue;
        if (n < cap)
            out[n] = (uint16_t)p;
        n++;
    }
    return n;
}

/* TW6: whether tile `q` has a square in the reach of height `h` of the
** tower on the square (x, y): the same row or column, at most h away.
** W-TW1: a wonder is in reach by any one of its squares. */
static bool in_reach(const wh_game_t *g, unsigned q, int x, int y, int h)
{
    const wh_placed_t *pl = &g->placed[q];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    const wh_square_t *sq = wh_squares_of(g, pl);
    for (unsigned i = 0; i < t->n_squares; i++) {
        int sx, sy;
        wh_square_cell(&sq[i], pl, &sx, &sy);
        if ((sx == x && sy - y <= h && y - sy <= h) || (sy == y && sx - x <= h && x - sx <= h))
            return true;
    }
    return false;
}

/* The height a floor on tile `placed` gives its tower. */
static int height_after(const wh_game_t *g, unsigned placed)
{
    const wh_tower_t *t = tower_on(g, placed);
    return (t ? t->height : 0) + 1;
}

size_t wh_game_tower_captures(const wh_game_t *g, uint16_t placed, uint16_t *out, size_t cap)
{
    if (!played(g) || !has_foundation(g, placed))
        return 0;
    int h = height_after(g, placed), x = g->placed[placed].x, y = g->placed[placed].y;
    size_t n = 0;
    /* TW7: followers only; W-TW2: the marker is none (it stands on no feature) */
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        if (!wh_follower(g->meeple[i].figure) || !in_reach(g, g->node_placed[g->meeple[i].node], x, y, h))
            continue;
        if (n < cap)
            out[n] = (uint16_t)i;
        n++;
    }
    /* TW6, TW11: a meeple on top of another tower (or this one's, closed
    ** it takes no floor) can be taken (reference 2.4) */
    for (unsigned i = 0; i < g->tower.n_towers; i++) {
        const wh_tower_t *t = &g->tower.tower[i];
        if (!t->top || !in_reach(g, t->placed, x, y, h))
            continue;
        if (n < cap)
            out[n] = WH_TOWER_TOP(t->placed);
        n++;
    }
    return n;
}

/* Whether `capture` is one of the targets of a floor on tile `placed`. */
static bool capturable(const wh_game_t *g, uint16_t placed, uint16_t capture)
{
    int h = height_after(g, placed), x = g->placed[placed].x, y = g->placed[placed].y;
    if (WH_TOWER_IS_TOP(capture)) {
        const wh_tower_t *t = tower_on(g, WH_TOWER_TOP_OF(capture));
        return t && t->top && in_reach(g, t->placed, x, y, h);
    }
    return capture < g->n_meeples && wh_follower(g->meeple[capture].figure) &&
           in_reach(g, g->node_placed[g->meeple[capture].node], x, y, h);
}

/* TW5, TW8: `owner`'s follower `figure`, taken by the current player: back
** to an own supply, or a prisoner; TW9: exchanged at once when its owner
** holds one of the capturer's (the capturer's large meeple first, then a
** meeple, then an abbot: a large meeple weighs two in a majority). */
static void take(wh_game_t *g, unsigned owner, unsigned figure)
{
    unsigned c = g->current;
    if (owner == c) {
        wh_figure_supply(g, figure)[c]++;
        return;
    }
    uint8_t *mine = g->tower.prisoners[owner][c];
    static const uint8_t first[3] = {WH_FIGURE_LARGE, WH_FIGURE_MEEPLE, WH_FIGURE_ABBOT};
    for (unsigned k = 0; k < 3; k++)
        if (mine[first[k]]) {
            mine[first[k]]--;
            wh_figure_supply(g, first[k])[c]++;
            wh_figure_supply(g, figure)[owner]++;
            return;
        }
    g->tower.prisoners[c][owner][figure]++;
}

wh_status_t wh_game_tower_floor(wh_game_t *g, uint16_t placed, uint16_t capture)
{
    wh_status_t s = action_check(g);
    if (s == WH_OK)
        s = floor_check(g, placed);
    if (s != WH_OK)
        return s;
    if (capture != WH_NO_CAPTURE && !capturable(g, placed, capture))
        return WH_ERR_RANGE;
    wh_tower_t *t = (wh_tower_t *)tower_on(g, placed);
    if (!t) {
        t = &g->tower.tower[g->tower.n_towers++];
        *t = (wh_tower_t){placed, 0, 0};
    }
    t->height++;
    g->tower.floors[g->current]--;
    g->acted = 1;
    if (capture == WH_NO_CAPTURE)
        return WH_OK;
    if (WH_TOWER_IS_TOP(capture)) { /* TW11: the tower is open again */
        wh_tower_t *top = (wh_tower_t *)tower_on(g, WH_TOWER_TOP_OF(capture));
        unsigned who = (top->top - 1u) / WH_N_FIGURES, figure = (top->top - 1u) % WH_N_FIGURES;
        top->top = 0;
        take(g, who, figure);
        return WH_OK;
    }
    /* TW8: the feature as if the follower had never been there */
    wh_meeple_t m = g->meeple[capture];
    g->meeples[wh_find(g, m.node)]--;
    g->meeple[capture] = g->meeple[--g->n_meeples];
    take(g, m.player, m.figure);
    wh_lonely_specials(g); /* T10: a builder or pig left without its player's follower */
    return WH_OK;
}

wh_status_t wh_game_tower_close(wh_game_t *g, uint16_t placed, wh_figure_t figure)
{
    wh_status_t s = action_check(g);
    if (s != WH_OK)
        return s;
    wh_tower_t *t = placed < g->n_placed ? (wh_tower_t *)tower_on(g, placed) : NULL;
    if (!t || t->top) /* TW3: never a bare foundation; TW11: nor a closed tower */
        return WH_ERR_NO_TOWER;
    if (figure != WH_FIGURE_MEEPLE && figure != WH_FIGURE_LARGE) /* TW4 */
        return WH_ERR_NOT_A_FEATURE;
    uint8_t *supply = wh_figure_supply(g, figure);
    if (supply[g->current] == 0)
        return WH_ERR_NO_MEEPLE;
    supply[g->current]--;
    t->top = (uint8_t)(1u + g->current * WH_N_FIGURES + (unsigned)figure);
    g->acted = 1;
    return WH_OK;
}

size_t wh_game_tower_moves(const wh_game_t *g, uint16_t *out, size_t cap)
{
    uint16_t floors[WH_MAX_PLACED];
    size_t n = wh_game_tower_floor_options(g, floors, WH_MAX_PLACED), k = 0;
    for (size_t i = 0; i < n; i++, k++)
        if (k < cap)
            out[k] = WH_TOWER_MOVE(WH_TOWER_FLOOR, floors[i]);
    if (action_check(g) != WH_OK)
        return k;
    for (unsigned i = 0; i < g->tower.n_towers; i++) {
        const wh_tower_t *t = &g->tower.tower[i];
        if (t->top)
            continue;
        for (unsigned kind = WH_TOWER_CLOSE_MEEPLE; kind <= WH_TOWER_CLOSE_LARGE; kind++) {
            unsigned figure = kind == WH_TOWER_CLOSE_MEEPLE ? WH_FIGURE_MEEPLE : WH_FIGURE_LARGE;
            if (!wh_figure_supply_const(g, figure)[g->current])
                continue;
            if (k < cap)
                out[k] = WH_TOWER_MOVE(kind, t->placed);
            k++;
        }
    }
    return k;
}

wh_status_t wh_game_tower_move(wh_game_t *g, uint16_t move, uint16_t capture)
{
    uint16_t placed = (uint16_t)WH_TOWER_MOVE_PLACED(move);
    switch (WH_TOWER_MOVE_KIND(move)) {
    case WH_TOWER_FLOOR: return wh_game_tower_floor(g, placed, capture);
    case WH_TOWER_CLOSE_MEEPLE: return wh_game_tower_close(g, placed, WH_FIGURE_MEEPLE);
    case WH_TOWER_CLOSE_LARGE: return wh_game_tower_close(g, placed, WH_FIGURE_LARGE);
    default: return WH_ERR_RANGE;
    }
}

size_t wh_game_ransom_options(const wh_game_t *g, uint16_t *out, size_t cap)
{
    if (!wh_game_ransom_open(g) || g->score[g->current] < 3)
        return 0;
    size_t n = 0;
    for (int h = 0; h < g->n_players; h++)
        for (unsigned f = 0; f < 3 && h != g->current; f++) {
            if (!g->tower.prisoners[h][g->current][f])
                continue;
            if (n < cap)
                out[n] = WH_RANSOM(h, f);
            n++;
        }
    return n;
}

bool wh_game_ransom_open(const wh_game_t *g)
{
    return played(g) && g->phase != WH_PHASE_OVER && g->tower.ransom_turn != (uint16_t)(g->turn + 1u);
}

/* One side of a ransom, to the sink. */
static void ransom_event(const wh_score_sink_t *sink, int player, unsigned figure, int32_t points)
{
    if (!sink || !sink->event)
        return;
    wh_score_event_t e;
    memset(&e, 0, sizeof e);
    e.reason = WH_REASON_RANSOM;
    e.winners = (uint8_t)(1u << player);
    e.feature = WH_NO_FEATURE;
    e.wonder = WH_NO_FEATURE;
    e.squares = (uint16_t)figure;
    e.points = points;
    sink->event(sink->ctx, &e);
}

wh_status_t wh_game_ransom(wh_game_t *g, int holder, wh_figure_t figure, const wh_score_sink_t *sink)
{
    if (!wh_game_ransom_open(g))
        return WH_ERR_PHASE;
    unsigned c = g->current;
    if (holder < 0 || holder >= g->n_players || (unsigned)holder == c || (unsigned)figure >= 3 ||
        g->tower.prisoners[holder][c][figure] == 0)
        return WH_ERR_RANGE;
    if (g->score[c] < 3) /* TW10: a score never goes below 0 */
        return WH_ERR_POINTS;
    g->tower.prisoners[holder][c][figure]--;
    wh_figure_supply(g, figure)[c]++;
    g->score[c] -= 3;
    g->score[holder] += 3;
    g->tower.ransom_turn = (uint16_t)(g->turn + 1u);
    ransom_event(sink, (int)c, figure, -3);
    ransom_event(sink, holder, figure, 3);
    return WH_OK;
}

int wh_game_tower_height(const wh_game_t *g, uint16_t placed)
{
    if (!has_foundation(g, placed))
        return -1;
    const wh_tower_t *t = tower_on(g, placed);
    return t ? t->height : 0;
}

int wh_game_tower_top(const wh_game_t *g, uint16_t placed, wh_figure_t *figure)
{
    const wh_tower_t *t = tower_on(g, placed);
    if (!t || !t->top)
        return -1;
    if (figure)
        *figure = (wh_figure_t)((t->top - 1u) % WH_N_FIGURES);
    return (t->top - 1) / WH_N_FIGURES;
}

int wh_game_tower_floors(const wh_game_t *g, int player)
{
    return played(g) && player >= 0 && player < g->n_players ? g->tower.floors[player] : 0;
}

int wh_game_prisoners(const wh_game_t *g, int holder, int owner, wh_figure_t figure)
{
    if (holder < 0 || holder >= g->n_players || owner < 0 || owner >= g->n_players || (unsigned)figure >= 3)
        return 0;
    return g->tower.prisoners[holder][owner][figure];
}

const wh_box_t wh_box_tower = {
    .name = "tower",
    .rules = WH_RULE_BIT(WH_RULE_TOWER),
    .begin = begin,
};
