/*
** facts.c -- `expect` statements: published facts checked against geometry.
**
** A tile's facts count that tile's features once; a pack's facts count every
** copy (a tile with count 3 adds its features three times), so that a pack
** can restate the published totals of its box (docs/language.md, "Facts").
*/
#include "check.h"
#include "marks.h"
#include "names.h"

#include <string.h>

static const char *const prop_words[WC_N_PROPS] = {
#define PROP_WORD(p, word) word,
    WC_PROP_LIST(PROP_WORD)
#undef PROP_WORD
};

static bool resolve_prop(wc_diag *d, wc_name n, wc_prop *out)
{
    size_t lens[WC_N_PROPS];
    for (int i = 0; i < WC_N_PROPS; i++) {
        lens[i] = strlen(prop_words[i]);
        if (wc_name_is(n, prop_words[i])) {
            *out = (wc_prop)i;
            return true;
        }
    }
    int k = wu_closest(n.p, n.n, prop_words, lens, WC_N_PROPS);
    if (k >= 0)
        wc_error(d, n.at, "unknown property '%.*s'; did you mean '%s'?", (int)n.n, n.p, prop_words[k]);
    else
        wc_error(d, n.at, "unknown property '%.*s'; properties are squares, open, arms, touches, inn, cathedral, wine, grain, cloth and princess", (int)n.n, n.p);
    return false;
}

static long prop_value(const wh_tileset_t *set, const wh_feature_t *f, wc_prop p)
{
    switch (p) {
    case WC_PROP_SQUARES: return f->n_squares;
    case WC_PROP_OPEN: return f->open;
    case WC_PROP_ARMS: return f->arms;
    case WC_PROP_INN: return (f->marks & WH_MARK_INN) != 0;
    case WC_PROP_CATHEDRAL: return (f->marks & WH_MARK_CATHEDRAL) != 0;
    case WC_PROP_WINE: return (f->marks & WH_MARK_WINE) != 0;
    case WC_PROP_GRAIN: return (f->marks & WH_MARK_GRAIN) != 0;
    case WC_PROP_CLOTH: return (f->marks & WH_MARK_CLOTH) != 0;
    case WC_PROP_PRINCESS: return (f->marks & WH_MARK_PRINCESS) != 0;
    case WC_PROP_TOUCHES: {
        /* cities only: touching the wonder's area is not touching a city */
        (void)set;
        long n = 0;
        for (uint32_t bits = f->touches, j = 0; bits; bits >>= 1, j++)
            n += bits & 1u;
        return n;
    }
    default: return 0;
    }
}

/* Cities touched, not counting the wonder area (needs the tile's features). */
static long touched_cities(const wh_tileset_t *set, const wh_tile_t *t, const wh_feature_t *f)
{
    long n = 0;
    for (uint32_t j = 0; j < t->n_features; j++)
        if ((f->touches >> j & 1u) && set->features[t->first_feature + j].kind == WH_KIND_CITY)
            n++;
    return n;
}

static long feature_prop(const wh_tileset_t *set, const wh_tile_t *t, const wh_feature_t *f, wc_prop p)
{
    return p == WC_PROP_TOUCHES ? touched_cities(set, t, f) : prop_value(set, f, p);
}

static bool matches(const wh_tileset_t *set, const wh_tile_t *t, const wh_feature_t *f,
                    const wc_prop *props, const wc_filter *filters)
{
    size_t i = 0;
    for (const wc_filter *fl = filters; fl; fl = fl->next, i++)
        if (feature_prop(set, t, f, props[i]) != fl->value.value)
            return false;
    return true;
}

/* The quantity measured on one tile, once (not weighted by copies). */
static long measure_tile(const wh_tileset_t *set, const wh_tile_t *t, const wc_expect *e, const wc_prop *props)
{
    const wh_feature_t *fs = set->features + t->first_feature;
    long n = 0;
    switch (e->quantity) {
    case WC_Q_SQUARES: return t->n_squares;
    case WC_Q_TILES: return 1;
    case WC_Q_KINDS: return 1;
    case WC_Q_ARMS:
        for (uint32_t i = 0; i < t->n_features; i++)
            n += fs[i].arms;
        return n;
    case WC_Q_COUNT:
        for (uint32_t i = 0; i < t->n_features; i++)
            n += fs[i].kind == e->arg && matches(set, t, &fs[i], props, e->filters);
        return n;
    case WC_Q_EDGES:
        for (uint32_t i = 0; i < t->n_sides; i++)
            n += set->sides[t->first_side + i].edge == e->arg;
        return n;
    case WC_Q_TILES_WITH:
        for (uint32_t i = 0; i < t->n_features; i++)
            if (fs[i].kind == e->arg)
                return 1;
        return 0;
    case WC_Q_WONDERS: return t->kind == WH_TILE_WONDER;
    case WC_Q_TILES_MARKED: return (t->flags & wc_tile_mark(e->feature)) != 0;
    default:
        return 0;
    }
}

