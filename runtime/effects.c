/*
** effects.c -- the wonders' effects, run from the compiled effect tables
** (runtime/tables.h): at each event, every handler of every wonder on the
** board that listens to it evaluates its condition and runs its body, an
** expression tree.  No wonder is known here by name (docs/language.md,
** "Effects").
**
** Bounded by construction: the compiler limits a tree's depth and loops
** nest at most two deep, each over a finite set of the board; arithmetic is
** checked, and a statement whose arithmetic fails (an overflow, a division
** by zero) does nothing.  Nothing is allocated.
*/
#include "internal.h"

#include <limits.h>
#include <string.h>

static const wh_effect_t *effect_of(const wh_game_t *g, uint16_t placed)
{
    uint32_t e = g->set->tiles[g->placed[placed].tile].effect;
    return e ? &g->set->effects[e - 1] : NULL;
}

/* One handler's evaluation: the wonder it belongs to, its variables, and
** whether the statement being run has failed. */
typedef struct run {
    wh_game_t *g;
    const wh_score_sink_t *sink;
    const wh_expr_t *x; /* the tile set's expression table */
    uint16_t placed;    /* the wonder's index in g->placed */
    uint8_t w;          /* its index in g->wonder */
    uint8_t owner;
    uint8_t event;      /* wh_event_t */
    uint16_t feature;   /* the event's feature, for score events; WH_NO_FEATURE */
    int32_t slot[WH_MAX_SLOTS];
    bool failed;
} run_t;

static int32_t eval(run_t *r, uint16_t i);
static inline int32_t value(run_t *r, uint16_t i);

/* ---- the board, as the language sees it --------------------------------- */

static bool complete(const wh_game_t *g, uint16_t root)
{
    switch (g->kind[root]) {
    case WH_KIND_CITY:
    case WH_KIND_ROAD:
        return g->open[root] == 0;
    case WH_KIND_MONASTERY:
    case WH_KIND_GARDEN: {
        int m = wh_monastery_of(g, root);
        return m >= 0 && g->monastery[m].neighbours == 8;
    }
    default:
        return false;
    }
}

/* The marks (WH_MARK_*) of any part of a feature. */
static unsigned marks(const wh_game_t *g, uint16_t root)
{
    unsigned m = 0;
    uint16_t n = root;
    do {
        m |= wh_node_feature(g, n)->marks;
        n = g->next[n];
    } while (n != root);
    return m;
}

static bool has(const wh_game_t *g, uint16_t root, int32_t player)
{
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (g->meeple[i].player == player && wh_find_const(g, g->meeple[i].node) == root)
            return true;
    return false;
}

/* Whether `player` is among those with the most strength on a feature. */
static bool wins(const wh_game_t *g, uint16_t root, int32_t player)
{
    if (player < 0 || player >= g->n_players)
        return false;
    uint8_t counts[WH_MAX_PLAYERS], best = 0;
    wh_feature_meeples(g, root, counts);
    for (int p = 0; p < g->n_players; p++)
        best = counts[p] > best ? counts[p] : best;
    return best && counts[player] == best;
}

static int32_t figures_of(const wh_game_t *g, int32_t player)
{
    int32_t n = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++)
        n += g->meeple[i].player == player;
    return n;
}

static int32_t square_value(int x, int y)
{
    return (int32_t)((uint32_t)(uint16_t)x | (uint32_t)(uint16_t)y << 16);
}

static int square_x(int32_t v) { return (int16_t)(uint16_t)((uint32_t)v & 0xFFFFu); }
static int square_y(int32_t v) { return (int16_t)(uint16_t)((uint32_t)v >> 16); }

/* The squares of node n's part of its feature, on its own tile. */
static size_t node_squares(const wh_game_t *g, uint16_t n, int32_t *out, size_t at)
{
    const wh_placed_t *pl = &g->placed[g->node_placed[n]];
    const wh_square_t *sq = wh_squares_of(g, pl);
    for (uint32_t bits = wh_node_feature(g, n)->squares; bits && at < WH_MAX_CELLS; bits &= bits - 1) {
        int x, y;
        wh_square_cell(&sq[__builtin_ctz(bits)], pl, &x, &y);
        out[at++] = square_value(x, y);
    }
    return at;
}

