/* arena.c -- bump allocator; see arena.h. */
#include "arena.h"
#include "../runtime/common/xalloc.h"

#include <stdalign.h>
#include <string.h>

#define WC_ARENA_BLOCK (64u * 1024u)

struct wc_arena_block {
    wc_arena_block *next;
    size_t size; /* usable bytes in data */
    alignas(max_align_t) unsigned char data[];
};

void wc_arena_init(wc_arena *a)
{
    a->head = NULL;
    a->used = 0;
    a->total = 0;
}

void wc_arena_free(wc_arena *a)
{
    wc_arena_block *b = a->head;
    while (b) {
        wc_arena_block *next = b->next;
        free(b);
        b = next;
    }
    wc_arena_init(a);
}

void wc_arena_reset(wc_arena *a)
{
    if (!a->head)
        return;
    wc_arena_block *keep = a->head, *b = keep->next;
    while (b) {
        wc_arena_block *next = b->next;
        free(b);
        b = next;
    }
    keep->next = NULL;
    a->used = 0;
    a->total = keep->size;
}

void *wc_arena_alloc(wc_arena *a, size_t size)
{
    const size_t align = alignof(max_align_t);
    size = (size + align - 1) & ~(align - 1);
    if (!a->head || a->head->size - a->used < size) {
        size_t bytes = size > WC_ARENA_BLOCK ? size : WC_ARENA_BLOCK;
        wc_arena_block *b = wu_xmalloc(sizeof *b + bytes);
        b->next = a->head;
        b->size = bytes;
        a->head = b;
        a->used = 0;
        a->total += bytes;
    }
    void *p = a->head->data + a->used;
    a->used += size;
    memset(p, 0, size);
    return p;
}

char *wc_arena_strndup(wc_arena *a, const char *s, size_t n)
{
    char *copy = wc_arena_alloc(a, n + 1);
    memcpy(copy, s, n);
    copy[n] = '\0';
    return copy;
}
