/*
** effect_eval.c -- the evaluator of the wonders' expression trees
** (runtime/effect_eval.h): values, properties, checked arithmetic, the
** aggregates over the board's sets, and the statements.
**
** Bounded by construction: the compiler limits a tree's depth and loops
** nest at most two deep, each over a finite set of the board; arithmetic is
** checked, and a statement whose arithmetic fails (an overflow, a division
** by zero) does nothing.  Nothing is allocated.
*/
#include "effect_eval.h"

#include <string.h>

static int32_t eval(wh_run_t *r, uint16_t i);
static inline int32_t value(wh_run_t *r, uint16_t i);

__attribute__((noinline)) static int32_t property(wh_run_t *r, unsigned prop, int32_t v)
{
    const wh_game_t *g = r->g;
    switch (prop) {
    case WH_PROP_KIND: return g->kind[v];
    case WH_PROP_COMPLETE: return wh_feature_complete(g, (uint16_t)v);
    case WH_PROP_OCCUPIED: return g->meeples[v] > 0;
    case WH_PROP_SQUARES: return wh_feature_squares(g, (uint16_t)v);
    case WH_PROP_ARMS: return g->arms[v];
    case WH_PROP_INN: return (wh_feature_marks(g, (uint16_t)v) & WH_MARK_INN) != 0;
    case WH_PROP_CATHEDRAL: return (wh_feature_marks(g, (uint16_t)v) & WH_MARK_CATHEDRAL) != 0;
    case WH_PROP_CITIES: return wh_field_cities(g, (uint16_t)v);
    case WH_PROP_FIGURES: return g->meeples[v];
    case WH_PROP_OPEN: return g->open[v];
    case WH_PROP_M_PLAYER: return g->meeple[v].player;
    case WH_PROP_M_FIGURE: return g->meeple[v].figure;
    case WH_PROP_M_FEATURE: return wh_find_const(g, g->meeple[v].node); /* features are roots */
    case WH_PROP_P_MEEPLES: return wh_player_figures(g, v);
    case WH_PROP_P_SUPPLY: return v >= 0 && v < g->n_players ? g->supply[v] : 0;
    case WH_PROP_P_SCORE: return v >= 0 && v < g->n_players ? g->score[v] : 0;
    case WH_PROP_T_PLAYER: return g->placed[v].player;
    case WH_PROP_T_WONDER: return wh_tile_of(g, g->placed[v].tile)->kind == WH_TILE_WONDER;
    case WH_PROP_T_X: return g->placed[v].x;
    case WH_PROP_T_Y: return g->placed[v].y;
    case WH_PROP_S_X: return wh_square_x(v);
    case WH_PROP_S_Y: return wh_square_y(v);
    case WH_PROP_M_FOLLOWER: return wh_follower(g->meeple[v].figure);
    case WH_PROP_TOUCHED: return g->kind[v] == WH_KIND_FIELD ? wh_field_touched(g, (uint16_t)v) : 0;
    default: r->failed = true; return 0;
    }
}

static int32_t table_value(wh_run_t *r, const wh_expr_t *e)
{
    const wh_game_t *g = r->g;
    int n = e->arg == WH_VALUE_BY_PLAYERS ? g->n_players : wh_game_tiles_in_game(g);
    for (uint32_t i = 0; i < e->b; i++) {
        const wh_effect_value_t *v = &g->set->effect_values[(uint32_t)e->k + i];
        if (v->lo <= n && n <= v->hi)
            return v->value;
    }
    return 0;
}

static int32_t arithmetic(wh_run_t *r, unsigned op, int32_t a, int32_t b)
{
    int32_t v = 0;
    bool over = false;
    switch (op) {
    case WH_OP_ADD: over = __builtin_add_overflow(a, b, &v); break;
    case WH_OP_SUB: over = __builtin_sub_overflow(a, b, &v); break;
    case WH_OP_MUL: over = __builtin_mul_overflow(a, b, &v); break;
    case WH_OP_DIV:
    case WH_OP_MOD:
        over = b == 0 || (a == INT32_MIN && b == -1);
        v = over ? 0 : op == WH_OP_DIV ? a / b : a % b;
        break;
    default: over = true; break;
    }
    r->failed |= over;
    return v;
}