/* The squares a value stands for (docs/language.md, dist and around). */
static size_t squares_of(const wh_game_t *g, unsigned type, int32_t v, int32_t *out)
{
    size_t n = 0;
    switch (type) {
    case WH_TYPE_SQUARE:
        out[n++] = v;
        break;
    case WH_TYPE_TILE: {
        const wh_placed_t *pl = &g->placed[v];
        const wh_square_t *sq = wh_squares_of(g, pl);
        for (uint32_t i = 0; i < wh_tile_of(g, pl->tile)->n_squares; i++) {
            int x, y;
            wh_square_cell(&sq[i], pl, &x, &y);
            out[n++] = square_value(x, y);
        }
        break;
    }
    case WH_TYPE_MEEPLE:
        n = node_squares(g, g->meeple[v].node, out, 0);
        break;
    case WH_TYPE_FEATURE: {
        uint16_t m = (uint16_t)v;
        do {
            n = node_squares(g, m, out, n);
            m = g->next[m];
        } while (m != (uint16_t)v);
        break;
    }
    default:
        break;
    }
    return n;
}

/* DIST: the fewest king's moves between a square of a and one of b;
** AROUND: whether some pair is exactly one king's move apart.  Never
** inlined: its square lists would make every evaluation's frame big. */
__attribute__((noinline)) static int32_t distance(run_t *r, const wh_expr_t *e, int32_t a, int32_t b)
{
    int32_t sa[WH_MAX_CELLS], sb[WH_MAX_CELLS];
    size_t na = squares_of(r->g, e->arg & 15u, a, sa), nb = squares_of(r->g, e->arg >> 4, b, sb);
    int32_t best = INT32_MAX;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++) {
            int dx = square_x(sa[i]) - square_x(sb[j]), dy = square_y(sa[i]) - square_y(sb[j]);
            dx = dx < 0 ? -dx : dx;
            dy = dy < 0 ? -dy : dy;
            int32_t d = dx > dy ? dx : dy;
            if (e->op == WH_OP_AROUND && d == 1)
                return 1;
            best = d < best ? d : best;
        }
    return e->op == WH_OP_AROUND ? 0 : best;
}

static bool occupied(const wh_game_t *g, int x, int y)
{
    const wh_cell_t *c = wh_cell_get(g, x, y);
    return c && c->state == CELL_OCCUPIED;
}

/* Lines of `n` bit masks holding a run of `run` set bits: a bit still set
** after the mask is ANDed with itself shifted 1 .. run - 1 places. */
static int32_t masks_with_run(const uint64_t *masks, int n, unsigned run)
{
    int32_t lines = 0;
    for (int i = 0; i < n; i++) {
        uint64_t m = masks[i];
        for (unsigned k = 1; k < run && m; k++)
            m &= masks[i] >> k;
        lines += m != 0;
    }
    return lines;
}

/* Rows and columns holding `run` or more consecutive occupied squares,
** the slow way: runs walked from their first square, found through the
** game's list of the hash slots in use. */
static int32_t lines_walked(const wh_game_t *g, unsigned run)
{
    int low[2] = {INT_MAX, INT_MAX}; /* the first column (x) and row (y) */
    for (uint32_t i = 0; i < g->n_cells; i++) {
        const wh_cell_t *c = &g->cells[g->used[i]];
        if (c->state == CELL_OCCUPIED) {
            low[0] = c->x < low[0] ? c->x : low[0];
            low[1] = c->y < low[1] ? c->y : low[1];
        }
    }
    int32_t lines = 0;
    for (int axis = 0; axis < 2; axis++) { /* 0: rows, walked along x; 1: columns, along y */
        int step_x = axis ? 0 : 1, step_y = axis ? 1 : 0, first = axis ? low[0] : low[1];
        /* a connected board spans fewer lines than it has squares */
        uint8_t counted[WH_MAX_CELLS / 8];
        memset(counted, 0, sizeof counted);
        for (uint32_t i = 0; i < g->n_cells; i++) {
            const wh_cell_t *c = &g->cells[g->used[i]];
            if (c->state != CELL_OCCUPIED || occupied(g, c->x - step_x, c->y - step_y))
                continue; /* not the first square of a run */
            unsigned length = 1;
            while (length < run && occupied(g, c->x + (int)length * step_x, c->y + (int)length * step_y))
                length++;
            int line = (axis ? c->x : c->y) - first;
            if (length >= run && line >= 0 && line < WH_MAX_CELLS && !(counted[line / 8] & (1u << (line % 8)))) {
                counted[line / 8] |= (uint8_t)(1u << (line % 8));
                lines++;
            }
        }
    }
    return lines;
}

