/* yaml_in.c -- strict reading of the command's YAML files; see yaml_in.h. */
#define _POSIX_C_SOURCE 200809L
#include "yaml_in.h"
#include "../common/nearest.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool wr_in_slurp(const char *path, const char *what, char **text, size_t *len_out, FILE *err)
{
    *text = NULL;
    *len_out = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot read: %s", strerror(errno));
        return false;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len > WR_MAX_BYTES)
            break;
        if (len == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    bool read_error = ferror(f);
    fclose(f);
    if (!buf) {
        wr_error(err, path, (wr_loc){0, 0}, "out of memory");
        return false;
    }
    bool ok = false;
    if (read_error)
        wr_error(err, path, (wr_loc){0, 0}, "cannot read: %s", strerror(errno));
    else if (len > WR_MAX_BYTES)
        wr_error(err, path, (wr_loc){0, 0}, "the %s is larger than the limit of %u bytes", what, WR_MAX_BYTES);
    else if (len == 0)
        wr_error(err, path, (wr_loc){0, 0}, "the %s is empty", what);
    else
        ok = true;
    if (!ok) {
        free(buf);
        return false;
    }
    *text = buf;
    *len_out = len;
    return true;
}

bool wr_in_start(wr_yaml_in *in, const char *name, const char *what, const char *text, size_t len, FILE *err)
{
    memset(in, 0, sizeof *in);
    in->file = name;
    in->text = text;
    in->len = len;
    in->err = err;
    if (!yaml_parser_initialize(&in->parser)) {
        wr_error(err, name, (wr_loc){0, 0}, "cannot start the YAML parser");
        in->failed = true;
        return false;
    }
    yaml_parser_set_input_string(&in->parser, (const unsigned char *)text, len);
    /* stream start, then a document -- or nothing at all */
    if (!wr_in_advance(in) || !wr_in_advance(in))
        return false;
    if (in->ev.type == YAML_STREAM_END_EVENT) {
        wr_error(err, name, (wr_loc){0, 0}, "the %s is empty", what);
        in->failed = true;
        return false;
    }
    return wr_in_advance(in); /* past the document start */
}

bool wr_in_finish(wr_yaml_in *in, bool ok, const char *what)
{
    if (ok && in->ev.type != YAML_DOCUMENT_END_EVENT)
        ok = wr_in_fail(in, wr_in_here(in), "one %s per file", what);
    if (ok && wr_in_advance(in) && in->ev.type != YAML_STREAM_END_EVENT)
        ok = wr_in_fail(in, wr_in_here(in), "one %s per file", what);
    if (in->have)
        yaml_event_delete(&in->ev);
    in->have = false;
    yaml_parser_delete(&in->parser); /* safe on a parser that failed to start: it is zeroed */
    return ok && !in->failed;
}

wr_loc wr_in_here(const wr_yaml_in *in)
{
    return (wr_loc){in->ev.start_mark.line + 1, in->ev.start_mark.column + 1};
}

bool wr_in_fail(wr_yaml_in *in, wr_loc at, const char *fmt, ...)
{
    if (in->failed)
        return false;
    in->failed = true;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wr_error(in->err, in->file, at, "%s", msg);
    return false;
}

/* Where byte @p offset of the input stands: its line, and its column in
** characters (as libyaml's marks count them: UTF-8 continuation bytes
** are not counted). */
static wr_loc offset_loc(const wr_yaml_in *in, size_t offset)
{
    wr_loc at = {1, 1};
    for (size_t i = 0; i < offset && i < in->len; i++) {
        unsigned char c = (unsigned char)in->text[i];
        if (c == '\n')
            at.line++, at.col = 1;
        else if ((c & 0xC0) != 0x80)
            at.col++;
    }
    return at;
}

/* Whether the line of mark @p m (or the line before, where libyaml
** sometimes stops) is indented with a tab, and where the tab stands:
** libyaml says "found character that cannot start any token" or "a tab
** character that violates indentation", never the word the author needs. */
static bool tab_indent(const wr_yaml_in *in, const yaml_mark_t *m, wr_loc *at)
{
    size_t start = m->index < in->len ? m->index : in->len;
    while (start > 0 && in->text[start - 1] != '\n')
        start--;
    for (int tries = 0; tries < 2; tries++) {
        for (size_t i = start; i < in->len && (in->text[i] == ' ' || in->text[i] == '\t'); i++)
            if (in->text[i] == '\t') {
                *at = offset_loc(in, i);
                return true;
            }
        if (start == 0) /* the line before */
            break;
        start--;
        while (start > 0 && in->text[start - 1] != '\n')
            start--;
    }
    return false;
}

