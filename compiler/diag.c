/* diag.c -- sources and gcc-style diagnostics; see diag.h. */
#include "diag.h"
#include "../runtime/common/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>

void wc_diag_init(wc_diag *d, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->max_errors = WC_DEFAULT_MAX_ERRORS;
    d->out = out;
}

void wc_diag_free(wc_diag *d)
{
    for (size_t i = 0; i < d->n_sources; i++) {
        free(d->sources[i].path);
        free(d->sources[i].text);
        free(d->sources[i].line_start);
    }
    free(d->sources);
    d->sources = NULL;
    d->n_sources = d->cap_sources = 0;
}

/* Length of the UTF-8 sequence starting at s[0], or 0 when it is invalid
** (overlong forms, surrogates and code points past U+10FFFF included). */
static size_t utf8_sequence(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; }
    else return 0;
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return 0;
    return n;
}

static uint32_t new_source(wc_diag *d, const char *name)
{
    d->sources = wu_grow(d->sources, &d->cap_sources, d->n_sources + 1, sizeof *d->sources);
    wc_source *s = &d->sources[d->n_sources];
    memset(s, 0, sizeof *s);
    s->path = wu_xmalloc(strlen(name) + 1);
    strcpy(s->path, name);
    return (uint32_t)d->n_sources++;
}

/* A binary or non-UTF-8 file is refused whole: lexing it would only produce
** a cascade of meaningless errors. */
static void validate(wc_diag *d, uint32_t index)
{
    wc_source *s = &d->sources[index];
    const unsigned char *t = (const unsigned char *)s->text;
    s->usable = true;
    for (uint32_t i = 0; i < s->len;) {
        /* Eight bytes at a time while they are plain ASCII and none is NUL. */
        for (uint64_t w; s->len - i >= 8; i += 8) {
            memcpy(&w, t + i, 8);
            const uint64_t high = UINT64_C(0x8080808080808080), ones = UINT64_C(0x0101010101010101);
            if ((w & high) || ((w - ones) & ~w & high))
                break;
        }
        if (i >= s->len)
            break;
        if (t[i] == 0) {
            wc_error(d, (wc_loc){index, i, i + 1}, "NUL byte in the file (is it a binary file?)");
            s->usable = false;
            return;
        }
        size_t n = utf8_sequence(t + i, s->len - i);
        if (n == 0) {
            wc_error(d, (wc_loc){index, i, i + 1}, "invalid UTF-8 byte 0x%02X", t[i]);
            s->usable = false;
            return;
        }
        i += (uint32_t)n;
    }
}

/* A new source that owns @p text (room for len + 1 bytes), validated. */
static uint32_t source_take(wc_diag *d, const char *name, char *text, size_t len)
{
    uint32_t index = new_source(d, name);
    wc_source *s = &d->sources[index];
    /* A UTF-8 byte-order mark (some editors write one) says nothing here:
    ** it is dropped, and line 1 column 1 is the first character after it. */
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
        memmove(text, text + 3, len - 3);
        len -= 3;
    }
    text[len] = '\0';
    s->text = text;
    s->len = (uint32_t)len;
    validate(d, index);
    return index;
}

uint32_t wc_source_add(wc_diag *d, const char *name, const char *text, size_t len)
{
    if (len > WC_MAX_FILE_BYTES) {
        uint32_t index = new_source(d, name);
        wc_error_plain(d, "%s: file is %zu bytes; the limit is %u", name, len, WC_MAX_FILE_BYTES);
        d->sources[index].text = wu_xcalloc(1, 1);
        return index;
    }
    char *copy = wu_xmalloc(len + 1);
    memcpy(copy, text, len);
    return source_take(d, name, copy, len);
}

