/*
** lsp_docs.h -- the words of the tile language as the language server
** offers and explains them: the keywords (from the scanner's rules) and
** the lines of docs/language.md about each word, both made at build time by
** compiler/lsp/words.sh, so that neither is a second copy to keep in step.
*/
#ifndef WC_LSP_DOCS_H
#define WC_LSP_DOCS_H

#include <stddef.h>

/* A line of docs/language.md and the word it explains. */
typedef struct lsp_doc_line {
    const char *word, *text;
} lsp_doc_line;

/** The keywords of a tile file (@p effect false) or of an effect block; *n gets their number. */
const char *const *wc_lsp_keywords(int effect, size_t *n);

/**
 * The lines of docs/language.md about the @p len bytes of @p word, into
 * @p out (at most @p max of them), in the document's order.
 * @returns how many were written.
 */
size_t wc_lsp_doc_lines(const char *word, size_t len, size_t max, const lsp_doc_line **out);

#endif
