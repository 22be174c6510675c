/*
** match.c -- the expansion's turn order and wonder track; see match.h.
** Each rule cites the rulebook (R) or the rules page (W) of shared/seeds.
*/
#include "match.h"
#include "internal.h"
#include "playout.h" /* wh_rng_seed, wh_rng_below */

#include <string.h>

#define ASKS 3 /* answers a callback gets before the turn fails */

static wh_status_t ask_index(size_t answer, size_t n, size_t *out)
{
    if (answer >= n)
        return WH_ERR_CALLBACK;
    *out = answer;
    return WH_OK;
}

/* Each player's meeples in supply at the start.  The wonders are a box of
** their own: R, "You start the game with 6 meeples in your supply", the
** others of a colour's 9 being the pair beside space 10 and the scoring
** meeple.  A match with no wonder on offer is the base game, whose colour
** of 8 leaves 7 in supply once one scores (docs/rules.md, "Setup"). */
static uint8_t supply_at_start(const wh_match_config_t *config)
{
    if (config->meeples)
        return config->meeples; /* the caller's (an experiment's control: docs/balance.md) */
    return config->n_wonders ? 6 : 7;
}

wh_status_t wh_match_init(wh_match_t *m, const wh_tileset_t *set, const wh_match_config_t *config)
{
    if (!config || (config->variant != 1 && config->variant != 2) || config->n_pile > WH_MAX_PLACED ||
        config->n_wonders > WH_MATCH_MAX_WONDERS)
        return WH_ERR_RANGE;
    for (size_t i = 0; i < config->n_wonders; i++)
        if (config->wonders[i] >= set->n_tiles || set->tiles[config->wonders[i]].kind != WH_TILE_WONDER)
            return WH_ERR_RANGE;
    size_t land = 1; /* the start tile, then the pile's land tiles (wh_game_tiles_in_game) */
    for (size_t i = 0; i < config->n_pile; i++) {
        if (config->pile[i] >= set->n_tiles)
            return WH_ERR_RANGE;
        land += set->tiles[config->pile[i]].kind == WH_TILE_LAND;
    }
    wh_game_config_t gc = {.players = config->players, .meeples = supply_at_start(config), .start_tile = config->start_tile,
                           .tiles_in_game = (uint16_t)land, .rules = config->rules};
    memset(m, 0, sizeof *m);
    wh_status_t s = wh_game_init(&m->game, set, &gc);
    if (s != WH_OK)
        return s;
    m->variant = config->variant;
    m->pair_space = WH_TRACK_FIRST;
    if (config->n_pile) /* a NULL list of none is allowed: memcpy's pointers may not be NULL */
        memcpy(m->pile, config->pile, config->n_pile * sizeof *m->pile);
    m->n_pile = (uint16_t)config->n_pile;
    /* P5's shuffle: its own stream, not the one that dealt the pile from
    ** the same seed (`wonders play --seed`), whose draws it would repeat */
    wh_rng_seed(&m->rng, config->seed ^ 0x50355035u);
    if (config->n_wonders)
        memcpy(m->available, config->wonders, config->n_wonders * sizeof *m->available);
    m->track_seats = config->track_seats ? config->track_seats : (uint8_t)((1u << config->players) - 1);
    m->n_available = (uint8_t)config->n_wonders;
    return WH_OK;
}

/* The hand rule of `player` now (the wonders' effects, effects.c). */
static int hand_rule(const wh_match_t *m, int player, wh_hand_rest_t *rest)
{
    return wh_effects_hand(&m->game, player, rest);
}

int wh_match_hand_size(const wh_match_t *m, int player)
{
    wh_hand_rest_t rest;
    return hand_rule(m, player, &rest);
}

/* ---- the wonder track ---------------------------------------------------- */

