/*
** fuzz_records.c -- libFuzzer entry point for the command's YAML input: a
** game record (the reader, the replay of every turn against the rules, the
** turn log, the score breakdown in all three formats, the board drawing,
** the writer) and
** the same bytes as simulation results, as --merge reads them.
**
** Build and run with `make fuzz` (bounded by FUZZ_TIME).  Inputs that
** crashed it are kept in tests/fuzz/record-regressions/ and replayed by
** the command tests (tests/wonders.sh).
*/
#include "../../runtime/cli/board_svg.h"
#include "../../runtime/cli/expect.h"
#include "../../runtime/cli/record.h"
#include "../../runtime/cli/replay.h"
#include "../../runtime/cli/report.h"
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
    wr_record r;
    wr_replay rp = {0};
    if (wr_read_text("fuzz.yaml", (const char *)data, size, &r, sink) &&
        wr_replay_run(&rp, &r, &wh_tileset, true, sink)) {
        wr_print_log(sink, &rp);
        wr_print_breakdown(sink, &rp, WR_TABLE);
        wr_print_breakdown(sink, &rp, WR_YAML);
        wr_print_breakdown(sink, &rp, WR_JSON);
        wr_draw_board(sink, &rp.match->game, &r);
        wr_board_svg(sink, &rp.match->game, &r);
        wr_write_stream(sink, &r);
        wr_expect_check(sink, &rp);
    }
    wr_replay_free(&rp);
    wr_record_free(&r);
    /* the same bytes as simulation results, as --merge reads them */
    wr_sim sim, total;
    memset(&total, 0, sizeof total);
    if (wr_sim_read_text("fuzz.yaml", (const char *)data, size, &sim, sink) && wr_sim_merge(&total, &sim)) {
        wr_sim_write_yaml(sink, &total);
        wr_sim_print(sink, &wh_tileset, &total);
    }
    return 0;
}
