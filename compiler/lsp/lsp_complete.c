/* lsp_complete.c -- completion; see lsp_complete.h. */
#include "lsp_complete.h"
#include "lsp_docs.h"
#include "lsp_text.h"
#include "../check_effect.h"
#include "../../runtime/common/xalloc.h"
#include "../geom.h"
#include "../words.h"

#include <stdlib.h>
#include <string.h>

/* Feature properties of `expect NAME.PROP` (ast.h). */
static const char *const expect_props[WC_N_PROPS] = {
#define EXPECT_PROP(p, word) word,
    WC_PROP_LIST(EXPECT_PROP)
#undef EXPECT_PROP
};

typedef struct prop_info {
    const char *word, *text;
    int of; /* wh_type_t */
} prop_info;

/* Properties in an effect, of each type (runtime/tables.h). */
static const prop_info effect_props[WH_N_PROPS] = {
#define EFFECT_PROP(p, word, of, type, text) {word, text, WH_TYPE_##of},
    WH_PROP_LIST(EFFECT_PROP)
#undef EFFECT_PROP
};

typedef struct event_info {
    const char *word, *text;
    int type;
} event_info;

static const event_info events[WH_N_EVENTS] = {
#define EVENT_INFO(e, word, type, text) {word, text, WH_TYPE_##type},
    WH_EVENT_LIST(EVENT_INFO)
#undef EVENT_INFO
};

/* The sets of aggregates, with the type of their elements. */
static const struct {
    const char *word;
    int type;
} sets[] = {
#define SET_INFO(s, type) {#s, WH_TYPE_##type},
    WH_SET_LIST(SET_INFO)
#undef SET_INFO
};

typedef struct context {
    const wc_lsp_analysis *a;
    const char *text;
    size_t len, offset;
    const char *prefix; /* the name being typed, up to the cursor */
    size_t n_prefix;
    const wc_lsp_tile *tile;
    bool in_effect;
    wc_lsp_items *out;
} context;

static void offer(context *c, const char *label, size_t n, int kind, const char *detail)
{
    if (n < c->n_prefix || n >= sizeof c->out->items->label || memcmp(label, c->prefix, c->n_prefix))
        return;
    for (size_t i = 0; i < c->out->n; i++) /* once each: `on` is a word of both lists */
        if (strlen(c->out->items[i].label) == n && !memcmp(c->out->items[i].label, label, n))
            return;
    c->out->items = wu_grow(c->out->items, &c->out->cap, c->out->n + 1, sizeof *c->out->items);
    wc_lsp_item *it = &c->out->items[c->out->n++];
    memcpy(it->label, label, n);
    it->label[n] = '\0';
    it->kind = kind;
    it->detail = detail;
}

static void offer_words(context *c, const char *const *words, size_t n, int kind, const char *detail)
{
    for (size_t i = 0; i < n; i++)
        offer(c, words[i], strlen(words[i]), kind, detail);
}

/* The names of namespace @p ns the current tile declares. */
static void offer_declared(context *c, int ns, int kind, const char *detail)
{
    if (!c->tile)
        return;
    uint32_t t = (uint32_t)(c->tile - c->a->tiles);
    for (size_t i = 0; i < c->a->n_occs; i++) {
        const wc_lsp_occ *o = &c->a->occs[i];
        if (o->def && o->ns == ns && o->tile == t)
            offer(c, c->text + o->start, o->end - o->start, kind, detail);
    }
}

static void offer_kinds(context *c)
{
    offer_words(c, wc_kind_words, WH_N_KINDS, WC_ITEM_ENUM, "kind");
    offer(c, "junction", 8, WC_ITEM_ENUM, "a road junction");
}

static void offer_sides(context *c)
{
    static const char *const halves[] = {"L", "R"};
    for (int d = 0; d < 4; d++) {
        offer(c, wc_dir_names[d], strlen(wc_dir_names[d]), WC_ITEM_ENUM, "side");
        for (int h = 0; h < 2; h++) {
            char half[4];
            size_t n = (size_t)snprintf(half, sizeof half, "%s%s", wc_dir_names[d], halves[h]);
            offer(c, half, n, WC_ITEM_ENUM, "half-side");
        }
    }
}

