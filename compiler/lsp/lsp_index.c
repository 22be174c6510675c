/* lsp_index.c -- the open documents compiled and indexed; see lsp_index.h. */
#define _POSIX_C_SOURCE 200809L
#include "lsp_index.h"
#include "lsp_text.h"
#include "../../runtime/common/xalloc.h"
#include "../geom.h"

#include <stdlib.h>
#include <string.h>

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(wu_xmalloc(n), s, n);
}

/* Where the declaration of the block named at @p id begins: its keyword. */
static uint32_t keyword_start(const char *text, uint32_t id)
{
    uint32_t p = id;
    while (p > 0 && (text[p - 1] == ' ' || text[p - 1] == '\t'))
        p--;
    while (p > 0 && wc_lsp_name_char(text[p - 1]))
        p--;
    return p;
}

/* ---- diagnostics, from the compilation's sink ---------------------------- */

static void on_message(void *ctx, wc_severity severity, const wc_loc *loc, const char *message)
{
    wc_lsp_analysis *a = ctx;
    a->diags = wu_grow(a->diags, &a->cap_diags, a->n_diags + 1, sizeof *a->diags);
    wc_lsp_diag *d = &a->diags[a->n_diags++];
    d->severity = (int)severity;
    d->located = loc != NULL;
    d->at = loc ? *loc : (wc_loc){0, 0, 0};
    d->message = copy_string(message);
}

/* ---- the index of names -------------------------------------------------- */

typedef struct walk {
    wc_lsp_analysis *a;
    uint32_t tile;       /* index into a->tiles */
    uint32_t handler;    /* the variable scope of the handler being walked */
    const wc_effect *effect;
} walk;

static void add(walk *w, wc_name n, wc_lsp_ns ns, bool def, int kind, uint32_t scope)
{
    if (!n.n)
        return;
    wc_lsp_analysis *a = w->a;
    a->occs = wu_grow(a->occs, &a->cap_occs, a->n_occs + 1, sizeof *a->occs);
    a->occs[a->n_occs++] = (wc_lsp_occ){n.at.file, n.at.start, n.at.start + n.n, (uint8_t)ns, def, kind, scope, w->tile};
}

static void names(walk *w, const wc_name_item *it, wc_lsp_ns ns)
{
    for (; it; it = it->next)
        add(w, it->name, ns, false, -1, w->tile);
}

static void refs(walk *w, const wc_ref *r)
{
    for (; r; r = r->next)
        add(w, r->square, WC_NS_SQUARE, false, -1, w->tile);
}

static bool is_counter(const walk *w, wc_name n)
{
    for (const wc_counter_decl *c = w->effect ? w->effect->counters : NULL; c; c = c->next)
        if (wc_name_eq(c->name, n))
            return true;
    return false;
}

/* Names in an expression: counters, and the handler's and loops' variables
** (a name that is neither is a word of the language: a kind, `owner`). */
static void expr(walk *w, const wc_expr *e, unsigned depth)
{
    for (; e && depth < 256; depth++) {
        if (e->kind == WC_EX_NAME)
            add(w, e->name, is_counter(w, e->name) ? WC_NS_COUNTER : WC_NS_VAR, false, -1,
                is_counter(w, e->name) ? w->tile : w->handler);
        if (e->kind == WC_EX_AGG)
            add(w, e->var, WC_NS_VAR, true, -1, w->handler);
        expr(w, e->b, depth + 1);
        expr(w, e->c, depth + 1);
        e = e->a;
    }
}

static void stmts(walk *w, const wc_stmt *s, unsigned depth)
{
    for (; s && depth < 256; s = s->next) {
        if (s->kind == WC_ST_ADD || s->kind == WC_ST_SET)
            add(w, s->counter, WC_NS_COUNTER, false, -1, w->tile);
        expr(w, s->a, depth);
        expr(w, s->to, depth);
        stmts(w, s->then, depth + 1);
        stmts(w, s->els, depth + 1);
    }
}

static void effect(walk *w, const wc_effect *e)
{
    w->effect = e;
    for (const wc_counter_decl *c = e->counters; c; c = c->next)
        add(w, c->name, WC_NS_COUNTER, true, -1, w->tile);
    for (const wc_handler *h = e->handlers; h; h = h->next) {
        w->handler = ++w->a->n_handlers;
        add(w, h->var, WC_NS_VAR, true, -1, w->handler);
        expr(w, h->when, 0);
        stmts(w, h->body, 0);
    }
    w->effect = NULL;
}

