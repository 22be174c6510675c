/* buf.c -- growable text buffer; see buf.h. */
#include "buf.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void wc_buf_init(wc_buf *b)
{
    b->data = NULL;
    b->len = b->cap = 0;
    wc_buf_append(b, "", 0);
}

void wc_buf_free(wc_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void wc_buf_append(wc_buf *b, const char *s, size_t n)
{
    b->data = wc_grow(b->data, &b->cap, b->len + n + 1, 1);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void wc_buf_printf(wc_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    b->data = wc_grow(b->data, &b->cap, b->len + (size_t)n + 1, 1);
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}
