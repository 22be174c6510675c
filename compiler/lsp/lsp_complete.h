/*
** lsp_complete.h -- what may be written at the cursor: the keywords, kinds,
** sides and half-sides, a feature's properties after `name.`, the tile's
** squares and features, events, rule names, counters -- each list taken
** from the compiler's own tables (runtime/tables.h, words.h, the scanner's
** keywords), chosen by what the line says before the cursor.
*/
#ifndef WC_LSP_COMPLETE_H
#define WC_LSP_COMPLETE_H

#include "lsp_index.h"

/* What a completion is, as the protocol's CompletionItemKind numbers it. */
enum {
    WC_ITEM_PROPERTY = 10,
    WC_ITEM_KEYWORD = 14,
    WC_ITEM_VARIABLE = 6,
    WC_ITEM_VALUE = 12,
    WC_ITEM_EVENT = 23,
    WC_ITEM_ENUM = 20  /* a kind, a side */
};

typedef struct wc_lsp_item {
    char        label[72];
    int         kind;   /* WC_ITEM_* */
    const char *detail; /* what it is, in words */
} wc_lsp_item;

typedef struct wc_lsp_items {
    wc_lsp_item *items;
    size_t n, cap;
} wc_lsp_items;

/**
 * The completions at byte @p offset of document @p file (those that begin
 * with the name being typed there), into @p out, which the caller frees
 * with wc_lsp_items_free.
 */
void wc_lsp_complete(const wc_lsp_analysis *a, uint32_t file, size_t offset, wc_lsp_items *out);

/** Free the list. */
void wc_lsp_items_free(wc_lsp_items *list);

#endif
