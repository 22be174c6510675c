/*
** check_effect.h -- a wonder's effect block: checked and lowered.
*/
#ifndef WC_CHECK_EFFECT_H
#define WC_CHECK_EFFECT_H

#include "ast.h"

#define WC_MAX_VALUE_ROWS   16   /* rows of one value table */
#define WC_MAX_EFFECT_ROWS  64   /* value-table rows of one effect */
#define WC_MAX_EFFECT_NODES 1024 /* expression nodes of one effect */

/* One effect, lowered: every index (handlers' when and body, children,
** counter_init, a TABLE node's first row) counts from 0 here; the tile's
** lowering shifts them to where the effect lands in the tile set's tables. */
typedef struct wc_effect_out {
    wh_effect_t       effect;
    wh_handler_t      handlers[WH_MAX_HANDLERS];
    wh_expr_t         nodes[WC_MAX_EFFECT_NODES];
    wc_loc            at[WC_MAX_EFFECT_NODES]; /* where each node was written */
    size_t            n_nodes;
    char              counter_names[WH_MAX_COUNTERS * 65]; /* comma-separated, as declared */
    wh_effect_value_t rows[WC_MAX_EFFECT_ROWS];
    size_t            n_rows;
} wc_effect_out;

/**
 * Check the effect of @p tile (which has one) and lower it into @p out.
 * Every problem is reported to @p d with its location.
 * @returns @c true when the effect is well-typed and fits the tables.
 */
bool wc_check_effect(wc_diag *d, const wc_tile *tile, wc_effect_out *out);

/** The words a completed() or scored() event accepts for its kind; *n gets their number. */
const char *const *wc_event_kind_words(size_t *n);

/** The rules a wonder may change (`rule hand ...`); *n gets their number. */
const char *const *wc_rule_words(size_t *n);

#endif
