/*
** players.c -- built-in players.  Greedy looks one move ahead: it tries
** every legal placement (and, for each, every meeple choice) on a copy of
** the game and keeps what scores most now; ties go to a random choice, and
** among moves that score nothing it prefers putting a meeple on a city or
** road.  Thrifty is greedy but keeps 2 meeples in reserve and never places
** a farmer.  Planner looks one move ahead too, but judges a move by how the
** game would end if it ended after it: its own score with the final scoring
** (farmers, unfinished features, end-of-game wonders) less the best rival's.
** Every kind takes its wonder at random (docs/records.md says why).
*/
#include "players.h"
#include "../tileset.h"

#include <string.h>

static const char *const kind_names[WR_N_KINDS] = {"random", "greedy", "thrifty", "planner"};

int wr_kind_parse(const char *name)
{
    for (int k = 0; k < WR_N_KINDS; k++)
        if (!strcmp(name, kind_names[k]))
            return k;
    return -1;
}

const char *wr_kind_name(wr_kind_t kind)
{
    return (unsigned)kind < WR_N_KINDS ? kind_names[kind] : "?";
}

static const wh_score_sink_t no_events = {NULL, NULL};

/* The kind of feature meeple option `option` stands on (WH_N_KINDS for the
** abbot taken back). */
static int option_kind(const wh_game_t *g, uint8_t option)
{
    if (option == WH_OPTION_RECALL)
        return WH_N_KINDS;
    const wh_placed_t *pl = wh_game_tile_at_index(g, wh_game_tile_count(g) - 1);
    return g->set->features[g->set->tiles[pl->tile].first_feature + WH_OPTION_LOCAL(option)].kind;
}

/* How good a figure on the feature of `option` looks for a player who
** gains nothing now: a little for cities, roads, monasteries and gardens. */
static int hope(const wh_game_t *g, uint8_t option)
{
    int kind = option_kind(g, option);
    return kind == WH_KIND_CITY || kind == WH_KIND_ROAD || kind == WH_KIND_MONASTERY || kind == WH_KIND_GARDEN;
}

static bool allowed(const wr_seats *s, const wh_game_t *g, uint8_t option)
{
    int me = wh_game_current(g);
    if (s->kind[me] != WR_THRIFTY || option == WH_OPTION_RECALL)
        return true;
    return option_kind(g, option) != WH_KIND_FIELD &&
           (WH_OPTION_FIGURE(option) != WH_FIGURE_MEEPLE || wh_game_supply(g, me) > 2);
}

/* A planner's measure of a position between turns: player me's lead over
** the best rival if the game were scored to its end now.  The position is
** scored in place: it is a trial that is thrown away next, and not copying
** it again halves a planner's copies of the game. */
static int projected_lead(wh_game_t *end, int me)
{
    wh_game_final_score(end, &no_events);
    int rival = -1000000;
    for (int p = 0; p < end->n_players; p++)
        if (p != me && wh_game_score(end, p) > rival)
            rival = wh_game_score(end, p);
    return wh_game_score(end, me) - rival;
}

/* The value of the position `trial` (the turn ended) for player me; a
** planner uses the trial up. */
static int worth(const wr_seats *s, wh_game_t *trial, int me, int base)
{
    if (s->kind[me] == WR_PLANNER)
        return projected_lead(trial, me);
    return 4 * (wh_game_score(trial, me) - base);
}

/* Best value of the meeple decision in game g (the tile just placed): the
** worth of the position after ending the turn, plus hope for a greedy
** player's meeple that scores nothing yet. */
static int best_meeple(const wr_seats *s, const wh_game_t *g, int *choice)
{
    int me = wh_game_current(g), base = wh_game_score(g, me);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
    wh_game_t *trial = s->scratch + 1;
    wh_game_copy(trial, g);
    wh_game_end_turn(trial, &no_events);
    int best = worth(s, trial, me, base);
    *choice = (int)n;
    for (size_t i = 0; i < n; i++) {
        if (!allowed(s, g, options[i]))
            continue;
        wh_game_copy(trial, g);
        wh_game_place_meeple(trial, options[i]);
        wh_game_end_turn(trial, &no_events);
        int v = worth(s, trial, me, base) + (s->kind[me] == WR_PLANNER ? 0 : hope(g, options[i]));
        if (v > best) {
            best = v;
            *choice = (int)i;
        }
    }
    return best;
}

