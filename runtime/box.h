/*
** box.h -- the interface every box plugs into (docs/runtime.md, "Boxes").
**
** A box -- the River, the Abbot, Inns & Cathedrals, Traders & Builders,
** The Princess & the Dragon, the wonders' effects -- is a table of hooks
** (wh_box_t), each called at one named point of the turn.  The ground
** floor (board.c, features.c, figures.c) and the turn (game.c, scoring.c)
** call the hooks through the wh_boxes_* functions below, never a box by
** name; a box calls no other box: what two boxes share (an action taken
** instead of a figure, the figures' moment being over) is a field of the
** game the interface names.  Each box keeps its state in a struct of its
** own in wh_game_t (wonders.h) and touches no other box's.
**
** Which boxes are in play is decided once, by the game's rules (a box
** whose `rules` is 0 is in every game); g->hooked[h] then holds, one bit a
** box, those in play with hook h, so a hook nobody in play has costs one
** test.  A box may turn one of its hooks on later (wh_box_hooks_on): the
** wonders' effects listen from the first wonder placed, their reserve rule
** from the turn it starts.  At each point the boxes are called in the
** order of wh_boxes[] (boxes.c), which docs/runtime.md lists.
*/
#ifndef WH_BOX_H
#define WH_BOX_H

#include "internal.h"

/* How a feature came to be scored, for the hook `scored`. */
typedef enum wh_scored_as {
    WH_SCORED_COMPLETED, /* completed in a turn, its figures still on it */
    WH_SCORED_FINAL,     /* at the final scoring */
    WH_SCORED_RECALLED   /* its abbot, the current player's, was taken back this turn */
} wh_scored_as_t;

/* The hooks, in the order a turn reaches them (docs/runtime.md, "Boxes"). */
#define WH_HOOK_LIST(X)                                                                                         \
    X(begin)          /* the game starts: deal the box's figures, reset its state */                           \
    X(tile_allowed)   /* which rotations of a tile of the box's tile_flags may go there */                     \
    X(square_allowed) /* may any tile cover square (x, y) now */                                               \
    X(wonder_put)     /* a tile with an effect was put on the board (before its squares) */                    \
    X(tile_placed)    /* the current player placed the turn part's tile */                                     \
    X(figure_check)   /* may the current player place a figure of this kind on the tile now */                \
    X(figure_placed)  /* ... who just did */                                                                   \
    X(actions)        /* the box's actions (meeple options with the figure field 7) offered now */            \
    X(action_check)   /* may the current player take that action now (WH_ERR_RANGE: not this box's) */         \
    X(action_play)    /* ... who takes it */                                                                   \
    X(before_scoring) /* the figures are done; the turn's scoring comes next */                               \
    X(turn_events)    /* the turn's tile and figures, for those that listen */                                 \
    X(turn_scoring)   /* the box's own scoring of the turn, before the completed features */                  \
    X(completed)      /* a city, road, monastery or garden is completed, before it is scored */               \
    X(unit_points)    /* the points a completed or incomplete road or city pays a unit (square or coat) */   \
    X(scored)         /* a feature is scored, its figures still on it */                                       \
    X(after_scoring)  /* the turn's scoring is done */                                                         \
    X(extra_tile)     /* a tile drawn to make room for a wonder was placed, before its scoring */             \
    X(turn_end)       /* the current player's turn ends */                                                     \
    X(turn_start)     /* the (new) current player's turn starts */                                             \
    X(final_first)    /* the final scoring starts, before the features */                                     \
    X(final)          /* ... after the features */                                                        \
    X(node_allowed)   /* may the current player put a figure on this feature part (asked for every option) */ \
    X(figure_weight)  /* a player's figure's weight in the majority on this feature (asked in every majority) */

enum {
#define WH_HOOK_ENUM(name) WH_HOOK_##name,
    WH_HOOK_LIST(WH_HOOK_ENUM)
#undef WH_HOOK_ENUM
    WH_N_HOOKS
};
_Static_assert(WH_HOOK_square_allowed == WH_HOOK_SQUARE_ALLOWED, "internal.h's index of the hook");
_Static_assert(WH_N_HOOKS <= WH_BOX_HOOKS, "wh_game_t.hooked has a slot for every hook");

