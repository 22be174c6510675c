/*
** record.c -- YAML game records: libyaml's document API for reading (every
** node has a mark for messages) and its emitter for writing; see record.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "record.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

void wr_error(FILE *err, const char *file, wr_loc at, const char *fmt, ...)
{
    if (at.line)
        fprintf(err, "%s:%zu:%zu: error: ", file, at.line, at.col);
    else
        fprintf(err, "%s: error: ", file);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(err, fmt, ap);
    va_end(ap);
    fputc('\n', err);
}

void wr_record_init(wr_record *r, int players)
{
    memset(r, 0, sizeof *r);
    r->players = players;
    r->variant = 1;
    r->meeples = 7;
}

void wr_record_free(wr_record *r)
{
    free(r->pile);
    free(r->pile_at);
    free(r->turns);
    r->pile = NULL;
    r->pile_at = NULL;
    r->turns = NULL;
    r->n_pile = r->n_turns = r->cap_turns = 0;
}

wr_turn *wr_record_turn(wr_record *r)
{
    if (r->n_turns == r->cap_turns) {
        size_t cap = r->cap_turns ? 2 * r->cap_turns : 64;
        wr_turn *t = realloc(r->turns, cap * sizeof *t);
        if (!t) {
            fputs("wonders: out of memory\n", stderr);
            exit(2);
        }
        r->turns = t;
        r->cap_turns = cap;
    }
    wr_turn *t = &r->turns[r->n_turns++];
    memset(t, 0, sizeof *t);
    t->player = -1;
    return t;
}

void wr_record_pile(wr_record *r, const char *tile)
{
    if ((r->n_pile & (r->n_pile - 1)) == 0) { /* grow at powers of two */
        size_t cap = r->n_pile ? 2 * r->n_pile : 1;
        void *p = realloc(r->pile, cap * sizeof *r->pile), *q = realloc(r->pile_at, cap * sizeof *r->pile_at);
        if (!p || !q) {
            fputs("wonders: out of memory\n", stderr);
            exit(2);
        }
        r->pile = p;
        r->pile_at = q;
    }
    snprintf(r->pile[r->n_pile], WR_MAX_NAME, "%s", tile);
    r->pile_at[r->n_pile++] = (wr_loc){0, 0};
    r->has_pile = true;
}

/* ---- reading ------------------------------------------------------------- */

typedef struct reader {
    const char     *file;
    yaml_document_t doc;
    FILE           *err;
    bool            failed;
} reader;

static wr_loc loc_of(const yaml_node_t *n)
{
    return (wr_loc){n->start_mark.line + 1, n->start_mark.column + 1};
}

static bool fail(reader *rd, const yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(reader *rd, const yaml_node_t *n, const char *fmt, ...)
{
    if (rd->failed)
        return false;
    rd->failed = true;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wr_error(rd->err, rd->file, loc_of(n), "%s", msg);
    return false;
}

static const char *type_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE: return "a scalar";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE: return "a mapping";
    default: return "nothing";
    }
}

static yaml_node_t *node(reader *rd, int id)
{
    return yaml_document_get_node(&rd->doc, id);
}

static const char *text(reader *rd, yaml_node_t *n, const char *what)
{
    if (n->type != YAML_SCALAR_NODE) {
        fail(rd, n, "%s: expected a scalar, found %s", what, type_name(n));
        return NULL;
    }
    return (const char *)n->data.scalar.value;
}

static bool name_of(reader *rd, yaml_node_t *n, const char *what, char *out, size_t size)
{
    const char *s = text(rd, n, what);
    if (!s)
        return false;
    if (!*s || strlen(s) >= size)
        return fail(rd, n, "%s: expected a name of 1 to %zu characters", what, size - 1);
    strcpy(out, s);
    return true;
}

static bool number(reader *rd, yaml_node_t *n, const char *what, long lo, long hi, long *out)
{
    const char *s = text(rd, n, what);
    if (!s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno)
        return fail(rd, n, "%s: expected a whole number, found '%s'", what, s);
    if (v < lo || v > hi)
        return fail(rd, n, "%s: %ld is out of range (%ld to %ld)", what, v, lo, hi);
    *out = v;
    return true;
}

static bool boolean(reader *rd, yaml_node_t *n, const char *what, bool *out)
{
    const char *s = text(rd, n, what);
    if (!s)
        return false;
    if (!strcmp(s, "true") || !strcmp(s, "yes")) {
        *out = true;
        return true;
    }
    if (!strcmp(s, "false") || !strcmp(s, "no")) {
        *out = false;
        return true;
    }
    return fail(rd, n, "%s: expected true or false, found '%s'", what, s);
}

