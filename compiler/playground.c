/*
** playground.c -- the compiler's entry for docs/playground/; see playground.h.
**
** The page calls this once per edit, built to WebAssembly (make
** playground).  It is plain C and linked into the native builds too, so
** that the unit tests run it under the sanitizers and valgrind: the web
** build is the same code, not a copy.
*/
#define _POSIX_C_SOURCE 200809L
#include "playground.h"
#include "driver.h"
#include "show.h"
#include "svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wc_json_string(wc_buf *out, const char *s)
{
    wc_buf_puts(out, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            wc_buf_printf(out, "\\%c", c);
        else if (c == '\n')
            wc_buf_puts(out, "\\n");
        else if (c < 0x20)
            wc_buf_printf(out, "\\u%04x", c);
        else
            wc_buf_append(out, s, 1);
    }
    wc_buf_puts(out, "\"");
}

/* One tile: its picture (as `show --format svg` draws it) and, when it is
** in the tables, its facts (as `show` prints them). */
static void tile(wc_buf *out, const wh_tileset_t *set, const wc_geom *g)
{
    wc_buf text;
    wc_buf_init(&text);
    wc_buf_puts(out, "{\"id\":");
    wc_json_string(out, g->id);
    wc_buf_puts(out, ",\"name\":");
    wc_json_string(out, g->name);
    wc_buf_printf(out, ",\"failed\":%s,\"svg\":", g->failed ? "true" : "false");
    wc_svg_tile(g, 0, &text);
    wc_json_string(out, text.data);
    int ambiguous, t = g->failed ? -1 : wc_find_tile(set, g->id, &ambiguous);
    wc_buf_puts(out, ",\"facts\":");
    if (t >= 0) {
        text.len = 0;
        text.data[0] = '\0';
        wc_show_tile(set, (uint32_t)t, 0, g, false, &text);
        wc_json_string(out, text.data);
    } else {
        wc_buf_puts(out, "null");
    }
    wc_buf_puts(out, "}");
    wc_buf_free(&text);
}

char *wc_playground(const char *text)
{
    char *diag_text = NULL;
    size_t diag_len = 0;
    FILE *diag = open_memstream(&diag_text, &diag_len);
    if (!diag)
        return NULL;
    wc_compilation c;
    wc_compilation_init(&c, diag);
    c.model.keep_geometry = true;
    wc_compilation_add_text(&c, WC_PLAYGROUND_FILE, text, strlen(text));
    bool ok = wc_compilation_check(&c);
    wc_compilation_summary(&c, diag);
    bool written = fclose(diag) == 0;

    wc_buf out;
    wc_buf_init(&out);
    wc_buf_printf(&out, "{\"status\":%d,\"errors\":%u,\"warnings\":%u,\"diagnostics\":", ok ? 0 : 1, c.diag.n_errors,
                  c.diag.n_warnings);
    wc_json_string(&out, written && diag_text ? diag_text : "");
    wc_buf_puts(&out, ",\"tiles\":[");
    wh_tileset_t set = wc_model_view(&c.model);
    for (size_t i = 0; i < c.model.n_geoms; i++) {
        if (i)
            wc_buf_puts(&out, ",");
        tile(&out, &set, &c.model.geoms[i]);
    }
    wc_buf_puts(&out, "]}");
    wc_compilation_free(&c);
    free(diag_text);
    return out.data; /* the buffer's own allocation: the caller frees it */
}
