/*
** fuzz_frontend.c -- libFuzzer entry point for the whole front end: scanner,
** parser, checker (the planar model included), fact evaluation, code
** generation, the terminal drawing, and the SVG pictures -- of failing tiles
** too, which is what `wonderc show --format svg` does.
**
** Build and run with `make fuzz` (bounded by FUZZ_TIME).  Every input that
** ever crashed it is kept in tests/fuzz/regressions/ and replayed by the
** unit tests (test_fuzz_regressions in test_lexparse.c).
*/
#include "../../compiler/codegen.h"
#include "../../compiler/dump.h"
#include "../../compiler/driver.h"
#include "../../compiler/show.h"
#include "../../compiler/svg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink; /* the harness's own: the compiler keeps no state between inputs */
    if (!sink)
        sink = fopen("/dev/null", "w");
    wc_compilation c;
    wc_compilation_init(&c, sink);
    c.model.keep_geometry = true;
    wc_compilation_add_text(&c, "fuzz.tiles", (const char *)data, size);
    bool ok = wc_compilation_check(&c);
    for (size_t i = 0; i < c.model.n_geoms && i < 8; i++) {
        wc_buf svg;
        wc_buf_init(&svg);
        wc_svg_tile(&c.model.geoms[i], (int)(i & 3), &svg);
        wc_buf_free(&svg);
    }
    if (ok && c.model.n_tiles > 0) {
        const char *inputs[] = {"fuzz.tiles"};
        wc_buf h, src, pic;
        wc_buf_init(&h);
        wc_buf_init(&src);
        wc_buf_init(&pic);
        wc_codegen(&c.model, inputs, 1, "tiles.h", &h, &src);
        wh_tileset_t set = wc_model_view(&c.model);
        for (uint32_t t = 0; t < set.n_tiles && t < 8; t++)
            wc_show_tile(&set, t, (int)(t & 3), t < c.model.n_geoms ? &c.model.geoms[t] : NULL, t & 4, &pic);
        wc_dump(&set, WC_DUMP_YAML, inputs, 1, &h);
        wc_dump(&set, WC_DUMP_JSON, inputs, 1, &src);
        wc_buf_free(&h);
        wc_buf_free(&src);
        wc_buf_free(&pic);
    }
    wc_compilation_free(&c);
    return 0;
}
