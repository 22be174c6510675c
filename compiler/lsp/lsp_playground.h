/*
** lsp_playground.h -- the language server's answers for docs/playground/,
** whose editor is one document named WC_PLAYGROUND_FILE: the same index,
** hover and completion as `wonderc lsp` (lsp_index.h, lsp_hover.h,
** lsp_complete.h), as JSON strings the page parses.  Built to WebAssembly
** with the rest of the compiler (make playground); jansson is not, so the
** answers are written here.  Positions are the protocol's: a 0-based line
** and a UTF-16 column, which is what a JavaScript string counts.
*/
#ifndef WC_LSP_PLAYGROUND_H
#define WC_LSP_PLAYGROUND_H

/**
 * What the server's hover says at @p line, @p character of @p text:
 * {"text": "markdown" or null, "from": N, "to": N} (the UTF-16 columns of
 * the word described, on that line), a malloc'd string (NULL when out of memory).
 */
char *wc_playground_hover(const char *text, unsigned line, unsigned character);

/**
 * The server's completions there: {"from": N, "items": [{"label", "kind",
 * "detail"}, ...]}, "from" the column where the word being typed starts.
 */
char *wc_playground_complete(const char *text, unsigned line, unsigned character);

/**
 * The words the page colours, from the compiler's own lists:
 * {"keywords": [...], "effect": [...], "kinds": [...], "events": [...]}.
 */
char *wc_playground_words(void);

#endif
