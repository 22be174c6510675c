/*
** lsp_state.h -- the language server's state, shared by its files: the
** lifecycle and documents (lsp_server.c), the answers to requests
** (lsp_answers.c) and the diagnostics (lsp_publish.c).
*/
#ifndef WC_LSP_STATE_H
#define WC_LSP_STATE_H

#include "lsp_index.h"
#include "lsp_text.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* JSON-RPC's and the protocol's error codes. */
enum {
    WC_RPC_PARSE_ERROR = -32700,
    WC_RPC_INVALID_REQUEST = -32600,
    WC_RPC_METHOD_NOT_FOUND = -32601,
    WC_RPC_INVALID_PARAMS = -32602,
    WC_RPC_INTERNAL_ERROR = -32603,
    WC_RPC_NOT_INITIALIZED = -32002,
    WC_RPC_REQUEST_FAILED = -32803
};

typedef struct wc_lsp_document {
    char  *uri;
    char  *name; /* its path, for messages: the file URI decoded, else the URI */
    char  *text;
    size_t len;
} wc_lsp_document;

typedef struct wc_lsp_server {
    FILE *out;
    bool  initialized, shut_down;
    wc_lsp_document *docs; /* open, in the order opened */
    size_t n_docs, cap_docs;
    wc_lsp_analysis *analysis; /* of every open document, as they are now */
} wc_lsp_server;

/* An answer to a request: its result, or an error (code != 0). */
typedef struct wc_lsp_answer {
    json_t *result;  /* NULL is JSON's null */
    int     code;
    char    message[256];
} wc_lsp_answer;

/** Set @p ans to an error. */
void wc_lsp_fail(wc_lsp_answer *ans, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/** The document with @p uri, or -1. */
int wc_lsp_find_doc(const wc_lsp_server *s, const char *uri);

/** Compile the open documents again and publish their diagnostics. */
void wc_lsp_refresh(wc_lsp_server *s);

/** Send a notification (consumes @p params). */
void wc_lsp_notify(wc_lsp_server *s, const char *method, json_t *params);

/** A protocol range {start, end} for bytes [start, end) of source @p file of the analysis. */
json_t *wc_lsp_range(wc_lsp_analysis *a, uint32_t file, uint32_t start, uint32_t end);

/** Publish the diagnostics of every open document (lsp_publish.c). */
void wc_lsp_publish(wc_lsp_server *s);

/** A string as JSON, its bytes that are not UTF-8 replaced (U+FFFD). */
json_t *wc_lsp_string(const char *s);

/**
 * Answer request @p method with @p params (lsp_answers.c).
 * @returns false when the method is not one the server knows.
 */
bool wc_lsp_answer_request(wc_lsp_server *s, const char *method, json_t *params, wc_lsp_answer *ans);

#endif
