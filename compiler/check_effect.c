/*
** check_effect.c -- an effect's items, handlers and statements: checked
** and lowered (docs/design/effects.md).  Expressions are check_expr.c's.
**
** The effect's node table starts with its counters' initial values (one
** CONST each, in order), then each handler's condition and body as the
** expressions are lowered.  Everything is built in a wc_effect_out with
** indexes from 0; the tile's lowering moves it into the tile set's tables.
*/
#include "check_effect.h"
#include "check_expr.h"
#include "effect_cost.h"
#include "effect_lower.h"
#include "effect_text.h"
#include "names.h"
#include "words.h"
#include "../runtime/wonders.h"

#include <stdio.h>
#include <string.h>

#define MAX_SUPPLY 16 /* meeples a supply rule may add */
#define MAX_WEIGHT 4  /* a figure's strength under a weight rule */

typedef struct event_info {
    const char *word;
    int         type; /* of its value, slot 0 */
} event_info;

static const event_info events[WH_N_EVENTS] = {
#define EVENT_INFO(e, word, type, text) {word, WH_TYPE_##type},
    WH_EVENT_LIST(EVENT_INFO)
#undef EVENT_INFO
};

/* Report @p n as unknown among @p words: "unknown WHAT 'x'; did you mean 'y'?"
** or, when nothing is near, the list of what it can be. */
static void unknown(wc_diag *d, wc_name n, const char *what, const char *const *words, size_t count)
{
    const char *near = wc_nearest_word(n, words, count);
    if (near) {
        wc_error(d, n.at, "unknown %s '%.*s'; did you mean '%s'?", what, (int)n.n, n.p, near);
        return;
    }
    char list[256];
    size_t len = 0;
    for (size_t i = 0; i < count && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i == 0 ? "" : i + 1 == count ? " or " : ", ",
                                words[i]);
    wc_error(d, n.at, "unknown %s '%.*s'; it is one of %s", what, (int)n.n, n.p, list);
}

static int lookup(wc_diag *d, wc_name n, const char *what, const char *const *words, size_t count)
{
    int k = wc_word_index(n, words, count);
    if (k < 0)
        unknown(d, n, what, words, count);
    return k;
}

/* ---- statements ----------------------------------------------------------- */

static uint16_t statements(wc_lower *L, const wc_stmt *list);

static int counter_of(wc_lower *L, const wc_stmt *s)
{
    for (size_t i = 0; i < L->n_counters; i++)
        if (wc_name_eq(L->counters[i], s->counter))
            return (int)i;
    const char *verb = s->kind == WC_ST_ADD ? "add" : "set";
    wc_name n = s->counter;
    if (wc_name_taken(L, n)) {
        wc_error(L->d, n.at, "'%.*s' is not a counter; '%s' changes a counter (declare one with 'counter NAME;')",
                 (int)n.n, n.p, verb);
        return -1;
    }
    const char *names[WH_MAX_COUNTERS];
    char buf[WH_MAX_COUNTERS][72];
    for (size_t i = 0; i < L->n_counters; i++) {
        snprintf(buf[i], sizeof buf[i], "%.*s", (int)L->counters[i].n, L->counters[i].p);
        names[i] = buf[i];
    }
    const char *near = wc_nearest_word(n, names, L->n_counters);
    if (near)
        wc_error(L->d, n.at, "unknown counter '%.*s'; did you mean '%s'?", (int)n.n, n.p, near);
    else
        wc_error(L->d, n.at, "unknown counter '%.*s'; declare it with 'counter %.*s;'", (int)n.n, n.p, (int)n.n, n.p);
    return -1;
}

/* Whether node i's tree holds a sum: the note on a score's bound is for them. */
static bool holds_sum(const wc_effect_out *out, uint16_t i, int left)
{
    if (i == WH_NO_EXPR || i >= out->n_nodes || left == 0)
        return false;
    const wh_expr_t *x = &out->nodes[i];
    return x->op == WH_OP_SUM || holds_sum(out, x->a, left - 1) ||
           (x->op != WH_OP_TABLE && holds_sum(out, x->b, left - 1)) || holds_sum(out, x->c, left - 1);
}

