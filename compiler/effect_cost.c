/*
** effect_cost.c -- a handler's cost (effect_cost.h): every aggregate visits
** each member of its set once per run of what holds it, so a handler costs
** the product of the sizes of the sets nested on its deepest path, at the
** board's limits (runtime/wonders.h).  Each loop's own work (a property, a
** distance) counts as one: the estimate is of the members visited.
*/
#include "effect_cost.h"
#include "../runtime/wonders.h"

int64_t wc_set_size(const wh_expr_t *x)
{
    switch ((unsigned)x->k & 0xFFu) {
    case WH_SET_FEATURES: return WH_MAX_NODES;
    case WH_SET_MEEPLES:
    case WH_SET_FOLLOWERS: return WH_MAX_MEEPLES;
    case WH_SET_PLAYERS: return WH_MAX_PLAYERS;
    default: return WH_MAX_CELLS; /* squares */
    }
}

static bool is_aggregate(const wh_expr_t *x)
{
    return x->op >= WH_OP_COUNT && x->op <= WH_OP_MIN;
}

/* The costliest path under node i; `left` bounds the walk of a damaged table. */
static wc_cost cost_of(const wh_expr_t *x, size_t n, uint16_t i, int left)
{
    wc_cost best = {1, WH_NO_EXPR, WH_NO_EXPR};
    if (i == WH_NO_EXPR || i >= n || left == 0)
        return best;
    const wh_expr_t *e = &x[i];
    uint16_t kids[3] = {e->a, e->op == WH_OP_TABLE ? (uint16_t)WH_NO_EXPR : e->b, e->c};
    for (int k = 0; k < 3; k++) {
        wc_cost c = cost_of(x, n, kids[k], left - 1);
        if (c.members > best.members)
            best = c;
    }
    if (is_aggregate(e)) {
        int64_t size = wc_set_size(e);
        /* the else of max and min runs once, outside the loop */
        wc_cost outside = cost_of(x, n, e->op == WH_OP_MAX || e->op == WH_OP_MIN ? e->c : WH_NO_EXPR, left - 1);
        wc_cost inside = best;
        if (e->c != WH_NO_EXPR && (e->op == WH_OP_MAX || e->op == WH_OP_MIN)) {
            wc_cost a = cost_of(x, n, e->a, left - 1), b = cost_of(x, n, e->b, left - 1);
            inside = a.members > b.members ? a : b;
        }
        wc_cost here = {size * inside.members, inside.inner == WH_NO_EXPR ? i : inside.inner,
                        inside.inner == WH_NO_EXPR ? WH_NO_EXPR : inside.outer == WH_NO_EXPR ? i : inside.outer};
        best = here.members >= outside.members ? here : outside;
    }
    return best;
}

wc_cost wc_handler_cost(const wh_expr_t *x, size_t n, uint16_t a, uint16_t b)
{
    wc_cost ca = cost_of(x, n, a, WH_MAX_DEPTH + 8), cb = cost_of(x, n, b, WH_MAX_DEPTH + 8);
    return ca.members >= cb.members ? ca : cb;
}
