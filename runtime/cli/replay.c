/* replay.c -- records through the rules; see replay.h. */
#include "replay.h"
#include "refusal.h"
#include "report.h"
#include "../common/nearest.h"
#include "../common/xalloc.h"
#include "../playout.h"
#include "../tileset.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(WR_MAX_PILE <= WH_MAX_PLACED, "a record's pile must fit on the board");

int wr_feature_index(const wh_tileset_t *set, uint32_t tile, const char *name)
{
    const wh_tile_t *t = &set->tiles[tile];
    for (uint32_t f = 0; f < t->n_features; f++)
        if (!strcmp(set->strings + set->features[t->first_feature + f].name, name))
            return (int)f;
    return -1;
}

static void keep(void *ctx, const wh_score_event_t *e)
{
    wr_replay *rp = ctx;
    /* a turn_start handler runs as the turn before ends, but pays in the
    ** turn that starts (docs/records.md) */
    bool next = e->reason == WH_REASON_WONDER && e->squares == WH_EVENT_TURN_START;
    /* a taken handler runs at the track, once the turn is over and the
    ** next one has started: it pays in the turn whose `takes` it is, so it
    ** goes before the next turn's events, which keeps them in turn order */
    bool taken = e->reason == WH_REASON_WONDER && e->squares == WH_EVENT_TAKEN;
    size_t at = rp->n_events;
    while (taken && at > 0 && rp->events[at - 1].turn > (int)rp->turn)
        at--;
    bool with_final = wr_event_with_final(e, at ? &rp->events[at - 1] : NULL, rp->record->n_turns);
    rp->events = wu_grow(rp->events, &rp->cap_events, rp->n_events + 1, sizeof *rp->events);
    memmove(&rp->events[at + 1], &rp->events[at], (rp->n_events - at) * sizeof *rp->events);
    rp->events[at] = (wr_event){*e, (int)rp->turn + next, with_final};
    rp->n_events++;
}

/* Report once: the first problem is the one that matters. */
static void problem(wr_replay *rp, wr_loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void problem(wr_replay *rp, wr_loc at, const char *fmt, ...)
{
    if (rp->failed)
        return;
    rp->failed = true;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wr_error(rp->err, rp->record->path, at, "turn %zu: %s", rp->turn + 1, msg);
}

static const wr_turn *current_turn(const wr_replay *rp)
{
    return &rp->record->turns[rp->turn];
}

static const char *tile_name(const wr_replay *rp, uint32_t tile)
{
    return rp->set->strings + rp->set->tiles[tile].id;
}

static const char *player_name(const wr_replay *rp, int p, char *buf, size_t size)
{
    if (rp->record->names[p][0])
        snprintf(buf, size, "%s", rp->record->names[p]);
    else
        snprintf(buf, size, "player %d", p);
    return buf;
}

/* ---- the recorded players ---------------------------------------------------- */

static size_t find_place(const wr_place *want, const wh_placement_t *options, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (options[i].x == want->x && options[i].y == want->y && options[i].rotation == want->rotation)
            return i;
    return n;
}

/* A placement the rules refuse, with the rule it breaks when placing it on
** a copy of the game tells (a river's U-turn, a side that does not match). */
static void cannot_go(wr_replay *rp, const wh_match_t *m, uint16_t tile, const wr_place *want)
{
    wh_game_t *trial = calloc(1, sizeof *trial);
    wh_status_t s = WH_OK;
    if (trial) {
        wh_game_copy(trial, &m->game);
        s = wh_game_place_tile(trial, tile, want->x, want->y, want->rotation);
        free(trial);
    }
    char why[320];
    if (s != WH_OK)
        problem(rp, want->at, "%s cannot go at (%d, %d) turned %d: %s", want->tile, want->x, want->y,
                90 * want->rotation, wr_placement_refused(&m->game, tile, want->x, want->y, want->rotation, s, why,
                                                          sizeof why));
    else
        problem(rp, want->at, "%s cannot go at (%d, %d) turned %d", want->tile, want->x, want->y, 90 * want->rotation);
}

static size_t recorded_placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    (void)m;
    const wr_place *want = rp->used_extra < t->n_extra ? &t->extra[rp->used_extra] : &t->place;
    if (t->pass) {
        problem(rp, t->at, "the record passes, but the rules give %s to place", tile_name(rp, tile));
        return n;
    }
    if (strcmp(want->tile, tile_name(rp, tile))) {
        problem(rp, want->at, "the record places %s, but the rules give %s here", want->tile, tile_name(rp, tile));
        return n;
    }
    size_t k = find_place(want, options, n);
    if (k == n)
        cannot_go(rp, m, tile, want);
    else if (want != &t->place)
        rp->used_extra++;
    return k;
}

