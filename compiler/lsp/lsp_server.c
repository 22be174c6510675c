/* lsp_server.c -- the server's loop, lifecycle and documents; see lsp_server.h. */
#define _POSIX_C_SOURCE 200809L
#include "lsp_server.h"
#include "lsp_rpc.h"
#include "lsp_state.h"
#include "../../runtime/common/xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void wc_lsp_fail(wc_lsp_answer *ans, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ans->message, sizeof ans->message, fmt, ap);
    va_end(ap);
    ans->code = code;
    json_decref(ans->result);
    ans->result = NULL;
}

/* The length of the UTF-8 sequence at @p s (of @p n bytes), 0 when it is not one. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t k = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (!k || k > n)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return k;
}

json_t *wc_lsp_string(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    size_t n = strlen(s), cap = 0, len = 0;
    char *clean = NULL;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_length((const unsigned char *)s + i, n - i);
        clean = wu_grow(clean, &cap, len + 4, 1);
        if (k) {
            memcpy(clean + len, s + i, k);
            len += k;
            i += k;
        } else {
            memcpy(clean + len, "\xEF\xBF\xBD", 3);
            len += 3;
            i++;
        }
    }
    j = json_stringn(clean ? clean : "", len);
    free(clean);
    return j ? j : json_string("");
}

static void send(wc_lsp_server *s, json_t *msg)
{
    if (wc_rpc_write(s->out, msg) != 0)
        s->out = NULL; /* the client is gone; reading ends soon after */
    json_decref(msg);
}

void wc_lsp_notify(wc_lsp_server *s, const char *method, json_t *params)
{
    if (!s->out) {
        json_decref(params);
        return;
    }
    send(s, json_pack("{s:s, s:s, s:o}", "jsonrpc", "2.0", "method", method, "params", params));
}

static void answer(wc_lsp_server *s, json_t *id, wc_lsp_answer *ans)
{
    if (!s->out) {
        json_decref(ans->result);
        return;
    }
    json_t *msg = json_pack("{s:s, s:O}", "jsonrpc", "2.0", "id", id ? id : json_null());
    if (ans->code)
        json_object_set_new(msg, "error", json_pack("{s:i, s:o}", "code", ans->code, "message", wc_lsp_string(ans->message)));
    else
        json_object_set_new(msg, "result", ans->result ? ans->result : json_null());
    send(s, msg);
}

/* ---- documents ------------------------------------------------------------ */

int wc_lsp_find_doc(const wc_lsp_server *s, const char *uri)
{
    for (size_t i = 0; i < s->n_docs; i++)
        if (!strcmp(s->docs[i].uri, uri))
            return (int)i;
    return -1;
}

static int hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A file URI's path (%XX decoded), else the URI itself: the name messages give. */
static char *name_of(const char *uri)
{
    const char *p = strncmp(uri, "file://", 7) ? NULL : uri + 7;
    if (!p)
        return strcpy(wu_xmalloc(strlen(uri) + 1), uri);
    char *name = wu_xmalloc(strlen(p) + 1), *q = name;
    for (; *p; p++) {
        if (*p == '%' && hex(p[1]) >= 0 && hex(p[2]) >= 0 && (hex(p[1]) || hex(p[2]))) {
            *q++ = (char)(hex(p[1]) * 16 + hex(p[2]));
            p += 2;
        } else {
            *q++ = *p;
        }
    }
    *q = '\0';
    return name;
}

static void set_text(wc_lsp_document *d, const char *text, size_t len)
{
    char *copy = wu_xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    free(d->text);
    d->text = copy;
    d->len = len;
}

void wc_lsp_refresh(wc_lsp_server *s)
{
    wc_lsp_doc *docs = wu_xcalloc(s->n_docs ? s->n_docs : 1, sizeof *docs);
    for (size_t i = 0; i < s->n_docs; i++)
        docs[i] = (wc_lsp_doc){s->docs[i].name, s->docs[i].text, s->docs[i].len};
    wc_lsp_analysis_free(s->analysis);
    s->analysis = wc_lsp_analyse(docs, s->n_docs, false);
    free(docs);
    wc_lsp_publish(s);
}

