/*
** lsp_server.h -- `wonderc lsp`: the Language Server Protocol (3.17) over
** standard input and output, JSON-RPC 2.0 read and written by jansson.
**
** The open documents form one tile set: every change recompiles them all
** and publishes each one's diagnostics (full text sync).  Requests are
** answered from the last compilation (lsp_index.h).  Bad input of any kind
** -- a frame that is not JSON, a message that is not JSON-RPC, parameters
** of the wrong shape, positions past the end -- gets an error answer, and
** the server goes on.  It ends on `exit` (status 0 after `shutdown`, 1
** before, as the protocol says) and at the end of its input (the same).
*/
#ifndef WC_LSP_SERVER_H
#define WC_LSP_SERVER_H

#include <stdio.h>

/* The command that writes a tile's picture (workspace/executeCommand). */
#define WC_LSP_SHOW_SVG "wonderc.showSvg"

/**
 * Serve the messages read from @p in, answering on @p out.
 * @returns the exit status.
 */
int wc_lsp_serve(FILE *in, FILE *out);

#endif
