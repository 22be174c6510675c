/*
** atomic.c -- an output file written whole or not at all; see atomic.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "atomic.h"
#include "record.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool wr_write_atomic(const char *path, bool (*write)(FILE *out, const void *ctx), const void *ctx, FILE *err)
{
    char temp[4096];
    if ((size_t)snprintf(temp, sizeof temp, "%s.tmp-XXXXXX", path) >= sizeof temp) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot write: the path is too long");
        return false;
    }
    int fd = mkstemp(temp);
    if (fd < 0) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot write: %s", strerror(errno));
        return false;
    }
    /* mkstemp makes the file private; an output is read by others like any file */
    FILE *f = fchmod(fd, 0644) == 0 ? fdopen(fd, "wb") : NULL;
    bool ok = f && write(f, ctx);
    ok = f && fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    if (f)
        ok = fclose(f) == 0 && ok;
    else
        close(fd);
    if (ok && rename(temp, path) != 0)
        ok = false;
    if (!ok) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot write: %s", strerror(errno));
        unlink(temp);
    }
    return ok;
}