static uint16_t statement(wc_lower *L, const wc_stmt *s)
{
    uint16_t none = WH_NO_EXPR;
    switch (s->kind) {
    case WC_ST_SCORE: {
        wc_val v = wc_lower_expr(L, s->a);
        wc_val to = {.type = WH_TYPE_PLAYER, .node = none};
        if (s->to)
            to = wc_lower_expr(L, s->to);
        if (v.type != WC_TYPE_ERROR && v.type != WH_TYPE_INT)
            wc_error(L->d, s->a->at, "'score' pays a number of points; this is %s", wc_type_text(v.type));
        else if (v.type == WH_TYPE_INT && (v.hi > WH_SCORE_LIMIT || v.lo < -WH_SCORE_LIMIT)) {
            wc_error(L->d, s->a->at, "this score can reach %lld points on a board within the limits; "
                                     "a statement pays or takes at most %d",
                     (long long)(v.hi > -v.lo ? v.hi : v.lo), WH_SCORE_LIMIT);
            if (holds_sum(L->out, v.node, WH_MAX_DEPTH))
                wc_note(L->d, s->a->at, "a sum of the members' own squares, arms, open, figures, cities, touched or "
                                        "meeples, or of multiples of them, is bounded by what the board "
                                        "holds; write the value as one, or split the score");
        }
        if (to.type != WC_TYPE_ERROR && to.type != WH_TYPE_PLAYER)
            wc_error(L->d, s->to->at, "'to' names the player paid; this is %s", wc_type_text(to.type));
        return wc_emit(L, s->at, WH_OP_SCORE, 0, v.node, to.node, none, 0);
    }
    case WC_ST_ADD:
    case WC_ST_SET: {
        int c = counter_of(L, s);
        if (c >= 0 && L->off_board)
            wc_error(L->d, s->counter.at, "a 'taken' handler runs before the wonder is on the board, and its "
                                          "counter '%.*s' starts when it is placed; count in a handler of "
                                          "another event",
                     (int)s->counter.n, s->counter.p);
        wc_val v = wc_lower_expr(L, s->a);
        if (v.type != WC_TYPE_ERROR && v.type != WH_TYPE_INT)
            wc_error(L->d, s->a->at, "a counter holds a number; this is %s", wc_type_text(v.type));
        return wc_emit(L, s->at, s->kind == WC_ST_ADD ? WH_OP_ADD_TO : WH_OP_SET, c < 0 ? 0 : c, v.node, none, none, 0);
    }
    case WC_ST_IF: {
        wc_val v = wc_lower_expr(L, s->a);
        if (v.type != WC_TYPE_ERROR && v.type != WH_TYPE_BOOL)
            wc_error(L->d, s->a->at, "'if' takes a bool; this is %s", wc_type_text(v.type));
        uint16_t then = statements(L, s->then), els = statements(L, s->els);
        return wc_emit(L, s->at, WH_OP_IF, 0, v.node, then, els, 0);
    }
    }
    return none;
}

/* A SEQ chain: statement a, then the rest; one statement alone is itself. */
static uint16_t statements(wc_lower *L, const wc_stmt *list)
{
    if (!list)
        return WH_NO_EXPR;
    uint16_t first = statement(L, list);
    if (!list->next)
        return first;
    uint16_t rest = statements(L, list->next);
    return wc_emit(L, list->at, WH_OP_SEQ, 0, first, rest, WH_NO_EXPR, 0);
}

/* Nodes on the longest path from @p i down (children always come before
** their parent in the table, so the walk ends; @p left bounds it anyway). */
static int depth(const wc_effect_out *out, uint16_t i, int left)
{
    if (i == WH_NO_EXPR || i >= out->n_nodes || left == 0)
        return 0;
    const wh_expr_t *x = &out->nodes[i];
    if (x->op == WH_OP_TABLE) /* b is its row count */
        return 1;
    int a = depth(out, x->a, left - 1), b = depth(out, x->b, left - 1), c = depth(out, x->c, left - 1);
    int m = a > b ? a : b;
    return 1 + (m > c ? m : c);
}

/* ---- handlers ------------------------------------------------------------- */

static const char *const kind_words[] = {"city", "road", "monastery", "garden", "field", "feature"};
static const unsigned kind_bits[] = {1u << WH_KIND_CITY, 1u << WH_KIND_ROAD, 1u << WH_KIND_MONASTERY,
                                     1u << WH_KIND_GARDEN, 1u << WH_KIND_FIELD, WC_ANY_FEATURE};