static bool is_list(reader *rd, yaml_node_t *n, const char *what)
{
    return n->type == YAML_SEQUENCE_NODE || fail(rd, n, "%s: expected a list, found %s", what, type_name(n));
}

/* `key:` with no value: an empty scalar, ~ or null. */
static bool is_null(const yaml_node_t *n)
{
    if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    const char *s = (const char *)n->data.scalar.value;
    return !*s || !strcmp(s, "~") || !strcmp(s, "null");
}

static size_t list_size(yaml_node_t *n)
{
    return (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
}

static yaml_node_t *item(reader *rd, yaml_node_t *n, size_t i)
{
    return node(rd, n->data.sequence.items.start[i]);
}

/* Every key of mapping `n` must be one of `keys`; unknown keys are errors. */
static bool known_keys(reader *rd, yaml_node_t *n, const char *what, const char *const *keys)
{
    if (n->type != YAML_MAPPING_NODE)
        return fail(rd, n, "%s: expected a mapping, found %s", what, type_name(n));
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(rd, p->key);
        const char *key = text(rd, k, what);
        if (!key)
            return false;
        bool ok = false;
        for (const char *const *w = keys; *w && !ok; w++)
            ok = !strcmp(key, *w);
        if (!ok) {
            char list[256] = "";
            for (const char *const *w = keys; *w; w++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", w == keys ? "" : ", ", *w);
            return fail(rd, k, "unknown key '%s' in %s (known: %s)", key, what, list);
        }
        for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < p; q++) {
            yaml_node_t *other = node(rd, q->key);
            if (other->type == YAML_SCALAR_NODE && !strcmp((const char *)other->data.scalar.value, key))
                return fail(rd, k, "key '%s' appears twice in %s", key, what);
        }
    }
    return true;
}

static yaml_node_t *value(reader *rd, yaml_node_t *map, const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(rd, p->key);
        if (k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, key))
            return node(rd, p->value);
    }
    return NULL;
}

static bool rotation_of(reader *rd, yaml_node_t *n, int *out)
{
    long v;
    if (!number(rd, n, "rotation", 0, 270, &v))
        return false;
    if (v % 90)
        return fail(rd, n, "rotation: expected 0, 90, 180 or 270, found %ld", v);
    *out = (int)(v / 90);
    return true;
}

static bool position(reader *rd, yaml_node_t *n, int *x, int *y)
{
    if (!is_list(rd, n, "at"))
        return false;
    if (list_size(n) != 2)
        return fail(rd, n, "at: expected [x, y]");
    long a, b;
    if (!number(rd, item(rd, n, 0), "x", -16000, 16000, &a) || !number(rd, item(rd, n, 1), "y", -16000, 16000, &b))
        return false;
    *x = (int)a;
    *y = (int)b;
    return true;
}

/* {tile, at, rotation}: the parts of a placement. */
static bool place(reader *rd, yaml_node_t *map, wr_place *p, bool keys_checked)
{
    static const char *const keys[] = {"tile", "at", "rotation", NULL};
    if (!keys_checked && !known_keys(rd, map, "a placement", keys))
        return false;
    yaml_node_t *tile = value(rd, map, "tile"), *at = value(rd, map, "at"), *rot = value(rd, map, "rotation");
    if (!tile || !at)
        return fail(rd, map, "a placement needs 'tile' and 'at'");
    p->at = loc_of(tile); /* problems with a placement point at its tile */
    if (!name_of(rd, tile, "tile", p->tile, sizeof p->tile) || !position(rd, at, &p->x, &p->y))
        return false;
    p->rotation = 0;
    return !rot || rotation_of(rd, rot, &p->rotation);
}

