/*
** tables.h -- the schema of the compiled tile tables.
**
** `wonderc compile` writes these tables as static `const` data; the compiler
** builds exactly the same arrays in memory for `wonderc show` and for its own
** fact checks, so what an author sees is what the runtime links.
**
** Conventions (see docs/language.md, "Geometry model"):
**  - Every reference between tables is an index, never a pointer.  A tile owns
**    the slices [first_x, first_x + n_x) of the square, side and feature arrays.
**  - "None" is WH_NONE (0xFF) in every 8-bit index.
**  - Directions are N=0, E=1, S=2, W=3; a rotation r turns a tile r quarter
**    turns clockwise, so the side that faced `d` faces (d + r) & 3.
**  - Board coordinates: x grows to the east, y grows to the south.
*/
#ifndef WH_TABLES_H
#define WH_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* The library's public API, exported from libwonders.so, which is built
** with -fvisibility=hidden: whatever is not marked stays inside. */
#define WH_API __attribute__((visibility("default")))

#define WH_NONE 0xFFu

/* Limits that every table respects; the compiler reports a located error
** when a tile would exceed one. */
#define WH_MAX_SQUARES  16 /* squares in one footprint (wh_feature_t.squares is 16 bits) */
#define WH_MAX_FEATURES 32 /* features on one tile (wh_feature_t.touches is 32 bits) */
#define WH_MAX_COPIES   255 /* copies of one tile in its pack */

/* Directions, in clockwise order. */
#define WH_DIR_LIST(X) X(N) X(E) X(S) X(W)
typedef enum wh_dir {
#define WH_DIR_ENUM(d) WH_DIR_##d,
    WH_DIR_LIST(WH_DIR_ENUM)
#undef WH_DIR_ENUM
    WH_N_DIRS
} wh_dir_t;

/* Edge types of a side.  NONE marks a side inside a footprint (two squares
** of the same tile meet there).  A RIVER side matches only a river side; in
** the 2-bit packings (wh_square_t.edges, the fits table) it is written as a
** road, and wh_square_t.river says which of those sides are river. */
#define WH_EDGE_LIST(X) X(NONE, "internal") X(FIELD, "field") X(ROAD, "road") X(CITY, "city") X(RIVER, "river")
typedef enum wh_edge {
#define WH_EDGE_ENUM(e, word) WH_EDGE_##e,
    WH_EDGE_LIST(WH_EDGE_ENUM)
#undef WH_EDGE_ENUM
    WH_N_EDGES
} wh_edge_t;

/* The 2-bit code of an edge type in the packings: a river packs as a road. */
static inline unsigned wh_edge_code(unsigned edge)
{
    return edge == WH_EDGE_RIVER ? WH_EDGE_ROAD : edge & 3u;
}

/* Segment slots of one side, seen from the square's centre looking out:
** L is the left half, M the middle, R the right half.  A city side uses M
** only, a road or river side L (field), M (road, river) and R (field), a
** field side L and R. */
typedef enum wh_slot { WH_SLOT_L, WH_SLOT_M, WH_SLOT_R, WH_N_SLOTS } wh_slot_t;

/* Feature kinds.  AREA is a wonder's neutral area: it belongs to no city,
** road or field, carries the marker meeple and never scores.  RIVER is the
** River's water: it runs through its sides like a road and divides fields,
** but no meeple stands on it and it never scores.  GARDEN stands on one
** square like a monastery; only an abbot stands on it, and it scores like a
** monastery (docs/rules.md, "The Abbot"). */
#define WH_KIND_LIST(X) \
    X(CITY, "city") X(ROAD, "road") X(FIELD, "field") X(MONASTERY, "monastery") X(AREA, "area") \
    X(RIVER, "river") X(GARDEN, "garden")
typedef enum wh_kind {
#define WH_KIND_ENUM(k, word) WH_KIND_##k,
    WH_KIND_LIST(WH_KIND_ENUM)
#undef WH_KIND_ENUM
    WH_N_KINDS
} wh_kind_t;

/* Tile kinds: a land tile covers 1 square, a wonder tile 5. */
typedef enum wh_tile_kind { WH_TILE_LAND, WH_TILE_WONDER } wh_tile_kind_t;

#define WH_TILE_FLAG_START 0x01u /* the start tile of its pack */
#define WH_TILE_FLAG_RIVER 0x02u /* a river tile: some side is a river */

