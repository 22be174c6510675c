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

static void emit_placement(wr_yaml_out *w, const wr_place *p)
{
    wr_out_scalar(w, "tile");
    wr_out_scalar(w, p->tile);
    wr_out_scalar(w, "at");
    wr_out_begin(w, false, true);
    wr_out_int(w, p->x);
    wr_out_int(w, p->y);
    wr_out_end(w, false);
    wr_out_scalar(w, "rotation");
    wr_out_int(w, 90L * p->rotation);
}

bool wr_write_stream(FILE *out, const wr_record *r)
{
    wr_yaml_out w;
    wr_out_start(&w, out, true);
    wr_out_begin(&w, true, false);
    wr_out_scalar(&w, "format");
    wr_out_int(&w, WR_FORMAT);
    wr_out_scalar(&w, "setup");
    wr_out_begin(&w, true, false);
    wr_out_scalar(&w, "players");
    if (r->names[0][0]) {
        wr_out_begin(&w, false, true);
        for (int p = 0; p < r->players; p++)
            wr_out_scalar(&w, r->names[p]);
        wr_out_end(&w, false);
    } else {
        wr_out_int(&w, r->players);
    }
    if (r->n_packs) {
        wr_out_scalar(&w, "packs");
        wr_out_begin(&w, false, true);
        for (int i = 0; i < r->n_packs; i++)
            wr_out_scalar(&w, r->packs[i]);
        wr_out_end(&w, false);
    }
    if (r->n_wonders) {
        wr_out_scalar(&w, "wonders");
        wr_out_begin(&w, false, false);
        for (int i = 0; i < r->n_wonders; i++)
            wr_out_scalar(&w, r->wonders[i]);
        wr_out_end(&w, false);
    }
    if (*r->start) {
        wr_out_scalar(&w, "start");
        wr_out_scalar(&w, r->start);
    }
    if (r->rules) {
        wr_out_scalar(&w, "rules");
        wr_out_begin(&w, false, true);
        for (int k = 0; k < WH_N_RULES; k++)
            if (r->rules & WH_RULE_BIT(k))
                wr_out_scalar(&w, wh_rule_word((wh_rule_t)k));
        wr_out_end(&w, false);
    }
    wr_out_scalar(&w, "variant");
    wr_out_int(&w, r->variant);
    wr_out_scalar(&w, "seed");
    wr_out_int(&w, (long)r->seed);
    if (!r->has_pile) {
        wr_out_scalar(&w, "meeples");
        wr_out_int(&w, r->meeples);
        if (r->tiles) {
            wr_out_scalar(&w, "tiles");
            wr_out_int(&w, r->tiles);
        }
    } else {
        wr_out_scalar(&w, "pile");
        wr_out_begin(&w, false, true);
        for (size_t i = 0; i < r->n_pile; i++)
            wr_out_scalar(&w, r->pile[i]);
        wr_out_end(&w, false);
    }
    wr_out_end(&w, true);
    wr_out_scalar(&w, "turns");
    wr_out_begin(&w, false, false);
    for (size_t i = 0; i < r->n_turns; i++) {
        const wr_turn *t = &r->turns[i];
        wr_out_begin(&w, true, false);
        /* In a game the rules say whose turn it is, so the player is
           written only in a position, where it says whose tile it is. */
        if (t->player >= 0 && !r->has_pile) {
            wr_out_scalar(&w, "player");
            wr_out_int(&w, t->player);
        }
        if (t->pass) {
            wr_out_scalar(&w, "pass");
            wr_out_scalar(&w, "true");
        } else {
            emit_placement(&w, &t->place);
        }
        if (t->n_meeples) {
            wr_out_scalar(&w, "meeples");
            wr_out_begin(&w, false, true);
            for (int k = 0; k < t->n_meeples; k++) {
                char item[2 * WR_MAX_NAME];
                if (t->meeple_figure[k] != WH_FIGURE_MEEPLE && t->meeple_figure[k] < WH_N_FIGURES)
                    snprintf(item, sizeof item, "%s %s", wh_figure_word((wh_figure_t)t->meeple_figure[k]), t->meeple[k]);
                else
                    snprintf(item, sizeof item, "%s", t->meeple[k]);
                wr_out_scalar(&w, item);
            }
            wr_out_end(&w, false);
        }
        if (t->recall) {
            wr_out_scalar(&w, "recall");
            wr_out_scalar(&w, "true");
        }
        if (t->portal) {
            wr_out_scalar(&w, "portal");
            wr_out_begin(&w, true, true);
            wr_out_scalar(&w, "at");
            wr_out_begin(&w, false, true);
            wr_out_int(&w, t->portal_x);
            wr_out_int(&w, t->portal_y);
            wr_out_end(&w, false);
            wr_out_scalar(&w, "feature");
            wr_out_scalar(&w, t->portal_feature);
            if (t->portal_figure != WH_FIGURE_MEEPLE && t->portal_figure < WH_N_FIGURES) {
                wr_out_scalar(&w, "figure");
                wr_out_scalar(&w, wh_figure_word((wh_figure_t)t->portal_figure));
            }
            wr_out_end(&w, true);
        }
        if (t->princess) {
            wr_out_scalar(&w, "princess");
            wr_out_begin(&w, true, true);
            wr_out_scalar(&w, "at");
            wr_out_begin(&w, false, true);
            wr_out_int(&w, t->princess_x);
            wr_out_int(&w, t->princess_y);
            wr_out_end(&w, false);
            wr_out_scalar(&w, "feature");
            wr_out_scalar(&w, t->princess_feature);
            wr_out_scalar(&w, "player");
            wr_out_int(&w, t->princess_player);
            wr_out_end(&w, true);
        }
        if (t->fairy) {
            wr_out_scalar(&w, "fairy");
            wr_out_begin(&w, true, true);
            wr_out_scalar(&w, "at");
            wr_out_begin(&w, false, true);
            wr_out_int(&w, t->fairy_x);
            wr_out_int(&w, t->fairy_y);
            wr_out_end(&w, false);
            if (t->fairy_feature[0]) { /* none with fairy_on_tile: the fairy goes on the tile */
                wr_out_scalar(&w, "feature");
                wr_out_scalar(&w, t->fairy_feature);
            }
            wr_out_end(&w, true);
        }
        if (t->n_dragon) {
            wr_out_scalar(&w, "dragon");
            wr_out_begin(&w, false, true);
            for (int k = 0; k < t->n_dragon; k++) {
                wr_out_begin(&w, false, true);
                wr_out_int(&w, t->dragon[k][0]);
                wr_out_int(&w, t->dragon[k][1]);
                wr_out_end(&w, false);
            }
            wr_out_end(&w, false);
        }
        if (t->marker && t->marker <= WH_N_FIGURES) {
            wr_out_scalar(&w, "marker");
            wr_out_scalar(&w, wh_figure_word((wh_figure_t)(t->marker - 1)));
        }
        if (t->n_extra) {
            wr_out_scalar(&w, "extra");
            wr_out_begin(&w, false, false);
            for (int k = 0; k < t->n_extra; k++) {
                wr_out_begin(&w, true, true);
                emit_placement(&w, &t->extra[k]);
                wr_out_end(&w, true);
            }
            wr_out_end(&w, false);
        }
        if (t->n_takes) {
            wr_out_scalar(&w, "takes");
            wr_out_begin(&w, false, false);
            for (int k = 0; k < t->n_takes; k++) {
                wr_out_begin(&w, true, true);
                wr_out_scalar(&w, "player");
                wr_out_int(&w, t->takes[k].player);
                wr_out_scalar(&w, "wonder");
                wr_out_scalar(&w, t->takes[k].wonder);
                wr_out_end(&w, true);
            }
            wr_out_end(&w, false);
        }
        wr_out_end(&w, true);
    }
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