/* The dragon's step the record says (The Princess & the Dragon, P7), among
** the squares the rules allow. */
static size_t recorded_dragon(void *ctx, const wh_match_t *m, int mover, const wh_point_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    char a[40];
    (void)m;
    if (rp->used_dragon >= t->n_dragon) {
        problem(rp, t->at, "the dragon flies here: the record must say where %s steps it ('dragon')",
                player_name(rp, mover, a, sizeof a));
        return n;
    }
    const int *want = t->dragon[rp->used_dragon];
    for (size_t k = 0; k < n; k++)
        if (options[k].x == want[0] && options[k].y == want[1]) {
            rp->used_dragon++;
            return k;
        }
    problem(rp, t->dragon_at[rp->used_dragon], "the dragon cannot step to (%d, %d)", want[0], want[1]);
    return n;
}

/* The names a record may use are those of the tile file: list them, since
** the person who wrote the record is looking at a board, not at tiles/. */
static void no_such_feature(wr_replay *rp, wr_loc at, uint32_t tile, const char *name)
{
    const wh_tile_t *t = &rp->set->tiles[tile];
    char list[320] = "";
    size_t len = 0;
    for (uint32_t f = 0; f < t->n_features && len < sizeof list; f++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", f ? ", " : "",
                                rp->set->strings + rp->set->features[t->first_feature + f].name);
    problem(rp, at, "%s has no feature '%s' (its features: %s)", tile_name(rp, tile), name, list);
}

/* The follower of `player` a record names by the tile covering [x, y] and
** a feature of it (the fairy's, the princess's); -1 after a located
** message when there is none. */
static int named_follower(wr_replay *rp, const wh_game_t *g, int x, int y, const char *feature, int player, wr_loc at,
                          const char *what)
{
    int i = wh_game_tile_on(g, x, y, NULL);
    if (i < 0) {
        problem(rp, at, "%s: no tile covers (%d, %d)", what, x, y);
        return -1;
    }
    const wh_placed_t *pl = wh_game_tile_at_index(g, (size_t)i);
    int f = wr_feature_index(rp->set, pl->tile, feature);
    if (f < 0) {
        no_such_feature(rp, at, pl->tile, feature);
        return -1;
    }
    for (uint32_t k = 0; k < g->n_meeples; k++)
        if (g->meeple[k].node == pl->first_node + f && g->meeple[k].player == player &&
            g->meeple[k].figure < WH_FIGURE_BUILDER)
            return (int)k;
    problem(rp, at, "%s: player %d has no follower on '%s' at (%d, %d)", what, player, feature, x, y);
    return -1;
}

/* The current player's follower that names the fairy's move (P10): beside
** the follower the record names; with the rule fairy_on_tile, on the tile
** covering [x, y], named by the first of their followers there (as
** wh_game_fairy_options lists it).  -1 after a located message. */
static int fairy_meeple(wr_replay *rp, const wh_game_t *g, const wr_turn *t)
{
    bool on_tile = (g->rules & WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE)) != 0;
    char who[40];
    if (!on_tile && !t->fairy_feature[0]) {
        problem(rp, t->fairy_at, "fairy: needs 'feature' (the follower it joins); only with the rule fairy_on_tile "
                "does it go on a tile");
        return -1;
    }
    if (!on_tile)
        return named_follower(rp, g, t->fairy_x, t->fairy_y, t->fairy_feature, wh_game_current(g), t->fairy_at,
                              "fairy");
    if (t->fairy_feature[0]) {
        problem(rp, t->fairy_at, "fairy: with the rule fairy_on_tile it goes on a tile, beside no follower: "
                "'at' only, no 'feature'");
        return -1;
    }
    int i = wh_game_tile_on(g, t->fairy_x, t->fairy_y, NULL);
    if (i < 0) {
        problem(rp, t->fairy_at, "fairy: no tile covers (%d, %d)", t->fairy_x, t->fairy_y);
        return -1;
    }
    for (uint32_t k = 0; k < g->n_meeples; k++)
        if (g->node_placed[g->meeple[k].node] == i && g->meeple[k].player == wh_game_current(g) &&
            g->meeple[k].figure < WH_FIGURE_BUILDER)
            return (int)k;
    problem(rp, t->fairy_at, "fairy: %s has no follower on the tile at (%d, %d)",
            player_name(rp, wh_game_current(g), who, sizeof who), t->fairy_x, t->fairy_y);
    return -1;
}

static int princess_knight(wr_replay *rp, const wh_game_t *g, const wr_turn *t)
{
    return named_follower(rp, g, t->princess_x, t->princess_y, t->princess_feature, t->princess_player,
                          t->princess_at, "princess");
}

/* The portal option a record's `portal` names: its follower on the feature
** of the tile covering [x, y]; -1 after a located message. */
static int portal_node(wr_replay *rp, const wh_game_t *g, const wr_turn *t)
{
    int i = wh_game_tile_on(g, t->portal_x, t->portal_y, NULL);
    if (i < 0) {
        problem(rp, t->portal_at, "portal: no tile covers (%d, %d)", t->portal_x, t->portal_y);
        return -1;
    }
    const wh_placed_t *pl = wh_game_tile_at_index(g, (size_t)i);
    int f = wr_feature_index(rp->set, pl->tile, t->portal_feature);
    if (f < 0) {
        no_such_feature(rp, t->portal_at, pl->tile, t->portal_feature);
        return -1;
    }
    return WH_PORTAL_OPTION(t->portal_figure, pl->first_node + f);
}

