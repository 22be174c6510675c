/* mcts.c -- the `mcts` seat's search; see mcts.h and docs/players.md. */
#include "mcts.h"
#include "../../compiler/common/xalloc.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_OPTIONS = 4096, /* placements the match lists at most (match.c) */
    MAX_DEPTH = 1024    /* decisions a play-out follows in the tree */
};
#define NONE 0xFFFFFFFFu /* no node */

/* A move's key: what kind of decision, and what was chosen, so that the
** same move is found again in another deal of the hidden tiles. */
enum { KEY_PLACE = 1, KEY_MEEPLE, KEY_WONDER, KEY_HAND };
#define KEY(kind, value) (((uint64_t)(kind) << 56) | (uint64_t)(value))

/* The exploration constant of UCT, for rewards of margin / REWARD_SCALE. */
#define EXPLORE      0.5
#define REWARD_SCALE 50.0

typedef struct node {
    uint64_t key;           /* the move that leads here */
    uint32_t child, sibling; /* first child; next child of the parent */
    uint32_t visits, avail; /* play-outs through it; play-outs it could have been chosen in */
    float    sum;           /* rewards of those play-outs, for `player` */
    uint8_t  player;        /* who made the move */
} node;

struct wr_mcts {
    long      think;
    node     *pool;
    uint32_t  cap, used;
    wh_match_t *sim;        /* the play-out's game */
    wh_rng_t  rng;
    uint32_t  path[MAX_DEPTH];
    int       depth;
    bool      in_tree;
    uint32_t  plan;         /* the chosen placement's node: its children plan the meeples */
    uint64_t  playouts;
    uint64_t  keys[MAX_OPTIONS + 1];
    uint32_t  found[MAX_OPTIONS + 1];
    wh_placement_t options[MAX_OPTIONS];
};

wr_mcts *wr_mcts_new(long think)
{
    wr_mcts *t = wu_xcalloc(1, sizeof *t);
    t->think = think < 1 ? 1 : think;
    t->cap = (uint32_t)t->think + 1; /* one node a play-out, and the root */
    t->pool = wu_xcalloc(t->cap, sizeof *t->pool);
    t->sim = wu_xcalloc(1, sizeof *t->sim); /* zeroed: wh_game_copy writes into it */
    t->plan = NONE;
    return t;
}

void wr_mcts_free(wr_mcts *t)
{
    if (!t)
        return;
    free(t->pool);
    free(t->sim);
    free(t);
}

uint64_t wr_mcts_playouts(const wr_mcts *t)
{
    return t->playouts;
}

/* ---- the tree -------------------------------------------------------------- */

static void reset(wr_mcts *t)
{
    t->used = 1;
    t->pool[0] = (node){.child = NONE, .sibling = NONE};
}

static uint32_t child_with(const wr_mcts *t, uint32_t parent, uint64_t key)
{
    for (uint32_t c = t->pool[parent].child; c != NONE; c = t->pool[c].sibling)
        if (t->pool[c].key == key)
            return c;
    return NONE;
}

/* Choose among the moves t->keys[0..n) for `player`: in the tree, the
** first unexpanded move (chosen at random) becomes a node and the play-out
** leaves the tree; when every move has a node, UCT picks one.  Out of the
** tree, uniformly at random. */
static size_t choose(wr_mcts *t, int player, size_t n)
{
    if (n <= 1)
        return 0;
    if (!t->in_tree)
        return wh_rng_below(&t->rng, (uint32_t)n);
    uint32_t cur = t->path[t->depth - 1];
    size_t fresh = n, unexpanded = 0;
    for (size_t i = 0; i < n; i++) {
        t->found[i] = child_with(t, cur, t->keys[i]);
        if (t->found[i] == NONE) {
            if (wh_rng_below(&t->rng, (uint32_t)++unexpanded) == 0)
                fresh = i;
        } else {
            t->pool[t->found[i]].avail++;
        }
    }
    if (unexpanded) {
        t->in_tree = false;
        if (t->used == t->cap || t->depth == MAX_DEPTH)
            return fresh; /* no room: a random move out of the tree */
        uint32_t c = t->used++;
        t->pool[c] = (node){.key = t->keys[fresh], .child = NONE, .sibling = t->pool[cur].child, .avail = 1,
                            .player = (uint8_t)player};
        t->pool[cur].child = c;
        t->path[t->depth++] = c;
        return fresh;
    }
    size_t best = 0;
    double best_v = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        const node *c = &t->pool[t->found[i]];
        double v = c->sum / c->visits + EXPLORE * sqrt(log((double)c->avail) / c->visits);
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    if (t->depth == MAX_DEPTH) {
        t->in_tree = false;
        return best;
    }
    t->path[t->depth++] = t->found[best];
    return best;
}

