/*
** internal.h -- what the runtime's files share and nobody else sees.
*/
#ifndef WH_INTERNAL_H
#define WH_INTERNAL_H

#include "wonders.h"

enum { CELL_FREE, CELL_FRONTIER, CELL_OCCUPIED };

static const int8_t wh_dx[4] = {0, 1, 0, -1};
static const int8_t wh_dy[4] = {-1, 0, 1, 0};

/* The hash slot of cell (x, y): its own, or the free slot where it would go. */
static inline uint32_t wh_cell_slot(const wh_game_t *g, int x, int y)
{
    uint32_t key = (uint32_t)(uint16_t)x | (uint32_t)(uint16_t)y << 16;
    uint32_t h = (key * 0x9E3779B1u) >> (32 - 11); /* WH_CELL_SLOTS = 2^11 */
    for (;;) {
        const wh_cell_t *c = &g->cells[h];
        if (c->state == CELL_FREE || (c->x == x && c->y == y))
            return h;
        h = (h + 1) & (WH_CELL_SLOTS - 1);
    }
}

/* The cell at (x, y), or NULL when it is neither occupied nor frontier. */
static inline const wh_cell_t *wh_cell_get(const wh_game_t *g, int x, int y)
{
    const wh_cell_t *c = &g->cells[wh_cell_slot(g, x, y)];
    return c->state == CELL_FREE ? NULL : c;
}

static inline const wh_tile_t *wh_tile_of(const wh_game_t *g, uint32_t tile)
{
    return &g->set->tiles[tile];
}

/* The squares of a placed tile, and the cell where square i lies. */
static inline const wh_square_t *wh_squares_of(const wh_game_t *g, const wh_placed_t *pl)
{
    return g->set->squares + g->set->tiles[pl->tile].first_square;
}

static inline void wh_square_cell(const wh_square_t *sq, const wh_placed_t *pl, int *x, int *y)
{
    *x = pl->x + sq->dx[pl->rotation];
    *y = pl->y + sq->dy[pl->rotation];
}

/* Union-find root with path halving. */
static inline uint16_t wh_find(wh_game_t *g, uint16_t n)
{
    while (g->parent[n] != n) {
        g->parent[n] = g->parent[g->parent[n]];
        n = g->parent[n];
    }
    return n;
}

/* The same, for a const game (no compression). */
static inline uint16_t wh_find_const(const wh_game_t *g, uint16_t n)
{
    while (g->parent[n] != n)
        n = g->parent[n];
    return n;
}

/* A 4-bit set of directions turned r quarter turns clockwise. */
static inline unsigned wh_turn_dirs(unsigned dirs, int r)
{
    return ((dirs << r) | (dirs >> (4 - r))) & 15u;
}

/* The directions in which a cell requirement (2 bits per direction) has a
** neighbour. */
static inline unsigned wh_req_dirs(unsigned req)
{
    unsigned any = (req | req >> 1) & 0x55u;
    return (any & 1u) | (any >> 1 & 2u) | (any >> 2 & 4u) | (any >> 3 & 8u);
}

/* Of `rotations` of square `sq`, those whose river sides agree with the
** neighbours of frontier cell `c`: a river side faces only a river side
** (the fits table sees both as roads).  Free when neither has a river. */
static inline unsigned wh_river_fits(const wh_square_t *sq, const wh_cell_t *c, unsigned rotations)
{
    if (!(sq->river | c->river))
        return rotations;
    unsigned present = wh_req_dirs(c->edges), kept = 0;
    for (unsigned bits = rotations; bits; bits &= bits - 1) {
        int r = __builtin_ctz(bits);
        if (!((wh_turn_dirs(sq->river, r) ^ c->river) & present))
            kept |= 1u << r;
    }
    return kept;
}

/* box.h's index of the hook square_allowed, for the board's fast paths. */
#define WH_HOOK_SQUARE_ALLOWED 2

