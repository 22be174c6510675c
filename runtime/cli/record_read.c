/*
** record_read.c -- reading a game record: its keys and values, strictly,
** through yaml_in.h; see record.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "record.h"
#include "../common/xalloc.h"
#include "report.h"
#include "yaml_in.h"
#include "../common/nearest.h"
#include "../wonders.h"

#include <stdlib.h>
#include <string.h>

/* Degrees clockwise, a quarter turn at a time: anything else is refused
** with the four a record may say (not a range: 45 lies within 0 to 270). */
static bool rotation_of(wr_yaml_in *rd, int *out)
{
    static const long quarters[] = {0, 90, 180, 270};
    long v;
    if (!wr_in_one_of(rd, "rotation", quarters, 4, &v))
        return false;
    *out = (int)(v / 90);
    return true;
}

static bool position(wr_yaml_in *rd, int *x, int *y)
{
    wr_loc at = wr_in_here(rd);
    long v[2];
    int n = 0;
    if (!wr_in_begin_list(rd, "at"))
        return false;
    while (!rd->failed && !wr_in_list_end(rd)) {
        if (n == 2 && rd->ev.type == YAML_MAPPING_START_EVENT) /* `[1, 0, rotation: 0}`: a key read into the list */
            return wr_in_fail(rd, wr_in_here(rd), "at: the list is not closed: a ']' is missing before this key");
        if (n == 2)
            return wr_in_fail(rd, at, "at: expected [x, y]");
        if (!wr_in_number(rd, n ? "y" : "x", -16000, 16000, &v[n]))
            return false;
        n++;
    }
    if (rd->failed)
        return false;
    if (n != 2)
        return wr_in_fail(rd, at, "at: expected [x, y]");
    *x = (int)v[0];
    *y = (int)v[1];
    return true;
}

enum { K_PLAYER, K_PASS, K_TILE, K_AT, K_ROTATION, K_MEEPLES, K_EXTRA, K_TAKES, K_RECALL, K_MARKER, K_DRAGON, K_FAIRY, K_PRINCESS, K_PORTAL,
       K_FLOOR, K_CLOSE, K_RANSOM };

/* {tile, at, rotation}: an extra tile of the fallback. */
static bool placement(wr_yaml_in *rd, wr_place *p)
{
    static const char *const keys[] = {"tile", "at", "rotation", NULL};
    wr_loc at = wr_in_here(rd);
    unsigned seen = 0;
    int k;
    p->rotation = 0;
    if (!wr_in_begin_map(rd, "a placement"))
        return false;
    while (wr_in_next_key(rd, "a placement", keys, &seen, &k)) {
        if (k == 0) {
            p->at = wr_in_here(rd);
            if (!wr_in_name(rd, "tile", p->tile, sizeof p->tile))
                return false;
        } else if (k == 1 ? !position(rd, &p->x, &p->y) : !rotation_of(rd, &p->rotation)) {
            return false;
        }
    }
    if (rd->failed)
        return false;
    return (seen & 3u) == 3u || wr_in_fail(rd, at, "a placement needs 'tile' and 'at'");
}

/* "large c": the figure before the feature's name (a meeple when alone). */
static bool figure_of(wr_yaml_in *rd, wr_turn *t, int n)
{
    char *name = t->meeple[n], *space = strchr(name, ' ');
    t->meeple_figure[n] = WH_FIGURE_MEEPLE;
    if (!space)
        return true;
    *space = '\0';
    for (int f = 0; f < WH_N_FIGURES; f++)
        if (!strcmp(name, wh_figure_word((wh_figure_t)f)) && space[1] && !strchr(space + 1, ' ')) {
            t->meeple_figure[n] = (uint8_t)f;
            memmove(name, space + 1, strlen(space + 1) + 1);
            return true;
        }
    *space = ' ';
    return wr_in_fail(rd, t->meeple_at[n], "meeples: '%s': expected a feature's name, or a figure and a name "
                      "('large c', 'abbot m')", name);
}

/* "marker: large": the figure that marks the wonder the turn places (W: "You
** can use the large meeple of the 1st expansion or any other figure in that
** color"); the abbot does not (wh_game_place_marker_figure). */
static bool marker_of(wr_yaml_in *rd, wr_turn *t)
{
    char name[WR_MAX_NAME];
    if (!wr_in_name(rd, "marker", name, sizeof name))
        return false;
    static const wh_figure_t markers[] = {WH_FIGURE_MEEPLE, WH_FIGURE_LARGE};
    for (size_t i = 0; i < sizeof markers / sizeof *markers; i++)
        if (!strcmp(name, wh_figure_word(markers[i]))) {
            t->marker = (uint8_t)(markers[i] + 1);
            return true;
        }
    return wr_in_fail(rd, t->marker_at, "marker: expected %s or %s, found '%s'", wh_figure_word(WH_FIGURE_MEEPLE),
                      wh_figure_word(WH_FIGURE_LARGE), name);
}

