/*
** check_expr.c -- the type rules of effect expressions, and their lowering
** to wh_expr_t nodes (docs/design/effects.md, "Types", "Properties").
**
** Each expression gets a type, for a feature the kinds it may be (so that
** `r.arms` on a road is refused), and an interval holding every value it
** can take on a board within runtime/wonders.h's limits: that is how a
** `score` which could pay more than WH_SCORE_LIMIT is refused before any
** game is played.  An ill-typed part is reported once and typed
** WC_TYPE_ERROR, which silences every check that would only repeat it.
** Sets, queries and value tables are check_query.c's.
*/
#include "check_expr.h"
#include "check_query.h"
#include "effect_lower.h"
#include "../runtime/common/nearest.h"
#include "names.h"
#include "words.h"
#include "../runtime/wonders.h"

#include <stdio.h>
#include <string.h>

/* ---- names ---------------------------------------------------------------- */

static const char *const figure_words[WH_N_FIGURES] = {
#define FIGURE_WORD(f, word) word,
    WH_FIGURE_LIST(FIGURE_WORD)
#undef FIGURE_WORD
};

/* The names every effect has, after its variables and counters. */
static const char *const builtin_words[] = {"owner", "current", "wonder", "true", "false"};
enum { N_BUILTINS = sizeof builtin_words / sizeof *builtin_words };

/* The language's own words a name can be: builtins, then kinds, then figures. */
static int language_word(wc_name n)
{
    int k = wc_word_index(n, builtin_words, N_BUILTINS);
    if (k >= 0)
        return k;
    k = wc_word_index(n, wc_kind_words, WH_N_KINDS);
    if (k >= 0)
        return N_BUILTINS + k;
    k = wc_word_index(n, figure_words, WH_N_FIGURES);
    return k >= 0 ? N_BUILTINS + WH_N_KINDS + k : -1;
}

static int counter_index(const wc_lower *L, wc_name n)
{
    for (size_t i = 0; i < L->n_counters; i++)
        if (wc_name_eq(L->counters[i], n))
            return (int)i;
    return -1;
}

/* The innermost slot bound to @p n, or -1. */
static int slot_index(const wc_lower *L, wc_name n)
{
    for (int s = L->loops; s >= 0; s--)
        if (L->slot[s].bound && wc_name_eq(L->slot[s].name, n))
            return s;
    return -1;
}

bool wc_name_taken(const wc_lower *L, wc_name n)
{
    return slot_index(L, n) >= 0 || counter_index(L, n) >= 0 || language_word(n) >= 0;
}

