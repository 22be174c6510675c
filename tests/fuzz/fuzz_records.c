/*
** fuzz_records.c -- libFuzzer entry point for game records: the YAML
** reader, the replay of every turn against the rules, the score breakdown
** in all three formats and the board drawing.
**
** Build and run with `make fuzz` (bounded by FUZZ_TIME).  Inputs that
** crashed it are kept in tests/fuzz/record-regressions/ and replayed by
** the command tests (tests/wonders.sh).
*/
#include "../../runtime/cli/record.h"
#include "../../runtime/cli/replay.h"
#include "../../runtime/cli/report.h"
#include "tiles.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink; /* the harness's own: the reader keeps no state between inputs */
    if (!sink)
        sink = fopen("/dev/null", "w");
    wr_record r;
    wr_replay rp = {0};
    if (wr_read_text("fuzz.yaml", (const char *)data, size, &r, sink) &&
        wr_replay_run(&rp, &r, &wh_tileset, true, sink)) {
        wr_print_breakdown(sink, &rp, WR_TABLE);
        wr_print_breakdown(sink, &rp, WR_YAML);
        wr_print_breakdown(sink, &rp, WR_JSON);
        wr_draw_board(sink, &rp.match->game, &r);
        wr_write_stream(sink, &r);
    }
    wr_replay_free(&rp);
    wr_record_free(&r);
    return 0;
}