/* Rows and columns holding `run` or more consecutive occupied squares,
** each row or column counted once (FAQ 1/2025).  A board within 32
** squares of the start tile -- almost every one -- is drawn in one pass
** over the game's list of the hash slots in use as a 64-bit mask per row
** and per column: a planner counts lines for every move it tries, and
** looking squares up in the hash was a fifth of its time.  A bigger one is
** walked. */
static int32_t lines_with_run(const wh_game_t *g, unsigned run)
{
    enum { HALF = 32 }; /* the masks span -HALF .. HALF - 1 on both axes */
    uint64_t rows[2 * HALF], columns[2 * HALF];
    memset(rows, 0, sizeof rows);
    memset(columns, 0, sizeof columns);
    for (uint32_t i = 0; i < g->n_cells; i++) {
        const wh_cell_t *c = &g->cells[g->used[i]];
        if (c->state != CELL_OCCUPIED)
            continue;
        unsigned x = (unsigned)(c->x + HALF), y = (unsigned)(c->y + HALF);
        if (x >= 2 * HALF || y >= 2 * HALF)
            return lines_walked(g, run);
        rows[y] |= 1ull << x;
        columns[x] |= 1ull << y;
    }
    return masks_with_run(rows, 2 * HALF, run) + masks_with_run(columns, 2 * HALF, run);
}

__attribute__((noinline)) static int32_t property(run_t *r, unsigned prop, int32_t v)
{
    const wh_game_t *g = r->g;
    switch (prop) {
    case WH_PROP_KIND: return g->kind[v];
    case WH_PROP_COMPLETE: return complete(g, (uint16_t)v);
    case WH_PROP_OCCUPIED: return g->meeples[v] > 0;
    case WH_PROP_SQUARES: return wh_feature_squares(g, (uint16_t)v);
    case WH_PROP_ARMS: return g->arms[v];
    case WH_PROP_INN: return (marks(g, (uint16_t)v) & WH_MARK_INN) != 0;
    case WH_PROP_CATHEDRAL: return (marks(g, (uint16_t)v) & WH_MARK_CATHEDRAL) != 0;
    case WH_PROP_CITIES: return wh_field_cities(g, (uint16_t)v);
    case WH_PROP_FIGURES: return g->meeples[v];
    case WH_PROP_OPEN: return g->open[v];
    case WH_PROP_M_PLAYER: return g->meeple[v].player;
    case WH_PROP_M_FIGURE: return g->meeple[v].figure;
    case WH_PROP_M_FEATURE: return wh_find_const(g, g->meeple[v].node); /* features are roots */
    case WH_PROP_P_MEEPLES: return figures_of(g, v);
    case WH_PROP_P_SUPPLY: return v >= 0 && v < g->n_players ? g->supply[v] : 0;
    case WH_PROP_P_SCORE: return v >= 0 && v < g->n_players ? g->score[v] : 0;
    case WH_PROP_T_PLAYER: return g->placed[v].player;
    case WH_PROP_T_WONDER: return wh_tile_of(g, g->placed[v].tile)->kind == WH_TILE_WONDER;
    case WH_PROP_T_X: return g->placed[v].x;
    case WH_PROP_T_Y: return g->placed[v].y;
    case WH_PROP_S_X: return square_x(v);
    case WH_PROP_S_Y: return square_y(v);
    default: r->failed = true; return 0;
    }
}

static int32_t table_value(run_t *r, const wh_expr_t *e)
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

static int32_t arithmetic(run_t *r, unsigned op, int32_t a, int32_t b)
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