/* The type of the variable @p name (of @p n bytes) declared before the
** cursor in the current handler: what the word before its declaration
** says (`completed(city c`, `cities c`, `tile_placed(t`). */
static int variable_type(const context *c, const char *name, size_t n)
{
    const wc_lsp_occ *def = NULL;
    for (size_t i = 0; i < c->a->n_occs; i++) {
        const wc_lsp_occ *o = &c->a->occs[i];
        if (o->def && o->ns == WC_NS_VAR && o->file == c->tile->file && o->start < c->offset &&
            o->start >= c->tile->start && o->end - o->start == n && !memcmp(c->text + o->start, name, n))
            def = o;
    }
    if (!def)
        return -1;
    size_t p = def->start;
    while (p > 0 && c->text[p - 1] == ' ')
        p--;
    size_t ws, we;
    if (p > 0 && c->text[p - 1] == '(' && wc_lsp_word_at(c->text, p - 1, p - 1, &ws, &we)) {
        for (int e = 0; e < WH_N_EVENTS; e++)
            if (strlen(events[e].word) == we - ws && !memcmp(events[e].word, c->text + ws, we - ws))
                return events[e].type;
        return -1;
    }
    if (!p || !wc_lsp_word_at(c->text, c->len, p - 1, &ws, &we))
        return -1;
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++) {
        const char *w = sets[s].word; /* FEATURES: features */
        size_t k = strlen(w);
        bool same = k == we - ws;
        for (size_t i = 0; same && i < k; i++)
            same = c->text[ws + i] == (char)(w[i] - 'A' + 'a');
        if (same)
            return sets[s].type;
    }
    return WH_TYPE_FEATURE; /* a kind (`city c`) or a kind's set (`cities c`) */
}

/* After `NAME.`: in an effect, the properties of NAME's type; in a tile,
** the properties an `expect` may state of a feature. */
static void properties(context *c, size_t dot)
{
    size_t ws, we;
    if (!c->in_effect) {
        offer_words(c, expect_props, WC_N_PROPS, WC_ITEM_PROPERTY, "feature property (expect)");
        return;
    }
    int type = dot > 0 && wc_lsp_word_at(c->text, dot, dot, &ws, &we) ? variable_type(c, c->text + ws, we - ws) : -1;
    for (int p = 0; p < WH_N_PROPS; p++)
        if (type < 0 || effect_props[p].of == type)
            offer(c, effect_props[p].word, strlen(effect_props[p].word), WC_ITEM_PROPERTY, effect_props[p].text);
}

/* The first word of the statement the cursor is in (after the last '{',
** ';' or '}' before it), or NULL; *n its length. */
static const char *statement_word(const context *c, size_t before, size_t *n)
{
    size_t p = before;
    while (p > 0 && c->text[p - 1] != '{' && c->text[p - 1] != ';' && c->text[p - 1] != '}')
        p--;
    while (p < before && (c->text[p] == ' ' || c->text[p] == '\t' || c->text[p] == '\n' || c->text[p] == '\r'))
        p++;
    size_t e = p;
    while (e < before && wc_lsp_name_char(c->text[e]))
        e++;
    *n = e - p;
    return e > p && e < before ? c->text + p : NULL;
}

static bool is(const char *w, size_t n, const char *word)
{
    return w && strlen(word) == n && !memcmp(w, word, n);
}

