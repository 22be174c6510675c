/*
** check_query.c -- the effect language's questions about the board: the
** aggregates over a set (count, sum, max, min), dist and around, lines,
** and the value tables; typed, bounded and lowered like every expression,
** their parts through L->lower (check_expr.c's, handed down: this file
** sits below it).  A set's size is its kind of member's limit on the board
** (runtime/wonders.h), which bounds what an aggregate can add up to.
*/
#include "check_query.h"
#include "../runtime/wonders.h"

#include <stdio.h>

typedef struct set_info {
    const char *word;
    int         set;   /* wh_set_t */
    unsigned    kinds;
    int         type;  /* of its variable */
    int64_t     size;  /* the most members it can have */
} set_info;

static const set_info sets[] = {
    {"cities", WH_SET_FEATURES, 1u << WH_KIND_CITY, WH_TYPE_FEATURE, WH_MAX_NODES},
    {"roads", WH_SET_FEATURES, 1u << WH_KIND_ROAD, WH_TYPE_FEATURE, WH_MAX_NODES},
    {"fields", WH_SET_FEATURES, 1u << WH_KIND_FIELD, WH_TYPE_FEATURE, WH_MAX_NODES},
    {"monasteries", WH_SET_FEATURES, 1u << WH_KIND_MONASTERY, WH_TYPE_FEATURE, WH_MAX_NODES},
    {"gardens", WH_SET_FEATURES, 1u << WH_KIND_GARDEN, WH_TYPE_FEATURE, WH_MAX_NODES},
    {"features", WH_SET_FEATURES, WC_ANY_FEATURE, WH_TYPE_FEATURE, WH_MAX_NODES},
    {"meeples", WH_SET_MEEPLES, 0, WH_TYPE_MEEPLE, WH_MAX_MEEPLES},
    {"players", WH_SET_PLAYERS, 0, WH_TYPE_PLAYER, WH_MAX_PLAYERS},
    {"squares", WH_SET_SQUARES, 0, WH_TYPE_SQUARE, WH_MAX_CELLS},
    {"followers", WH_SET_FOLLOWERS, 0, WH_TYPE_MEEPLE, WH_MAX_MEEPLES},
};
enum { N_SETS = sizeof sets / sizeof *sets };

