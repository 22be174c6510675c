/*
** record_write.c -- writing a game record with libyaml's emitter, through a
** temporary file renamed into place; see record.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "atomic.h"
#include "record.h"
#include "yaml_out.h"
#include "../wonders.h"

#include <stdlib.h>
#include <string.h>

/* A flow sequence of the integers x, y: "[x, y]". */
static void emit_point(wr_yaml_out *w, int x, int y)
{
    wr_out_begin(w, false, true);
    wr_out_int(w, x);
    wr_out_int(w, y);
    wr_out_end(w, false);
}

/* KEY: [NAME, ...]: a sequence (in flow style when @p flow) of @p n names
** @p size bytes apart from @p names on. */
static void emit_names(wr_yaml_out *w, const char *key, const char *names, size_t size, size_t n, bool flow)
{
    wr_out_scalar(w, key);
    wr_out_begin(w, false, flow);
    for (size_t i = 0; i < n; i++)
        wr_out_scalar(w, names + i * size);
    wr_out_end(w, false);
}

static void emit_placement(wr_yaml_out *w, const wr_place *p)
{
    wr_out_scalar(w, "tile");
    wr_out_scalar(w, p->tile);
    wr_out_scalar(w, "at");
    emit_point(w, p->x, p->y);
    wr_out_scalar(w, "rotation");
    wr_out_int(w, 90L * p->rotation);
}

/* The setup mapping: who plays, with what, from which seed; a position's
** pile, or a game's meeples and tile count. */
static void emit_setup(wr_yaml_out *w, const wr_record *r)
{
    wr_out_scalar(w, "setup");
    wr_out_begin(w, true, false);
    if (r->names[0][0]) {
        emit_names(w, "players", r->names[0], sizeof r->names[0], (size_t)r->players, true);
    } else {
        wr_out_scalar(w, "players");
        wr_out_int(w, r->players);
    }
    if (r->n_packs)
        emit_names(w, "packs", r->packs[0], sizeof r->packs[0], (size_t)r->n_packs, true);
    if (r->n_wonders)
        emit_names(w, "wonders", r->wonders[0], sizeof r->wonders[0], (size_t)r->n_wonders, false);
    if (*r->start) {
        wr_out_scalar(w, "start");
        wr_out_scalar(w, r->start);
    }
    if (r->rules) {
        wr_out_scalar(w, "rules");
        wr_out_begin(w, false, true);
        for (int k = 0; k < WH_N_RULES; k++)
            if (r->rules & WH_RULE_BIT(k))
                wr_out_scalar(w, wh_rule_word((wh_rule_t)k));
        wr_out_end(w, false);
    }
    wr_out_scalar(w, "variant");
    wr_out_int(w, r->variant);
    wr_out_scalar(w, "seed");
    wr_out_int(w, (long)r->seed);
    if (!r->has_pile) {
        wr_out_scalar(w, "meeples");
        wr_out_int(w, r->meeples);
        if (r->tiles) {
            wr_out_scalar(w, "tiles");
            wr_out_int(w, r->tiles);
        }
    } else {
        emit_names(w, "pile", (const char *)r->pile, sizeof *r->pile, r->n_pile, true);
    }
    wr_out_end(w, true);
}

/* meeples: [FEATURE, FIGURE FEATURE, ...]: a plain meeple by its feature alone. */
static void emit_meeples(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "meeples");
    wr_out_begin(w, false, true);
    for (int k = 0; k < t->n_meeples; k++) {
        char item[2 * WR_MAX_NAME];
        if (t->meeple_figure[k] != WH_FIGURE_MEEPLE && t->meeple_figure[k] < WH_N_FIGURES)
            snprintf(item, sizeof item, "%s %s", wh_figure_word((wh_figure_t)t->meeple_figure[k]), t->meeple[k]);
        else
            snprintf(item, sizeof item, "%s", t->meeple[k]);
        wr_out_scalar(w, item);
    }
    wr_out_end(w, false);
}

static void emit_portal(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "portal");
    wr_out_begin(w, true, true);
    wr_out_scalar(w, "at");
    emit_point(w, t->portal_x, t->portal_y);
    wr_out_scalar(w, "feature");
    wr_out_scalar(w, t->portal_feature);
    if (t->portal_figure != WH_FIGURE_MEEPLE && t->portal_figure < WH_N_FIGURES) {
        wr_out_scalar(w, "figure");
        wr_out_scalar(w, wh_figure_word((wh_figure_t)t->portal_figure));
    }
    wr_out_end(w, true);
}

static void emit_princess(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "princess");
    wr_out_begin(w, true, true);
    wr_out_scalar(w, "at");
    emit_point(w, t->princess_x, t->princess_y);
    wr_out_scalar(w, "feature");
    wr_out_scalar(w, t->princess_feature);
    wr_out_scalar(w, "player");
    wr_out_int(w, t->princess_player);
    wr_out_end(w, true);
}

static void emit_fairy(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "fairy");
    wr_out_begin(w, true, true);
    wr_out_scalar(w, "at");
    emit_point(w, t->fairy_x, t->fairy_y);
    if (t->fairy_feature[0]) { /* none with fairy_on_tile: the fairy goes on the tile */
        wr_out_scalar(w, "feature");
        wr_out_scalar(w, t->fairy_feature);
    }
    wr_out_end(w, true);
}

