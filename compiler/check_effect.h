/*
** check_effect.h -- a wonder's effect block: checked and lowered.
*/
#ifndef WC_CHECK_EFFECT_H
#define WC_CHECK_EFFECT_H

#include "ast.h"

#define WC_MAX_VALUE_ROWS 16 /* rows of one value table */

/**
 * Check the effect of @p tile (which has one) and fill @p out and its value
 * rows (at most WC_MAX_VALUE_ROWS).  Every problem is reported to @p d.
 * @returns @c true when the effect is well-typed.
 */
bool wc_check_effect(wc_diag *d, const wc_tile *tile, wh_effect_t *out, wh_effect_value_t *rows, size_t *n_rows);

#endif