wh_status_t wh_match_take(wh_match_t *m, int player, size_t k, int meeples, const wh_score_sink_t *sink)
{
    if (player < 0 || player >= m->game.n_players || k >= m->n_available || m->n_waiting[player] >= 2 ||
        meeples < 0)
        return WH_ERR_RANGE;
    uint16_t tile = m->available[k];
    m->waiting[player][m->n_waiting[player]++] = tile;
    m->available[k] = m->available[--m->n_available];
    m->taken[player]++;
    m->game.supply[player] = (uint8_t)(m->game.supply[player] + meeples);
    /* the wonder's `taken` handlers and its rules from the taking: in the
    ** turn just played, whose player chose who takes (docs/language.md) */
    wh_effects_taken(&m->game, sink, tile, player, m->turn_player);
    return WH_OK;
}

static wh_status_t take_wonder(wh_match_t *m, const wh_players_t *pl, int player, int meeples,
                               const wh_score_sink_t *sink)
{
    if (m->n_available == 0)
        return WH_OK; /* nothing left to take */
    size_t k = 0;
    wh_status_t s = WH_ERR_CALLBACK;
    for (int ask = 0; ask < ASKS && s != WH_OK; ask++)
        s = ask_index(pl->wonder(pl->ctx, m, player), m->n_available, &k);
    if (s != WH_OK)
        return s;
    return wh_match_take(m, player, k, meeples, sink);
}

/* The current player picks who takes next among `candidates`. */
static wh_status_t pick(wh_match_t *m, const wh_players_t *pl, unsigned candidates, int *who)
{
    if (!(candidates & (candidates - 1))) { /* one candidate: nothing to decide */
        *who = __builtin_ctz(candidates);
        return WH_OK;
    }
    for (int ask = 0; ask < ASKS; ask++) {
        int p = pl->first_to_take(pl->ctx, m, m->turn_player, candidates);
        if (p >= 0 && p < WH_MAX_PLAYERS && (candidates & (1u << p))) {
            *who = p;
            return WH_OK;
        }
    }
    return WH_ERR_CALLBACK;
}

wh_status_t wh_match_track(wh_match_t *m, const wh_players_t *pl, const wh_score_sink_t *sink)
{
    wh_game_t *g = &m->game;
    for (;;) {
        /* R: "When your scoring meeple reaches or exceeds the space with the
        ** meeple pairs ..."; W: "If there are still scoring meeples of other
        ** players (who have not taken a wonder yet) on or past the space with
        ** the meeple pairs, the person whose turn it is decides again" */
        unsigned candidates = 0;
        for (int p = 0; p < g->n_players; p++)
            if (m->taken[p] == 0 && g->score[p] >= m->pair_space && (m->track_seats & (1u << p)))
                candidates |= 1u << p;
        if (!candidates || !m->n_available)
            break;
        int who;
        wh_status_t s = pick(m, pl, candidates, &who);
        if (s == WH_OK)
            s = take_wonder(m, pl, who, 2, sink); /* "Take your two meeples" */
        if (s != WH_OK)
            return s;
        /* "Move all remaining meeples ... 5 spaces forward"; "never beyond the space 25" */
        if (m->pair_space + WH_TRACK_STEP <= WH_TRACK_LAST)
            m->pair_space = (uint8_t)(m->pair_space + WH_TRACK_STEP);
    }
    if (m->variant == 2) {
        /* W: "If your counting meeple reaches or exceeds the 50 space, you
        ** choose your 2nd wonder ... and take the meeple next to the 0/50 space." */
        unsigned candidates = 0;
        for (int p = 0; p < g->n_players; p++)
            if (m->taken[p] == 1 && g->score[p] >= WH_TRACK_SECOND && (m->track_seats & (1u << p)))
                candidates |= 1u << p;
        while (candidates && m->n_available) {
            int who;
            wh_status_t s = pick(m, pl, candidates, &who);
            if (s == WH_OK)
                s = take_wonder(m, pl, who, 1, sink);
            if (s != WH_OK)
                return s;
            candidates &= ~(1u << who);
        }
    }
    return WH_OK;
}

/* ---- placing ---------------------------------------------------------------- */

static wh_status_t choose_placement(wh_match_t *m, const wh_players_t *pl, uint16_t tile, wh_placement_t *out,
                                    const wh_placement_t *options, size_t n)
{
    for (int ask = 0; ask < ASKS; ask++) {
        size_t k = pl->placement(pl->ctx, m, tile, options, n);
        if (k < n) {
            *out = options[k];
            return WH_OK;
        }
    }
    return WH_ERR_CALLBACK;
}

