/*
** figures.c -- what a player puts on the tile just placed: meeples, the
** large meeple (Inns & Cathedrals), the abbot (the Abbot), the builder and
** the pig (Traders & Builders), the marker on a wonder (docs/rules.md).  A
** meeple option names a figure and a local feature (WH_OPTION), or an
** action a box offers instead of a figure (the figure field 7: the abbot
** taken back), so one list offers every choice.  Which figures a player
** has and what else forbids one are the boxes' (box.h).
*/
#include "box.h"

const char *wh_figure_word(wh_figure_t figure)
{
    static const char *const words[WH_N_FIGURES] = {
#define WH_FIGURE_WORD(f, word) word,
        WH_FIGURE_LIST(WH_FIGURE_WORD)
#undef WH_FIGURE_WORD
    };
    return (unsigned)figure < WH_N_FIGURES ? words[figure] : NULL;
}

static const wh_placed_t *last_tile(const wh_game_t *g)
{
    return &g->placed[g->n_placed - 1];
}

/* The current player's figures of a kind in supply. */
static uint8_t in_supply(const wh_game_t *g, unsigned figure)
{
    return wh_figure_supply_const(g, figure)[g->current];
}

/* The kinds of feature each figure may stand on: nobody on a wonder's area
** or on the river; only the abbot on a garden, and the abbot nowhere else
** but on a monastery (docs/rules.md, "The Abbot"); the builder on a road or
** a city (T5), the pig on a field (T11). */
#define KIND(k) (1u << WH_KIND_##k)
static const unsigned stands_on[WH_N_FIGURES] = {
    [WH_FIGURE_MEEPLE] = KIND(CITY) | KIND(ROAD) | KIND(FIELD) | KIND(MONASTERY),
    [WH_FIGURE_LARGE] = KIND(CITY) | KIND(ROAD) | KIND(FIELD) | KIND(MONASTERY),
    [WH_FIGURE_ABBOT] = KIND(MONASTERY) | KIND(GARDEN),
    [WH_FIGURE_BUILDER] = KIND(CITY) | KIND(ROAD),
    [WH_FIGURE_PIG] = KIND(FIELD),
};
#undef KIND

unsigned wh_figure_stands_on(unsigned figure)
{
    return figure < WH_N_FIGURES ? stands_on[figure] : 0;
}

static bool special(unsigned figure)
{
    return figure == WH_FIGURE_BUILDER || figure == WH_FIGURE_PIG;
}

/* Why `figure` may not be placed on the tile just placed now, whatever
** the feature, or WH_OK. */
static wh_status_t figure_check(const wh_game_t *g, const wh_tile_t *t, unsigned figure)
{
    if (g->phase != WH_PHASE_MEEPLE || g->closed)
        return WH_ERR_PHASE; /* P2: the figures come before the dragon's flight */
    if (figure >= WH_N_FIGURES)
        return WH_ERR_RANGE;
    wh_status_t s = wh_boxes_figure_check(g, t, figure);
    if (s != WH_OK)
        return s;
    if (t->flags & g->bare_flags) /* a box's tile that holds no figure the turn it is placed: the volcano */
        return WH_ERR_NOT_A_FEATURE;
    /* an action taken instead of a figure (the abbot, the fairy, the princess) */
    if (g->acted || g->meeples_placed >= (t->kind == WH_TILE_WONDER ? 2 : 1))
        return WH_ERR_MEEPLE_LIMIT;
    /* T5, T11: the builder or the pig is placed instead of a meeple; W: "If
    ** you place a wooden meeple on the wonder tile, you cannot place your
    ** builder or your pig instead of a second wooden meeple." */
    if (g->special || (special(figure) && g->meeples_placed))
        return WH_ERR_MEEPLE_LIMIT;
    if (in_supply(g, figure) == 0)
        return WH_ERR_NO_MEEPLE;
    if (g->n_meeples >= WH_MAX_MEEPLES)
        return WH_ERR_CAPACITY;
    return WH_OK;
}

/* Why the current player's builder or pig may not join feature `root`
** (its kind checked), or WH_OK.  T5: "on a road or city segment whose
** feature already holds at least one of that player's own followers ...
** nor on a completed feature"; T11: a field "where that player already has
** at least one farmer". */
static __attribute__((noinline)) wh_status_t special_check(const wh_game_t *g, uint16_t root, unsigned figure)
{
    if (figure == WH_FIGURE_BUILDER && g->open[root] == 0)
        return WH_ERR_COMPLETED;
    if (!g->meeples[root])
        return WH_ERR_NO_FOLLOWER; /* nobody at all: no search */
    for (uint32_t i = 0; i < g->n_meeples; i++) {
        const wh_meeple_t *m = &g->meeple[i];
        if (m->player == g->current && wh_follower(m->figure) && wh_find_const(g, m->node) == root)
            return WH_OK;
    }
    return WH_ERR_NO_FOLLOWER;
}

/* Why `figure` may not stand on local feature `local` of the tile just
** placed, figure_check passed, or WH_OK.  Asked of every feature of every
** tile for every figure dealt: inline, its rare case (special_check) not. */
static inline __attribute__((always_inline)) wh_status_t feature_check(const wh_game_t *g, const wh_placed_t *pl, unsigned figure, unsigned local)
{
    if (!((1u << g->kind[pl->first_node + local]) & stands_on[figure]))
        return WH_ERR_NOT_A_FEATURE;
    /* the boxes' say on the feature part (a wonder's forbid rule) */
    if (!wh_boxes_node_allowed(g, (uint16_t)(pl->first_node + local)))
        return WH_ERR_FORBIDDEN;
    uint16_t root = wh_find_const(g, (uint16_t)(pl->first_node + local));
    if (special(figure))
        return special_check(g, root, figure);
    if (g->meeples[root])
        return WH_ERR_FEATURE_OCCUPIED;
    return WH_OK;
}

