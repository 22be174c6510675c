/*
** marks.h -- the tags the rules read (docs/language.md, "Marks"): a
** feature's marks (an inn, a cathedral, goods, a princess), a tile's
** symbols (a volcano, a dragon, a portal) and the one geometric mark, a
** road's tunnel.  One lookup for the checker, the facts and the record,
** made from runtime/tables.h's lists.
*/
#ifndef WC_MARKS_H
#define WC_MARKS_H

#include "ast.h"

#include <stdbool.h>

/* The WH_MARK_* bit a feature tag names, and in @p kind the feature kind it
** marks; 0 when the tag is no feature mark. */
unsigned wc_feature_mark(wc_name tag, int *kind);

/* The WH_TILE_FLAG_* a tile tag names; 0 when it is no tile symbol. */
unsigned wc_tile_mark(wc_name tag);

/* The word of feature mark bit @p bit (WH_MARK_BIT_*), and of tile symbol
** @p bit (WH_TILE_MARK_BIT_*). */
const char *wc_feature_mark_word(unsigned bit);
const char *wc_tile_mark_word(unsigned bit);

/* Whether a tag is `tunnel`: a road passing under what lies between its
** ends (checked by the planar model, not carried in the tables). */
bool wc_is_tunnel(wc_name tag);

#endif
