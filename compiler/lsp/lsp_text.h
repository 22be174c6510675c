/*
** lsp_text.h -- positions in a document as the Language Server Protocol
** counts them (a line, and a column in UTF-16 code units) against the byte
** offsets the compiler's locations hold, and the word under a position.
*/
#ifndef WC_LSP_TEXT_H
#define WC_LSP_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A position of the protocol: 0-based line and UTF-16 column. */
typedef struct wc_lsp_pos {
    uint32_t line, character;
} wc_lsp_pos;

/** The position of byte @p offset of @p text (@p len bytes); past the end: the end. */
wc_lsp_pos wc_lsp_pos_of(const char *text, size_t len, size_t offset);

/**
 * The byte offset of @p pos in @p text: a line past the last is the end, a
 * column past its line's end is the line's end (the protocol's rule), one
 * inside a character the character's start.
 */
size_t wc_lsp_offset_of(const char *text, size_t len, wc_lsp_pos pos);

struct wc_source;

/** The position of byte @p offset of a compiled source (its line table, built once). */
wc_lsp_pos wc_lsp_pos_in(struct wc_source *s, uint32_t offset);

/** Whether @p c may be part of a name of the tile language. */
bool wc_lsp_name_char(char c);

/**
 * The name that covers byte @p offset (or ends there): its bytes
 * [*start, *end).  @returns false when there is none.
 */
bool wc_lsp_word_at(const char *text, size_t len, size_t offset, size_t *start, size_t *end);

/**
 * The end of the block whose '{' is the first at or after @p from: the byte
 * after its matching '}', strings and comments skipped; @p len when it is
 * not closed.
 */
size_t wc_lsp_block_end(const char *text, size_t len, size_t from);

#endif
