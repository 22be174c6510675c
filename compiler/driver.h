/*
** driver.h -- one compilation: sources in, checked model out.
**
** The command, the tests and the fuzzer all compile through this, so they
** exercise the same path.
*/
#ifndef WC_DRIVER_H
#define WC_DRIVER_H

#include "ast.h"
#include "check.h"
#include "model.h"

typedef struct wc_compilation {
    wc_diag     diag;
    wc_arena    arena;      /* packs and what outlives a tile */
    wc_arena    tile_arena; /* one tile's tree at a time */
    wc_program  program;
    wc_model    model;
    wc_checker *checker;
} wc_compilation;

/** Prepare a compilation whose diagnostics go to @p diag_out. */
void wc_compilation_init(wc_compilation *c, FILE *diag_out);

/** Free everything the compilation holds. */
void wc_compilation_free(wc_compilation *c);

/** Load, parse and check one file; its valid tiles go into the model. */
void wc_compilation_add_file(wc_compilation *c, const char *path);

/** Parse @p len bytes of @p text as if read from a file named @p name. */
void wc_compilation_add_text(wc_compilation *c, const char *name, const char *text, size_t len);

/**
 * Finish the compilation (every file was checked as it was added).
 * @returns @c true when the whole compilation has no error.
 */
bool wc_compilation_check(wc_compilation *c);

/**
 * The closing line of the diagnostics, "2 errors, 1 warning" (and the lists
 * of facts left unchecked), on @p out; nothing when there were none.  The
 * command and the playground end their messages with it.
 */
void wc_compilation_summary(const wc_compilation *c, FILE *out);

/**
 * Free the syntax tree and the source texts once the model is built: code
 * generation and `show` need only the model, and on large inputs the tree
 * is most of the memory.  No diagnostic may point into a source afterwards.
 */
void wc_compilation_drop_syntax(wc_compilation *c);

#endif
