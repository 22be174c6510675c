/* lsp_hover.c -- hover text; see lsp_hover.h. */
#include "lsp_hover.h"
#include "lsp_docs.h"
#include "lsp_text.h"
#include "../effect_text.h"
#include "../geom.h"
#include "../show.h"

#include <string.h>

static const char *const mark_words[] = {
#define MARK_WORD(m, word, kind) word,
    WH_MARK_LIST(MARK_WORD)
#undef MARK_WORD
};

/* The objects of @p g in the bit set @p bits, by name, comma-separated. */
static void object_list(const wc_geom *g, uint64_t bits, wc_buf *out)
{
    const char *sep = "";
    for (size_t o = 0; o < g->n_obj && o < 64; o++)
        if (bits >> o & 1) {
            wc_buf_printf(out, "%s`%s`", sep, g->obj_name[o]);
            sep = ", ";
        }
}

void wc_lsp_feature_facts(const wc_geom *g, size_t o, wc_buf *out)
{
    int kind = g->obj_kind[o];
    wc_buf_printf(out, "**%s** `%s` of `%s`%s\n\n", wc_kind_word(kind), g->obj_name[o], g->id,
                  g->failed ? " (the tile has errors: the facts as far as it was checked)" : "");
    unsigned n = 0;
    wc_buf_puts(out, "- squares:");
    for (size_t s = 0; s < g->n_sq; s++)
        if (g->mask[o] >> s & 1) {
            n++;
            if (g->sq_name[s][0])
                wc_buf_printf(out, " `%s`", g->sq_name[s]);
        }
    wc_buf_printf(out, " (%u)\n", n);
    if (kind == WH_KIND_CITY)
        wc_buf_printf(out, "- open sides: %u\n", g->open[o]);
    else if (kind == WH_KIND_ROAD || kind == WH_KIND_RIVER)
        wc_buf_printf(out, "- open ends: %u\n", g->open[o]);
    if (g->arms[o])
        wc_buf_printf(out, "- coats of arms: %u\n", g->arms[o]);
    if (kind == WH_KIND_FIELD) {
        wc_buf_puts(out, "- touches: ");
        if (g->touches[o])
            object_list(g, g->touches[o], out);
        else
            wc_buf_puts(out, "no city, no area");
        wc_buf_puts(out, "\n");
    }
    if (g->ends[o]) {
        wc_buf_puts(out, kind == WC_KIND_JUNCTION ? "- ends here: " : "- ends at: ");
        object_list(g, g->ends[o], out);
        wc_buf_puts(out, "\n");
    }
    if (g->separated[o]) {
        wc_buf_puts(out, "- separated from: ");
        object_list(g, g->separated[o], out);
        wc_buf_puts(out, "\n");
    }
    for (size_t m = 0; m < sizeof mark_words / sizeof *mark_words; m++)
        if (g->marks[o] >> m & 1)
            wc_buf_printf(out, "- %s\n", mark_words[m]);
}

static const wc_geom *geom_of(const wc_lsp_analysis *a, const wc_lsp_tile *t)
{
    return t && t->geom < a->c.model.n_geoms ? &a->c.model.geoms[t->geom] : NULL;
}

static void feature(const wc_lsp_analysis *a, const wc_lsp_occ *o, const char *name, wc_buf *out)
{
    const wc_lsp_tile *t = o->tile < a->n_tiles ? &a->tiles[o->tile] : NULL;
    const wc_geom *g = geom_of(a, t);
    for (size_t i = 0; g && i < g->n_obj; i++)
        if (!strcmp(g->obj_name[i], name)) {
            wc_lsp_feature_facts(g, i, out);
            return;
        }
    wc_buf_printf(out, "feature `%s`: not in the planar model (the tile has errors before its features)\n", name);
}