/* What a tile's tags say to the rules (docs/language.md, "Marks"): the
** symbols printed on a land tile, each the flag 0x04 << its place here.
** The Princess & the Dragon: the dragon enters at a volcano, moves when a
** dragon tile is placed; a portal lets its placer put a meeple anywhere.
** The Tower: a tower foundation, where tower floors are built (no wonder
** has one: reference 4.1). */
#define WH_TILE_MARK_LIST(X)                                                      \
    X(VOLCANO, "volcano", "a volcano (The Princess & the Dragon)")                \
    X(DRAGON, "dragon", "a dragon symbol (The Princess & the Dragon)")            \
    X(PORTAL, "portal", "a magic portal (The Princess & the Dragon)")            \
    X(TOWER, "tower", "a tower foundation (The Tower)")
enum wh_tile_mark_bit {
#define WH_TILE_MARK_ENUM(m, word, text) WH_TILE_MARK_BIT_##m,
    WH_TILE_MARK_LIST(WH_TILE_MARK_ENUM)
#undef WH_TILE_MARK_ENUM
    WH_N_TILE_MARKS
};
#define WH_TILE_FLAG_VOLCANO (0x04u << WH_TILE_MARK_BIT_VOLCANO)
#define WH_TILE_FLAG_DRAGON  (0x04u << WH_TILE_MARK_BIT_DRAGON)
#define WH_TILE_FLAG_PORTAL  (0x04u << WH_TILE_MARK_BIT_PORTAL)
#define WH_TILE_FLAG_TOWER   (0x04u << WH_TILE_MARK_BIT_TOWER)

/* What a feature's tags say to the rules (docs/language.md, "Marks"): the
** word, the kind of feature it marks, and its bit in wh_feature_t.marks
** (1 << its place here).  Inns & Cathedrals: an inn, a cathedral.
** Traders & Builders: the goods symbol of a city segment (wine, grain,
** cloth; one token of the kind per symbol when the city is completed).
** The Princess & the Dragon: the princess of a city segment. */
#define WH_MARK_LIST(X)                                                           \
    X(INN, "inn", ROAD) X(CATHEDRAL, "cathedral", CITY)                           \
    X(WINE, "wine", CITY) X(GRAIN, "grain", CITY) X(CLOTH, "cloth", CITY)         \
    X(PRINCESS, "princess", CITY)
enum wh_mark_bit {
#define WH_MARK_ENUM(m, word, kind) WH_MARK_BIT_##m,
    WH_MARK_LIST(WH_MARK_ENUM)
#undef WH_MARK_ENUM
    WH_N_MARKS
};
#define WH_MARK_INN       (1u << WH_MARK_BIT_INN)       /* 0x01 */
#define WH_MARK_CATHEDRAL (1u << WH_MARK_BIT_CATHEDRAL) /* 0x02 */
#define WH_MARK_WINE      (1u << WH_MARK_BIT_WINE)
#define WH_MARK_GRAIN     (1u << WH_MARK_BIT_GRAIN)
#define WH_MARK_CLOTH     (1u << WH_MARK_BIT_CLOTH)
#define WH_MARK_PRINCESS  (1u << WH_MARK_BIT_PRINCESS)
#define WH_MARK_GOODS     (WH_MARK_WINE | WH_MARK_GRAIN | WH_MARK_CLOTH)

/* One feature of a tile. */
typedef struct wh_feature {
    uint32_t name;      /* offset of its name in the string pool */
    uint8_t  kind;      /* wh_kind_t */
    uint8_t  n_squares; /* squares it covers (each counts as a tile when scoring) */
    uint16_t squares;   /* bit i: covers the tile's square i */
    uint8_t  arms;      /* coats of arms (cities) */
    uint8_t  open;      /* perimeter segments: open sides of a city, open ends of a road */
    uint8_t  n_touches; /* number of bits set in touches */
    uint8_t  marks;     /* WH_MARK_*: an inn on a road; a cathedral, goods, a princess in a city */
    uint32_t touches;   /* fields: bit j = touches feature j of this tile (a city or the area) */
} wh_feature_t;

