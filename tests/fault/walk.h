/*
** walk.h -- what the fork server (walk.c) asks of the fault shim (shim.c).
*/
#ifndef WH_FAULT_WALK_H
#define WH_FAULT_WALK_H

/** Count nothing and fail nothing: the walker's own allocations and writes. */
void wh_fault_stop(void);

/**
 * Count from zero again and fail the @p alloc_at-th allocation and the
 * @p io_at-th output call (-1: none); at exit write the counts to
 * @p report_to unless it is NULL.
 */
void wh_fault_start(long alloc_at, long io_at, const char *report_to);

#endif
