/*
** grow.h -- the command's growing arrays.
**
** `wonders` is a command-line tool: running out of memory ends it with a
** message (exit 2) instead of threading failure through every caller.
*/
#ifndef WR_GROW_H
#define WR_GROW_H

#include <stddef.h>

/**
 * Make room for element @p n (0-based) of the array @p p, whose capacity
 * is @p *cap elements of @p elem_size bytes: the capacity doubles (from 64)
 * as needed.  Exits with "wonders: out of memory" when it cannot.
 * @returns the possibly moved array.
 */
void *wr_grow(void *p, size_t *cap, size_t n, size_t elem_size);

/** malloc() that exits with "wonders: out of memory" instead of returning NULL. */
void *wr_xmalloc(size_t size);

/** calloc(), zeroed memory, likewise. */
void *wr_xcalloc(size_t n, size_t size);

#endif