/* The planar model the checker kept for the tile handed over before. */
static void close_tile(wc_lsp_analysis *a)
{
    if (a->n_tiles && a->c.model.n_geoms > a->geoms_before)
        a->tiles[a->n_tiles - 1].geom = (uint32_t)a->geoms_before;
    a->geoms_before = a->c.model.n_geoms;
}

static void on_tile(void *ctx, const wc_pack *pack, const wc_tile *t)
{
    wc_lsp_analysis *a = ctx;
    close_tile(a);
    size_t len;
    const char *text = wc_lsp_text(a, t->at.file, &len);
    a->tiles = wu_grow(a->tiles, &a->cap_tiles, a->n_tiles + 1, sizeof *a->tiles);
    wc_lsp_tile *lt = &a->tiles[a->n_tiles];
    memset(lt, 0, sizeof *lt);
    lt->file = t->at.file;
    lt->start = keyword_start(text, t->id.at.start);
    lt->end = (uint32_t)wc_lsp_block_end(text, len, t->id.at.end);
    lt->id = t->id.at;
    lt->kind = t->kind;
    snprintf(lt->key, sizeof lt->key, "%.*s.%.*s", (int)pack->id.n, pack->id.p, (int)t->id.n, t->id.p);
    lt->name = copy_string(t->name ? t->name : "");
    lt->geom = UINT32_MAX;
    if (t->effect) {
        lt->has_effect = true;
        lt->effect_start = t->effect->at.start;
        lt->effect_end = (uint32_t)wc_lsp_block_end(text, len, t->effect->at.start);
    }
    walk w = {a, (uint32_t)a->n_tiles, 0, NULL};
    a->n_tiles++;
    add(&w, t->id, WC_NS_TILE, true, t->kind, 0);
    for (const wc_square *s = t->squares; s; s = s->next)
        add(&w, s->name, WC_NS_SQUARE, true, -1, w.tile);
    for (const wc_feature *f = t->features; f; f = f->next) {
        add(&w, f->name, WC_NS_FEATURE, true, f->kind, w.tile);
        refs(&w, f->sides);
        refs(&w, f->crosses);
        names(&w, f->on, WC_NS_SQUARE);
        names(&w, f->squares, WC_NS_SQUARE);
        names(&w, f->touches, WC_NS_FEATURE);
        names(&w, f->ends, WC_NS_FEATURE);
        names(&w, f->separated, WC_NS_FEATURE);
    }
    for (const wc_expect *e = t->expects; e; e = e->next)
        if (e->quantity == WC_Q_PROPERTY)
            add(&w, e->feature, WC_NS_FEATURE, false, -1, w.tile);
    if (t->effect)
        effect(&w, t->effect);
}

static int by_place(const void *x, const void *y)
{
    const wc_lsp_occ *a = x, *b = y;
    if (a->file != b->file)
        return a->file < b->file ? -1 : 1;
    return a->start < b->start ? -1 : a->start > b->start;
}

/* A name in an expression that no handler or loop declares is a word of
** the language (`owner`, a kind), not a variable: it leaves the index. */
static void drop_words(wc_lsp_analysis *a)
{
    bool *word = wu_xcalloc(a->n_occs ? a->n_occs : 1, sizeof *word);
    for (size_t i = 0; i < a->n_occs; i++)
        word[i] = a->occs[i].ns == WC_NS_VAR && !a->occs[i].def && !wc_lsp_definition(a, &a->occs[i]);
    size_t kept = 0;
    for (size_t i = 0; i < a->n_occs; i++)
        if (!word[i])
            a->occs[kept++] = a->occs[i];
    a->n_occs = kept;
    free(word);
}

/* ---- the analysis -------------------------------------------------------- */