/* One square of a footprint.  Square 0 is the tile's reference square: a
** placement names the board cell where square 0 lands. */
typedef struct wh_square {
    uint32_t name;     /* offset of its name in the string pool ("" for a 1-square tile) */
    int8_t   x, y;     /* position in the footprint as written, rotation 0 */
    int8_t   dx[4];    /* per rotation: offset from square 0 on the board */
    int8_t   dy[4];
    uint8_t  side[4];  /* per rotation-0 direction: index of its side in the tile's side slice, WH_NONE when internal */
    uint8_t  edges[4]; /* per rotation: edge type facing absolute direction d is (edges[r] >> 2*d) & 3 */
    uint8_t  shape;    /* row of the fits table: squares with the same edges[0] share it */
    uint8_t  river;    /* bit d: its side facing direction d in rotation 0 is a river */
} wh_square_t;

/* One perimeter side of a footprint, in rotation 0. */
typedef struct wh_side {
    uint8_t square;     /* index of the square in the tile's square slice */
    uint8_t dir;        /* wh_dir_t, rotation 0 */
    uint8_t edge;       /* wh_edge_t (never NONE) */
    uint8_t feature[3]; /* per wh_slot_t: local feature index, WH_NONE when the slot is unused */
} wh_side_t;

/* One tile definition (a kind of tile; `count` copies are in its pack). */
typedef struct wh_tile {
    uint32_t id;            /* string pool: "pack.id" */
    uint32_t name;          /* string pool: display name */
    uint32_t tags;          /* string pool: comma-separated tags, "" when none */
    uint8_t  pack;          /* index into the pack table */
    uint8_t  kind;          /* wh_tile_kind_t */
    uint8_t  count;         /* copies in the pack */
    uint8_t  flags;         /* WH_TILE_FLAG_* */
    uint8_t  n_squares;
    uint8_t  n_sides;
    uint8_t  n_features;
    uint8_t  reserved;      /* always 0 */
    uint32_t first_square;  /* slice of the square table */
    uint32_t first_side;    /* slice of the side table */
    uint32_t first_feature; /* slice of the feature table */
    uint32_t effect;        /* index of its effect + 1 in the effect table; 0: none */
} wh_tile_t;

/* ---- wonder effects (docs/language.md, "Effects") ---------------------- */

/* An effect is a list of handlers, each an event, a condition and a body,
** plus the rule changes the runtime honours while the wonder is on the
** board.  Conditions and bodies are expression trees in one table of the
** tile set (wh_expr_t): no wonder is known to the runtime by name, and
** nothing is interpreted from text.  Values are 32-bit integers; what an
** integer means is its type, which the compiler checked:
**   int, bool (0 or 1), player (0 .. players - 1), feature (a node of the
**   board: the runtime finds its root), meeple (an index in the game's
**   meeples), tile (an index in the game's placed tiles), square (a board
**   cell: x in the low 16 bits, y in the high 16, both signed). */
#define WH_TYPE_LIST(X)                                                           \
    X(INT, "int") X(BOOL, "bool") X(PLAYER, "player") X(FEATURE, "feature")       \
    X(MEEPLE, "meeple") X(TILE, "tile") X(SQUARE, "square")
typedef enum wh_type {
#define WH_TYPE_ENUM(t, word) WH_TYPE_##t,
    WH_TYPE_LIST(WH_TYPE_ENUM)
#undef WH_TYPE_ENUM
    WH_N_TYPES
} wh_type_t;

/* Events, with the type of the value each hands its handler (slot 0).
** Appended, never reordered: an event is a number in generated tables.
** TAKEN is heard by the wonder taken alone, before it is on the board
** (docs/language.md, "Events"). */
#define WH_EVENT_LIST(X)                                                          \
    X(TILE_PLACED, "tile_placed", TILE, "a tile is placed")                       \
    X(MEEPLE_PLACED, "meeple_placed", MEEPLE, "a meeple is placed")               \
    X(COMPLETED, "completed", FEATURE, "is completed")                            \
    X(SCORED, "scored", FEATURE, "is scored")                                     \
    X(TURN_START, "turn_start", PLAYER, "a player's turn starts")                 \
    X(TURN_END, "turn_end", PLAYER, "a player's turn ends")                       \
    X(GAME_END, "game_end", INT, "the game ends")                                 \
    X(TAKEN, "taken", PLAYER, "its owner takes this wonder from the track")
typedef enum wh_event {
#define WH_EVENT_ENUM(e, word, type, text) WH_EVENT_##e,
    WH_EVENT_LIST(WH_EVENT_ENUM)
#undef WH_EVENT_ENUM
    WH_N_EVENTS
} wh_event_t;