/* The portal's "figure: abbot": which follower goes through (a meeple when
** it is left out). */
static bool portal_figure_of(wr_yaml_in *rd, wr_turn *t)
{
    char name[WR_MAX_NAME];
    if (!wr_in_name(rd, "figure", name, sizeof name))
        return false;
    for (unsigned f = WH_FIGURE_MEEPLE; f <= WH_FIGURE_ABBOT; f++)
        if (!strcmp(name, wh_figure_word((wh_figure_t)f))) {
            t->portal_figure = (uint8_t)f;
            return true;
        }
    return wr_in_fail(rd, t->portal_at, "portal: figure: expected %s, %s or %s (a follower), found '%s'",
                      wh_figure_word(WH_FIGURE_MEEPLE), wh_figure_word(WH_FIGURE_LARGE),
                      wh_figure_word(WH_FIGURE_ABBOT), name);
}

/* `meeples: [c, large r]`: at most two (on a wonder), each a feature's name, a figure before it when not a meeple. */
static bool meeples_of(wr_yaml_in *rd, wr_turn *t)
{
    wr_loc at = wr_in_here(rd);
    if (!wr_in_begin_list(rd, "meeples"))
        return false;
    int n = 0;
    bool ok = true;
    while (ok && !rd->failed && !wr_in_list_end(rd)) {
        if (n == 2) {
            while (!rd->failed && !wr_in_list_end(rd)) /* count them for the message */
                wr_in_advance(rd), n++;
            return wr_in_fail(rd, at, "meeples: at most 2 (on a wonder), found %d", n + 1);
        }
        t->meeple_at[n] = wr_in_here(rd);
        ok = wr_in_name(rd, "meeple", t->meeple[n], WR_MAX_NAME) && figure_of(rd, t, n);
        t->n_meeples = ++n;
    }
    return ok && !rd->failed;
}

/* `extra: [{tile, at, rotation}, ...]`: the tiles placed to make room (the fallback). */
static bool extras_of(wr_yaml_in *rd, wr_turn *t)
{
    wr_loc at = wr_in_here(rd);
    if (!wr_in_begin_list(rd, "extra"))
        return false;
    bool ok = true;
    while (ok && !rd->failed && !wr_in_list_end(rd)) {
        if (t->n_extra == WR_MAX_EXTRA)
            return wr_in_fail(rd, at, "extra: at most %d tiles", WR_MAX_EXTRA);
        ok = placement(rd, &t->extra[t->n_extra++]);
    }
    return ok && !rd->failed;
}

/* `fairy: {at: [x, y], feature: c}`: beside the player's follower there; with
** the rule fairy_on_tile `{at: [x, y]}`, on that tile (the replay checks which). */
static bool fairy_of(wr_yaml_in *rd, wr_turn *t)
{
    static const char *const keys[] = {"at", "feature", NULL};
    unsigned seen = 0;
    int k;
    bool ok = true;
    t->fairy_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "the fairy"))
        return false;
    while (ok && wr_in_next_key(rd, "the fairy", keys, &seen, &k))
        ok = k == 0 ? position(rd, &t->fairy_x, &t->fairy_y) : wr_in_name(rd, "feature", t->fairy_feature, WR_MAX_NAME);
    if (!ok || rd->failed)
        return false;
    if (!(seen & 1u))
        return wr_in_fail(rd, t->fairy_at, "fairy: needs 'at' (the tile), and 'feature' (the follower it "
                                           "joins) unless the rules say fairy_on_tile");
    if (!(seen & 2u))
        t->fairy_feature[0] = '\0';
    t->fairy = true;
    return true;
}

