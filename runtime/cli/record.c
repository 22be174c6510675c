/*
** record.c -- game records in memory and their messages; reading and
** writing YAML are record_read.c and record_write.c.  See record.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "record.h"
#include "../common/xalloc.h"
#include "../tileset.h"
#include "../wonders.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void wr_error(FILE *err, const char *file, wr_loc at, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wr_put_escaped(err, file);
    if (at.line)
        fprintf(err, ":%zu:%zu: error: ", at.line, at.col);
    else
        fprintf(err, ": error: ");
    wr_put_escaped(err, msg);
    fputc('\n', err);
}

void wr_put_escaped(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7F)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
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
    free(r->expect_events);
    r->expect_events = NULL;
    r->n_expect_events = r->cap_expect_events = 0;
    r->pile = NULL;
    r->pile_at = NULL;
    r->turns = NULL;
    r->n_pile = r->cap_pile = r->n_turns = r->cap_turns = 0;
}

wr_turn *wr_record_turn(wr_record *r)
{
    r->turns = wu_grow(r->turns, &r->cap_turns, r->n_turns + 1, sizeof *r->turns);
    wr_turn *t = &r->turns[r->n_turns++];
    /* Only the header: a turn is 4 KB of mostly unused arrays, and the
       counts say which entries are meaningful. */
    t->at = (wr_loc){0, 0};
    t->player = -1;
    t->pass = false;
    t->place.tile[0] = '\0';
    t->place.x = t->place.y = t->place.rotation = 0;
    t->place.at = (wr_loc){0, 0};
    t->n_extra = t->n_meeples = t->n_takes = t->n_dragon = 0;
    t->fairy = t->princess = t->portal = false;
    t->floor = t->take = t->close = t->ransom = false;
    t->take_feature[0] = '\0';
    t->close_figure = t->ransom_figure = WH_FIGURE_MEEPLE;
    t->meeple_figure[0] = t->meeple_figure[1] = t->portal_figure = WH_FIGURE_MEEPLE;
    t->recall = false;
    t->marker = 0;
    t->marker_at = (wr_loc){0, 0};
    return t;
}

void wr_record_pile(wr_record *r, const char *tile)
{
    size_t cap = r->cap_pile; /* the two arrays grow in step */
    r->pile = wu_grow(r->pile, &cap, r->n_pile + 1, sizeof *r->pile);
    r->pile_at = wu_grow(r->pile_at, &r->cap_pile, r->n_pile + 1, sizeof *r->pile_at);
    size_t len = strnlen(tile, WR_MAX_NAME - 1);
    memcpy(r->pile[r->n_pile], tile, len);
    r->pile[r->n_pile][len] = '\0';
    r->pile_at[r->n_pile++] = (wr_loc){0, 0};
    r->has_pile = true;
}

void wr_turn_meeple(wr_turn *t, const wh_game_t *g, uint8_t option)
{
    if (option == WH_OPTION_RECALL) {
        t->recall = true;
        return;
    }
    if (t->n_meeples >= 2)
        return;
    const wh_placed_t *pl = wh_game_tile_at_index(g, wh_game_tile_count(g) - 1);
    const wh_feature_t *f = &g->set->features[g->set->tiles[pl->tile].first_feature + WH_OPTION_LOCAL(option)];
    snprintf(t->meeple[t->n_meeples], WR_MAX_NAME, "%s", wh_string(g->set, f->name));
    t->meeple_figure[t->n_meeples++] = (uint8_t)WH_OPTION_FIGURE(option);
}

int wr_rule_index(const char *word)
{
    for (int k = 0; k < WH_N_RULES; k++)
        if (!strcmp(word, wh_rule_word((wh_rule_t)k)))
            return k;
    return -1;
}

void wr_rules_text(wh_rules_t rules, const char *sep, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < WH_N_RULES && used < size; k++)
        if (rules & WH_RULE_BIT(k))
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? sep : "", wh_rule_word((wh_rule_t)k));
}