/* ---- the players of a play-out ------------------------------------------- */

static size_t cb_placement(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n)
{
    wr_mcts *t = ctx;
    if (t->in_tree)
        for (size_t i = 0; i < n; i++)
            t->keys[i] = KEY(KEY_PLACE, ((uint64_t)tile << 32) | ((uint64_t)(options[i].x & 0xFFF) << 20) |
                                            ((uint64_t)(options[i].y & 0xFFF) << 8) | options[i].rotation);
    return choose(t, wh_game_current(&m->game), n);
}

/* Out of the tree a placement is uniformly random, drawn without the list
** (wh_game_placement_random); in it, the list is needed for the keys. */
static bool cb_direct(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out)
{
    wr_mcts *t = ctx;
    return !t->in_tree && wh_game_placement_random(&m->game, tile, &t->rng, out);
}

static size_t cb_meeple(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n)
{
    wr_mcts *t = ctx;
    if (t->in_tree) {
        for (size_t i = 0; i < n; i++)
            t->keys[i] = KEY(KEY_MEEPLE, options[i]);
        t->keys[n] = KEY(KEY_MEEPLE, 0x100); /* none */
    }
    return choose(t, wh_game_current(&m->game), n + 1);
}

/* Who takes a wonder first: as the other seats do, the chooser serves themself. */
static int cb_first(void *ctx, const wh_match_t *m, int chooser, unsigned candidates)
{
    wr_mcts *t = ctx;
    (void)m;
    if (candidates & (1u << chooser))
        return chooser;
    uint32_t k = wh_rng_below(&t->rng, (uint32_t)__builtin_popcount(candidates));
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        if ((candidates & (1u << p)) && k-- == 0)
            return p;
    return -1;
}

static size_t cb_wonder(void *ctx, const wh_match_t *m, int player)
{
    wr_mcts *t = ctx;
    if (t->in_tree)
        for (size_t i = 0; i < m->n_available; i++)
            t->keys[i] = KEY(KEY_WONDER, m->available[i]);
    return choose(t, player, m->n_available);
}

static size_t cb_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    wr_mcts *t = ctx;
    if (t->in_tree)
        for (size_t i = 0; i < n; i++)
            t->keys[i] = KEY(KEY_HAND, ((uint64_t)i << 16) | hand[i]); /* two copies of a tile stay two moves */
    return choose(t, wh_game_current(&m->game), n);
}

/* ---- a play-out ------------------------------------------------------------ */

static void copy_match(wh_match_t *dst, const wh_match_t *src)
{
    wh_game_copy(&dst->game, &src->game);
    size_t at = offsetof(wh_match_t, variant);
    memcpy((char *)dst + at, (const char *)src + at, sizeof *dst - at);
}

/* Deal the tiles `me` cannot see anew: the pile still to be drawn and the
** other players' hands, shuffled together.  Tiles of the River keep their
** places (the River is dealt in its order). */
static void determinise(wr_mcts *t, wh_match_t *m, int me)
{
    uint16_t *slot[WH_MAX_PLACED + WH_MAX_PLAYERS * WH_HAND_SLOTS];
    uint16_t tiles[WH_MAX_PLACED + WH_MAX_PLAYERS * WH_HAND_SLOTS];
    size_t n = 0;
    const wh_tileset_t *set = m->game.set;
    for (size_t i = m->drawn; i < m->n_pile; i++)
        if (wh_river_rank(set, m->pile[i]) == WH_RIVER_NONE)
            slot[n++] = &m->pile[i];
    for (int p = 0; p < m->game.n_players; p++)
        for (int h = 0; p != me && h < m->n_hand[p]; h++)
            if (wh_river_rank(set, m->hand[p][h]) == WH_RIVER_NONE)
                slot[n++] = &m->hand[p][h];
    for (size_t i = 0; i < n; i++)
        tiles[i] = *slot[i];
    for (size_t i = n; i > 1; i--) {
        size_t j = wh_rng_below(&t->rng, (uint32_t)i);
        uint16_t x = tiles[i - 1];
        tiles[i - 1] = tiles[j];
        tiles[j] = x;
    }
    for (size_t i = 0; i < n; i++)
        *slot[i] = tiles[i];
}