static void tally_one(run_t *r, const wh_expr_t *e, tally_t *t)
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
enum get { GET_CHAIN, GET_M_PLAYER, GET_M_KIND, GET_M_FEATURE_THEN, GET_KIND };

enum { MAX_ATOMS = 8 };

/* Node i as a chain of properties of variable `slot`, into t. */
static bool chain_of(const run_t *r, uint16_t i, unsigned slot, atom_t *t)
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
    else if (n == 2 && t->props[0] == WH_PROP_M_FEATURE)
        t->get = t->props[1] == WH_PROP_KIND ? GET_M_KIND : GET_M_FEATURE_THEN;
    return true;
}

/* Whether node i reads variable `slot` anywhere: then it is not fixed for
** the loop over it. */
static bool reads_slot(const run_t *r, uint16_t i, unsigned slot, int depth)
{
    if (i == WH_NO_EXPR)
        return false;
    const wh_expr_t *e = &r->x[i];
    if (depth > WH_MAX_DEPTH || (e->op == WH_OP_VAR && e->arg == slot))
        return true;
    return reads_slot(r, e->a, slot, depth + 1) || reads_slot(r, e->b, slot, depth + 1) ||
           reads_slot(r, e->c, slot, depth + 1);
}

static bool atoms_of(run_t *r, uint16_t i, unsigned slot, atom_t *atoms, int *n)
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

