/*
** dump.c -- the compiled tile set as YAML (libyaml's emitter) or JSON; see
** dump.h.
**
** One walk over the tables drives a small writer with two back ends, so the
** two formats cannot drift apart: YAML goes through libyaml's emitter, which
** quotes and escapes whatever needs it; JSON is simple enough to write here.
*/
#include "dump.h"
#include "marks.h"
#include "show.h"
#include "effect_text.h"
#include "geom.h"
#include "words.h"

#include <stdio.h>
#include <string.h>
#include <yaml.h>

/* ---- the writer ---------------------------------------------------------- */

enum { MAX_DEPTH = 8 };

typedef struct writer {
    wc_dump_format format;
    wc_buf        *out;
    bool           ok;
    yaml_emitter_t emitter;
    /* JSON: one frame per open container */
    int  depth;
    bool is_map[MAX_DEPTH], first[MAX_DEPTH], flow[MAX_DEPTH];
} writer;

static int to_buf(void *data, unsigned char *bytes, size_t size)
{
    wc_buf_append(data, (const char *)bytes, size);
    return 1;
}

/* Hand over an event libyaml made (@p made), or stop the document: an
** event it refused to make (no memory) is never given to the emitter. */
static void emit(writer *w, int made, yaml_event_t *ev)
{
    if (!made) {
        w->ok = false;
        return;
    }
    if (!w->ok) {
        yaml_event_delete(ev);
        return;
    }
    if (!yaml_emitter_emit(&w->emitter, ev)) /* frees the event either way */
        w->ok = false;
}

static void json_indent(writer *w, int depth)
{
    wc_buf_puts(w->out, "\n");
    for (int i = 0; i < depth; i++)
        wc_buf_puts(w->out, "  ");
}

/* The next entry of the innermost container: the separator after the
** previous one, then a space (one line) or a line break (indented). */
static void json_next(writer *w)
{
    int top = w->depth - 1;
    if (!w->first[top])
        wc_buf_puts(w->out, ",");
    if (w->flow[top])
        wc_buf_puts(w->out, w->first[top] ? "" : " ");
    else
        json_indent(w, w->depth);
    w->first[top] = false;
}

/* Before a value: a sequence's next entry (a map's key has placed it). */
static void json_item(writer *w)
{
    if (w->depth > 0 && !w->is_map[w->depth - 1])
        json_next(w);
}

static void json_string(writer *w, const char *s)
{
    wc_buf_puts(w->out, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            wc_buf_printf(w->out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7F)
            wc_buf_printf(w->out, "\\u%04x", *p);
        else
            wc_buf_append(w->out, (const char *)p, 1);
    }
    wc_buf_puts(w->out, "\"");
}

static void begin(writer *w, bool map, bool flow)
{
    if (w->format == WC_DUMP_YAML) {
        yaml_event_t ev;
        if (map)
            emit(w, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, flow ? YAML_FLOW_MAPPING_STYLE
                                                                                : YAML_BLOCK_MAPPING_STYLE), &ev);
        else
            emit(w, yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE
                                                                                  : YAML_BLOCK_SEQUENCE_STYLE), &ev);
        return;
    }
    json_item(w);
    wc_buf_puts(w->out, map ? "{" : "[");
    if (w->depth < MAX_DEPTH) {
        w->is_map[w->depth] = map;
        w->first[w->depth] = true;
        w->flow[w->depth] = flow || (w->depth > 0 && w->flow[w->depth - 1]);
    }
    w->depth++;
}

static void json_end(writer *w)
{
    int top = --w->depth;
    if (!w->flow[top] && !w->first[top])
        json_indent(w, top);
    wc_buf_puts(w->out, w->is_map[top] ? "}" : "]");
}

static void end_map(writer *w)
{
    if (w->format == WC_DUMP_YAML) {
        yaml_event_t ev;
        emit(w, yaml_mapping_end_event_initialize(&ev), &ev);
    } else {
        json_end(w);
    }
}

static void end_seq(writer *w)
{
    if (w->format == WC_DUMP_YAML) {
        yaml_event_t ev;
        emit(w, yaml_sequence_end_event_initialize(&ev), &ev);
    } else {
        json_end(w);
    }
}