static const wh_score_sink_t no_sink = {NULL, NULL};

/* The rest of a turn whose tile is known, as match.c plays it: the
** placement, the marker (the default figure, as every seat marks), the
** meeples, the turn's scoring and the wonder track. */
static wh_status_t finish_turn(wr_mcts *t, wh_match_t *m, const wh_players_t *pl, uint16_t tile)
{
    wh_game_t *g = &m->game;
    size_t n = wh_game_placements(g, tile, t->options, MAX_OPTIONS);
    if (n > MAX_OPTIONS)
        n = MAX_OPTIONS;
    if (n == 0)
        return WH_ERR_CALLBACK;
    size_t k = pl->placement(t, m, tile, t->options, n);
    wh_status_t s = wh_game_place_tile(g, tile, t->options[k].x, t->options[k].y, t->options[k].rotation);
    bool wonder = g->set->tiles[tile].kind == WH_TILE_WONDER;
    if (s == WH_OK && wonder)
        s = wh_game_place_marker_figure(g, wh_game_figures(g, g->current, WH_FIGURE_MEEPLE) ? WH_FIGURE_MEEPLE
                                                                                             : WH_FIGURE_LARGE);
    for (int round = 0; s == WH_OK && round < (wonder ? 2 : 1); round++) {
        uint8_t options[WH_MAX_MEEPLE_OPTIONS];
        size_t o = wh_game_meeple_options(g, options, WH_MAX_MEEPLE_OPTIONS);
        if (o == 0)
            break;
        size_t c = pl->meeple(t, m, options, o);
        if (c == o)
            break;
        s = wh_game_place_meeple(g, options[c]);
    }
    if (s == WH_OK)
        s = wh_game_end_turn(g, &no_sink);
    if (s != WH_OK)
        return s;
    m->passes = 0;
    return wh_match_track(m, pl);
}

enum root_kind { ROOT_PLACE, ROOT_HAND, ROOT_WONDER };

/* One play-out from @p root, whose pending decision is @p kind (for
** @p player, of @p tile), then the rewards backed up the path. */
static void playout(wr_mcts *t, const wh_match_t *root, enum root_kind kind, int player, uint16_t tile)
{
    static const wh_players_t proto = {cb_placement, cb_meeple, cb_first, cb_wonder, cb_hand, NULL, cb_direct, NULL, NULL, NULL, NULL, NULL};
    wh_players_t pl = proto;
    pl.ctx = t;
    wh_match_t *m = t->sim;
    copy_match(m, root);
    determinise(t, m, player);
    t->depth = 1;
    t->path[0] = 0;
    t->in_tree = true;
    wh_status_t s = WH_OK;
    if (kind == ROOT_PLACE) {
        s = finish_turn(t, m, &pl, tile);
    } else if (kind == ROOT_HAND) {
        /* the tiles of the hand that fit, as match.c lists them */
        uint16_t fitting[WH_HAND_SLOTS];
        uint8_t where[WH_HAND_SLOTS], n = 0;
        for (uint8_t i = 0; i < m->n_hand[player]; i++)
            if (wh_game_can_place(&m->game, m->hand[player][i])) {
                fitting[n] = m->hand[player][i];
                where[n++] = i;
            }
        size_t k = cb_hand(t, m, fitting, n);
        m->hand[player][where[k]] = m->hand[player][--m->n_hand[player]];
        wh_match_hand_chosen(m, player);
        s = finish_turn(t, m, &pl, fitting[k]);
    } else {
        size_t k = cb_wonder(t, m, player);
        bool first = m->taken[player] == 0;
        m->waiting[player][m->n_waiting[player]++] = m->available[k];
        m->available[k] = m->available[--m->n_available];
        m->taken[player]++;
        m->game.supply[player] = (uint8_t)(m->game.supply[player] + (first ? 2 : 1));
        if (first && m->pair_space + WH_TRACK_STEP <= WH_TRACK_LAST)
            m->pair_space = (uint8_t)(m->pair_space + WH_TRACK_STEP);
        s = wh_match_track(m, &pl);
    }
    if (s == WH_OK && !m->over)
        s = wh_match_play(m, &pl, &no_sink);
    t->playouts++;
    if (s != WH_OK)
        return; /* a runtime bug; the play-out counts for nothing */
    int players = m->game.n_players;
    double margin[WH_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        int rival = -1000000;
        for (int q = 0; q < players; q++)
            if (q != p && wh_game_score(&m->game, q) > rival)
                rival = wh_game_score(&m->game, q);
        margin[p] = (wh_game_score(&m->game, p) - rival) / REWARD_SCALE;
    }
    t->pool[0].visits++;
    for (int d = 1; d < t->depth; d++) {
        node *c = &t->pool[t->path[d]];
        c->visits++;
        c->sum += (float)margin[c->player];
    }
}