/* The fits-table row of `tile` when it is a land tile of one square that
** no box checks (box.h: the River's tiles), no box checks squares and no
** open river end is on the board: row[req] says, one
** bit a rotation, how it fits a frontier cell of requirement req
** (g->frontier_req), with nothing else to check.  NULL otherwise. */
static inline const uint8_t *wh_board_plain_fits(const wh_game_t *g, uint32_t tile)
{
    if (tile >= g->set->n_tiles || g->river_cells || g->hooked[WH_HOOK_SQUARE_ALLOWED])
        return NULL;
    const wh_tile_t *t = wh_tile_of(g, tile);
    if (t->n_squares != 1 || (t->flags & g->tile_checks))
        return NULL;
    return g->set->fits + (size_t)g->set->squares[t->first_square].shape * WH_FIT_ROW;
}

/* Number of rotations in a 4-bit rotation mask. */
static inline unsigned wh_rotations(unsigned bits)
{
    return (0x4332322132212110ull >> (4 * bits)) & 15u;
}

/* Whether the effect of placed wonder `placed` has started.  W: the
** sentence scoring from the placing turn "was removed from the first revised
** rules, so the effect of the wonders start on your next turn after placing
** it": from the owner's next turn, not the other players' turns before it.
** `started` is set when that turn ends (game.c); during it, it is the
** owner's turn in a later turn than the placement. */
static inline bool wh_effect_started(const wh_game_t *g, uint16_t placed)
{
    const wh_placed_t *p = &g->placed[placed];
    return p->started || (p->player == g->current && g->turn > p->turn);
}

/* game.c: wh_game_place_tile for a placement legal by construction -- one
   the enumerator listed or wh_game_placement_random drew, on this very
   position -- without asking wh_board_check again what made it. */
wh_status_t wh_game_place_legal(wh_game_t *g, uint32_t tile, int x, int y, int rotation);

/* figures.c: wh_game_place_meeple for one of the options
   wh_game_meeple_options has just listed, without checking it again. */
wh_status_t wh_game_place_option(wh_game_t *g, uint8_t option);

/* board.c */
/* Whether tile may go at (x, y) turned rotation: WH_OK, or why not. */
wh_status_t wh_board_check(const wh_game_t *g, uint32_t tile, int x, int y, int rotation);
/* Mark placed tile p's squares occupied; wh_board_connect then joins its
   features to the neighbours' and tells empty neighbours what to match. */
void wh_board_occupy(wh_game_t *g, uint16_t placed);

void wh_board_connect(wh_game_t *g, uint16_t placed);

/* features.c: features are union-find sets of nodes, one node per feature
   of a placed tile; `root` is a set's representative. */
/* New nodes (and monastery records) for placed tile p's features. */
void wh_features_add(wh_game_t *g, uint16_t placed);
/* Join the features on side dir of a square to the neighbour cell's. */
void wh_features_join_side(wh_game_t *g, uint16_t placed, uint32_t square, int dir, const wh_cell_t *other);
/* Squares a feature covers, each counted once. */
uint16_t wh_feature_squares(const wh_game_t *g, uint16_t root);
/* Each player's strength on a feature: its figures, a large meeple 2. */
void wh_feature_meeples(const wh_game_t *g, uint16_t root, uint8_t counts[WH_MAX_PLAYERS]);
/* Return a feature's figures to their supplies. */
void wh_feature_return_meeples(wh_game_t *g, uint16_t root);
/* Completed cities a field touches, each counted once (the farmers' 3 a city). */
uint16_t wh_field_cities(const wh_game_t *g, uint16_t root);
/* Every city a field touches, complete or not, each counted once. */
uint16_t wh_field_touched(const wh_game_t *g, uint16_t root);
/* Index in g->monastery of the monastery whose node is node, or -1. */
int wh_monastery_of(const wh_game_t *g, uint16_t node);
/* The tile-table feature a node stands for. */
const wh_feature_t *wh_node_feature(const wh_game_t *g, uint16_t node);

/* effect_board.c: what the effect language reads of the board.  A square
   is an int32: x in the low 16 bits, y in the high 16, both signed. */
