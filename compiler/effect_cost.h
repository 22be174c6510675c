/*
** effect_cost.h -- what a handler can cost: the members its nested sets
** can visit on a board within the limits (docs/language.md, "Cost").
** Read from the compiled nodes, so that the checker warns and `wonderc
** show` tells the same number.
*/
#ifndef WC_EFFECT_COST_H
#define WC_EFFECT_COST_H

#include "../runtime/tables.h"

#include <stddef.h>
#include <stdint.h>

/* A handler whose sets can visit more members than this gets a warning. */
#define WC_COST_WARN 131072

/* The costliest nesting under a node: the product of the sizes of the sets
** on its deepest path, the innermost aggregate of it and the one around
** that (WH_NO_EXPR: none). */
typedef struct wc_cost {
    int64_t  members;
    uint16_t inner, outer;
} wc_cost;

/**
 * The cost of the trees under @p a and @p b (a handler's condition and
 * body; WH_NO_EXPR for none) among the @p n nodes @p x.
 */
wc_cost wc_handler_cost(const wh_expr_t *x, size_t n, uint16_t a, uint16_t b);

/** The most members the set of aggregate node @p x can have. */
int64_t wc_set_size(const wh_expr_t *x);

#endif