static wc_val name_value(wc_lower *L, const wc_expr *e)
{
    wc_name n = e->name;
    int s = slot_index(L, n);
    if (s >= 0) {
        wc_val v = wc_val_of(L->slot[s].type, 0, 0, wc_emit(L, e->at, WH_OP_VAR, s, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, 0));
        v.kinds = L->slot[s].kinds;
        return v;
    }
    int c = counter_index(L, n);
    if (c >= 0 && L->off_board) {
        wc_error(L->d, n.at, "a 'taken' handler runs before the wonder is on the board, and its counter '%.*s' "
                             "starts when it is placed; count in a handler of another event",
                 (int)n.n, n.p);
        return wc_error_val();
    }
    if (c >= 0)
        return wc_val_of(WH_TYPE_INT, -WH_COUNTER_LIMIT, WH_COUNTER_LIMIT,
                    wc_emit(L, e->at, WH_OP_COUNTER, c, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, 0));
    int w = language_word(n);
    uint16_t none = WH_NO_EXPR;
    switch (w) {
    case 0: return wc_val_of(WH_TYPE_PLAYER, 0, WH_MAX_PLAYERS - 1, wc_emit(L, e->at, WH_OP_OWNER, 0, none, none, none, 0));
    case 1: return wc_val_of(WH_TYPE_PLAYER, 0, WH_MAX_PLAYERS - 1, wc_emit(L, e->at, WH_OP_CURRENT, 0, none, none, none, 0));
    case 2:
        if (L->off_board) {
            wc_error(L->d, n.at, "'wonder' is not on the board yet when it is taken: a 'taken' handler runs before "
                                 "the wonder is placed, so nothing is near it or on it; read the board in a "
                                 "handler of another event ('starts now' runs them from its placing)");
            return wc_error_val();
        }
        return wc_val_of(WH_TYPE_TILE, 0, 0, wc_emit(L, e->at, WH_OP_WONDER, 0, none, none, none, 0));
    case 3: return wc_val_of(WH_TYPE_BOOL, 1, 1, wc_emit(L, e->at, WH_OP_CONST, 0, none, none, none, 1));
    case 4: return wc_val_of(WH_TYPE_BOOL, 0, 0, wc_emit(L, e->at, WH_OP_CONST, 0, none, none, none, 0));
    default: break;
    }
    if (w >= 0) { /* a kind or a figure word: its number */
        int32_t k = w < N_BUILTINS + WH_N_KINDS ? w - N_BUILTINS : w - N_BUILTINS - WH_N_KINDS;
        return wc_val_of(WH_TYPE_INT, k, k, wc_emit(L, e->at, WH_OP_CONST, 0, none, none, none, k));
    }
    /* A name of the tile's own geometry (a feature, a junction, a square):
    ** the effect sees the board, whose features its sets and variables reach. */
    const char *own = NULL;
    for (const wc_feature *f = L->tile ? L->tile->features : NULL; f && !own; f = f->next)
        if (wc_name_eq(f->name, n))
            own = f->kind == WC_KIND_JUNCTION ? "a junction" : f->kind == WH_KIND_AREA ? "an area" : "a feature";
    for (const wc_square *q = L->tile ? L->tile->squares : NULL; q && !own; q = q->next)
        if (q->name.n && wc_name_eq(q->name, n))
            own = "a square";
    if (own) {
        wc_error(L->d, n.at, "'%.*s' is %s of this tile's geometry, not a name in its effect; an effect reads the "
                             "board's features through its event's variable or a set, and places by their distance "
                             "to the wonder, as in 'count(cities c where dist(c, wonder) == 0)'", (int)n.n, n.p, own);
        return wc_error_val();
    }
    /* Unknown: the nearest of every name in scope. */
    const char *cands[WH_MAX_SLOTS + WH_MAX_COUNTERS + N_BUILTINS + WH_N_KINDS + WH_N_FIGURES];
    char names[WH_MAX_SLOTS + WH_MAX_COUNTERS][72];
    size_t n_cands = 0;
    for (int i = 0; i <= L->loops; i++)
        if (L->slot[i].bound) {
            snprintf(names[n_cands], sizeof names[n_cands], "%.*s", (int)L->slot[i].name.n, L->slot[i].name.p);
            cands[n_cands] = names[n_cands];
            n_cands++;
        }
    for (size_t i = 0; i < L->n_counters; i++) {
        snprintf(names[n_cands], sizeof names[n_cands], "%.*s", (int)L->counters[i].n, L->counters[i].p);
        cands[n_cands] = names[n_cands];
        n_cands++;
    }
    for (int i = 0; i < N_BUILTINS; i++)
        cands[n_cands++] = builtin_words[i];
    for (int i = 0; i < WH_N_KINDS; i++)
        cands[n_cands++] = wc_kind_words[i];
    for (int i = 0; i < WH_N_FIGURES; i++)
        cands[n_cands++] = figure_words[i];
    const char *near = wc_nearest_word(n, cands, n_cands);
    const char *alias = near ? NULL : wc_kind_alias(n.p, n.n);
    if (near || alias)
        wc_error(L->d, n.at, "unknown name '%.*s'; did you mean '%s'?", (int)n.n, n.p, near ? near : alias);
    else
        wc_error(L->d, n.at, "unknown name '%.*s'; names here are the event's and the loops' variables, "
                             "the counters, owner, current, wonder, true, false, the kinds and the figures",
                 (int)n.n, n.p);
    return wc_error_val();
}

/* ---- properties ----------------------------------------------------------- */

typedef struct prop_info {
    const char *word;
    int         of, type;
    const char *text;
} prop_info;

