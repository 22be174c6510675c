/*
** expect.h -- a record's expected outcome (`rule` and `expect`, in
** docs/records.md): compared with what its replay scores, and rewritten
** after a deliberate rules erratum.  `wonders check` is built on these;
** it writes a file only once everything it prints has been printed, so a
** failure leaves every file as it was.
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
 * @returns 1 when every score and every event is as expected, 0 when
 * something differs (or the record has no `expect`), -1 when they could not
 * be compared (no memory; said on stderr).
 */
int wr_expect_check(FILE *out, const wr_replay *rp);

/**
 * The text of the record file @p path with its `expect` block rewritten
 * from what @p rp scored: only that block changes, the rest of the file,
 * comments included, is kept byte for byte (a missing block is added at
 * the end).  The new text is read back and checked before it is returned.
 * Nothing is written: wr_expect_commit does that.
 * @returns the text (malloc'd), or NULL (the reason said on @p err).
 */
char *wr_expect_rewrite(const char *path, const wr_replay *rp, FILE *err);

/** Replace @p path by @p text atomically. @returns true on success (failures said on @p err). */
bool wr_expect_commit(const char *path, const char *text, FILE *err);

#endif
