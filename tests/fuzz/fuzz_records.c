/*
** fuzz_records.c -- libFuzzer entry point for game records and positions:
** the reader, the replay of every turn against the rules, the turn log, the
** score breakdown in all three formats, the board drawing (text and SVG),
** the writer, and the check of a position's expectations (rule, expect).
** Simulation results have their own target (fuzz_results.c).
**
** Build and run with `make fuzz` (docs/testing.md).  Inputs that
** crashed it are kept in tests/fuzz/record-regressions/ and replayed by
** the command tests (tests/wonders.sh).
*/
#include "../../runtime/cli/board_svg.h"
#include "../../runtime/cli/expect.h"
#include "../../runtime/cli/record.h"
#include "../../runtime/cli/replay.h"
#include "../../runtime/cli/report.h"
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
    wr_record r;
    wr_replay rp = {0};
    if (wr_read_text("fuzz.yaml", (const char *)data, size, &r, sink) &&
        wr_replay_run(&rp, &r, &wh_tileset, true, sink)) {
        wr_print_log(sink, &rp);
        wr_print_breakdown(sink, &rp, WR_TABLE, false);
        wr_print_breakdown(sink, &rp, WR_TABLE, true); /* after the turn log: the final events once */
        wr_print_breakdown(sink, &rp, WR_YAML, false);
        wr_print_breakdown(sink, &rp, WR_JSON, false);
        wr_draw_board(sink, &rp.match->game, &r);
        wr_board_svg(sink, &rp.match->game, &r);
        wr_write_stream(sink, &r);
        wr_expect_check(sink, &rp);
    }
    wr_replay_free(&rp);
    wr_record_free(&r);
    return 0;
}