static bool turn(reader *rd, yaml_node_t *n, wr_record *r, int players)
{
    static const char *const keys[] = {"player", "pass", "tile", "at", "rotation", "meeples", "extra", "takes", NULL};
    if (!known_keys(rd, n, "a turn", keys))
        return false;
    wr_turn *t = wr_record_turn(r);
    t->at = loc_of(n);
    yaml_node_t *v;
    long num;
    if ((v = value(rd, n, "player"))) {
        if (!number(rd, v, "player", 0, players - 1, &num))
            return false;
        t->player = (int)num;
    }
    if ((v = value(rd, n, "pass")) && !boolean(rd, v, "pass", &t->pass))
        return false;
    bool has_tile = value(rd, n, "tile") != NULL;
    if (t->pass && (has_tile || value(rd, n, "meeples") || value(rd, n, "extra")))
        return fail(rd, n, "a turn that passes places nothing");
    if (!t->pass && !has_tile)
        return fail(rd, n, "a turn needs 'tile' and 'at', or 'pass: true'");
    if (has_tile && !place(rd, n, &t->place, true))
        return false;
    if ((v = value(rd, n, "meeples"))) {
        if (!is_list(rd, v, "meeples"))
            return false;
        if (list_size(v) > 2)
            return fail(rd, v, "meeples: at most 2 (on a wonder), found %zu", list_size(v));
        for (size_t i = 0; i < list_size(v); i++) {
            yaml_node_t *m = item(rd, v, i);
            t->meeple_at[i] = loc_of(m);
            if (!name_of(rd, m, "meeple", t->meeple[i], WR_MAX_NAME))
                return false;
            t->n_meeples++;
        }
    }
    if ((v = value(rd, n, "extra"))) {
        if (!is_list(rd, v, "extra"))
            return false;
        if (list_size(v) > WR_MAX_EXTRA)
            return fail(rd, v, "extra: at most %d tiles", WR_MAX_EXTRA);
        for (size_t i = 0; i < list_size(v); i++)
            if (!place(rd, item(rd, v, i), &t->extra[t->n_extra++], false))
                return false;
    }
    if ((v = value(rd, n, "takes"))) {
        static const char *const take_keys[] = {"player", "wonder", NULL};
        if (!is_list(rd, v, "takes"))
            return false;
        if (list_size(v) > WR_MAX_PLAYERS * 2)
            return fail(rd, v, "takes: too many entries");
        for (size_t i = 0; i < list_size(v); i++) {
            yaml_node_t *m = item(rd, v, i);
            wr_take *k = &t->takes[t->n_takes++];
            k->at = loc_of(m);
            if (!known_keys(rd, m, "a wonder taken", take_keys))
                return false;
            yaml_node_t *p = value(rd, m, "player"), *w = value(rd, m, "wonder");
            if (!p || !w)
                return fail(rd, m, "a wonder taken needs 'player' and 'wonder'");
            if (!number(rd, p, "player", 0, players - 1, &num) || !name_of(rd, w, "wonder", k->wonder, WR_MAX_NAME))
                return false;
            k->player = (int)num;
        }
    }
    return true;
}

static bool names_list(reader *rd, yaml_node_t *v, const char *what, char (*out)[WR_MAX_NAME], wr_loc *at, int max,
                       int *n)
{
    if (!is_list(rd, v, what))
        return false;
    if (list_size(v) > (size_t)max)
        return fail(rd, v, "%s: at most %d entries", what, max);
    for (size_t i = 0; i < list_size(v); i++) {
        if (at)
            at[i] = loc_of(item(rd, v, i));
        if (!name_of(rd, item(rd, v, i), what, out[i], WR_MAX_NAME))
            return false;
    }
    *n = (int)list_size(v);
    return true;
}

static bool setup(reader *rd, yaml_node_t *n, wr_record *r)
{
    static const char *const keys[] = {"players", "packs", "wonders", "variant", "seed", "meeples", "pile", NULL};
    if (!known_keys(rd, n, "setup", keys))
        return false;
    yaml_node_t *v = value(rd, n, "players");
    long num;
    if (!v)
        return fail(rd, n, "setup needs 'players' (a number, or a list of names)");
    if (v->type == YAML_SEQUENCE_NODE) {
        if (list_size(v) < 2 || list_size(v) > WR_MAX_PLAYERS)
            return fail(rd, v, "players: 2 to %d names, found %zu", WR_MAX_PLAYERS, list_size(v));
        for (size_t i = 0; i < list_size(v); i++)
            if (!name_of(rd, item(rd, v, i), "player name", r->names[i], sizeof r->names[i]))
                return false;
        r->players = (int)list_size(v);
    } else {
        if (!number(rd, v, "players", 2, WR_MAX_PLAYERS, &num))
            return false;
        r->players = (int)num;
    }
    if ((v = value(rd, n, "packs")) && !names_list(rd, v, "packs", r->packs, NULL, WR_MAX_PACKS, &r->n_packs))
        return false;
    if ((v = value(rd, n, "wonders")) &&
        !names_list(rd, v, "wonders", r->wonders, r->wonders_at, WR_MAX_WONDERS, &r->n_wonders))
        return false;
    if ((v = value(rd, n, "variant"))) {
        if (!number(rd, v, "variant", 1, 2, &num))
            return false;
        r->variant = (int)num;
    }
    if ((v = value(rd, n, "seed"))) {
        if (!number(rd, v, "seed", 0, 2147483647L, &num))
            return false;
        r->seed = (uint64_t)num;
    }
    if ((v = value(rd, n, "meeples"))) {
        if (!number(rd, v, "meeples", 0, 20, &num))
            return false;
        r->meeples = (int)num;
    }
    if ((v = value(rd, n, "pile"))) {
        if (!is_list(rd, v, "pile"))
            return false;
        if (list_size(v) > 256)
            return fail(rd, v, "pile: at most 256 tiles");
        r->has_pile = true;
        for (size_t i = 0; i < list_size(v); i++) {
            const char *s = text(rd, item(rd, v, i), "pile");
            if (!s)
                return false;
            wr_record_pile(r, s);
            r->pile_at[r->n_pile - 1] = loc_of(item(rd, v, i));
        }
    }
    return true;
}