static inline __attribute__((always_inline)) bool atoms_hold(run_t *r, const atom_t *atoms, int n, int32_t v)
{
    const wh_game_t *g = r->g;
    int32_t feature = -1; /* the member's feature, when it is a meeple: found once */
    for (int k = 0; k < n; k++) {
        int32_t x = v;
        switch (atoms[k].get) {
        case GET_M_PLAYER: x = g->meeple[v].player; break;
        case GET_KIND: x = g->kind[v]; break;
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

static void filter_make(run_t *r, const wh_expr_t *e, filter_t *f)
{
    f->n = 0;
    if (e->a != WH_NO_EXPR && !atoms_of(r, e->a, e->arg, f->atom, &f->n))
        f->n = -1;
}

static inline bool passes(run_t *r, const wh_expr_t *e, const filter_t *f, int32_t member)
{
    r->slot[e->arg % WH_MAX_SLOTS] = member;
    return f->n >= 0 ? atoms_hold(r, f->atom, f->n, member) : value(r, e->a) != 0;
}

/* Visit every member of the set, each in the loop's slot. */
__attribute__((noinline)) static int32_t aggregate(run_t *r, const wh_expr_t *e)
{
    const wh_game_t *g = r->g;
    tally_t t = {0, false};
    filter_t f;
    filter_make(r, e, &f);
    unsigned kinds = (unsigned)e->k >> 8;
    switch ((unsigned)e->k & 0xFFu) {
    case WH_SET_FEATURES:
        for (uint16_t n = 0; n < g->n_nodes && !r->failed; n++)
            if (g->parent[n] == n && (kinds >> g->kind[n] & 1u) && passes(r, e, &f, n))
                tally_one(r, e, &t);
        break;
    case WH_SET_MEEPLES:
        for (uint32_t i = 0; i < g->n_meeples && !r->failed; i++)
            if (passes(r, e, &f, (int32_t)i))
                tally_one(r, e, &t);
        break;
    case WH_SET_PLAYERS:
        for (int p = 0; p < g->n_players && !r->failed; p++)
            if (passes(r, e, &f, p))
                tally_one(r, e, &t);
        break;
    case WH_SET_SQUARES:
        for (uint32_t i = 0; i < g->n_cells && !r->failed; i++) {
            const wh_cell_t *c = &g->cells[g->used[i]];
            if (c->state == CELL_OCCUPIED && passes(r, e, &f, square_value(c->x, c->y)))
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
static inline int32_t value(run_t *r, uint16_t i)
{
    const wh_expr_t *e = &r->x[i];
    switch (e->op) {
    case WH_OP_CONST: return e->k;
    case WH_OP_VAR: return r->slot[e->arg % WH_MAX_SLOTS];
    case WH_OP_OWNER: return r->owner;
    case WH_OP_PROP: {
        const wh_expr_t *c = &r->x[e->a];
        if (c->op == WH_OP_VAR)
            return property(r, e->arg, r->slot[c->arg % WH_MAX_SLOTS]);
        break;
    }
    default:
        break;
    }
    return eval(r, i);
}

static int32_t eval(run_t *r, uint16_t i)
{
    const wh_expr_t *e = &r->x[i];
    int32_t a, b;
    switch (e->op) {
    case WH_OP_CONST: return e->k;
    case WH_OP_VAR: return r->slot[e->arg % WH_MAX_SLOTS];
    case WH_OP_OWNER: return r->owner;
    case WH_OP_CURRENT: return r->g->current;
    case WH_OP_WONDER: return r->placed;
    case WH_OP_N_PLAYERS: return r->g->n_players;
    case WH_OP_COUNTER: return r->g->counter[r->w][e->arg % WH_MAX_COUNTERS];
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
    case WH_OP_HAS: a = value(r, e->a); return has(r->g, (uint16_t)a, value(r, e->b));
    case WH_OP_WINS: a = value(r, e->a); return wins(r->g, (uint16_t)a, value(r, e->b));
    case WH_OP_DIST: case WH_OP_AROUND:
        a = value(r, e->a);
        b = value(r, e->b);
        return distance(r, e, a, b);
    case WH_OP_LINES: return lines_with_run(r->g, (unsigned)e->k);
    case WH_OP_COUNT: case WH_OP_SUM: case WH_OP_MAX: case WH_OP_MIN: return aggregate(r, e);
    default: r->failed = true; return 0;
    }
}

/* ---- statements ------------------------------------------------------------ */

static void award(run_t *r, int32_t player, int32_t points)
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
        e.wonder = g->placed[r->placed].tile;
        e.points = points;
        r->sink->event(r->sink->ctx, &e);
    }
}

static void set_counter(run_t *r, unsigned counter, int32_t value)
{
    if (!r->failed && value <= WH_COUNTER_LIMIT && value >= -WH_COUNTER_LIMIT)
        r->g->counter[r->w][counter % WH_MAX_COUNTERS] = value;
}

/* Run statement i; a statement whose arithmetic failed does nothing. */
static void exec(run_t *r, uint16_t i)
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
            set_counter(r, s->arg, arithmetic(r, WH_OP_ADD, r->g->counter[r->w][s->arg % WH_MAX_COUNTERS], v));
            break;
        case WH_OP_SET:
            set_counter(r, s->arg, eval(r, s->a));
            break;
        case WH_OP_IF:
            v = eval(r, s->a);
            if (!r->failed)
                exec(r, v ? s->b : s->c);
            break;
        default:
            break;
        }
        if (r->x[i].op != WH_OP_SEQ)
            break;
    }
}

/* ---- events ---------------------------------------------------------------- */

/* Run the handlers for `event` (of a feature of kind `kind`, or WH_NONE)
** with `value` in slot 0, wonder after wonder in the order placed; only
** the wonders `which` names (WH_EFFECTS_BLIND, _WATCHING or _ALL). */
static void fire(wh_game_t *g, const wh_score_sink_t *sink, unsigned event, unsigned kind, int32_t value,
                 uint16_t feature, unsigned which)
{
    if (!(g->events & (1u << event)))
        return;
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        const wh_effect_t *e = effect_of(g, pw);
        uint8_t owner = g->placed[pw].player;
        if (owner >= g->n_players || !(g->wonder_events[w] & (1u << event)))
            continue; /* a wonder nobody owns (it started the game), or deaf to the event */
        if (!(which & (e->flags & WH_EFFECT_WATCHES_FIGURES ? WH_EFFECTS_WATCHING : WH_EFFECTS_BLIND)))
            continue;
        for (uint32_t k = 0; k < e->n_handlers; k++) {
            const wh_handler_t *h = &g->set->handlers[e->first_handler + k];
            unsigned bit = 1u << (h->index % 8);
            if (h->event != event || (kind != WH_NONE && !(h->kinds >> kind & 1u)) ||
                (event != WH_EVENT_GAME_END && !(h->flags & WH_HANDLER_AT_ONCE) && !wh_effect_started(g, pw)) ||
                ((h->flags & WH_HANDLER_ONCE_TURN) && (g->fired_turn[w] & bit)) ||
                ((h->flags & WH_HANDLER_ONCE_GAME) && (g->fired_game[w] & bit)))
                continue;
            run_t r = {g, sink, g->set->exprs, pw, (uint8_t)w, owner, (uint8_t)event, feature, {value, 0, 0}, false};
            if (h->when != WH_NO_EXPR && (!eval(&r, h->when) || r.failed))
                continue;
            g->fired_turn[w] |= (uint8_t)bit;
            g->fired_game[w] |= (uint8_t)bit;
            exec(&r, h->body);
        }
    }
}