/* `portal: {at: [x, y], feature: c, figure: large}`: a follower through the portal. */
static bool portal_of(wr_yaml_in *rd, wr_turn *t)
{
    static const char *const keys[] = {"at", "feature", "figure", NULL};
    unsigned seen = 0;
    int k;
    bool ok = true;
    t->portal_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "the portal"))
        return false;
    while (ok && wr_in_next_key(rd, "the portal", keys, &seen, &k))
        ok = k == 0   ? position(rd, &t->portal_x, &t->portal_y)
             : k == 1 ? wr_in_name(rd, "feature", t->portal_feature, WR_MAX_NAME)
                      : portal_figure_of(rd, t);
    if (!ok || rd->failed)
        return false;
    if ((seen & 3u) != 3u)
        return wr_in_fail(rd, t->portal_at, "portal: needs 'at' and 'feature' (where the follower goes)");
    t->portal = true;
    return true;
}

/* `princess: {at: [x, y], feature: c, player: 1}`: the knight sent home. */
static bool princess_of(wr_yaml_in *rd, const wr_record *r, wr_turn *t)
{
    static const char *const keys[] = {"at", "feature", "player", NULL};
    unsigned seen = 0;
    int k;
    long num;
    bool ok = true;
    t->princess_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "the princess"))
        return false;
    while (ok && wr_in_next_key(rd, "the princess", keys, &seen, &k)) {
        if (k == 0) {
            ok = position(rd, &t->princess_x, &t->princess_y);
        } else if (k == 1) {
            ok = wr_in_name(rd, "feature", t->princess_feature, WR_MAX_NAME);
        } else {
            ok = wr_in_number(rd, "player", 0, r->players - 1, &num);
            t->princess_player = (int)num;
        }
    }
    if (!ok || rd->failed)
        return false;
    if (seen != 7u)
        return wr_in_fail(rd, t->princess_at, "princess: needs 'at', 'feature' and 'player' (the knight sent home)");
    t->princess = true;
    return true;
}

/* A figure's word among `first` .. `last`, into *out; else a located failure. */
static bool figure_between(wr_yaml_in *rd, const char *what, wr_loc at, unsigned first, unsigned last, uint8_t *out)
{
    char name[WR_MAX_NAME];
    if (!wr_in_name(rd, "figure", name, sizeof name))
        return false;
    for (unsigned f = first; f <= last; f++)
        if (!strcmp(name, wh_figure_word((wh_figure_t)f))) {
            *out = (uint8_t)f;
            return true;
        }
    return wr_in_fail(rd, at, "%s: figure: expected %s%s%s, found '%s'", what, wh_figure_word((wh_figure_t)first),
                      last > first + 1 ? ", " : " or ", last > first + 1 ? "large or abbot" : wh_figure_word((wh_figure_t)last),
                      name);
}

/* `floor: {at: [x, y], take: [x, y], feature: c}`: The Tower, a floor on the
** tower of the tile at [x, y], taking the follower on feature c of the tile
** at `take` (no feature: the meeple closing the tower there); no `take`:
** nothing taken. */
static bool floor_of(wr_yaml_in *rd, wr_turn *t)
{
    static const char *const keys[] = {"at", "take", "feature", NULL};
    unsigned seen = 0;
    int k;
    bool ok = true;
    t->floor_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "a tower floor"))
        return false;
    while (ok && wr_in_next_key(rd, "a tower floor", keys, &seen, &k))
        ok = k == 0   ? position(rd, &t->floor_x, &t->floor_y)
             : k == 1 ? position(rd, &t->take_x, &t->take_y)
                      : wr_in_name(rd, "feature", t->take_feature, WR_MAX_NAME);
    if (!ok || rd->failed)
        return false;
    if (!(seen & 1u))
        return wr_in_fail(rd, t->floor_at, "floor: needs 'at' (the tile whose tower gets the floor)");
    if ((seen & 4u) && !(seen & 2u))
        return wr_in_fail(rd, t->floor_at, "floor: 'feature' names the follower taken, and needs 'take' (its tile)");
    t->take = (seen & 2u) != 0;
    t->floor = true;
    return true;
}

/* `close: {at: [x, y], figure: large}`: The Tower, the tower of the tile at
** [x, y] closed by a meeple (or the figure named). */
static bool close_of(wr_yaml_in *rd, wr_turn *t)
{
    static const char *const keys[] = {"at", "figure", NULL};
    unsigned seen = 0;
    int k;
    bool ok = true;
    t->close_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "a tower closed"))
        return false;
    while (ok && wr_in_next_key(rd, "a tower closed", keys, &seen, &k))
        ok = k == 0 ? position(rd, &t->close_x, &t->close_y)
                    : figure_between(rd, "close", t->close_at, WH_FIGURE_MEEPLE, WH_FIGURE_LARGE, &t->close_figure);
    if (!ok || rd->failed)
        return false;
    if (!(seen & 1u))
        return wr_in_fail(rd, t->close_at, "close: needs 'at' (the tile whose tower is closed)");
    t->close = true;
    return true;
}

