/*
** fuzz_results.c -- libFuzzer entry point for simulation results, as
** `wonders simulate --merge` reads them: the reader, the merge (twice, so
** that the sums are exercised), and both writers.
*/
#include "../../runtime/cli/simulate.h"
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
    return 0;
}