/* The event and its value; false after reporting. */
static bool event_of(wc_lower *L, const wc_handler *h, wh_handler_t *out)
{
    const char *words[WH_N_EVENTS];
    for (int i = 0; i < WH_N_EVENTS; i++)
        words[i] = events[i].word;
    int ev = lookup(L->d, h->event, "event", words, WH_N_EVENTS);
    if (ev < 0)
        return false;
    out->event = (uint8_t)ev;
    bool feature = ev == WH_EVENT_COMPLETED || ev == WH_EVENT_SCORED;
    if (ev == WH_EVENT_GAME_END) {
        if (h->has_arg) {
            wc_error(L->d, h->var.at, "'game_end' has no value; write 'on game_end'");
            return false;
        }
        return true;
    }
    if (!h->has_arg) {
        static const char *const example[WH_N_TYPES] = {"x", "x", "p", "road r", "m", "t", "s"};
        wc_error(L->d, h->event.at, "'%s' hands its handler %s: name it, as in '%s(%s)'", words[ev],
                 wc_type_text(events[ev].type), words[ev], example[events[ev].type]);
        return false;
    }
    if (feature && !h->kind.n) {
        wc_error(L->d, h->var.at, "'%s' needs a kind of feature, as in '%s(road %.*s)'", words[ev], words[ev],
                 (int)h->var.n, h->var.p);
        return false;
    }
    if (!feature && h->kind.n) {
        wc_error(L->d, h->kind.at, "'%s' takes no kind of feature, only a name, as in '%s(%.*s)'", words[ev], words[ev],
                 (int)h->var.n, h->var.p);
        return false;
    }
    unsigned kinds = 0;
    if (feature) {
        int k = wc_word_index(h->kind, kind_words, 6);
        if (k < 0) {
            const char *alias = wc_kind_alias(h->kind.p, h->kind.n);
            if (alias && !wc_nearest_word(h->kind, kind_words, 6))
                wc_error(L->d, h->kind.at, "unknown kind '%.*s'; did you mean '%s'?", (int)h->kind.n, h->kind.p, alias);
            else
                unknown(L->d, h->kind, "kind", kind_words, 6);
            return false;
        }
        kinds = kind_bits[k];
        out->kinds = (uint8_t)kinds;
        if (kinds == 1u << WH_KIND_FIELD) /* docs/rules.md: a field is never completed */
            wc_warning(L->d, h->kind.at, "a field is never completed, so '%s(field %.*s)' never runs; fields are "
                                         "scored at the end: write 'on game_end' with 'fields %.*s'",
                       words[ev], (int)h->var.n, h->var.p, (int)h->var.n, h->var.p);
    }
    if (wc_name_taken(L, h->var)) {
        wc_error(L->d, h->var.at, "'%.*s' is already a name here; give the event's value another", (int)h->var.n,
                 h->var.p);
        return false;
    }
    L->slot[0] = (wc_binding){h->var, events[ev].type, kinds, true};
    return true;
}

/* A handler whose nested sets can visit more than WC_COST_WARN members is
** told, at its innermost set (docs/language.md, "Cost"). */
static void tell_cost(wc_lower *L, const wh_handler_t *h)
{
    const wc_effect_out *o = L->out;
    wc_cost c = wc_handler_cost(o->nodes, o->n_nodes, h->when, h->body);
    if (c.members <= WC_COST_WARN || c.inner == WH_NO_EXPR)
        return;
    if (c.outer != WH_NO_EXPR)
        wc_warning(L->d, o->at[c.inner], "this handler may visit %lld members of nested sets on a board within the "
                                         "limits: '%s' inside '%s'; a planner runs it for every move it tries "
                                         "(the cost is told above %d): loop over a smaller set, or test the outer "
                                         "member without a set (a property, has, dist)",
                   (long long)c.members, wc_set_word(o->nodes[c.inner].k), wc_set_word(o->nodes[c.outer].k),
                   WC_COST_WARN);
    else
        wc_warning(L->d, o->at[c.inner], "this handler may visit %lld members of '%s' on a board within the "
                                         "limits (the cost is told above %d)",
                   (long long)c.members, wc_set_word(o->nodes[c.inner].k), WC_COST_WARN);
}

