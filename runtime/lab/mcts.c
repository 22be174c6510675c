/* mcts.c -- the `mcts` seat's search; see mcts.h and docs/players.md. */
#define _POSIX_C_SOURCE 200809L
#include "mcts.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    MAX_OPTIONS = 4096, /* choices a decision shows at most: placements (match.c), portal options */
    MAX_DEPTH = 1024,   /* decisions a play-out follows in the tree */
    FIRST_POOL = 4096,  /* nodes of a new pool; it doubles as the play-outs need */
    CLOCK_EVERY = 16,   /* play-outs between two looks at the clock (a time budget) */
    MIN_ACTION_VISITS = 2 /* visits of an action's answer from the tree (wr_mcts_planned) */
};
#define NONE 0xFFFFFFFFu /* no node */

/* A move's key: what kind of decision, and what was chosen, so that the
** same move is found again in another deal of the hidden tiles. */
#define KEY(kind, value) (((uint64_t)(kind) + 1) << 56 | (uint64_t)(value))
#define KEY_NONE (UINT64_C(1) << 48) /* a decision's "none" (no meeple, no fairy, ...) */

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
    wr_mcts_budget budget;
    bool      reuse;
    node     *pool, *spare;   /* the tree; the room a kept subtree is copied into */
    uint32_t  cap, max_cap, used, spare_cap;
    uint32_t  cursor;       /* where the game stands in the tree: the node its next decision hangs from */
    wh_match_t *sim;        /* the play-out's game */
    wh_rng_t  rng;
    uint32_t  path[MAX_DEPTH];
    int       depth;
    bool      in_tree;
    uint64_t  playouts;
    uint64_t  kept;         /* nodes the searches started from (wr_mcts_kept) */
    uint64_t  keys[MAX_OPTIONS + 1];
    uint32_t  found[MAX_OPTIONS + 1];
};

wr_mcts *wr_mcts_new(const wr_mcts_budget *budget)
{
    wr_mcts *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->budget = *budget;
    if (t->budget.think < 1)
        t->budget.think = 1;
    /* one node a play-out and the root, twice: room for a kept subtree beside a search's own */
    t->max_cap = 2 * (uint32_t)t->budget.think + 2;
    t->cap = t->max_cap < FIRST_POOL ? t->max_cap : FIRST_POOL;
    t->pool = calloc(t->cap, sizeof *t->pool);
    t->sim = calloc(1, sizeof *t->sim); /* zeroed: wh_game_copy writes into it */
    t->cursor = NONE;
    if (!t->pool || !t->sim) {
        wr_mcts_free(t);
        return NULL;
    }
    return t;
}

void wr_mcts_free(wr_mcts *t)
{
    if (!t)
        return;
    free(t->pool);
    free(t->spare);
    free(t->sim);
    free(t);
}

void wr_mcts_new_game(wr_mcts *t, bool reuse)
{
    t->reuse = reuse;
    t->cursor = NONE;
}

uint64_t wr_mcts_playouts(const wr_mcts *t)
{
    return t->playouts;
}

uint64_t wr_mcts_kept(const wr_mcts *t)
{
    return t->kept;
}

/* ---- the keys of a decision's moves --------------------------------------- */

/* How many moves decision c offers: its options, and "none" where none is a move. */
static size_t moves_of(const wr_choice *c)
{
    switch (c->kind) {
    case WR_CHOICE_MEEPLE:
    case WR_CHOICE_FAIRY:
    case WR_CHOICE_PORTAL:
        return c->n + 1;
    case WR_CHOICE_PRINCESS:
        return c->n + !wh_game_princess_must(&c->m->game);
    default:
        return c->n;
    }
}

/* A follower by its index and the feature it stands on: the same position
** (the same moves from the root) has the same followers in every deal. */
static uint64_t follower_key(const wr_choice *c, size_t i)
{
    return i < c->n ? (uint64_t)c->m->game.meeple[c->items[i]].node << 16 | c->items[i] : KEY_NONE;
}