bool wr_read_text(const char *name, const char *text_, size_t len, wr_record *r, FILE *err)
{
    wr_record_init(r, 2);
    snprintf(r->path, sizeof r->path, "%s", name);
    if (len == 0) {
        wr_error(err, name, (wr_loc){0, 0}, "the record is empty");
        return false;
    }
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.file = name;
    rd.err = err;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        wr_error(err, name, (wr_loc){0, 0}, "cannot start the YAML parser");
        return false;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text_, len);
    if (!yaml_parser_load(&parser, &rd.doc)) {
        const yaml_mark_t *m = &parser.problem_mark;
        wr_error(err, name, (wr_loc){m->line + 1, m->column + 1}, "malformed YAML: %s%s%s",
                 parser.problem ? parser.problem : "error", parser.context ? " " : "",
                 parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        return false;
    }
    yaml_parser_delete(&parser);
    yaml_node_t *root = yaml_document_get_root_node(&rd.doc);
    bool ok = false;
    static const char *const keys[] = {"format", "setup", "turns", NULL};
    if (!root) {
        wr_error(err, name, (wr_loc){0, 0}, "the record is empty");
    } else if (known_keys(&rd, root, "the record", keys)) {
        yaml_node_t *v = value(&rd, root, "format"), *s = value(&rd, root, "setup"), *t = value(&rd, root, "turns");
        long format;
        if (!v)
            fail(&rd, root, "the record needs 'format: %d'", WR_FORMAT);
        else if (number(&rd, v, "format", 0, 1000000, &format) && format != WR_FORMAT)
            fail(&rd, v, "format %ld is not known (this program reads format %d)", format, WR_FORMAT);
        else if (!s)
            fail(&rd, root, "the record needs 'setup'");
        else if (setup(&rd, s, r) && t && !is_null(t) && is_list(&rd, t, "turns"))
            for (size_t i = 0; i < list_size(t) && !rd.failed; i++)
                turn(&rd, item(&rd, t, i), r, r->players);
        ok = !rd.failed;
    }
    yaml_document_delete(&rd.doc);
    return ok;
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
    else
        ok = wr_read_text(path, buf, len, r, err);
    free(buf);
    return ok;
}

/* ---- writing ------------------------------------------------------------- */

typedef struct writer {
    yaml_emitter_t em;
    bool ok;
} writer;

static void emit(writer *w, yaml_event_t *e)
{
    if (w->ok && !yaml_emitter_emit(&w->em, e))
        w->ok = false;
}

static void scalar(writer *w, const char *s)
{
    yaml_event_t e;
    yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1, YAML_PLAIN_SCALAR_STYLE);
    emit(w, &e);
}

static void scalar_int(writer *w, long v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", v);
    scalar(w, buf);
}

static void begin_map(writer *w, bool flow)
{
    yaml_event_t e;
    yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
    emit(w, &e);
}

static void end_map(writer *w)
{
    yaml_event_t e;
    yaml_mapping_end_event_initialize(&e);
    emit(w, &e);
}

static void begin_list(writer *w, bool flow)
{
    yaml_event_t e;
    yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
    emit(w, &e);
}

static void end_list(writer *w)
{
    yaml_event_t e;
    yaml_sequence_end_event_initialize(&e);
    emit(w, &e);
}

