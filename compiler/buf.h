/*
** buf.h -- a growable text buffer for the code generator and the renderer.
*/
#ifndef WC_BUF_H
#define WC_BUF_H

#include <stddef.h>

typedef struct wc_buf {
    char  *data; /* NUL-terminated */
    size_t len, cap;
} wc_buf;

/** Start an empty buffer. */
void wc_buf_init(wc_buf *b);

/** Free the buffer's memory. */
void wc_buf_free(wc_buf *b);

/** Append printf-style text. */
void wc_buf_printf(wc_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** Append @p n bytes. */
void wc_buf_append(wc_buf *b, const char *s, size_t n);

/** Append a NUL-terminated string. */
void wc_buf_puts(wc_buf *b, const char *s);

/**
 * Make room for @p n more bytes and return where they go; write at most
 * @p n bytes there, then call wc_buf_commit with the end of what was written.
 * Rows of generated tables are written this way, without a call per token.
 */
char *wc_buf_reserve(wc_buf *b, size_t n);

/** Take the bytes written since wc_buf_reserve, up to @p end. */
void wc_buf_commit(wc_buf *b, char *end);

/** Write the decimal form of @p v at @p p; @returns the end of it. */
char *wc_put_int(char *p, long v);

#endif