/* The key of move i of decision c. */
static uint64_t key_of(const wr_choice *c, size_t i)
{
    switch (c->kind) {
    case WR_CHOICE_PLACEMENT: {
        const wh_placement_t *p = &c->places[i];
        return KEY(c->kind, (uint64_t)c->tile << 32 | (uint64_t)(p->x & 0xFFF) << 20 | (uint64_t)(p->y & 0xFFF) << 8 |
                                p->rotation);
    }
    case WR_CHOICE_MEEPLE:
        return KEY(c->kind, i < c->n ? c->meeples[i] : KEY_NONE);
    case WR_CHOICE_WONDER:
        return KEY(c->kind, c->m->available[i]);
    case WR_CHOICE_HAND:
        return KEY(c->kind, (uint64_t)i << 16 | c->items[i]); /* two copies of a tile stay two moves */
    case WR_CHOICE_DRAGON:
        return KEY(c->kind, (uint64_t)(uint16_t)c->steps[i].x << 16 | (uint16_t)c->steps[i].y);
    case WR_CHOICE_FAIRY:
    case WR_CHOICE_PRINCESS:
        return KEY(c->kind, follower_key(c, i));
    case WR_CHOICE_PORTAL:
        return KEY(c->kind, i < c->n ? c->items[i] : KEY_NONE);
    }
    return 0;
}

/* ---- the tree -------------------------------------------------------------- */

static void reset(wr_mcts *t)
{
    t->used = 1;
    t->pool[0] = (node){.child = NONE, .sibling = NONE};
}

/* Room for one more node before a play-out, up to the pool's bound: the
** pool grows by doubling, so a search's allocations are a handful, none in
** a play-out.  When memory runs out the pool's bound becomes what it holds:
** the search goes on in the nodes it has (a play-out that finds the pool
** full adds none), the library never ends the program. */
static void make_room(wr_mcts *t)
{
    if (t->used < t->cap || t->cap == t->max_cap)
        return;
    uint32_t cap = t->cap > t->max_cap / 2 ? t->max_cap : 2 * t->cap;
    node *pool = realloc(t->pool, (size_t)cap * sizeof *pool);
    if (!pool) {
        t->max_cap = t->cap;
        return;
    }
    t->pool = pool;
    t->cap = cap;
}

/* Start the tree from node `top`'s subtree: copied breadth first into the
** spare pool, which becomes the tree, at most half the pool's bound (the
** other half is the next search's); the nodes that do not fit are dropped
** from the deepest levels up, and a node whose children were dropped
** becomes a leaf again (the search expands them anew).  @returns false,
** the tree as it was, when there is no memory for the spare pool. */
static bool keep_subtree(wr_mcts *t, uint32_t top)
{
    uint32_t limit = t->max_cap / 2;
    if (t->spare_cap < t->cap) {
        free(t->spare);
        t->spare_cap = 0;
        if (!(t->spare = calloc(t->cap, sizeof *t->spare)))
            return false;
        t->spare_cap = t->cap;
    }
    node *to = t->spare;
    uint32_t out = 1;
    to[0] = t->pool[top];
    to[0].key = 0;
    to[0].sibling = NONE;
    for (uint32_t i = 0; i < out; i++) {
        uint32_t old = to[i].child, *link = &to[i].child;
        for (; old != NONE && out < limit; old = t->pool[old].sibling) {
            to[out] = t->pool[old]; /* its child is still the old pool's, until its turn in the queue */
            *link = out;
            link = &to[out++].sibling;
        }
        *link = NONE;
    }
    node *pool = t->pool;
    uint32_t cap = t->cap;
    t->pool = t->spare;
    t->cap = t->spare_cap;
    t->spare = pool;
    t->spare_cap = cap;
    t->used = out;
    return true;
}

static uint32_t child_with(const wr_mcts *t, uint32_t parent, uint64_t key)
{
    for (uint32_t c = t->pool[parent].child; c != NONE; c = t->pool[c].sibling)
        if (t->pool[c].key == key)
            return c;
    return NONE;
}