/* A scalar: @p number is written bare in JSON; @p quoted forces YAML's
** double quotes (display names, which a reader must never take for a
** number, a boolean or null). */
static void scalar(writer *w, const char *s, bool number, bool quoted)
{
    if (w->format == WC_DUMP_YAML) {
        if (!w->ok)
            return;
        yaml_event_t ev;
        emit(w, yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1,
                                             quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE),
             &ev);
        return;
    }
    json_item(w);
    if (number)
        wc_buf_puts(w->out, s);
    else
        json_string(w, s);
}

static void key(writer *w, const char *k)
{
    if (w->format == WC_DUMP_YAML) {
        scalar(w, k, false, false);
        return;
    }
    json_next(w);
    json_string(w, k);
    wc_buf_puts(w->out, ": ");
}

static void str(writer *w, const char *s)
{
    scalar(w, s, false, false);
}

static void num(writer *w, long v)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%ld", v);
    scalar(w, digits, true, false);
}

static void key_str(writer *w, const char *k, const char *s)
{
    key(w, k);
    str(w, s);
}

static void key_num(writer *w, const char *k, long v)
{
    key(w, k);
    num(w, v);
}

/* "city road": the kinds of a bit set, as the language writes them. */
static const char *kind_list(unsigned kinds, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int k = 0; k < WH_N_KINDS; k++)
        if (kinds >> k & 1u)
            snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? " " : "", wc_kind_words[k]);
    return buf;
}

/* ---- the tile set, in words ---------------------------------------------- */

static const char *feature_name(const wh_tileset_t *set, const wh_tile_t *t, unsigned local)
{
    return local < t->n_features ? set->strings + set->features[t->first_feature + local].name : "?";
}

static const char *square_name(const wh_tileset_t *set, const wh_tile_t *t, unsigned s)
{
    const char *name = set->strings + set->squares[t->first_square + s].name;
    return *name ? name : "square";
}

/* "road f1 r f2": the edge type, then the feature owning each segment; a
** field side owned whole by one field names it once. */
static void side_text(const wh_tileset_t *set, const wh_tile_t *t, const wh_side_t *sd, wc_buf *b)
{
    wc_buf_puts(b, wc_edge_words[sd->edge < WH_N_EDGES ? sd->edge : 0]);
    uint8_t l = sd->feature[WH_SLOT_L], m = sd->feature[WH_SLOT_M], r = sd->feature[WH_SLOT_R];
    if (l != WH_NONE)
        wc_buf_printf(b, " %s", feature_name(set, t, l));
    if (m != WH_NONE)
        wc_buf_printf(b, " %s", feature_name(set, t, m));
    if (r != WH_NONE && (r != l || sd->edge != WH_EDGE_FIELD))
        wc_buf_printf(b, " %s", feature_name(set, t, r));
}

static void write_handler(writer *w, const wh_tileset_t *set, const wh_handler_t *h, wc_buf *b)
{
    begin(w, true, false);
    b->len = 0;
    wc_event_text(h, b);
    key_str(w, "event", b->data);
    key_str(w, "start", wc_start_word(h));
    if (*wc_limit_text(h))
        key_str(w, "limit", wc_limit_text(h));
    if (h->when != WH_NO_EXPR) {
        b->len = 0;
        wc_expr_text(set, h, h->when, b);
        key_str(w, "when", b->data);
    }
    b->len = 0;
    wc_expr_text(set, h, h->body, b);
    key_str(w, "body", b->data);
    b->len = 0;
    wc_handler_words(set, h, b);
    key(w, "says");
    scalar(w, b->data, false, true);
    end_map(w);
}

