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

#endif
