/*
** boxes.c -- the boxes a game may be played with, in the order their hooks
** are called at each point of the turn (box.h; docs/runtime.md, "Boxes"),
** and the calls of the hooks that answer a question.
**
** The order is the rules': the River's placement rule before a wonder's
** reserve (a river tile's own refusal is reported first); The Princess &
** the Dragon's refusals of a figure before the others' (the volcano holds
** none, whatever else was done); the Princess & the Dragon's fairy paid
** before a wonder listens to the turn's start or a feature's scoring;
** Traders & Builders' goods taken before a wonder hears the city
** completed; The Tower, which only deals its floors at the start (its
** actions are calls of their own), before the wonders; the wonders'
** effects last, which hear the turn as the boxes left it.
*/
#include "box.h"

const wh_box_t *const wh_boxes[] = {
    &wh_box_river, &wh_box_inns_cathedrals, &wh_box_princess_dragon, &wh_box_abbot, &wh_box_traders_builders,
    &wh_box_tower, &wh_box_wonders,
};
const unsigned wh_n_boxes = sizeof wh_boxes / sizeof *wh_boxes;
_Static_assert(sizeof wh_boxes / sizeof *wh_boxes <= 32, "a box is a bit of wh_game_t.hooked");

/* Bit h: box b has hook h. */
static uint32_t hooks_of(const wh_box_t *b)
{
    uint32_t has = 0;
#define WH_HOOK_HAS(name) has |= (uint32_t)(b->name != NULL) << WH_HOOK_##name;
    WH_HOOK_LIST(WH_HOOK_HAS)
#undef WH_HOOK_HAS
    return has;
}

void wh_boxes_begin(wh_game_t *g)
{
    for (unsigned h = 0; h < WH_BOX_HOOKS; h++)
        g->hooked[h] = 0;
    g->tile_checks = 0;
    for (unsigned b = 0; b < wh_n_boxes; b++) {
        const wh_box_t *box = wh_boxes[b];
        if (box->rules && !(g->rules & box->rules))
            continue;
        for (uint32_t h = hooks_of(box) & ~box->later; h; h &= h - 1)
            g->hooked[__builtin_ctz(h)] |= 1u << b;
        g->tile_checks |= box->tile_flags;
    }
    WH_BOXES_CALL(g, begin, g);
}

/* The index of `box` in wh_boxes[]. */
static unsigned index_of(const wh_box_t *box)
{
    unsigned b = 0;
    while (b < wh_n_boxes && wh_boxes[b] != box)
        b++;
    return b;
}

void wh_box_hooks_on(wh_game_t *g, const wh_box_t *box, uint32_t hooks)
{
    uint32_t bit = 1u << index_of(box);
    for (uint32_t h = hooks & hooks_of(box); h; h &= h - 1)
        g->hooked[__builtin_ctz(h)] |= bit;
}

void wh_box_hooks_off(wh_game_t *g, const wh_box_t *box, uint32_t hooks)
{
    uint32_t bit = 1u << index_of(box);
    for (uint32_t h = hooks; h; h &= h - 1)
        g->hooked[__builtin_ctz(h)] &= ~bit;
}

wh_status_t wh_boxes_action_check(const wh_game_t *g, unsigned option)
{
    for (uint32_t bits = WH_BOXES_WITH(g, action_check); bits; bits &= bits - 1) {
        wh_status_t s = wh_boxes[__builtin_ctz(bits)]->action_check(g, option);
        if (s != WH_ERR_RANGE)
            return s;
    }
    return WH_ERR_RANGE;
}

void wh_boxes_action_play(wh_game_t *g, unsigned option)
{
    for (uint32_t bits = WH_BOXES_WITH(g, action_check); bits; bits &= bits - 1) {
        const wh_box_t *b = wh_boxes[__builtin_ctz(bits)];
        if (b->action_check(g, option) != WH_ERR_RANGE) {
            b->action_play(g, option);
            return;
        }
    }
}

int32_t wh_boxes_unit_points(const wh_game_t *g, uint16_t root, bool end, int32_t points)
{
    for (uint32_t bits = WH_BOXES_WITH(g, unit_points); bits; bits &= bits - 1)
        points = wh_boxes[__builtin_ctz(bits)]->unit_points(g, root, end, points);
    return points;
}

bool wh_boxes_node_allowed_asked(const wh_game_t *g, uint16_t node)
{
    for (uint32_t bits = WH_BOXES_WITH(g, node_allowed); bits; bits &= bits - 1)
        if (!wh_boxes[__builtin_ctz(bits)]->node_allowed(g, node))
            return false;
    return true;
}
