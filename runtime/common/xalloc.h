/*
** xalloc.h -- allocation that cannot return NULL, for both commands.
**
** wonderc and wonders are command-line tools: running out of memory ends
** them with "PROGRAM: out of memory" (exit 2) instead of threading failure
** through every caller.  The runtime library never allocates; this is the
** commands' own layer (docs/code.md).
*/
#ifndef WU_XALLOC_H
#define WU_XALLOC_H

#include <stdlib.h>

/** "PROGRAM: out of memory" on standard error, and exit 2: what the functions below do when memory runs out. */
_Noreturn void wu_out_of_memory(void);

/** malloc() that exits with "PROGRAM: out of memory" instead of returning NULL. */
void *wu_xmalloc(size_t size);

/** calloc(), zeroed memory, likewise. */
void *wu_xcalloc(size_t n, size_t size);

/** realloc(), likewise. */
void *wu_xrealloc(void *p, size_t size);

/**
 * Grow a dynamic array so that it holds at least @p need elements of
 * @p elem_size bytes: the capacity @p *cap doubles (from 16) as needed.
 * @returns the possibly moved array.
 */
void *wu_grow(void *p, size_t *cap, size_t need, size_t elem_size);

#endif