/* The follower and feature the record's portal takes (P16), or none. */
static size_t recorded_portal(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    if (!t->portal)
        return n;
    int node = portal_node(rp, &m->game, t);
    if (node < 0)
        return n + 1;
    for (size_t i = 0; i < n; i++)
        if (options[i] == node) {
            rp->used_portal = true;
            return i;
        }
    problem(rp, t->portal_at,
            "the portal does not take the %s to '%s' at (%d, %d): none in supply, or occupied, completed, under the "
            "dragon or no place for that figure",
            wh_figure_word((wh_figure_t)t->portal_figure), t->portal_feature, t->portal_x, t->portal_y);
    return n + 1;
}

/* The Tower: the placed tile covering [x, y] for `what`, or -1 after a located message. */
static int tower_tile(wr_replay *rp, const wh_game_t *g, int x, int y, wr_loc at, const char *what)
{
    int i = wh_game_tile_on(g, x, y, NULL);
    if (i < 0)
        problem(rp, at, "%s: no tile covers (%d, %d)", what, x, y);
    return i;
}

/* Why the record's tower move on tile i cannot be made, in words. */
static const char *tower_refusal(const wh_game_t *g, const wr_turn *t, int i)
{
    int h = wh_game_tower_height(g, (uint16_t)i);
    if (h < 0)
        return "that tile has no tower foundation";
    if (wh_game_tower_top(g, (uint16_t)i, NULL) >= 0)
        return "its tower is closed (TW11)";
    if (t->floor)
        return wh_game_tower_floors(g, wh_game_current(g)) ? "not now" : "no tower floor left (TW1)";
    if (h == 0)
        return "a bare foundation cannot be closed (TW3)";
    return wh_game_figures(g, wh_game_current(g), (wh_figure_t)t->close_figure) ? "not now"
                                                                                 : "that figure is not in supply";
}

/* The capture target the record's floor names: the follower on the feature
** of the tile covering `take`, any player's, or the meeple closing the
** tower there; WH_NO_CAPTURE without `take`; -1 after a located message. */
static int capture_target(wr_replay *rp, const wh_game_t *g, const wr_turn *t)
{
    if (!t->take)
        return (int)WH_NO_CAPTURE;
    int i = tower_tile(rp, g, t->take_x, t->take_y, t->floor_at, "floor: take");
    if (i < 0)
        return -1;
    if (!t->take_feature[0]) {
        if (wh_game_tower_top(g, (uint16_t)i, NULL) < 0) {
            problem(rp, t->floor_at, "floor: no meeple closes a tower at (%d, %d); name the follower's 'feature'",
                    t->take_x, t->take_y);
            return -1;
        }
        return WH_TOWER_TOP(i);
    }
    const wh_placed_t *pl = wh_game_tile_at_index(g, (size_t)i);
    int f = wr_feature_index(rp->set, pl->tile, t->take_feature);
    if (f < 0) {
        no_such_feature(rp, t->floor_at, pl->tile, t->take_feature);
        return -1;
    }
    for (uint32_t k = 0; k < g->n_meeples; k++)
        if (g->meeple[k].node == pl->first_node + f && g->meeple[k].figure < WH_FIGURE_BUILDER)
            return (int)k;
    problem(rp, t->floor_at, "floor: no follower on '%s' at (%d, %d) to take", t->take_feature, t->take_x, t->take_y);
    return -1;
}

/* The Tower: the record's floor or close, among the moves offered. */
static size_t recorded_tower(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    if (!t->floor && !t->close)
        return n;
    int x = t->floor ? t->floor_x : t->close_x, y = t->floor ? t->floor_y : t->close_y;
    wr_loc at = t->floor ? t->floor_at : t->close_at;
    int i = tower_tile(rp, &m->game, x, y, at, t->floor ? "floor" : "close");
    if (i < 0)
        return n + 1;
    unsigned kind = t->floor ? WH_TOWER_FLOOR
                    : t->close_figure == WH_FIGURE_LARGE ? WH_TOWER_CLOSE_LARGE : WH_TOWER_CLOSE_MEEPLE;
    for (size_t k = 0; k < n; k++)
        if (options[k] == WH_TOWER_MOVE(kind, i)) {
            rp->used_tower = true;
            return k;
        }
    problem(rp, at, "%s at (%d, %d): %s", t->floor ? "no tower floor" : "no tower closed", x, y,
            tower_refusal(&m->game, t, i));
    return n + 1;
}

/* The follower the record's floor takes, among those in reach. */
static size_t recorded_capture(void *ctx, const wh_match_t *m, uint16_t placed, const uint16_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    (void)placed;
    int c = capture_target(rp, &m->game, t);
    if (c < 0)
        return n + 1;
    rp->used_capture = true;
    if (c == (int)WH_NO_CAPTURE)
        return n;
    for (size_t k = 0; k < n; k++)
        if (options[k] == c)
            return k;
    problem(rp, t->floor_at, "floor: the follower at (%d, %d) is out of the tower's reach (TW6)", t->take_x, t->take_y);
    return n + 1;
}

