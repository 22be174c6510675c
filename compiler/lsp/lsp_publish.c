/*
** lsp_publish.c -- each open document's diagnostics, as the compiler gave
** them to its sink: the same message as `wonderc check` prints after
** "error: ", at the same span, a note as related information of the error
** or warning before it.  A message without a place (the error limit) goes
** on the first line of the first document.
*/
#include "lsp_state.h"

#include <stdlib.h>

json_t *wc_lsp_range(wc_lsp_analysis *a, uint32_t file, uint32_t start, uint32_t end)
{
    wc_source *src = file < a->c.diag.n_sources ? &a->c.diag.sources[file] : NULL;
    wc_lsp_pos from = src ? wc_lsp_pos_in(src, start) : (wc_lsp_pos){0, 0};
    wc_lsp_pos to = src ? wc_lsp_pos_in(src, end > start ? end : start) : from;
    return json_pack("{s:{s:I, s:I}, s:{s:I, s:I}}", "start", "line", (json_int_t)from.line, "character",
                     (json_int_t)from.character, "end", "line", (json_int_t)to.line, "character",
                     (json_int_t)to.character);
}

static json_t *located(wc_lsp_server *s, const wc_lsp_diag *d)
{
    uint32_t file = d->located && d->at.file < s->n_docs ? d->at.file : 0;
    return d->located ? wc_lsp_range(s->analysis, file, d->at.start, d->at.end) : wc_lsp_range(s->analysis, 0, 0, 0);
}

void wc_lsp_publish(wc_lsp_server *s)
{
    wc_lsp_analysis *a = s->analysis;
    json_t **lists = calloc(s->n_docs ? s->n_docs : 1, sizeof *lists);
    if (!lists)
        return;
    for (size_t i = 0; i < s->n_docs; i++)
        lists[i] = json_array();
    json_t *last = NULL; /* the diagnostic a note belongs to */
    for (size_t i = 0; a && i < a->n_diags && s->n_docs; i++) {
        const wc_lsp_diag *d = &a->diags[i];
        uint32_t file = d->located && d->at.file < s->n_docs ? d->at.file : 0;
        if (d->severity == WC_SEV_NOTE) {
            if (!last)
                continue;
            json_t *related = json_object_get(last, "relatedInformation");
            if (!related) {
                related = json_array();
                json_object_set_new(last, "relatedInformation", related);
            }
            json_array_append_new(related, json_pack("{s:{s:s, s:o}, s:o}", "location", "uri", s->docs[file].uri,
                                                     "range", located(s, d), "message", wc_lsp_string(d->message)));
            continue;
        }
        last = json_pack("{s:o, s:i, s:s, s:o}", "range", located(s, d), "severity",
                         d->severity == WC_SEV_ERROR ? 1 : 2, "source", "wonderc", "message",
                         wc_lsp_string(d->message));
        json_array_append_new(lists[file], last);
    }
    for (size_t i = 0; i < s->n_docs; i++)
        wc_lsp_notify(s, "textDocument/publishDiagnostics",
                      json_pack("{s:s, s:o}", "uri", s->docs[i].uri, "diagnostics", lists[i]));
    free(lists);
}
