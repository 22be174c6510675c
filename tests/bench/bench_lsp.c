/*
** bench_lsp.c -- the language server's answer to a change (make bench):
** every tile file given open in one `wonderc lsp` session, then one of them
** changed, the server's whole answer timed -- recompiling the set and
** publishing every open document's diagnostics as JSON.  Measured as the
** difference between a session that ends after opening the files and the
** same session with one more change, each run through wc_lsp_serve
** in-process; half the changes break the file (an unknown square, so the
** answer carries a diagnostic), half mend it.
**
** Usage: bench-lsp TILE_FILE...   (the last one is the file changed)
*/
#define _POSIX_C_SOURCE 200809L
#include "../../compiler/lsp/lsp_server.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int ch;
    while (mem && (ch = getc(f)) != EOF)
        putc(ch, mem);
    fclose(f);
    if (mem)
        fclose(mem);
    return text;
}

static void frame(FILE *out, json_t *msg)
{
    char *body = json_dumps(msg, JSON_COMPACT);
    fprintf(out, "Content-Length: %zu\r\n\r\n%s", strlen(body), body);
    free(body);
    json_decref(msg);
}

static char uri[4096];

/* The session: initialize, every file opened, then @p change (or none). */
static char *session(char **files, int n, char **texts, const char *change, size_t *len)
{
    char *stream = NULL;
    FILE *out = open_memstream(&stream, len);
    frame(out, json_pack("{s:s, s:i, s:s, s:{s:{}}}", "jsonrpc", "2.0", "id", 1, "method", "initialize", "params",
                         "capabilities"));
    for (int i = 0; i < n; i++) {
        snprintf(uri, sizeof uri, "file:///bench/%s", files[i]);
        frame(out, json_pack("{s:s, s:s, s:{s:{s:s, s:s}}}", "jsonrpc", "2.0", "method", "textDocument/didOpen",
                             "params", "textDocument", "uri", uri, "text", texts[i]));
    }
    if (change)
        frame(out, json_pack("{s:s, s:s, s:{s:{s:s}, s:[{s:s}]}}", "jsonrpc", "2.0", "method",
                             "textDocument/didChange", "params", "textDocument", "uri", uri, "contentChanges", "text",
                             change));
    fclose(out);
    return stream;
}

static double serve(const char *stream, size_t len, FILE *sink)
{
    FILE *in = fmemopen((void *)stream, len, "r");
    double start = now();
    wc_lsp_serve(in, sink);
    double t = now() - start;
    fclose(in);
    return t;
}

int main(int argc, char **argv)
{
    enum { RUNS = 60 };
    int n = argc - 1;
    if (n < 1) {
        fprintf(stderr, "usage: bench-lsp TILE_FILE...\n");
        return 2;
    }
    char **texts = calloc((size_t)n, sizeof *texts);
    size_t bytes = 0;
    for (int i = 0; i < n; i++) {
        if (!(texts[i] = slurp(argv[i + 1]))) {
            fprintf(stderr, "bench-lsp: cannot read %s\n", argv[i + 1]);
            return 1;
        }
        bytes += strlen(texts[i]);
    }
    /* the broken text: an unknown square in the first `sides` clause */
    const char *last = texts[n - 1], *at = strstr(last, "{ sides ");
    size_t cut = at ? (size_t)(at - last) + 8 : strlen(last);
    char *broken = malloc(strlen(last) + 8);
    memcpy(broken, last, cut);
    strcpy(broken + cut, "zz:N, ");
    strcat(broken, last + cut);
    FILE *sink = fopen("/dev/null", "w");
    size_t base_len, change_len;
    char *base = session(argv + 1, n, texts, NULL, &base_len);
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        char *changed = session(argv + 1, n, texts, r % 2 ? last : broken, &change_len);
        t[r] = serve(changed, change_len, sink) - serve(base, base_len, sink);
        free(changed);
    }
    qsort(t, RUNS, sizeof *t, cmp_double);
    printf("lsp: a change answered with %d files open (%zu KB): median %.2f ms, 95th percentile %.2f ms, "
           "max %.2f ms over %d changes\n",
           n, bytes / 1024, t[RUNS / 2] * 1e3, t[RUNS * 95 / 100] * 1e3, t[RUNS - 1] * 1e3, RUNS);
    fclose(sink);
    free(base);
    free(broken);
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
    return 0;
}