static wh_status_t meeples(wh_match_t *m, const wh_players_t *pl, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        uint8_t options[WH_MAX_MEEPLE_OPTIONS];
        size_t n = wh_game_meeple_options(&m->game, options, WH_MAX_MEEPLE_OPTIONS);
        if (n == 0)
            return WH_OK;
        size_t k = n + 1;
        for (int ask = 0; ask < ASKS && k > n; ask++)
            k = pl->meeple(pl->ctx, m, options, n);
        if (k > n)
            return WH_ERR_CALLBACK;
        if (k == n)
            return WH_OK; /* no (more) meeples */
        wh_status_t s = wh_game_place_option(&m->game, options[k]); /* one of the list's: legal */
        if (s != WH_OK)
            return s;
    }
    return WH_OK;
}

/* R: "you have to mark your wonder with one of the 2 meeples"; W: "You can
** use the large meeple of the 1st expansion or any other figure in that
** color".  The player chooses among the figures in supply that may mark
** it: a meeple first, so the default (no callback) is a meeple, and the
** large meeple when no other is left.  Nothing to mark it with is
** WH_ERR_NO_MEEPLE, as wh_game_place_marker says. */
static wh_status_t mark(wh_match_t *m, const wh_players_t *pl)
{
    static const wh_figure_t markers[] = {WH_FIGURE_MEEPLE, WH_FIGURE_LARGE};
    uint8_t figures[sizeof markers / sizeof *markers];
    size_t n = 0, k = 0;
    for (size_t i = 0; i < sizeof markers / sizeof *markers; i++)
        if (wh_game_figures(&m->game, m->game.current, markers[i]))
            figures[n++] = (uint8_t)markers[i];
    if (n == 0)
        return WH_ERR_NO_MEEPLE;
    if (pl->marker) {
        k = n;
        for (int ask = 0; ask < ASKS && k >= n; ask++)
            k = pl->marker(pl->ctx, m, figures, n);
        if (k >= n)
            return WH_ERR_CALLBACK;
    }
    return wh_game_place_marker_figure(&m->game, (wh_figure_t)figures[k]);
}

/* P17: the princess may send a knight home, instead of a figure. */
static wh_status_t use_princess(wh_match_t *m, const wh_players_t *pl)
{
    uint16_t options[WH_MAX_MEEPLES];
    size_t n = pl->princess ? wh_game_princess_options(&m->game, options, WH_MAX_MEEPLES) : 0, k = n + 1;
    if (n == 0)
        return WH_OK;
    bool must = wh_game_princess_must(&m->game); /* then `none` is no answer */
    for (int ask = 0; ask < ASKS && (k > n || (must && k == n)); ask++)
        k = pl->princess(pl->ctx, m, options, n);
    if (k > n || (must && k == n))
        return WH_ERR_CALLBACK;
    return k == n ? WH_OK : wh_game_use_princess(&m->game, options[k]);
}

/* P16: a follower through the portal, anywhere it may go, instead of on
** the tile.  The options of a large board do not fit on the stack: at most
** WH_MAX_PORTAL_OPTIONS, they go in the match. */
static wh_status_t use_portal(wh_match_t *m, const wh_players_t *pl)
{
    size_t n = pl->portal ? wh_game_portal_options(&m->game, m->portal, WH_MAX_PORTAL_OPTIONS) : 0, k = n + 1;
    if (n == 0)
        return WH_OK;
    for (int ask = 0; ask < ASKS && k > n; ask++)
        k = pl->portal(pl->ctx, m, m->portal, n);
    if (k > n)
        return WH_ERR_CALLBACK;
    return k == n ? WH_OK : wh_game_place_portal(&m->game, m->portal[k]);
}

