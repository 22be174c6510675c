/*
** check_effect.c -- the type rules of effects (docs/language.md, "Effects").
**
** A trigger decides what an effect can talk about: `completed` and `scored`
** have a feature, so conditions on "the feature" (occupied, owner_in,
** squares >= k) need one of them; `meeple_placed` has a meeple, so
** `near_monastery` needs it.  Counters say what they count and which
** filters make sense for it.  Value tables must give exactly one value for
** every player count (2 to 6) or every number of tiles.
*/
#include "check_effect.h"
#include "names.h"
#include "words.h"

#include <string.h>


#define MAX_THRESHOLD 255

/* Index of `n` among `words`, or -1 after reporting it (with a suggestion). */
static int lookup(wc_diag *d, wc_name n, const char *const *words, size_t count, const char *what)
{
    size_t lens[16];
    for (size_t i = 0; i < count; i++) {
        lens[i] = strlen(words[i]);
        if (wc_name_is(n, words[i]))
            return (int)i;
    }
    int k = wu_closest(n.p, n.n, words, lens, count);
    const char *alias = k < 0 && !strcmp(what, "kind") ? wc_kind_alias(n.p, n.n) : NULL;
    for (size_t i = 0; alias && i < count; i++)
        if (!strcmp(words[i], alias))
            k = (int)i; /* "castle": the language says city */
    if (k >= 0) {
        wc_error(d, n.at, "unknown %s '%.*s'; did you mean '%s'?", what, (int)n.n, n.p, words[k]);
        return -1;
    }
    char list[256];
    size_t len = 0;
    for (size_t i = 0; i < count && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i == 0 ? "" : i + 1 == count ? " or " : ", ",
                                words[i]);
    wc_error(d, n.at, "unknown %s '%.*s'; it is one of %s", what, (int)n.n, n.p, list);
    return -1;
}

/* The conditions each context accepts, as bits of wh_cond_t, plus whether
** a `squares >=` bound is allowed. */
#define BIT(c) (1u << WH_COND_##c)
static const unsigned feature_trigger_conds = BIT(OCCUPIED) | BIT(UNOCCUPIED) | BIT(OWNER_IN) | BIT(AFTER_PLACEMENT);
static const unsigned meeple_trigger_conds = BIT(NEAR_MONASTERY) | BIT(AFTER_PLACEMENT);

/* "occupied, unoccupied or squares >= k": what a context takes. */
static const char *applicable(unsigned allowed, const char *bound, char *buf, size_t size)
{
    const char *items[WH_N_CONDS + 1];
    char bound_text[32];
    size_t n = 0, len = 0;
    for (int k = 0; k < WH_N_CONDS; k++)
        if (allowed & (1u << k))
            items[n++] = wc_cond_words[k];
    if (bound) {
        snprintf(bound_text, sizeof bound_text, "%s >= k", bound);
        items[n++] = bound_text;
    }
    if (n == 0)
        return "no condition";
    buf[0] = '\0';
    if (n == 1 && bound)
        len += (size_t)snprintf(buf, size, "only ");
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", items[i]);
    return buf;
}