/* The Tower: the record's ransom, among those the player may pay. */
static size_t recorded_ransom(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    (void)m;
    if (!t->ransom)
        return n;
    for (size_t k = 0; k < n; k++)
        if (options[k] == WH_RANSOM(t->ransom_player, t->ransom_figure)) {
            rp->used_ransom = true;
            return k;
        }
    problem(rp, t->ransom_at, "ransom: player %d holds no such follower of this player's", t->ransom_player);
    return n + 1;
}

/* The knight the record's princess sends home (P17), or none. */
static size_t recorded_princess(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    if (!t->princess)
        return n;
    int k = princess_knight(rp, &m->game, t);
    if (k < 0)
        return n + 1;
    for (size_t i = 0; i < n; i++)
        if (options[i] == k) {
            rp->used_princess = true;
            return i;
        }
    problem(rp, t->princess_at, "the princess cannot send that knight home: it is not in her city");
    return n + 1;
}

/* The fairy's move the record says (P10), or none. */
static size_t recorded_fairy(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    if (!t->fairy)
        return n;
    int k = fairy_meeple(rp, &m->game, t);
    if (k < 0)
        return n + 1;
    for (size_t i = 0; i < n; i++)
        if (options[i] == k) {
            rp->used_fairy = true;
            return i;
        }
    problem(rp, t->fairy_at, "%s", (m->game.rules & WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE))
                                 ? "the fairy cannot move onto that tile now: it is there already"
                                 : "the fairy cannot move beside that follower now");
    return n + 1;
}

/* Figure @p k of turn @p t refused on local feature @p f with @p s: the one cause, located. */
static void figure_refused(wr_replay *rp, const wh_game_t *g, const wr_turn *t, int k, int f, wh_status_t s)
{
    char who[40], why[320];
    wh_figure_t fig = (wh_figure_t)t->meeple_figure[k];
    wr_player(rp->record, wh_game_current(g), who, sizeof who);
    problem(rp, t->meeple_at[k], "a %s cannot go on '%s': %s", fig == WH_FIGURE_LARGE ? "large meeple" : wh_figure_word(fig),
            t->meeple[k], wr_figure_refused(g, f, fig, s, who, why, sizeof why));
}

static size_t recorded_meeple(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    if (t->recall && !rp->used_recall) {
        for (size_t i = 0; i < n; i++)
            if (options[i] == WH_OPTION_RECALL) {
                rp->used_recall = true;
                return i;
            }
        problem(rp, t->at, "the abbot cannot be taken back here (the Abbot's rules off, no abbot on the board, "
                           "or a figure placed first)");
        return n + 1;
    }
    if (rp->used_meeples >= t->n_meeples)
        return n; /* no (more) meeples */
    const wh_placed_t *pl = wh_game_tile_at_index(&m->game, wh_game_tile_count(&m->game) - 1);
    int k = rp->used_meeples;
    int f = wr_feature_index(rp->set, pl->tile, t->meeple[k]);
    if (f < 0) {
        no_such_feature(rp, t->meeple_at[k], pl->tile, t->meeple[k]);
        return n + 1;
    }
    for (size_t i = 0; i < n; i++)
        if (options[i] == WH_OPTION(t->meeple_figure[k], f)) {
            rp->used_meeples++;
            return i;
        }
    figure_refused(rp, &m->game, t, k, f, wr_figure_status(&m->game, f, (wh_figure_t)t->meeple_figure[k]));
    return n + 1;
}

/* Why the current player of `g` cannot mark the wonder just placed with
** `figure`, in a "marker: ..." message; false when they can. */
static bool marker_refused(wr_replay *rp, const wr_turn *t, const wh_game_t *g, wh_figure_t figure)
{
    char who[40];
    int me = wh_game_current(g);
    if (wh_game_figures(g, me, figure))
        return false;
    player_name(rp, me, who, sizeof who);
    if (figure == WH_FIGURE_LARGE && !(rp->record->rules & WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS)))
        problem(rp, t->marker_at, "marker: the large meeple is not in this game (it comes with the rules of "
                "Inns & Cathedrals: 'rules: [inns_cathedrals]' in setup)");
    else if (figure == WH_FIGURE_LARGE)
        problem(rp, t->marker_at, "marker: %s's large meeple is not in their supply (it stands on the board)", who);
    else
        problem(rp, t->marker_at, "marker: %s has no meeple left in their supply", who);
    return true;
}

/* The figure the record says marks the wonder: the first offered (a meeple,
** else the large meeple) when it says nothing. */
static size_t recorded_marker(void *ctx, const wh_match_t *m, const uint8_t *figures, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    rp->used_marker = true;
    if (!t->marker)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (figures[i] == t->marker - 1)
            return i;
    marker_refused(rp, t, &m->game, (wh_figure_t)(t->marker - 1));
    return n;
}

