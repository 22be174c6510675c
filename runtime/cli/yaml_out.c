/* yaml_out.c -- libyaml's emitter, every result checked; see yaml_out.h. */
#include "yaml_out.h"

#include <string.h>

static int to_file(void *data, unsigned char *bytes, size_t size)
{
    return fwrite(bytes, 1, size, data) == size;
}

/* Hand over an event libyaml made (@p made), or stop the document. */
static void emit(wr_yaml_out *w, int made, yaml_event_t *e)
{
    if (!made) {
        w->ok = false;
        return;
    }
    if (!w->ok) {
        yaml_event_delete(e); /* made, but the document has already failed */
        return;
    }
    if (!yaml_emitter_emit(&w->em, e)) /* the emitter frees the event either way */
        w->ok = false;
}

void wr_out_start(wr_yaml_out *w, FILE *out, bool fold)
{
    memset(w, 0, sizeof *w);
    w->started = yaml_emitter_initialize(&w->em) != 0;
    w->ok = w->started;
    if (!w->ok)
        return;
    yaml_emitter_set_output(&w->em, to_file, out);
    yaml_emitter_set_unicode(&w->em, 1);
    if (!fold)
        yaml_emitter_set_width(&w->em, -1);
    yaml_event_t e;
    emit(w, yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING), &e);
    emit(w, yaml_document_start_event_initialize(&e, NULL, NULL, NULL, 1), &e);
}

void wr_out_scalar(wr_yaml_out *w, const char *s)
{
    if (!w->ok)
        return;
    yaml_event_t e;
    emit(w, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1, YAML_ANY_SCALAR_STYLE),
         &e);
}

void wr_out_int(wr_yaml_out *w, long v)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%ld", v);
    wr_out_scalar(w, digits);
}

void wr_out_begin(wr_yaml_out *w, bool map, bool flow)
{
    if (!w->ok)
        return;
    yaml_event_t e;
    if (map)
        emit(w, yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_MAPPING_STYLE
                                                                           : YAML_BLOCK_MAPPING_STYLE), &e);
    else
        emit(w, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE
                                                                             : YAML_BLOCK_SEQUENCE_STYLE), &e);
}

void wr_out_end(wr_yaml_out *w, bool map)
{
    if (!w->ok)
        return;
    yaml_event_t e;
    if (map)
        emit(w, yaml_mapping_end_event_initialize(&e), &e);
    else
        emit(w, yaml_sequence_end_event_initialize(&e), &e);
}

bool wr_out_finish(wr_yaml_out *w)
{
    if (w->ok) {
        yaml_event_t e;
        emit(w, yaml_document_end_event_initialize(&e, 1), &e);
        emit(w, yaml_stream_end_event_initialize(&e), &e);
    }
    if (w->started)
        yaml_emitter_delete(&w->em);
    w->started = false;
    return w->ok;
}