/* A move out of the tree: uniformly random, but for The Princess & the
** Dragon's actions the rules' defaults -- the dragon's first step; the
** fairy left, no portal, no princess unless she must (then the first
** knight).  Random actions (a follower through the portal to any open
** feature, a knight sent home at random) made the search's verdicts worse:
** against the planner with them, 23 points a game behind instead of 5
** (docs/players.md). */
static size_t default_move(wr_mcts *t, const wr_choice *c, size_t n)
{
    switch (c->kind) {
    case WR_CHOICE_DRAGON:
        return 0;
    case WR_CHOICE_FAIRY:
    case WR_CHOICE_PORTAL:
        return c->n;
    case WR_CHOICE_PRINCESS:
        return n == c->n ? 0 : c->n; /* she must: no "none" among the moves */
    default:
        return wh_rng_below(&t->rng, (uint32_t)n);
    }
}

/* Choose a move of decision c for `player`: in the tree, the first
** unexpanded move (chosen at random) becomes a node and the play-out
** leaves the tree; when every move has a node, UCT picks one.  Out of the
** tree, default_move.  A decision of one move is no node. */
static size_t choose(wr_mcts *t, int player, const wr_choice *c)
{
    size_t n = moves_of(c);
    if (n <= 1)
        return 0;
    if (!t->in_tree)
        return default_move(t, c, n);
    uint32_t cur = t->path[t->depth - 1];
    size_t fresh = n, unexpanded = 0;
    for (size_t i = 0; i < n; i++) {
        t->keys[i] = key_of(c, i);
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
        uint32_t k = t->used++;
        t->pool[k] = (node){.key = t->keys[fresh], .child = NONE, .sibling = t->pool[cur].child, .avail = 1,
                            .player = (uint8_t)player};
        t->pool[cur].child = k;
        t->path[t->depth++] = k;
        return fresh;
    }
    size_t best = 0;
    double best_v = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        const node *k = &t->pool[t->found[i]];
        double v = k->sum / k->visits + EXPLORE * sqrt(log((double)k->avail) / k->visits);
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
    wr_choice c = {.kind = WR_CHOICE_PLACEMENT, .m = m, .tile = tile, .places = options, .n = n};
    return choose(ctx, wh_game_current(&m->game), &c);
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
    wr_choice c = {.kind = WR_CHOICE_MEEPLE, .m = m, .meeples = options, .n = n};
    return choose(ctx, wh_game_current(&m->game), &c);
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
    wr_choice c = {.kind = WR_CHOICE_WONDER, .m = m, .n = m->n_available};
    return choose(ctx, player, &c);
}

static size_t cb_hand(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    wr_choice c = {.kind = WR_CHOICE_HAND, .m = m, .items = hand, .n = n};
    return choose(ctx, wh_game_current(&m->game), &c);
}

/* The Princess & the Dragon's actions: moves like any other. */
static size_t cb_dragon(void *ctx, const wh_match_t *m, int mover, const wh_point_t *options, size_t n)
{
    wr_choice c = {.kind = WR_CHOICE_DRAGON, .m = m, .steps = options, .n = n};
    return choose(ctx, mover, &c);
}

static size_t cb_fairy(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_choice c = {.kind = WR_CHOICE_FAIRY, .m = m, .items = options, .n = n};
    return choose(ctx, wh_game_current(&m->game), &c);
}

static size_t cb_princess(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_choice c = {.kind = WR_CHOICE_PRINCESS, .m = m, .items = options, .n = n};
    return choose(ctx, wh_game_current(&m->game), &c);
}

