/* recorder.c -- decisions into a record's turn; see recorder.h. */
#include "recorder.h"
#include "../tileset.h"

#include <stdio.h>

void wr_recorder_turn(wr_recorder *r, wr_turn *turn, int player)
{
    r->turn = turn;
    r->turn->player = player;
    r->n_placed = 0;
}

void wr_recorder_finish_turn(wr_recorder *r)
{
    if (!r->turn)
        return;
    if (r->n_placed == 0) {
        r->turn->pass = true;
    } else {
        r->turn->place = r->placed[r->n_placed - 1];
        for (int i = 0; i + 1 < r->n_placed; i++)
            r->turn->extra[r->turn->n_extra++] = r->placed[i];
    }
    r->n_placed = 0;
    r->turn = NULL;
}

/* A tile placed this turn, kept until the turn ends (the last is the turn's). */
static void keep_placement(wr_recorder *r, const wh_match_t *m, uint16_t tile, const wh_placement_t *p)
{
    if (!r->turn || r->n_placed > WR_MAX_EXTRA)
        return;
    wr_place *to = &r->placed[r->n_placed++];
    snprintf(to->tile, sizeof to->tile, "%s", wh_string(m->game.set, m->game.set->tiles[tile].id));
    to->x = p->x;
    to->y = p->y;
    to->rotation = p->rotation;
}

/* Where feature node `node` lies, as a record writes it: the tile's [x, y]
** and the feature's name (WR_MAX_NAME bytes at `name`). */
static void node_at(const wh_game_t *g, uint16_t node, int *x, int *y, char *name)
{
    const wh_placed_t *pl = &g->placed[g->node_placed[node]];
    const wh_tile_t *t = &g->set->tiles[pl->tile];
    *x = pl->x;
    *y = pl->y;
    snprintf(name, WR_MAX_NAME, "%s", wh_string(g->set, g->set->features[t->first_feature + g->node_local[node]].name));
}

static size_t placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    wr_recorder *r = ctx;
    size_t k = r->inner.placement(r->inner.ctx, m, tile, options, n);
    if (k < n)
        keep_placement(r, m, tile, &options[k]);
    return k;
}

static bool direct_placement(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out)
{
    wr_recorder *r = ctx;
    bool chosen = r->inner.direct_placement(r->inner.ctx, m, tile, out);
    if (chosen)
        keep_placement(r, m, tile, out);
    return chosen;
}

static size_t meeple(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n)
{
    wr_recorder *r = ctx;
    size_t k = r->inner.meeple(r->inner.ctx, m, options, n);
    if (r->turn && k < n)
        wr_turn_meeple(r->turn, &m->game, options[k]);
    return k;
}

static int first_to_take(void *ctx, const wh_match_t *m, int chooser, unsigned candidates)
{
    wr_recorder *r = ctx;
    return r->inner.first_to_take(r->inner.ctx, m, chooser, candidates);
}

static size_t wonder(void *ctx, const wh_match_t *m, int player)
{
    wr_recorder *r = ctx;
    size_t k = r->inner.wonder(r->inner.ctx, m, player);
    if (r->turn && k < m->n_available && r->turn->n_takes < WR_MAX_PLAYERS * 2) {
        wr_take *t = &r->turn->takes[r->turn->n_takes++];
        t->player = player;
        snprintf(t->wonder, sizeof t->wonder, "%s", wh_string(m->game.set, m->game.set->tiles[m->available[k]].id));
    }
    return k;
}

static size_t from_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    wr_recorder *r = ctx;
    return r->inner.from_hand(r->inner.ctx, m, hand, n);
}

/* A choice other than the first offered is written in the record's turn
** (`marker: large`), which otherwise says nothing. */
static size_t marker(void *ctx, const wh_match_t *m, const uint8_t *figures, size_t n)
{
    wr_recorder *r = ctx;
    size_t k = r->inner.marker(r->inner.ctx, m, figures, n);
    if (r->turn && k > 0 && k < n)
        r->turn->marker = (uint8_t)(figures[k] + 1);
    return k;
}

static size_t dragon(void *ctx, const wh_match_t *m, int mover, const wh_point_t *options, size_t n)
{
    wr_recorder *r = ctx;
    size_t k = r->inner.dragon(r->inner.ctx, m, mover, options, n);
    if (r->turn && k < n && r->turn->n_dragon < WR_MAX_DRAGON) {
        r->turn->dragon[r->turn->n_dragon][0] = options[k].x;
        r->turn->dragon[r->turn->n_dragon][1] = options[k].y;
        r->turn->n_dragon++;
    }
    return k;
}

