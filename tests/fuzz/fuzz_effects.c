/*
** fuzz_effects.c -- libFuzzer entry point for the effect language, end to
** end: the input is the body of a wonder's effect block, put into a small
** tile set (play_set_text) and compiled (scanner, parser, type checker, the
** lowering to expression trees); when it compiles, one random game is
** played on it, so every handler the checker let through runs on a real
** board under ASan and UBSan.  A handler that does not end, or a score out
** of bounds, is a finding (play_set.h).
**
** Build and run with `make fuzz`; the inputs that ever failed it are kept in
** tests/fuzz/regressions/effects/ and replayed by tests/test_language.c.
*/
#include "../../compiler/driver.h"
#include "play_set.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink; /* the harness's own: the compiler keeps no state between inputs */
    if (!sink)
        sink = fopen("/dev/null", "w");
    wc_compilation c;
    wc_compilation_init(&c, sink);
    char *text = play_set_text((const char *)data, size);
    if (!text)
        return 0;
    wc_compilation_add_text(&c, "fuzz.tiles", text, strlen(text));
    if (wc_compilation_check(&c) && c.model.n_tiles > 0) {
        wh_tileset_t set = wc_model_view(&c.model);
        if (!play_set(&set, size))
            abort(); /* a game failed, or an effect paid out of bounds */
    }
    wc_compilation_free(&c);
    free(text);
    return 0;
}