static void write_effect(writer *w, const wh_tileset_t *set, const wh_effect_t *e)
{
    wc_buf b;
    wc_buf_init(&b);
    begin(w, true, false);
    if (e->n_counters) {
        key(w, "counters");
        begin(w, true, true);
        for (unsigned c = 0; c < e->n_counters; c++) {
            uint32_t i = (uint32_t)e->counter_init + c;
            b.len = 0;
            wc_counter_name(set, e, c, &b);
            key_num(w, b.data, i < set->n_exprs ? set->exprs[i].k : 0);
        }
        end_map(w);
    }
    b.len = 0;
    wc_rules_words(e, "", "; ", &b);
    bool has_rules = b.len > 0;
    if (has_rules) {
        key(w, "rules");
        begin(w, true, false);
        if (e->hand) {
            key_num(w, "hand", e->hand);
            key_str(w, "hand_rest", e->hand_rest == WH_HAND_BOTTOM ? "bottom" : "keep");
        }
        if (e->supply)
            key_num(w, "supply", e->supply);
        static const char *const figures[] = {"weight meeple", "weight large", "weight abbot"};
        for (int f = 0; f < 3; f++)
            if (e->weight[f])
                key_num(w, figures[f], e->weight[f]);
        if (e->reserve)
            key_num(w, "reserve", e->reserve);
        static const char *const phases[WH_N_WEIGHT_PHASES] = {"always", "during", "final"};
        char kinds[96];
        if (e->weight_kinds)
            key_str(w, "weight_kinds", kind_list(e->weight_kinds, kinds, sizeof kinds));
        if (e->weight_within != WH_NONE)
            key_num(w, "weight_within", e->weight_within);
        if (e->weight_phase != WH_WEIGHT_ALWAYS && e->weight_phase < WH_N_WEIGHT_PHASES)
            key_str(w, "weight_phase", phases[e->weight_phase]);
        if (e->forbid != WH_FORBID_NONE) {
            key_str(w, "forbid", e->forbid == WH_FORBID_OTHERS ? "others" : "everyone");
            if (e->forbid_kinds)
                key_str(w, "forbid_kinds", kind_list(e->forbid_kinds, kinds, sizeof kinds));
            if (e->forbid_within != WH_NONE)
                key_num(w, "forbid_within", e->forbid_within);
        }
        b.len -= 2; /* the last "; " */
        b.data[b.len] = '\0';
        key(w, "says");
        scalar(w, b.data, false, true);
        end_map(w);
    }
    if (e->n_handlers) {
        key(w, "handlers");
        begin(w, false, false);
        for (unsigned k = 0; k < e->n_handlers && e->first_handler + k < set->n_handlers; k++)
            write_handler(w, set, &set->handlers[e->first_handler + k], &b);
        end_seq(w);
    }
    uint32_t first, end;
    wc_effect_nodes(set, e, &first, &end);
    if (first < end) {
        key(w, "nodes");
        begin(w, false, false);
        for (uint32_t i = first; i < end; i++) {
            b.len = 0;
            wc_node_text(set, i, &b);
            str(w, b.data);
        }
        end_seq(w);
    }
    if (!e->n_counters && !e->n_handlers && !has_rules) { /* `none`: said on purpose */
        key(w, "none");
        scalar(w, "true", true, false);
    }
    end_map(w);
    wc_buf_free(&b);
}

static void write_names(writer *w, const char *label, const wh_tileset_t *set, const wh_tile_t *t, uint32_t bits)
{
    key(w, label);
    begin(w, false, true);
    for (unsigned j = 0; bits; bits >>= 1, j++)
        if (bits & 1u)
            str(w, label[0] == 't' ? feature_name(set, t, j) : square_name(set, t, j));
    end_seq(w);
}

static void write_feature(writer *w, const wh_tileset_t *set, const wh_tile_t *t, const wh_feature_t *f)
{
    key(w, set->strings + f->name);
    begin(w, true, true);
    key_str(w, "kind", wc_kind_word(f->kind));
    key_num(w, "squares", f->n_squares);
    if (t->n_squares > 1)
        write_names(w, "on", set, t, f->squares);
    if (f->kind == WH_KIND_CITY || f->kind == WH_KIND_ROAD || f->kind == WH_KIND_RIVER)
        key_num(w, "open", f->open);
    if (f->arms)
        key_num(w, "arms", f->arms);
    for (unsigned b = 0; b < WH_N_MARKS; b++)
        if (f->marks & (1u << b)) {
            key(w, wc_feature_mark_word(b)); /* inn, cathedral, wine, ... */
            scalar(w, "true", true, false);  /* a plain boolean in both formats */
        }
    if (f->touches)
        write_names(w, "touches", set, t, f->touches);
    end_map(w);
}