uint32_t wc_source_load(wc_diag *d, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        int err = errno;
        uint32_t index = new_source(d, path);
        d->sources[index].text = wu_xcalloc(1, 1);
        d->sources[index].unreadable = true;
        wc_error_plain(d, "cannot read '%s': %s", path, strerror(err));
        return index;
    }
    struct stat st;
    bool has_id = fstat(fileno(f), &st) == 0;
    size_t cap = 0, len = 0;
    char *buf = NULL;
    bool too_big = false, failed = false;
    int errno_copy = 0;
    for (;;) {
        buf = wu_grow(buf, &cap, len + 65536, 1);
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (len > WC_MAX_FILE_BYTES) {
            too_big = true;
            break;
        }
        if (got == 0) {
            failed = ferror(f) != 0;
            if (failed)
                errno_copy = errno;
            break;
        }
    }
    fclose(f);
    uint32_t index;
    if (too_big || failed) {
        index = new_source(d, path);
        d->sources[index].text = wu_xcalloc(1, 1);
        d->sources[index].unreadable = failed;
        if (too_big)
            wc_error_plain(d, "%s: file is larger than the limit of %u bytes", path, WC_MAX_FILE_BYTES);
        else
            wc_error_plain(d, "cannot read '%s': %s", path, strerror(errno_copy));
    } else {
        index = source_take(d, path, buf, len); /* the read buffer becomes the source: no copy */
        d->sources[index].has_id = has_id;
        d->sources[index].dev = has_id ? (uint64_t)st.st_dev : 0;
        d->sources[index].ino = has_id ? (uint64_t)st.st_ino : 0;
        return index;
    }
    free(buf);
    return index;
}

int wc_source_find(const wc_diag *d, const char *path)
{
    struct stat st;
    bool has_id = stat(path, &st) == 0;
    for (size_t i = 0; i < d->n_sources; i++) {
        const wc_source *s = &d->sources[i];
        if (!strcmp(s->path, path) ||
            (has_id && s->has_id && s->dev == (uint64_t)st.st_dev && s->ino == (uint64_t)st.st_ino))
            return (int)i;
    }
    return -1;
}

static void build_lines(wc_source *s)
{
    size_t cap = 0;
    s->n_lines = 0;
    s->line_start = wu_grow(NULL, &cap, 1, sizeof *s->line_start);
    s->line_start[s->n_lines++] = 0;
    for (uint32_t i = 0; i < s->len; i++) {
        if (s->text[i] == '\n') {
            s->line_start = wu_grow(s->line_start, &cap, s->n_lines + 1, sizeof *s->line_start);
            s->line_start[s->n_lines++] = i + 1;
        }
    }
}

static unsigned count_chars(const char *p, const char *end)
{
    unsigned n = 0;
    for (; p < end; p++)
        if (((unsigned char)*p & 0xC0) != 0x80)
            n++;
    return n;
}

void wc_source_line_col(wc_source *s, uint32_t offset, unsigned *line, unsigned *col)
{
    if (!s->line_start)
        build_lines(s);
    if (offset > s->len)
        offset = s->len;
    uint32_t lo = 0, hi = s->n_lines; /* last line whose start <= offset */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->line_start[mid] <= offset)
            lo = mid;
        else
            hi = mid;
    }
    *line = lo + 1;
    *col = count_chars(s->text + s->line_start[lo], s->text + offset) + 1;
}

/* A code point a terminal would act on or hide rather than show: C0 and C1
** controls, DEL, and the invisible format characters (zero-width spaces and
** joiners, direction marks and overrides, line and paragraph separators, the
** byte-order mark), which could make a line look other than it is. */
static bool invisible(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x200B && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF ||
           (cp >= 0xFFF9 && cp <= 0xFFFB);
}