/* ---- aggregates ------------------------------------------------------------ */

/* The aggregate's running result as each member of the set passes. */
typedef struct tally {
    int32_t value;
    bool any;
} tally_t;

static void tally_one(wh_run_t *r, const wh_expr_t *e, tally_t *t)
{
    int32_t v = e->op == WH_OP_COUNT ? 1 : value(r, e->b);
    if (e->op == WH_OP_COUNT || e->op == WH_OP_SUM)
        t->value = arithmetic(r, WH_OP_ADD, t->any ? t->value : 0, v);
    else if (!t->any || (e->op == WH_OP_MAX ? v > t->value : v < t->value))
        t->value = v;
    t->any = true;
}

/* A filter taken apart, once per aggregate, into a conjunction of atoms:
** a chain of one or two properties of the loop's variable compared with a
** value that the loop does not change (m.player != owner, m.feature.kind ==
** city, not m.feature.complete).  Each member is then tested in a flat loop,
** without a call per node: a planner counts figures so for every move it
** tries.  A filter of another shape is evaluated node by node. */
typedef struct atom {
    uint8_t props[2], n_props, op; /* op: WH_OP_EQ .. WH_OP_GE */
    uint8_t get;                   /* enum get: how the chain is read */
    int32_t rhs;
} atom_t;

/* The chains filters hold most, each read in one step. */
enum get { GET_CHAIN, GET_M_PLAYER, GET_M_KIND, GET_M_FEATURE_THEN, GET_KIND, GET_SQUARES };

enum { MAX_ATOMS = 8 };

/* Node i as a chain of properties of variable `slot`, into t. */
static bool chain_of(const wh_run_t *r, uint16_t i, unsigned slot, atom_t *t)
{
    const wh_expr_t *e = &r->x[i];
    uint8_t props[2];
    int n = 0;
    for (; e->op == WH_OP_PROP && n < 2; e = &r->x[e->a])
        props[n++] = e->arg;
    if (e->op != WH_OP_VAR || e->arg != slot || n == 0)
        return false;
    t->n_props = (uint8_t)n;
    for (int k = 0; k < n; k++) /* innermost first */
        t->props[k] = props[n - 1 - k];
    t->get = GET_CHAIN;
    if (n == 1 && t->props[0] == WH_PROP_M_PLAYER)
        t->get = GET_M_PLAYER;
    else if (n == 1 && t->props[0] == WH_PROP_KIND)
        t->get = GET_KIND;
    else if (n == 1 && t->props[0] == WH_PROP_SQUARES)
        t->get = GET_SQUARES;
    else if (n == 2 && t->props[0] == WH_PROP_M_FEATURE)
        t->get = t->props[1] == WH_PROP_KIND ? GET_M_KIND : GET_M_FEATURE_THEN;
    return true;
}

/* Whether node i reads variable `slot` anywhere: then it is not fixed for
** the loop over it. */
static bool reads_slot(const wh_run_t *r, uint16_t i, unsigned slot, int depth)
{
    if (i == WH_NO_EXPR)
        return false;
    const wh_expr_t *e = &r->x[i];
    if (depth > WH_MAX_DEPTH || (e->op == WH_OP_VAR && e->arg == slot))
        return true;
    return reads_slot(r, e->a, slot, depth + 1) || reads_slot(r, e->b, slot, depth + 1) ||
           reads_slot(r, e->c, slot, depth + 1);
}

