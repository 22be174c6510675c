/* buf.c -- growable text buffer; see buf.h. */
#include "buf.h"
#include "../runtime/common/xalloc.h"

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
    b->data = wu_grow(b->data, &b->cap, b->len + n + 1, 1);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void wc_buf_printf(wc_buf *b, const char *fmt, ...)
{
    /* Format straight into the spare room; only a line that does not fit
    ** is formatted a second time, after growing. */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= b->cap - b->len) {
        b->data = wu_grow(b->data, &b->cap, b->len + (size_t)n + 1, 1);
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void wc_buf_puts(wc_buf *b, const char *s)
{
    wc_buf_append(b, s, strlen(s));
}

char *wc_put_int(char *p, long v)
{
    /* Code generation prints hundreds of thousands of small numbers: write
    ** the digits in place, no scratch copy. */
    unsigned long u = (unsigned long)v;
    if (v < 0) {
        *p++ = '-';
        u = 0ul - u;
    }
    if (u < 10) {
        *p = (char)('0' + u);
        return p + 1;
    }
    size_t n = 0;
    for (unsigned long t = u; t; t /= 10)
        n++;
    char *end = p + n;
    do {
        *--end = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    return p + n;
}

char *wc_buf_reserve(wc_buf *b, size_t n)
{
    b->data = wu_grow(b->data, &b->cap, b->len + n + 1, 1);
    return b->data + b->len;
}

void wc_buf_commit(wc_buf *b, char *end)
{
    b->len = (size_t)(end - b->data);
    b->data[b->len] = '\0';
}