static bool property_fact(wc_diag *d, const wh_tileset_t *set, const wh_tile_t *t, const wc_expect *e, long *out)
{
    wc_prop p;
    if (!resolve_prop(d, e->prop, &p))
        return false;
    const char *cands[WH_MAX_FEATURES];
    size_t lens[WH_MAX_FEATURES];
    for (uint32_t i = 0; i < t->n_features; i++) {
        const wh_feature_t *f = &set->features[t->first_feature + i];
        cands[i] = set->strings + f->name;
        lens[i] = strlen(cands[i]);
        if (wc_name_is(e->feature, cands[i])) {
            *out = feature_prop(set, t, f, p);
            return true;
        }
    }
    int k = wu_closest(e->feature.p, e->feature.n, cands, lens, t->n_features);
    if (k >= 0)
        wc_error(d, e->feature.at, "unknown feature '%.*s'; did you mean '%s'?",
                 (int)e->feature.n, e->feature.p, cands[k]);
    else
        wc_error(d, e->feature.at, "unknown feature '%.*s'", (int)e->feature.n, e->feature.p);
    return false;
}

bool wc_check_facts(wc_diag *d, const wc_expect *e, wc_fact_scope scope)
{
    bool ok = true;
    const wc_source *src;
    for (; e; e = e->next) {
        src = &d->sources[e->at.file];
        wc_prop props[16];
        size_t n_props = 0;
        bool usable = true;
        for (const wc_filter *fl = e->filters; fl; fl = fl->next) {
            if (n_props == 16) {
                wc_error(d, fl->prop.at, "too many filters (the limit is 16)");
                usable = false;
                break;
            }
            usable &= resolve_prop(d, fl->prop, &props[n_props++]);
        }
        const char *misplaced = NULL;
        if (scope.level != WC_FACTS_TILE && e->quantity == WC_Q_PROPERTY) {
            wc_error(d, e->at, "'%.*s.%.*s' names a feature; state it inside its tile",
                     (int)e->feature.n, e->feature.p, (int)e->prop.n, e->prop.p);
            usable = false;
        } else if (scope.level == WC_FACTS_TILE && e->quantity == WC_Q_KINDS) {
            misplaced = "'kinds' counts tile definitions; state it in a pack or the tileset block";
        } else if (scope.level == WC_FACTS_TILE && e->quantity == WC_Q_WONDERS) {
            misplaced = "'wonders' counts wonder tiles; state it in a pack or the tileset block";
        } else if (scope.level != WC_FACTS_SET && e->quantity == WC_Q_PACKS) {
            misplaced = "'packs' counts the packs of every file; state it in the tileset block";
        }
        if (e->quantity == WC_Q_TILES_MARKED && !wc_tile_mark(e->feature)) {
            wc_error(d, e->feature.at, "'%.*s' is no kind of feature and no tile symbol; tiles_with() takes a kind "
                     "(city, road, ...) or a symbol (volcano, dragon, portal, tower)", (int)e->feature.n, e->feature.p);
            usable = false;
        }
        if (misplaced) {
            wc_error(d, e->at, "%s", misplaced);
            usable = false;
        }
        if (!usable) {
            ok = false;
            continue;
        }
        long got = 0;
        if (e->quantity == WC_Q_PROPERTY) {
            if (!property_fact(d, scope.set, &scope.set->tiles[scope.first_tile], e, &got)) {
                ok = false;
                continue;
            }
        } else if (e->quantity == WC_Q_PACKS) {
            got = scope.set->n_packs;
        } else {
            for (uint32_t i = 0; i < scope.n_tiles; i++) {
                const wh_tile_t *t = &scope.set->tiles[scope.first_tile + i];
                long weight = scope.level != WC_FACTS_TILE && e->quantity != WC_Q_KINDS ? t->count : 1;
                got += weight * measure_tile(scope.set, t, e, props);
            }
            if (scope.level == WC_FACTS_TILE && e->quantity == WC_Q_TILES)
                got = scope.set->tiles[scope.first_tile].count;
        }
        if (got != e->value.value) {
            wc_error(d, e->at, "fact does not hold: '%.*s' is %ld, expected %ld",
                     (int)(e->at.end - e->at.start), src->text + e->at.start, got, e->value.value);
            ok = false;
        }
    }
    return ok;
}