static int recorded_first(void *ctx, const wh_match_t *m, int chooser, unsigned candidates)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    (void)m, (void)chooser;
    if (rp->used_takes >= t->n_takes) {
        problem(rp, t->at, "players reach the wonder track here; the record must say who takes which wonder ('takes')");
        return -1;
    }
    int p = t->takes[rp->used_takes].player;
    if (!(candidates & (1u << p)))
        problem(rp, t->takes[rp->used_takes].at, "player %d cannot take a wonder now", p);
    return p;
}

static size_t recorded_wonder(void *ctx, const wh_match_t *m, int player)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    if (rp->used_takes >= t->n_takes) {
        problem(rp, t->at, "player %d takes a wonder here; the record must say which ('takes')", player);
        return m->n_available;
    }
    const wr_take *k = &t->takes[rp->used_takes];
    if (k->player != player) {
        problem(rp, k->at, "player %d takes a wonder now, not player %d", player, k->player);
        return m->n_available;
    }
    for (size_t i = 0; i < m->n_available; i++)
        if (!strcmp(tile_name(rp, m->available[i]), k->wonder)) {
            rp->used_takes++;
            return i;
        }
    problem(rp, k->at, "%s is not beside the track", k->wonder);
    return m->n_available;
}

static size_t recorded_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    wr_replay *rp = ctx;
    const wr_turn *t = current_turn(rp);
    (void)m;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(tile_name(rp, hand[i]), t->place.tile))
            return i;
    problem(rp, t->place.at, "%s is not in the hand", t->place.tile);
    return n;
}

/* ---- the two ways of replaying -------------------------------------------- */

static bool resolve(wr_replay *rp, const char *name, wr_loc at, uint16_t *out)
{
    int t = wh_tile_find(rp->set, name);
    if (t < 0) {
        const char *near = wr_tile_nearest(rp->set, name, false);
        if (near)
            wr_error(rp->err, rp->record->path, at, "unknown tile '%s'; did you mean '%s'?", name, near);
        else
            wr_error(rp->err, rp->record->path, at, "unknown tile '%s'", name);
        rp->failed = true;
        return false;
    }
    *out = (uint16_t)t;
    return true;
}

/* The index of the pack @p id in the tile set, or -1. */
static int pack_index(const wh_tileset_t *set, const char *id)
{
    for (uint32_t p = 0; p < set->n_packs; p++)
        if (!strcmp(wh_string(set, set->packs[p].id), id))
            return (int)p;
    return -1;
}

/* The River's spring when the record plays the River -- its packs name a
** pack whose start tile is a river tile, or its pile holds a river tile --
** else -1 (docs/rules.md, "The River"). */
static int river_spring(const wr_replay *rp, size_t n_pile)
{
    const wh_tileset_t *set = rp->set;
    const wr_record *r = rp->record;
    for (int k = 0; k < r->n_packs; k++) {
        int p = pack_index(set, r->packs[k]);
        uint32_t pack = (uint32_t)p;
        int start = p < 0 ? -1 : wh_game_start_tile(set, &pack, 1);
        if (start >= 0 && (set->tiles[start].flags & WH_TILE_FLAG_RIVER))
            return start;
    }
    for (size_t i = 0; i < n_pile; i++)
        if (wh_river_rank(set, rp->pile[i]) != WH_RIVER_NONE) {
            int start = wh_pack_start_tile(set, set->tiles[rp->pile[i]].pack);
            if (start >= 0 && (set->tiles[start].flags & WH_TILE_FLAG_RIVER))
                return start;
        }
    return -1;
}

/* The start tile: the record's `start` when it names one (a land tile), else
** the spring with the River, else the tile set's (-1).  With the River, R:
** "The spring is the starting tile instead of D": no other start. */
static bool start_tile(wr_replay *rp, size_t n_pile, int *out)
{
    const wr_record *r = rp->record;
    int spring = river_spring(rp, n_pile);
    uint16_t tile;
    *out = spring;
    if (!*r->start)
        return true;
    if (!resolve(rp, r->start, r->start_at, &tile))
        return false;
    if (rp->set->tiles[tile].kind != WH_TILE_LAND) {
        wr_error(rp->err, r->path, r->start_at, "start: '%s' is not a land tile", r->start);
        return false;
    }
    if (spring >= 0 && tile != spring) {
        wr_error(rp->err, r->path, r->start_at, "start: a game with the River starts on %s, not %s "
                 "(\"The spring is the starting tile instead of D\")", tile_name(rp, (uint32_t)spring), r->start);
        return false;
    }
    *out = tile;
    return true;
}

/* The pile in the River's order, as wh_bag_deal deals it: the river tiles
** first and "the lake is placed last" (wh_pile_river_order). */
static bool river_order(wr_replay *rp)
{
    const wr_record *r = rp->record;
    size_t i = wh_pile_river_order(rp->set, rp->pile, r->n_pile);
    if (i == r->n_pile)
        return true;
    int rank = wh_river_rank(rp->set, rp->pile[i]);
    size_t j = 0;
    while (j < i && wh_river_rank(rp->set, rp->pile[j]) <= rank)
        j++;
    if (wh_river_rank(rp->set, rp->pile[j]) == WH_RIVER_NONE)
        wr_error(rp->err, r->path, r->pile_at[i], "pile: %s comes after %s, but the River's tiles are drawn "
                 "before all others", r->pile[i], r->pile[j]);
    else
        wr_error(rp->err, r->path, r->pile_at[i], "pile: %s comes after %s, which ends the river, but \"the lake "
                 "is placed last\"", r->pile[i], r->pile[j]);
    return false;
}

