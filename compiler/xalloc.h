/*
** xalloc.h -- allocation that cannot return NULL.
**
** The compiler is a command-line tool: running out of memory ends it with a
** message instead of threading failure through every caller.
*/
#ifndef WC_XALLOC_H
#define WC_XALLOC_H

#include <stdlib.h>

/** malloc() that exits with "wonderc: out of memory" instead of returning NULL. */
void *wc_xmalloc(size_t size);

/** calloc() that exits on failure. */
void *wc_xcalloc(size_t n, size_t size);

/** realloc() that exits on failure. */
void *wc_xrealloc(void *p, size_t size);

/**
 * Grow a dynamic array so that it holds at least @p need elements.
 * @param[in,out] p    the array (may be NULL)
 * @param[in,out] cap  its capacity in elements
 * @returns the possibly moved array.
 */
void *wc_grow(void *p, size_t *cap, size_t need, size_t elem_size);

#endif