wc_lsp_analysis *wc_lsp_analyse(const wc_lsp_doc *docs, size_t n, bool draw)
{
    wc_lsp_analysis *a = wu_xcalloc(1, sizeof *a);
    a->messages = fopen("/dev/null", "w");
    wc_compilation_init(&a->c, a->messages ? a->messages : stderr);
    a->c.diag.sink = on_message;
    a->c.diag.sink_ctx = a;
    a->c.model.keep_geometry = true;
    a->c.model.draw = draw;
    a->n_docs = n;
    wc_checker_observe(a->c.checker, on_tile, a);
    for (size_t i = 0; i < n; i++)
        wc_compilation_add_text(&a->c, docs[i].name, docs[i].text, docs[i].len);
    wc_compilation_check(&a->c);
    close_tile(a);
    for (const wc_pack *k = a->c.program.packs; k; k = k->next)
        a->n_packs++;
    a->packs = wu_xcalloc(a->n_packs ? a->n_packs : 1, sizeof *a->packs);
    size_t i = 0;
    for (const wc_pack *k = a->c.program.packs; k; k = k->next, i++) {
        size_t len;
        const char *text = wc_lsp_text(a, k->at.file, &len);
        a->packs[i] = (wc_lsp_pack){k->at.file, keyword_start(text, k->id.at.start), (uint32_t)wc_lsp_block_end(text, len, k->id.at.end),
                                    k->id.at, copy_string(k->name ? k->name : "")};
        walk w = {a, UINT32_MAX, 0, NULL};
        add(&w, k->id, WC_NS_PACK, true, -1, 0);
    }
    drop_words(a);
    if (a->n_occs)
        qsort(a->occs, a->n_occs, sizeof *a->occs, by_place);
    return a;
}

void wc_lsp_analysis_free(wc_lsp_analysis *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->n_diags; i++)
        free(a->diags[i].message);
    for (size_t i = 0; i < a->n_tiles; i++)
        free(a->tiles[i].name);
    for (size_t i = 0; i < a->n_packs; i++)
        free(a->packs[i].name);
    free(a->diags);
    free(a->occs);
    free(a->tiles);
    free(a->packs);
    wc_compilation_free(&a->c);
    if (a->messages)
        fclose(a->messages);
    free(a);
}

const char *wc_lsp_text(const wc_lsp_analysis *a, uint32_t file, size_t *len)
{
    if (file >= a->c.diag.n_sources || !a->c.diag.sources[file].text) {
        *len = 0;
        return "";
    }
    *len = a->c.diag.sources[file].len;
    return a->c.diag.sources[file].text;
}

const wc_lsp_occ *wc_lsp_occ_at(const wc_lsp_analysis *a, uint32_t file, size_t offset)
{
    size_t lo = 0, hi = a->n_occs; /* the first occurrence past (file, offset) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const wc_lsp_occ *o = &a->occs[mid];
        if (o->file < file || (o->file == file && o->start <= offset))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    const wc_lsp_occ *o = &a->occs[lo - 1];
    return o->file == file && offset >= o->start && offset <= o->end ? o : NULL;
}

bool wc_lsp_same(const wc_lsp_analysis *a, const wc_lsp_occ *x, const wc_lsp_occ *y)
{
    if (x->ns != y->ns || x->end - x->start != y->end - y->start)
        return false;
    size_t lx, ly;
    const char *tx = wc_lsp_text(a, x->file, &lx), *ty = wc_lsp_text(a, y->file, &ly);
    if (memcmp(tx + x->start, ty + y->start, x->end - x->start))
        return false;
    if (x->ns == WC_NS_TILE) /* the same id in two packs is two tiles */
        return x->tile < a->n_tiles && y->tile < a->n_tiles &&
               !strcmp(a->tiles[x->tile].key, a->tiles[y->tile].key);
    return x->scope == y->scope;
}

const wc_lsp_occ *wc_lsp_definition(const wc_lsp_analysis *a, const wc_lsp_occ *o)
{
    for (size_t i = 0; i < a->n_occs; i++)
        if (a->occs[i].def && wc_lsp_same(a, &a->occs[i], o))
            return &a->occs[i];
    return NULL;
}

const wc_lsp_tile *wc_lsp_tile_at(const wc_lsp_analysis *a, uint32_t file, size_t offset)
{
    for (size_t i = 0; i < a->n_tiles; i++) {
        const wc_lsp_tile *t = &a->tiles[i];
        if (t->file == file && offset >= t->start && offset < t->end)
            return t;
    }
    return NULL;
}
