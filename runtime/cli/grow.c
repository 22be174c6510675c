/* grow.c -- the command's growing arrays; see grow.h. */
#include "grow.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(void)
{
    fputs("wonders: out of memory\n", stderr);
    exit(2);
}

void *wr_grow(void *p, size_t *cap, size_t n, size_t elem_size)
{
    if (n < *cap)
        return p;
    size_t c = *cap ? *cap : 64;
    while (c <= n) {
        if (c > SIZE_MAX / 2 / elem_size)
            out_of_memory();
        c *= 2;
    }
    void *q = realloc(p, c * elem_size);
    if (!q)
        out_of_memory();
    *cap = c;
    return q;
}

void *wr_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *wr_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}