/* The next unit of [p, end): one printable character (its bytes, *shown
** true, one column) or one byte to escape as \xNN (*shown false). A tab is
** printable when @p keep_tab (the excerpt keeps it, so the caret lines up). */
static size_t next_unit(const char *p, const char *end, bool keep_tab, bool *shown)
{
    const unsigned char *s = (const unsigned char *)p;
    size_t n = utf8_sequence(s, (size_t)(end - p));
    *shown = false;
    if (n == 0)
        return 1; /* not UTF-8: the byte alone */
    uint32_t cp = n == 1 ? s[0] : n == 2 ? s[0] & 0x1Fu : n == 3 ? s[0] & 0x0Fu : s[0] & 0x07u;
    for (size_t i = 1; i < n; i++)
        cp = (cp << 6) | (s[i] & 0x3Fu);
    *shown = !invisible(cp) || (keep_tab && cp == '\t');
    return *shown ? n : 1; /* an invisible character: each of its bytes escaped */
}

/* Write @p n bytes with every byte that is not printable UTF-8 shown as
** \xNN: a message or an excerpt never clears the screen, recolours the
** terminal, sends it invalid bytes or hides what the line holds. */
static void put_escaped(FILE *out, const char *s, size_t n, bool keep_tab)
{
    const char *run = s, *end = s + n;
    for (const char *p = s; p < end;) {
        bool shown;
        size_t k = next_unit(p, end, keep_tab, &shown);
        if (!shown) {
            fwrite(run, 1, (size_t)(p - run), out);
            fprintf(out, "\\x%02x", (unsigned char)*p);
            run = p + k;
        }
        p += k;
    }
    fwrite(run, 1, (size_t)(end - run), out);
}

/* Columns the excerpt uses for [p, end): one per character, four per
** escaped byte. */
static size_t display_width(const char *p, const char *end)
{
    size_t n = 0;
    while (p < end) {
        bool shown;
        p += next_unit(p, end, true, &shown);
        n += shown ? 1 : 4;
    }
    return n;
}

/* The first unit boundary of [p, end) at or past @p cols columns from p. */
static const char *advance_columns(const char *p, const char *end, size_t cols)
{
    size_t n = 0;
    while (p < end && n < cols) {
        bool shown;
        p += next_unit(p, end, true, &shown);
        n += shown ? 1 : 4;
    }
    return p;
}

/* Lines wider than this are cut around the caret, as clang does: an
** excerpt of at most WINDOW columns, "..." where the line goes on. */
enum { MAX_EXCERPT = 120, WINDOW = 100, LEAD = 40 };

/* The source line holding `loc`, then a caret under its first character and
** tildes under the rest of the span on that line. */
static void print_excerpt(wc_diag *d, wc_source *s, wc_loc loc)
{
    unsigned line, col;
    wc_source_line_col(s, loc.start, &line, &col);
    const char *begin = s->text + s->line_start[line - 1];
    const char *end = begin;
    while (end < s->text + s->len && *end != '\n' && *end != '\r')
        end++;
    const char *at = s->text + loc.start;
    if (at > end)
        at = end;
    const char *stop = s->text + (loc.end > loc.start ? loc.end : loc.start + 1);
    if (stop > end)
        stop = end;
    const char *lo = begin, *hi = end; /* the part of the line shown */
    size_t width = display_width(begin, end);
    if (width > MAX_EXCERPT) {
        size_t caret = display_width(begin, at), first = caret > LEAD ? caret - LEAD : 0;
        if (width + 1 < first + WINDOW) /* near the end: show the last WINDOW columns (and the caret past them) */
            first = width + 1 > WINDOW ? width + 1 - WINDOW : 0;
        lo = advance_columns(begin, at, first);
        hi = advance_columns(lo, end, WINDOW);
        if (hi < at)
            hi = at;
    }
    fputs(lo > begin ? "  ..." : "  ", d->out);
    put_escaped(d->out, lo, (size_t)(hi - lo), true);
    fputs(hi < end ? "...\n  " : "\n  ", d->out);
    if (lo > begin)
        fputs("   ", d->out);
    for (const char *p = lo; p < at;) {
        bool shown;
        size_t k = next_unit(p, at, true, &shown);
        if (!shown)
            fputs("    ", d->out);
        else if (*p == '\t')
            fputc('\t', d->out);
        else
            fputc(' ', d->out);
        p += k;
    }
    fputc('^', d->out);
    if (stop > hi)
        stop = hi;
    size_t tail = at < stop ? display_width(at, stop) : 1;
    for (size_t i = 1; i < tail; i++)
        fputc('~', d->out);
    fputc('\n', d->out);
}