/* Properties, `x.NAME`: the type of x, the result's type.  Appended, never reordered:
** a property is a number in generated tables. */
#define WH_PROP_LIST(X)                                                           \
    X(KIND, "kind", FEATURE, INT, "kind")                                         \
    X(COMPLETE, "complete", FEATURE, BOOL, "complete")                            \
    X(OCCUPIED, "occupied", FEATURE, BOOL, "occupied")                            \
    X(SQUARES, "squares", FEATURE, INT, "squares")                                \
    X(ARMS, "arms", FEATURE, INT, "coats of arms")                                \
    X(INN, "inn", FEATURE, BOOL, "with an inn")                                   \
    X(CATHEDRAL, "cathedral", FEATURE, BOOL, "with a cathedral")                  \
    X(CITIES, "cities", FEATURE, INT, "completed cities it touches")              \
    X(FIGURES, "figures", FEATURE, INT, "figures on it")                          \
    X(OPEN, "open", FEATURE, INT, "open sides or ends")                           \
    X(M_PLAYER, "player", MEEPLE, PLAYER, "its player")                           \
    X(M_FIGURE, "figure", MEEPLE, INT, "its figure")                              \
    X(M_FEATURE, "feature", MEEPLE, FEATURE, "the feature it stands on")          \
    X(P_MEEPLES, "meeples", PLAYER, INT, "figures on the board")                  \
    X(P_SUPPLY, "supply", PLAYER, INT, "meeples in supply")                       \
    X(P_SCORE, "score", PLAYER, INT, "score")                                     \
    X(T_PLAYER, "player", TILE, PLAYER, "who placed it")                          \
    X(T_WONDER, "is_wonder", TILE, BOOL, "a wonder")                              \
    X(T_X, "x", TILE, INT, "column") X(T_Y, "y", TILE, INT, "row")                \
    X(S_X, "x", SQUARE, INT, "column") X(S_Y, "y", SQUARE, INT, "row")            \
    X(M_FOLLOWER, "follower", MEEPLE, BOOL, "a follower")                         \
    X(TOUCHED, "touched", FEATURE, INT, "cities it touches, complete or not")
typedef enum wh_prop {
#define WH_PROP_ENUM(p, word, of, type, text) WH_PROP_##p,
    WH_PROP_LIST(WH_PROP_ENUM)
#undef WH_PROP_ENUM
    WH_N_PROPS
} wh_prop_t;

/* The sets an aggregate runs over: every feature of some kinds on the board
** (wh_expr_t.k's bits 8..15 say which: bit k, kind k), every figure on the
** board, every player, every occupied square, every follower on the board
** (a meeple, the large meeple, the abbot: not the builder nor the pig).
** Sets are appended, never reordered: a set is a number in generated tables. */
#define WH_SET_LIST(X) X(FEATURES, FEATURE) X(MEEPLES, MEEPLE) X(PLAYERS, PLAYER) X(SQUARES, SQUARE) \
    X(FOLLOWERS, MEEPLE)
typedef enum wh_set {
#define WH_SET_ENUM(s, type) WH_SET_##s,
    WH_SET_LIST(WH_SET_ENUM)
#undef WH_SET_ENUM
    WH_N_SETS
} wh_set_t;

/* Operations of an expression node.  a, b, c are child nodes (WH_NO_EXPR
** when unused); arg and k are the operands written beside each.  Appended,
** never reordered: an operation is a number in generated tables. */
#define WH_OP_LIST(X)                                                             \
    X(CONST)     /* k */                                                          \
    X(VAR)       /* arg: slot; 0 holds the event's value, 1.. the loop variables */ \
    X(OWNER) X(CURRENT) X(WONDER) X(N_PLAYERS)                                    \
    X(COUNTER)   /* arg: the wonder's counter */                                  \
    X(TABLE)     /* arg: wh_value_by_t; k: first row of the value table; b: rows */ \
    X(NOT) X(NEG)                                                                 \
    X(ADD) X(SUB) X(MUL) X(DIV) X(MOD)                                            \
    X(EQ) X(NE) X(LT) X(LE) X(GT) X(GE) X(AND) X(OR)                              \
    X(PROP)      /* arg: wh_prop_t of a */                                        \
    X(HAS)       /* a figure of player b stands on feature a */                   \
    X(WINS)      /* player b is among those with most strength on feature a */    \
    X(DIST)      /* the fewest king's moves between a square of a and one of b;   \
                    arg: a's wh_type_t | b's << 4 */                              \
    X(AROUND)    /* a square of a is one of the 8 around a square of b; arg: as DIST */ \
    X(LINES)     /* rows and columns holding a run of k occupied squares */       \
    X(COUNT)     /* arg: slot; k: wh_set_t | kinds << 8; a: filter (bool) */       \
    X(SUM)       /* as COUNT; b: the value summed */                              \
    X(MAX)       /* as SUM; c: the value of an empty set */                       \
    X(MIN)                                                                        \
    X(SEQ)       /* statement a, then statements b */                             \
    X(SCORE)     /* a points to player b (WH_NO_EXPR: the owner) */               \
    X(ADD_TO)    /* counter arg += a */                                           \
    X(SET)       /* counter arg = a */                                            \
    X(IF)        /* a ? b : c (statements) */                                      \
    X(TOUCHES)   /* field a borders city b, complete or not */
