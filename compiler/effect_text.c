/* effect_text.c -- a compiled effect printed back; see effect_text.h. */
#include "effect_text.h"
#include "words.h"
#include "../runtime/wonders.h"

#include <string.h>

static const char *const prop_words[WH_N_PROPS] = {
#define PROP_WORD(p, word, of, type, text) word,
    WH_PROP_LIST(PROP_WORD)
#undef PROP_WORD
};

static const char *const event_words[WH_N_EVENTS] = {
#define EVENT_WORD(e, word, type, text) word,
    WH_EVENT_LIST(EVENT_WORD)
#undef EVENT_WORD
};

static const char *const event_texts[WH_N_EVENTS] = {
#define EVENT_TEXT(e, word, type, text) text,
    WH_EVENT_LIST(EVENT_TEXT)
#undef EVENT_TEXT
};

static const int event_types[WH_N_EVENTS] = {
#define EVENT_TYPE(e, word, type, text) WH_TYPE_##type,
    WH_EVENT_LIST(EVENT_TYPE)
#undef EVENT_TYPE
};

static const char *const figure_words[WH_N_FIGURES] = {
#define FIGURE_WORD(f, word) word,
    WH_FIGURE_LIST(FIGURE_WORD)
#undef FIGURE_WORD
};

/* The letter a variable of a type is spelled with. */
static char type_letter(int type)
{
    switch (type) {
    case WH_TYPE_TILE: return 't';
    case WH_TYPE_MEEPLE: return 'm';
    case WH_TYPE_FEATURE: return 'f';
    case WH_TYPE_PLAYER: return 'p';
    default: return 's';
    }
}

static int set_type(int set)
{
    switch (set) {
    case WH_SET_FEATURES: return WH_TYPE_FEATURE;
    case WH_SET_MEEPLES:
    case WH_SET_FOLLOWERS: return WH_TYPE_MEEPLE;
    case WH_SET_PLAYERS: return WH_TYPE_PLAYER;
    default: return WH_TYPE_SQUARE;
    }
}

const char *wc_set_word(int32_t k)
{
    unsigned kinds = (unsigned)k >> 8 & 0xFFu;
    switch (k & 0xFF) {
    case WH_SET_MEEPLES: return "meeples";
    case WH_SET_FOLLOWERS: return "followers";
    case WH_SET_PLAYERS: return "players";
    case WH_SET_SQUARES: return "squares";
    default: break;
    }
    switch (kinds) {
    case 1u << WH_KIND_CITY: return "cities";
    case 1u << WH_KIND_ROAD: return "roads";
    case 1u << WH_KIND_FIELD: return "fields";
    case 1u << WH_KIND_MONASTERY: return "monasteries";
    case 1u << WH_KIND_GARDEN: return "gardens";
    default: return "features";
    }
}

/* The kind word of an event's kinds ("feature" for several). */
static const char *kind_word(unsigned kinds)
{
    for (int k = 0; k < WH_N_KINDS; k++)
        if (kinds == 1u << k)
            return wc_kind_words[k];
    return "feature";
}

/* Binding strength, loosest first, as the grammar's precedence. */
enum { P_OR = 1, P_AND, P_CMP, P_ADD, P_MUL, P_UNARY, P_POSTFIX, P_ATOM };

static int prec(const wh_expr_t *x)
{
    switch (x->op) {
    case WH_OP_OR: return P_OR;
    case WH_OP_AND: return P_AND;
    case WH_OP_EQ: case WH_OP_NE: case WH_OP_LT: case WH_OP_LE: case WH_OP_GT: case WH_OP_GE: return P_CMP;
    case WH_OP_ADD: case WH_OP_SUB: return P_ADD;
    case WH_OP_MUL: case WH_OP_DIV: case WH_OP_MOD: return P_MUL;
    case WH_OP_NOT: case WH_OP_NEG: return P_UNARY;
    case WH_OP_PROP: case WH_OP_HAS: case WH_OP_WINS: case WH_OP_TOUCHES: return P_POSTFIX;
    default: return P_ATOM;
    }
}

static const char *binary_word(int op)
{
    static const char *const w[] = {"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"};
    return op >= WH_OP_ADD && op <= WH_OP_OR ? w[op - WH_OP_ADD] : "?";
}

typedef struct printer {
    const wh_tileset_t *set;
    const wh_handler_t *h;
    const wh_effect_t  *e;    /* whose handler: its counters' names */
    int    slot_type[WH_MAX_SLOTS];
    wc_buf *out;
    int    budget; /* nodes left to print: a damaged table cannot loop it */
} printer;