/* P10: the fairy, moved instead of a figure, before the dragon flies. */
static wh_status_t move_fairy(wh_match_t *m, const wh_players_t *pl)
{
    uint16_t options[WH_MAX_MEEPLES];
    size_t n = pl->fairy ? wh_game_fairy_options(&m->game, options, WH_MAX_MEEPLES) : 0, k = n + 1;
    if (n == 0)
        return WH_OK;
    for (int ask = 0; ask < ASKS && k > n; ask++)
        k = pl->fairy(pl->ctx, m, options, n);
    if (k > n)
        return WH_ERR_CALLBACK;
    return k == n ? WH_OK : wh_game_move_fairy(&m->game, options[k]);
}

/* The Tower: a floor (with its capture) or a close, instead of a figure
** (TW2, TW5). */
static wh_status_t tower_move(wh_match_t *m, const wh_players_t *pl)
{
    uint16_t moves[WH_MAX_TOWER_MOVES];
    size_t n = pl->tower ? wh_game_tower_moves(&m->game, moves, WH_MAX_TOWER_MOVES) : 0, k = n + 1;
    if (n == 0)
        return WH_OK;
    for (int ask = 0; ask < ASKS && k > n; ask++)
        k = pl->tower(pl->ctx, m, moves, n);
    if (k > n)
        return WH_ERR_CALLBACK;
    if (k == n)
        return WH_OK;
    uint16_t capture = WH_NO_CAPTURE;
    if (WH_TOWER_MOVE_KIND(moves[k]) == WH_TOWER_FLOOR && pl->capture) {
        uint16_t placed = (uint16_t)WH_TOWER_MOVE_PLACED(moves[k]), targets[WH_MAX_MEEPLES + WH_MAX_TOWERS];
        size_t nt = wh_game_tower_captures(&m->game, placed, targets, WH_MAX_MEEPLES + WH_MAX_TOWERS), c = nt + 1;
        for (int ask = 0; nt && ask < ASKS && c > nt; ask++)
            c = pl->capture(pl->ctx, m, placed, targets, nt);
        if (nt && c > nt)
            return WH_ERR_CALLBACK;
        if (c < nt)
            capture = targets[c];
    }
    return wh_game_tower_move(&m->game, moves[k], capture);
}

/* The Tower: a ransom as the turn part starts (TW10). */
static wh_status_t pay_ransom(wh_match_t *m, const wh_players_t *pl, const wh_score_sink_t *sink)
{
    uint16_t options[WH_MAX_RANSOMS];
    size_t n = pl->ransom ? wh_game_ransom_options(&m->game, options, WH_MAX_RANSOMS) : 0, k = n + 1;
    if (n == 0)
        return WH_OK;
    for (int ask = 0; ask < ASKS && k > n; ask++)
        k = pl->ransom(pl->ctx, m, options, n);
    if (k > n)
        return WH_ERR_CALLBACK;
    return k == n ? WH_OK
                  : wh_game_ransom(&m->game, WH_RANSOM_HOLDER(options[k]), WH_RANSOM_FIGURE(options[k]), sink);
}

/* P7: each step of the dragon's flight, by the player whose step it is. */
static wh_status_t dragon_flight(wh_match_t *m, const wh_players_t *pl)
{
    for (int mover; (mover = wh_game_dragon_mover(&m->game)) >= 0;) {
        wh_point_t options[4];
        size_t n = wh_game_dragon_steps(&m->game, options, 4), k = n;
        for (int ask = 0; ask < ASKS && k >= n; ask++)
            k = pl->dragon ? pl->dragon(pl->ctx, m, mover, options, n) : 0;
        if (k >= n)
            return WH_ERR_CALLBACK;
        wh_status_t s = wh_game_move_dragon(&m->game, options[k].x, options[k].y);
        if (s != WH_OK)
            return s;
    }
    return WH_OK;
}

enum { MAX_OPTIONS = 4096 };

/* Whether no land tile is left to draw: the pile drawn, and no tile set
** aside that the dragon would bring back (P5). */
static bool nothing_to_draw(const wh_match_t *m)
{
    return m->drawn >= m->n_pile && (!m->n_aside || !m->game.pd.dragon_on);
}