void wc_lsp_complete(const wc_lsp_analysis *a, uint32_t file, size_t offset, wc_lsp_items *out)
{
    context c = {a, NULL, 0, offset, NULL, 0, NULL, false, out};
    c.text = wc_lsp_text(a, file, &c.len);
    if (offset > c.len)
        offset = c.offset = c.len;
    size_t p = offset;
    while (p > 0 && wc_lsp_name_char(c.text[p - 1]))
        p--;
    c.prefix = c.text + p;
    c.n_prefix = offset - p;
    c.tile = wc_lsp_tile_at(a, file, offset);
    c.in_effect = c.tile && c.tile->has_effect && offset > c.tile->effect_start && offset < c.tile->effect_end;
    char before = p > 0 ? c.text[p - 1] : '\0';
    if (before == '.') {
        properties(&c, p - 1);
        return;
    }
    if (before == ':' && c.tile) {
        offer_sides(&c);
        return;
    }
    size_t q = p;
    while (q > 0 && c.text[q - 1] == ' ')
        q--;
    size_t ws, we;
    if (q > 0 && c.text[q - 1] == '(' && wc_lsp_word_at(c.text, q - 1, q - 1, &ws, &we)) {
        size_t k;
        if (c.in_effect && (is(c.text + ws, we - ws, "completed") || is(c.text + ws, we - ws, "scored"))) {
            const char *const *kinds = wc_event_kind_words(&k); /* completed(KIND v) */
            offer_words(&c, kinds, k, WC_ITEM_ENUM, "kind of feature");
            return;
        }
        if (!c.in_effect && is(c.text + ws, we - ws, "edges")) {
            offer_words(&c, wc_edge_words + 1, WH_N_EDGES - 1, WC_ITEM_ENUM, "edge type");
            return;
        }
        if (!c.in_effect) { /* count(KIND ...), tiles_with(KIND) */
            offer_kinds(&c);
            return;
        }
    }
    size_t n;
    const char *w = statement_word(&c, p, &n);
    if (c.in_effect) {
        if (is(w, n, "on") && !memchr(w, '(', (size_t)(c.prefix - w))) {
            for (int e = 0; e < WH_N_EVENTS; e++)
                offer(&c, events[e].word, strlen(events[e].word), WC_ITEM_EVENT, events[e].text);
            return;
        }
        if (is(w, n, "rule")) {
            size_t k;
            const char *const *rules = wc_rule_words(&k);
            offer_words(&c, rules, k, WC_ITEM_KEYWORD, "rule");
            return;
        }
        size_t k;
        const char *const *effect_words = wc_lsp_keywords(1, &k);
        offer_declared(&c, WC_NS_COUNTER, WC_ITEM_VARIABLE, "counter");
        if (w) /* inside a statement: the names and words of an expression */
            offer_words(&c, wc_kind_words, WH_N_KINDS, WC_ITEM_ENUM, "kind");
        offer_words(&c, effect_words, k, WC_ITEM_KEYWORD, "keyword");
        return;
    }
    size_t k;
    const char *const *words = wc_lsp_keywords(0, &k);
    if (!c.tile) {
        offer_words(&c, words, k, WC_ITEM_KEYWORD, "keyword");
        return;
    }
    if (is(w, n, "sides") || is(w, n, "crosses")) {
        offer_declared(&c, WC_NS_SQUARE, WC_ITEM_VALUE, "square");
        offer_sides(&c);
        return;
    }
    if (is(w, n, "on") || is(w, n, "squares")) {
        offer_declared(&c, WC_NS_SQUARE, WC_ITEM_VALUE, "square");
        return;
    }
    if (is(w, n, "touches") || is(w, n, "ends") || is(w, n, "separated")) {
        offer_declared(&c, WC_NS_FEATURE, WC_ITEM_VALUE, "feature");
        return;
    }
    if (is(w, n, "expect")) {
        offer_declared(&c, WC_NS_FEATURE, WC_ITEM_VALUE, "feature");
        offer_words(&c, words, k, WC_ITEM_KEYWORD, "keyword");
        return;
    }
    if (w && n && (before == ' ' || before == '(' || before == ',')) { /* a square's edges, a kind's name */
        offer_words(&c, wc_edge_words + 1, WH_N_EDGES - 1, WC_ITEM_ENUM, "edge type");
        offer_declared(&c, WC_NS_FEATURE, WC_ITEM_VALUE, "feature");
        return;
    }
    offer_words(&c, words, k, WC_ITEM_KEYWORD, "keyword");
    offer_sides(&c);
}

void wc_lsp_items_free(wc_lsp_items *list)
{
    free(list->items);
    list->items = NULL;
    list->n = list->cap = 0;
}
