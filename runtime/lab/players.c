/*
** players.c -- built-in players.  Greedy looks one move ahead: it tries
** every legal placement on a copy of the game, and for each every meeple
** choice (scored by wh_game_outcomes), and keeps what scores most now;
** ties go to a random choice, and among moves that score nothing it
** prefers putting a meeple on a city or road.  Thrifty is greedy but
** keeps 2 meeples in reserve and never places a farmer.  Planner looks one
** move ahead too, but judges a move by how the game would end if it ended
** after it: its own score with the final scoring (farmers, unfinished
** features, end-of-game wonders) less the best rival's.  Every kind takes
** its wonder at random (docs/records.md says why).  Mcts searches (mcts.c):
** its placements, wonders and tiles of a hand are searches, and the rest of
** its turn (meeples, the princess, the portal, the fairy, the dragon) is
** answered from the search's tree when it has the answer, else as a planner
** would; the rare extra tile that makes room for a wonder is placed as a
** planner would.  Each mcts seat has its own search, told every decision
** of the game.
*/
#include "players.h"
#include "../tileset.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_names[WR_N_KINDS] = {"random", "greedy", "thrifty", "planner", "mcts", "mcts-noreuse"};

bool wr_kind_searches(wr_kind_t kind)
{
    return kind == WR_MCTS || kind == WR_MCTS_NOREUSE;
}

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

void wr_kinds_text(const wr_kind_t *kinds, int n, const char *sep, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int p = 0; p < n && used < size; p++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", p ? sep : "", wr_kind_name(kinds[p]));
}

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

/* A planner's measure of scores `score` (the game scored to its end): player
** me's lead over the best rival. */
static int lead(const int32_t score[WH_MAX_PLAYERS], int players, int me)
{
    int rival = -1000000;
    for (int p = 0; p < players; p++)
        if (p != me && score[p] > rival)
            rival = score[p];
    return score[me] - rival;
}

/* The worth of an outcome for player me: for a planner its lead if the
** game were scored to the end, for the others 4 per point scored now. */
static int worth(const wh_outcome_t *o, bool planner, int players, int me, int before)
{
    return planner ? lead(o->game_end, players, me) : 4 * (o->turn_end[me] - before);
}

/* Best value of the meeple decision in game g (the tile just placed, used
** up here; `base`: the final scoring of the position before the tile, or
** NULL): the worth of each way to end the turn, plus hope for a greedy
** player's meeple that scores nothing yet.  The runtime scores the ways
** without playing each out (wh_game_outcomes). */
static int best_meeple(const wr_seats *s, wh_game_t *g, const wh_baseline_t *base, int *choice)
{
    int me = wh_game_current(g), before = wh_game_score(g, me), players = g->n_players;
    bool planner = s->kind[me] == WR_PLANNER || wr_kind_searches(s->kind[me]);
    uint8_t options[WH_MAX_MEEPLE_OPTIONS], tried[WH_MAX_MEEPLE_OPTIONS];
    size_t n = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS), k = 0;
    size_t index[WH_MAX_MEEPLE_OPTIONS];
    int bonus[WH_MAX_MEEPLE_OPTIONS];
    for (size_t i = 0; i < n; i++)
        if (allowed(s, g, options[i])) {
            tried[k] = options[i];
            index[k] = i;
            bonus[k++] = planner ? 0 : hope(g, options[i]);
        }
    wh_outcome_t out[WH_MAX_MEEPLE_OPTIONS + 1];
    wh_game_outcomes(g, s->scratch + 1, tried, k, planner, base, out);
    int best = worth(&out[k], planner, players, me, before);
    *choice = (int)n; /* no figure, unless an option does better */
    for (size_t j = 0; j < k; j++) {
        int v = worth(&out[j], planner, players, me, before) + bonus[j];
        if (v > best) {
            best = v;
            *choice = (int)index[j];
        }
    }
    return best;
}

/* The final scoring of game g, before the current player places a tile,
** for a planner to score its trials from (NULL for the others). */
static const wh_baseline_t *baseline(wr_seats *s, const wh_game_t *g)
{
    wr_kind_t kind = s->kind[wh_game_current(g)];
    if ((kind != WR_PLANNER && !wr_kind_searches(kind)) || wh_game_baseline(g, s->scratch + 1, &s->base) != WH_OK)
        return NULL;
    return &s->base;
}

