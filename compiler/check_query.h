/*
** check_query.h -- the effect language's questions about the board, typed,
** bounded and lowered (check_query.c): what check_expr.c calls for an
** aggregate, a distance, lines(k) or a value table.  Their parts are
** lowered through L->lower, the expression lowering check_effect.c hands
** down (check_expr.h).
*/
#ifndef WC_CHECK_QUERY_H
#define WC_CHECK_QUERY_H

#include "effect_lower.h"

/** count, sum, max, min over a set of the board. */
wc_val wc_lower_aggregate(wc_lower *L, const wc_expr *e);
/** dist(a, b) and around(a, b). */
wc_val wc_lower_pair(wc_lower *L, const wc_expr *e);
/** lines(k). */
wc_val wc_lower_lines(wc_lower *L, const wc_expr *e);
/** players(...) and tiles(...), the value tables. */
wc_val wc_lower_table(wc_lower *L, const wc_expr *e);

#endif