static inline int32_t wh_square_value(int x, int y)
{
    return (int32_t)((uint32_t)(uint16_t)x | (uint32_t)(uint16_t)y << 16);
}

static inline int wh_square_x(int32_t v) { return (int16_t)(uint16_t)((uint32_t)v & 0xFFFFu); }
static inline int wh_square_y(int32_t v) { return (int16_t)(uint16_t)((uint32_t)v >> 16); }

/* Whether feature `root` is complete: a city or road with no open side or
   end, a monastery or garden surrounded; a field never. */
bool wh_feature_complete(const wh_game_t *g, uint16_t root);
/* The WH_MARK_* of any part of a feature. */
unsigned wh_feature_marks(const wh_game_t *g, uint16_t root);
/* Whether a figure of `player` stands on feature `root`. */
bool wh_feature_has(const wh_game_t *g, uint16_t root, int32_t player);
/* Whether field `field` borders city `city` (any nodes of them), complete or
   not; false when they are not a field and a city. */
bool wh_field_touches(const wh_game_t *g, uint16_t field, uint16_t city);
/* Whether `player` is among those with the most strength on feature `root`. */
bool wh_feature_wins(const wh_game_t *g, uint16_t root, int32_t player);
/* The figures of `player` on the board (markers are not figures here). */
int32_t wh_player_figures(const wh_game_t *g, int32_t player);
/* The fewest king's moves between a square of value a and one of value b
   (types: a's wh_type_t | b's << 4: squares, features, meeples, tiles), or
   with `around`, 1 when some pair is exactly one move apart, else 0. */
int32_t wh_board_distance(const wh_game_t *g, bool around, unsigned types, int32_t a, int32_t b);
/* The fewest king's moves between a square of feature part `node` (on its
   own tile) and a square of placed tile `placed`. */
int32_t wh_part_distance(const wh_game_t *g, uint16_t node, uint16_t placed);

/* lines.c: the rows and columns of occupied squares. */
/* Rows and columns holding `run` or more consecutive occupied squares,
   each counted once. */
int32_t wh_board_lines(const wh_game_t *g, unsigned run);
/* The line masks (wh_game_t.keeps_lines): drawn from the squares occupied
   now, and kept from then on until the game restarts, by marking the
   squares of each tile placed after (the wonders' box does, from its
   tile_placed hook, once a wonder that counts lines is on the board). */
void wh_board_keep_lines(wh_game_t *g);
void wh_board_mark_lines(wh_game_t *g, uint16_t placed);

/* effects.c: what the planner's outcomes (outcomes.c) run of the wonders'
   effects: the game-end effects of `which` -- those blind to figures,
   those that watch them (see wh_effects_watch_figures), or both
   (WH_EFFECTS_ALL). */
enum { WH_EFFECTS_BLIND = 1, WH_EFFECTS_WATCHING = 2, WH_EFFECTS_ALL = 3 };
void wh_effects_game_end(wh_game_t *g, const wh_score_sink_t *sink, unsigned which);
/* Whether an effect of a wonder on the board depends on figures
   (WH_EFFECT_WATCHES_FIGURES).  When none does, a figure changes no score but that of
   its own feature. */
bool wh_effects_watch_figures(const wh_game_t *g);
/* The hand rule of `player` now: how many tiles they draw (1 without one)
   and, in *rest, what becomes of those not chosen (a match's draw). */
int wh_effects_hand(const wh_game_t *g, int player, wh_hand_rest_t *rest);
/* `player` has taken the wonder `tile` from the track in `current`'s turn
   (a match's: wh_match_take): its `starts taken` rules of the owner's
   figures hold from now, and its `taken` handlers run, the wonder not on
   the board yet (docs/language.md, "Events"). */
void wh_effects_taken(wh_game_t *g, const wh_score_sink_t *sink, uint16_t tile, int player, int current);

/* game.c: the turn part's scoring -- the boxes' turn_events and
   turn_scoring hooks, then the features it completed (box.h). */