typedef struct wh_box {
    const char *name; /* docs/runtime.md's name for it ("river", "abbot", ...) */
    wh_rules_t  rules;      /* in play when any of these rules is on; 0: in every game */
    unsigned    tile_flags; /* WH_TILE_FLAG_*s whose tiles tile_allowed checks */
    uint32_t    later;      /* bit h: hook h waits until the box turns it on (wh_box_hooks_on) */
    /* Each hook may be NULL: the box does nothing there. */
    void (*begin)(wh_game_t *g);
    /* Of `rotations` (bit r: turned r) of tile (a tile of tile_flags) with
    ** square 0 on (x, y), fitting there, those the box allows; *why gets
    ** the status of a refusal. */
    unsigned (*tile_allowed)(const wh_game_t *g, uint32_t tile, int x, int y, unsigned rotations, wh_status_t *why);
    bool (*square_allowed)(const wh_game_t *g, int x, int y);
    void (*wonder_put)(wh_game_t *g, uint16_t placed);
    void (*tile_placed)(wh_game_t *g, uint16_t placed);
    wh_status_t (*figure_check)(const wh_game_t *g, const wh_tile_t *t, unsigned figure);
    void (*figure_placed)(wh_game_t *g, unsigned figure);
    size_t (*actions)(const wh_game_t *g, uint8_t *out, size_t cap, size_t n); /* appends; the new n */
    wh_status_t (*action_check)(const wh_game_t *g, unsigned option);
    void (*action_play)(wh_game_t *g, unsigned option);
    void (*before_scoring)(wh_game_t *g);
    void (*turn_events)(wh_game_t *g, const wh_score_sink_t *sink);
    void (*turn_scoring)(wh_game_t *g, const wh_score_sink_t *sink);
    void (*completed)(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root);
    int32_t (*unit_points)(const wh_game_t *g, uint16_t root, bool end, int32_t points);
    void (*scored)(wh_game_t *g, const wh_score_sink_t *sink, uint16_t root, wh_scored_as_t as);
    void (*after_scoring)(wh_game_t *g);
    void (*extra_tile)(wh_game_t *g, const wh_score_sink_t *sink);
    void (*turn_end)(wh_game_t *g, const wh_score_sink_t *sink);
    void (*turn_start)(wh_game_t *g, const wh_score_sink_t *sink);
    void (*final_first)(wh_game_t *g, const wh_score_sink_t *sink);
    void (*final)(wh_game_t *g, const wh_score_sink_t *sink);
    bool (*node_allowed)(const wh_game_t *g, uint16_t node);
    /* The weight of `player`'s `figure` in the majority on feature `root`, at
    ** the final scoring or not; the first box in play with the hook decides. */
    uint8_t (*figure_weight)(const wh_game_t *g, uint16_t root, uint8_t player, uint8_t figure, bool final);
} wh_box_t;

/* Every box, in the order the hooks of one point are called (boxes.c). */
extern const wh_box_t *const wh_boxes[];
extern const unsigned wh_n_boxes;

/* Each box's table, in its own file (or folder). */
extern const wh_box_t wh_box_river, wh_box_inns_cathedrals, wh_box_princess_dragon, wh_box_abbot,
    wh_box_traders_builders, wh_box_tower, wh_box_wonders;

/* Options with the figure field 7 are actions of a box, not figures. */
#define WH_OPTION_ACTION 7u

/* The boxes in play with hook h, one bit each in wh_boxes[] order. */
#define WH_BOXES_WITH(g, h) ((g)->hooked[WH_HOOK_##h])

/* Call hook h of every box in play that has it, in order, with the
** arguments after h (the hook's own, the game first). */
#define WH_BOXES_CALL(g, h, ...)                                                   \
    do {                                                                           \
        for (uint32_t bits_ = WH_BOXES_WITH(g, h); bits_; bits_ &= bits_ - 1)      \
            wh_boxes[__builtin_ctz(bits_)]->h(__VA_ARGS__);                         \
    } while (0)