static const prop_info props[WH_N_PROPS] = {
#define PROP_INFO(p, word, of, type, text) {word, WH_TYPE_##of, WH_TYPE_##type, text},
    WH_PROP_LIST(PROP_INFO)
#undef PROP_INFO
};

/* Feature kinds a property applies to (WC_ANY_FEATURE: all). */
static unsigned prop_kinds(int prop)
{
    switch (prop) {
    case WH_PROP_ARMS:
    case WH_PROP_CATHEDRAL: return 1u << WH_KIND_CITY;
    case WH_PROP_INN: return 1u << WH_KIND_ROAD;
    case WH_PROP_CITIES:
    case WH_PROP_TOUCHED: return 1u << WH_KIND_FIELD;
    case WH_PROP_OPEN: return (1u << WH_KIND_CITY) | (1u << WH_KIND_ROAD);
    default: return WC_ANY_FEATURE;
    }
}

/* The values a property can take on a board within the limits. */
static void prop_bounds(int prop, int64_t *lo, int64_t *hi)
{
    *lo = 0;
    switch (props[prop].type) {
    case WH_TYPE_BOOL: *hi = 1; return;
    case WH_TYPE_PLAYER: *hi = WH_MAX_PLAYERS - 1; return;
    default: break;
    }
    switch (prop) {
    case WH_PROP_KIND: *hi = WH_N_KINDS - 1; break;
    case WH_PROP_SQUARES:
    case WH_PROP_ARMS: *hi = WH_MAX_CELLS; break;
    case WH_PROP_CITIES:
    case WH_PROP_TOUCHED: *hi = WH_MAX_NODES; break;
    case WH_PROP_FIGURES:
    case WH_PROP_P_MEEPLES: *hi = WH_MAX_MEEPLES; break;
    case WH_PROP_OPEN: *hi = 4 * WH_MAX_CELLS; break;
    case WH_PROP_M_FIGURE: *hi = WH_N_FIGURES - 1; break;
    case WH_PROP_P_SUPPLY: *hi = UINT8_MAX; break;
    case WH_PROP_P_SCORE: *lo = -WH_SCORE_LIMIT; *hi = WH_SCORE_LIMIT; break;
    default: *lo = INT16_MIN; *hi = INT16_MAX; break; /* board coordinates */
    }
}

/* "a city", "a road or a field", "a feature". */
static void kinds_text(unsigned kinds, char *buf, size_t size)
{
    if ((kinds & WC_ANY_FEATURE) == WC_ANY_FEATURE) {
        snprintf(buf, size, "a feature");
        return;
    }
    size_t len = 0;
    buf[0] = '\0';
    int n = 0, total = __builtin_popcount(kinds);
    for (int k = 0; k < WH_N_KINDS && len < size; k++)
        if (kinds & (1u << k)) {
            len += (size_t)snprintf(buf + len, size - len, "%s%s %s", n == 0 ? "" : n + 1 == total ? " or " : ", ",
                                    k == WH_KIND_AREA ? "an" : "a", wc_kind_words[k]);
            n++;
        }
}

/* "cities", "cities or roads". */
static void plural_text(unsigned kinds, char *buf, size_t size)
{
    static const char *const plural[WH_N_KINDS] = {"cities", "roads", "fields", "monasteries", "areas",
                                                   "rivers", "gardens"};
    size_t len = 0;
    buf[0] = '\0';
    int n = 0, total = __builtin_popcount(kinds);
    for (int k = 0; k < WH_N_KINDS && len < size; k++)
        if (kinds & (1u << k)) {
            len += (size_t)snprintf(buf + len, size - len, "%s%s", n == 0 ? "" : n + 1 == total ? " and " : ", ",
                                    plural[k]);
            n++;
        }
}

/* "kind, complete, ... or wins(p)": what a type has. */
static void props_of(int type, char *buf, size_t size)
{
    const char *items[WH_N_PROPS + 3];
    size_t n = 0, len = 0;
    for (int i = 0; i < WH_N_PROPS; i++)
        if (props[i].of == type)
            items[n++] = props[i].word;
    if (type == WH_TYPE_FEATURE) {
        items[n++] = "has(p)";
        items[n++] = "wins(p)";
        items[n++] = "touches(c)";
    }
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", items[i]);
}