static bool atoms_of(wh_run_t *r, uint16_t i, unsigned slot, atom_t *atoms, int *n)
{
    static const uint8_t mirrored[] = {[WH_OP_EQ] = WH_OP_EQ, [WH_OP_NE] = WH_OP_NE, [WH_OP_LT] = WH_OP_GT,
                                       [WH_OP_LE] = WH_OP_GE, [WH_OP_GT] = WH_OP_LT, [WH_OP_GE] = WH_OP_LE};
    static const uint8_t negated[] = {[WH_OP_EQ] = WH_OP_NE, [WH_OP_NE] = WH_OP_EQ, [WH_OP_LT] = WH_OP_GE,
                                      [WH_OP_LE] = WH_OP_GT, [WH_OP_GT] = WH_OP_LE, [WH_OP_GE] = WH_OP_LT};
    const wh_expr_t *e = &r->x[i];
    if (e->op == WH_OP_AND)
        return atoms_of(r, e->a, slot, atoms, n) && atoms_of(r, e->b, slot, atoms, n);
    if (*n == MAX_ATOMS)
        return false;
    atom_t *t = &atoms[*n];
    bool negate = e->op == WH_OP_NOT;
    if (negate)
        e = &r->x[e->a];
    if (e->op >= WH_OP_EQ && e->op <= WH_OP_GE) {
        uint16_t fixed;
        t->op = e->op;
        if (chain_of(r, e->a, slot, t)) {
            fixed = e->b;
        } else if (chain_of(r, e->b, slot, t)) {
            fixed = e->a;
            t->op = mirrored[e->op];
        } else {
            return false;
        }
        if (reads_slot(r, fixed, slot, 0))
            return false;
        t->rhs = value(r, fixed);
    } else if (chain_of(r, (uint16_t)(e - r->x), slot, t)) {
        t->op = WH_OP_NE; /* a bool property: true */
        t->rhs = 0;
    } else {
        return false;
    }
    if (negate)
        t->op = negated[t->op];
    ++*n;
    return true;
}

static inline __attribute__((always_inline)) bool atoms_hold(wh_run_t *r, const atom_t *atoms, int n, int32_t v)
{
    const wh_game_t *g = r->g;
    int32_t feature = -1; /* the member's feature, when it is a meeple: found once */
    for (int k = 0; k < n; k++) {
        int32_t x = v;
        switch (atoms[k].get) {
        case GET_M_PLAYER: x = g->meeple[v].player; break;
        case GET_KIND: x = g->kind[v]; break;
        case GET_SQUARES: x = wh_feature_squares(g, (uint16_t)v); break;
        case GET_M_KIND:
        case GET_M_FEATURE_THEN:
            if (feature < 0)
                feature = wh_find_const(g, g->meeple[v].node);
            x = atoms[k].get == GET_M_KIND ? g->kind[feature] : property(r, atoms[k].props[1], feature);
            break;
        default:
            for (int p = 0; p < atoms[k].n_props; p++)
                x = property(r, atoms[k].props[p], x);
        }
        int32_t y = atoms[k].rhs;
        bool holds;
        switch (atoms[k].op) {
        case WH_OP_EQ: holds = x == y; break;
        case WH_OP_NE: holds = x != y; break;
        case WH_OP_LT: holds = x < y; break;
        case WH_OP_LE: holds = x <= y; break;
        case WH_OP_GT: holds = x > y; break;
        default: holds = x >= y; break;
        }
        if (!holds)
            return false;
    }
    return true;
}

/* The filter of aggregate e, taken apart when it can be: a member passes
** when its atoms hold (atoms < 0: when the filter evaluates true). */
typedef struct filter {
    atom_t atom[MAX_ATOMS];
    int n; /* -1: evaluate the filter's tree */
} filter_t;

static void filter_make(wh_run_t *r, const wh_expr_t *e, filter_t *f)
{
    f->n = 0;
    if (e->a != WH_NO_EXPR && !atoms_of(r, e->a, e->arg, f->atom, &f->n))
        f->n = -1;
}

static inline __attribute__((always_inline)) bool passes(wh_run_t *r, const wh_expr_t *e, const filter_t *f, int32_t member)
{
    r->slot[e->arg & (WH_RUN_SLOTS - 1)] = member;
    return f->n >= 0 ? atoms_hold(r, f->atom, f->n, member) : value(r, e->a) != 0;
}

