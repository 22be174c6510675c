/*
** effect_lower.h -- what the effect checker's parts share: the scope of
** names, the typed value of an expression, and the node writer.
** check_effect.c walks the effect's items and statements; check_expr.c
** (check_expr.h) types and lowers expressions, check_query.c
** (check_query.h) the questions about the board among them; effect_lower.c
** writes the nodes.  The layers go one way, check_effect -> check_expr ->
** check_query -> effect_lower: a question's own parts are expressions,
** lowered through the function the checker hands down in wc_lower.lower
** (check_expr.c's wc_lower_expr), so check_query.c calls nothing above it.
*/
#ifndef WC_EFFECT_LOWER_H
#define WC_EFFECT_LOWER_H

#include "check_effect.h"

#include <stdint.h>

#define WC_TYPE_ERROR (-1) /* an ill-typed expression, already reported: no further message */

/* A name bound to a slot: the event's value (slot 0) or a loop variable. */
typedef struct wc_binding {
    wc_name  name;
    int      type;  /* wh_type_t */
    unsigned kinds; /* a feature: bit k when it may be of kind k */
    bool     bound;
} wc_binding;

typedef struct wc_lower wc_lower;
typedef struct wc_val wc_val;

struct wc_lower {
    /* types and lowers a part of a question (a set's condition, a summed
    ** value, dist's two ends): wc_lower_expr, set by check_effect.c */
    wc_val       (*lower)(wc_lower *L, const wc_expr *e);
    wc_diag       *d;
    wc_effect_out *out;
    bool           full;  /* the node table ran out: reported once */
    wc_name        counters[WH_MAX_COUNTERS];
    size_t         n_counters;
    wc_binding     slot[WH_MAX_SLOTS];
    int            loops; /* loop variables in scope (slots 1..loops) */
    bool           watches; /* some expression reads where figures stand */
    bool           off_board; /* the handler runs before the wonder is on the board (`taken`):
                                 no `wonder`, no counters */
    const wc_tile *tile;    /* whose effect: its own features' names are not in scope */
    unsigned       errors_at_effect; /* the costs are told of an effect without errors */
};

/* An expression's type, its kinds (features), its bounds and its node.
** A value that is a property of a loop's own member (`c.arms` in a sum
** over cities c), or a sum or a non-negative multiple of such, also says
** how much its values can add up to over every member of that set: what
** the board can hold in all (its features' coats of arms, squares,
** figures), which bounds a sum far below "the largest value times the
** largest set". */
struct wc_val {
    int      type;      /* wh_type_t, or WC_TYPE_ERROR */
    unsigned kinds;
    int64_t  lo, hi;    /* every value it can take lies in [lo, hi] */
    uint16_t node;
    int      total_slot; /* the loop whose members' values add up to at most `total` (0: none) */
    int64_t  total;
};

/* Every feature kind an effect can name: city, road, monastery, garden, field. */
#define WC_ANY_FEATURE                                                                       \
    ((1u << WH_KIND_CITY) | (1u << WH_KIND_ROAD) | (1u << WH_KIND_MONASTERY) |              \
     (1u << WH_KIND_GARDEN) | (1u << WH_KIND_FIELD))

/* Intervals are kept within +-2^31: products of two then fit in 64 bits,
** and anything that large is past every limit already. */
#define WC_BOUND ((int64_t)1 << 31)

static inline int64_t wc_clamp(int64_t v)
{
    return v > WC_BOUND ? WC_BOUND : v < -WC_BOUND ? -WC_BOUND : v;
}

/* An ill-typed value, already reported. */
static inline wc_val wc_error_val(void)
{
    return (wc_val){.type = WC_TYPE_ERROR, .node = WH_NO_EXPR};
}

static inline wc_val wc_val_of(int type, int64_t lo, int64_t hi, uint16_t node)
{
    return (wc_val){.type = type, .lo = lo, .hi = hi, .node = node};
}

/** Append a node; @returns its index (WH_NO_EXPR after reporting a full table at @p at). */
uint16_t wc_emit(wc_lower *L, wc_loc at, int op, int arg, uint16_t a, uint16_t b, uint16_t c, int32_t k);

/** Index of @p n among @p words, or -1 (no report). */
int wc_word_index(wc_name n, const char *const *words, size_t count);

/** The word nearest to @p n among @p words (a plausible typo), or NULL. */
const char *wc_nearest_word(wc_name n, const char *const *words, size_t count);

/** "an int", "a player": a type with its article. */
const char *wc_type_text(int type);

/** Is @p n already a name in scope (a variable, a counter, a word of the language)? */
bool wc_name_taken(const wc_lower *L, wc_name n);

#endif
