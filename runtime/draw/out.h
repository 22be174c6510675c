/*
** out.h -- where generated text goes (a buffer, a file), and text written
** into XML or HTML: one escaping for every picture and page the two
** commands write (the gallery, the board, the replay viewer, the balance
** report).  Part of the library (internal: the public names are draw.h's).
*/
#ifndef WU_OUT_H
#define WU_OUT_H

#include <stddef.h>
#include <stdio.h>

/* A writer: write(ctx, s, n) takes n bytes. */
typedef struct wu_out {
    void (*write)(void *ctx, const char *s, size_t n);
    void *ctx;
} wu_out;

/** A writer onto @p f (fwrite; the caller checks the stream's error). */
wu_out wu_out_file(FILE *f);

/* The most bytes one wu_print writes, its end included. */
#define WU_PRINT_MAX 1024

/**
 * Write printf-style text to @p o, at most WU_PRINT_MAX - 1 bytes (the
 * rest is cut): for numbers, classes and attributes, whose length the
 * caller knows.  Text of any length goes through wu_xml_text, path data
 * through wu_path_data; nothing here allocates (the drawing is part of the
 * library, which never does).
 */
void wu_print(wu_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * Write the @p n bytes of @p s as XML or HTML text, in content or in a
 * double-quoted attribute: & < > " as entities, a newline and a tab kept,
 * every other control byte dropped (XML 1.0 allows them in no form, not
 * even as references).
 */
void wu_xml_bytes(wu_out *o, const char *s, size_t n);

/** wu_xml_bytes for the string @p s. */
void wu_xml_text(wu_out *o, const char *s);

#endif