static void handler(wc_lower *L, const wc_handler *h, int index, bool at_once)
{
    wh_handler_t *out = &L->out->handlers[index];
    memset(out, 0, sizeof *out);
    out->index = (uint8_t)index;
    out->when = out->body = WH_NO_EXPR;
    L->slot[0].bound = false;
    L->loops = 0;
    bool ok = event_of(L, h, out);
    L->off_board = ok && out->event == WH_EVENT_TAKEN; /* heard before the wonder is placed */
    if (ok && out->event == WH_EVENT_MEEPLE_PLACED)
        L->watches = true;
    if (ok && out->event == WH_EVENT_SCORED)
        L->watches = true;
    if (at_once && out->event != WH_EVENT_GAME_END && out->event != WH_EVENT_TAKEN)
        out->flags |= WH_HANDLER_AT_ONCE;
    if (h->has_limit) {
        static const char *const limits[] = {"turn", "game"};
        if (!wc_name_is(h->per, "per"))
            wc_error(L->d, h->per.at, "a limit is written 'once per turn' or 'once per game'");
        else {
            int k = lookup(L->d, h->limit, "limit", limits, 2);
            if (k >= 0)
                out->flags |= k == 0 ? WH_HANDLER_ONCE_TURN : WH_HANDLER_ONCE_GAME;
            if (k >= 0 && ok && out->event == WH_EVENT_TAKEN)
                wc_warning(L->d, h->limit.at, "a wonder is taken once, so 'once per %s' changes nothing here",
                           limits[k]);
        }
    }
    if (!ok) /* without its event's value, every use of it would be reported again */
        return;
    if (h->when) {
        wc_val v = wc_lower_expr(L, h->when);
        if (v.type != WC_TYPE_ERROR && v.type != WH_TYPE_BOOL)
            wc_error(L->d, h->when->at, "'if' takes a bool; this is %s", wc_type_text(v.type));
        else if (v.type == WH_TYPE_BOOL && v.hi == 0) /* its bounds say false on every board */
            wc_warning(L->d, h->when->at,
                       "this condition is false on every board within the limits, so the handler never runs");
        out->when = v.node;
    }
    if (!h->body)
        wc_error(L->d, h->at, "the handler does nothing: its block has no statement");
    out->body = statements(L, h->body);
    int deepest = depth(L->out, out->when, 2 * WH_MAX_DEPTH), body = depth(L->out, out->body, 2 * WH_MAX_DEPTH);
    deepest = body > deepest ? body : deepest;
    if (!L->full && deepest > WH_MAX_DEPTH)
        wc_error(L->d, h->at, "this handler's expressions nest %d nodes deep; the evaluator's limit is %d",
                 deepest, WH_MAX_DEPTH);
    else if (!L->full && L->d->n_errors == L->errors_at_effect)
        tell_cost(L, out);
}

/* ---- the effect ----------------------------------------------------------- */

static void counters(wc_lower *L, const wc_effect *e)
{
    wc_effect_out *out = L->out;
    out->effect.counter_init = WH_NO_EXPR;
    for (const wc_counter_decl *c = e->counters; c; c = c->next) {
        bool twice = false;
        for (size_t i = 0; i < L->n_counters && !twice; i++)
            if (wc_name_eq(L->counters[i], c->name)) {
                wc_error(L->d, c->name.at, "counter '%.*s' declared twice", (int)c->name.n, c->name.p);
                wc_note(L->d, L->counters[i].at, "first declared here");
                twice = true;
            }
        if (twice)
            continue;
        if (wc_name_taken(L, c->name)) {
            wc_error(L->d, c->name.at, "'%.*s' is a word of the language; call the counter something else",
                     (int)c->name.n, c->name.p);
            continue;
        }
        if (L->n_counters == WH_MAX_COUNTERS) {
            wc_error(L->d, c->name.at, "too many counters (the limit is %d a wonder)", WH_MAX_COUNTERS);
            break;
        }
        long init = c->has_init ? c->init.value : 0;
        if (init < -WH_COUNTER_LIMIT || init > WH_COUNTER_LIMIT) {
            wc_error(L->d, c->init.at, "a counter starts within -%d..%d", WH_COUNTER_LIMIT, WH_COUNTER_LIMIT);
            init = 0;
        }
        uint16_t node = wc_emit(L, c->name.at, WH_OP_CONST, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, (int32_t)init);
        if (L->n_counters == 0)
            out->effect.counter_init = node;
        L->counters[L->n_counters++] = c->name;
        size_t used = strlen(out->counter_names);
        snprintf(out->counter_names + used, sizeof out->counter_names - used, "%s%.*s", used ? "," : "",
                 (int)c->name.n, c->name.p);
    }
    out->effect.n_counters = (uint8_t)L->n_counters;
}

