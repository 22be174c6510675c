/*
** folders.c -- output folders made as `mkdir -p` would; see folders.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "folders.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
** DIR (--report DIR, say) is created when it is missing, with any missing folder
** above it, as `mkdir -p` would -- but only once the results are in, so a
** run that fails leaves nothing behind; and a report that cannot be
** written removes the folders it created.  Checked before the games: the
** nearest folder that exists must take new files (or DIR itself, when it
** exists, must).
*/
bool wr_folder_ready(const char *option, const char *dir)
{
    char path[4096];
    if (strlen(dir) >= sizeof path - 16) {
        fprintf(stderr, "wonders: %s: the path is %zu bytes long, longer than the limit of %zu\n", option, strlen(dir),
                sizeof path - 17);
        return false;
    }
    snprintf(path, sizeof path, "%s", dir);
    for (;;) {
        struct stat st;
        if (stat(path, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                fprintf(stderr, "wonders: %s %s: '%s' is not a folder\n", option, dir, path);
                return false;
            }
            if (access(path, W_OK | X_OK) != 0) {
                fprintf(stderr, "wonders: %s %s: cannot write in '%s': %s\n", option, dir, path, strerror(errno));
                return false;
            }
            return true;
        }
        if (errno != ENOENT && errno != ENOTDIR) { /* ENOTDIR: a file above it, found next */
            fprintf(stderr, "wonders: %s %s: '%s': %s\n", option, dir, path, strerror(errno));
            return false;
        }
        char *slash = strrchr(path, '/');
        while (slash && slash > path && slash[1] == '\0') { /* "a/b/" */
            *slash = '\0';
            slash = strrchr(path, '/');
        }
        if (!slash)
            snprintf(path, sizeof path, ".");
        else if (slash == path)
            path[1] = '\0';
        else
            *slash = '\0';
    }
}

void wr_folders_remove(wr_folders *m)
{
    while (m->n > 0) {
        m->n--;
        rmdir(m->path[m->n]);
        free(m->path[m->n]);
    }
}

bool wr_folders_make(const char *option, const char *dir, wr_folders *m)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    m->n = 0;
    for (char *p = path + 1;; p++) {
        if (*p && *p != '/')
            continue;
        char was = *p;
        *p = '\0';
        if (mkdir(path, 0777) == 0) {
            char *copy = m->n < 64 ? strdup(path) : NULL;
            if (!copy) {
                rmdir(path);
                fprintf(stderr, "wonders: %s %s: cannot create '%s': out of memory\n", option, dir, path);
                wr_folders_remove(m);
                return false;
            }
            m->path[m->n++] = copy;
        } else if (errno != EEXIST) {
            fprintf(stderr, "wonders: %s %s: cannot create '%s': %s\n", option, dir, path, strerror(errno));
            wr_folders_remove(m);
            return false;
        }
        *p = was;
        if (!was)
            return true;
    }
}

void wr_folders_keep(wr_folders *m)
{
    while (m->n > 0)
        free(m->path[--m->n]);
}