/* Where mark @p m stands, as the messages count (1-based). */
static wr_loc mark_loc(const yaml_mark_t *m)
{
    return (wr_loc){m->line + 1, m->column + 1};
}

/* Byte @p i's line's content ends: before its trailing blanks and its
** comment (a '#' after a blank, outside quotes), where a ']' or '}' left
** out belongs. */
static size_t content_end(const wr_yaml_in *in, size_t i)
{
    while (i > 0 && in->text[i - 1] != '\n')
        i--;
    size_t end = i;
    char quote = 0;
    for (; i < in->len && in->text[i] != '\n'; i++) {
        char c = in->text[i];
        if (quote)
            quote = c == quote ? 0 : quote;
        else if (c == '"' || c == '\'')
            quote = c;
        else if (c == '#' && (i == 0 || in->text[i - 1] == ' ' || in->text[i - 1] == '\t'))
            break;
        if (c != ' ' && c != '\t' && c != '\r')
            end = i + 1;
    }
    return end;
}

/* The first byte of the next line after byte @p i that holds something
** (not blank, not only a comment), or in->len. */
static size_t next_content_line(const wr_yaml_in *in, size_t i)
{
    for (;;) {
        while (i < in->len && in->text[i] != '\n')
            i++;
        if (i >= in->len)
            return in->len;
        size_t start = ++i;
        while (i < in->len && (in->text[i] == ' ' || in->text[i] == '\t' || in->text[i] == '\r'))
            i++;
        if (i < in->len && in->text[i] != '\n' && in->text[i] != '#')
            return start;
    }
}

/* Where the ']' or '}' of a collection opened at byte @p open was left
** out: the end of its line, or of a later one while each line ends with
** ',' or an opener (a pile written over several lines) -- never at or
** past @p stop, where libyaml gave up. */
static wr_loc missing_close(const wr_yaml_in *in, size_t open, size_t stop)
{
    size_t end = content_end(in, open);
    while (end > 0 && in->text[end - 1] && strchr(",[{", in->text[end - 1])) {
        size_t next = next_content_line(in, end);
        if (next >= stop || next >= in->len)
            break;
        end = content_end(in, next);
    }
    return offset_loc(in, end);
}

/* libyaml's "did not find expected ',' or ']'": a '[' or '{' left open,
** or closed by the other bracket.  Named as such, at the end of the line
** where the bracket is missing; false when the error is another. */
static bool unclosed_flow(wr_yaml_in *in)
{
    const char *context = in->parser.context, *problem = in->parser.problem;
    if (!context || !problem || strncmp(problem, "did not find expected ','", 25))
        return false;
    bool list = !strcmp(context, "while parsing a flow sequence");
    if (!list && strcmp(context, "while parsing a flow mapping"))
        return false;
    const yaml_mark_t *open = &in->parser.context_mark, *stop = &in->parser.problem_mark;
    const char *kind = list ? "list" : "mapping";
    char close = list ? ']' : '}', wrong = list ? '}' : ']';
    wr_loc o = mark_loc(open);
    if (stop->index < in->len && in->text[stop->index] == wrong)
        return wr_in_fail(in, mark_loc(stop), "malformed YAML: the %s opened at %zu:%zu ends with '%c'; a %s ends "
                                              "with '%c'", kind, o.line, o.col, wrong, kind, close);
    wr_in_fail(in, missing_close(in, open->index, stop->index),
               "malformed YAML: the %s is not closed: a '%c' is missing at the end of this line (its '%c' is at "
               "%zu:%zu)", kind, close, list ? '[' : '{', o.line, o.col);
    return true;
}

