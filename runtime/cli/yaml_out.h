/*
** yaml_out.h -- writing YAML with libyaml's emitter (records, expectations).
**
** Every call checks what libyaml returns: an event that could not be made
** (no memory) or not be written stops the document, and the writer keeps
** answering "failed" without touching the emitter again -- libyaml is not
** given an event it refused to make.  The caller learns it from
** wr_out_finish and writes nothing in place of a file.
*/
#ifndef WR_YAML_OUT_H
#define WR_YAML_OUT_H

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>

typedef struct wr_yaml_out {
    yaml_emitter_t em;
    bool started; /* the emitter was initialised (and must be deleted) */
    bool ok;      /* nothing has failed so far */
} wr_yaml_out;

/**
 * Start a document written to @p out, in UTF-8.  @p fold: lines longer than
 * 80 columns are folded (a record's long pile), or never (an expectation's
 * one line per event).
 */
void wr_out_start(wr_yaml_out *w, FILE *out, bool fold);

/** A scalar, in the style libyaml finds plain enough (quoted when needed). */
void wr_out_scalar(wr_yaml_out *w, const char *s);

/** A whole number as a scalar. */
void wr_out_int(wr_yaml_out *w, long v);

/** Open a mapping (@p map) or a sequence, in flow style (one line) or block style. */
void wr_out_begin(wr_yaml_out *w, bool map, bool flow);

/** Close the innermost mapping (@p map) or sequence. */
void wr_out_end(wr_yaml_out *w, bool map);

/** End the document and free the emitter. @returns true when everything was written. */
bool wr_out_finish(wr_yaml_out *w);

#endif
