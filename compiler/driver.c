/* driver.c -- one compilation; see driver.h. */
#include "driver.h"
#include "check.h"
#include "parse.h"

void wc_compilation_init(wc_compilation *c, FILE *diag_out)
{
    wc_diag_init(&c->diag, diag_out);
    wc_arena_init(&c->arena);
    wc_program_init(&c->program);
    wc_model_init(&c->model);
}

void wc_compilation_free(wc_compilation *c)
{
    wc_model_free(&c->model);
    wc_arena_free(&c->arena);
    wc_diag_free(&c->diag);
}

void wc_compilation_add_file(wc_compilation *c, const char *path)
{
    uint32_t file = wc_source_load(&c->diag, path);
    wc_parse(&c->diag, &c->arena, &c->program, file);
}

void wc_compilation_add_text(wc_compilation *c, const char *name, const char *text, size_t len)
{
    uint32_t file = wc_source_add(&c->diag, name, text, len);
    wc_parse(&c->diag, &c->arena, &c->program, file);
}

bool wc_compilation_check(wc_compilation *c)
{
    bool ok = wc_check_program(&c->diag, &c->program, &c->model);
    return ok && c->diag.n_errors == 0;
}