static void expr(printer *P, uint16_t i, int need);

void wc_counter_name(const wh_tileset_t *set, const wh_effect_t *e, unsigned c, wc_buf *out)
{
    const char *s = e && e->counter_names && set->strings ? set->strings + e->counter_names : "";
    for (unsigned k = 0; k < c && *s; k++) { /* the c-th of the comma-separated names */
        const char *comma = strchr(s, ',');
        s = comma ? comma + 1 : s + strlen(s);
    }
    size_t n = strcspn(s, ",");
    if (n)
        wc_buf_printf(out, "%.*s", (int)n, s);
    else
        wc_buf_printf(out, "counter_%u", c); /* a table written without names */
}

static void counter(wc_buf *out, const wh_tileset_t *set, const wh_effect_t *e, unsigned c)
{
    wc_counter_name(set, e, c, out);
}

static void var(printer *P, int slot)
{
    if (slot < 0 || slot >= WH_MAX_SLOTS) {
        wc_buf_puts(P->out, "?");
        return;
    }
    wc_buf_printf(P->out, "%c", type_letter(P->slot_type[slot]));
    if (slot)
        wc_buf_printf(P->out, "%d", slot);
}

static void table_text(printer *P, const wh_expr_t *x)
{
    bool players = x->arg == WH_VALUE_BY_PLAYERS;
    int low = players ? 2 : 0, high = players ? WH_MAX_PLAYERS : 32767;
    wc_buf_puts(P->out, players ? "players(" : "tiles(");
    for (uint32_t r = 0; r < x->b && x->k >= 0 && (uint32_t)x->k + r < P->set->n_effect_values; r++) {
        const wh_effect_value_t *v = &P->set->effect_values[(uint32_t)x->k + r];
        wc_buf_puts(P->out, r ? ", " : "");
        if (v->lo == v->hi)
            wc_buf_printf(P->out, "%d", v->lo);
        else if (v->hi >= high)
            wc_buf_printf(P->out, "%d..", v->lo);
        else if (v->lo <= low)
            wc_buf_printf(P->out, "..%d", v->hi);
        else
            wc_buf_printf(P->out, "%d..%d", v->lo, v->hi);
        wc_buf_printf(P->out, ": %d", v->value);
    }
    wc_buf_puts(P->out, ")");
}

static void aggregate(printer *P, const wh_expr_t *x)
{
    static const char *const names[] = {"count", "sum", "max", "min"};
    wc_buf_printf(P->out, "%s(", names[x->op - WH_OP_COUNT]);
    int slot = x->arg < WH_MAX_SLOTS ? x->arg : 0;
    int saved = P->slot_type[slot];
    P->slot_type[slot] = set_type(x->k & 0xFF);
    if (x->op != WH_OP_COUNT) {
        expr(P, x->b, 0);
        wc_buf_puts(P->out, " for ");
    }
    wc_buf_printf(P->out, "%s ", wc_set_word(x->k));
    var(P, slot);
    if (x->a != WH_NO_EXPR) {
        wc_buf_puts(P->out, " where ");
        expr(P, x->a, 0);
    }
    P->slot_type[slot] = saved;
    if (x->op == WH_OP_MAX || x->op == WH_OP_MIN) {
        wc_buf_puts(P->out, " else ");
        expr(P, x->c, 0);
    }
    wc_buf_puts(P->out, ")");
}

/* Statements, each ending with ';' and separated by a blank. */
static void statements(printer *P, uint16_t i)
{
    if (i == WH_NO_EXPR || i >= P->set->n_exprs || P->budget-- <= 0) {
        return;
    }
    const wh_expr_t *x = &P->set->exprs[i];
    switch (x->op) {
    case WH_OP_SEQ:
        statements(P, x->a);
        wc_buf_puts(P->out, " ");
        statements(P, x->b);
        return;
    case WH_OP_SCORE:
        wc_buf_puts(P->out, "score ");
        expr(P, x->a, 0);
        if (x->b != WH_NO_EXPR) {
            wc_buf_puts(P->out, " to ");
            expr(P, x->b, 0);
        }
        wc_buf_puts(P->out, ";");
        return;
    case WH_OP_ADD_TO:
    case WH_OP_SET:
        wc_buf_printf(P->out, "%s ", x->op == WH_OP_SET ? "set" : "add");
        counter(P->out, P->set, P->e, x->arg);
        wc_buf_puts(P->out, " ");
        expr(P, x->a, 0);
        wc_buf_puts(P->out, ";");
        return;
    case WH_OP_IF:
        wc_buf_puts(P->out, "if ");
        expr(P, x->a, 0);
        wc_buf_puts(P->out, " { ");
        statements(P, x->b);
        wc_buf_puts(P->out, " }");
        if (x->c != WH_NO_EXPR && x->c < P->set->n_exprs && P->set->exprs[x->c].op == WH_OP_IF) {
            wc_buf_puts(P->out, " else ");
            statements(P, x->c);
        } else if (x->c != WH_NO_EXPR) {
            wc_buf_puts(P->out, " else { ");
            statements(P, x->c);
            wc_buf_puts(P->out, " }");
        }
        return;
    default:
        expr(P, i, 0);
        return;
    }
}

