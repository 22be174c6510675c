/* driver.c -- one compilation; see driver.h. */
#include "driver.h"
#include "check.h"
#include "parse.h"

#include <stdlib.h>
#include <string.h>

void wc_compilation_init(wc_compilation *c, FILE *diag_out)
{
    wc_diag_init(&c->diag, diag_out);
    wc_arena_init(&c->arena);
    wc_arena_init(&c->tile_arena);
    wc_program_init(&c->program);
    wc_model_init(&c->model);
    c->checker = wc_checker_new(&c->diag, &c->model);
}

void wc_compilation_free(wc_compilation *c)
{
    wc_checker_free(c->checker);
    c->checker = NULL;
    wc_model_free(&c->model);
    wc_arena_free(&c->arena);
    wc_arena_free(&c->tile_arena);
    wc_diag_free(&c->diag);
}

void wc_compilation_add_file(wc_compilation *c, const char *path)
{
    /* A file given twice would declare every pack and tile twice: one
    ** warning instead of an error for each of them. */
    int earlier = wc_source_find(&c->diag, path);
    if (earlier >= 0) {
        const char *first = c->diag.sources[earlier].path;
        if (!strcmp(first, path))
            wc_warning_plain(&c->diag, "'%s' is given twice; it is read once", path);
        else
            wc_warning_plain(&c->diag, "'%s' is '%s' again; it is read once", path, first);
        return;
    }
    uint32_t file = wc_source_load(&c->diag, path);
    wc_parse(&c->diag, &c->arena, &c->tile_arena, &c->program, file, c->checker);
}

void wc_compilation_add_text(wc_compilation *c, const char *name, const char *text, size_t len)
{
    uint32_t file = wc_source_add(&c->diag, name, text, len);
    wc_parse(&c->diag, &c->arena, &c->tile_arena, &c->program, file, c->checker);
}

bool wc_compilation_check(wc_compilation *c)
{
    wc_checker_finish(c->checker, &c->program);
    wc_model_finish(&c->model);
    return c->diag.n_errors == 0;
}

void wc_compilation_summary(const wc_compilation *c, FILE *out)
{
    if (!c->diag.n_errors && !c->diag.n_warnings)
        return;
    unsigned unchecked = wc_checker_unchecked_facts(c->checker);
    fprintf(out, "%u error%s, %u warning%s", c->diag.n_errors, c->diag.n_errors == 1 ? "" : "s", c->diag.n_warnings,
            c->diag.n_warnings == 1 ? "" : "s");
    if (unchecked)
        fprintf(out, "; %u list%s of facts not checked until the errors are fixed", unchecked,
                unchecked == 1 ? "" : "s");
    fputc('\n', out);
}

void wc_compilation_drop_syntax(wc_compilation *c)
{
    wc_arena_free(&c->arena);
    wc_arena_free(&c->tile_arena);
    wc_program_init(&c->program);
    for (size_t i = 0; i < c->diag.n_sources; i++) {
        wc_source *s = &c->diag.sources[i];
        free(s->text);
        free(s->line_start);
        s->text = NULL;
        s->line_start = NULL;
        s->len = s->n_lines = 0;
        s->usable = false;
    }
}