/* What a property adds up to over every member of its set on a board
** within the limits, or 0 when nothing better than the set's size times
** its largest value is known.  Each feature of the board is made of at
** most WH_MAX_NODES parts, one per tile it lies on, and a set's members
** are distinct features (or players): a part covers at most
** WH_MAX_SQUARES squares, holds at most WC_MAX_ARMS coats of arms, has at
** most 3 segments on each side of each square it covers and borders at
** most WH_MAX_FEATURES features of its tile; a figure stands on one
** feature. */
static int64_t member_total(int prop)
{
    switch (prop) {
    case WH_PROP_SQUARES: return (int64_t)WH_MAX_NODES * WH_MAX_SQUARES;
    case WH_PROP_ARMS: return (int64_t)WH_MAX_NODES * WC_MAX_ARMS;
    case WH_PROP_OPEN: return (int64_t)WH_MAX_NODES * WH_MAX_SQUARES * 4 * 3;
    case WH_PROP_CITIES:
    case WH_PROP_TOUCHED: return (int64_t)WH_MAX_NODES * WH_MAX_FEATURES;
    case WH_PROP_FIGURES:
    case WH_PROP_P_MEEPLES: return WH_MAX_MEEPLES;
    default: return 0;
    }
}

static bool reads_figures(int prop)
{
    return prop == WH_PROP_OCCUPIED || prop == WH_PROP_FIGURES || props[prop].of == WH_TYPE_MEEPLE ||
           prop == WH_PROP_P_MEEPLES || prop == WH_PROP_P_SUPPLY;
}

static wc_val property(wc_lower *L, const wc_expr *e)
{
    wc_val x = wc_lower_expr(L, e->a);
    if (x.type == WC_TYPE_ERROR)
        return x;
    wc_name n = e->name;
    char list[256];
    int prop = -1;
    bool known = false;
    for (int i = 0; i < WH_N_PROPS; i++)
        if (wc_name_is(n, props[i].word)) {
            known = true;
            if (props[i].of == x.type)
                prop = i;
        }
    if (prop < 0) {
        props_of(x.type, list, sizeof list);
        if (!list[0]) {
            wc_error(L->d, n.at, "%s has no properties; '%.*s' is not one", wc_type_text(x.type), (int)n.n, n.p);
            return wc_error_val();
        }
        const char *words[WH_N_PROPS];
        size_t nw = 0;
        for (int i = 0; i < WH_N_PROPS; i++)
            if (props[i].of == x.type)
                words[nw++] = props[i].word;
        const char *near = known ? NULL : wc_nearest_word(n, words, nw);
        if (near)
            wc_error(L->d, n.at, "unknown property '%.*s' of %s; did you mean '%s'?", (int)n.n, n.p,
                     wc_type_text(x.type), near);
        else
            wc_error(L->d, n.at, "%s '%.*s' on %s; %s has %s", known ? "property" : "unknown property", (int)n.n, n.p,
                     wc_type_text(x.type), wc_type_text(x.type), list);
        return wc_error_val();
    }
    if (x.type == WH_TYPE_FEATURE && !(x.kinds & prop_kinds(prop))) {
        char have[96], want[96];
        kinds_text(x.kinds, have, sizeof have);
        plural_text(prop_kinds(prop), want, sizeof want);
        wc_error(L->d, n.at, "'%s' applies to %s only; this is %s", props[prop].word, want, have);
        return wc_error_val();
    }
    if (reads_figures(prop))
        L->watches = true;
    wc_val v = wc_val_of(props[prop].type, 0, 0,
                    wc_emit(L, e->at, WH_OP_PROP, prop, x.node, WH_NO_EXPR, WH_NO_EXPR, 0));
    prop_bounds(prop, &v.lo, &v.hi);
    if (prop == WH_PROP_KIND && x.type == WH_TYPE_FEATURE && __builtin_popcount(x.kinds) == 1)
        v.lo = v.hi = __builtin_ctz(x.kinds); /* a feature of one kind: 'c.kind == road' of a city is decided */
    const wh_expr_t *of = x.node == WH_NO_EXPR ? NULL : &L->out->nodes[x.node];
    if (of && of->op == WH_OP_VAR && of->arg >= 1 && member_total(prop) > 0) { /* a loop's own member */
        v.total_slot = of->arg;
        v.total = member_total(prop);
    }
    if (v.type == WH_TYPE_FEATURE)
        v.kinds = WC_ANY_FEATURE; /* a meeple's feature: any kind */
    return v;
}

