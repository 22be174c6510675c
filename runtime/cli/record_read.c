/*
** record_read.c -- reading a game record with libyaml's event parser
** (every event has a mark for messages); see record.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "record.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* The reader walks libyaml's event stream once, validating as it goes:
** building libyaml's document tree first would cost more than the rest of
** reading (docs/performance.md).  Each event carries the mark of where it
** starts, so every message is located. */
typedef struct reader {
    yaml_parser_t parser;
    yaml_event_t  ev;     /* the current event */
    bool          have;   /* ev holds an event to delete */
    const char   *file;
    FILE         *err;
    bool          failed;
} reader;

static wr_loc here(const reader *rd)
{
    return (wr_loc){rd->ev.start_mark.line + 1, rd->ev.start_mark.column + 1};
}

static bool fail_at(reader *rd, wr_loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail_at(reader *rd, wr_loc at, const char *fmt, ...)
{
    if (rd->failed)
        return false;
    rd->failed = true;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wr_error(rd->err, rd->file, at, "%s", msg);
    return false;
}

/* Move to the next event; a YAML syntax error is reported at its mark. */
static bool advance(reader *rd)
{
    if (rd->have)
        yaml_event_delete(&rd->ev);
    rd->have = false;
    if (rd->failed)
        return false;
    if (!yaml_parser_parse(&rd->parser, &rd->ev)) {
        const yaml_mark_t *m = &rd->parser.problem_mark;
        return fail_at(rd, (wr_loc){m->line + 1, m->column + 1}, "malformed YAML: %s%s%s",
                       rd->parser.problem ? rd->parser.problem : "error", rd->parser.context ? " " : "",
                       rd->parser.context ? rd->parser.context : "");
    }
    rd->have = true;
    if (rd->ev.type == YAML_ALIAS_EVENT)
        return fail_at(rd, here(rd), "aliases (*name) are not used in records");
    return true;
}

static const char *found(const reader *rd)
{
    switch (rd->ev.type) {
    case YAML_SCALAR_EVENT: return "a scalar";
    case YAML_SEQUENCE_START_EVENT: return "a list";
    case YAML_MAPPING_START_EVENT: return "a mapping";
    default: return "nothing";
    }
}

static const char *text(reader *rd, const char *what)
{
    if (rd->ev.type != YAML_SCALAR_EVENT) {
        fail_at(rd, here(rd), "%s: expected a scalar, found %s", what, found(rd));
        return NULL;
    }
    return (const char *)rd->ev.data.scalar.value;
}

/* A value that is not used must still be well-formed: skip it whole. */
static bool is_null(const reader *rd)
{
    if (rd->ev.type != YAML_SCALAR_EVENT || rd->ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    const char *s = (const char *)rd->ev.data.scalar.value;
    return !*s || !strcmp(s, "~") || !strcmp(s, "null");
}

/* Scalars: read the current event, then move past it. */
static bool name_of(reader *rd, const char *what, char *out, size_t size)
{
    const char *s = text(rd, what);
    if (!s)
        return false;
    if (!*s || strlen(s) >= size)
        return fail_at(rd, here(rd), "%s: expected a name of 1 to %zu characters", what, size - 1);
    strcpy(out, s);
    return advance(rd);
}

/* *out is always set (to lo when the value is refused), so callers can
** store it before checking the result. */
static bool number(reader *rd, const char *what, long lo, long hi, long *out)
{
    *out = lo;
    const char *s = text(rd, what);
    if (!s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno)
        return fail_at(rd, here(rd), "%s: expected a whole number, found '%s'", what, s);
    if (v < lo || v > hi)
        return fail_at(rd, here(rd), "%s: %ld is out of range (%ld to %ld)", what, v, lo, hi);
    *out = v;
    return advance(rd);
}

static bool boolean(reader *rd, const char *what, bool *out)
{
    const char *s = text(rd, what);
    if (!s)
        return false;
    if (!strcmp(s, "true") || !strcmp(s, "yes"))
        *out = true;
    else if (!strcmp(s, "false") || !strcmp(s, "no"))
        *out = false;
    else
        return fail_at(rd, here(rd), "%s: expected true or false, found '%s'", what, s);
    return advance(rd);
}

/* Lists: `begin_list` consumes the start; `list_end` consumes the end. */
static bool begin_list(reader *rd, const char *what)
{
    if (rd->ev.type != YAML_SEQUENCE_START_EVENT)
        return fail_at(rd, here(rd), "%s: expected a list, found %s", what, found(rd));
    return advance(rd);
}

static bool list_end(reader *rd)
{
    if (rd->ev.type != YAML_SEQUENCE_END_EVENT)
        return false;
    advance(rd);
    return true;
}

/* Mappings: `begin_map` consumes the start; `next_key` gives each key's
** index in `keys` (consuming the key), refusing unknown and repeated keys,
** and returns false at the end of the mapping (consumed). */
static bool begin_map(reader *rd, const char *what)
{
    if (rd->ev.type != YAML_MAPPING_START_EVENT)
        return fail_at(rd, here(rd), "%s: expected a mapping, found %s", what, found(rd));
    return advance(rd);
}

static bool next_key(reader *rd, const char *what, const char *const *keys, unsigned *seen, int *index)
{
    if (rd->failed)
        return false;
    if (rd->ev.type == YAML_MAPPING_END_EVENT) {
        advance(rd);
        return false;
    }
    const char *key = text(rd, what);
    if (!key)
        return false;
    for (int i = 0; keys[i]; i++)
        if (!strcmp(key, keys[i])) {
            if (*seen & (1u << i))
                return fail_at(rd, here(rd), "key '%s' appears twice in %s", key, what);
            *seen |= 1u << i;
            *index = i;
            return advance(rd);
        }
    char list[256] = "";
    for (const char *const *w = keys; *w; w++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", w == keys ? "" : ", ", *w);
    return fail_at(rd, here(rd), "unknown key '%s' in %s (known: %s)", key, what, list);
}

static bool rotation_of(reader *rd, int *out)
{
    wr_loc at = here(rd);
    long v;
    if (!number(rd, "rotation", 0, 270, &v))
        return false;
    if (v % 90)
        return fail_at(rd, at, "rotation: expected 0, 90, 180 or 270, found %ld", v);
    *out = (int)(v / 90);
    return true;
}

static bool position(reader *rd, int *x, int *y)
{
    wr_loc at = here(rd);
    long v[2];
    int n = 0;
    if (!begin_list(rd, "at"))
        return false;
    while (!rd->failed && !list_end(rd)) {
        if (n == 2)
            return fail_at(rd, at, "at: expected [x, y]");
        if (!number(rd, n ? "y" : "x", -16000, 16000, &v[n]))
            return false;
        n++;
    }
    if (rd->failed)
        return false;
    if (n != 2)
        return fail_at(rd, at, "at: expected [x, y]");
    *x = (int)v[0];
    *y = (int)v[1];
    return true;
}

enum { K_PLAYER, K_PASS, K_TILE, K_AT, K_ROTATION, K_MEEPLES, K_EXTRA, K_TAKES };

/* {tile, at, rotation}: an extra tile of the fallback. */
static bool placement(reader *rd, wr_place *p)
{
    static const char *const keys[] = {"tile", "at", "rotation", NULL};
    wr_loc at = here(rd);
    unsigned seen = 0;
    int k;
    p->rotation = 0;
    if (!begin_map(rd, "a placement"))
        return false;
    while (next_key(rd, "a placement", keys, &seen, &k)) {
        if (k == 0) {
            p->at = here(rd);
            if (!name_of(rd, "tile", p->tile, sizeof p->tile))
                return false;
        } else if (k == 1 ? !position(rd, &p->x, &p->y) : !rotation_of(rd, &p->rotation)) {
            return false;
        }
    }
    if (rd->failed)
        return false;
    return (seen & 3u) == 3u || fail_at(rd, at, "a placement needs 'tile' and 'at'");
}

static bool turn(reader *rd, wr_record *r)
{
    static const char *const keys[] = {"player", "pass", "tile", "at", "rotation", "meeples", "extra", "takes", NULL};
    wr_turn *t = wr_record_turn(r);
    t->at = here(rd);
    unsigned seen = 0;
    int k;
    long num;
    if (!begin_map(rd, "a turn"))
        return false;
    while (next_key(rd, "a turn", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case K_PLAYER:
            ok = number(rd, "player", 0, r->players - 1, &num);
            t->player = (int)num;
            break;
        case K_PASS:
            ok = boolean(rd, "pass", &t->pass);
            break;
        case K_TILE:
            t->place.at = here(rd);
            ok = name_of(rd, "tile", t->place.tile, sizeof t->place.tile);
            break;
        case K_AT:
            ok = position(rd, &t->place.x, &t->place.y);
            break;
        case K_ROTATION:
            ok = rotation_of(rd, &t->place.rotation);
            break;
        case K_MEEPLES: {
            wr_loc at = here(rd);
            if (!begin_list(rd, "meeples"))
                return false;
            int n = 0;
            while (ok && !rd->failed && !list_end(rd)) {
                if (n == 2) {
                    while (!rd->failed && !list_end(rd)) /* count them for the message */
                        advance(rd), n++;
                    return fail_at(rd, at, "meeples: at most 2 (on a wonder), found %d", n + 1);
                }
                t->meeple_at[n] = here(rd);
                ok = name_of(rd, "meeple", t->meeple[n], WR_MAX_NAME);
                t->n_meeples = ++n;
            }
            break;
        }
        case K_EXTRA: {
            wr_loc at = here(rd);
            if (!begin_list(rd, "extra"))
                return false;
            while (ok && !rd->failed && !list_end(rd)) {
                if (t->n_extra == WR_MAX_EXTRA)
                    return fail_at(rd, at, "extra: at most %d tiles", WR_MAX_EXTRA);
                ok = placement(rd, &t->extra[t->n_extra++]);
            }
            break;
        }
        case K_TAKES: {
            static const char *const take_keys[] = {"player", "wonder", NULL};
            wr_loc at = here(rd);
            if (!begin_list(rd, "takes"))
                return false;
            while (ok && !rd->failed && !list_end(rd)) {
                if (t->n_takes == WR_MAX_PLAYERS * 2)
                    return fail_at(rd, at, "takes: too many entries");
                wr_take *tk = &t->takes[t->n_takes++];
                tk->at = here(rd);
                unsigned tseen = 0;
                int tkey;
                if (!begin_map(rd, "a wonder taken"))
                    return false;
                while (ok && next_key(rd, "a wonder taken", take_keys, &tseen, &tkey)) {
                    if (tkey == 0) {
                        ok = number(rd, "player", 0, r->players - 1, &num);
                        tk->player = (int)num;
                    } else {
                        ok = name_of(rd, "wonder", tk->wonder, WR_MAX_NAME);
                    }
                }
                if (ok && !rd->failed && tseen != 3u)
                    return fail_at(rd, tk->at, "a wonder taken needs 'player' and 'wonder'");
            }
            break;
        }
        default:
            break;
        }
        if (!ok)
            return false;
    }
    if (rd->failed)
        return false;
    bool has_tile = seen & (1u << K_TILE);
    if (t->pass && (has_tile || t->n_meeples || t->n_extra))
        return fail_at(rd, t->at, "a turn that passes places nothing");
    if (!t->pass && !(has_tile && (seen & (1u << K_AT))))
        return fail_at(rd, t->at, "a turn needs 'tile' and 'at', or 'pass: true'");
    return true;
}

static bool names_list(reader *rd, const char *what, char (*out)[WR_MAX_NAME], wr_loc *at, int max, int *n)
{
    wr_loc start = here(rd);
    if (!begin_list(rd, what))
        return false;
    *n = 0;
    while (!rd->failed && !list_end(rd)) {
        if (*n == max)
            return fail_at(rd, start, "%s: at most %d entries", what, max);
        if (at)
            at[*n] = here(rd);
        if (!name_of(rd, what, out[*n], WR_MAX_NAME))
            return false;
        (*n)++;
    }
    return !rd->failed;
}

static bool setup(reader *rd, wr_record *r)
{
    static const char *const keys[] = {"players", "packs", "wonders", "variant", "seed", "meeples", "pile", NULL};
    wr_loc at = here(rd);
    unsigned seen = 0;
    int k;
    long num;
    if (!begin_map(rd, "setup"))
        return false;
    while (next_key(rd, "setup", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case 0: /* players: a number or a list of names */
            if (rd->ev.type == YAML_SEQUENCE_START_EVENT) {
                wr_loc list = here(rd);
                int n = 0;
                advance(rd);
                while (ok && !rd->failed && !list_end(rd)) {
                    if (n == WR_MAX_PLAYERS)
                        return fail_at(rd, list, "players: 2 to %d names, found more", WR_MAX_PLAYERS);
                    ok = name_of(rd, "player name", r->names[n], sizeof r->names[n]);
                    n++;
                }
                if (ok && !rd->failed && n < 2)
                    return fail_at(rd, list, "players: 2 to %d names, found %d", WR_MAX_PLAYERS, n);
                r->players = n;
            } else {
                ok = number(rd, "players", 2, WR_MAX_PLAYERS, &num);
                r->players = (int)num;
            }
            break;
        case 1:
            ok = names_list(rd, "packs", r->packs, NULL, WR_MAX_PACKS, &r->n_packs);
            break;
        case 2:
            ok = names_list(rd, "wonders", r->wonders, r->wonders_at, WR_MAX_WONDERS, &r->n_wonders);
            break;
        case 3:
            ok = number(rd, "variant", 1, 2, &num);
            r->variant = (int)num;
            break;
        case 4:
            ok = number(rd, "seed", 0, 2147483647L, &num);
            r->seed = (uint64_t)num;
            break;
        case 5:
            ok = number(rd, "meeples", 0, 20, &num);
            r->meeples = (int)num;
            break;
        case 6: {
            wr_loc list = here(rd);
            if (!begin_list(rd, "pile"))
                return false;
            r->has_pile = true;
            while (ok && !rd->failed && !list_end(rd)) {
                if (r->n_pile == 256)
                    return fail_at(rd, list, "pile: at most 256 tiles");
                wr_loc tile_at = here(rd);
                const char *s = text(rd, "pile");
                if (!s)
                    return false;
                wr_record_pile(r, s);
                r->pile_at[r->n_pile - 1] = tile_at;
                ok = advance(rd);
            }
            break;
        }
        default:
            break;
        }
        if (!ok)
            return false;
    }
    if (rd->failed)
        return false;
    return (seen & 1u) || fail_at(rd, at, "setup needs 'players' (a number, or a list of names)");
}

/* The record: format, setup, then turns (a player's number is checked
** against the setup, so setup must come before turns). */
static bool record(reader *rd, wr_record *r)
{
    static const char *const keys[] = {"format", "setup", "turns", NULL};
    wr_loc at = here(rd);
    unsigned seen = 0;
    int k;
    long format;
    if (!begin_map(rd, "the record"))
        return false;
    while (next_key(rd, "the record", keys, &seen, &k)) {
        if (k == 0) {
            wr_loc fat = here(rd);
            if (!number(rd, "format", 0, 1000000, &format))
                return false;
            if (format != WR_FORMAT)
                return fail_at(rd, fat, "format %ld is not known (this program reads format %d)", format, WR_FORMAT);
        } else if (k == 1) {
            if (!setup(rd, r))
                return false;
        } else {
            if (!(seen & 2u))
                return fail_at(rd, here(rd), "'setup' must come before 'turns'");
            if (is_null(rd)) {
                if (!advance(rd))
                    return false;
                continue;
            }
            if (!begin_list(rd, "turns"))
                return false;
            while (!rd->failed && !list_end(rd))
                if (!turn(rd, r))
                    return false;
        }
    }
    if (rd->failed)
        return false;
    if (!(seen & 1u))
        return fail_at(rd, at, "the record needs 'format: %d'", WR_FORMAT);
    if (!(seen & 2u))
        return fail_at(rd, at, "the record needs 'setup'");
    return true;
}

bool wr_read_text(const char *name, const char *text_, size_t len, wr_record *r, FILE *err)
{
    wr_record_init(r, 2);
    snprintf(r->path, sizeof r->path, "%s", name);
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.file = name;
    rd.err = err;
    if (!yaml_parser_initialize(&rd.parser)) {
        wr_error(err, name, (wr_loc){0, 0}, "cannot start the YAML parser");
        return false;
    }
    yaml_parser_set_input_string(&rd.parser, (const unsigned char *)text_, len);
    /* stream start, then a document -- or nothing at all */
    bool ok = advance(&rd) && advance(&rd);
    if (ok && rd.ev.type == YAML_STREAM_END_EVENT) {
        wr_error(err, name, (wr_loc){0, 0}, "the record is empty");
        ok = false;
    } else if (ok) {
        ok = advance(&rd) && record(&rd, r); /* past the document start */
        if (ok && rd.ev.type != YAML_DOCUMENT_END_EVENT)
            ok = fail_at(&rd, here(&rd), "one record per file");
        if (ok && advance(&rd) && rd.ev.type != YAML_STREAM_END_EVENT)
            ok = fail_at(&rd, here(&rd), "one record per file");
    }
    if (rd.have)
        yaml_event_delete(&rd.ev);
    yaml_parser_delete(&rd.parser);
    return ok && !rd.failed;
}

bool wr_read_file(const char *path, wr_record *r, FILE *err)
{
    wr_record_init(r, 2);
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
        wr_error(err, path, (wr_loc){0, 0}, "the record is larger than the limit of %u bytes", WR_MAX_BYTES);
    else if (len == 0)
        wr_error(err, path, (wr_loc){0, 0}, "the record is empty");
    else
        ok = wr_read_text(path, buf, len, r, err);
    free(buf);
    return ok;
}
