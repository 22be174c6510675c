/*
** driver.h -- one compilation: sources in, checked model out.
**
** The command, the tests and the fuzzer all compile through this, so they
** exercise the same path.
*/
#ifndef WC_DRIVER_H
#define WC_DRIVER_H

#include "ast.h"
#include "model.h"

typedef struct wc_compilation {
    wc_diag    diag;
    wc_arena   arena;
    wc_program program;
    wc_model   model;
} wc_compilation;

/** Prepare a compilation whose diagnostics go to @p diag_out. */
void wc_compilation_init(wc_compilation *c, FILE *diag_out);

/** Free everything the compilation holds. */
void wc_compilation_free(wc_compilation *c);

/** Load and parse one file (the checks run in wc_compilation_check). */
void wc_compilation_add_file(wc_compilation *c, const char *path);

/** Parse @p len bytes of @p text as if read from a file named @p name. */
void wc_compilation_add_text(wc_compilation *c, const char *name, const char *text, size_t len);

/**
 * Run every semantic check over what was added and lower it into the model.
 * @returns @c true when the whole compilation has no error.
 */
bool wc_compilation_check(wc_compilation *c);

#endif
