/*
** dump.h -- the compiled tile set as a readable document (YAML or JSON).
**
** The document is written from the very tables the runtime links, so it is
** what the game plays, not what the source says.  It is built to be diffed:
** every tile is a top-level key ("wonders_set1.alhambra:"), which git shows
** as the heading of each changed hunk, and an effect is spelled in the tile
** language's own words with its numbers ("score: tiles(..119: 5, 120..: 6)
** per owner_farmer").  docs/language.md, "The readable record", describes it.
*/
#ifndef WC_DUMP_H
#define WC_DUMP_H

#include "../runtime/tables.h"
#include "buf.h"

#include <stdbool.h>

typedef enum wc_dump_format { WC_DUMP_YAML, WC_DUMP_JSON } wc_dump_format;

/**
 * Append the document describing @p set to @p out.  The output depends only
 * on the tables and on @p inputs (named in the YAML's opening comment), so
 * the same input gives the same bytes.
 * @returns @c false only when the YAML emitter fails (out of memory).
 */
bool wc_dump(const wh_tileset_t *set, wc_dump_format format, const char *const *inputs, size_t n_inputs,
             wc_buf *out);

#endif