/* A side of a comparison: a constant compared with a kind or a figure is
** spelled as the word it was written with (`m.feature.kind == city`). */
static void operand(printer *P, uint16_t i, int need, uint16_t other)
{
    const wh_tileset_t *set = P->set;
    if (i < set->n_exprs && other < set->n_exprs && set->exprs[i].op == WH_OP_CONST &&
        set->exprs[other].op == WH_OP_PROP) {
        int32_t k = set->exprs[i].k;
        int prop = set->exprs[other].arg;
        if (prop == WH_PROP_KIND && k >= 0 && k < WH_N_KINDS) {
            wc_buf_puts(P->out, wc_kind_words[k]);
            return;
        }
        if (prop == WH_PROP_M_FIGURE && k >= 0 && k < WH_N_FIGURES) {
            wc_buf_puts(P->out, figure_words[k]);
            return;
        }
    }
    expr(P, i, need);
}

/* Expression @p i, in parentheses when it binds looser than @p need. */
static void expr(printer *P, uint16_t i, int need)
{
    if (i == WH_NO_EXPR || i >= P->set->n_exprs || P->budget-- <= 0) {
        wc_buf_puts(P->out, "?");
        return;
    }
    const wh_expr_t *x = &P->set->exprs[i];
    wc_buf *o = P->out;
    int p = prec(x);
    bool paren = p < need;
    if (paren)
        wc_buf_puts(o, "(");
    switch (x->op) {
    case WH_OP_CONST: wc_buf_printf(o, "%ld", (long)x->k); break;
    case WH_OP_VAR: var(P, x->arg); break;
    case WH_OP_OWNER: wc_buf_puts(o, "owner"); break;
    case WH_OP_CURRENT: wc_buf_puts(o, "current"); break;
    case WH_OP_WONDER: wc_buf_puts(o, "wonder"); break;
    case WH_OP_N_PLAYERS: wc_buf_puts(o, "players"); break;
    case WH_OP_COUNTER: counter(o, P->set, P->e, x->arg); break;
    case WH_OP_TABLE: table_text(P, x); break;
    case WH_OP_NOT: wc_buf_puts(o, "not "); expr(P, x->a, P_UNARY); break;
    case WH_OP_NEG: wc_buf_puts(o, "-"); expr(P, x->a, P_UNARY); break;
    case WH_OP_PROP:
        expr(P, x->a, P_POSTFIX);
        wc_buf_printf(o, ".%s", x->arg < WH_N_PROPS ? prop_words[x->arg] : "?");
        break;
    case WH_OP_HAS:
    case WH_OP_WINS:
    case WH_OP_TOUCHES:
        expr(P, x->a, P_POSTFIX);
        wc_buf_puts(o, x->op == WH_OP_HAS ? ".has(" : x->op == WH_OP_WINS ? ".wins(" : ".touches(");
        expr(P, x->b, 0);
        wc_buf_puts(o, ")");
        break;
    case WH_OP_DIST:
    case WH_OP_AROUND:
        wc_buf_puts(o, x->op == WH_OP_DIST ? "dist(" : "around(");
        expr(P, x->a, 0);
        wc_buf_puts(o, ", ");
        expr(P, x->b, 0);
        wc_buf_puts(o, ")");
        break;
    case WH_OP_LINES: wc_buf_printf(o, "lines(%ld)", (long)x->k); break;
    case WH_OP_COUNT: case WH_OP_SUM: case WH_OP_MAX: case WH_OP_MIN: aggregate(P, x); break;
    case WH_OP_SEQ: case WH_OP_SCORE: case WH_OP_ADD_TO: case WH_OP_SET: case WH_OP_IF: statements(P, i); break;
    default: /* binary: left-associative; comparisons do not chain */
        operand(P, x->a, p == P_CMP ? p + 1 : p, x->b);
        wc_buf_printf(o, " %s ", binary_word(x->op));
        operand(P, x->b, p + 1, x->a);
        break;
    }
    if (paren)
        wc_buf_puts(o, ")");
}