static const char *text_of(json_t *params, const char *key, size_t *len)
{
    json_t *t = json_object_get(params, key);
    *len = json_string_length(t);
    return json_string_value(t);
}

static bool did_open(wc_lsp_server *s, json_t *params)
{
    json_t *item = json_object_get(params, "textDocument");
    const char *uri = json_string_value(json_object_get(item, "uri"));
    size_t len;
    const char *text = text_of(item, "text", &len);
    if (!uri || !text)
        return false;
    int i = wc_lsp_find_doc(s, uri);
    if (i < 0) {
        s->docs = wu_grow(s->docs, &s->cap_docs, s->n_docs + 1, sizeof *s->docs);
        i = (int)s->n_docs++;
        s->docs[i] = (wc_lsp_document){strcpy(wu_xmalloc(strlen(uri) + 1), uri), name_of(uri), NULL, 0};
    }
    set_text(&s->docs[i], text, len);
    return true;
}

/* A change: the whole text, or (though the server asks for full sync) a range replaced. */
static void apply_change(wc_lsp_document *d, json_t *change)
{
    size_t len;
    const char *text = text_of(change, "text", &len);
    json_t *range = json_object_get(change, "range");
    if (!text)
        return;
    if (!json_is_object(range)) {
        set_text(d, text, len);
        return;
    }
    json_t *from = json_object_get(range, "start"), *to = json_object_get(range, "end");
    json_int_t fl = json_integer_value(json_object_get(from, "line")), fc = json_integer_value(json_object_get(from, "character"));
    json_int_t tl = json_integer_value(json_object_get(to, "line")), tc = json_integer_value(json_object_get(to, "character"));
    if (fl < 0 || fc < 0 || tl < 0 || tc < 0 || fl > UINT32_MAX || fc > UINT32_MAX || tl > UINT32_MAX || tc > UINT32_MAX)
        return;
    size_t a = wc_lsp_offset_of(d->text, d->len, (wc_lsp_pos){(uint32_t)fl, (uint32_t)fc});
    size_t b = wc_lsp_offset_of(d->text, d->len, (wc_lsp_pos){(uint32_t)tl, (uint32_t)tc});
    if (b < a) {
        size_t t = a;
        a = b;
        b = t;
    }
    char *next = wu_xmalloc(d->len - (b - a) + len + 1);
    memcpy(next, d->text, a);
    memcpy(next + a, text, len);
    memcpy(next + a + len, d->text + b, d->len - b);
    d->len = d->len - (b - a) + len;
    next[d->len] = '\0';
    free(d->text);
    d->text = next;
}

static bool did_change(wc_lsp_server *s, json_t *params)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    json_t *changes = json_object_get(params, "contentChanges");
    int i = uri ? wc_lsp_find_doc(s, uri) : -1;
    if (i < 0 || !json_is_array(changes))
        return false;
    size_t k;
    json_t *change;
    json_array_foreach(changes, k, change)
        apply_change(&s->docs[i], change);
    return true;
}

static void free_doc(wc_lsp_document *d)
{
    free(d->uri);
    free(d->name);
    free(d->text);
}

static bool did_close(wc_lsp_server *s, json_t *params)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    int i = uri ? wc_lsp_find_doc(s, uri) : -1;
    if (i < 0)
        return false;
    /* its diagnostics go with it */
    wc_lsp_notify(s, "textDocument/publishDiagnostics", json_pack("{s:s, s:[]}", "uri", uri, "diagnostics"));
    free_doc(&s->docs[i]);
    memmove(&s->docs[i], &s->docs[i + 1], (s->n_docs - (size_t)i - 1) * sizeof *s->docs);
    s->n_docs--;
    return true;
}

/* ---- the loop --------------------------------------------------------------- */

