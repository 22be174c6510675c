/*
** fuzz_lsp.c -- libFuzzer entry point for the language server (wonderc
** lsp): whatever a client may send, in two ways chosen by the first byte.
**
**   even: the rest is the stream itself, after a proper initialize and the
**         opening of a small tile file -- frames, headers and JSON as
**         they come, so the framing and every method see broken input;
**   odd:  the rest is a script of operations, each message built with
**         jansson: random edits of the open document (insertions,
**         deletions, whole texts, ranges past the end), a second document
**         opened and closed, and every request at a position taken from
**         the input, shutdown and exit included.
**
** The server must answer and end (no crash, no leak, no sanitizer report,
** no hang past libFuzzer's -timeout).  Its answers go to /dev/null.  Build
** and run with `make fuzz` (docs/testing.md).
*/
#define _POSIX_C_SOURCE 200809L
#include "../../compiler/lsp/lsp_server.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A small valid file: the edits start from something the compiler accepts. */
static const char base_text[] =
    "pack p \"P\" {\n"
    "    tile a \"A\" {\n"
    "        square { N city; E road; S field; W road; }\n"
    "        city c { sides N; }\n"
    "        road r { sides E, W; }\n"
    "        field f { sides EL, WR; touches c; }\n"
    "        field g { sides ER, S, WL; }\n"
    "        expect r.open = 2;\n"
    "    }\n"
    "    wonder w \"W\" {\n"
    "        square a (0, 0) { N field; W field; S field; }\n"
    "        square b (1, 0) { N field; }\n"
    "        square c (2, 0) { N field; E field; S field; }\n"
    "        square d (1, 1) { W field; E field; }\n"
    "        square e (1, 2) { W field; E field; S field; }\n"
    "        area x { on b; }\n"
    "        field g { sides a:N, a:W, a:S, b:N, c:N, c:E, c:S, d:W, d:E, e:W, e:E, e:S;\n"
    "                  crosses a:E, b:E, b:S, d:S; touches x; }\n"
    "        effect { counter n; on completed(city v) if v.open == 0 { add n 1; score n; } }\n"
    "    }\n"
    "}\n";

typedef struct script {
    const uint8_t *p, *end;
    FILE *out;
    int id;
    char *text; /* the document as the edits left it */
    size_t len;
} script;

static unsigned byte(script *s)
{
    return s->p < s->end ? *s->p++ : 0;
}

static void put(script *s, json_t *msg)
{
    char *body = json_dumps(msg, JSON_COMPACT);
    if (body) {
        fprintf(s->out, "Content-Length: %zu\r\n\r\n%s", strlen(body), body);
        free(body);
    }
    json_decref(msg);
}

static void notify(script *s, const char *method, json_t *params)
{
    put(s, json_pack("{s:s, s:s, s:o}", "jsonrpc", "2.0", "method", method, "params", params));
}

static void request(script *s, const char *method, json_t *params)
{
    put(s, json_pack("{s:s, s:i, s:s, s:o}", "jsonrpc", "2.0", "id", ++s->id, "method", method, "params", params));
}

static json_t *position(script *s)
{
    unsigned line = byte(s), ch = byte(s);
    if (line == 255) /* now and then, far past the end */
        line = 100000;
    return json_pack("{s:i, s:i}", "line", (int)line % 40, "character", (int)ch % 90);
}

static json_t *doc(const char *uri)
{
    return json_pack("{s:s}", "uri", uri);
}

/* Bytes of the input as a text (NUL and invalid UTF-8 included: jansson
** refuses what is not UTF-8, and the server must survive the refusal). */
static json_t *chunk(script *s)
{
    size_t n = byte(s) % 24;
    if ((size_t)(s->end - s->p) < n)
        n = (size_t)(s->end - s->p);
    json_t *j = json_stringn_nocheck((const char *)s->p, n);
    s->p += n;
    return j;
}