/* `ransom: {player: 1, figure: large}`: The Tower, a follower (a meeple
** unless named) bought back from the player holding it, as the turn starts. */
static bool ransom_of(wr_yaml_in *rd, const wr_record *r, wr_turn *t)
{
    static const char *const keys[] = {"player", "figure", NULL};
    unsigned seen = 0;
    int k;
    long num;
    bool ok = true;
    t->ransom_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "a ransom"))
        return false;
    while (ok && wr_in_next_key(rd, "a ransom", keys, &seen, &k)) {
        if (k == 0) {
            ok = wr_in_number(rd, "player", 0, r->players - 1, &num);
            t->ransom_player = (int)num;
        } else {
            ok = figure_between(rd, "ransom", t->ransom_at, WH_FIGURE_MEEPLE, WH_FIGURE_ABBOT, &t->ransom_figure);
        }
    }
    if (!ok || rd->failed)
        return false;
    if (!(seen & 1u))
        return wr_in_fail(rd, t->ransom_at, "ransom: needs 'player' (who holds the follower bought back)");
    t->ransom = true;
    return true;
}

/* `dragon: [[x, y], ...]`: each step of its flight. */
static bool dragon_of(wr_yaml_in *rd, wr_turn *t)
{
    wr_loc at = wr_in_here(rd);
    if (!wr_in_begin_list(rd, "dragon"))
        return false;
    bool ok = true;
    while (ok && !rd->failed && !wr_in_list_end(rd)) {
        if (t->n_dragon == WR_MAX_DRAGON)
            return wr_in_fail(rd, at, "dragon: at most %d steps", WR_MAX_DRAGON);
        t->dragon_at[t->n_dragon] = wr_in_here(rd);
        ok = position(rd, &t->dragon[t->n_dragon][0], &t->dragon[t->n_dragon][1]);
        t->n_dragon++;
    }
    return ok && !rd->failed;
}

/* `takes: [{player: 1, wonder: tikal}, ...]`: the wonders taken from the track. */
static bool takes_of(wr_yaml_in *rd, const wr_record *r, wr_turn *t)
{
    static const char *const keys[] = {"player", "wonder", NULL};
    wr_loc at = wr_in_here(rd);
    long num;
    bool ok = true;
    if (!wr_in_begin_list(rd, "takes"))
        return false;
    while (ok && !rd->failed && !wr_in_list_end(rd)) {
        if (t->n_takes == WR_MAX_PLAYERS * 2)
            return wr_in_fail(rd, at, "takes: too many entries");
        wr_take *tk = &t->takes[t->n_takes++];
        tk->at = wr_in_here(rd);
        unsigned seen = 0;
        int k;
        if (!wr_in_begin_map(rd, "a wonder taken"))
            return false;
        while (ok && wr_in_next_key(rd, "a wonder taken", keys, &seen, &k)) {
            if (k == 0) {
                ok = wr_in_number(rd, "player", 0, r->players - 1, &num);
                tk->player = (int)num;
            } else {
                ok = wr_in_name(rd, "wonder", tk->wonder, WR_MAX_NAME);
            }
        }
        if (ok && !rd->failed && seen != 3u)
            return wr_in_fail(rd, tk->at, "a wonder taken needs 'player' and 'wonder'");
    }
    return ok && !rd->failed;
}

/* What one turn may hold together: a pass nothing, one action among the
** figure, the portal, the princess and the abbot's recall; else a tile and where. */
static bool turn_consistent(wr_yaml_in *rd, const wr_turn *t, bool has_tile, bool has_at)
{
    if (t->pass && (has_tile || t->n_meeples || t->n_extra || t->recall || t->marker || t->n_dragon || t->fairy ||
                    t->princess || t->portal))
        return wr_in_fail(rd, t->at, "a turn that passes places nothing");
    if (t->portal && (t->n_meeples || t->fairy || t->recall || t->princess))
        return wr_in_fail(rd, t->portal_at, "portal: the meeple through the portal is the turn's one figure");
    if (t->princess && (t->n_meeples || t->fairy || t->recall))
        return wr_in_fail(rd, t->princess_at, "princess: a knight sent home is the turn's action: no figure, fairy or abbot then");
    if (t->recall && t->n_meeples)
        return wr_in_fail(rd, t->at, "recall: the abbot is taken back instead of placing a figure; not both");
    if (t->pass && (t->floor || t->close || t->ransom))
        return wr_in_fail(rd, t->at, "a turn that passes places nothing");
    if (t->floor && (t->n_meeples || t->fairy || t->recall || t->princess || t->portal || t->close))
        return wr_in_fail(rd, t->floor_at, "floor: a tower floor is the turn's action: no figure, fairy, abbot or other tower move then");
    if (t->close && (t->n_meeples || t->fairy || t->recall || t->princess || t->portal))
        return wr_in_fail(rd, t->close_at, "close: closing a tower is the turn's action: no figure, fairy or abbot then");
    if (!t->pass && !(has_tile && has_at))
        return wr_in_fail(rd, t->at, "a turn needs 'tile' and 'at', or 'pass: true'");
    return true;
}

