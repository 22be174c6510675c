/*
** codegen.h -- print the compiled tile set as static C tables.
*/
#ifndef WC_CODEGEN_H
#define WC_CODEGEN_H

#include "buf.h"
#include "model.h"

/**
 * Print @p m as a header (enums, counts, declarations) and a source file
 * (the `const` tables).  The output depends only on the model and on
 * @p inputs (named in the banner), so the same input gives the same bytes.
 * @param header_name  the header's file name, as the source includes it
 */
void wc_codegen(const wc_model *m, const char *const *inputs, size_t n_inputs,
                const char *header_name, wc_buf *header, wc_buf *source);

#endif
