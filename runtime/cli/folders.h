/*
** folders.h -- an output folder made as `mkdir -p` would, or nothing left.
**
** A command that writes DIR/... (balance --report DIR, board --format html
** -o DIR) checks first that DIR can be made or written in, and makes the
** missing folders only once it has something to write: a run that fails
** removes the folders it made, and one that fails earlier made none.
*/
#ifndef WR_FOLDERS_H
#define WR_FOLDERS_H

#include <stdbool.h>

/* The folders a run made, deepest last. */
typedef struct wr_folders {
    char *path[64];
    int n;
} wr_folders;

/**
 * Whether @p dir exists as a folder one can write in, or the nearest folder
 * above it that exists is one.  Else says why on stderr, as
 * "wonders: OPTION DIR: ...", @p option naming the option (e.g. "--report").
 */
bool wr_folder_ready(const char *option, const char *dir);

/** Make the folders of @p dir that are missing, top down, noted in @p made; says why not. */
bool wr_folders_make(const char *option, const char *dir, wr_folders *made);

/** Remove the folders @p made holds (the run failed), deepest first. */
void wr_folders_remove(wr_folders *made);

/** Keep them (the run succeeded): only the notes are freed. */
void wr_folders_keep(wr_folders *made);

#endif