static size_t cb_portal(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n)
{
    wr_choice c = {.kind = WR_CHOICE_PORTAL, .m = m, .items = options, .n = n};
    return choose(ctx, wh_game_current(&m->game), &c);
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

/* The rest of a turn whose tile is known, as match.c plays it
** (wh_match_place), then the wonder track. */
static wh_status_t finish_turn(wh_match_t *m, const wh_players_t *pl, uint16_t tile)
{
    wh_status_t s = wh_match_place(m, pl, tile, &no_sink);
    if (s != WH_OK)
        return s;
    m->passes = 0;
    return wh_match_track(m, pl, &no_sink);
}

enum root_kind { ROOT_PLACE, ROOT_HAND, ROOT_WONDER };

/* The players of a play-out: every decision is the search's.  The
** Princess & the Dragon's actions are asked only in games played with it
** (without, the match would look for options that cannot be there). */
static wh_players_t playout_players(wr_mcts *t, const wh_match_t *root)
{
    wh_players_t pl = {cb_placement, cb_meeple, cb_first, cb_wonder, cb_hand, NULL, cb_direct, t,
                       NULL, NULL, NULL, NULL, NULL, NULL, NULL}; /* The Tower: not searched, never taken */
    if (root->game.rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) {
        pl.dragon = cb_dragon;
        pl.fairy = cb_fairy;
        pl.princess = cb_princess;
        pl.portal = cb_portal;
    }
    return pl;
}

/* Each player's reward: their margin (score less the best rival's), scaled. */
static void rewards(const wh_game_t *g, double margin[WH_MAX_PLAYERS])
{
    for (int p = 0; p < g->n_players; p++) {
        int rival = -1000000;
        for (int q = 0; q < g->n_players; q++)
            if (q != p && wh_game_score(g, q) > rival)
                rival = wh_game_score(g, q);
        margin[p] = (wh_game_score(g, p) - rival) / REWARD_SCALE;
    }
}

/* One play-out from @p root, whose pending decision is @p kind (for
** @p player, of @p tile), then the rewards backed up the path. */
static void playout(wr_mcts *t, const wh_match_t *root, const wh_players_t *pl, enum root_kind kind, int player,
                    uint16_t tile)
{
    wh_match_t *m = t->sim;
    copy_match(m, root);
    determinise(t, m, player);
    t->depth = 1;
    t->path[0] = 0;
    t->in_tree = true;
    wh_status_t s = WH_OK;
    if (kind == ROOT_PLACE) {
        s = finish_turn(m, pl, tile);
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
        s = finish_turn(m, pl, fitting[k]);
    } else {
        size_t k = cb_wonder(t, m, player);
        bool first = m->taken[player] == 0;
        s = wh_match_take(m, player, k, first ? 2 : 1, &no_sink); /* its `taken` effects with it */
        if (s == WH_OK && first && m->pair_space + WH_TRACK_STEP <= WH_TRACK_LAST)
            m->pair_space = (uint8_t)(m->pair_space + WH_TRACK_STEP);
        if (s == WH_OK)
            s = wh_match_track(m, pl, &no_sink);
    }
    if (s == WH_OK && !m->over)
        s = wh_match_play(m, pl, &no_sink);
    t->playouts++;
    if (s != WH_OK)
        return; /* a runtime bug; the play-out counts for nothing */
    double margin[WH_MAX_PLAYERS];
    rewards(&m->game, margin);
    t->pool[0].visits++;
    for (int d = 1; d < t->depth; d++) {
        node *c = &t->pool[t->path[d]];
        c->visits++;
        c->sum += (float)margin[c->player];
    }
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* The tree a search starts from: with reuse, the subtree where the game
** stands (the moves played since the last search), when the tree holds
** it; else an empty one. */
static void start_tree(wr_mcts *t)
{
    if (t->reuse && t->cursor != NONE && keep_subtree(t, t->cursor)) {
        t->kept += t->used;
    } else {
        reset(t);
    }
    t->cursor = 0;
}

/* Run the search for the budget; @returns the most visited child of the
** root (NONE when it has none).  The game stands at the root. */
static uint32_t search(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, enum root_kind kind, int player, uint16_t tile)
{
    uint64_t seed = (uint64_t)wh_rng_below(rng, 0xFFFFFFFFu) << 32;
    wh_rng_seed(&t->rng, seed | wh_rng_below(rng, 0xFFFFFFFFu));
    start_tree(t);
    wh_players_t pl = playout_players(t, m);
    struct timespec start;
    double limit = (double)t->budget.think_ms / 1000.0;
    if (t->budget.think_ms)
        clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < t->budget.think; i++) {
        /* the clock, every few play-outs: a look costs about as much as a play-out's copy */
        if (t->budget.think_ms && i && i % CLOCK_EVERY == 0 && seconds_since(&start) >= limit)
            break;
        make_room(t);
        playout(t, m, &pl, kind, player, tile);
    }
    uint32_t best = NONE;
    for (uint32_t c = t->pool[0].child; c != NONE; c = t->pool[c].sibling)
        if (best == NONE || t->pool[c].visits > t->pool[best].visits ||
            (t->pool[c].visits == t->pool[best].visits && t->pool[c].sum > t->pool[best].sum))
            best = c;
    return best;
}

/* The index of the move of decision c whose key node `best` has; 0 when none has. */
static size_t index_of(const wr_mcts *t, const wr_choice *c, uint32_t best)
{
    size_t n = moves_of(c);
    for (size_t i = 0; best != NONE && i < n; i++)
        if (key_of(c, i) == t->pool[best].key)
            return i;
    return 0;
}

size_t wr_mcts_placement(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, uint16_t tile, const wh_placement_t *options,
                         size_t n)
{
    uint32_t best = search(t, rng, m, ROOT_PLACE, wh_game_current(&m->game), tile);
    wr_choice c = {.kind = WR_CHOICE_PLACEMENT, .m = m, .tile = tile, .places = options, .n = n};
    return n == 1 ? 0 : index_of(t, &c, best);
}

size_t wr_mcts_wonder(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, int player)
{
    if (m->n_available <= 1)
        return 0;
    uint32_t best = search(t, rng, m, ROOT_WONDER, player, 0);
    wr_choice c = {.kind = WR_CHOICE_WONDER, .m = m, .n = m->n_available};
    return index_of(t, &c, best);
}

size_t wr_mcts_from_hand(wr_mcts *t, wh_rng_t *rng, const wh_match_t *m, const uint16_t *hand, size_t n)
{
    if (n <= 1)
        return 0;
    uint32_t best = search(t, rng, m, ROOT_HAND, wh_game_current(&m->game), 0);
    wr_choice c = {.kind = WR_CHOICE_HAND, .m = m, .items = hand, .n = n};
    return index_of(t, &c, best);
}

/* Whether decision c is one of The Princess & the Dragon's actions. */
static bool action(const wr_choice *c)
{
    return c->kind == WR_CHOICE_DRAGON || c->kind == WR_CHOICE_FAIRY || c->kind == WR_CHOICE_PRINCESS ||
           c->kind == WR_CHOICE_PORTAL;
}

int wr_mcts_planned(const wr_mcts *t, const wr_choice *c)
{
    size_t n = moves_of(c);
    if (t->cursor == NONE || n <= 1)
        return -1;
    uint32_t best = NONE, runner_up = 0;
    int choice = -1;
    for (size_t i = 0; i < n; i++) {
        uint32_t k = child_with(t, t->cursor, key_of(c, i));
        if (k == NONE || !t->pool[k].visits)
            continue;
        if (best == NONE || t->pool[k].visits > t->pool[best].visits) {
            runner_up = best == NONE ? 0 : t->pool[best].visits;
            best = k;
            choice = (int)i;
        } else if (t->pool[k].visits > runner_up) {
            runner_up = t->pool[k].visits;
        }
    }
    /* An action may offer hundreds of moves (the portal: a follower to any
    ** open feature), each tried once or never by a search's budget: a move
    ** tried less than MIN_ACTION_VISITS times, or no more often than
    ** another, is no answer, and the seat's own rule decides (players.c). */
    if (choice >= 0 && action(c) && (t->pool[best].visits < MIN_ACTION_VISITS || t->pool[best].visits == runner_up))
        return -1;
    return choice;
}

void wr_mcts_seen(wr_mcts *t, const wr_choice *c, size_t k)
{
    if (t->cursor != NONE && moves_of(c) > 1)
        t->cursor = child_with(t, t->cursor, key_of(c, k));
}
