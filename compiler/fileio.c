/* fileio.c -- atomic generated-file output; see fileio.h. */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"
#include "../runtime/common/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = wu_xmalloc(n);
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

/* Write @p content to a new file named after the template @p temp (which
** mkstemp fills in); on failure nothing is left on disk. */
static bool write_temp(wc_diag *d, const char *dir, const wc_buf *content, char *temp)
{
    int fd = mkstemp(temp);
    if (fd < 0) {
        wc_error_plain(d, "cannot create a file in '%s': %s", dir, strerror(errno));
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
            return false;
        }
        done += (size_t)w;
    }
    if (fchmod(fd, 0644) != 0 || fsync(fd) != 0 || close(fd) != 0) {
        wc_error_plain(d, "cannot finish '%s': %s", temp, strerror(errno));
        unlink(temp);
        return false;
    }
    return true;
}

bool wc_write_files(wc_diag *d, const char *dir, const char *const *names, const wc_buf *const *contents, size_t n)
{
    struct stat st;
    bool create = false; /* the directory is missing: it is made, with its parents (mkdir -p) */
    if (stat(dir, &st) != 0) {
        if (errno != ENOENT) {
            wc_error_plain(d, "cannot use output directory '%s': %s", dir, strerror(errno));
            return false;
        }
        create = true;
    } else if (!S_ISDIR(st.st_mode)) {
        wc_error_plain(d, "output directory '%s' is a file, not a directory", dir);
        return false;
    }
    /* Everything that allocates comes first: running out of memory exits,
    ** and must never find a temporary file on disk to leave behind. */
    char **temps = wu_xcalloc(n, sizeof *temps);
    char **olds = wu_xcalloc(n, sizeof *olds);
    char **paths = wu_xcalloc(n, sizeof *paths);
    bool *written = wu_xcalloc(n, sizeof *written);
    int *kept = wu_xcalloc(n, sizeof *kept); /* 1: the old file is linked at olds[i]; -1: there was none */
    for (size_t i = 0; i < n; i++) {
        paths[i] = join(dir, names[i]);
        temps[i] = join(dir, ".wonderc-XXXXXX");
        olds[i] = wu_xmalloc(strlen(temps[i]) + 5);
    }
    size_t dir_len = strlen(dir), n_made = 0;
    char *prefix = wu_xmalloc(dir_len + 1);
    size_t *made = wu_xcalloc(dir_len + 1, sizeof *made); /* prefix lengths of the directories made */
    memcpy(prefix, dir, dir_len + 1);
    bool ok = true;
    for (size_t end = 1; create && ok && end <= dir_len; end++) {
        if (end < dir_len && (prefix[end] != '/' || prefix[end - 1] == '/'))
            continue;
        char saved = prefix[end];
        prefix[end] = '\0';
        if (mkdir(prefix, 0777) == 0)
            made[n_made++] = end;
        else if (errno != EEXIST || stat(prefix, &st) != 0 || !S_ISDIR(st.st_mode)) {
            wc_error_plain(d, "cannot create output directory '%s': %s", prefix,
                           errno == EEXIST ? "a file is in the way" : strerror(errno));
            ok = false;
        }
        prefix[end] = saved;
    }
    for (size_t i = 0; i < n && ok; i++)
        if (!unchanged(paths[i], contents[i]))
            ok = written[i] = write_temp(d, dir, contents[i], temps[i]);
    /* Every file replaced, or none: each old file stays linked under a
    ** second name until all the new ones are in place, so a rename that
    ** fails halfway puts back the ones before it. */
    size_t done = 0;
    for (; ok && done < n; done++) {
        size_t i = done;
        if (!written[i])
            continue;
        snprintf(olds[i], strlen(temps[i]) + 5, "%s.old", temps[i]);
        kept[i] = link(paths[i], olds[i]) == 0 ? 1 : errno == ENOENT ? -1 : 0;
        if (rename(temps[i], paths[i]) != 0) {
            wc_error_plain(d, "cannot replace '%s': %s", paths[i], strerror(errno));
            ok = false;
            if (kept[i] == 1)
                unlink(olds[i]);
            kept[i] = 0;
            break;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (!ok && written[i] && i >= done)
            unlink(temps[i]);
        if (!ok && kept[i] == 1)
            rename(olds[i], paths[i]);
        else if (!ok && kept[i] == -1)
            unlink(paths[i]);
        else if (kept[i] == 1)
            unlink(olds[i]);
    }
    for (size_t k = n_made; !ok && k-- > 0;) { /* all or nothing: the directories made go too */
        prefix[made[k]] = '\0';
        rmdir(prefix);
    }
    free(prefix);
    free(made);
    for (size_t i = 0; i < n; i++)
        free(olds[i]);
    free(olds);
    free(kept);
    free(written);
    for (size_t i = 0; i < n; i++) {
        free(temps[i]);
        free(paths[i]);
    }
    free(temps);
    free(paths);
    return ok;
}