static size_t pick_placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    wr_seats *s = ctx;
    int me = wh_game_current(&m->game);
    size_t k = 0;
    if (s->kind[me] == WR_RANDOM) {
        k = wh_rng_below(s->rng, (uint32_t)n);
    } else {
        int best = -1000000, ties = 0;
        for (size_t i = 0; i < n; i++) {
            wh_game_copy(&s->scratch[0], &m->game);
            if (wh_game_place_tile(&s->scratch[0], tile, options[i].x, options[i].y, options[i].rotation) != WH_OK)
                continue;
            int ignored, v = best_meeple(s, &s->scratch[0], &ignored);
            if (v > best || (v == best && wh_rng_below(s->rng, (uint32_t)++ties + 1) == 0)) {
                if (v > best)
                    ties = 0;
                best = v;
                k = i;
            }
        }
    }
    if (s->turn && k < n && s->n_placed <= WR_MAX_EXTRA) {
        wr_place *p = &s->placed[s->n_placed++];
        snprintf(p->tile, sizeof p->tile, "%s", wh_string(m->game.set, m->game.set->tiles[tile].id));
        p->x = options[k].x;
        p->y = options[k].y;
        p->rotation = options[k].rotation;
    }
    return k;
}

void wr_seats_finish_turn(wr_seats *s)
{
    if (!s->turn)
        return;
    if (s->n_placed == 0) {
        s->turn->pass = true;
    } else {
        s->turn->place = s->placed[s->n_placed - 1];
        for (int i = 0; i + 1 < s->n_placed; i++)
            s->turn->extra[s->turn->n_extra++] = s->placed[i];
    }
    s->n_placed = 0;
    s->turn = NULL;
}

static size_t pick_meeple(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    size_t k;
    if (s->kind[wh_game_current(g)] == WR_RANDOM) {
        k = wh_rng_below(s->rng, (uint32_t)n + 1);
    } else {
        int choice; /* the match shows the game's own list of options */
        best_meeple(s, g, &choice);
        k = (size_t)choice <= n ? (size_t)choice : n;
    }
    if (s->turn && k < n)
        wr_turn_meeple(s->turn, g, options[k]);
    return k;
}

static int pick_first(void *ctx, const wh_match_t *m, int chooser, unsigned candidates)
{
    wr_seats *s = ctx;
    (void)m;
    if (s->kind[chooser] != WR_RANDOM && (candidates & (1u << chooser)))
        return chooser; /* the chooser serves themself first */
    uint32_t k = wh_rng_below(s->rng, (uint32_t)__builtin_popcount(candidates));
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if ((candidates & (1u << p)) && k-- == 0)
            return p;
    return -1;
}

static size_t pick_wonder(void *ctx, const wh_match_t *m, int player)
{
    wr_seats *s = ctx;
    size_t k = wh_rng_below(s->rng, m->n_available);
    if (s->turn && s->turn->n_takes < WR_MAX_PLAYERS * 2) {
        wr_take *t = &s->turn->takes[s->turn->n_takes++];
        t->player = player;
        snprintf(t->wonder, sizeof t->wonder, "%s", wh_string(m->game.set, m->game.set->tiles[m->available[k]].id));
    }
    return k;
}

static size_t pick_from_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    wr_seats *s = ctx;
    if (s->kind[wh_game_current(&m->game)] == WR_RANDOM)
        return wh_rng_below(s->rng, (uint32_t)n);
    /* greedy: the tile whose best placement scores most */
    size_t best_k = 0;
    int best = -1000000;
    for (size_t i = 0; i < n; i++) {
        wh_placement_t options[512];
        size_t count = wh_game_placements(&m->game, hand[i], options, 512);
        for (size_t j = 0; j < count && j < 512; j++) {
            wh_game_copy(&s->scratch[0], &m->game);
            if (wh_game_place_tile(&s->scratch[0], hand[i], options[j].x, options[j].y, options[j].rotation) != WH_OK)
                continue;
            int ignored, v = best_meeple(s, &s->scratch[0], &ignored);
            if (v > best) {
                best = v;
                best_k = i;
            }
        }
    }
    return best_k;
}

wh_players_t wr_seats_players(wr_seats *seats)
{
    return (wh_players_t){pick_placement, pick_meeple, pick_first, pick_wonder, pick_from_hand, seats};
}