static const char *const figure_words[WH_N_FIGURES] = {
#define FIGURE_WORD(f, word) word,
    WH_FIGURE_LIST(FIGURE_WORD)
#undef FIGURE_WORD
};

static const char *const rule_words[] = {"hand", "supply", "weight", "reserve", "forbid"};

/* The feature kinds a rule may name: those an effect sees. */
static const char *const rule_kind_words[] = {"city", "road", "field", "monastery", "garden"};
static const int rule_kinds[] = {WH_KIND_CITY, WH_KIND_ROAD, WH_KIND_FIELD, WH_KIND_MONASTERY, WH_KIND_GARDEN};
enum { N_RULE_KINDS = sizeof rule_kinds / sizeof *rule_kinds };

/* Where a forbid or weight rule holds, from its word `from` on: kinds,
** then `within N`, then (a weight rule: `phase`) `during` or `final`.
** @returns false after reporting words not so written. */
typedef struct rule_scope {
    unsigned kinds;  /* bit k: kind k; 0: any */
    int      within; /* WH_NONE: anywhere */
    int      phase;  /* wh_weight_phase_t */
} rule_scope;

static bool read_scope(wc_diag *d, const wc_rule *r, int from, bool phase_ok, const char *shape, rule_scope *out)
{
    static const char *const phases[WH_N_WEIGHT_PHASES - 1] = {
#define PHASE_WORD(p, word, text) word,
        WH_WEIGHT_PHASE_LIST(PHASE_WORD)
#undef PHASE_WORD
    };
    int n = r->n_args < WC_MAX_RULE_ARGS ? r->n_args : WC_MAX_RULE_ARGS, i = from;
    *out = (rule_scope){0, WH_NONE, WH_WEIGHT_ALWAYS};
    if (r->n_args > WC_MAX_RULE_ARGS) {
        wc_error(d, r->at, "a %.*s rule is written '%s'", (int)r->what.n, r->what.p, shape);
        return false;
    }
    for (; i < n && !r->args[i].is_num && !wc_name_is(r->args[i].word, "within") &&
           (!phase_ok || wc_word_index(r->args[i].word, phases, WH_N_WEIGHT_PHASES - 1) < 0);
         i++) {
        int k = lookup(d, r->args[i].word, "kind", rule_kind_words, N_RULE_KINDS);
        if (k < 0)
            return false;
        out->kinds |= 1u << rule_kinds[k];
    }
    if (i < n && !r->args[i].is_num && wc_name_is(r->args[i].word, "within")) {
        if (i + 1 == n || !r->args[i + 1].is_num) {
            wc_error(d, r->args[i].word.at, "'within' takes a number of king's moves: 'within 1'");
            return false;
        }
        long reach = r->args[i + 1].num.value;
        if (reach < 0 || reach > WH_MAX_RESERVE) {
            wc_error(d, r->args[i + 1].num.at, "a %.*s rule reaches 0 to %d squares from the wonder", (int)r->what.n,
                     r->what.p, WH_MAX_RESERVE);
            return false;
        }
        out->within = (int)reach;
        i += 2;
    }
    if (phase_ok && i < n && !r->args[i].is_num) {
        int p = wc_word_index(r->args[i].word, phases, WH_N_WEIGHT_PHASES - 1);
        if (p >= 0) {
            out->phase = p + 1;
            i++;
        }
    }
    if (i < n && r->args[i].is_num) {
        wc_error(d, r->args[i].num.at, "unexpected number %ld; a %.*s rule is written '%s'", r->args[i].num.value,
                 (int)r->what.n, r->what.p, shape);
        return false;
    }
    if (i < n) {
        wc_error(d, r->args[i].word.at, "unexpected '%.*s'; a %.*s rule is written '%s'", (int)r->args[i].word.n,
                 r->args[i].word.p, (int)r->what.n, r->what.p, shape);
        return false;
    }
    return true;
}