void wh_turn_score(wh_game_t *g, const wh_score_sink_t *sink);
/* game.c: the current player's turn, deferred (g->defer), starts now: its
   turn-start rules (the boxes' turn_start hooks).  Nothing when it has. */
void wh_turn_start(wh_game_t *g, const wh_score_sink_t *sink);

/* game.c: make dst, a copy of src on which only figures were placed or
   taken back and the turn was ended, src again -- copying only what those
   change, where wh_game_copy copies the whole board (outcomes.c tries
   figure choices one after another on one copy). */
void wh_game_copy_figures(wh_game_t *dst, const wh_game_t *src);

/* figures.c: why meeple option `option` may not be played now, or WH_OK. */
wh_status_t wh_option_check(const wh_game_t *g, unsigned option);

/* scoring.c */
/* End of a turn: score the features the tile just placed closed, and the
   monasteries it surrounded. */
void wh_score_completed(wh_game_t *g, const wh_score_sink_t *sink);
/* A set of nodes (feature roots), one bit each. */
typedef struct wh_node_set {
    uint8_t bits[WH_MAX_NODES / 8];
} wh_node_set_t;

static inline bool wh_node_set_has(const wh_node_set_t *s, uint16_t n)
{
    return s->bits[n / 8] & (1u << (n % 8));
}

static inline void wh_node_set_add(wh_node_set_t *s, uint16_t n)
{
    s->bits[n / 8] |= (uint8_t)(1u << (n % 8));
}

/* End of the game: incomplete features, then fields -- only those in
   `only` when it is not NULL. */
void wh_score_final(wh_game_t *g, const wh_score_sink_t *sink, const wh_node_set_t *only);
/* Feature `root`, a monastery or a garden, scored as at the end (1 + the
   squares around it) to `player` alone, for `reason`. */
void wh_score_surrounded(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root, uint8_t player, wh_reason_t reason);

/* figures.c: T10, every builder or pig whose player has no follower left
   in its feature goes back (after the dragon or the princess took one). */
void wh_lonely_specials(wh_game_t *g);

/* figures.c: the kinds of feature `figure` may stand on (bits 1 << WH_KIND_),
   0 for no figure: the same on the tile just placed and through a portal. */
unsigned wh_figure_stands_on(unsigned figure);

/* Each player's figures of kind `figure` in supply (indexed by player):
** the one mapping from a figure to where the game keeps it. */
static inline uint8_t *wh_figure_supply(wh_game_t *g, unsigned figure)
{
    /* a table, not a switch: it is read for every figure on every turn */
    static const size_t at[WH_N_FIGURES] = {
        [WH_FIGURE_MEEPLE] = offsetof(wh_game_t, supply), [WH_FIGURE_LARGE] = offsetof(wh_game_t, large),
        [WH_FIGURE_ABBOT] = offsetof(wh_game_t, abbots), [WH_FIGURE_BUILDER] = offsetof(wh_game_t, builders),
        [WH_FIGURE_PIG] = offsetof(wh_game_t, pigs),
    };
    return (uint8_t *)g + at[figure < WH_N_FIGURES ? figure : WH_FIGURE_MEEPLE];
}

/* The same, to read. */
static inline const uint8_t *wh_figure_supply_const(const wh_game_t *g, unsigned figure)
{
    return wh_figure_supply((wh_game_t *)g, figure); /* only read through it */
}

/* A figure's weight in a majority before any rule changes it: a large
** meeple counts 2 (Inns & Cathedrals); the builder and the pig are no
** followers and count 0 (Traders & Builders, T9 and T12). */
static inline uint8_t wh_strength(uint8_t figure)
{
    return figure == WH_FIGURE_LARGE ? 2 : figure >= WH_FIGURE_BUILDER ? 0 : 1;
}

/* Whether a figure is a follower (it may hold a feature), not the builder
** or the pig, which stand beside their player's follower. */
static inline bool wh_follower(uint8_t figure)
{
    return figure < WH_FIGURE_BUILDER;
}


#endif
