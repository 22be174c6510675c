/*
** playground.h -- one compilation of a text, for docs/playground/.
**
** The playground page (built to WebAssembly by `make playground`) hands
** the text of its editor to wc_playground and shows what comes back: the
** diagnostics exactly as `wonderc check` writes them (the file is named
** WC_PLAYGROUND_FILE), and for each tile the picture `wonderc show
** --format svg` draws and the facts `wonderc show` prints.
*/
#ifndef WC_PLAYGROUND_H
#define WC_PLAYGROUND_H

#define WC_PLAYGROUND_FILE "playground.tiles"

/**
 * Check and compile @p text (a tile file) and describe the result as one
 * JSON object, a malloc'd string the caller frees (NULL when out of memory):
 *
 *     {"status": 0 or 1, "errors": N, "warnings": N,
 *      "diagnostics": "playground.tiles:3:5: error: ...",
 *      "tiles": [{"id": "pack.id", "name": "...", "failed": false,
 *                 "svg": "<svg ...", "facts": "..." or null}, ...]}
 *
 * Every tile the text describes is drawn, one that fails its checks too
 * (its faults in red, "failed": true, no facts).
 */
char *wc_playground(const char *text);

struct wc_buf;

/** Append @p s to @p out as a JSON string, quotes included (the language server's answers too). */
void wc_json_string(struct wc_buf *out, const char *s);

#endif