/* rule forbid WHOSE [KIND ...] [within N]; -- at least one of the two places.
** @returns false after reporting a rule not so written. */
static bool forbid_rule(wc_diag *d, const wc_rule *r, wh_effect_t *out)
{
    static const char *const whose[WH_N_FORBIDS - 1] = {
#define FORBID_WORD(f, word, text) word,
        WH_FORBID_LIST(FORBID_WORD)
#undef FORBID_WORD
    };
    static const char *const shape = "rule forbid others|everyone [KIND ...] [within N];";
    if (r->n_args == 0 || r->args[0].is_num) {
        wc_error(d, r->at, "a forbid rule is written '%s': whose figures, then where", shape);
        return false;
    }
    int w = lookup(d, r->args[0].word, "forbid word", whose, WH_N_FORBIDS - 1);
    rule_scope sc;
    if (w < 0 || !read_scope(d, r, 1, false, shape, &sc))
        return false;
    if (!sc.kinds && sc.within == WH_NONE) {
        wc_error(d, r->at, "a forbid rule says where: features of a kind ('rule forbid %s city;'), squares "
                           "near the wonder ('rule forbid %s within 1;'), or both", whose[w], whose[w]);
        return false;
    }
    out->forbid = (uint8_t)(w + 1);
    out->forbid_kinds = (uint8_t)sc.kinds;
    out->forbid_within = (uint8_t)sc.within;
    return true;
}

/* rule weight FIGURE N [KIND ...] [within M] [during|final]; the weight
** rules of one wonder share their scope. */
static void weight_rule(wc_diag *d, const wc_rule *r, const wc_rule **scoped, wh_effect_t *out)
{
    static const char *const shape = "rule weight FIGURE N [KIND ...] [within M] [during|final];";
    if (r->n_args < 2 || r->args[0].is_num || !r->args[1].is_num) {
        wc_error(d, r->at, "a weight rule is written '%s'", shape);
        return;
    }
    int f = lookup(d, r->args[0].word, "figure", figure_words, WH_N_FIGURES);
    if (f < 0)
        return;
    if ((size_t)f >= sizeof out->weight) { /* the builder and the pig (Traders & Builders) */
        wc_error(d, r->args[0].word.at, "a %s is no follower and counts in no majority; a weight rule weighs "
                 "a meeple, the large meeple or the abbot", figure_words[f]);
        return;
    }
    if (out->weight[f]) {
        wc_error(d, r->at, "a second weight rule for '%s'", figure_words[f]);
        return;
    }
    long n = r->args[1].num.value;
    if (n < 1 || n > MAX_WEIGHT) {
        wc_error(d, r->args[1].num.at, "weight out of range (1 to %d)", MAX_WEIGHT);
        return;
    }
    rule_scope sc;
    if (!read_scope(d, r, 2, true, shape, &sc))
        return;
    if (*scoped && (sc.kinds != out->weight_kinds || sc.within != out->weight_within || sc.phase != out->weight_phase)) {
        wc_error(d, r->at, "the weight rules of one wonder hold in one place and phase; this one says another");
        wc_note(d, (*scoped)->at, "the first says where and when they hold");
        return;
    }
    *scoped = r;
    out->weight[f] = (uint8_t)n;
    out->weight_kinds = (uint8_t)sc.kinds;
    out->weight_within = (uint8_t)sc.within;
    out->weight_phase = (uint8_t)sc.phase;
}

static void rules(wc_diag *d, const wc_effect *e, wh_effect_t *out)
{
    static const char *const shape[] = {"rule hand N keep;' or 'rule hand N bottom;", "rule supply N;",
                                        "rule weight FIGURE N;", "rule reserve N;", ""};
    static const char *const rests[WH_N_HAND_RESTS] = {
#define REST_WORD(r, word, text) word,
        WH_HAND_REST_LIST(REST_WORD)
#undef REST_WORD
    };
    const wc_rule *seen[5] = {NULL, NULL, NULL, NULL, NULL};
    for (const wc_rule *r = e->rules; r; r = r->next) {
        int k = lookup(d, r->what, "rule", rule_words, sizeof rule_words / sizeof *rule_words);
        if (k < 0)
            continue;
        if (k == 4) {
            wh_effect_t rule = *out;
            if (!forbid_rule(d, r, &rule))
                continue;
            if (seen[k]) {
                wc_error(d, r->at, "a second forbid rule; a wonder has one");
                wc_note(d, seen[k]->at, "the first is here");
                continue;
            }
            seen[k] = r;
            *out = rule;
            continue;
        }
        if (k == 2) {
            weight_rule(d, r, &seen[k], out);
            continue;
        }
        bool form = r->has_num && (k == 0 ? r->rest.n && !r->word.n : !r->rest.n && !r->word.n); /* supply, reserve: a number */
        if (!form) {
            wc_error(d, r->at, "a %s rule is written '%s'", rule_words[k], shape[k]);
            continue;
        }
        int rest = k == 0 ? lookup(d, r->rest, "choice", rests, WH_N_HAND_RESTS) : 0;
        if (rest < 0)
            continue;
        if (seen[k]) {
            wc_error(d, r->at, "a second %s rule; a wonder has one", rule_words[k]);
            wc_note(d, seen[k]->at, "the first is here");
            continue;
        }
        seen[k] = r;
        long n = r->num.value;
        if (k == 0) {
            if (n < 2 || n > WH_MAX_HAND)
                wc_error(d, r->num.at, "hand size out of range (2 to %d)", WH_MAX_HAND);
            else {
                out->hand = (uint8_t)n;
                out->hand_rest = (uint8_t)rest;
            }
        } else if (k == 1) {
            if (n < 1 || n > MAX_SUPPLY)
                wc_error(d, r->num.at, "supply out of range (1 to %d meeples)", MAX_SUPPLY);
            else
                out->supply = (uint8_t)n;
        } else if (k == 3) {
            if (n < 1 || n > WH_MAX_RESERVE)
                wc_error(d, r->num.at, "reserve out of range (1 to %d squares around the wonder)", WH_MAX_RESERVE);
            else
                out->reserve = (uint8_t)n;
        }
    }
}

