/*
** effect_lower.c -- what the effect checker's parts share (effect_lower.h):
** the node writer, and the words of its messages.  check_expr.c and
** check_query.c both lower through these; check_expr.c calls the queries
** (check_query.h), and the queries lower their parts through the function
** they are handed (wc_lower.lower), never calling check_expr.c.
*/
#include "effect_lower.h"
#include "../runtime/common/nearest.h"

#include <string.h>

const char *wc_type_text(int type)
{
    static const char *const text[WH_N_TYPES] = {"an int", "a bool", "a player", "a feature",
                                                 "a meeple", "a tile", "a square"};
    return type >= 0 && type < WH_N_TYPES ? text[type] : "an ill-typed value";
}

int wc_word_index(wc_name n, const char *const *words, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (wc_name_is(n, words[i]))
            return (int)i;
    return -1;
}

const char *wc_nearest_word(wc_name n, const char *const *words, size_t count)
{
    size_t lens[64];
    if (count > 64)
        count = 64;
    for (size_t i = 0; i < count; i++)
        lens[i] = strlen(words[i]);
    int k = wu_closest(n.p, n.n, words, lens, count);
    return k < 0 ? NULL : words[k];
}

uint16_t wc_emit(wc_lower *L, wc_loc at, int op, int arg, uint16_t a, uint16_t b, uint16_t c, int32_t k)
{
    if (L->out->n_nodes == WC_MAX_EFFECT_NODES) {
        if (!L->full)
            wc_error(L->d, at, "the effect is too large: it needs more than %d expression nodes",
                     WC_MAX_EFFECT_NODES);
        L->full = true;
        return WH_NO_EXPR;
    }
    L->out->nodes[L->out->n_nodes] = (wh_expr_t){(uint8_t)op, (uint8_t)arg, a, b, c, k};
    L->out->at[L->out->n_nodes] = at;
    return (uint16_t)L->out->n_nodes++;
}