wc_val wc_lower_aggregate(wc_lower *L, const wc_expr *e)
{
    const char *words[N_SETS];
    for (int i = 0; i < N_SETS; i++)
        words[i] = sets[i].word;
    int s = wc_word_index(e->name, words, N_SETS);
    if (s < 0) {
        const char *near = wc_nearest_word(e->name, words, N_SETS);
        if (near)
            wc_error(L->d, e->name.at, "unknown set '%.*s'; did you mean '%s'?", (int)e->name.n, e->name.p, near);
        else
            wc_error(L->d, e->name.at, "unknown set '%.*s'; sets are cities, roads, fields, monasteries, gardens, "
                                       "features, meeples, followers, players and squares", (int)e->name.n, e->name.p);
        return wc_error_val();
    }
    if (L->loops == WH_MAX_SLOTS - 1) {
        wc_error(L->d, e->op_at, "a third set inside two others; sets nest at most %d deep", WH_MAX_SLOTS - 1);
        return wc_error_val();
    }
    if (wc_name_taken(L, e->var)) {
        wc_error(L->d, e->var.at, "'%.*s' is already a name here; give the set's variable another", (int)e->var.n,
                 e->var.p);
        return wc_error_val();
    }
    int slot = ++L->loops;
    L->slot[slot] = (wc_binding){e->var, sets[s].type, sets[s].kinds, true};
    if (sets[s].type == WH_TYPE_MEEPLE)
        L->watches = true;
    bool ok = true;
    uint16_t filter = WH_NO_EXPR, value = WH_NO_EXPR, other = WH_NO_EXPR;
    wc_val fv = {0}, vv = {0}, ev = {0};
    if (e->a) {
        fv = L->lower(L, e->a);
        if (fv.type != WC_TYPE_ERROR && fv.type != WH_TYPE_BOOL) {
            wc_error(L->d, e->a->at, "a set's 'where' takes a bool; this is %s", wc_type_text(fv.type));
            ok = false;
        }
        ok = ok && fv.type != WC_TYPE_ERROR;
        filter = fv.node;
    }
    if (e->op != WH_OP_COUNT) {
        vv = L->lower(L, e->b);
        if (vv.type != WC_TYPE_ERROR && vv.type != WH_TYPE_INT) {
            wc_error(L->d, e->b->at, "'%s' takes a number for each member; this is %s",
                     e->op == WH_OP_SUM ? "sum" : e->op == WH_OP_MAX ? "max" : "min", wc_type_text(vv.type));
            ok = false;
        }
        ok = ok && vv.type != WC_TYPE_ERROR;
        value = vv.node;
    }
    L->slot[slot].bound = false;
    L->loops--;
    if (e->op == WH_OP_MAX || e->op == WH_OP_MIN) {
        if (e->c) { /* the else is outside the set: its variable is not in scope */
            ev = L->lower(L, e->c);
            if (ev.type != WC_TYPE_ERROR && ev.type != WH_TYPE_INT) {
                wc_error(L->d, e->c->at, "'else' gives the value of an empty set: a number; this is %s",
                         wc_type_text(ev.type));
                ok = false;
            }
            ok = ok && ev.type != WC_TYPE_ERROR;
            other = ev.node;
        } else {
            ev = wc_val_of(WH_TYPE_INT, 0, 0, wc_emit(L, e->at, WH_OP_CONST, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, 0));
            other = ev.node;
        }
    }
    if (!ok)
        return wc_error_val();
    int32_t k = (int32_t)(sets[s].set | sets[s].kinds << 8);
    wc_val v = wc_val_of(WH_TYPE_INT, 0, sets[s].size, wc_emit(L, e->at, e->op, slot, filter, value, other, k));
    if (e->op == WH_OP_SUM) {
        v.lo = wc_clamp(sets[s].size * (vv.lo < 0 ? vv.lo : 0));
        v.hi = wc_clamp(sets[s].size * (vv.hi > 0 ? vv.hi : 0));
        if (vv.total_slot == slot && vv.lo >= 0 && vv.total < v.hi) /* what the board holds in all */
            v.hi = vv.total;
    } else if (e->op != WH_OP_COUNT) {
        v.lo = vv.lo < ev.lo ? vv.lo : ev.lo;
        v.hi = vv.hi > ev.hi ? vv.hi : ev.hi;
    }
    return v;
}

wc_val wc_lower_pair(wc_lower *L, const wc_expr *e)
{
    wc_val a = L->lower(L, e->a);
    wc_val b = L->lower(L, e->b);
    const char *w = e->op == WH_OP_DIST ? "dist" : "around";
    const wc_val *side[2] = {&a, &b};
    const wc_expr *src[2] = {e->a, e->b};
    bool ok = a.type != WC_TYPE_ERROR && b.type != WC_TYPE_ERROR;
    for (int i = 0; i < 2 && ok; i++) {
        int t = side[i]->type;
        if (t != WH_TYPE_SQUARE && t != WH_TYPE_FEATURE && t != WH_TYPE_MEEPLE && t != WH_TYPE_TILE) {
            wc_error(L->d, src[i]->at, "'%s' measures between squares, features, meeples or tiles; this is %s", w,
                     wc_type_text(t));
            ok = false;
        }
        if (t == WH_TYPE_MEEPLE)
            L->watches = true;
    }
    if (!ok)
        return wc_error_val();
    uint16_t node = wc_emit(L, e->at, e->op, a.type | b.type << 4, a.node, b.node, WH_NO_EXPR, 0);
    return e->op == WH_OP_DIST ? wc_val_of(WH_TYPE_INT, 0, WH_MAX_CELLS, node) : wc_val_of(WH_TYPE_BOOL, 0, 1, node);
}