bool wc_check_effect(wc_diag *d, const wc_tile *t, wc_effect_out *out)
{
    const wc_effect *e = t->effect;
    unsigned before = d->n_errors;
    memset(&out->effect, 0, sizeof out->effect);
    out->effect.forbid_within = WH_NONE;
    out->effect.weight_within = WH_NONE;
    out->effect.counter_init = WH_NO_EXPR; /* no counters */
    out->n_nodes = out->n_rows = 0;
    out->counter_names[0] = '\0';
    if (t->kind != WH_TILE_WONDER) {
        wc_error(d, e->at, "only a wonder tile has an effect");
        return false;
    }
    if (e->items == 0) {
        wc_error(d, e->at, "the effect is empty; say what the wonder does, or 'none;' if it does nothing");
        return false;
    }
    if (e->is_none) {
        if (e->items > 1)
            wc_error(d, e->none_at, "'none' says the wonder has no effect; an effect with 'none' has nothing else");
        return d->n_errors == before;
    }
    wc_lower L;
    memset(&L, 0, sizeof L);
    L.lower = wc_lower_expr;
    L.d = d;
    L.out = out;
    L.tile = t;
    L.errors_at_effect = d->n_errors;
    bool at_once = false, at_taking = false;
    if (e->has_starts) {
        static const char *const starts[] = {"next_turn", "now", "taken"};
        int k = lookup(d, e->starts, "start", starts, 3);
        at_once = k >= 1;
        at_taking = k == 2;
    }
    counters(&L, e);
    rules(d, e, &out->effect);
    const wh_effect_t *r = &out->effect;
    bool everywhere = !r->weight_kinds && r->weight_within == WH_NONE && r->weight_phase == WH_WEIGHT_ALWAYS;
    if (at_taking && !r->supply && !(everywhere && (r->weight[0] || r->weight[1] || r->weight[2])))
        wc_warning(d, e->starts_at, "'starts taken' starts a supply rule, and a weight rule with no place nor "
                                    "phase, at the taking; this effect has neither, so it starts as 'starts now' "
                                    "(a 'taken' handler runs at the taking whatever the start)");
    int n = 0;
    for (const wc_handler *h = e->handlers; h; h = h->next, n++) {
        if (n == WH_MAX_HANDLERS) {
            wc_error(d, h->at, "too many handlers (the limit is %d an effect)", WH_MAX_HANDLERS);
            break;
        }
        handler(&L, h, n, at_once);
    }
    out->effect.n_handlers = (uint8_t)n;
    if (L.watches)
        out->effect.flags |= WH_EFFECT_WATCHES_FIGURES;
    if (at_once)
        out->effect.flags |= WH_EFFECT_AT_ONCE;
    if (at_taking)
        out->effect.flags |= WH_EFFECT_AT_TAKING;
    return d->n_errors == before;
}

const char *const *wc_event_kind_words(size_t *n)
{
    *n = sizeof kind_words / sizeof *kind_words;
    return kind_words;
}

const char *const *wc_rule_words(size_t *n)
{
    *n = sizeof rule_words / sizeof *rule_words;
    return rule_words;
}
