/*
** record_write.c -- writing a game record with libyaml's emitter, through a
** temporary file renamed into place; see record.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "atomic.h"
#include "record.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

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

static void emit_begin_map(writer *w, bool flow)
{
    yaml_event_t e;
    yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
    emit(w, &e);
}

static void emit_end_map(writer *w)
{
    yaml_event_t e;
    yaml_mapping_end_event_initialize(&e);
    emit(w, &e);
}

static void emit_begin_list(writer *w, bool flow)
{
    yaml_event_t e;
    yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
    emit(w, &e);
}

static void emit_end_list(writer *w)
{
    yaml_event_t e;
    yaml_sequence_end_event_initialize(&e);
    emit(w, &e);
}

static void emit_placement(writer *w, const wr_place *p)
{
    scalar(w, "tile");
    scalar(w, p->tile);
    scalar(w, "at");
    emit_begin_list(w, true);
    scalar_int(w, p->x);
    scalar_int(w, p->y);
    emit_end_list(w);
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
    emit_begin_map(&w, false);
    scalar(&w, "format");
    scalar_int(&w, WR_FORMAT);
    scalar(&w, "setup");
    emit_begin_map(&w, false);
    scalar(&w, "players");
    if (r->names[0][0]) {
        emit_begin_list(&w, true);
        for (int p = 0; p < r->players; p++)
            scalar(&w, r->names[p]);
        emit_end_list(&w);
    } else {
        scalar_int(&w, r->players);
    }
    if (r->n_packs) {
        scalar(&w, "packs");
        emit_begin_list(&w, true);
        for (int i = 0; i < r->n_packs; i++)
            scalar(&w, r->packs[i]);
        emit_end_list(&w);
    }
    if (r->n_wonders) {
        scalar(&w, "wonders");
        emit_begin_list(&w, false);
        for (int i = 0; i < r->n_wonders; i++)
            scalar(&w, r->wonders[i]);
        emit_end_list(&w);
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
        emit_begin_list(&w, true);
        for (size_t i = 0; i < r->n_pile; i++)
            scalar(&w, r->pile[i]);
        emit_end_list(&w);
    }
    emit_end_map(&w);
    scalar(&w, "turns");
    emit_begin_list(&w, false);
    for (size_t i = 0; i < r->n_turns; i++) {
        const wr_turn *t = &r->turns[i];
        emit_begin_map(&w, false);
        /* In a game the rules say whose turn it is, so the player is
           written only in a position, where it says whose tile it is. */
        if (t->player >= 0 && !r->has_pile) {
            scalar(&w, "player");
            scalar_int(&w, t->player);
        }
        if (t->pass) {
            scalar(&w, "pass");
            scalar(&w, "true");
        } else {
            emit_placement(&w, &t->place);
        }
        if (t->n_meeples) {
            scalar(&w, "meeples");
            emit_begin_list(&w, true);
            for (int k = 0; k < t->n_meeples; k++)
                scalar(&w, t->meeple[k]);
            emit_end_list(&w);
        }
        if (t->n_extra) {
            scalar(&w, "extra");
            emit_begin_list(&w, false);
            for (int k = 0; k < t->n_extra; k++) {
                emit_begin_map(&w, true);
                emit_placement(&w, &t->extra[k]);
                emit_end_map(&w);
            }
            emit_end_list(&w);
        }
        if (t->n_takes) {
            scalar(&w, "takes");
            emit_begin_list(&w, false);
            for (int k = 0; k < t->n_takes; k++) {
                emit_begin_map(&w, true);
                scalar(&w, "player");
                scalar_int(&w, t->takes[k].player);
                scalar(&w, "wonder");
                scalar(&w, t->takes[k].wonder);
                emit_end_map(&w);
            }
            emit_end_list(&w);
        }
        emit_end_map(&w);
    }
    emit_end_list(&w);
    emit_end_map(&w);
    yaml_document_end_event_initialize(&e, 1);
    emit(&w, &e);
    yaml_stream_end_event_initialize(&e);
    emit(&w, &e);
    yaml_emitter_delete(&w.em);
    return w.ok;
}

static bool write_record(FILE *out, const void *r)
{
    return wr_write_stream(out, r);
}

bool wr_write_file(const char *path, const wr_record *r, FILE *err)
{
    return wr_write_atomic(path, write_record, r, err);
}