/* Whether pack @p p holds land tiles only: what a record's `packs` name. */
static bool land_pack(const wh_tileset_t *set, uint32_t p)
{
    const wh_pack_t *pk = &set->packs[p];
    for (uint32_t t = pk->first_tile; t < pk->first_tile + pk->n_tiles; t++)
        if (set->tiles[t].kind == WH_TILE_WONDER)
            return false;
    return true;
}

/* Refuse a `packs` entry the tile set has no pack of, with the nearest
** land pack and every one, as --packs does: informative, but a misspelt
** one is still a mistake. */
static bool known_pack(wr_replay *rp, int k)
{
    const wh_tileset_t *set = rp->set;
    const char *id = rp->record->packs[k];
    if (pack_index(set, id) >= 0)
        return true;
    const char *ids[64];
    size_t lens[64], n = 0, used = 0;
    char all[1024] = "";
    for (uint32_t p = 0; p < set->n_packs && n < 64; p++) {
        if (!land_pack(set, p))
            continue;
        ids[n] = wh_string(set, set->packs[p].id);
        lens[n] = strlen(ids[n]);
        if (used < sizeof all)
            used += (size_t)snprintf(all + used, sizeof all - used, "%s%s", n ? ", " : "", ids[n]);
        n++;
    }
    int near = wu_closest(id, strlen(id), ids, lens, n);
    char mean[WR_MAX_NAME + 24] = "";
    if (near >= 0)
        snprintf(mean, sizeof mean, "; did you mean '%s'?", ids[near]);
    wr_error(rp->err, rp->record->path, rp->record->packs_at[k], "packs: unknown pack '%s'%s (%s)", id, mean, all);
    return false;
}

/* The setup's names: every pack one of the tile set's, every wonder a
** wonder tile (resolved into rp->wonders), in a game or a position. */
static bool setup_names(wr_replay *rp)
{
    const wr_record *r = rp->record;
    for (int k = 0; k < r->n_packs; k++)
        if (!known_pack(rp, k))
            return false;
    for (int i = 0; i < r->n_wonders; i++) {
        if (!resolve(rp, r->wonders[i], r->wonders_at[i], &rp->wonders[i]))
            return false;
        if (rp->set->tiles[rp->wonders[i]].kind != WH_TILE_WONDER) {
            wr_error(rp->err, r->path, r->wonders_at[i], "'%s' is not a wonder", r->wonders[i]);
            return false;
        }
    }
    return true;
}