/* W: "The game ends when nobody can place a land tile or a wonder tile
** during their turn, even if other players still have wonder tiles."
** Once nothing is left to draw, a turn starts -- its turn-start rules run,
** the fairy's point, a wonder's turn_start effects -- only when it is
** played: when the player holds a tile or a waiting wonder that fits
** (docs/rules.md, "The end of the game"). */
static bool can_play(const wh_match_t *m, int player)
{
    const wh_game_t *g = &m->game;
    if (m->n_waiting[player] && wh_game_can_place(g, m->waiting[player][0]))
        return true;
    for (uint8_t i = 0; i < m->n_hand[player]; i++)
        if (wh_game_can_place(g, m->hand[player][i]))
            return true;
    return false;
}

/* Place `tile` for the current player where the player chooses, with
** meeples, and end the turn. */
static wh_status_t place_and_score(wh_match_t *m, const wh_players_t *pl, uint16_t tile, const wh_score_sink_t *sink)
{
    wh_placement_t options[MAX_OPTIONS], where;
    wh_status_t s = pay_ransom(m, pl, sink);
    if (s != WH_OK)
        return s;
    s = WH_ERR_CALLBACK;
    bool listed = !pl->direct_placement;
    for (int ask = 0; !listed && ask < ASKS && s != WH_OK; ask++) {
        if (!pl->direct_placement(pl->ctx, m, tile, &where))
            listed = true; /* the player asks for the list */
        else if (wh_game_place_tile(&m->game, tile, where.x, where.y, where.rotation) == WH_OK)
            s = WH_OK; /* checked there: an illegal placement leaves the game as it was */
    }
    if (listed) {
        size_t n = wh_game_placements(&m->game, tile, options, MAX_OPTIONS);
        if (n > MAX_OPTIONS)
            n = MAX_OPTIONS;
        s = choose_placement(m, pl, tile, &where, options, n);
        if (s == WH_OK) /* one of the list's: legal */
            s = wh_game_place_legal(&m->game, tile, where.x, where.y, where.rotation);
    }
    bool wonder = m->game.set->tiles[tile].kind == WH_TILE_WONDER;
    if (s == WH_OK && wonder)
        s = mark(m, pl);
    if (s == WH_OK)
        s = use_princess(m, pl);
    if (s == WH_OK)
        s = use_portal(m, pl);
    if (s == WH_OK) /* R: "you may immediately place up to 2 meeples" */
        s = meeples(m, pl, wonder ? 2 : 1);
    if (s == WH_OK)
        s = tower_move(m, pl);
    if (s == WH_OK)
        s = move_fairy(m, pl);
    /* the RGG variant: the scoring first, then the dragon */
    if (s == WH_OK && (m->game.rules & WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)) && m->game.pd.dragon_left)
        s = wh_game_score_turn(&m->game, sink);
    if (s == WH_OK)
        s = dragon_flight(m, pl);
    m->game.defer = nothing_to_draw(m); /* the next turn starts when it is played */
    if (s == WH_OK)
        s = wh_game_end_turn(&m->game, sink);
    return s;
}

wh_status_t wh_match_place(wh_match_t *m, const wh_players_t *players, uint16_t tile, const wh_score_sink_t *sink)
{
    return place_and_score(m, players, tile, sink);
}

/* The placements of `tile` after which `wonder` fits somewhere. */
static size_t enabling(const wh_match_t *m, uint16_t tile, uint16_t wonder, wh_placement_t *out)
{
    static const wh_score_sink_t none = {NULL, NULL};
    wh_placement_t options[MAX_OPTIONS];
    size_t n = wh_game_placements(&m->game, tile, options, MAX_OPTIONS), kept = 0;
    if (n > MAX_OPTIONS)
        n = MAX_OPTIONS;
    wh_game_t trial;
    for (size_t i = 0; i < n; i++) {
        trial = m->game;
        if (wh_game_place_tile(&trial, tile, options[i].x, options[i].y, options[i].rotation) == WH_OK &&
            wh_game_end_extra_tile(&trial, &none) == WH_OK && wh_game_can_place(&trial, wonder))
            out[kept++] = options[i];
    }
    return kept;
}