/* The formatted message, its control bytes escaped (a name or a string in
** it comes from the file). */
static void put_message(FILE *out, const char *fmt, va_list ap)
{
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(again);
        return;
    }
    if ((size_t)n < sizeof small) {
        put_escaped(out, small, (size_t)n, false);
    } else {
        char *big = wu_xmalloc((size_t)n + 1);
        vsnprintf(big, (size_t)n + 1, fmt, again);
        put_escaped(out, big, (size_t)n, false);
        free(big);
    }
    va_end(again);
}

/* Hand the message to the sink, escaped as it is printed. */
static void tell_sink(wc_diag *d, wc_severity severity, const wc_loc *loc, const char *fmt, va_list ap)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return;
    put_message(mem, fmt, ap);
    if (fclose(mem) == 0 && text)
        d->sink(d->sink_ctx, severity, loc, text);
    free(text);
}

static void report(wc_diag *d, wc_severity severity, wc_loc loc, const char *fmt, va_list ap)
{
    static const char *const kind[] = {"error", "warning", "note"};
    wc_source *s = &d->sources[loc.file];
    unsigned line, col;
    va_list again;
    va_copy(again, ap);
    wc_source_line_col(s, loc.start, &line, &col);
    put_escaped(d->out, s->path, strlen(s->path), false);
    fprintf(d->out, ":%u:%u: %s: ", line, col, kind[severity]);
    put_message(d->out, fmt, ap);
    fputc('\n', d->out);
    print_excerpt(d, s, loc);
    if (d->sink)
        tell_sink(d, severity, &loc, fmt, again);
    va_end(again);
}

/* A message without a location: "wonderc: error: ...". */
static void report_plain(wc_diag *d, wc_severity severity, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    fputs(severity == WC_SEV_ERROR ? "wonderc: error: " : "wonderc: warning: ", d->out);
    put_message(d->out, fmt, ap);
    fputc('\n', d->out);
    if (d->sink)
        tell_sink(d, severity, NULL, fmt, again);
    va_end(again);
}

/* Counts an error and says whether it may still be printed. */
static bool admit_error(wc_diag *d)
{
    d->n_errors++;
    if (d->stopped)
        return false;
    if (d->n_errors > d->max_errors) {
        d->stopped = true;
        fprintf(d->out, "wonderc: too many errors (limit %u); stopping\n", d->max_errors);
        return false;
    }
    return true;
}

void wc_error(wc_diag *d, wc_loc loc, const char *fmt, ...)
{
    if (!admit_error(d))
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, WC_SEV_ERROR, loc, fmt, ap);
    va_end(ap);
}

void wc_warning(wc_diag *d, wc_loc loc, const char *fmt, ...)
{
    d->n_warnings++;
    if (d->stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, WC_SEV_WARNING, loc, fmt, ap);
    va_end(ap);
}

void wc_note(wc_diag *d, wc_loc loc, const char *fmt, ...)
{
    if (d->stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, WC_SEV_NOTE, loc, fmt, ap);
    va_end(ap);
}

void wc_warning_plain(wc_diag *d, const char *fmt, ...)
{
    d->n_warnings++;
    if (d->stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    report_plain(d, WC_SEV_WARNING, fmt, ap);
    va_end(ap);
}

void wc_error_plain(wc_diag *d, const char *fmt, ...)
{
    if (!admit_error(d))
        return;
    va_list ap;
    va_start(ap, fmt);
    report_plain(d, WC_SEV_ERROR, fmt, ap);
    va_end(ap);
}
