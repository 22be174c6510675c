/*
** yaml_in.h -- strict reading of the command's YAML files (game records,
** simulation results) from libyaml's event stream.
**
** The reader walks the events once, validating as it goes: building
** libyaml's document tree first would cost more than the rest of reading
** (docs/performance.md).  Every event carries the mark of where it starts,
** so every message has a line and column.  After the first problem the
** reader is failed: every call returns false and nothing more is reported.
*/
#ifndef WR_YAML_IN_H
#define WR_YAML_IN_H

#include "record.h"

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>

typedef struct wr_yaml_in {
    yaml_parser_t parser;
    yaml_event_t  ev;     /* the current event */
    bool          have;   /* ev holds an event to delete */
    const char   *file;
    const char   *text;   /* the input, to place a byte libyaml's reader refuses */
    size_t        len;
    FILE         *err;
    bool          failed;
} wr_yaml_in;

/**
 * Read the whole file at @p path into a malloc'd buffer (*text, *len).
 * An unreadable, empty or over-WR_MAX_BYTES file is reported on @p err as
 * "the WHAT is empty" and so on.
 */
bool wr_in_slurp(const char *path, const char *what, char **text, size_t *len, FILE *err);

/**
 * Start reading @p text (named @p name in messages): on success the current
 * event is the first of the document's content.  No document at all is
 * reported as "the WHAT is empty".
 */
bool wr_in_start(wr_yaml_in *in, const char *name, const char *what, const char *text, size_t len, FILE *err);

/**
 * End reading: when @p ok, check that the document and the stream end there
 * ("one WHAT per file").  Frees the parser.
 * @returns whether everything read was valid.
 */
bool wr_in_finish(wr_yaml_in *in, bool ok, const char *what);

/** Where the current event starts. */
wr_loc wr_in_here(const wr_yaml_in *in);

/** Report a problem at @p at (only the first one is reported); returns false. */
bool wr_in_fail(wr_yaml_in *in, wr_loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/** Move to the next event; a YAML syntax error is reported at its mark. */
bool wr_in_advance(wr_yaml_in *in);

/** Whether the current event is a plain null scalar ("", "~", "null"). */
bool wr_in_is_null(const wr_yaml_in *in);

/*
** Scalars: each reads the current event, checks it and moves past it.
** @p what names the value in messages.
*/

/** A name of 1 to @p size - 1 bytes, copied to @p out. */
bool wr_in_name(wr_yaml_in *in, const char *what, char *out, size_t size);

/** A whole number in [lo, hi]; *out is always set (to lo when refused). */
bool wr_in_number(wr_yaml_in *in, const char *what, long lo, long hi, long *out);

/**
 * One of the @p n numbers @p allowed (*out is always set, to allowed[0]
 * when refused); anything else is refused with them all: "rotation:
 * expected 0, 90, 180 or 270, found 360" -- a number beyond a long too.
 */
bool wr_in_one_of(wr_yaml_in *in, const char *what, const long *allowed, size_t n, long *out);

/** true/yes or false/no. */
bool wr_in_boolean(wr_yaml_in *in, const char *what, bool *out);

/** Consume a list's start (an error when the current event is not one). */
bool wr_in_begin_list(wr_yaml_in *in, const char *what);

/** Whether the current event ends a list (consumed when it does). */
bool wr_in_list_end(wr_yaml_in *in);

/** Consume a mapping's start (an error when the current event is not one). */
bool wr_in_begin_map(wr_yaml_in *in, const char *what);

/**
 * The next key of a mapping: its index in the NULL-terminated @p keys
 * (the key is consumed), refusing unknown keys and keys already in
 * @p *seen (a bit per key).  Returns false at the end of the mapping
 * (consumed) or on a problem.
 */
bool wr_in_next_key(wr_yaml_in *in, const char *what, const char *const *keys, unsigned *seen, int *index);

/**
 * A results file: a mapping of `format: WR_FORMAT` and one key @p body_key,
 * whose value @p body reads (with @p ctx).  @p what names the file's kind
 * in messages ("simulation results").
 */
bool wr_in_results(wr_yaml_in *in, const char *what, const char *body_key, bool (*body)(wr_yaml_in *, void *),
                   void *ctx);

#endif