/* An edit of the document kept here, sent whole (full sync). */
static void edit(script *s)
{
    size_t at = s->len ? (byte(s) << 8 | byte(s)) % (s->len + 1) : 0;
    size_t cut = byte(s) % 16;
    if (at + cut > s->len)
        cut = s->len - at;
    json_t *ins = chunk(s);
    size_t n = json_string_length(ins);
    char *next = malloc(s->len - cut + n + 1);
    if (!next) {
        json_decref(ins);
        return;
    }
    memcpy(next, s->text, at);
    memcpy(next + at, json_string_value(ins), n);
    memcpy(next + at + n, s->text + at + cut, s->len - at - cut);
    s->len = s->len - cut + n;
    next[s->len] = '\0';
    free(s->text);
    s->text = next;
    json_decref(ins);
    notify(s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[{s:s%}]}", "textDocument", "uri", "file:///a.tiles", "version", s->id,
                     "contentChanges", "text", s->text, s->len));
}

static void operation(script *s)
{
    static const char *const queries[] = {"textDocument/hover", "textDocument/completion", "textDocument/definition",
                                          "textDocument/references"};
    static const char *const whole[] = {"textDocument/documentSymbol", "textDocument/foldingRange",
                                        "textDocument/codeLens"};
    unsigned op = byte(s);
    switch (op % 10) {
    case 0: case 1: case 2: edit(s); break;
    case 3: case 4:
        request(s, queries[op / 10 % 4], json_pack("{s:o, s:o, s:{s:b}}", "textDocument", doc("file:///a.tiles"),
                                                  "position", position(s), "context", "includeDeclaration", op & 1));
        break;
    case 5: request(s, whole[op / 10 % 3], json_pack("{s:o}", "textDocument", doc(op & 16 ? "file:///b.tiles" : "file:///a.tiles"))); break;
    case 6: /* a range edit, which the server applies though it asks for whole texts */
        notify(s, "textDocument/didChange",
               json_pack("{s:o, s:[{s:{s:o, s:o}, s:o}]}", "textDocument", doc("file:///a.tiles"), "contentChanges",
                         "range", "start", position(s), "end", position(s), "text", chunk(s)));
        break;
    case 7: notify(s, "textDocument/didOpen", json_pack("{s:{s:s, s:o}}", "textDocument", "uri", "file:///b.tiles", "text", chunk(s))); break;
    case 8: notify(s, "textDocument/didClose", json_pack("{s:o}", "textDocument", doc(op & 16 ? "file:///b.tiles" : "file:///a.tiles"))); break;
    default:
        if (op & 16)
            request(s, "workspace/executeCommand", json_pack("{s:s, s:[s, s, s]}", "command", "wonderc.showSvg",
                                                             "arguments", "file:///a.tiles", "p.zz", "/nonexistent/x.svg"));
        else
            request(s, op & 32 ? "shutdown" : "initialize", json_object());
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *stream = NULL;
    size_t len = 0;
    FILE *in = open_memstream(&stream, &len);
    if (!in)
        return 0;
    script s = {data + (size ? 1 : 0), data + size, in, 0, NULL, 0};
    s.text = strdup(base_text);
    s.len = strlen(base_text);
    request(&s, "initialize", json_pack("{s:{}}", "capabilities"));
    notify(&s, "initialized", json_object());
    notify(&s, "textDocument/didOpen", json_pack("{s:{s:s, s:s, s:i, s:s}}", "textDocument", "uri", "file:///a.tiles",
                                                 "languageId", "wonders-tiles", "version", 1, "text", base_text));
    if (size && data[0] % 2 == 0)
        fwrite(s.p, 1, (size_t)(s.end - s.p), in);
    else
        while (s.p < s.end)
            operation(&s);
    free(s.text);
    if (fclose(in) != 0) {
        free(stream);
        return 0;
    }
    static FILE *sink; /* the harness's own; the server keeps no state between inputs */
    if (!sink)
        sink = fopen("/dev/null", "w");
    FILE *from = fmemopen(stream, len ? len : 1, "r");
    if (from) {
        wc_lsp_serve(from, sink);
        fclose(from);
    }
    free(stream);
    return 0;
}