static void square(const wc_lsp_analysis *a, const wc_lsp_occ *o, const char *name, wc_buf *out)
{
    const wc_geom *g = geom_of(a, o->tile < a->n_tiles ? &a->tiles[o->tile] : NULL);
    for (size_t s = 0; g && s < g->n_sq; s++)
        if (!strcmp(g->sq_name[s], name)) {
            wc_buf_printf(out, "**square** `%s` at (%d, %d)%s\n", name, g->x[s], g->y[s],
                          s == 0 ? ", the reference square" : "");
            return;
        }
    wc_buf_printf(out, "**square** `%s`\n", name);
}

static void tile(const wc_lsp_analysis *a, const wc_lsp_tile *t, wc_buf *out)
{
    wc_buf_printf(out, "**%s** `%s` \"%s\"\n\n", t->kind == WH_TILE_WONDER ? "wonder" : "tile", t->key, t->name);
    wh_tileset_t set = wc_model_view(&a->c.model);
    int ambiguous, i = wc_find_tile(&set, t->key, &ambiguous);
    if (i < 0) {
        wc_buf_puts(out, "Not compiled: it has errors.\n");
        return;
    }
    const wh_tile_t *wt = &set.tiles[i];
    wc_buf_printf(out, "%u square%s, %u feature%s, %u cop%s\n", wt->n_squares, wt->n_squares == 1 ? "" : "s",
                  wt->n_features, wt->n_features == 1 ? "" : "s", wt->count, wt->count == 1 ? "y" : "ies");
    if (!wt->effect)
        return;
    const wh_effect_t *e = &set.effects[wt->effect - 1];
    wc_buf_puts(out, "\nEffect:\n");
    wc_rules_words(e, "- ", "\n", out);
    for (unsigned k = 0; k < e->n_handlers && e->first_handler + k < set.n_handlers; k++) {
        wc_buf_puts(out, "- ");
        wc_handler_words(&set, &set.handlers[e->first_handler + k], out);
        wc_buf_puts(out, "\n");
        wc_cost_words(&set, &set.handlers[e->first_handler + k], "  - ", out);
    }
    if (!e->n_handlers && !e->hand && !e->supply && !e->weight[0] && !e->weight[1] && !e->weight[2])
        wc_buf_puts(out, "- none: the wonder gives no advantage\n");
}

bool wc_lsp_hover(const wc_lsp_analysis *a, uint32_t file, size_t offset, wc_buf *out, size_t *start, size_t *end)
{
    size_t len;
    const char *text = wc_lsp_text(a, file, &len);
    const wc_lsp_occ *o = wc_lsp_occ_at(a, file, offset);
    if (o) {
        char name[WC_NAME_MAX + 1];
        wc_copy_name(name, sizeof name, text + o->start, o->end - o->start);
        *start = o->start;
        *end = o->end;
        switch (o->ns) {
        case WC_NS_FEATURE: feature(a, o, name, out); return true;
        case WC_NS_SQUARE: square(a, o, name, out); return true;
        case WC_NS_TILE:
            if (o->tile < a->n_tiles) {
                tile(a, &a->tiles[o->tile], out);
                return true;
            }
            return false;
        case WC_NS_PACK:
            for (size_t i = 0; i < a->n_packs; i++)
                if (a->packs[i].file == file && a->packs[i].id.start == o->start)
                    wc_buf_printf(out, "**pack** `%s` \"%s\"\n", name, a->packs[i].name);
            return true;
        case WC_NS_COUNTER: wc_buf_printf(out, "**counter** `%s` of this wonder's effect (an int)\n", name); return true;
        default: break; /* a variable, or a word of the language */
        }
    }
    if (!wc_lsp_word_at(text, len, offset, start, end))
        return false;
    const lsp_doc_line *lines[8];
    size_t n = wc_lsp_doc_lines(text + *start, *end - *start, 8, lines);
    for (size_t i = 0; i < n; i++)
        wc_buf_printf(out, "%s%s\n", i ? "\n" : "", lines[i]->text);
    if (!n && o && o->ns == WC_NS_VAR)
        wc_buf_printf(out, "**variable** `%.*s` of this handler\n", (int)(*end - *start), text + *start);
    return n > 0 || (o && o->ns == WC_NS_VAR);
}