/* Checks conditions against the allowed set; fills the bits and the
** threshold named `bound` ("squares" or "run").  @p context says what they
** apply to ("to counted cities"), @p takes how it takes them ("they take"). */
static bool conditions(wc_diag *d, const wc_cond *list, unsigned allowed, const char *bound, const char *context,
                       const char *takes, uint8_t *bits, uint8_t *threshold)
{
    bool ok = true;
    char list_buf[256];
    *bits = 0;
    for (const wc_cond *c = list; c; c = c->next) {
        if (bound && wc_name_is(c->name, bound)) {
            if (!c->has_value) {
                wc_error(d, c->name.at, "'%s' needs a bound, as in '%s >= 3'", bound, bound);
                ok = false;
            } else if (c->value.value < 1 || c->value.value > MAX_THRESHOLD) {
                wc_error(d, c->value.at, "threshold out of range (1 to %d)", MAX_THRESHOLD);
                ok = false;
            } else {
                *threshold = (uint8_t)c->value.value;
            }
            continue;
        }
        if (c->has_value) {
            if (wc_name_is(c->name, "squares") || wc_name_is(c->name, "run"))
                wc_error(d, c->name.at, "'%.*s >= ...' does not apply %s; %s %s", (int)c->name.n, c->name.p, context,
                         takes, applicable(allowed, bound, list_buf, sizeof list_buf));
            else
                wc_error(d, c->name.at, "'%.*s' takes no bound", (int)c->name.n, c->name.p);
            ok = false;
            continue;
        }
        int k = lookup(d, c->name, wc_cond_words, WH_N_CONDS, "condition");
        if (k < 0) {
            ok = false;
            continue;
        }
        if (!(allowed & (1u << k))) {
            bool needs_feature = (feature_trigger_conds & ~meeple_trigger_conds & (1u << k)) != 0;
            wc_error(d, c->name.at, "condition '%s' does not apply %s; %s %s%s", wc_cond_words[k], context, takes,
                     applicable(allowed, bound, list_buf, sizeof list_buf),
                     needs_feature && strstr(context, "trigger") ? " (it needs a trigger with a feature: completed or scored)" : "");
            ok = false;
            continue;
        }
        *bits |= (uint8_t)(1u << k);
    }
    if ((*bits & BIT(OCCUPIED)) && (*bits & BIT(UNOCCUPIED))) {
        wc_error(d, list->name.at, "'occupied' and 'unoccupied' cannot both hold");
        ok = false;
    }
    if ((*bits & BIT(COMPLETE)) && (*bits & BIT(INCOMPLETE))) {
        wc_error(d, list->name.at, "'complete' and 'incomplete' cannot both hold; leave both out for either");
        ok = false;
    }
    return ok;
}

/* A value table covers its domain once: players 2..6, tiles 0..32767. */
static bool value_table(wc_diag *d, const wc_effect *e, wh_effect_t *out, wh_effect_value_t *rows, size_t *n_rows)
{
    static const char *const tables[] = {"players", "tiles"};
    static const size_t lens[] = {7, 5};
    int which = -1;
    for (int i = 0; i < 2; i++)
        if (wc_name_is(e->table, tables[i]))
            which = i;
    if (which < 0) {
        int k = wu_closest(e->table.p, e->table.n, tables, lens, 2);
        wc_error(d, e->table.at, "unknown value table '%.*s'%s%s%s; tables are players(...) and tiles(...)",
                 (int)e->table.n, e->table.p, k >= 0 ? "; did you mean '" : "", k >= 0 ? tables[k] : "",
                 k >= 0 ? "'?" : "");
        return false;
    }
    long lo_dom = which == 0 ? 2 : 0, hi_dom = which == 0 ? 6 : 32767;
    out->value_by = which == 0 ? WH_VALUE_BY_PLAYERS : WH_VALUE_BY_TILES;
    bool ok = true;
    size_t n = 0;
    for (const wc_value_row *r = e->rows; r; r = r->next) {
        long lo = r->has_lo ? r->lo.value : lo_dom, hi = r->has_hi ? r->hi.value : hi_dom;
        if (lo > hi || lo < lo_dom || hi > hi_dom) {
            wc_error(d, r->at, "range %ld..%ld is outside %s %ld..%ld or empty", lo, hi, tables[which], lo_dom, hi_dom);
            ok = false;
            continue;
        }
        if (r->value.value < -1000 || r->value.value > 1000) {
            wc_error(d, r->value.at, "points out of range (-1000 to 1000)");
            ok = false;
            continue;
        }
        if (n == WC_MAX_VALUE_ROWS) {
            wc_error(d, r->at, "too many rows (the limit is %d)", WC_MAX_VALUE_ROWS);
            return false;
        }
        for (size_t j = 0; j < n; j++)
            if (lo <= rows[j].hi && rows[j].lo <= hi) {
                wc_error(d, r->at, "range %ld..%ld overlaps %d..%d", lo, hi, rows[j].lo, rows[j].hi);
                ok = false;
            }
        rows[n++] = (wh_effect_value_t){(int16_t)lo, (int16_t)hi, (int16_t)r->value.value};
    }
    if (!ok)
        return false;
    for (long v = lo_dom; v <= hi_dom; v++) { /* every value of the domain is covered */
        bool covered = false;
        for (size_t j = 0; j < n && !covered; j++)
            covered = rows[j].lo <= v && v <= rows[j].hi;
        if (!covered) {
            wc_error(d, e->table.at, "%s(...) gives no value for %ld %s", tables[which], v, tables[which]);
            return false;
        }
    }
    *n_rows = n;
    return true;
}