void wc_expr_text(const wh_tileset_t *set, const wh_handler_t *h, uint16_t node, wc_buf *out)
{
    const wh_effect_t *e = NULL;
    size_t hi = (size_t)(h - set->handlers);
    for (size_t k = 0; k < set->n_effects && !e && h >= set->handlers && hi < set->n_handlers; k++)
        if (set->effects[k].first_handler <= hi && hi < (size_t)set->effects[k].first_handler + set->effects[k].n_handlers)
            e = &set->effects[k];
    printer P = {set, h, e, {WH_TYPE_INT, WH_TYPE_INT, WH_TYPE_INT}, out, 4096};
    if (h->event < WH_N_EVENTS)
        P.slot_type[0] = event_types[h->event];
    statements(&P, node);
}

void wc_event_text(const wh_handler_t *h, wc_buf *out)
{
    if (h->event >= WH_N_EVENTS) {
        wc_buf_puts(out, "?");
        return;
    }
    wc_buf_puts(out, event_words[h->event]);
    if (h->event == WH_EVENT_GAME_END)
        return;
    if (h->event == WH_EVENT_COMPLETED || h->event == WH_EVENT_SCORED)
        wc_buf_printf(out, "(%s f)", kind_word(h->kinds));
    else
        wc_buf_printf(out, "(%c)", type_letter(event_types[h->event]));
}

const char *wc_start_word(const wh_handler_t *h)
{
    if (h->event == WH_EVENT_GAME_END || h->event == WH_EVENT_TAKEN)
        return "always";
    return h->flags & WH_HANDLER_AT_ONCE ? "now" : "next_turn";
}

const char *wc_limit_text(const wh_handler_t *h)
{
    return h->flags & WH_HANDLER_ONCE_GAME ? "once per game" : h->flags & WH_HANDLER_ONCE_TURN ? "once per turn" : "";
}

void wc_handler_words(const wh_tileset_t *set, const wh_handler_t *h, wc_buf *out)
{
    if (h->event >= WH_N_EVENTS) {
        wc_buf_puts(out, "?");
        return;
    }
    wc_buf_puts(out, "when ");
    if (h->event == WH_EVENT_COMPLETED || h->event == WH_EVENT_SCORED) {
        const char *k = kind_word(h->kinds);
        wc_buf_printf(out, "a%s %s ", k[0] == 'a' ? "n" : "", k);
    }
    wc_buf_puts(out, event_texts[h->event]);
    if (h->event != WH_EVENT_GAME_END && h->event != WH_EVENT_TAKEN)
        wc_buf_puts(out, h->flags & WH_HANDLER_AT_ONCE ? ", from the turn the wonder is placed"
                                                       : ", from the owner's next turn");
    if (*wc_limit_text(h))
        wc_buf_printf(out, ", at most %s", wc_limit_text(h));
    if (h->when != WH_NO_EXPR) {
        wc_buf_puts(out, ", if ");
        wc_expr_text(set, h, h->when, out);
    }
    wc_buf_puts(out, ": ");
    wc_expr_text(set, h, h->body, out);
}

/* "cities and roads within 1 square of the wonder": where a rule holds. */
static void rule_place(wc_buf *out, unsigned kinds, unsigned within)
{
    static const char *const plural[WH_N_KINDS] = {"cities", "roads", "fields", "monasteries", "areas", "rivers",
                                                   "gardens"};
    int n = 0, total = __builtin_popcount(kinds);
    for (int k = 0; k < WH_N_KINDS; k++)
        if (kinds >> k & 1u) {
            wc_buf_printf(out, "%s%s", n == 0 ? "" : n + 1 == total ? " and " : ", ", plural[k]);
            n++;
        }
    if (!kinds)
        wc_buf_puts(out, "features");
    if (within == 0)
        wc_buf_puts(out, " on the wonder");
    else if (within != WH_NONE)
        wc_buf_printf(out, " within %u square%s of the wonder", within, within == 1 ? "" : "s");
}