/* Visit every member of the set, each in the loop's slot. */
__attribute__((noinline)) static int32_t aggregate(wh_run_t *r, const wh_expr_t *e)
{
    const wh_game_t *g = r->g;
    tally_t t = {0, false};
    filter_t f;
    filter_make(r, e, &f);
    unsigned kinds = (unsigned)e->k >> 8;
    switch ((unsigned)e->k & 0xFFu) {
    case WH_SET_FEATURES: /* by far the largest set: a failure is looked for as a member is counted */
        for (uint16_t n = 0; n < g->n_nodes; n++)
            if ((kinds >> g->kind[n] & 1u) && g->parent[n] == n && passes(r, e, &f, n)) {
                tally_one(r, e, &t);
                if (r->failed)
                    break;
            }
        break;
    case WH_SET_MEEPLES:
    case WH_SET_FOLLOWERS: {
        bool followers = ((unsigned)e->k & 0xFFu) == WH_SET_FOLLOWERS;
        for (uint32_t i = 0; i < g->n_meeples && !r->failed; i++)
            if ((!followers || wh_follower(g->meeple[i].figure)) && passes(r, e, &f, (int32_t)i))
                tally_one(r, e, &t);
        break;
    }
    case WH_SET_PLAYERS:
        for (int p = 0; p < g->n_players && !r->failed; p++)
            if (passes(r, e, &f, p))
                tally_one(r, e, &t);
        break;
    case WH_SET_SQUARES:
        for (uint32_t i = 0; i < g->n_cells && !r->failed; i++) {
            const wh_cell_t *c = &g->cells[g->used[i]];
            if (c->state == CELL_OCCUPIED && passes(r, e, &f, wh_square_value(c->x, c->y)))
                tally_one(r, e, &t);
        }
        break;
    default:
        r->failed = true;
    }
    if (!t.any && (e->op == WH_OP_MAX || e->op == WH_OP_MIN))
        return e->c == WH_NO_EXPR ? 0 : value(r, e->c);
    return t.value;
}

/* ---- expressions ----------------------------------------------------------- */

/* The value of node i: a leaf, or a property of a variable (or of a
** variable's property: m.feature.kind), read here; the rest by eval. */
static inline int32_t value(wh_run_t *r, uint16_t i)
{
    const wh_expr_t *e = &r->x[i];
    switch (e->op) {
    case WH_OP_CONST: return e->k;
    case WH_OP_VAR: return r->slot[e->arg & (WH_RUN_SLOTS - 1)];
    case WH_OP_OWNER: return r->owner;
    case WH_OP_PROP: {
        const wh_expr_t *c = &r->x[e->a];
        if (c->op == WH_OP_VAR)
            return property(r, e->arg, r->slot[c->arg & (WH_RUN_SLOTS - 1)]);
        break;
    }
    default:
        break;
    }
    return eval(r, i);
}

static int32_t eval(wh_run_t *r, uint16_t i)
{
    const wh_expr_t *e = &r->x[i];
    int32_t a, b;
    switch (e->op) {
    case WH_OP_CONST: return e->k;
    case WH_OP_VAR: return r->slot[e->arg & (WH_RUN_SLOTS - 1)];
    case WH_OP_OWNER: return r->owner;
    case WH_OP_CURRENT: return r->current;
    case WH_OP_WONDER: /* refused by the compiler in a `taken` handler: the wonder is not on the board */
        r->failed |= r->placed == WH_RUN_OFF_BOARD;
        return r->placed == WH_RUN_OFF_BOARD ? 0 : r->placed;
    case WH_OP_N_PLAYERS: return r->g->n_players;
    case WH_OP_COUNTER: /* none off the board (the compiler refuses them there) */
        if (r->w >= WH_MAX_WONDERS) {
            r->failed = true;
            return 0;
        }
        return r->g->effects.counter[r->w][e->arg % WH_MAX_COUNTERS];
    case WH_OP_TABLE: return table_value(r, e);
    case WH_OP_NOT: return !value(r, e->a);
    case WH_OP_NEG: return arithmetic(r, WH_OP_SUB, 0, value(r, e->a));
    case WH_OP_ADD: case WH_OP_SUB: case WH_OP_MUL: case WH_OP_DIV: case WH_OP_MOD:
        a = value(r, e->a);
        b = value(r, e->b);
        return arithmetic(r, e->op, a, b);
    case WH_OP_EQ: return value(r, e->a) == value(r, e->b);
    case WH_OP_NE: return value(r, e->a) != value(r, e->b);
    case WH_OP_LT: a = value(r, e->a); return a < value(r, e->b);
    case WH_OP_LE: a = value(r, e->a); return a <= value(r, e->b);
    case WH_OP_GT: a = value(r, e->a); return a > value(r, e->b);
    case WH_OP_GE: a = value(r, e->a); return a >= value(r, e->b);
    case WH_OP_AND: return value(r, e->a) && value(r, e->b);
    case WH_OP_OR: return value(r, e->a) || value(r, e->b);
    case WH_OP_PROP: return property(r, e->arg, value(r, e->a));
    case WH_OP_HAS: a = value(r, e->a); return wh_feature_has(r->g, (uint16_t)a, value(r, e->b));
    case WH_OP_WINS: a = value(r, e->a); return wh_feature_wins(r->g, (uint16_t)a, value(r, e->b));
    case WH_OP_DIST: case WH_OP_AROUND:
        a = value(r, e->a);
        b = value(r, e->b);
        return wh_board_distance(r->g, e->op == WH_OP_AROUND, e->arg, a, b);
    case WH_OP_TOUCHES: a = value(r, e->a); return wh_field_touches(r->g, (uint16_t)a, (uint16_t)value(r, e->b));
    case WH_OP_LINES: return wh_board_lines(r->g, (unsigned)e->k);
    case WH_OP_COUNT: case WH_OP_SUM: case WH_OP_MAX: case WH_OP_MIN: return aggregate(r, e);
    default: r->failed = true; return 0;
    }
}