/* One entry of `turns`: its keys, each read by its own function, then whether they go together. */
static bool turn(wr_yaml_in *rd, wr_record *r)
{
    static const char *const keys[] = {"player", "pass", "tile", "at", "rotation", "meeples", "extra", "takes",
                                       "recall", "marker", "dragon", "fairy", "princess", "portal", "floor", "close",
                                       "ransom", NULL};
    wr_turn *t = wr_record_turn(r);
    t->at = wr_in_here(rd);
    unsigned seen = 0;
    int k;
    long num;
    if (!wr_in_begin_map(rd, "a turn"))
        return false;
    while (wr_in_next_key(rd, "a turn", keys, &seen, &k)) {
        bool ok = true;
        switch (k) {
        case K_PLAYER:
            ok = wr_in_number(rd, "player", 0, r->players - 1, &num);
            t->player = (int)num;
            break;
        case K_PASS: ok = wr_in_boolean(rd, "pass", &t->pass); break;
        case K_TILE:
            t->place.at = wr_in_here(rd);
            ok = wr_in_name(rd, "tile", t->place.tile, sizeof t->place.tile);
            break;
        case K_AT: ok = position(rd, &t->place.x, &t->place.y); break;
        case K_ROTATION: ok = rotation_of(rd, &t->place.rotation); break;
        case K_MEEPLES: ok = meeples_of(rd, t); break;
        case K_EXTRA: ok = extras_of(rd, t); break;
        case K_RECALL: ok = wr_in_boolean(rd, "recall", &t->recall); break;
        case K_FAIRY: ok = fairy_of(rd, t); break;
        case K_PORTAL: ok = portal_of(rd, t); break;
        case K_PRINCESS: ok = princess_of(rd, r, t); break;
        case K_FLOOR: ok = floor_of(rd, t); break;
        case K_CLOSE: ok = close_of(rd, t); break;
        case K_RANSOM: ok = ransom_of(rd, r, t); break;
        case K_DRAGON: ok = dragon_of(rd, t); break;
        case K_MARKER:
            t->marker_at = wr_in_here(rd);
            ok = marker_of(rd, t);
            break;
        case K_TAKES: ok = takes_of(rd, r, t); break;
        default: break;
        }
        if (!ok)
            return false;
    }
    if (rd->failed)
        return false;
    return turn_consistent(rd, t, seen & (1u << K_TILE), seen & (1u << K_AT));
}

static bool names_list(wr_yaml_in *rd, const char *what, char (*out)[WR_MAX_NAME], wr_loc *at, int max, int *n)
{
    wr_loc start = wr_in_here(rd);
    if (!wr_in_begin_list(rd, what))
        return false;
    *n = 0;
    while (!rd->failed && !wr_in_list_end(rd)) {
        if (*n == max)
            return wr_in_fail(rd, start, "%s: at most %d entries", what, max);
        if (at)
            at[*n] = wr_in_here(rd);
        if (!wr_in_name(rd, what, out[*n], WR_MAX_NAME))
            return false;
        (*n)++;
    }
    return !rd->failed;
}

/* A rule the runtime does not know, with the nearest it does. */
static bool unknown_rule(wr_yaml_in *rd, wr_loc at, const char *word)
{
    const char *words[WH_N_RULES];
    size_t lens[WH_N_RULES];
    for (int k = 0; k < WH_N_RULES; k++) {
        words[k] = wh_rule_word((wh_rule_t)k);
        lens[k] = strlen(words[k]);
    }
    int near = wu_closest(word, strlen(word), words, lens, WH_N_RULES);
    char all[256];
    wr_rules_text(WH_RULES_ALL, ", ", all, sizeof all);
    return wr_in_fail(rd, at, "rules: unknown rule '%s'%s%s%s (the rules: %s)", word, near >= 0 ? "; did you mean '" : "",
                      near >= 0 ? words[near] : "", near >= 0 ? "'?" : "", all);
}