void wc_rules_words(const wh_effect_t *e, const char *indent, const char *end, wc_buf *out)
{
    if (e->hand)
        wc_buf_printf(out, "%sthe owner draws %u tiles, places one and %s%s", indent, e->hand,
                      e->hand_rest == WH_HAND_BOTTOM ? "puts the others under the pile"
                                                     : "keeps the others for the next turn", end);
    if (e->supply)
        wc_buf_printf(out, "%sthe owner's supply grows by %u meeple%s%s%s", indent, e->supply, e->supply == 1 ? "" : "s",
                      e->flags & WH_EFFECT_AT_TAKING ? " as the wonder is taken" : "", end);
    static const char *const phases[WH_N_WEIGHT_PHASES] = {"",
#define PHASE_TEXT(p, word, text) " " text,
        WH_WEIGHT_PHASE_LIST(PHASE_TEXT)
#undef PHASE_TEXT
    };
    bool scoped = e->weight_kinds || e->weight_within != WH_NONE;
    for (size_t f = 0; f < sizeof e->weight; f++) /* the followers: a builder or pig weighs 0 */
        if (e->weight[f]) {
            wc_buf_printf(out, "%sthe owner's %s counts %u in majorities", indent, figure_words[f], e->weight[f]);
            if (scoped) {
                wc_buf_puts(out, " of ");
                rule_place(out, e->weight_kinds, e->weight_within);
            }
            wc_buf_printf(out, "%s%s", phases[e->weight_phase < WH_N_WEIGHT_PHASES ? e->weight_phase : 0], end);
        }
    if (e->reserve)
        wc_buf_printf(out, "%sonly the owner places tiles within %u square%s of the wonder%s", indent, e->reserve,
                      e->reserve == 1 ? "" : "s", end);
    if (e->forbid != WH_FORBID_NONE) {
        wc_buf_printf(out, "%s%s figures on ", indent,
                      e->forbid == WH_FORBID_OTHERS ? "the owner alone places" : "the owner's wonder forbids all");
        rule_place(out, e->forbid_kinds, e->forbid_within);
        wc_buf_puts(out, end);
    }
}

void wc_node_text(const wh_tileset_t *set, uint32_t i, wc_buf *out)
{
    const wh_expr_t *x = &set->exprs[i];
    static const char *const props[WH_N_PROPS] = {
#define PROP_WORD(p, word, of, type, text) word,
        WH_PROP_LIST(PROP_WORD)
#undef PROP_WORD
    };
    static const char *const sets[WH_N_SETS] = {
#define SET_WORD(s, type) #s,
        WH_SET_LIST(SET_WORD)
#undef SET_WORD
    };
    wc_buf_printf(out, "%u %s", i, x->op < WH_N_OPS ? wc_op_names[x->op] : "?");
    if (x->op == WH_OP_PROP && x->arg < WH_N_PROPS) /* the property by name: what the node reads */
        wc_buf_printf(out, " %s", props[x->arg]);
    else if (x->op >= WH_OP_COUNT && x->op <= WH_OP_MIN && ((unsigned)x->k & 0xFFu) < WH_N_SETS)
        wc_buf_printf(out, " slot %u over %s", x->arg, sets[(unsigned)x->k & 0xFFu]);
    else
        wc_buf_printf(out, " arg %u", x->arg);
    const uint16_t kids[3] = {x->a, x->b, x->c};
    static const char names[] = "abc";
    for (int c = 0; c < 3; c++)
        if (kids[c] != WH_NO_EXPR)
            wc_buf_printf(out, " %c %u", names[c], kids[c]);
    wc_buf_printf(out, " k %ld", (long)x->k);
}

static void widen(const wh_tileset_t *set, uint16_t i, uint32_t *first, uint32_t *end, int budget)
{
    if (i == WH_NO_EXPR || i >= set->n_exprs || budget <= 0)
        return;
    if (i < *first)
        *first = i;
    if (i + 1u > *end)
        *end = i + 1u;
    const wh_expr_t *x = &set->exprs[i];
    widen(set, x->a, first, end, budget - 1);
    if (x->op != WH_OP_TABLE)
        widen(set, x->b, first, end, budget - 1);
    widen(set, x->c, first, end, budget - 1);
}

void wc_effect_nodes(const wh_tileset_t *set, const wh_effect_t *e, uint32_t *first, uint32_t *end)
{
    *first = UINT32_MAX;
    *end = 0;
    for (unsigned c = 0; c < e->n_counters; c++)
        widen(set, (uint16_t)(e->counter_init + c), first, end, 1);
    for (unsigned k = 0; k < e->n_handlers && e->first_handler + k < set->n_handlers; k++) {
        const wh_handler_t *h = &set->handlers[e->first_handler + k];
        widen(set, h->when, first, end, 64);
        widen(set, h->body, first, end, 64);
    }
    if (*first > *end)
        *first = *end = 0;
}