/* Every search follows decision c, answered k: each keeps in step with the
** game in its tree (mcts.h). */
static void tell(const wr_seats *s, const wr_choice *c, size_t k)
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if (s->mcts[p])
            wr_mcts_seen(s->mcts[p], c, k);
}

/* The answer of player p's search to decision c, from its tree; -1 when p
** has no search or it has no answer. */
static int planned(const wr_seats *s, int p, const wr_choice *c)
{
    return wr_kind_searches(s->kind[p]) && s->mcts[p] ? wr_mcts_planned(s->mcts[p], c) : -1;
}

static size_t pick_placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    wr_seats *s = ctx;
    int me = wh_game_current(&m->game);
    size_t k = 0;
    if (s->kind[me] == WR_RANDOM) {
        k = wh_rng_below(s->rng, (uint32_t)n);
    } else if (wr_kind_searches(s->kind[me]) && s->mcts[me] &&
               !(m->game.set->tiles[tile].kind == WH_TILE_LAND && m->n_waiting[me])) {
        k = wr_mcts_placement(s->mcts[me], s->rng, m, tile, options, n);
    } else {
        int best = -1000000, ties = 0;
        const wh_baseline_t *base = baseline(s, &m->game);
        for (size_t i = 0; i < n; i++) {
            wh_game_copy(&s->scratch[0], &m->game);
            if (wh_game_place_tile(&s->scratch[0], tile, options[i].x, options[i].y, options[i].rotation) != WH_OK)
                continue;
            int ignored, v = best_meeple(s, &s->scratch[0], base, &ignored);
            if (v > best || (v == best && wh_rng_below(s->rng, (uint32_t)++ties + 1) == 0)) {
                if (v > best)
                    ties = 0;
                best = v;
                k = i;
            }
        }
    }
    tell(s, &(wr_choice){.kind = WR_CHOICE_PLACEMENT, .m = m, .tile = tile, .places = options, .n = n}, k);
    return k;
}

/* A random seat draws its placement without the list (the same uniform
** choice: wh_game_placement_random) -- unless a search sits at the table,
** which follows every choice by its index in the list (tell). */
static bool pick_direct(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out)
{
    wr_seats *s = ctx;
    if (s->kind[wh_game_current(&m->game)] != WR_RANDOM)
        return false;
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if (s->mcts[p])
            return false;
    return wh_game_placement_random(&m->game, tile, s->rng, out);
}

static size_t pick_meeple(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    size_t k;
    wr_choice c = {.kind = WR_CHOICE_MEEPLE, .m = m, .meeples = options, .n = n};
    int plan = planned(s, wh_game_current(g), &c);
    if (plan >= 0) {
        k = (size_t)plan;
    } else if (s->kind[wh_game_current(g)] == WR_RANDOM) {
        k = wh_rng_below(s->rng, (uint32_t)n + 1);
    } else {
        int choice; /* the match shows the game's own list of options */
        wh_game_copy(&s->scratch[0], g);
        best_meeple(s, &s->scratch[0], NULL, &choice);
        k = (size_t)choice <= n ? (size_t)choice : n;
    }
    tell(s, &c, k);
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
    size_t k;
    if (wr_kind_searches(s->kind[player]) && s->mcts[player])
        k = wr_mcts_wonder(s->mcts[player], s->rng, m, player);
    else
        k = wh_rng_below(s->rng, m->n_available);
    tell(s, &(wr_choice){.kind = WR_CHOICE_WONDER, .m = m, .n = m->n_available}, k);
    return k;
}

/* greedy: the tile whose best placement scores most */
static size_t best_from_hand(wr_seats *s, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    size_t best_k = 0;
    int best = -1000000;
    const wh_baseline_t *base = baseline(s, &m->game);
    for (size_t i = 0; i < n; i++) {
        wh_placement_t options[512];
        size_t count = wh_game_placements(&m->game, hand[i], options, 512);
        for (size_t j = 0; j < count && j < 512; j++) {
            wh_game_copy(&s->scratch[0], &m->game);
            if (wh_game_place_tile(&s->scratch[0], hand[i], options[j].x, options[j].y, options[j].rotation) != WH_OK)
                continue;
            int ignored, v = best_meeple(s, &s->scratch[0], base, &ignored);
            if (v > best) {
                best = v;
                best_k = i;
            }
        }
    }
    return best_k;
}