/* The predicates x.NAME(y): what x must be, what y must be, the node. */
typedef struct method_info {
    const char *word;
    unsigned    kinds; /* x is a feature that may be of these kinds */
    int         arg;   /* y's type */
    unsigned    arg_kinds; /* y, a feature: kinds it may be */
    int         op;
} method_info;

static const method_info methods[] = {
    {"has", WC_ANY_FEATURE, WH_TYPE_PLAYER, 0, WH_OP_HAS},
    {"wins", WC_ANY_FEATURE, WH_TYPE_PLAYER, 0, WH_OP_WINS},
    {"touches", 1u << WH_KIND_FIELD, WH_TYPE_FEATURE, 1u << WH_KIND_CITY, WH_OP_TOUCHES},
};
enum { N_METHODS = sizeof methods / sizeof *methods };

static wc_val method(wc_lower *L, const wc_expr *e)
{
    const char *words[N_METHODS];
    for (int i = 0; i < N_METHODS; i++)
        words[i] = methods[i].word;
    wc_val x = wc_lower_expr(L, e->a);
    wc_val y = wc_lower_expr(L, e->b);
    int k = wc_word_index(e->name, words, N_METHODS);
    if (k < 0) {
        const char *near = wc_nearest_word(e->name, words, N_METHODS);
        if (near)
            wc_error(L->d, e->name.at, "unknown predicate '%.*s'; did you mean '%s'?", (int)e->name.n, e->name.p, near);
        else
            wc_error(L->d, e->name.at, "unknown predicate '%.*s'; a feature has has(p) and wins(p), a field "
                                       "touches(c)", (int)e->name.n, e->name.p);
        return wc_error_val();
    }
    if (x.type == WC_TYPE_ERROR || y.type == WC_TYPE_ERROR)
        return wc_error_val();
    const method_info *m = &methods[k];
    char have[96], want[96];
    if (x.type != WH_TYPE_FEATURE) {
        wc_error(L->d, e->name.at, "'%s' is asked of a %s; this is %s", m->word,
                 m->kinds == WC_ANY_FEATURE ? "feature" : "field", wc_type_text(x.type));
        return wc_error_val();
    }
    if (!(x.kinds & m->kinds)) {
        kinds_text(x.kinds, have, sizeof have);
        plural_text(m->kinds, want, sizeof want);
        wc_error(L->d, e->name.at, "'%s' is asked of %s only; this is %s", m->word, want, have);
        return wc_error_val();
    }
    if (y.type != m->arg) {
        wc_error(L->d, e->b->at, "'%s' takes %s; this is %s", m->word,
                 m->arg == WH_TYPE_FEATURE ? "a city" : wc_type_text(m->arg), wc_type_text(y.type));
        return wc_error_val();
    }
    if (m->arg == WH_TYPE_FEATURE && !(y.kinds & m->arg_kinds)) {
        kinds_text(y.kinds, have, sizeof have);
        plural_text(m->arg_kinds, want, sizeof want);
        wc_error(L->d, e->b->at, "'%s' takes %s only; this is %s", m->word, want, have);
        return wc_error_val();
    }
    if (m->op != WH_OP_TOUCHES) /* has and wins read where figures stand */
        L->watches = true;
    return wc_val_of(WH_TYPE_BOOL, 0, 1, wc_emit(L, e->at, m->op, 0, x.node, y.node, WH_NO_EXPR, 0));
}

/* ---- operators ------------------------------------------------------------ */