/* libyaml's "found unexpected end of stream while scanning a quoted
** scalar": a quote left open, reported where it opens; false when the
** error is another. */
static bool unclosed_quote(wr_yaml_in *in)
{
    const char *context = in->parser.context, *problem = in->parser.problem;
    if (!context || !problem || strcmp(context, "while scanning a quoted scalar") ||
        strcmp(problem, "found unexpected end of stream"))
        return false;
    const yaml_mark_t *open = &in->parser.context_mark;
    char quote = open->index < in->len ? in->text[open->index] : '"';
    wr_in_fail(in, mark_loc(open), "malformed YAML: the string this %c opens is not closed (the file ends before "
                                   "its closing %c)", quote, quote);
    return true;
}

/* Move to the next event; a YAML syntax error is reported at its mark. */
bool wr_in_advance(wr_yaml_in *in)
{
    if (in->have)
        yaml_event_delete(&in->ev);
    in->have = false;
    if (in->failed)
        return false;
    if (!yaml_parser_parse(&in->parser, &in->ev)) {
        if (in->parser.error == YAML_READER_ERROR) /* no mark: the byte's offset */
            return wr_in_fail(in, offset_loc(in, in->parser.problem_offset), "malformed YAML: %s (byte 0x%02x)",
                              in->parser.problem ? in->parser.problem : "error", (unsigned)in->parser.problem_value & 0xFF);
        const yaml_mark_t *m = &in->parser.problem_mark;
        wr_loc tab;
        if (tab_indent(in, m, &tab))
            return wr_in_fail(in, tab, "malformed YAML: a tab in the indentation (YAML indents with spaces only)");
        if (unclosed_flow(in) || unclosed_quote(in))
            return false;
        return wr_in_fail(in, mark_loc(m), "malformed YAML: %s%s%s",
                       in->parser.problem ? in->parser.problem : "error", in->parser.context ? " " : "",
                       in->parser.context ? in->parser.context : "");
    }
    in->have = true;
    if (in->ev.type == YAML_ALIAS_EVENT)
        return wr_in_fail(in, wr_in_here(in), "aliases (*name) are not used here");
    return true;
}

static const char *found(const wr_yaml_in *in)
{
    switch (in->ev.type) {
    case YAML_SCALAR_EVENT: return "a scalar";
    case YAML_SEQUENCE_START_EVENT: return "a list";
    case YAML_MAPPING_START_EVENT: return "a mapping";
    default: return "nothing";
    }
}

static const char *text(wr_yaml_in *in, const char *what)
{
    if (in->ev.type != YAML_SCALAR_EVENT) {
        wr_in_fail(in, wr_in_here(in), "%s: expected a scalar, found %s", what, found(in));
        return NULL;
    }
    return (const char *)in->ev.data.scalar.value;
}

/* A value that is not used must still be well-formed: skip it whole. */
bool wr_in_is_null(const wr_yaml_in *in)
{
    if (in->ev.type != YAML_SCALAR_EVENT || in->ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    const char *s = (const char *)in->ev.data.scalar.value;
    return !*s || !strcmp(s, "~") || !strcmp(s, "null");
}

/* Scalars: read the current event, then move past it. */
bool wr_in_name(wr_yaml_in *in, const char *what, char *out, size_t size)
{
    const char *s = text(in, what);
    if (!s)
        return false;
    size_t len = in->ev.data.scalar.length;
    if (!len || len >= size || memchr(s, '\0', len))
        return wr_in_fail(in, wr_in_here(in), "%s: expected a name of 1 to %zu characters", what, size - 1);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7F) /* "\e[2J" in double quotes is an ESC */
            return wr_in_fail(in, wr_in_here(in), "%s: control character \\x%02x in a name", what,
                              (unsigned char)s[i]);
    memcpy(out, s, len + 1);
    return wr_in_advance(in);
}

/* What decimal() found. */
typedef enum { NOT_A_NUMBER, A_NUMBER, TOO_LONG } decimal_t;

/* [+-]digits, nothing else (no spaces, no 0x): what a person writes for a
** count or a coordinate; TOO_LONG beyond a long's range, which is a whole
** number all the same.  strtol would also take leading spaces, and it
** was a measurable part of reading a long record. */
static decimal_t decimal(const char *s, long *out)
{
    bool negative = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    if (!*s)
        return NOT_A_NUMBER;
    unsigned long v = 0;
    bool too_long = false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return NOT_A_NUMBER;
        unsigned digit = (unsigned)(*s - '0');
        if (v > ((unsigned long)LONG_MAX - digit) / 10)
            too_long = true; /* read on: digits still, or not a number after all */
        else
            v = v * 10 + digit;
    }
    if (too_long)
        return TOO_LONG;
    *out = negative ? -(long)v : (long)v;
    return A_NUMBER;
}

