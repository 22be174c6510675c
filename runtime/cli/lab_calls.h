/*
** lab_calls.h -- how the command calls the lab (runtime/lab/): the
** progress line it draws on a terminal while the games are played, and
** what the lab could not do, said as the command says it.
*/
#ifndef WR_LAB_CALLS_H
#define WR_LAB_CALLS_H

#include "../lab/games.h"

#include <stdio.h>

/**
 * Draw @p run's progress on standard error -- a bar, the games done, the
 * rate and the time left, redrawn in place and ended by a newline -- when
 * standard error is a terminal; else leave the run quiet.
 */
void wr_show_progress(wr_run *run);

/**
 * @returns true for WR_LAB_OK.  Otherwise the lab's @p problem on @p err
 * after "wonders: " and false; when memory ran out, "wonders: out of
 * memory" and exit 2, as the command's own allocations do (xalloc.h).
 */
bool wr_lab_ok(wr_lab_status status, const char *problem, FILE *err);

#endif