static const char *op_word(int op)
{
    switch (op) {
    case WH_OP_NOT: return "not";
    case WH_OP_NEG: return "-";
    case WH_OP_ADD: return "+";
    case WH_OP_SUB: return "-";
    case WH_OP_MUL: return "*";
    case WH_OP_DIV: return "/";
    case WH_OP_MOD: return "%";
    case WH_OP_EQ: return "==";
    case WH_OP_NE: return "!=";
    case WH_OP_LT: return "<";
    case WH_OP_LE: return "<=";
    case WH_OP_GT: return ">";
    case WH_OP_GE: return ">=";
    case WH_OP_AND: return "and";
    default: return "or";
    }
}

static wc_val unary(wc_lower *L, const wc_expr *e)
{
    wc_val a = wc_lower_expr(L, e->a);
    if (a.type == WC_TYPE_ERROR)
        return a;
    int want = e->op == WH_OP_NOT ? WH_TYPE_BOOL : WH_TYPE_INT;
    if (a.type != want) {
        wc_error(L->d, e->op_at, "'%s' takes %s; this is %s", op_word(e->op), wc_type_text(want), wc_type_text(a.type));
        return wc_error_val();
    }
    uint16_t node = wc_emit(L, e->at, e->op, 0, a.node, WH_NO_EXPR, WH_NO_EXPR, 0);
    return e->op == WH_OP_NOT ? wc_val_of(WH_TYPE_BOOL, 1 - a.hi, 1 - a.lo, node)
                              : wc_val_of(WH_TYPE_INT, -a.hi, -a.lo, node);
}

static int64_t max_abs(wc_val v)
{
    int64_t a = v.lo < 0 ? -v.lo : v.lo, b = v.hi < 0 ? -v.hi : v.hi;
    return a > b ? a : b;
}

/* The interval of a op b for arithmetic. */
static void arith_bounds(int op, wc_val a, wc_val b, int64_t *lo, int64_t *hi)
{
    switch (op) {
    case WH_OP_ADD: *lo = a.lo + b.lo; *hi = a.hi + b.hi; break;
    case WH_OP_SUB: *lo = a.lo - b.hi; *hi = a.hi - b.lo; break;
    case WH_OP_MUL: {
        int64_t c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        *lo = *hi = c[0];
        for (int i = 1; i < 4; i++) {
            *lo = c[i] < *lo ? c[i] : *lo;
            *hi = c[i] > *hi ? c[i] : *hi;
        }
        break;
    }
    case WH_OP_DIV: /* |a / b| <= |a| for any b != 0 */
        *lo = -max_abs(a);
        *hi = max_abs(a);
        break;
    default: { /* MOD: |a % b| < |b| and <= |a|, with a's sign */
        int64_t m = max_abs(b) - 1, n = max_abs(a);
        m = m < n ? m : n;
        *lo = a.lo < 0 ? -m : 0;
        *hi = a.hi > 0 ? m : 0;
        break;
    }
    }
    *lo = wc_clamp(*lo);
    *hi = wc_clamp(*hi);
}

/* The bounds of a comparison or a connective: [1, 1] or [0, 0] when its
** operands' bounds decide it on every board, so that a condition that never
** holds is told (check_effect.c); else [0, 1].  Only ints and bools carry
** bounds of their values (a player's or a feature's are not compared). */
static void bool_bounds(int op, wc_val a, wc_val b, int64_t *lo, int64_t *hi)
{
    bool yes = false, no = false;
    bool valued = (a.type == WH_TYPE_INT || a.type == WH_TYPE_BOOL) && a.type == b.type;
    switch (valued ? op : -1) {
    case WH_OP_AND: yes = a.lo == 1 && b.lo == 1; no = a.hi == 0 || b.hi == 0; break;
    case WH_OP_OR: yes = a.lo == 1 || b.lo == 1; no = a.hi == 0 && b.hi == 0; break;
    case WH_OP_EQ:
    case WH_OP_NE:
        yes = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
        no = a.hi < b.lo || b.hi < a.lo;
        if (op == WH_OP_NE) {
            bool t = yes;
            yes = no;
            no = t;
        }
        break;
    case WH_OP_LT: yes = a.hi < b.lo; no = a.lo >= b.hi; break;
    case WH_OP_LE: yes = a.hi <= b.lo; no = a.lo > b.hi; break;
    case WH_OP_GT: yes = a.lo > b.hi; no = a.hi <= b.lo; break;
    case WH_OP_GE: yes = a.lo >= b.hi; no = a.hi < b.lo; break;
    default: break;
    }
    *lo = yes;
    *hi = !no;
}

