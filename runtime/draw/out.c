/* out.c -- writers and XML text; see out.h. */
#include "out.h"

#include <stdarg.h>
#include <string.h>

static void to_file(void *ctx, const char *s, size_t n)
{
    fwrite(s, 1, n, ctx);
}

wu_out wu_out_file(FILE *f)
{
    return (wu_out){to_file, f};
}

void wu_print(wu_out *o, const char *fmt, ...)
{
    char text[WU_PRINT_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    o->write(o->ctx, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

void wu_xml_bytes(wu_out *o, const char *s, size_t n)
{
    size_t run = 0; /* bytes written as they are, not yet passed on */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *entity = c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '"' ? "&quot;" : NULL;
        if (!entity && (c >= 0x20 || c == '\n' || c == '\t')) {
            run++;
            continue;
        }
        if (run)
            o->write(o->ctx, s + i - run, run);
        run = 0;
        if (entity)
            o->write(o->ctx, entity, strlen(entity));
    }
    if (run)
        o->write(o->ctx, s + n - run, run);
}

void wu_xml_text(wu_out *o, const char *s)
{
    wu_xml_bytes(o, s, strlen(s));
}
