/*
** atomic.h -- writing an output file whole or not at all.
*/
#ifndef WR_ATOMIC_H
#define WR_ATOMIC_H

#include <stdbool.h>
#include <stdio.h>

/**
 * Write @p path through @p write (which returns false on failure) into a
 * temporary file beside it, synced and renamed into place only when all
 * went well; otherwise the temporary is removed and an existing @p path is
 * left as it was.  A failure is reported on @p err, naming the path.
 */
bool wr_write_atomic(const char *path, bool (*write)(FILE *out, const void *ctx), const void *ctx, FILE *err);

#endif