/* P5: "the set-aside tiles are shuffled back into the stack" once the
** dragon is on the board: the tiles set aside and the tiles still to draw
** are shuffled together with the match's generator (as wh_play_random
** does), so the same seed shuffles them the same in a record's replay. */
static void shuffle_back(wh_match_t *m)
{
    if (!m->n_aside || !m->game.pd.dragon_on)
        return;
    /* the tiles set aside go back over drawn slots, before the rest */
    uint16_t k = m->n_aside, first = (uint16_t)(m->drawn - k);
    memcpy(&m->pile[first], m->aside, (size_t)k * sizeof *m->pile);
    for (uint16_t i = (uint16_t)(m->n_pile - 1); i > first; i--) { /* Fisher-Yates, as wh_bag_shuffle */
        uint16_t j = (uint16_t)(first + wh_rng_below(&m->rng, (uint32_t)(i - first + 1)));
        uint16_t t = m->pile[i];
        m->pile[i] = m->pile[j];
        m->pile[j] = t;
    }
    m->drawn = first;
    m->n_aside = 0;
}

static bool draw(wh_match_t *m, uint16_t *tile)
{
    shuffle_back(m);
    const wh_game_t *g = &m->game;
    while (m->drawn < m->n_pile) {
        uint16_t t = m->pile[m->drawn++];
        /* P5: a dragon tile before the dragon is set aside */
        if ((g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) && !g->pd.dragon_on &&
            (g->set->tiles[t].flags & WH_TILE_FLAG_DRAGON) && m->n_aside < WH_MAX_PLACED) {
            m->aside[m->n_aside++] = t;
            continue;
        }
        *tile = t;
        return true;
    }
    return false;
}

/* R: "In the very rare case that you can't place the wonder correctly, you
** draw a tile that you must immediately place so that you can then place
** your wonder tile next to it. If this is also not possible, the normal tile
** is removed from the game and you draw another tile ... You do not place a
** meeple on the additionally drawn tile." */
static wh_status_t wonder_turn(wh_match_t *m, const wh_players_t *pl, int player, const wh_score_sink_t *sink,
                               bool *placed)
{
    uint16_t wonder = m->waiting[player][0];
    *placed = false;
    while (!wh_game_can_place(&m->game, wonder)) {
        uint16_t tile;
        if (!draw(m, &tile))
            return WH_OK; /* nothing left to make room: the wonder waits */
        wh_placement_t options[MAX_OPTIONS], where;
        size_t n = enabling(m, tile, wonder, options);
        if (n == 0) {
            m->removed++;
            continue;
        }
        wh_status_t s = choose_placement(m, pl, tile, &where, options, n);
        if (s == WH_OK)
            s = wh_game_place_tile(&m->game, tile, where.x, where.y, where.rotation);
        if (s == WH_OK)
            s = wh_game_end_extra_tile(&m->game, sink);
        if (s != WH_OK)
            return s;
    }
    m->waiting[player][0] = m->waiting[player][1];
    m->n_waiting[player]--;
    *placed = true;
    return place_and_score(m, pl, wonder, sink);
}

/* A tile goes under the pile: into the slot the last draw freed, the
** tiles still to draw moving up one. */
static void under_the_pile(wh_match_t *m, uint16_t tile)
{
    memmove(&m->pile[m->drawn - 1], &m->pile[m->drawn], (size_t)(m->n_pile - m->drawn) * sizeof *m->pile);
    m->pile[m->n_pile - 1] = tile;
    m->drawn--;
}

void wh_match_hand_chosen(wh_match_t *m, int player)
{
    if (!m->n_hand[player])
        return; /* a hand of one: nothing left to put anywhere */
    wh_hand_rest_t rest;
    hand_rule(m, player, &rest);
    if (rest == WH_HAND_BOTTOM) {
        /* `rule hand N bottom`: "puts the other at the bottom of the pile" */
        while (m->n_hand[player] && m->drawn > 0)
            under_the_pile(m, m->hand[player][--m->n_hand[player]]);
        return;
    }
    if (m->drawn < m->n_pile)
        return; /* kept for the next turn */
    /* W: "If your unchosen tile is the last one in the game, it goes to the
    ** next player for the last turn."  It goes when the choice is made, with
    ** the pile empty: the next player holds it whatever their turn brings (a
    ** waiting wonder is placed first, and the tile the turn after). */
    int next = (player + 1) % m->game.n_players;
    while (m->n_hand[player] && m->n_hand[next] < WH_HAND_SLOTS)
        m->hand[next][m->n_hand[next]++] = m->hand[player][--m->n_hand[player]];
}

