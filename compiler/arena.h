/*
** arena.h -- bump allocation for everything one compilation builds.
**
** The AST, its lists and the unescaped strings live in one arena freed in a
** single call, so error recovery never has to free a half-built node.
*/
#ifndef WC_ARENA_H
#define WC_ARENA_H

#include <stddef.h>

typedef struct wc_arena_block wc_arena_block;

typedef struct wc_arena {
    wc_arena_block *head; /* newest block; older ones follow its `next` */
    size_t used;          /* bytes used in head */
    size_t total;         /* bytes in all blocks, for statistics */
} wc_arena;

/** Prepare an empty arena. */
void wc_arena_init(wc_arena *a);

/** Free every block of the arena; it is empty and reusable afterwards. */
void wc_arena_free(wc_arena *a);

/**
 * Empty the arena but keep its newest block for reuse: the per-tile arena is
 * reset after every tile, so parsing reuses the same warm memory.
 */
void wc_arena_reset(wc_arena *a);

/**
 * Allocate @p size zeroed bytes aligned for any object.
 * @returns the memory; exits the process with a message when memory is exhausted.
 */
void *wc_arena_alloc(wc_arena *a, size_t size);

/** Copy @p n bytes of @p s into the arena and NUL-terminate the copy. */
char *wc_arena_strndup(wc_arena *a, const char *s, size_t n);

#endif
