/*
** lsp_answers.c -- the answers to the protocol's requests, each from the
** last compilation of the open documents: hover, definition, references,
** completion, document symbols, folding ranges, code lenses, and the
** command that writes a tile's picture.
*/
#define _POSIX_C_SOURCE 200809L
#include "lsp_complete.h"
#include "lsp_hover.h"
#include "lsp_server.h"
#include "lsp_state.h"
#include "../svg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a request points: its document and byte offset. */
typedef struct place {
    uint32_t file;
    size_t   offset;
} place;

static bool place_of(wc_lsp_server *s, json_t *params, place *at, wc_lsp_answer *ans)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    json_t *pos = json_object_get(params, "position");
    json_t *line = json_object_get(pos, "line"), *ch = json_object_get(pos, "character");
    if (!uri || !json_is_integer(line) || !json_is_integer(ch) || json_integer_value(line) < 0 ||
        json_integer_value(ch) < 0 || json_integer_value(line) > UINT32_MAX || json_integer_value(ch) > UINT32_MAX) {
        wc_lsp_fail(ans, WC_RPC_INVALID_PARAMS, "expected textDocument.uri and a position {line, character}");
        return false;
    }
    int doc = wc_lsp_find_doc(s, uri);
    if (doc < 0 || !s->analysis || (size_t)doc >= s->analysis->n_docs) {
        wc_lsp_fail(ans, WC_RPC_INVALID_PARAMS, "the document '%s' is not open", uri);
        return false;
    }
    size_t len;
    const char *text = wc_lsp_text(s->analysis, (uint32_t)doc, &len);
    at->file = (uint32_t)doc;
    at->offset = wc_lsp_offset_of(text, len,
                                  (wc_lsp_pos){(uint32_t)json_integer_value(line), (uint32_t)json_integer_value(ch)});
    return true;
}

static json_t *location(wc_lsp_server *s, uint32_t file, uint32_t start, uint32_t end)
{
    return json_pack("{s:s, s:o}", "uri", s->docs[file].uri, "range", wc_lsp_range(s->analysis, file, start, end));
}

static void hover(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    place at;
    if (!place_of(s, params, &at, ans))
        return;
    wc_buf text;
    wc_buf_init(&text);
    size_t start, end;
    if (wc_lsp_hover(s->analysis, at.file, at.offset, &text, &start, &end))
        ans->result = json_pack("{s:{s:s, s:o}, s:o}", "contents", "kind", "markdown", "value", wc_lsp_string(text.data),
                                "range", wc_lsp_range(s->analysis, at.file, (uint32_t)start, (uint32_t)end));
    wc_buf_free(&text);
}

static void definition(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    place at;
    if (!place_of(s, params, &at, ans))
        return;
    const wc_lsp_occ *o = wc_lsp_occ_at(s->analysis, at.file, at.offset);
    const wc_lsp_occ *def = o ? wc_lsp_definition(s->analysis, o) : NULL;
    if (def)
        ans->result = location(s, def->file, def->start, def->end);
}

static void references(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    place at;
    if (!place_of(s, params, &at, ans))
        return;
    bool with_declaration = json_is_true(json_object_get(json_object_get(params, "context"), "includeDeclaration"));
    const wc_lsp_occ *o = wc_lsp_occ_at(s->analysis, at.file, at.offset);
    ans->result = json_array();
    for (size_t i = 0; o && i < s->analysis->n_occs; i++) {
        const wc_lsp_occ *x = &s->analysis->occs[i];
        if ((with_declaration || !x->def) && wc_lsp_same(s->analysis, x, o))
            json_array_append_new(ans->result, location(s, x->file, x->start, x->end));
    }
}

static void completion(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    place at;
    if (!place_of(s, params, &at, ans))
        return;
    wc_lsp_items items = {NULL, 0, 0};
    wc_lsp_complete(s->analysis, at.file, at.offset, &items);
    json_t *list = json_array();
    for (size_t i = 0; i < items.n; i++)
        json_array_append_new(list, json_pack("{s:s, s:i, s:s}", "label", items.items[i].label, "kind",
                                              items.items[i].kind, "detail", items.items[i].detail));
    wc_lsp_items_free(&items);
    ans->result = json_pack("{s:b, s:o}", "isIncomplete", 0, "items", list);
}

/* The document a request names, or -1 after failing the answer. */
static int document_of(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    int doc = uri ? wc_lsp_find_doc(s, uri) : -1;
    if (doc < 0 || !s->analysis || (size_t)doc >= s->analysis->n_docs)
        wc_lsp_fail(ans, WC_RPC_INVALID_PARAMS, "expected textDocument.uri of an open document");
    return doc;
}