static bool replay_match(wr_replay *rp, bool finish)
{
    const wr_record *r = rp->record;
    for (size_t i = 0; i < r->n_pile; i++)
        if (!resolve(rp, r->pile[i], r->pile_at[i], &rp->pile[i]))
            return false;
    int start;
    if (!river_order(rp) || !start_tile(rp, r->n_pile, &start))
        return false;
    wh_match_config_t cfg = {.players = (uint8_t)r->players, .variant = (uint8_t)r->variant, .pile = rp->pile,
                             .n_pile = r->n_pile, .wonders = rp->wonders, .n_wonders = (size_t)r->n_wonders,
                             .start_tile = start, .rules = r->rules, .seed = r->seed}; /* P5's shuffle */
    if (wh_match_init(rp->match, rp->set, &cfg) != WH_OK) {
        wr_error(rp->err, r->path, (wr_loc){0, 0}, "the setup cannot start a game");
        return false;
    }
    wh_players_t players = {recorded_placement, recorded_meeple, recorded_first, recorded_wonder, recorded_hand,
                            recorded_marker, NULL, rp, recorded_dragon, recorded_fairy,
                            recorded_princess, recorded_portal, recorded_tower, recorded_capture,
                            recorded_ransom};
    wh_score_sink_t sink = {keep, rp};
    for (rp->turn = 0; rp->turn < r->n_turns; rp->turn++) {
        const wr_turn *t = current_turn(rp);
        wh_game_t *g = &rp->match->game;
        char a[40], b[40];
        if (rp->match->over) {
            problem(rp, t->at, "the game is already over");
            return false;
        }
        if (t->player >= 0 && t->player != wh_game_current(g)) {
            problem(rp, t->at, "it is %s's turn, not %s's", player_name(rp, wh_game_current(g), a, sizeof a),
                    player_name(rp, t->player, b, sizeof b));
            return false;
        }
        rp->players[rp->turn] = wh_game_current(g);
        rp->used_extra = rp->used_meeples = rp->used_takes = 0;
        rp->used_recall = rp->used_marker = false;
        rp->used_dragon = 0;
        rp->used_fairy = rp->used_princess = rp->used_portal = false;
        rp->used_tower = rp->used_capture = rp->used_ransom = false;
        size_t before = wh_game_tile_count(g);
        wh_status_t s = wh_match_play_turn(rp->match, &players, &sink);
        if (rp->failed)
            return false;
        if (s != WH_OK) {
            problem(rp, t->at, "%s", wh_status_text(s));
            return false;
        }
        bool placed = wh_game_tile_count(g) != before;
        if (!placed && !t->pass) {
            problem(rp, t->at, "%s cannot place anything here; the record should pass",
                    player_name(rp, rp->players[rp->turn], a, sizeof a));
            return false;
        }
        if (t->marker && !rp->used_marker) {
            problem(rp, t->marker_at, "marker: %s is not a wonder; only a wonder is marked", t->place.tile);
            return false;
        }
        if (t->ransom && !rp->used_ransom) {
            problem(rp, t->ransom_at, "ransom: not here: the rule tower is not played, a ransom was paid this turn, "
                    "or fewer than 3 points (TW10)");
            return false;
        }
        if ((t->floor || t->close) && !rp->used_tower) {
            problem(rp, t->floor ? t->floor_at : t->close_at, "%s: no tower action here: the rule tower is not "
                    "played, or a figure or another action was taken instead (TW2)", t->floor ? "floor" : "close");
            return false;
        }
        if (t->take && !rp->used_capture) {
            problem(rp, t->floor_at, "floor: the follower at (%d, %d) is out of the tower's reach (TW6)", t->take_x,
                    t->take_y);
            return false;
        }
        if (rp->used_meeples < t->n_meeples || rp->used_extra < t->n_extra || rp->used_takes < t->n_takes ||
            rp->used_dragon < t->n_dragon || (t->fairy && !rp->used_fairy) || (t->princess && !rp->used_princess) || (t->portal && !rp->used_portal) || (t->recall && !rp->used_recall)) {
            problem(rp, t->at, "the record says more than happened here (meeples, extra tiles or wonders taken)");
            return false;
        }
    }
    rp->ended = rp->match->over;
    if (!rp->ended && finish)
        wh_game_final_score(&rp->match->game, &sink);
    return true;
}