/* boxes.c: which boxes are in play by g->rules, their hooks' bits and the
** tile flags they check; then each one's `begin`. */
void wh_boxes_begin(wh_game_t *g);
/* Turn the hooks `hooks` (bit h: hook h) of `box` on (the box in play;
** those it has), or off again. */
void wh_box_hooks_on(wh_game_t *g, const wh_box_t *box, uint32_t hooks);
void wh_box_hooks_off(wh_game_t *g, const wh_box_t *box, uint32_t hooks);

/* The checks asked in the board's and the options' loops are inline, so
** that a game whose boxes have no such hook pays one test. */
/* Of `rotations` of `tile` with square 0 on (x, y), those the boxes that
** check this tile (their tile_flags) allow; *why gets the first refusal's
** status. */
static inline unsigned wh_boxes_tile_allowed(const wh_game_t *g, uint32_t tile, int x, int y, unsigned rotations,
                                             wh_status_t *why)
{
    unsigned flags = wh_tile_of(g, tile)->flags;
    for (uint32_t bits = WH_BOXES_WITH(g, tile_allowed); bits && rotations; bits &= bits - 1) {
        const wh_box_t *b = wh_boxes[__builtin_ctz(bits)];
        if (flags & b->tile_flags)
            rotations = b->tile_allowed(g, tile, x, y, rotations, why);
    }
    return rotations;
}

/* Whether every square_allowed hook lets a tile cover (x, y). */
static inline bool wh_boxes_square_allowed(const wh_game_t *g, int x, int y)
{
    for (uint32_t bits = WH_BOXES_WITH(g, square_allowed); bits; bits &= bits - 1)
        if (!wh_boxes[__builtin_ctz(bits)]->square_allowed(g, x, y))
            return false;
    return true;
}

/* The first status other than WH_OK of the figure_check hooks, or WH_OK. */
static inline wh_status_t wh_boxes_figure_check(const wh_game_t *g, const wh_tile_t *t, unsigned figure)
{
    for (uint32_t bits = WH_BOXES_WITH(g, figure_check); bits; bits &= bits - 1) {
        wh_status_t s = wh_boxes[__builtin_ctz(bits)]->figure_check(g, t, figure);
        if (s != WH_OK)
            return s;
    }
    return WH_OK;
}

/* The boxes' actions appended to out[n ..]; the new count. */
static inline size_t wh_boxes_actions(const wh_game_t *g, uint8_t *out, size_t cap, size_t n)
{
    for (uint32_t bits = WH_BOXES_WITH(g, actions); bits; bits &= bits - 1)
        n = wh_boxes[__builtin_ctz(bits)]->actions(g, out, cap, n);
    return n;
}
/* Why action `option` may not be taken now (WH_ERR_RANGE when no box has
** it), or WH_OK. */
wh_status_t wh_boxes_action_check(const wh_game_t *g, unsigned option);
/* Take action `option`, checked. */
void wh_boxes_action_play(wh_game_t *g, unsigned option);
/* The points a unit of road or city `root` pays, the boxes' rules applied to `points`. */
int32_t wh_boxes_unit_points(const wh_game_t *g, uint16_t root, bool end, int32_t points);

/* boxes.c: whether every node_allowed hook of the boxes in play lets the
** current player put a figure on feature part `node`. */
bool wh_boxes_node_allowed_asked(const wh_game_t *g, uint16_t node);

/* The same, one test while no box in play asks (a wonder's forbid rule is
** rare; the options' loops ask for every feature of every tile). */
static inline bool wh_boxes_node_allowed(const wh_game_t *g, uint16_t node)
{
    return !WH_BOXES_WITH(g, node_allowed) || wh_boxes_node_allowed_asked(g, node);
}

/* A figure's weight in the majority on feature `root`: a box's (a wonder's
** scoped weight rule) while one has the hook, else g->strength's. */
static inline uint8_t wh_strength_on(const wh_game_t *g, uint16_t root, uint8_t player, uint8_t figure, bool final)
{
    uint32_t bits = WH_BOXES_WITH(g, figure_weight);
    return bits ? wh_boxes[__builtin_ctz(bits)]->figure_weight(g, root, player, figure, final)
                : g->strength[player][figure];
}

#endif