/* ---- statements ------------------------------------------------------------ */

static void award(wh_run_t *r, int32_t player, int32_t points)
{
    wh_game_t *g = r->g;
    if (player < 0 || player >= g->n_players || points > WH_SCORE_LIMIT || points < -WH_SCORE_LIMIT)
        return;
    g->score[player] += points;
    if (r->sink && r->sink->event) {
        wh_score_event_t e;
        memset(&e, 0, sizeof e);
        e.reason = WH_REASON_WONDER;
        e.winners = (uint8_t)(1u << player);
        e.feature = r->feature;
        e.squares = r->event;
        e.wonder = r->tile;
        e.points = points;
        r->sink->event(r->sink->ctx, &e);
    }
}

static void set_counter(wh_run_t *r, unsigned counter, int32_t value)
{
    if (!r->failed && r->w < WH_MAX_WONDERS && value <= WH_COUNTER_LIMIT && value >= -WH_COUNTER_LIMIT)
        r->g->effects.counter[r->w][counter % WH_MAX_COUNTERS] = value;
}

/* Run statement i; a statement whose arithmetic failed does nothing. */
void wh_run_exec(wh_run_t *r, uint16_t i)
{
    for (; i != WH_NO_EXPR; i = r->x[i].op == WH_OP_SEQ ? r->x[i].b : WH_NO_EXPR) {
        const wh_expr_t *s = r->x[i].op == WH_OP_SEQ ? &r->x[r->x[i].a] : &r->x[i];
        r->failed = false;
        int32_t v, to;
        switch (s->op) {
        case WH_OP_SCORE:
            v = eval(r, s->a);
            to = s->b == WH_NO_EXPR ? r->owner : eval(r, s->b);
            if (!r->failed)
                award(r, to, v);
            break;
        case WH_OP_ADD_TO:
            v = eval(r, s->a);
            if (r->w < WH_MAX_WONDERS) /* none off the board */
                set_counter(r, s->arg, arithmetic(r, WH_OP_ADD, r->g->effects.counter[r->w][s->arg % WH_MAX_COUNTERS], v));
            break;
        case WH_OP_SET:
            set_counter(r, s->arg, eval(r, s->a));
            break;
        case WH_OP_IF:
            v = eval(r, s->a);
            if (!r->failed)
                wh_run_exec(r, v ? s->b : s->c);
            break;
        default:
            break;
        }
        if (r->x[i].op != WH_OP_SEQ)
            break;
    }
}

int32_t wh_run_value(wh_run_t *r, uint16_t i)
{
    return value(r, i);
}