static bool replay_position(wr_replay *rp, bool finish)
{
    const wr_record *r = rp->record;
    wh_game_t *g = &rp->match->game;
    int start;
    if (!start_tile(rp, 0, &start))
        return false;
    wh_game_config_t cfg = {.players = (uint8_t)r->players, .meeples = (uint8_t)r->meeples, .start_tile = start,
                            .tiles_in_game = (uint16_t)r->tiles, .rules = r->rules};
    if (wh_game_init(g, rp->set, &cfg) != WH_OK) {
        wr_error(rp->err, r->path, (wr_loc){0, 0}, "the setup cannot start a game");
        return false;
    }
    wh_score_sink_t sink = {keep, rp};
    for (rp->turn = 0; rp->turn < r->n_turns; rp->turn++) {
        const wr_turn *t = current_turn(rp);
        if (t->player >= 0)
            wh_game_set_current(g, t->player);
        rp->players[rp->turn] = wh_game_current(g);
        if (t->pass) {
            wh_game_pass(g, &sink);
            continue;
        }
        if (t->n_extra) {
            problem(rp, t->extra[0].at, "a position has no draw pile: no extra tiles");
            return false;
        }
        uint16_t tile;
        if (!resolve(rp, t->place.tile, t->place.at, &tile))
            return false;
        wh_status_t s;
        if (t->ransom && (s = wh_game_ransom(g, t->ransom_player, (wh_figure_t)t->ransom_figure, &sink)) != WH_OK) {
            problem(rp, t->ransom_at, "ransom: %s",
                    s == WH_ERR_RANGE   ? "that player holds no such follower of this player's"
                    : s == WH_ERR_POINTS ? "fewer than 3 points (TW10)"
                                         : "the rule tower is not played, or a ransom was paid this turn (TW10)");
            return false;
        }
        s = wh_game_place_tile(g, tile, t->place.x, t->place.y, t->place.rotation);
        if (s != WH_OK) {
            char why[320];
            problem(rp, t->place.at, "%s cannot go at (%d, %d) turned %d: %s", t->place.tile, t->place.x, t->place.y,
                    90 * t->place.rotation,
                    wr_placement_refused(g, tile, t->place.x, t->place.y, t->place.rotation, s, why, sizeof why));
            return false;
        }
        if (rp->set->tiles[tile].kind == WH_TILE_WONDER) {
            /* the figure the record names; else a meeple, or the large meeple when no other is left */
            if (t->marker && marker_refused(rp, t, g, (wh_figure_t)(t->marker - 1)))
                return false;
            wh_figure_t marker = t->marker ? (wh_figure_t)(t->marker - 1)
                                 : wh_game_figures(g, wh_game_current(g), WH_FIGURE_MEEPLE) ? WH_FIGURE_MEEPLE
                                                                                         : WH_FIGURE_LARGE;
            wh_game_place_marker_figure(g, marker);
        } else if (t->marker) {
            problem(rp, t->marker_at, "marker: %s is not a wonder; only a wonder is marked", t->place.tile);
            return false;
        }
        if (t->princess) {
            int k = princess_knight(rp, g, t);
            if (k < 0)
                return false;
            if ((s = wh_game_use_princess(g, (uint16_t)k)) != WH_OK) {
                problem(rp, t->princess_at, "the princess cannot send that knight home: %s",
                        s == WH_ERR_PHASE ? "no princess on this tile, or the rules are not played"
                                          : "it is not in her city");
                return false;
            }
        }
        if (t->portal) {
            int node = portal_node(rp, g, t);
            if (node < 0)
                return false;
            if ((s = wh_game_place_portal(g, (uint16_t)node)) != WH_OK) {
                problem(rp, t->portal_at, "no %s through the portal on '%s': %s",
                        wh_figure_word((wh_figure_t)t->portal_figure), t->portal_feature,
                        s == WH_ERR_RANGE ? "occupied, completed, under the dragon or no place for that figure"
                                          : wh_status_text(s));
                return false;
            }
        }
        if (t->recall && (s = wh_game_place_meeple(g, WH_OPTION_RECALL)) != WH_OK) {
            problem(rp, t->at, "the abbot cannot be taken back: %s", wh_status_text(s));
            return false;
        }
        for (int k = 0; k < t->n_meeples; k++) {
            int f = wr_feature_index(rp->set, tile, t->meeple[k]);
            if (f < 0) {
                no_such_feature(rp, t->meeple_at[k], tile, t->meeple[k]);
                return false;
            }
            s = wh_game_place_meeple(g, WH_OPTION(t->meeple_figure[k], f));
            if (s != WH_OK) {
                figure_refused(rp, g, t, k, f, s);
                return false;
            }
        }
        if (t->floor || t->close) {
            int x = t->floor ? t->floor_x : t->close_x, y = t->floor ? t->floor_y : t->close_y;
            wr_loc at = t->floor ? t->floor_at : t->close_at;
            int i = tower_tile(rp, g, x, y, at, t->floor ? "floor" : "close");
            int c = i < 0 ? -1 : t->floor ? capture_target(rp, g, t) : (int)WH_NO_CAPTURE;
            if (i < 0 || c < 0)
                return false;
            s = t->floor ? wh_game_tower_floor(g, (uint16_t)i, (uint16_t)c)
                         : wh_game_tower_close(g, (uint16_t)i, (wh_figure_t)t->close_figure);
            if (s != WH_OK) {
                problem(rp, at, "%s at (%d, %d): %s", t->floor ? "no tower floor" : "no tower closed", x, y,
                        s == WH_ERR_PHASE   ? "not instead of a figure or another action, or the rule tower is not played (TW2)"
                        : s == WH_ERR_RANGE ? "the follower taken is out of the tower's reach (TW6)"
                                            : tower_refusal(g, t, i));
                return false;
            }
        }
        if (t->fairy) {
            int k = fairy_meeple(rp, g, t);
            if (k < 0)
                return false;
            if ((s = wh_game_move_fairy(g, (uint16_t)k)) != WH_OK) {
                problem(rp, t->fairy_at, "the fairy cannot move now: %s",
                        s == WH_ERR_PHASE ? "a figure was placed, or the rules are not played"
                        : (g->rules & WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE)) ? "it is on that tile already"
                                                                           : wh_status_text(s));
                return false;
            }
        }
        /* the dragon's steps the record says, after the scoring in the RGG
        ** variant; the rest, the first possible */
        if (t->n_dragon && (r->rules & WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)) && g->pd.dragon_left)
            wh_game_score_turn(g, &sink);
        for (int k = 0; k < t->n_dragon; k++)
            if ((s = wh_game_move_dragon(g, t->dragon[k][0], t->dragon[k][1])) != WH_OK) {
                problem(rp, t->dragon_at[k], "the dragon cannot step to (%d, %d): %s", t->dragon[k][0], t->dragon[k][1],
                        s == WH_ERR_PHASE ? "it is not flying" : "not a square next to it that it has not visited");
                return false;
            }
        wh_game_end_turn(g, &sink);
    }
    if (finish)
        wh_game_final_score(g, &sink);
    rp->ended = finish;
    return true;
}

bool wr_replay_run(wr_replay *rp, const wr_record *r, const wh_tileset_t *set, bool finish, FILE *err)
{
    memset(rp, 0, sizeof *rp);
    rp->record = r;
    rp->set = set;
    rp->err = err;
    rp->positional = !r->has_pile;
    rp->match = wu_xmalloc(sizeof *rp->match);
    rp->players = wu_xmalloc(r->n_turns);
    bool ok = setup_names(rp) && (rp->positional ? replay_position(rp, finish) : replay_match(rp, finish));
    return ok && !rp->failed;
}

void wr_replay_free(wr_replay *rp)
{
    free(rp->match);
    free(rp->events);
    free(rp->players);
    rp->match = NULL;
    rp->events = NULL;
    rp->players = NULL;
}