/* Whether the current scalar is a plain one that runs onto a later line:
** in a flow list or mapping that is not closed (`at: [1, 0` and the next
** key), YAML folds the next line into the value ("0 rotation"). */
static bool runs_on(const wr_yaml_in *in)
{
    return in->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE && in->ev.end_mark.line > in->ev.start_mark.line;
}

/* The end of the line where the current event starts: where a ']' or '}' was left out. */
static wr_loc line_end(const wr_yaml_in *in)
{
    size_t i = in->ev.start_mark.index;
    while (i < in->len && in->text[i] != '\n')
        i++;
    while (i > in->ev.start_mark.index && (in->text[i - 1] == ' ' || in->text[i - 1] == '\t' || in->text[i - 1] == '\r'))
        i--;
    return offset_loc(in, i);
}

/* The bracket that opens the flow collection the current event lies in:
** the nearest '[' or '{' before it not closed before it ('[' when none is
** found, as `at: [1, 0` is the mistake made). */
static char open_bracket(const wr_yaml_in *in)
{
    int depth = 0;
    for (size_t i = in->ev.start_mark.index; i-- > 0;) {
        char c = in->text[i];
        if (c == ']' || c == '}')
            depth++;
        else if ((c == '[' || c == '{') && depth-- == 0)
            return c;
    }
    return '[';
}

/* A plain scalar that ran onto the next line (runs_on): the '[' or '{'
** before it was not closed at the end of its line. */
static bool run_on_fail(wr_yaml_in *in, const char *what, const char *s)
{
    bool list = open_bracket(in) == '[';
    return wr_in_fail(in, line_end(in), "%s: the %s is not closed: a '%c' is missing at the end of this line (the next "
                                        "line was read into it: '%s')", what, list ? "list" : "mapping",
                      list ? ']' : '}', s);
}

/* The scalar for @p what read as a decimal into *v, its kind in *kind;
** NULL, the failure reported, when there is no scalar or it runs on into
** the next line (a list or mapping left open). */
static const char *decimal_of(wr_yaml_in *in, const char *what, long *v, decimal_t *kind)
{
    const char *s = text(in, what);
    if (!s)
        return NULL;
    *kind = decimal(s, v);
    if (*kind == NOT_A_NUMBER && runs_on(in)) {
        run_on_fail(in, what, s);
        return NULL;
    }
    return s;
}

/* *out is always set (to lo when the value is refused), so callers can
** store it before checking the result. */
bool wr_in_number(wr_yaml_in *in, const char *what, long lo, long hi, long *out)
{
    *out = lo;
    long v = 0;
    decimal_t kind = NOT_A_NUMBER;
    const char *s = decimal_of(in, what, &v, &kind);
    if (!s)
        return false;
    if (kind == NOT_A_NUMBER)
        return wr_in_fail(in, wr_in_here(in), "%s: expected a whole number, found '%s'", what, s);
    if (kind == TOO_LONG)
        return wr_in_fail(in, wr_in_here(in), "%s: %s is out of range (%ld to %ld)", what, s, lo, hi);
    if (v < lo || v > hi)
        return wr_in_fail(in, wr_in_here(in), "%s: %ld is out of range (%ld to %ld)", what, v, lo, hi);
    *out = v;
    return wr_in_advance(in);
}

/* "0, 90, 180 or 270": @p n numbers said as a choice, into @p buf. */
static const char *choice(const long *allowed, size_t n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%ld", !i ? "" : i + 1 < n ? ", " : " or ", allowed[i]);
    return buf;
}

bool wr_in_one_of(wr_yaml_in *in, const char *what, const long *allowed, size_t n, long *out)
{
    *out = allowed[0];
    long v = 0;
    decimal_t kind = NOT_A_NUMBER;
    const char *s = decimal_of(in, what, &v, &kind);
    if (!s)
        return false;
    for (size_t i = 0; kind == A_NUMBER && i < n; i++)
        if (v == allowed[i]) {
            *out = v;
            return wr_in_advance(in);
        }
    char list[256];
    return wr_in_fail(in, wr_in_here(in), kind == NOT_A_NUMBER ? "%s: expected %s, found '%s'" : "%s: expected %s, found %s",
                      what, choice(allowed, n, list, sizeof list), s);
}