static size_t pick_from_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    wr_seats *s = ctx;
    int me = wh_game_current(&m->game);
    size_t k;
    if (s->kind[me] == WR_RANDOM)
        k = wh_rng_below(s->rng, (uint32_t)n);
    else if (wr_kind_searches(s->kind[me]) && s->mcts[me])
        k = wr_mcts_from_hand(s->mcts[me], s->rng, m, hand, n);
    else
        k = best_from_hand(s, m, hand, n);
    tell(s, &(wr_choice){.kind = WR_CHOICE_HAND, .m = m, .items = hand, .n = n}, k);
    return k;
}

/* Every kind marks its wonder as the rules' default does -- a meeple, the
** large meeple when no other is left: neither is clearly the better (the
** large meeple weighs two in a majority; a meeple goes anywhere it may), so
** the built-in players keep the figures they played with before the choice
** existed. */
static size_t pick_marker(void *ctx, const wh_match_t *m, const uint8_t *figures, size_t n)
{
    (void)ctx, (void)m, (void)figures, (void)n;
    return 0;
}

/* The dragon's step (The Princess & the Dragon, P7): at random for a
** random seat; for the others, onto the tile where it eats the most of the
** other players' figures less the mover's own (the first such square). */
static size_t pick_dragon(void *ctx, const wh_match_t *m, int mover, const wh_point_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    size_t k = 0;
    wr_choice c = {.kind = WR_CHOICE_DRAGON, .m = m, .steps = options, .n = n};
    int plan = planned(s, mover, &c);
    if (plan >= 0) {
        k = (size_t)plan;
    } else if (s->kind[mover] == WR_RANDOM) {
        k = wh_rng_below(s->rng, (uint32_t)n);
    } else {
        int best = -1000;
        for (size_t i = 0; i < n; i++) {
            int tile = wh_game_tile_on(g, options[i].x, options[i].y, NULL), v = 0;
            for (uint32_t j = 0; j < g->n_meeples; j++)
                if (g->node_placed[g->meeple[j].node] == tile)
                    v += g->meeple[j].player == mover ? -1 : 1;
            if (v > best) {
                best = v;
                k = i;
            }
        }
    }
    tell(s, &c, k);
    return k;
}

/* The fairy (The Princess & the Dragon, P10): a random seat moves it at
** random or leaves it; the others move it to their first follower (with
** fairy_on_tile: its tile) when it does not pay them already (a point a
** turn, P13: wh_game_fairy_pays), else leave it. */
static size_t pick_fairy(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    size_t k;
    wr_choice c = {.kind = WR_CHOICE_FAIRY, .m = m, .items = options, .n = n};
    int plan = planned(s, wh_game_current(g), &c);
    if (plan >= 0)
        k = (size_t)plan;
    else if (s->kind[wh_game_current(g)] == WR_RANDOM)
        k = wh_rng_below(s->rng, (uint32_t)n + 1);
    else
        k = wh_game_fairy_pays(g, wh_game_current(g)) ? n : 0;
    tell(s, &c, k);
    return k;
}

/* The princess (P17): a random seat sends a knight home at random or none;
** the others the first knight of another player, none when all are their
** own. */
static size_t pick_princess(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    size_t k = n;
    bool must = wh_game_princess_must(g); /* the variant: "none" is no answer */
    wr_choice c = {.kind = WR_CHOICE_PRINCESS, .m = m, .items = options, .n = n};
    int plan = planned(s, wh_game_current(g), &c);
    if (plan >= 0)
        k = (size_t)plan;
    else if (s->kind[wh_game_current(g)] == WR_RANDOM)
        k = wh_rng_below(s->rng, (uint32_t)n + !must);
    else
        for (size_t i = 0; i < n && k == n; i++)
            if (g->meeple[options[i]].player != wh_game_current(g))
                k = i;
    if (must && k == n)
        k = 0;
    tell(s, &c, k);
    return k;
}