/* The fairy's move: the follower's tile and feature, or with fairy_on_tile
** the tile alone (its first square). */
static size_t fairy(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_recorder *r = ctx;
    const wh_game_t *g = &m->game;
    size_t k = r->inner.fairy(r->inner.ctx, m, options, n);
    if (r->turn && k < n) {
        r->turn->fairy = true;
        node_at(g, g->meeple[options[k]].node, &r->turn->fairy_x, &r->turn->fairy_y, r->turn->fairy_feature);
        if (g->rules & WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE))
            r->turn->fairy_feature[0] = '\0';
    }
    return k;
}

/* The princess: the knight's tile, feature and player. */
static size_t princess(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_recorder *r = ctx;
    const wh_game_t *g = &m->game;
    size_t k = r->inner.princess(r->inner.ctx, m, options, n);
    if (r->turn && k < n) {
        const wh_meeple_t *mp = &g->meeple[options[k]];
        r->turn->princess = true;
        r->turn->princess_player = mp->player;
        node_at(g, mp->node, &r->turn->princess_x, &r->turn->princess_y, r->turn->princess_feature);
    }
    return k;
}

/* The portal: the feature's tile and name, and the figure when not a meeple. */
static size_t portal(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_recorder *r = ctx;
    const wh_game_t *g = &m->game;
    size_t k = r->inner.portal(r->inner.ctx, m, options, n);
    if (r->turn && k < n) {
        r->turn->portal = true;
        r->turn->portal_figure = (uint8_t)WH_PORTAL_FIGURE(options[k]);
        node_at(g, (uint16_t)WH_PORTAL_NODE(options[k]), &r->turn->portal_x, &r->turn->portal_y,
                r->turn->portal_feature);
    }
    return k;
}

/* The Tower: a floor on a tower (the tile's square), or its closing, and the figure. */
static size_t tower(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_recorder *r = ctx;
    const wh_game_t *g = &m->game;
    size_t k = r->inner.tower(r->inner.ctx, m, options, n);
    if (r->turn && k < n) {
        const wh_placed_t *pl = &g->placed[WH_TOWER_MOVE_PLACED(options[k])];
        if (WH_TOWER_MOVE_KIND(options[k]) == WH_TOWER_FLOOR) {
            r->turn->floor = true;
            r->turn->floor_x = pl->x;
            r->turn->floor_y = pl->y;
        } else {
            r->turn->close = true;
            r->turn->close_x = pl->x;
            r->turn->close_y = pl->y;
            r->turn->close_figure =
                WH_TOWER_MOVE_KIND(options[k]) == WH_TOWER_CLOSE_LARGE ? WH_FIGURE_LARGE : WH_FIGURE_MEEPLE;
        }
    }
    return k;
}

/* The follower a floor takes: its tile and feature, or the tile of the tower it closed. */
static size_t capture(void *ctx, const wh_match_t *m, uint16_t placed, const uint16_t *options, size_t n)
{
    wr_recorder *r = ctx;
    const wh_game_t *g = &m->game;
    size_t k = r->inner.capture(r->inner.ctx, m, placed, options, n);
    if (r->turn && k < n) {
        r->turn->take = true;
        if (WH_TOWER_IS_TOP(options[k])) {
            const wh_placed_t *pl = &g->placed[WH_TOWER_TOP_OF(options[k])];
            r->turn->take_x = pl->x;
            r->turn->take_y = pl->y;
            r->turn->take_feature[0] = '\0';
        } else {
            node_at(g, g->meeple[options[k]].node, &r->turn->take_x, &r->turn->take_y, r->turn->take_feature);
        }
    }
    return k;
}

static size_t ransom(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_recorder *r = ctx;
    size_t k = r->inner.ransom(r->inner.ctx, m, options, n);
    if (r->turn && k < n) {
        r->turn->ransom = true;
        r->turn->ransom_player = WH_RANSOM_HOLDER(options[k]);
        r->turn->ransom_figure = (uint8_t)WH_RANSOM_FIGURE(options[k]);
    }
    return k;
}

wh_players_t wr_recorder_players(wr_recorder *r, wh_players_t inner)
{
    r->inner = inner;
    r->turn = NULL;
    r->n_placed = 0;
    /* a callback the inner players leave out stays out: the match's default applies */
    return (wh_players_t){placement, meeple, first_to_take, wonder, from_hand, inner.marker ? marker : NULL,
                          inner.direct_placement ? direct_placement : NULL, r,
                          inner.dragon ? dragon : NULL, inner.fairy ? fairy : NULL,
                          inner.princess ? princess : NULL, inner.portal ? portal : NULL,
                          inner.tower ? tower : NULL, inner.capture ? capture : NULL, inner.ransom ? ransom : NULL};
}
