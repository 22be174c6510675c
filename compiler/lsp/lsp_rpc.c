/* lsp_rpc.c -- the protocol's framing; see lsp_rpc.h. */
#include "lsp_rpc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_HEADER = 1024 };

/* One header line without its CR LF; false at the end of the stream.  A
** line longer than the buffer is cut (the rest read and dropped). */
static bool header_line(FILE *in, char *line, size_t size)
{
    size_t n = 0;
    int ch;
    while ((ch = getc(in)) != EOF && ch != '\n')
        if (n + 1 < size)
            line[n++] = (char)ch;
    if (ch == EOF && n == 0)
        return false;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    line[n] = '\0';
    return true;
}

wc_rpc_status wc_rpc_read(FILE *in, json_t **msg, char *why, size_t why_size)
{
    char line[MAX_HEADER];
    long long length = -1;
    bool any = false;
    for (;;) {
        if (!header_line(in, line, sizeof line))
            return WC_RPC_EOF;
        if (!line[0]) {
            if (any)
                break;
            continue; /* blank lines between frames */
        }
        any = true;
        if (!strncasecmp(line, "Content-Length:", 15)) {
            char *end;
            length = strtoll(line + 15, &end, 10);
            while (*end == ' ' || *end == '\t')
                end++;
            if (*end || end == line + 15)
                length = -2;
        }
    }
    if (length < 0) {
        /* Without a length the next frame cannot be found: the stream is lost. */
        return WC_RPC_EOF;
    }
    if ((unsigned long long)length > WC_LSP_MAX_BODY) {
        for (long long i = 0; i < length; i++)
            if (getc(in) == EOF)
                return WC_RPC_EOF;
        snprintf(why, why_size, "a message of %lld bytes (the limit is %u)", length, WC_LSP_MAX_BODY);
        return WC_RPC_BAD;
    }
    char *body = malloc((size_t)length + 1);
    if (!body)
        return WC_RPC_EOF;
    size_t got = fread(body, 1, (size_t)length, in);
    if (got != (size_t)length) {
        free(body);
        return WC_RPC_EOF;
    }
    json_error_t err;
    *msg = json_loadb(body, got, JSON_REJECT_DUPLICATES, &err);
    free(body);
    if (!*msg) {
        snprintf(why, why_size, "%s (at byte %d)", err.text, err.position);
        return WC_RPC_BAD;
    }
    return WC_RPC_MESSAGE;
}

int wc_rpc_write(FILE *out, const json_t *msg)
{
    char *text = json_dumps(msg, JSON_COMPACT);
    if (!text)
        return -1;
    size_t n = strlen(text);
    int rc = fprintf(out, "Content-Length: %zu\r\n\r\n", n) < 0 || fwrite(text, 1, n, out) != n || fflush(out) ? -1 : 0;
    free(text);
    return rc;
}