/* "cities", "monasteries", "roads". */
static const char *plural(int kind, char *buf, size_t size)
{
    const char *w = wc_kind_words[kind];
    size_t n = strlen(w);
    if (n > 0 && w[n - 1] == 'y')
        snprintf(buf, size, "%.*sies", (int)(n - 1), w);
    else
        snprintf(buf, size, "%ss", w);
    return buf;
}

/* @p kind_taken: the word after the counter was its kind, not a frequency. */
static bool counter(wc_diag *d, const wc_effect *e, wh_effect_t *out, bool *kind_taken)
{
    int k = WH_COUNTER_FEATURES;
    if (e->counter.n) {
        k = lookup(d, e->counter, wc_counter_words, WH_N_COUNTERS, "counter");
        if (k < 0)
            return false;
    }
    out->counter = (uint8_t)k;
    out->counter_kind = WH_NONE;
    bool needs_kind = k == WH_COUNTER_OWNER_MEEPLES || k == WH_COUNTER_OTHER_MEEPLES || k == WH_COUNTER_FEATURES;
    static const char *const freq[] = {"each", "once"};
    if (needs_kind && e->counter_kind < 0 && e->frequency.n && !wc_name_is(e->frequency, freq[0]) &&
        !wc_name_is(e->frequency, freq[1])) {
        *kind_taken = true; /* "per owner_meeple castle": a kind, misspelt */
        lookup(d, e->frequency, wc_kind_words, WH_N_KINDS, "kind");
        return false;
    }
    if (needs_kind && e->counter_kind < 0) {
        wc_error(d, e->counter_at, "'%s' counts in a kind of feature, as in '%s city'", wc_counter_words[k], wc_counter_words[k]);
        return false;
    }
    if (!needs_kind && e->counter_kind >= 0) {
        wc_error(d, e->counter_at, "'%s' takes no kind of feature", wc_counter_words[k]);
        return false;
    }
    if (needs_kind)
        out->counter_kind = (uint8_t)e->counter_kind;
    unsigned allowed = 0;
    const char *bound = NULL;
    char context[64], kinds[32];
    const char *takes = "it takes";
    snprintf(context, sizeof context, "to '%s'", wc_counter_words[k]);
    switch (k) {
    case WH_COUNTER_OWNER_MEEPLES:
    case WH_COUNTER_OTHER_MEEPLES:
        allowed = BIT(COMPLETE) | BIT(INCOMPLETE);
        break;
    case WH_COUNTER_FEATURES:
        allowed = BIT(COMPLETE) | BIT(INCOMPLETE) | BIT(OCCUPIED) | BIT(UNOCCUPIED);
        bound = "squares";
        snprintf(context, sizeof context, "to counted %s", plural(e->counter_kind, kinds, sizeof kinds));
        takes = "they take";
        break;
    case WH_COUNTER_LINES:
        bound = "run";
        break;
    default:
        break;
    }
    if (!conditions(d, e->counter_conditions, allowed, bound, context, takes, &out->counter_conditions,
                    &out->counter_min))
        return false;
    if (k == WH_COUNTER_LINES && out->counter_min == 0) {
        wc_error(d, e->counter_at, "'line' needs a run length, as in 'line where run >= 7'");
        return false;
    }
    if (k == WH_COUNTER_ONE) {
        wc_error(d, e->counter_at, "'per one' says nothing; leave 'per' out");
        return false;
    }
    return true;
}