/* SymbolKind: a pack is a module, a tile a class, a feature a field, a square a struct. */
enum { SYM_MODULE = 2, SYM_CLASS = 5, SYM_FIELD = 8, SYM_STRUCT = 23 };

static json_t *symbol(wc_lsp_analysis *a, uint32_t file, const char *name, const char *detail, int kind,
                      uint32_t start, uint32_t end, wc_loc id)
{
    return json_pack("{s:o, s:s, s:i, s:o, s:o, s:[]}", "name", wc_lsp_string(name), "detail", detail, "kind", kind,
                     "range", wc_lsp_range(a, file, start, end), "selectionRange",
                     wc_lsp_range(a, file, id.start, id.end), "children");
}

static void document_symbols(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    int doc = document_of(s, params, ans);
    if (doc < 0)
        return;
    wc_lsp_analysis *a = s->analysis;
    size_t len;
    const char *text = wc_lsp_text(a, (uint32_t)doc, &len);
    ans->result = json_array();
    for (size_t k = 0; k < a->n_packs; k++) {
        const wc_lsp_pack *p = &a->packs[k];
        if (p->file != (uint32_t)doc)
            continue;
        char id[72];
        snprintf(id, sizeof id, "%.*s", (int)(p->id.end - p->id.start), text + p->id.start);
        json_t *pack = symbol(a, p->file, id, p->name, SYM_MODULE, p->start, p->end, p->id);
        json_array_append_new(ans->result, pack);
        for (size_t t = 0; t < a->n_tiles; t++) {
            const wc_lsp_tile *tile = &a->tiles[t];
            if (tile->file != p->file || tile->start < p->start || tile->start >= p->end)
                continue;
            json_t *sym = symbol(a, tile->file, tile->key, tile->name, SYM_CLASS, tile->start, tile->end, tile->id);
            json_array_append_new(json_object_get(pack, "children"), sym);
            for (size_t i = 0; i < a->n_occs; i++) {
                const wc_lsp_occ *o = &a->occs[i];
                if (!o->def || o->tile != t || (o->ns != WC_NS_FEATURE && o->ns != WC_NS_SQUARE))
                    continue;
                char name[72];
                snprintf(name, sizeof name, "%.*s", (int)(o->end - o->start), text + o->start);
                wc_loc at = {o->file, o->start, o->end};
                json_array_append_new(json_object_get(sym, "children"),
                                      symbol(a, o->file, name, o->ns == WC_NS_SQUARE ? "square" : wc_kind_word(o->kind),
                                             o->ns == WC_NS_SQUARE ? SYM_STRUCT : SYM_FIELD, o->start, o->end, at));
            }
        }
    }
}

static json_t *fold(wc_lsp_analysis *a, uint32_t file, uint32_t start, uint32_t end)
{
    wc_source *src = &a->c.diag.sources[file];
    uint32_t from = wc_lsp_pos_in(src, start).line, to = wc_lsp_pos_in(src, end ? end - 1 : 0).line;
    return to > from ? json_pack("{s:I, s:I}", "startLine", (json_int_t)from, "endLine", (json_int_t)to) : NULL;
}

static void folding_ranges(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    int doc = document_of(s, params, ans);
    if (doc < 0)
        return;
    wc_lsp_analysis *a = s->analysis;
    ans->result = json_array();
    for (size_t k = 0; k < a->n_packs; k++)
        if (a->packs[k].file == (uint32_t)doc)
            json_array_append_new(ans->result, fold(a, a->packs[k].file, a->packs[k].start, a->packs[k].end));
    for (size_t t = 0; t < a->n_tiles; t++) {
        const wc_lsp_tile *tile = &a->tiles[t];
        if (tile->file != (uint32_t)doc)
            continue;
        json_array_append_new(ans->result, fold(a, tile->file, tile->start, tile->end));
        if (tile->has_effect)
            json_array_append_new(ans->result, fold(a, tile->file, tile->effect_start, tile->effect_end));
    }
}

static void code_lenses(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    int doc = document_of(s, params, ans);
    if (doc < 0)
        return;
    ans->result = json_array();
    for (size_t t = 0; t < s->analysis->n_tiles; t++) {
        const wc_lsp_tile *tile = &s->analysis->tiles[t];
        if (tile->file == (uint32_t)doc)
            json_array_append_new(ans->result,
                                  json_pack("{s:o, s:{s:s, s:s, s:[s,s]}}", "range",
                                            wc_lsp_range(s->analysis, tile->file, tile->id.start, tile->id.end),
                                            "command", "title", "Write SVG", "command", WC_LSP_SHOW_SVG, "arguments",
                                            s->docs[doc].uri, tile->key));
    }
}