typedef enum wh_op {
#define WH_OP_ENUM(o) WH_OP_##o,
    WH_OP_LIST(WH_OP_ENUM)
#undef WH_OP_ENUM
    WH_N_OPS
} wh_op_t;

#define WH_NO_EXPR    0xFFFFu
#define WH_MAX_SLOTS  3  /* the event's value and two nested loops */
#define WH_MAX_DEPTH  32 /* nodes on the longest path from a handler's root */
#define WH_MAX_COUNTERS 4 /* counters one wonder keeps */
#define WH_MAX_HANDLERS 8 /* handlers of one effect (a bit each in the once-limits) */
#define WH_MAX_HAND   4  /* tiles a hand rule may draw */
#define WH_MAX_RESERVE 3 /* king's moves a reserve rule may keep for the owner */
#define WH_SCORE_LIMIT (1 << 20) /* no statement may pay or take more at once */
#define WH_COUNTER_LIMIT 65535  /* a counter stays within +-this: a statement that would
                                   move it past stops with nothing changed */

/* One node of an expression tree. */
typedef struct wh_expr {
    uint8_t  op;      /* wh_op_t */
    uint8_t  arg;
    uint16_t a, b, c; /* children: indexes in the tile set's expression table */
    int32_t  k;
} wh_expr_t;

/* Handler flags. */
#define WH_HANDLER_AT_ONCE   0x01u /* runs from the placing turn (`starts now`); else from the
                                      owner's next turn.  Game-end handlers always run. */
#define WH_HANDLER_ONCE_TURN 0x02u /* runs at most once a turn */
#define WH_HANDLER_ONCE_GAME 0x04u /* runs at most once a game */

/* One handler: at `event` (for a feature event, only of `kinds`), when the
** condition holds, run the body. */
typedef struct wh_handler {
    uint8_t  event; /* wh_event_t */
    uint8_t  kinds; /* COMPLETED, SCORED: bit k for feature kind k; else 0 */
    uint8_t  flags; /* WH_HANDLER_* */
    uint8_t  index; /* its place in its effect: its bit in the once-limits */
    uint16_t when;  /* the condition (bool), WH_NO_EXPR for none */
    uint16_t body;  /* the statements */
} wh_handler_t;

/* What to do with the tiles of a hand rule the owner did not choose. */
#define WH_HAND_REST_LIST(X) X(KEEP, "keep", "kept for the next turn") X(BOTTOM, "bottom", "put under the pile")
typedef enum wh_hand_rest {
#define WH_HAND_REST_ENUM(r, word, text) WH_HAND_##r,
    WH_HAND_REST_LIST(WH_HAND_REST_ENUM)
#undef WH_HAND_REST_ENUM
    WH_N_HAND_RESTS
} wh_hand_rest_t;

/* Whose figures a forbid rule refuses: `rule forbid others ...;` (the
** owner's still go), `rule forbid everyone ...;`. */
#define WH_FORBID_LIST(X) X(OTHERS, "others", "other players") X(EVERYONE, "everyone", "nobody")
typedef enum wh_forbid {
    WH_FORBID_NONE,
#define WH_FORBID_ENUM(f, word, text) WH_FORBID_##f,
    WH_FORBID_LIST(WH_FORBID_ENUM)
#undef WH_FORBID_ENUM
    WH_N_FORBIDS
} wh_forbid_t;

