/*
** expect.h -- a record's expected outcome (`rule` and `expect`, in
** docs/records.md): compared with what its replay scores, and rewritten
** after a deliberate rules erratum.  `wonders check` is built on these.
*/
#ifndef WR_EXPECT_H
#define WR_EXPECT_H

#include "replay.h"

#include <stdio.h>

/**
 * What replay @p rp scored, in the form a record states it: every event in
 * order (turn 0 for the final scoring).
 * @returns the number of events; *out is malloc'd (free it), NULL when none.
 */
size_t wr_outcome_events(const wr_replay *rp, wr_expect_event **out);

/**
 * Compare the replayed record's `expect` with what it scored, and print
 * the file, its rule, and expected against found; each difference is a
 * located "file:line:col: error:" line on @p out.
 * @returns true when every score and every event is as expected (a record
 * with no `expect` fails).
 */
bool wr_expect_check(FILE *out, const wr_replay *rp);

/**
 * Rewrite the `expect` block of the record file @p path with what @p rp
 * scored.  Only that block changes: the rest of the file, comments
 * included, is kept byte for byte (a missing block is added at the end).
 * The file is replaced atomically, then read back and checked.
 * @returns true on success (failures reported on @p err).
 */
bool wr_expect_update(const char *path, const wr_replay *rp, FILE *err);

#endif
