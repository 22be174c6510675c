/* fileio.c -- atomic generated-file output; see fileio.h. */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool wc_read_file(const char *path, wc_buf *out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        wc_buf_append(out, chunk, got);
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = wc_xmalloc(n);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* Compares in chunks, so the old file is never loaded whole. */
static bool unchanged(const char *path, const wc_buf *content)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char chunk[65536];
    size_t at = 0, got;
    bool same = true;
    while (same && (got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        same = at + got <= content->len && memcmp(chunk, content->data + at, got) == 0;
        at += got;
    }
    same = same && !ferror(f) && at == content->len;
    fclose(f);
    return same;
}

static bool write_temp(wc_diag *d, const char *dir, const wc_buf *content, char **temp_out)
{
    char *temp = join(dir, ".wonderc-XXXXXX");
    int fd = mkstemp(temp);
    if (fd < 0) {
        wc_error_plain(d, "cannot create a file in '%s': %s", dir, strerror(errno));
        free(temp);
        return false;
    }
    size_t done = 0;
    while (done < content->len) {
        ssize_t w = write(fd, content->data + done, content->len - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            wc_error_plain(d, "cannot write '%s': %s", temp, strerror(errno));
            close(fd);
            unlink(temp);
            free(temp);
            return false;
        }
        done += (size_t)w;
    }
    if (fchmod(fd, 0644) != 0 || fsync(fd) != 0 || close(fd) != 0) {
        wc_error_plain(d, "cannot finish '%s': %s", temp, strerror(errno));
        unlink(temp);
        free(temp);
        return false;
    }
    *temp_out = temp;
    return true;
}

bool wc_write_files(wc_diag *d, const char *dir, const char *const *names, const wc_buf *const *contents, size_t n)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        wc_error_plain(d, "output directory '%s' does not exist", dir);
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        wc_error_plain(d, "output directory '%s' is a file, not a directory", dir);
        return false;
    }
    char **temps = wc_xcalloc(n, sizeof *temps);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        char *path = join(dir, names[i]);
        if (!unchanged(path, contents[i]))
            ok = write_temp(d, dir, contents[i], &temps[i]);
        free(path);
    }
    for (size_t i = 0; i < n; i++) {
        if (!temps[i])
            continue;
        char *path = join(dir, names[i]);
        if (ok && rename(temps[i], path) != 0) {
            wc_error_plain(d, "cannot replace '%s': %s", path, strerror(errno));
            ok = false;
        }
        if (!ok)
            unlink(temps[i]);
        free(path);
        free(temps[i]);
    }
    free(temps);
    return ok;
}