/* Run the search; @returns the most visited child of the root (NONE when
** it has none). */
static uint32_t search(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, enum root_kind kind, int player, uint16_t tile)
{
    uint64_t seed = (uint64_t)wh_rng_below(rng, 0xFFFFFFFFu) << 32;
    wh_rng_seed(&t->rng, seed | wh_rng_below(rng, 0xFFFFFFFFu));
    reset(t);
    for (long i = 0; i < t->think; i++)
        playout(t, m, kind, player, tile);
    uint32_t best = NONE;
    for (uint32_t c = t->pool[0].child; c != NONE; c = t->pool[c].sibling)
        if (best == NONE || t->pool[c].visits > t->pool[best].visits ||
            (t->pool[c].visits == t->pool[best].visits && t->pool[c].sum > t->pool[best].sum))
            best = c;
    return best;
}

size_t wr_mcts_placement(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, uint16_t tile, const wh_placement_t *options,
                         size_t n)
{
    uint32_t best = search(t, rng, m, ROOT_PLACE, wh_game_current(&m->game), tile);
    t->plan = n == 1 ? 0 : best; /* one placement is no move of the tree: the meeples hang from the root */
    if (best == NONE || n == 1)
        return 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t key = KEY(KEY_PLACE, ((uint64_t)tile << 32) | ((uint64_t)(options[i].x & 0xFFF) << 20) |
                                          ((uint64_t)(options[i].y & 0xFFF) << 8) | options[i].rotation);
        if (key == t->pool[best].key)
            return i;
    }
    t->plan = NONE;
    return 0;
}

int wr_mcts_meeple(wr_mcts *t, const wh_match_t *m, const uint8_t *options, size_t n)
{
    (void)m;
    if (t->plan == NONE)
        return -1;
    uint32_t best = NONE;
    int choice = -1;
    for (size_t i = 0; i <= n; i++) {
        uint32_t c = child_with(t, t->plan, KEY(KEY_MEEPLE, i < n ? options[i] : 0x100));
        if (c != NONE && t->pool[c].visits && (best == NONE || t->pool[c].visits > t->pool[best].visits)) {
            best = c;
            choice = (int)i;
        }
    }
    t->plan = best; /* a wonder's second meeple follows from here */
    return choice;
}

size_t wr_mcts_wonder(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, int player)
{
    if (m->n_available <= 1)
        return 0;
    uint32_t best = search(t, rng, m, ROOT_WONDER, player, 0);
    t->plan = NONE;
    for (size_t i = 0; best != NONE && i < m->n_available; i++)
        if (KEY(KEY_WONDER, m->available[i]) == t->pool[best].key)
            return i;
    return 0;
}

size_t wr_mcts_from_hand(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    if (n <= 1)
        return 0;
    uint32_t best = search(t, rng, m, ROOT_HAND, wh_game_current(&m->game), 0);
    t->plan = NONE;
    for (size_t i = 0; best != NONE && i < n; i++)
        if (KEY(KEY_HAND, ((uint64_t)i << 16) | hand[i]) == t->pool[best].key)
            return i;
    return 0;
}