/* The portal (P16): a random seat uses it at random or not, with any of its
** followers; the others on the feature a follower would earn most on now,
** when that is at least 4 points (else the tile's own options, as usual),
** with a meeple when one is left (its options come first). */
static size_t pick_portal(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    size_t k = n;
    wr_choice c = {.kind = WR_CHOICE_PORTAL, .m = m, .items = options, .n = n};
    int plan = planned(s, wh_game_current(g), &c);
    if (plan >= 0) {
        k = (size_t)plan;
    } else if (s->kind[wh_game_current(g)] == WR_RANDOM) {
        k = wh_rng_below(s->rng, (uint32_t)n + 1);
    } else {
        int best = 3;
        for (size_t i = 0; i < n; i++) {
            int v = wh_game_feature_points(g, (int)WH_PORTAL_NODE(options[i]));
            if (v > best) {
                best = v;
                k = i;
            }
        }
    }
    tell(s, &c, k);
    return k;
}

/* The Tower, by simple rules.  A random seat makes a tower move at random
** or none; the others build a floor only where it captures another
** player's follower (the first such floor), and close no tower. */
static size_t pick_tower(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    int me = wh_game_current(g);
    if (s->kind[me] == WR_RANDOM)
        return wh_rng_below(s->rng, (uint32_t)n + 1);
    uint16_t targets[WH_MAX_MEEPLES + WH_MAX_TOWERS];
    for (size_t i = 0; i < n; i++) {
        if (WH_TOWER_MOVE_KIND(options[i]) != WH_TOWER_FLOOR)
            continue;
        size_t nt = wh_game_tower_captures(g, (uint16_t)WH_TOWER_MOVE_PLACED(options[i]), targets,
                                           WH_MAX_MEEPLES + WH_MAX_TOWERS);
        for (size_t j = 0; j < nt; j++)
            if (!WH_TOWER_IS_TOP(targets[j]) && g->meeple[targets[j]].player != me)
                return i;
    }
    return n;
}

/* A random seat takes a follower at random or none; the others another
** player's follower on the feature worth most to one figure now, never
** their own. */
static size_t pick_capture(void *ctx, const wh_match_t *m, uint16_t placed, const uint16_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    int me = wh_game_current(g);
    (void)placed;
    if (s->kind[me] == WR_RANDOM)
        return wh_rng_below(s->rng, (uint32_t)n + 1);
    size_t k = n;
    int best = -1;
    for (size_t i = 0; i < n; i++) {
        if (WH_TOWER_IS_TOP(options[i]) || g->meeple[options[i]].player == me)
            continue;
        int v = wh_game_feature_points(g, g->meeple[options[i]].node);
        if (v > best) {
            best = v;
            k = i;
        }
    }
    return k;
}

/* A random seat pays a ransom at random or none; the others the first,
** when fewer than 3 meeples are left in supply. */
static size_t pick_ransom(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_seats *s = ctx;
    const wh_game_t *g = &m->game;
    int me = wh_game_current(g);
    (void)options;
    if (s->kind[me] == WR_RANDOM)
        return wh_rng_below(s->rng, (uint32_t)n + 1);
    return wh_game_figures(g, me, WH_FIGURE_MEEPLE) < 3 ? 0 : n;
}

bool wr_seats_searches(wr_seats *seats, int players, const wr_mcts_budget *budget)
{
    bool any = false;
    for (int p = 0; p < players; p++)
        any |= wr_kind_searches(seats->kind[p]);
    for (int p = 0; p < players && any; p++)
        if (!(seats->mcts[p] = wr_mcts_new(budget)))
            return false;
    return true;
}

void wr_seats_free_searches(wr_seats *seats)
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++) {
        wr_mcts_free(seats->mcts[p]);
        seats->mcts[p] = NULL;
    }
}

wh_players_t wr_seats_players(wr_seats *seats)
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if (seats->mcts[p])
            wr_mcts_new_game(seats->mcts[p], seats->kind[p] == WR_MCTS);
    return (wh_players_t){pick_placement, pick_meeple, pick_first, pick_wonder, pick_from_hand, pick_marker, pick_direct, seats,
                          pick_dragon, pick_fairy, pick_princess, pick_portal, pick_tower, pick_capture, pick_ransom};
}
