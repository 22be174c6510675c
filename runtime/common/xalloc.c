/* xalloc.c -- allocation that exits on failure; see xalloc.h. */
#include "xalloc.h"
#include "command.h"

#include <stdint.h>
#include <stdio.h>

_Noreturn void wu_out_of_memory(void)
{
    fprintf(stderr, "%s: out of memory\n", wu_program());
    exit(2);
}

void *wu_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        wu_out_of_memory();
    return p;
}

void *wu_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        wu_out_of_memory();
    return p;
}

void *wu_xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        wu_out_of_memory();
    return q;
}

void *wu_grow(void *p, size_t *cap, size_t need, size_t elem_size)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : 16;
    while (n < need) {
        if (n > SIZE_MAX / 2 / elem_size)
            wu_out_of_memory();
        n *= 2;
    }
    *cap = n;
    return wu_xrealloc(p, n * elem_size);
}