static void write_tile(writer *w, const wh_tileset_t *set, const wh_tile_t *t)
{
    wc_buf b;
    wc_buf_init(&b);
    key(w, set->strings + t->id);
    begin(w, true, false);
    key(w, "name");
    scalar(w, set->strings + t->name, false, true);
    key_str(w, "pack", set->strings + set->packs[t->pack].id);
    key_str(w, "kind", t->kind == WH_TILE_WONDER ? "wonder" : "land");
    key_num(w, "count", t->count);
    if (*(set->strings + t->tags)) {
        key(w, "tags");
        begin(w, false, true);
        const char *s = set->strings + t->tags;
        while (*s) {
            size_t n = strcspn(s, ",");
            b.len = 0;
            wc_buf_append(&b, s, n);
            str(w, b.data);
            s += n + (s[n] == ',');
        }
        end_seq(w);
    }
    key(w, "squares");
    begin(w, true, false);
    for (uint32_t s = 0; s < t->n_squares; s++) {
        const wh_square_t *sq = &set->squares[t->first_square + s];
        key(w, square_name(set, t, s));
        begin(w, true, true);
        key(w, "at");
        begin(w, false, true);
        num(w, sq->x);
        num(w, sq->y);
        end_seq(w);
        for (int d = 0; d < 4; d++) {
            b.len = 0;
            if (sq->side[d] == WH_NONE)
                wc_buf_puts(&b, "internal");
            else
                side_text(set, t, &set->sides[t->first_side + sq->side[d]], &b);
            key_str(w, wc_dir_names[d], b.data);
        }
        end_map(w);
    }
    end_map(w);
    key(w, "features");
    begin(w, true, false);
    for (uint32_t f = 0; f < t->n_features; f++)
        write_feature(w, set, t, &set->features[t->first_feature + f]);
    end_map(w);
    if (t->effect) {
        key(w, "effect");
        write_effect(w, set, &set->effects[t->effect - 1]);
    }
    end_map(w);
    wc_buf_free(&b);
}

static void write_totals(writer *w, const wh_tileset_t *set, uint32_t first, uint32_t n)
{
    long copies = 0, wonders = 0;
    for (uint32_t i = first; i < first + n; i++) {
        copies += set->tiles[i].count;
        wonders += set->tiles[i].kind == WH_TILE_WONDER;
    }
    key_num(w, "kinds", n);
    key_num(w, "tiles", copies);
    key_num(w, "wonders", wonders);
}

static void write_set(writer *w, const wh_tileset_t *set)
{
    begin(w, true, false);
    key(w, "tileset");
    begin(w, true, true);
    key_num(w, "packs", set->n_packs);
    write_totals(w, set, 0, set->n_tiles);
    end_map(w);
    key(w, "packs");
    begin(w, true, false);
    for (uint32_t p = 0; p < set->n_packs; p++) {
        const wh_pack_t *k = &set->packs[p];
        key(w, set->strings + k->id);
        begin(w, true, true);
        key(w, "name");
        scalar(w, set->strings + k->name, false, true);
        write_totals(w, set, k->first_tile, k->n_tiles);
        end_map(w);
    }
    end_map(w);
    for (uint32_t t = 0; t < set->n_tiles; t++)
        write_tile(w, set, &set->tiles[t]);
    end_map(w);
}

bool wc_dump(const wh_tileset_t *set, wc_dump_format format, const char *const *inputs, size_t n_inputs,
             wc_buf *out)
{
    writer w;
    memset(&w, 0, sizeof w);
    w.format = format;
    w.out = out;
    w.ok = true;
    if (format == WC_DUMP_JSON) {
        write_set(&w, set);
        wc_buf_puts(out, "\n");
        return true;
    }
    wc_buf_puts(out, "# The compiled tile set, as the runtime links it -- written by wonderc from:\n");
    for (size_t i = 0; i < n_inputs; i++)
        wc_buf_printf(out, "#   %s\n", inputs[i]);
    wc_buf_puts(out, "# Do not edit: change the .tiles files; `make` rewrites this file.\n"
                     "# One top-level key per tile, so `git diff` names the tile of every change.\n");
    if (!yaml_emitter_initialize(&w.emitter))
        return false;
    yaml_emitter_set_output(&w.emitter, to_buf, out);
    yaml_emitter_set_unicode(&w.emitter, 1);
    yaml_emitter_set_width(&w.emitter, -1);
    yaml_emitter_set_indent(&w.emitter, 2);
    yaml_event_t ev;
    emit(&w, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING), &ev);
    emit(&w, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1), &ev);
    write_set(&w, set);
    emit(&w, yaml_document_end_event_initialize(&ev, 1), &ev);
    emit(&w, yaml_stream_end_event_initialize(&ev), &ev);
    yaml_emitter_delete(&w.emitter);
    return w.ok;
}