/* The tile the draw rule gives the current player, or false when none. */
static wh_status_t land_turn(wh_match_t *m, const wh_players_t *pl, int player, const wh_score_sink_t *sink,
                             bool *placed)
{
    wh_game_t *g = &m->game;
    int size = wh_match_hand_size(m, player);
    *placed = false;
    for (;;) {
        /* R: "The first time you draw 2 tiles ... When it's your turn again, you
        ** draw another tile and choose from 2 tiles again" */
        while (m->n_hand[player] < size) {
            uint16_t tile;
            if (!draw(m, &tile))
                break;
            m->hand[player][m->n_hand[player]++] = tile;
        }
        uint8_t n = m->n_hand[player];
        if (n == 0)
            return WH_OK; /* nothing to place */
        /* the player chooses among the tiles that fit; when none does, they
        ** are removed and others drawn (base rules) */
        uint16_t fitting[WH_HAND_SLOTS];
        uint8_t where[WH_HAND_SLOTS], n_fit = 0;
        for (uint8_t i = 0; i < n; i++)
            if (wh_game_can_place(g, m->hand[player][i])) {
                fitting[n_fit] = m->hand[player][i];
                where[n_fit++] = i;
            }
        if (!n_fit) {
            m->removed += n;
            m->n_hand[player] = 0;
            if (m->drawn >= m->n_pile)
                return WH_OK;
            continue;
        }
        size_t k = n_fit;
        for (int ask = 0; ask < ASKS && k >= n_fit; ask++)
            k = n_fit == 1 ? 0 : pl->from_hand(pl->ctx, m, fitting, n_fit);
        if (k >= n_fit)
            return WH_ERR_CALLBACK;
        uint16_t tile = fitting[k];
        m->hand[player][where[k]] = m->hand[player][--m->n_hand[player]];
        wh_match_hand_chosen(m, player);
        *placed = true;
        return place_and_score(m, pl, tile, sink);
    }
}

wh_status_t wh_match_play_turn(wh_match_t *m, const wh_players_t *pl, const wh_score_sink_t *sink)
{
    wh_game_t *g = &m->game;
    if (m->over)
        return WH_ERR_PHASE;
    int player = g->current;
    bool placed = false;
    wh_status_t s = WH_OK;
    m->turn_player = (uint8_t)player;
    if (g->unstarted && can_play(m, player))
        wh_turn_start(g, sink); /* a turn at the end that is played: it starts now */
    /* R: "If there is a wonder tile in front of you, you do not draw a tile,
    ** but instead place your wonder".  When it fits nowhere and the pile is
    ** empty, a tile the player holds can still be placed. */
    if (m->n_waiting[player])
        s = wonder_turn(m, pl, player, sink, &placed);
    if (s == WH_OK && !placed)
        s = land_turn(m, pl, player, sink, &placed);
    if (s != WH_OK)
        return s;
    if (!placed) {
        g->defer = 1; /* a pass: nothing to draw, and the next turn starts only when it is played */
        s = wh_game_pass(g, sink);
        if (s != WH_OK)
            return s;
        /* W: "The game ends when nobody can place a land tile or a wonder tile
        ** during their turn, even if other players still have wonder tiles." */
        if (++m->passes >= g->n_players) {
            m->over = 1;
            return wh_game_final_score(g, sink); /* end-of-game wonders first */
        }
        return WH_OK;
    }
    m->passes = 0;
    return wh_match_track(m, pl, sink);
}

wh_status_t wh_match_play(wh_match_t *m, const wh_players_t *pl, const wh_score_sink_t *sink)
{
    while (!m->over) {
        wh_status_t s = wh_match_play_turn(m, pl, sink);
        if (s != WH_OK)
            return s;
    }
    return WH_OK;
}
