/*
** sim_results.h -- `wonders simulate`'s results as the command writes them
** (a table, YAML) and reads them back (--merge): docs/records.md,
** "Simulation results".  The lab plays them (runtime/lab/simulate.h).
*/
#ifndef WR_SIM_RESULTS_H
#define WR_SIM_RESULTS_H

#include "../lab/simulate.h"
#include "record.h"

#include <stdio.h>

/** Results as YAML, the form --merge reads back. */
void wr_sim_write_yaml(FILE *out, const wr_sim *s);

/** Results as a table of rates and means per wonder, named from @p set. */
void wr_sim_print(FILE *out, const wh_tileset_t *set, const wr_sim *s);

/** Read results written by wr_sim_write_yaml; problems are reported on @p err with their line. */
bool wr_sim_read(const char *path, wr_sim *s, FILE *err);

/** The same from @p text (named @p name in messages). */
bool wr_sim_read_text(const char *name, const char *text, size_t len, wr_sim *s, FILE *err);

#endif
