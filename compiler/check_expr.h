/*
** check_expr.h -- an effect's expressions typed, bounded and lowered
** (check_expr.c): what check_effect.c calls for a statement's values and a
** handler's condition, and hands down to the questions about the board
** (check_query.c) for their parts, as wc_lower.lower.
*/
#ifndef WC_CHECK_EXPR_H
#define WC_CHECK_EXPR_H

#include "effect_lower.h"

/** Type and lower @p e: its value, or wc_error_val() after a message. */
wc_val wc_lower_expr(wc_lower *L, const wc_expr *e);

#endif
