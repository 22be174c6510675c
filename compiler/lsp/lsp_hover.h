/*
** lsp_hover.h -- what the language server says about the name under the
** cursor: a feature's facts from the planar model (its kind, squares, open
** sides or ends, what it touches and ends at), a tile's and a wonder's
** summary with its effect in words, a square, a counter; for a word of the
** language, its lines of docs/language.md.
*/
#ifndef WC_LSP_HOVER_H
#define WC_LSP_HOVER_H

#include "lsp_index.h"
#include "../buf.h"

/**
 * Describe what is written at byte @p offset of document @p file, in
 * Markdown, onto @p out; [*start, *end) get the bytes described.
 * @returns false when there is nothing to say there.
 */
bool wc_lsp_hover(const wc_lsp_analysis *a, uint32_t file, size_t offset, wc_buf *out, size_t *start, size_t *end);

/** A feature's facts, as the hover gives them; @p obj indexes the tile's planar model. */
void wc_lsp_feature_facts(const wc_geom *g, size_t obj, wc_buf *out);

#endif
