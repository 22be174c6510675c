/*
** fileio.h -- all-or-nothing output of generated files.
*/
#ifndef WC_FILEIO_H
#define WC_FILEIO_H

#include "buf.h"
#include "diag.h"

#include <stdbool.h>

/**
 * Write each buffer to dir/name.  Every file is first written in full to a
 * temporary file in @p dir; only when all are written are they renamed into
 * place, so a failure leaves the old files untouched.  A file whose content
 * is unchanged is not rewritten (its timestamp stays, so make does not
 * rebuild needlessly).
 * @returns @c true on success; failures are reported to @p d.
 */
bool wc_write_files(wc_diag *d, const char *dir, const char *const *names, const wc_buf *const *contents, size_t n);

#endif