void wh_effects_placed(wh_game_t *g, uint16_t placed)
{
    const wh_effect_t *e = effect_of(g, placed);
    uint32_t w = g->n_wonders - 1; /* put_tile has just listed it */
    for (uint32_t c = 0; c < e->n_counters && c < WH_MAX_COUNTERS; c++) /* counter_init: none without */
        g->counter[w][c] = g->set->exprs[e->counter_init + c].k;
    for (uint32_t k = 0; k < e->n_handlers; k++)
        g->wonder_events[w] |= (uint8_t)(1u << g->set->handlers[e->first_handler + k].event);
    g->events |= g->wonder_events[w];
    g->events |= 1u << WH_EVENT_TURN_START; /* its rules start then */
}

void wh_effects_tile_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t placed)
{
    fire(g, sink, WH_EVENT_TILE_PLACED, WH_NONE, placed, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

void wh_effects_meeple_placed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t node)
{
    if (!(g->events & (1u << WH_EVENT_MEEPLE_PLACED)))
        return;
    for (uint32_t i = g->n_meeples; i-- > 0;) /* the last figure put there is this turn's */
        if (g->meeple[i].node == node && g->meeple[i].player == g->current) {
            fire(g, sink, WH_EVENT_MEEPLE_PLACED, WH_NONE, (int32_t)i, node, WH_EFFECTS_ALL);
            return;
        }
}

void wh_effects_completed(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    fire(g, sink, WH_EVENT_COMPLETED, g->kind[root], root, root, WH_EFFECTS_ALL);
}

void wh_effects_scored(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root)
{
    fire(g, sink, WH_EVENT_SCORED, g->kind[root], root, root, WH_EFFECTS_ALL);
}

void wh_effects_turn_end(wh_game_t *g, const wh_score_sink_t *sink)
{
    fire(g, sink, WH_EVENT_TURN_END, WH_NONE, g->current, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

/* The rule changes of the current player's wonders whose effects start
** now: applied once, at the start of the owner's next turn. */
static void start_rules(wh_game_t *g)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        uint16_t pw = g->wonder[w];
        if ((g->ruled & (1u << w)) || g->placed[pw].player != g->current || !wh_effect_started(g, pw))
            continue;
        const wh_effect_t *e = effect_of(g, pw);
        uint8_t p = g->current;
        g->ruled |= (uint16_t)(1u << w);
        g->supply[p] = (uint8_t)(g->supply[p] + e->supply);
        for (size_t f = 0; f < sizeof e->weight; f++) /* the followers; the builder and pig weigh 0 */
            if (e->weight[f])
                g->strength[p][f] = e->weight[f];
    }
}

void wh_effects_turn_start(wh_game_t *g, const wh_score_sink_t *sink)
{
    memset(g->fired_turn, 0, sizeof g->fired_turn);
    if (!(g->events & (1u << WH_EVENT_TURN_START)))
        return;
    start_rules(g);
    fire(g, sink, WH_EVENT_TURN_START, WH_NONE, g->current, WH_NO_FEATURE, WH_EFFECTS_ALL);
}

void wh_effects_game_end(wh_game_t *g, const wh_score_sink_t *sink, unsigned which)
{
    fire(g, sink, WH_EVENT_GAME_END, WH_NONE, 0, WH_NO_FEATURE, which);
}

bool wh_effects_watch_figures(const wh_game_t *g)
{
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        const wh_effect_t *e = effect_of(g, g->wonder[w]);
        if (e && (e->flags & WH_EFFECT_WATCHES_FIGURES))
            return true;
    }
    return false;
}
