/*
** balance_results.h -- the balance lab's results as `wonders balance`
** writes them (the table, YAML, the report page) and reads them back
** (--merge): docs/balance.md and docs/records.md.  The lab plays them
** (runtime/lab/balance.h).
*/
#ifndef WR_BALANCE_RESULTS_H
#define WR_BALANCE_RESULTS_H

#include "../lab/balance.h"

#include <stdio.h>

/** Results as YAML, the form --merge reads back. */
void wr_balance_write_yaml(FILE *out, const wr_balance *b);

/** The ranking by @p rank, each wonder's tile and effect with 95% intervals, as a table. */
void wr_balance_print(FILE *out, const wh_tileset_t *set, const wr_balance *b, wr_balance_rank rank);

/** Read results written by wr_balance_write_yaml; problems go to @p err with their line. */
bool wr_balance_read(const char *path, wr_balance *b, FILE *err);
bool wr_balance_read_text(const char *name, const char *text, size_t len, wr_balance *b, FILE *err);

/**
 * Write @p dir/index.html, whole or not at all: one self-contained page, the
 * charts as SVG drawn here (the ranking by @p rank with its intervals, each wonder's
 * effect points, the final margins with and without each wonder) and the
 * run's parameters.  The same results give the same bytes.
 */
bool wr_balance_report(const char *dir, const wh_tileset_t *set, const wr_balance *b, wr_balance_rank rank, FILE *err);

#endif
