/*
** diag.h -- source files and located diagnostics.
**
** A location is a byte span in a retained source buffer; line and column are
** computed only when a message is printed (one line table per file, binary
** search).  Messages read like gcc's:
**
**     tiles/base.tiles:12:9: error: unknown square 'tl'; did you mean 'tr'?
**         sides tl:N;
**               ^~
*/
#ifndef WC_DIAG_H
#define WC_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Limits on what one input may be (docs/language.md, "Limits"). */
#define WC_MAX_FILE_BYTES (64u * 1024u * 1024u)
#define WC_DEFAULT_MAX_ERRORS 100u

typedef struct wc_source {
    char    *path;        /* as given on the command line */
    char    *text;        /* contents, NUL-terminated */
    uint32_t len;         /* bytes in text, without the terminator */
    uint32_t *line_start; /* byte offset of each line, built on first use */
    uint32_t n_lines;
    bool     usable;      /* false when the file was unreadable, binary or not UTF-8 */
    bool     unreadable;  /* it could not be read at all (an I/O failure, not bad input) */
    bool     has_id;      /* read from a file whose device and inode are: */
    uint64_t dev, ino;
} wc_source;

/* A span of bytes [start, end) in source `file`. */
typedef struct wc_loc {
    uint32_t file, start, end;
} wc_loc;

/* What a diagnostic is, for a sink (wc_diag.sink). */
typedef enum wc_severity { WC_SEV_ERROR, WC_SEV_WARNING, WC_SEV_NOTE } wc_severity;

/* Receives every diagnostic as it is printed: @p loc is NULL for one that
** has no location; @p message is the text after "error: ", escaped as
** printed.  A note belongs to the error or warning before it. */
typedef void wc_diag_sink(void *ctx, wc_severity severity, const wc_loc *loc, const char *message);

typedef struct wc_diag {
    wc_source *sources;
    size_t     n_sources, cap_sources;
    unsigned   n_errors, n_warnings;
    unsigned   max_errors; /* stop reporting after this many errors */
    bool       stopped;    /* the error limit was reached */
    FILE      *out;        /* where messages go (stderr by default) */
    wc_diag_sink *sink;    /* also told of each message, when set (the language server) */
    void      *sink_ctx;
} wc_diag;

/** Prepare a diagnostics context that prints to @p out. */
void wc_diag_init(wc_diag *d, FILE *out);

/** Release every source and the context's own memory. */
void wc_diag_free(wc_diag *d);

/**
 * Read @p path into a new source.  An unreadable, oversized or binary file,
 * or one that is not valid UTF-8, is reported (with a location where one
 * exists) and marked unusable.
 * @returns the source's index.
 */
uint32_t wc_source_load(wc_diag *d, const char *path);

/**
 * The source already read from the file @p path names (the same path, or
 * another path to the same file), or -1 when there is none.
 */
int wc_source_find(const wc_diag *d, const char *path);

/** Add a source from memory (tests, the fuzzer); validated like a file. */
uint32_t wc_source_add(wc_diag *d, const char *name, const char *text, size_t len);

/** Line and column (both 1-based; columns count UTF-8 characters) of @p offset. */
void wc_source_line_col(wc_source *s, uint32_t offset, unsigned *line, unsigned *col);

/** Report an error at @p loc (printf-style message). */
void wc_error(wc_diag *d, wc_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/** Report a warning at @p loc. */
void wc_warning(wc_diag *d, wc_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/** Attach a note to the previous diagnostic ("first claimed here"). */
void wc_note(wc_diag *d, wc_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/** Report a warning that has no location (a file given twice). */
void wc_warning_plain(wc_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/** Report an error that has no location (a missing file, a bad option). */
void wc_error_plain(wc_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