/* When a weight rule's weights count: always, in the majorities of features
** completed during the game, or in the final scoring's. */
#define WH_WEIGHT_PHASE_LIST(X) X(DURING, "during", "during the game") X(FINAL, "final", "in the final scoring")
typedef enum wh_weight_phase {
    WH_WEIGHT_ALWAYS,
#define WH_WEIGHT_PHASE_ENUM(p, word, text) WH_WEIGHT_##p,
    WH_WEIGHT_PHASE_LIST(WH_WEIGHT_PHASE_ENUM)
#undef WH_WEIGHT_PHASE_ENUM
    WH_N_WEIGHT_PHASES
} wh_weight_phase_t;

/* Effect flags, computed by the compiler. */
#define WH_EFFECT_WATCHES_FIGURES 0x01u /* some handler runs at meeple_placed or scored, or some
                                           expression reads figures (a meeples set, occupied,
                                           figures, has, wins, a meeple's or a player's
                                           properties, a player's supply or meeples): where
                                           figures stand may change what it pays
                                           (runtime/outcomes.c) */
#define WH_EFFECT_AT_ONCE 0x02u /* `starts now`: its rule changes hold from the moment it is placed,
                                   not from the owner's next turn (its handlers carry
                                   WH_HANDLER_AT_ONCE) */
#define WH_EFFECT_AT_TAKING 0x04u /* `starts taken`: as WH_EFFECT_AT_ONCE (which it comes with), and
                                     its rules of the owner's figures alone -- the supply, a weight
                                     without a place or phase -- hold from the moment the owner
                                     takes it from the track (wh_match_take) */

/* One wonder's effect: its handlers, its counters and its rule changes,
** each of which holds from the owner's next turn. */
typedef struct wh_effect {
    uint16_t first_handler; /* slice of the handler table */
    uint8_t  n_handlers;
    uint8_t  n_counters;
    uint16_t counter_init;  /* CONST nodes giving the counters' first values, in order */
    uint8_t  flags;         /* WH_EFFECT_* */
    uint8_t  hand;          /* rule hand: the owner draws this many tiles (0: no rule) */
    uint8_t  hand_rest;     /* wh_hand_rest_t */
    uint8_t  supply;        /* rule supply: meeples added to the owner's supply */
    uint8_t  weight[3];     /* rule weight: per wh_figure_t of the three followers (meeple, large,
                               abbot), its strength in majorities for the owner (0: unchanged) */
    uint8_t  reserve;       /* rule reserve: only the owner may place a tile with a square
                               within this many king's moves of the wonder (0: no rule) */
    uint8_t  forbid;        /* rule forbid: whose figures may not be placed (wh_forbid_t;
                               WH_FORBID_NONE: no rule) ... */
    uint8_t  forbid_kinds;  /* ... on a feature of these kinds (bit k: kind k; 0: any) ... */
    uint8_t  forbid_within; /* ... whose part on the tile has a square within this many king's
                               moves of the wonder (WH_NONE: anywhere) */
    uint8_t  weight_kinds;  /* where the weights hold: features of these kinds (0: any) ... */
    uint8_t  weight_within; /* ... with a square within this many king's moves of the wonder
                               (WH_NONE: anywhere) ... */
    uint8_t  weight_phase;  /* ... in the majorities of this wh_weight_phase_t */
    uint32_t counter_names; /* string pool: the counters' names in order, comma-separated ("": none),
                               for what prints an effect (the runtime does not read it) */
} wh_effect_t;

/* Where a value table's value comes from. */
typedef enum wh_value_by { WH_VALUE_BY_PLAYERS, WH_VALUE_BY_TILES } wh_value_by_t;

/* A row of a value table: `value` when lo <= n <= hi. */
typedef struct wh_effect_value {
    int16_t lo, hi, value;
} wh_effect_value_t;

/* A pack: the tiles of one box or set. */
typedef struct wh_pack {
    uint32_t id;         /* string pool */
    uint32_t name;       /* string pool: display name */
    uint32_t first_tile; /* slice of the tile table */
    uint32_t n_tiles;
} wh_pack_t;

/* ---- drawings (docs/language.md, "Pictures") ------------------------------ */