wh_status_t wh_option_check(const wh_game_t *g, unsigned option)
{
    if (WH_OPTION_FIGURE(option) == WH_OPTION_ACTION) {
        if (g->phase != WH_PHASE_MEEPLE || g->closed)
            return WH_ERR_PHASE;
        wh_status_t s = wh_boxes_action_check(g, option);
        return s == WH_ERR_RANGE ? WH_ERR_NO_MEEPLE : s; /* no box in play has it: nothing to take it with */
    }
    if (g->phase != WH_PHASE_MEEPLE)
        return WH_ERR_PHASE;
    const wh_placed_t *pl = last_tile(g);
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    unsigned figure = WH_OPTION_FIGURE(option), local = WH_OPTION_LOCAL(option);
    if (local >= t->n_features)
        return WH_ERR_RANGE;
    wh_status_t s = figure_check(g, t, figure);
    return s != WH_OK ? s : feature_check(g, pl, figure, local);
}

size_t wh_game_meeple_options(const wh_game_t *g, uint8_t *out, size_t cap)
{
    if (g->phase != WH_PHASE_MEEPLE)
        return 0;
    const wh_placed_t *pl = last_tile(g);
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    size_t n = 0;
    /* the figures dealt in this game only: without the expansions' rules, meeples, one pass */
    for (unsigned dealt = g->figures_dealt; dealt; dealt &= dealt - 1) {
        unsigned figure = (unsigned)__builtin_ctz(dealt);
        if (!in_supply(g, figure) || figure_check(g, t, figure) != WH_OK) /* none: the cheap test first */
            continue;
        for (uint32_t f = 0; f < t->n_features; f++)
            if (feature_check(g, pl, figure, f) == WH_OK) {
                if (n < cap)
                    out[n] = WH_OPTION(figure, f);
                n++;
            }
    }
    return wh_boxes_actions(g, out, cap, n);
}

void wh_lonely_specials(wh_game_t *g)
{
    for (uint32_t i = g->n_meeples; i-- > 0;) {
        const wh_meeple_t *s = &g->meeple[i];
        if (wh_follower(s->figure))
            continue;
        uint16_t root = wh_find(g, s->node);
        bool held = false;
        for (uint32_t j = 0; j < g->n_meeples && !held; j++)
            held = g->meeple[j].player == s->player && wh_follower(g->meeple[j].figure) &&
                   wh_find(g, g->meeple[j].node) == root;
        if (held)
            continue;
        g->meeples[root]--;
        wh_figure_supply(g, s->figure)[s->player]++;
        g->meeple[i] = g->meeple[--g->n_meeples];
    }
}

wh_status_t wh_game_place_meeple(wh_game_t *g, uint8_t option)
{
    wh_status_t s = wh_option_check(g, option);
    return s != WH_OK ? s : wh_game_place_option(g, option);
}

wh_status_t wh_game_place_option(wh_game_t *g, uint8_t option)
{
    if (WH_OPTION_FIGURE(option) == WH_OPTION_ACTION) {
        wh_boxes_action_play(g, option);
        return WH_OK;
    }
    unsigned figure = WH_OPTION_FIGURE(option);
    uint16_t node = (uint16_t)(last_tile(g)->first_node + WH_OPTION_LOCAL(option));
    g->meeple[g->n_meeples++] = (wh_meeple_t){node, g->current, (uint8_t)figure};
    g->turn_meeple[g->meeples_placed] = node;
    g->meeples[wh_find(g, node)]++;
    wh_figure_supply(g, figure)[g->current]--;
    g->meeples_placed++;
    g->special = special(figure);
    WH_BOXES_CALL(g, figure_placed, g, figure);
    return WH_OK;
}

wh_status_t wh_game_place_marker_figure(wh_game_t *g, wh_figure_t figure)
{
    if (g->phase != WH_PHASE_MEEPLE)
        return WH_ERR_PHASE;
    wh_placed_t *pl = &g->placed[g->n_placed - 1];
    /* a wooden meeple: a meeple or the large meeple, never the abbot, the
    ** builder or the pig (W's list of the figures on a wonder tile) */
    if (wh_tile_of(g, pl->tile)->kind != WH_TILE_WONDER ||
        ((unsigned)figure < WH_N_FIGURES && figure != WH_FIGURE_MEEPLE && figure != WH_FIGURE_LARGE))
        return WH_ERR_NOT_A_FEATURE;
    if ((unsigned)figure >= WH_N_FIGURES)
        return WH_ERR_RANGE;
    if (pl->marked)
        return WH_ERR_MEEPLE_LIMIT;
    if (in_supply(g, figure) == 0)
        return WH_ERR_NO_MEEPLE;
    pl->marked = 1;
    wh_figure_supply(g, figure)[g->current]--;
    g->markers[g->current]++;
    return WH_OK;
}

wh_status_t wh_game_place_marker(wh_game_t *g)
{
    return wh_game_place_marker_figure(g, WH_FIGURE_MEEPLE);
}

int wh_game_figures(const wh_game_t *g, int player, wh_figure_t figure)
{
    if (player < 0 || player >= g->n_players || (unsigned)figure >= WH_N_FIGURES)
        return 0;
    return wh_figure_supply_const(g, figure)[player];
}
