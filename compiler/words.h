/*
** words.h -- the tile language's words for the table schema's enums, as the
** source spells them: what the checker looks up and what the drawings, the
** generated comments and the readable record print.  One list each, made
** from the X-macros of runtime/tables.h.
*/
#ifndef WC_WORDS_H
#define WC_WORDS_H

#include "../runtime/tables.h"

extern const char *const wc_edge_words[WH_N_EDGES];       /* "internal", "field", "road", "city" */
extern const char *const wc_kind_words[WH_N_KINDS];       /* "city", "road", ... "area" */
extern const char *const wc_op_names[WH_N_OPS];          /* "CONST", "VAR", ... as tables.h names them */
/* A kind's word, junctions included: wc_kind_word (geom.h); a direction's:
** wc_dir_names (geom.h). */

#endif