/* What a row of the path table draws.  The compiler derives every tile's
** drawing once from its planar model; `wonderc show`, the gallery and
** `wonders board` all draw from these rows, so a tile looks the same
** everywhere.  Path data is SVG path syntax (M, L, Q, Z, absolute) in the
** tile's own units, rotation 0: square (x, y) of the footprint covers
** [100x, 100x + 100] by [100y, 100y + 100].  A symbol is drawn upright by
** the renderer at (x, y) and has no path data; a tunnel row alone among
** them has path data, the stretch of its road that runs underground.
** Roles are appended, never reordered: a row's role is a number in
** generated tables. */
#define WH_PATH_ROLE_LIST(X)                                                     \
    X(OUTLINE, "outline")     /* the footprint: ground below, border above */   \
    X(REGION, "region")       /* a city, field or area: filled */               \
    X(WALL, "wall")           /* a city's wall: its border inside the tile */   \
    X(LINE, "line")           /* a road's or river's centre line: stroked */    \
    X(MONASTERY, "monastery") X(GARDEN, "garden") X(JUNCTION, "junction")       \
    X(INN, "inn") X(CATHEDRAL, "cathedral") X(ARMS, "arms")                     \
    X(EMBLEM, "emblem")       /* the wonder's area */                          \
    X(WINE, "wine") X(GRAIN, "grain") X(CLOTH, "cloth") /* a city's goods */    \
    X(PRINCESS, "princess")   /* on her city */                                 \
    X(VOLCANO, "volcano") X(DRAGON, "dragon") X(PORTAL, "portal") /* tile's */  \
    X(TUNNEL, "tunnel")       /* a road's part under a city: path data */      \
    X(TOWER, "tower")         /* a tower foundation (The Tower): tile's */
typedef enum wh_path_role {
#define WH_PATH_ROLE_ENUM(r, word) WH_PATH_##r,
    WH_PATH_ROLE_LIST(WH_PATH_ROLE_ENUM)
#undef WH_PATH_ROLE_ENUM
    WH_N_PATH_ROLES
} wh_path_role_t;

/* One row of a tile's drawing.  For a REGION or LINE row, (x, y) is the
** feature's label point: inside its region, or on its line, with `room`
** tile units of the feature around it -- where a meeple stands and where
** its name is written. */
typedef struct wh_path {
    uint32_t d;       /* offset of the path data in the path pool; 0: none */
    uint8_t  feature; /* local feature index; WH_NONE: the tile's own (outline, junction) */
    uint8_t  kind;    /* the feature's wh_kind_t; WH_NONE with no feature */
    uint8_t  role;    /* wh_path_role_t */
    uint8_t  reserved; /* always 0 */
    int16_t  x, y;    /* label point or symbol centre, tile units */
    uint16_t room;    /* free radius around (x, y) inside the feature, tile units */
    uint16_t spare;   /* always 0 */
} wh_path_t;

/* A complete tile set: the generated tables, or the compiler's in-memory
** copy of them.  The only structure with pointers; everything it points at
** is indexed. */
/* Which rotations of a square fit an empty cell: fits[shape * 256 + c] has
** bit r set when the square, turned r, shows every edge the cell requires.
** A requirement c packs 2 bits per absolute direction d at bits 2d: 0 when
** no neighbour is there, else the neighbour's edge type -- the same packing
** as wh_square_t.edges.  One row per distinct edge pattern (shape). */
#define WH_FIT_ROW 256

typedef struct wh_tileset {
    const char         *strings; /* string pool: NUL-terminated strings at offsets */
    const uint8_t      *fits;    /* n_shapes rows of WH_FIT_ROW */
    const wh_pack_t    *packs;
    const wh_tile_t    *tiles;
    const wh_square_t  *squares;
    const wh_side_t    *sides;
    const wh_feature_t *features;
    const wh_effect_t  *effects;
    const wh_effect_value_t *effect_values;
    const wh_handler_t *handlers;
    const wh_expr_t    *exprs;
    uint32_t n_packs, n_tiles, n_squares, n_sides, n_features;
    uint32_t strings_size;
    uint32_t n_shapes;
    uint32_t n_effects, n_effect_values, n_handlers, n_exprs;
    /* Drawings, appended in 5.0.0: tile t's rows are paths[tile_paths[t] ..
    ** tile_paths[t + 1]) (n_tiles + 1 offsets); their path data is in the
    ** pool path_data (NUL-terminated strings at offsets, 0 the empty one). */
    const wh_path_t    *paths;
    const uint32_t     *tile_paths;
    const char         *path_data;
    uint32_t n_paths, path_data_size;
} wh_tileset_t;

#endif /* WH_TABLES_H */