/* `rules: [inns_cathedrals, abbot]`: the expansions' rules played with. */
static bool rules_list(wr_yaml_in *rd, wh_rules_t *rules)
{
    if (!wr_in_begin_list(rd, "rules"))
        return false;
    while (!rd->failed && !wr_in_list_end(rd)) {
        wr_loc at = wr_in_here(rd);
        char word[WR_MAX_NAME];
        if (!wr_in_name(rd, "rules", word, sizeof word))
            return false;
        int k = wr_rule_index(word);
        if (k < 0)
            return unknown_rule(rd, at, word);
        if (*rules & WH_RULE_BIT(k))
            return wr_in_fail(rd, at, "rules: '%s' is named twice", word);
        *rules |= WH_RULE_BIT(k);
    }
    return !rd->failed;
}

/* `players`: a number, or the players' names, 2 to WR_MAX_PLAYERS of them,
** each its own. */
static bool players_of(wr_yaml_in *rd, wr_record *r)
{
    if (rd->ev.type != YAML_SEQUENCE_START_EVENT) {
        long num;
        bool ok = wr_in_number(rd, "players", 2, WR_MAX_PLAYERS, &num);
        r->players = (int)num;
        return ok;
    }
    wr_loc list = wr_in_here(rd);
    int n = 0;
    wr_in_advance(rd);
    while (!rd->failed && !wr_in_list_end(rd)) {
        if (n == WR_MAX_PLAYERS)
            return wr_in_fail(rd, list, "players: 2 to %d names, found more", WR_MAX_PLAYERS);
        wr_loc name_at = wr_in_here(rd);
        if (!wr_in_name(rd, "player name", r->names[n], sizeof r->names[n]))
            return false;
        for (int j = 0; j < n; j++)
            if (!strcmp(r->names[j], r->names[n]))
                return wr_in_fail(rd, name_at, "players: '%s' is named twice; every player needs a name "
                                  "of their own", r->names[n]);
        n++;
    }
    if (!rd->failed && n < 2)
        return wr_in_fail(rd, list, "players: 2 to %d names, found %d", WR_MAX_PLAYERS, n);
    r->players = n;
    return true;
}

/* `pile`: a position's tiles in the order they are drawn, each one's place kept. */
static bool pile_of(wr_yaml_in *rd, wr_record *r)
{
    wr_loc list = wr_in_here(rd);
    if (!wr_in_begin_list(rd, "pile"))
        return false;
    r->has_pile = true;
    while (!rd->failed && !wr_in_list_end(rd)) {
        if (r->n_pile == WR_MAX_PILE)
            return wr_in_fail(rd, list, "pile: at most %d tiles", WR_MAX_PILE);
        wr_loc tile_at = wr_in_here(rd);
        char name[WR_MAX_NAME];
        if (!wr_in_name(rd, "pile", name, sizeof name))
            return false;
        wr_record_pile(r, name);
        r->pile_at[r->n_pile - 1] = tile_at;
    }
    return true;
}

/* An integer setup key between @p lo and @p hi into @p out. */
static bool int_of(wr_yaml_in *rd, const char *what, long lo, long hi, int *out)
{
    long num;
    bool ok = wr_in_number(rd, what, lo, hi, &num);
    *out = (int)num;
    return ok;
}

/* The setup's keys, in the order of their names in setup(). */
enum { S_PLAYERS, S_PACKS, S_WONDERS, S_VARIANT, S_SEED, S_MEEPLES, S_PILE, S_TILES, S_START, S_RULES };