bool wc_check_effect(wc_diag *d, const wc_tile *t, wh_effect_t *out, wh_effect_value_t *rows, size_t *n_rows)
{
    const wc_effect *e = t->effect;
    unsigned before = d->n_errors;
    memset(out, 0, sizeof *out);
    out->trigger_kind = out->counter_kind = WH_NONE;
    *n_rows = 0;
    if (t->kind != WH_TILE_WONDER) {
        wc_error(d, e->at, "only a wonder tile has an effect");
        return false;
    }
    if (e->is_none) { /* no effect, said on purpose: nothing else */
        if (e->has_trigger || e->has_score || e->has_hand || e->conditions) {
            wc_error(d, e->at, "'none' says the wonder has no effect; an effect with 'none' has nothing else");
            return false;
        }
        return true;
    }
    if (e->has_hand) { /* a draw rule: nothing else */
        if (e->has_trigger || e->has_score || e->conditions) {
            wc_error(d, e->at, "'hand' changes the draw rule; an effect with 'hand' has no trigger, condition or score");
            return false;
        }
        if (e->hand.value < 2 || e->hand.value > 5) {
            wc_error(d, e->hand.at, "hand size out of range (2 to 5)");
            return false;
        }
        out->trigger = WH_TRIGGER_DRAW;
        out->hand = (uint8_t)e->hand.value;
        return true;
    }
    if (!e->has_trigger) {
        wc_error(d, e->at, "the effect has no trigger (add 'trigger game_end;' or another)");
        return false;
    }
    /* A bad trigger is reported, and the rest is still checked against
    ** what the trigger would allow. */
    int trig = lookup(d, e->trigger, wc_trigger_words, WH_N_TRIGGERS, "trigger");
    if (trig == WH_TRIGGER_DRAW) {
        wc_error(d, e->trigger.at, "a draw rule is written 'hand N;'");
        trig = -1;
    }
    bool feature_trigger = trig == WH_TRIGGER_COMPLETED || trig == WH_TRIGGER_SCORED;
    if (trig >= 0) {
        out->trigger = (uint8_t)trig;
        if (feature_trigger && e->trigger_kind < 0)
            wc_error(d, e->trigger_at, "'%s' needs a kind of feature, as in 'trigger %s road'", wc_trigger_words[trig],
                     wc_trigger_words[trig]);
        else if (!feature_trigger && e->trigger_kind >= 0)
            wc_error(d, e->trigger_at, "'%s' takes no kind of feature", wc_trigger_words[trig]);
        else if (feature_trigger && (e->trigger_kind == WH_KIND_FIELD || e->trigger_kind == WH_KIND_AREA ||
                                     e->trigger_kind == WH_KIND_RIVER))
            wc_error(d, e->trigger_at, "a %s is never %s", wc_kind_words[e->trigger_kind], wc_trigger_words[trig]);
        else if (feature_trigger)
            out->trigger_kind = (uint8_t)e->trigger_kind;
        unsigned allowed = trig == WH_TRIGGER_MEEPLE_PLACED ? meeple_trigger_conds
                         : feature_trigger ? feature_trigger_conds : 0;
        char context[64];
        snprintf(context, sizeof context, "to the trigger '%s'", wc_trigger_words[trig]);
        conditions(d, e->conditions, allowed, feature_trigger ? "squares" : NULL, context, "it takes",
                   &out->conditions, &out->min_squares);
    }
    if (!e->has_score) {
        wc_error(d, e->at, "the effect scores nothing (add 'score N;')");
        return false;
    }
    if (e->value_is_table) {
        value_table(d, e, out, rows, n_rows);
    } else if (e->constant.value < -1000 || e->constant.value > 1000) {
        wc_error(d, e->constant.at, "points out of range (-1000 to 1000)");
    } else {
        out->value_by = WH_VALUE_CONSTANT;
        out->constant = (int16_t)e->constant.value;
    }
    out->counter = WH_COUNTER_ONE;
    bool kind_taken = false;
    if (e->has_counter)
        counter(d, e, out, &kind_taken);
    if (e->frequency.n && !kind_taken) {
        static const char *const freq[] = {"each", "once"};
        int f = lookup(d, e->frequency, freq, 2, "frequency");
        if (f >= 0)
            out->once = (uint8_t)f;
    }
    return d->n_errors == before;
}
