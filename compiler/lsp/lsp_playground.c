/* lsp_playground.c -- hover and completion for the playground; see lsp_playground.h. */
#include "lsp_playground.h"
#include "lsp_complete.h"
#include "lsp_docs.h"
#include "lsp_hover.h"
#include "lsp_text.h"
#include "../playground.h"
#include "../words.h"

#include <stdlib.h>
#include <string.h>

static wc_lsp_analysis *analyse(const char *text)
{
    wc_lsp_doc doc = {WC_PLAYGROUND_FILE, text, strlen(text)};
    return wc_lsp_analyse(&doc, 1, false);
}

static size_t offset_of(const char *text, unsigned line, unsigned character)
{
    return wc_lsp_offset_of(text, strlen(text), (wc_lsp_pos){line, character});
}

char *wc_playground_hover(const char *text, unsigned line, unsigned character)
{
    wc_lsp_analysis *a = analyse(text);
    wc_buf md, out;
    wc_buf_init(&md);
    wc_buf_init(&out);
    size_t start, end, len = strlen(text);
    if (wc_lsp_hover(a, 0, offset_of(text, line, character), &md, &start, &end)) {
        wc_buf_puts(&out, "{\"text\":");
        wc_json_string(&out, md.data);
        wc_buf_printf(&out, ",\"from\":%u,\"to\":%u}", wc_lsp_pos_of(text, len, start).character,
                      wc_lsp_pos_of(text, len, end).character);
    } else {
        wc_buf_puts(&out, "{\"text\":null,\"from\":0,\"to\":0}");
    }
    wc_buf_free(&md);
    wc_lsp_analysis_free(a);
    return out.data;
}

char *wc_playground_complete(const char *text, unsigned line, unsigned character)
{
    wc_lsp_analysis *a = analyse(text);
    size_t at = offset_of(text, line, character), from = at;
    while (from > 0 && wc_lsp_name_char(text[from - 1]))
        from--;
    wc_lsp_items items = {NULL, 0, 0};
    wc_lsp_complete(a, 0, at, &items);
    wc_buf out;
    wc_buf_init(&out);
    wc_buf_printf(&out, "{\"from\":%u,\"items\":[", wc_lsp_pos_of(text, strlen(text), from).character);
    for (size_t i = 0; i < items.n; i++) {
        wc_buf_puts(&out, i ? ",{\"label\":" : "{\"label\":");
        wc_json_string(&out, items.items[i].label);
        wc_buf_printf(&out, ",\"kind\":%d,\"detail\":", items.items[i].kind);
        wc_json_string(&out, items.items[i].detail);
        wc_buf_puts(&out, "}");
    }
    wc_buf_puts(&out, "]}");
    wc_lsp_items_free(&items);
    wc_lsp_analysis_free(a);
    return out.data;
}

static void list(wc_buf *out, const char *name, const char *const *words, size_t n)
{
    wc_buf_printf(out, "\"%s\":[", name);
    for (size_t i = 0; i < n; i++) {
        if (i)
            wc_buf_puts(out, ",");
        wc_json_string(out, words[i]);
    }
    wc_buf_puts(out, "]");
}

char *wc_playground_words(void)
{
    static const char *const events[WH_N_EVENTS] = {
#define EVENT_WORD(e, word, type, text) word,
        WH_EVENT_LIST(EVENT_WORD)
#undef EVENT_WORD
    };
    const char *kinds[WH_N_KINDS + 1];
    memcpy(kinds, wc_kind_words, sizeof wc_kind_words);
    kinds[WH_N_KINDS] = "junction";
    wc_buf out;
    wc_buf_init(&out);
    size_t n;
    const char *const *words = wc_lsp_keywords(0, &n);
    wc_buf_puts(&out, "{");
    list(&out, "keywords", words, n);
    words = wc_lsp_keywords(1, &n);
    wc_buf_puts(&out, ",");
    list(&out, "effect", words, n);
    wc_buf_puts(&out, ",");
    list(&out, "kinds", kinds, WH_N_KINDS + 1);
    wc_buf_puts(&out, ",");
    list(&out, "events", events, WH_N_EVENTS);
    wc_buf_puts(&out, "}");
    return out.data;
}