static void placement(writer *w, const wr_place *p)
{
    scalar(w, "tile");
    scalar(w, p->tile);
    scalar(w, "at");
    begin_list(w, true);
    scalar_int(w, p->x);
    scalar_int(w, p->y);
    end_list(w);
    scalar(w, "rotation");
    scalar_int(w, 90L * p->rotation);
}

static int write_handler(void *data, unsigned char *buffer, size_t size)
{
    return fwrite(buffer, 1, size, data) == size;
}

bool wr_write_stream(FILE *out, const wr_record *r)
{
    writer w = {.ok = true};
    if (!yaml_emitter_initialize(&w.em))
        return false;
    yaml_emitter_set_output(&w.em, write_handler, out);
    yaml_emitter_set_unicode(&w.em, 1);
    yaml_event_t e;
    yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING);
    emit(&w, &e);
    yaml_document_start_event_initialize(&e, NULL, NULL, NULL, 1);
    emit(&w, &e);
    begin_map(&w, false);
    scalar(&w, "format");
    scalar_int(&w, WR_FORMAT);
    scalar(&w, "setup");
    begin_map(&w, false);
    scalar(&w, "players");
    if (r->names[0][0]) {
        begin_list(&w, true);
        for (int p = 0; p < r->players; p++)
            scalar(&w, r->names[p]);
        end_list(&w);
    } else {
        scalar_int(&w, r->players);
    }
    if (r->n_packs) {
        scalar(&w, "packs");
        begin_list(&w, true);
        for (int i = 0; i < r->n_packs; i++)
            scalar(&w, r->packs[i]);
        end_list(&w);
    }
    if (r->n_wonders) {
        scalar(&w, "wonders");
        begin_list(&w, false);
        for (int i = 0; i < r->n_wonders; i++)
            scalar(&w, r->wonders[i]);
        end_list(&w);
    }
    scalar(&w, "variant");
    scalar_int(&w, r->variant);
    scalar(&w, "seed");
    scalar_int(&w, (long)r->seed);
    if (!r->has_pile) {
        scalar(&w, "meeples");
        scalar_int(&w, r->meeples);
    } else {
        scalar(&w, "pile");
        begin_list(&w, true);
        for (size_t i = 0; i < r->n_pile; i++)
            scalar(&w, r->pile[i]);
        end_list(&w);
    }
    end_map(&w);
    scalar(&w, "turns");
    begin_list(&w, false);
    for (size_t i = 0; i < r->n_turns; i++) {
        const wr_turn *t = &r->turns[i];
        begin_map(&w, false);
        if (t->player >= 0) {
            scalar(&w, "player");
            scalar_int(&w, t->player);
        }
        if (t->pass) {
            scalar(&w, "pass");
            scalar(&w, "true");
        } else {
            placement(&w, &t->place);
        }
        if (t->n_meeples) {
            scalar(&w, "meeples");
            begin_list(&w, true);
            for (int k = 0; k < t->n_meeples; k++)
                scalar(&w, t->meeple[k]);
            end_list(&w);
        }
        if (t->n_extra) {
            scalar(&w, "extra");
            begin_list(&w, false);
            for (int k = 0; k < t->n_extra; k++) {
                begin_map(&w, true);
                placement(&w, &t->extra[k]);
                end_map(&w);
            }
            end_list(&w);
        }
        if (t->n_takes) {
            scalar(&w, "takes");
            begin_list(&w, false);
            for (int k = 0; k < t->n_takes; k++) {
                begin_map(&w, true);
                scalar(&w, "player");
                scalar_int(&w, t->takes[k].player);
                scalar(&w, "wonder");
                scalar(&w, t->takes[k].wonder);
                end_map(&w);
            }
            end_list(&w);
        }
        end_map(&w);
    }
    end_list(&w);
    end_map(&w);
    yaml_document_end_event_initialize(&e, 1);
    emit(&w, &e);
    yaml_stream_end_event_initialize(&e);
    emit(&w, &e);
    yaml_emitter_delete(&w.em);
    return w.ok;
}

bool wr_write_file(const char *path, const wr_record *r, FILE *err)
{
    char temp[4096];
    snprintf(temp, sizeof temp, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(temp);
    if (fd < 0) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot write: %s", strerror(errno));
        return false;
    }
    FILE *f = fdopen(fd, "wb");
    bool ok = f && wr_write_stream(f, r);
    ok = f && fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    if (f)
        ok = fclose(f) == 0 && ok;
    else
        close(fd);
    if (ok && rename(temp, path) != 0)
        ok = false;
    if (!ok) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot write: %s", strerror(errno));
        unlink(temp);
    }
    return ok;
}