static wc_val binary(wc_lower *L, const wc_expr *e)
{
    wc_val a = wc_lower_expr(L, e->a);
    wc_val b = wc_lower_expr(L, e->b);
    if (a.type == WC_TYPE_ERROR || b.type == WC_TYPE_ERROR)
        return wc_error_val();
    int op = e->op;
    const char *w = op_word(op);
    if (op == WH_OP_AND || op == WH_OP_OR) {
        if (a.type != WH_TYPE_BOOL || b.type != WH_TYPE_BOOL) {
            wc_error(L->d, e->op_at, "'%s' takes two bools; here %s and %s", w, wc_type_text(a.type),
                     wc_type_text(b.type));
            return wc_error_val();
        }
    } else if (op == WH_OP_EQ || op == WH_OP_NE) {
        if (a.type != b.type) {
            wc_error(L->d, e->op_at, "'%s' compares two values of one type; here %s and %s", w,
                     wc_type_text(a.type), wc_type_text(b.type));
            return wc_error_val();
        }
    } else if (a.type != WH_TYPE_INT || b.type != WH_TYPE_INT) {
        wc_error(L->d, e->op_at, "'%s' takes two ints; here %s and %s", w, wc_type_text(a.type), wc_type_text(b.type));
        return wc_error_val();
    }
    if ((op == WH_OP_DIV || op == WH_OP_MOD) && b.lo == 0 && b.hi == 0) {
        wc_error(L->d, e->op_at, "%s by zero: the right side is always 0", op == WH_OP_DIV ? "division" : "modulo");
        return wc_error_val();
    }
    uint16_t node = wc_emit(L, e->at, op, 0, a.node, b.node, WH_NO_EXPR, 0);
    if (op >= WH_OP_EQ && op <= WH_OP_OR) {
        wc_val c = wc_val_of(WH_TYPE_BOOL, 0, 1, node);
        bool_bounds(op, a, b, &c.lo, &c.hi);
        return c;
    }
    wc_val v = wc_val_of(WH_TYPE_INT, 0, 0, node);
    arith_bounds(op, a, b, &v.lo, &v.hi);
    /* a sum of two totals of one loop, or a total times a constant >= 0 */
    if (op == WH_OP_ADD && a.total_slot && a.total_slot == b.total_slot) {
        v.total_slot = a.total_slot;
        v.total = wc_clamp(a.total + b.total);
    } else if (op == WH_OP_MUL && (a.total_slot || b.total_slot)) {
        const wc_val *t = a.total_slot ? &a : &b, *k = a.total_slot ? &b : &a;
        if (k->lo == k->hi && k->lo >= 0 && !k->total_slot) {
            v.total_slot = t->total_slot;
            v.total = wc_clamp(t->total * k->lo);
        }
    }
    return v;
}

wc_val wc_lower_expr(wc_lower *L, const wc_expr *e)
{
    switch (e->kind) {
    case WC_EX_INT:
        return wc_val_of(WH_TYPE_INT, e->num.value, e->num.value,
                    wc_emit(L, e->at, WH_OP_CONST, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, (int32_t)e->num.value));
    case WC_EX_NAME: return name_value(L, e);
    case WC_EX_PROP: return property(L, e);
    case WC_EX_METHOD: return method(L, e);
    case WC_EX_UNARY: return unary(L, e);
    case WC_EX_BINARY: return binary(L, e);
    case WC_EX_AGG: return wc_lower_aggregate(L, e);
    case WC_EX_PAIR: return wc_lower_pair(L, e);
    case WC_EX_LINES: return wc_lower_lines(L, e);
    case WC_EX_TABLE: return wc_lower_table(L, e);
    }
    return wc_error_val();
}