static bool setup(wr_yaml_in *rd, wr_record *r)
{
    static const char *const keys[] = {"players", "packs", "wonders", "variant", "seed", "meeples", "pile", "tiles",
                                       "start", "rules", NULL};
    wr_loc at = wr_in_here(rd), tiles_at = at;
    unsigned seen = 0;
    int k;
    if (!wr_in_begin_map(rd, "setup"))
        return false;
    while (wr_in_next_key(rd, "setup", keys, &seen, &k)) {
        bool ok = true;
        long num;
        switch (k) {
        case S_PLAYERS:
            ok = players_of(rd, r);
            break;
        case S_PACKS:
            ok = names_list(rd, "packs", r->packs, r->packs_at, WR_MAX_PACKS, &r->n_packs);
            break;
        case S_WONDERS:
            ok = names_list(rd, "wonders", r->wonders, r->wonders_at, WR_MAX_WONDERS, &r->n_wonders);
            break;
        case S_VARIANT:
            ok = int_of(rd, "variant", 1, 2, &r->variant);
            break;
        case S_SEED:
            ok = wr_in_number(rd, "seed", 0, 2147483647L, &num);
            r->seed = (uint64_t)num;
            break;
        case S_MEEPLES:
            ok = int_of(rd, "meeples", 0, 20, &r->meeples);
            break;
        case S_PILE:
            ok = pile_of(rd, r);
            break;
        case S_TILES:
            tiles_at = wr_in_here(rd);
            ok = int_of(rd, "tiles", 1, 65535, &r->tiles);
            break;
        case S_START:
            r->start_at = wr_in_here(rd);
            ok = wr_in_name(rd, "start", r->start, sizeof r->start);
            break;
        case S_RULES:
            ok = rules_list(rd, &r->rules);
            break;
        default:
            break;
        }
        if (!ok)
            return false;
    }
    if (rd->failed)
        return false;
    if (r->tiles && r->has_pile)
        return wr_in_fail(rd, tiles_at, "tiles: only in a position; a complete game is played with its pile and "
                          "start tile");
    return (seen & (1u << S_PLAYERS)) || wr_in_fail(rd, at, "setup needs 'players' (a number, or a list of names)");
}

/* A player named by the record's name for them ("Red", or "player 2"). */
static bool player_named(const wr_record *r, const char *name, int *out)
{
    for (int p = 0; p < r->players; p++) {
        char buf[40];
        if (!strcmp(wr_player(r, p, buf, sizeof buf), name)) {
            *out = p;
            return true;
        }
    }
    return false;
}

static bool players_list(wr_yaml_in *rd, const wr_record *r, wr_expect_event *e)
{
    if (!wr_in_begin_list(rd, "to"))
        return false;
    while (!rd->failed && !wr_in_list_end(rd)) {
        wr_loc at = wr_in_here(rd);
        int p;
        if (e->n_to == WR_MAX_PLAYERS)
            return wr_in_fail(rd, at, "to: at most %d players", WR_MAX_PLAYERS);
        if (!wr_in_name(rd, "to", e->to[e->n_to], sizeof e->to[e->n_to]))
            return false;
        if (!player_named(r, e->to[e->n_to], &p))
            return wr_in_fail(rd, at, "to: '%s' is not a player of this record", e->to[e->n_to]);
        e->n_to++;
    }
    return !rd->failed;
}

/* {turn, reason, points, to}: one expected scoring event. */
static bool expected_event(wr_yaml_in *rd, wr_record *r)
{
    static const char *const keys[] = {"turn", "reason", "points", "to", NULL};
    r->expect_events = wu_grow(r->expect_events, &r->cap_expect_events, r->n_expect_events + 1, sizeof *r->expect_events);
    wr_expect_event *e = &r->expect_events[r->n_expect_events++];
    memset(e, 0, sizeof *e);
    e->at = wr_in_here(rd);
    unsigned seen = 0;
    int k;
    long num;
    if (!wr_in_begin_map(rd, "an expected event"))
        return false;
    while (wr_in_next_key(rd, "an expected event", keys, &seen, &k)) {
        bool ok;
        if (k == 0 && rd->ev.type == YAML_SCALAR_EVENT && !strcmp((const char *)rd->ev.data.scalar.value, "final")) {
            e->turn = 0;
            ok = wr_in_advance(rd);
        } else if (k == 0) {
            ok = wr_in_number(rd, "turn (a number, or final)", 1, WR_MAX_TURNS, &num);
            e->turn = (int)num;
        } else if (k == 1) {
            ok = wr_in_name(rd, "reason", e->reason, sizeof e->reason);
        } else if (k == 2) {
            ok = wr_in_number(rd, "points", -100000, 100000, &num);
            e->points = (int)num;
        } else {
            ok = players_list(rd, r, e);
        }
        if (!ok)
            return false;
    }
    if (rd->failed)
        return false;
    return seen == 15u || wr_in_fail(rd, e->at, "an expected event needs 'turn', 'reason', 'points' and 'to'");
}