static void emit_floor(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "floor");
    wr_out_begin(w, true, true);
    wr_out_scalar(w, "at");
    emit_point(w, t->floor_x, t->floor_y);
    if (t->take) {
        wr_out_scalar(w, "take");
        emit_point(w, t->take_x, t->take_y);
        if (t->take_feature[0]) { /* none: the meeple closing the tower there */
            wr_out_scalar(w, "feature");
            wr_out_scalar(w, t->take_feature);
        }
    }
    wr_out_end(w, true);
}

static void emit_close(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "close");
    wr_out_begin(w, true, true);
    wr_out_scalar(w, "at");
    emit_point(w, t->close_x, t->close_y);
    if (t->close_figure != WH_FIGURE_MEEPLE) {
        wr_out_scalar(w, "figure");
        wr_out_scalar(w, wh_figure_word((wh_figure_t)t->close_figure));
    }
    wr_out_end(w, true);
}

static void emit_ransom(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "ransom");
    wr_out_begin(w, true, true);
    wr_out_scalar(w, "player");
    wr_out_int(w, t->ransom_player);
    if (t->ransom_figure != WH_FIGURE_MEEPLE) {
        wr_out_scalar(w, "figure");
        wr_out_scalar(w, wh_figure_word((wh_figure_t)t->ransom_figure));
    }
    wr_out_end(w, true);
}

static void emit_dragon(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "dragon");
    wr_out_begin(w, false, true);
    for (int k = 0; k < t->n_dragon; k++)
        emit_point(w, t->dragon[k][0], t->dragon[k][1]);
    wr_out_end(w, false);
}

/* extra: the turn's further placements (a builder's second tile), each a mapping. */
static void emit_extras(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "extra");
    wr_out_begin(w, false, false);
    for (int k = 0; k < t->n_extra; k++) {
        wr_out_begin(w, true, true);
        emit_placement(w, &t->extra[k]);
        wr_out_end(w, true);
    }
    wr_out_end(w, false);
}

/* takes: the wonders taken from the track this turn, and by whom. */
static void emit_takes(wr_yaml_out *w, const wr_turn *t)
{
    wr_out_scalar(w, "takes");
    wr_out_begin(w, false, false);
    for (int k = 0; k < t->n_takes; k++) {
        wr_out_begin(w, true, true);
        wr_out_scalar(w, "player");
        wr_out_int(w, t->takes[k].player);
        wr_out_scalar(w, "wonder");
        wr_out_scalar(w, t->takes[k].wonder);
        wr_out_end(w, true);
    }
    wr_out_end(w, false);
}

/* One turn's mapping, its keys in the order the reader documents; a key
** whose part the turn has not is left out. */
static void emit_turn(wr_yaml_out *w, const wr_record *r, const wr_turn *t)
{
    wr_out_begin(w, true, false);
    /* In a game the rules say whose turn it is, so the player is
       written only in a position, where it says whose tile it is. */
    if (t->player >= 0 && !r->has_pile) {
        wr_out_scalar(w, "player");
        wr_out_int(w, t->player);
    }
    if (t->pass) {
        wr_out_scalar(w, "pass");
        wr_out_scalar(w, "true");
    } else {
        emit_placement(w, &t->place);
    }
    if (t->n_meeples)
        emit_meeples(w, t);
    if (t->recall) {
        wr_out_scalar(w, "recall");
        wr_out_scalar(w, "true");
    }
    if (t->portal)
        emit_portal(w, t);
    if (t->princess)
        emit_princess(w, t);
    if (t->floor)
        emit_floor(w, t);
    if (t->close)
        emit_close(w, t);
    if (t->ransom)
        emit_ransom(w, t);
    if (t->fairy)
        emit_fairy(w, t);
    if (t->n_dragon)
        emit_dragon(w, t);
    if (t->marker && t->marker <= WH_N_FIGURES) {
        wr_out_scalar(w, "marker");
        wr_out_scalar(w, wh_figure_word((wh_figure_t)(t->marker - 1)));
    }
    if (t->n_extra)
        emit_extras(w, t);
    if (t->n_takes)
        emit_takes(w, t);
    wr_out_end(w, true);
}

bool wr_write_stream(FILE *out, const wr_record *r)
{
    wr_yaml_out w;
    wr_out_start(&w, out, true);
    wr_out_begin(&w, true, false);
    wr_out_scalar(&w, "format");
    wr_out_int(&w, WR_FORMAT);
    emit_setup(&w, r);
    wr_out_scalar(&w, "turns");
    wr_out_begin(&w, false, false);
    for (size_t i = 0; i < r->n_turns; i++)
        emit_turn(&w, r, &r->turns[i]);
    wr_out_end(&w, false);
    wr_out_end(&w, true);
    return wr_out_finish(&w);
}

static bool write_record(FILE *out, const void *r)
{
    return wr_write_stream(out, r);
}

bool wr_write_file(const char *path, const wr_record *r, FILE *err)
{
    return wr_write_atomic(path, write_record, r, err);
}
