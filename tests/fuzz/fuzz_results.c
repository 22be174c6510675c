/*
** fuzz_results.c -- libFuzzer entry point for results files, as `wonders
** simulate --merge` and `wonders balance --merge` read them: each reader,
** the merges (twice, so that the sums are exercised), and the writers.
*/
#include "../../runtime/cli/balance_results.h"
#include "../../runtime/cli/sim_results.h"
#include "tiles.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink; /* the harness's own: the reader keeps no state between inputs */
    if (!sink)
        sink = fopen("/dev/null", "w");
    wr_sim sim, total;
    memset(&total, 0, sizeof total);
    if (wr_sim_read_text("fuzz.yaml", (const char *)data, size, &sim, sink) && wr_sim_merge(&total, &sim) &&
        wr_sim_merge(&total, &sim)) {
        wr_sim_write_yaml(sink, &total);
        wr_sim_print(sink, &wh_tileset, &total);
    }
    static wr_balance bal, bal_total;
    memset(&bal_total, 0, sizeof bal_total);
    if (wr_balance_read_text("fuzz.yaml", (const char *)data, size, &bal, sink) && !wr_balance_merge(&bal_total, &bal)) {
        bal.shard_mask = ~bal.shard_mask; /* another shard of the same run */
        wr_balance_merge(&bal_total, &bal);
        wr_balance_write_yaml(sink, &bal_total);
        wr_balance_print(sink, &wh_tileset, &bal_total, WR_RANK_EFFECT);
    }
    return 0;
}