/* expect: {scores: {NAME: points...}, events: [...]} -- after setup, whose
** player names it uses. */
static bool expectation(wr_yaml_in *rd, wr_record *r)
{
    static const char *const keys[] = {"scores", "events", NULL};
    unsigned seen = 0;
    int k;
    r->has_expect = true;
    r->expect_at = wr_in_here(rd);
    if (!wr_in_begin_map(rd, "expect"))
        return false;
    while (wr_in_next_key(rd, "expect", keys, &seen, &k)) {
        if (k == 0) {
            char names[WR_MAX_PLAYERS][40];
            const char *player_keys[WR_MAX_PLAYERS + 1] = {NULL};
            for (int p = 0; p < r->players; p++)
                player_keys[p] = wr_player(r, p, names[p], sizeof names[p]);
            unsigned pseen = 0;
            int p;
            long num;
            if (!wr_in_begin_map(rd, "scores"))
                return false;
            while (wr_in_next_key(rd, "scores", player_keys, &pseen, &p)) {
                r->expect_score_at[p] = wr_in_here(rd);
                if (!wr_in_number(rd, "points", -100000, 100000, &num))
                    return false;
                r->expect_score[p] = (int)num;
            }
            r->expect_has_score = pseen;
        } else {
            if (wr_in_is_null(rd)) {
                if (!wr_in_advance(rd))
                    return false;
                continue;
            }
            if (!wr_in_begin_list(rd, "events"))
                return false;
            while (!rd->failed && !wr_in_list_end(rd)) {
                if (r->n_expect_events == WR_MAX_TURNS * 4)
                    return wr_in_fail(rd, wr_in_here(rd), "events: more than %d", WR_MAX_TURNS * 4);
                if (!expected_event(rd, r))
                    return false;
            }
        }
        if (rd->failed)
            return false;
    }
    return !rd->failed;
}

/* The record: format, setup, then turns (a player's number is checked
** against the setup, so setup must come before turns); a position may say
** which rule it reproduces and what it expects. */
static bool record(wr_yaml_in *rd, wr_record *r)
{
    static const char *const keys[] = {"format", "setup", "turns", "rule", "expect", NULL};
    wr_loc at = wr_in_here(rd);
    unsigned seen = 0;
    int k;
    long format;
    if (!wr_in_begin_map(rd, "the record"))
        return false;
    while (wr_in_next_key(rd, "the record", keys, &seen, &k)) {
        if (k == 0) {
            wr_loc fat = wr_in_here(rd);
            if (!wr_in_number(rd, "format", 0, 1000000, &format))
                return false;
            if (format != WR_FORMAT)
                return wr_in_fail(rd, fat, "format %ld is not known (this program reads format %d)", format, WR_FORMAT);
        } else if (k == 1) {
            if (!setup(rd, r))
                return false;
        } else if (k == 3) {
            if (!wr_in_name(rd, "rule", r->rule, sizeof r->rule))
                return false;
        } else if (k == 4) {
            if (!(seen & 2u))
                return wr_in_fail(rd, wr_in_here(rd), "'setup' must come before 'expect'");
            if (!expectation(rd, r))
                return false;
        } else {
            if (!(seen & 2u))
                return wr_in_fail(rd, wr_in_here(rd), "'setup' must come before 'turns'");
            if (wr_in_is_null(rd)) {
                if (!wr_in_advance(rd))
                    return false;
                continue;
            }
            if (!wr_in_begin_list(rd, "turns"))
                return false;
            while (!rd->failed && !wr_in_list_end(rd)) {
                if (r->n_turns == WR_MAX_TURNS)
                    return wr_in_fail(rd, wr_in_here(rd), "turns: more than %d; no game or position has that many",
                                      WR_MAX_TURNS);
                if (!turn(rd, r))
                    return false;
            }
        }
    }
    if (rd->failed)
        return false;
    if (!(seen & 1u))
        return wr_in_fail(rd, at, "the record needs 'format: %d'", WR_FORMAT);
    if (!(seen & 2u))
        return wr_in_fail(rd, at, "the record needs 'setup'");
    return true;
}

bool wr_read_text(const char *name, const char *text, size_t len, wr_record *r, FILE *err)
{
    wr_record_init(r, 2);
    snprintf(r->path, sizeof r->path, "%s", name);
    wr_yaml_in in;
    bool ok = wr_in_start(&in, name, "record", text, len, err) && record(&in, r);
    return wr_in_finish(&in, ok, "record");
}

bool wr_read_file(const char *path, wr_record *r, FILE *err)
{
    wr_record_init(r, 2);
    char *text;
    size_t len;
    if (!wr_in_slurp(path, "record", &text, &len, err))
        return false;
    bool ok = wr_read_text(path, text, len, r, err);
    free(text);
    return ok;
}
