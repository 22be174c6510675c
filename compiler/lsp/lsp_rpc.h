/*
** lsp_rpc.h -- JSON-RPC 2.0 messages framed as the Language Server Protocol
** frames them on a stream: "Content-Length: N" and other header lines, an
** empty line, then N bytes of JSON.  The JSON is read and written by
** jansson; this file only frames it.
*/
#ifndef WC_LSP_RPC_H
#define WC_LSP_RPC_H

#include <jansson.h>
#include <stdio.h>

/* A body longer than this is refused (and skipped): a document may be
** WC_MAX_FILE_BYTES, escaped in JSON. */
#define WC_LSP_MAX_BODY (256u * 1024u * 1024u)

typedef enum wc_rpc_status {
    WC_RPC_MESSAGE, /* *msg holds it */
    WC_RPC_BAD,     /* a frame whose body is not JSON (or too long): answer a parse error */
    WC_RPC_EOF      /* the stream ended (or its framing cannot be followed) */
} wc_rpc_status;

/**
 * Read the next message from @p in.  On WC_RPC_BAD, @p why says what was
 * wrong (jansson's text, with its position).
 */
wc_rpc_status wc_rpc_read(FILE *in, json_t **msg, char *why, size_t why_size);

/** Write @p msg (not consumed) to @p out as one frame, flushed. @returns 0, or -1 when it could not. */
int wc_rpc_write(FILE *out, const json_t *msg);

#endif