/* Write @p n bytes to @p path whole or not at all: a temporary file beside it, renamed. */
static bool write_whole(const char *path, const char *data, size_t n, char *why, size_t why_size)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + 8);
    if (!tmp) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    snprintf(tmp, len + 8, "%s.tmp~", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(data, 1, n, f) == n;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok) {
        snprintf(why, why_size, "cannot write '%s': %s", path, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    return ok;
}

/* wonderc.showSvg [uri, "pack.id", path?]: the tile's picture as `wonderc show --format svg`
** draws it, written to path, which ends in .svg (default: $TMPDIR or /tmp, wonderc-PACK.ID.svg). */
static void show_svg(wc_lsp_server *s, json_t *args, wc_lsp_answer *ans)
{
    const char *key = json_string_value(json_array_get(args, 1));
    const char *path = json_string_value(json_array_get(args, 2));
    if (!key) {
        wc_lsp_fail(ans, WC_RPC_INVALID_PARAMS, WC_LSP_SHOW_SVG " takes [uri, \"pack.id\", path?]");
        return;
    }
    wc_lsp_doc *docs = calloc(s->n_docs ? s->n_docs : 1, sizeof *docs);
    if (!docs) {
        wc_lsp_fail(ans, WC_RPC_REQUEST_FAILED, "out of memory");
        return;
    }
    for (size_t i = 0; i < s->n_docs; i++)
        docs[i] = (wc_lsp_doc){s->docs[i].name, s->docs[i].text, s->docs[i].len};
    wc_lsp_analysis *a = wc_lsp_analyse(docs, s->n_docs, true);
    free(docs);
    const wc_geom *g = NULL;
    for (size_t i = 0; i < a->c.model.n_geoms && !g; i++)
        if (!strcmp(a->c.model.geoms[i].id, key))
            g = &a->c.model.geoms[i];
    if (!g) {
        wc_lsp_fail(ans, WC_RPC_REQUEST_FAILED, "no tile '%s' in the open documents", key);
        wc_lsp_analysis_free(a);
        return;
    }
    if (path && (strlen(path) < 5 || strcmp(path + strlen(path) - 4, ".svg"))) {
        /* a picture, never anything else: a client cannot have a file it names overwritten */
        wc_lsp_fail(ans, WC_RPC_INVALID_PARAMS, "the picture's path must end in .svg, not '%s'", path);
        wc_lsp_analysis_free(a);
        return;
    }
    char fallback[512];
    if (!path) {
        const char *dir = getenv("TMPDIR");
        snprintf(fallback, sizeof fallback, "%s/wonderc-%s.svg", dir && *dir ? dir : "/tmp", key);
        path = fallback;
    }
    wc_buf svg;
    wc_buf_init(&svg);
    wc_svg_tile(g, 0, &svg);
    char why[300];
    if (write_whole(path, svg.data, svg.len, why, sizeof why))
        ans->result = json_pack("{s:s, s:b}", "path", path, "failed", g->failed);
    else
        wc_lsp_fail(ans, WC_RPC_REQUEST_FAILED, "%s", why);
    wc_buf_free(&svg);
    wc_lsp_analysis_free(a);
}

static void execute_command(wc_lsp_server *s, json_t *params, wc_lsp_answer *ans)
{
    const char *command = json_string_value(json_object_get(params, "command"));
    if (command && !strcmp(command, WC_LSP_SHOW_SVG))
        show_svg(s, json_object_get(params, "arguments"), ans);
    else
        wc_lsp_fail(ans, WC_RPC_INVALID_PARAMS, "unknown command '%s'", command ? command : "");
}

bool wc_lsp_answer_request(wc_lsp_server *s, const char *method, json_t *params, wc_lsp_answer *ans)
{
    static const struct {
        const char *method;
        void (*answer)(wc_lsp_server *, json_t *, wc_lsp_answer *);
    } requests[] = {
        {"textDocument/hover", hover},
        {"textDocument/definition", definition},
        {"textDocument/references", references},
        {"textDocument/completion", completion},
        {"textDocument/documentSymbol", document_symbols},
        {"textDocument/foldingRange", folding_ranges},
        {"textDocument/codeLens", code_lenses},
        {"workspace/executeCommand", execute_command},
    };
    for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
        if (!strcmp(method, requests[i].method)) {
            requests[i].answer(s, params, ans);
            return true;
        }
    return false;
}