bool wr_in_boolean(wr_yaml_in *in, const char *what, bool *out)
{
    const char *s = text(in, what);
    if (!s)
        return false;
    if (!strcmp(s, "true") || !strcmp(s, "yes"))
        *out = true;
    else if (!strcmp(s, "false") || !strcmp(s, "no"))
        *out = false;
    else
        return wr_in_fail(in, wr_in_here(in), "%s: expected true or false, found '%s'", what, s);
    return wr_in_advance(in);
}

/* Lists: `begin_list` consumes the start; `list_end` consumes the end. */
bool wr_in_begin_list(wr_yaml_in *in, const char *what)
{
    if (in->ev.type != YAML_SEQUENCE_START_EVENT)
        return wr_in_fail(in, wr_in_here(in), "%s: expected a list, found %s", what, found(in));
    return wr_in_advance(in);
}

bool wr_in_list_end(wr_yaml_in *in)
{
    if (in->ev.type != YAML_SEQUENCE_END_EVENT)
        return false;
    wr_in_advance(in);
    return true;
}

/* Mappings: `begin_map` consumes the start; `next_key` gives each key's
** index in `keys` (consuming the key), refusing unknown and repeated keys,
** and returns false at the end of the mapping (consumed). */
bool wr_in_begin_map(wr_yaml_in *in, const char *what)
{
    if (in->ev.type != YAML_MAPPING_START_EVENT)
        return wr_in_fail(in, wr_in_here(in), "%s: expected a mapping, found %s", what, found(in));
    return wr_in_advance(in);
}

bool wr_in_next_key(wr_yaml_in *in, const char *what, const char *const *keys, unsigned *seen, int *index)
{
    if (in->failed)
        return false;
    if (in->ev.type == YAML_MAPPING_END_EVENT) {
        wr_in_advance(in);
        return false;
    }
    const char *key = text(in, what);
    if (!key)
        return false;
    for (int i = 0; keys[i]; i++)
        if (key[0] == keys[i][0] && !strcmp(key, keys[i])) {
            if (*seen & (1u << i))
                return wr_in_fail(in, wr_in_here(in), "key '%s' appears twice in %s", key, what);
            *seen |= 1u << i;
            *index = i;
            return wr_in_advance(in);
        }
    char list[256] = "";
    size_t lens[32], n = 0;
    for (const char *const *w = keys; *w; w++) {
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", w == keys ? "" : ", ", *w);
        if (n < sizeof lens / sizeof *lens)
            lens[n] = strlen(*w), n++;
    }
    int near = wu_closest(key, strlen(key), keys, lens, n); /* the keys valid here, not elsewhere */
    return wr_in_fail(in, wr_in_here(in), "unknown key '%s' in %s%s%s%s (known: %s)", key, what,
                      near >= 0 ? "; did you mean '" : "", near >= 0 ? keys[near] : "", near >= 0 ? "'?" : "", list);
}

bool wr_in_results(wr_yaml_in *in, const char *what, const char *body_key, bool (*body)(wr_yaml_in *, void *),
                   void *ctx)
{
    const char *const keys[] = {"format", body_key, NULL};
    wr_loc at = wr_in_here(in);
    unsigned seen = 0;
    int k;
    long format;
    if (!wr_in_begin_map(in, what))
        return false;
    while (wr_in_next_key(in, what, keys, &seen, &k)) {
        if (k == 0) {
            wr_loc fat = wr_in_here(in);
            if (!wr_in_number(in, "format", 0, 1000000, &format))
                return false;
            if (format != WR_FORMAT)
                return wr_in_fail(in, fat, "format %ld is not known (this program reads format %d)", format,
                                  WR_FORMAT);
        } else if (!body(in, ctx)) {
            return false;
        }
    }
    if (in->failed)
        return false;
    return seen == 3u || wr_in_fail(in, at, "%s need 'format: %d' and '%s'", what, WR_FORMAT, body_key);
}