/* A value table covers its domain once: players 2..6, tiles 0..32767. */
wc_val wc_lower_table(wc_lower *L, const wc_expr *e)
{
    static const char *const word[] = {"players", "tiles"};
    int which = (int)e->num.value;
    long lo_dom = which == WH_VALUE_BY_PLAYERS ? 2 : 0, hi_dom = which == WH_VALUE_BY_PLAYERS ? WH_MAX_PLAYERS : 32767;
    wc_effect_out *out = L->out;
    size_t first = out->n_rows, n = 0;
    bool ok = true;
    int64_t vlo = 0, vhi = 0;
    for (const wc_value_row *r = e->rows; r; r = r->next) {
        long lo = r->has_lo ? r->lo.value : lo_dom, hi = r->has_hi ? r->hi.value : hi_dom;
        if (lo > hi || lo < lo_dom || hi > hi_dom) {
            wc_error(L->d, r->at, "range %ld..%ld is outside %s %ld..%ld or empty", lo, hi, word[which], lo_dom, hi_dom);
            ok = false;
            continue;
        }
        if (r->value.value < -1000 || r->value.value > 1000) {
            wc_error(L->d, r->value.at, "points out of range (-1000 to 1000)");
            ok = false;
            continue;
        }
        if (n == WC_MAX_VALUE_ROWS || first + n == WC_MAX_EFFECT_ROWS) {
            wc_error(L->d, r->at, "too many rows (the limit is %d a table, %d an effect)", WC_MAX_VALUE_ROWS,
                     WC_MAX_EFFECT_ROWS);
            return wc_error_val();
        }
        wh_effect_value_t *rows = out->rows + first;
        for (size_t j = 0; j < n; j++)
            if (lo <= rows[j].hi && rows[j].lo <= hi) {
                wc_error(L->d, r->at, "range %ld..%ld overlaps %d..%d", lo, hi, rows[j].lo, rows[j].hi);
                ok = false;
            }
        rows[n] = (wh_effect_value_t){(int16_t)lo, (int16_t)hi, (int16_t)r->value.value};
        vlo = n == 0 || r->value.value < vlo ? r->value.value : vlo;
        vhi = n == 0 || r->value.value > vhi ? r->value.value : vhi;
        n++;
    }
    for (long v = lo_dom; ok && v <= hi_dom; v++) { /* every value of the domain is covered */
        bool covered = false;
        for (size_t j = 0; j < n && !covered; j++)
            covered = out->rows[first + j].lo <= v && v <= out->rows[first + j].hi;
        if (!covered) {
            wc_error(L->d, e->op_at, "%s(...) gives no value for %ld %s", word[which], v, word[which]);
            ok = false;
        }
    }
    if (!ok)
        return wc_error_val();
    out->n_rows += n;
    return wc_val_of(WH_TYPE_INT, vlo, vhi,
                wc_emit(L, e->at, WH_OP_TABLE, which, WH_NO_EXPR, (uint16_t)n, WH_NO_EXPR, (int32_t)first));
}

wc_val wc_lower_lines(wc_lower *L, const wc_expr *e)
{
    if (e->num.value < 2 || e->num.value > 64) {
        wc_error(L->d, e->num.at, "lines(k) counts runs of 2 to 64 squares; this asks for %ld", e->num.value);
        return wc_error_val();
    }
    /* a row or a column holds at most cells / k runs of k squares */
    return wc_val_of(WH_TYPE_INT, 0, 2 * WH_MAX_CELLS / e->num.value,
                     wc_emit(L, e->at, WH_OP_LINES, 0, WH_NO_EXPR, WH_NO_EXPR, WH_NO_EXPR, (int32_t)e->num.value));
}