static json_t *capabilities(void)
{
    return json_pack("{s:s, s:{s:b, s:i, s:{s:b}}, s:b, s:b, s:b, s:{s:[s,s,s,s], s:b}, s:b, s:b, s:{s:b}, s:{s:[s]}}",
                     "positionEncoding", "utf-16",
                     "textDocumentSync", "openClose", 1, "change", 1, "save", "includeText", 0,
                     "hoverProvider", 1, "definitionProvider", 1, "referencesProvider", 1,
                     "completionProvider", "triggerCharacters", ".", ":", "(", " ", "resolveProvider", 0,
                     "documentSymbolProvider", 1, "foldingRangeProvider", 1,
                     "codeLensProvider", "resolveProvider", 0,
                     "executeCommandProvider", "commands", WC_LSP_SHOW_SVG);
}

/* A request (with an id) or a notification; @returns -1 to go on, else the exit status. */
static int handle(wc_lsp_server *s, json_t *msg)
{
    json_t *id = json_object_get(msg, "id");
    const char *method = json_string_value(json_object_get(msg, "method"));
    json_t *params = json_object_get(msg, "params");
    if (json_is_null(params))
        params = NULL;
    bool request = id != NULL;
    wc_lsp_answer ans = {NULL, 0, ""};
    if (!json_is_object(msg) || !method || (id && !json_is_integer(id) && !json_is_string(id)) ||
        (params && !json_is_object(params) && !json_is_array(params))) {
        if (json_is_object(msg) && !method && (json_object_get(msg, "result") || json_object_get(msg, "error")))
            return -1; /* an answer to a request of ours: the server sends none, so it is stray */
        wc_lsp_fail(&ans, WC_RPC_INVALID_REQUEST, "not a JSON-RPC 2.0 request or notification");
        answer(s, json_is_integer(id) || json_is_string(id) ? id : NULL, &ans);
        return -1;
    }
    if (!strcmp(method, "exit"))
        return s->shut_down ? 0 : 1;
    if (!request) {
        if (!s->initialized || s->shut_down)
            return -1; /* notifications before initialize are dropped, as the protocol says */
        if (!strcmp(method, "textDocument/didOpen") ? did_open(s, params)
            : !strcmp(method, "textDocument/didChange") ? did_change(s, params)
            : !strcmp(method, "textDocument/didClose") ? did_close(s, params)
                                                        : false)
            wc_lsp_refresh(s);
        return -1; /* initialized, didSave, $/cancelRequest, ...: nothing to do */
    }
    if (!strcmp(method, "initialize")) {
        if (s->initialized)
            wc_lsp_fail(&ans, WC_RPC_INVALID_REQUEST, "initialize was sent twice");
        else
            ans.result = json_pack("{s:o, s:{s:s, s:s}}", "capabilities", capabilities(), "serverInfo", "name",
                                   "wonderc", "version", "1");
        s->initialized = true;
    } else if (!s->initialized) {
        wc_lsp_fail(&ans, WC_RPC_NOT_INITIALIZED, "the server is not initialized yet");
    } else if (s->shut_down) {
        wc_lsp_fail(&ans, WC_RPC_INVALID_REQUEST, "the server is shut down: only exit may follow");
    } else if (!strcmp(method, "shutdown")) {
        s->shut_down = true;
    } else if (!wc_lsp_answer_request(s, method, params, &ans)) {
        wc_lsp_fail(&ans, WC_RPC_METHOD_NOT_FOUND, "unknown method '%s'", method);
    }
    answer(s, id, &ans);
    return -1;
}

int wc_lsp_serve(FILE *in, FILE *out)
{
    wc_lsp_server s;
    memset(&s, 0, sizeof s);
    s.out = out;
    int status = -1;
    while (status < 0) {
        json_t *msg = NULL;
        char why[200];
        wc_rpc_status r = wc_rpc_read(in, &msg, why, sizeof why);
        if (r == WC_RPC_EOF) {
            status = s.shut_down ? 0 : 1;
        } else if (r == WC_RPC_BAD) {
            wc_lsp_answer ans = {NULL, 0, ""};
            wc_lsp_fail(&ans, WC_RPC_PARSE_ERROR, "not JSON: %s", why);
            answer(&s, NULL, &ans);
        } else {
            status = handle(&s, msg);
            json_decref(msg);
        }
    }
    for (size_t i = 0; i < s.n_docs; i++)
        free_doc(&s.docs[i]);
    free(s.docs);
    wc_lsp_analysis_free(s.analysis);
    return status;
}
