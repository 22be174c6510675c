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

/* What a feature's tags say to the rules (docs/language.md, "Marks"). */
#define WH_MARK_INN       0x01u /* a road with an inn (Inns & Cathedrals) */
#define WH_MARK_CATHEDRAL 0x02u /* a city with a cathedral (Inns & Cathedrals) */

/* One feature of a tile. */
typedef struct wh_feature {
    uint32_t name;      /* offset of its name in the string pool */
    uint8_t  kind;      /* wh_kind_t */
    uint8_t  n_squares; /* squares it covers (each counts as a tile when scoring) */
    uint16_t squares;   /* bit i: covers the tile's square i */
    uint8_t  arms;      /* coats of arms (cities) */
    uint8_t  open;      /* perimeter segments: open sides of a city, open ends of a road */
    uint8_t  n_touches; /* number of bits set in touches */
    uint8_t  marks;     /* WH_MARK_*: an inn on a road, a cathedral in a city */
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

/* When an effect is considered. */
#define WH_TRIGGER_LIST(X)                                                        \
    X(MEEPLE_PLACED, "meeple_placed", "when its owner places a meeple")           \
    X(COMPLETED, "completed", "when its owner completes a")                       \
    X(SCORED, "scored", "when anyone's completed")                                \
    X(GAME_END, "game_end", "at the end of the game")                             \
    X(DRAW, "draw", "when its owner draws tiles")
typedef enum wh_trigger {
#define WH_TRIGGER_ENUM(t, word, text) WH_TRIGGER_##t,
    WH_TRIGGER_LIST(WH_TRIGGER_ENUM)
#undef WH_TRIGGER_ENUM
    WH_N_TRIGGERS
} wh_trigger_t;

/* Conditions, as bits: on the triggering feature or meeple, or on the
** features a counter counts. */
#define WH_COND_LIST(X)                                                           \
    X(OCCUPIED, "occupied", "occupied")                                           \
    X(UNOCCUPIED, "unoccupied", "unoccupied")                                     \
    X(OWNER_IN, "owner_in", "holding a meeple of the owner")                      \
    X(COMPLETE, "complete", "complete")                                           \
    X(INCOMPLETE, "incomplete", "incomplete")                                     \
    X(NEAR_MONASTERY, "near_monastery", "on one of the 8 squares around a monastery") \
    X(AFTER_PLACEMENT, "after_placement_turn", "from its owner's next turn")
typedef enum wh_cond {
#define WH_COND_ENUM(c, word, text) WH_COND_##c,
    WH_COND_LIST(WH_COND_ENUM)
#undef WH_COND_ENUM
    WH_N_CONDS
} wh_cond_t;

/* What an amount is multiplied by. */
#define WH_COUNTER_LIST(X)                                                        \
    X(ONE, "one", "")                                                             \
    X(OWNER_MEEPLES, "owner_meeple", "for each of the owner's meeples in a")      \
    X(OTHER_MEEPLES, "other_meeple", "for each other player's meeple in a")       \
    X(OWNER_FARMERS, "owner_farmer", "for each of the owner's farmers")           \
    X(FEATURES, "feature", "for each")                                            \
    X(LINES, "line", "for each row and each column holding a run of occupied squares")
typedef enum wh_counter {
#define WH_COUNTER_ENUM(c, word, text) WH_COUNTER_##c,
    WH_COUNTER_LIST(WH_COUNTER_ENUM)
#undef WH_COUNTER_ENUM
    WH_N_COUNTERS
} wh_counter_t;

/* Where an amount's value comes from. */
typedef enum wh_value_by { WH_VALUE_CONSTANT, WH_VALUE_BY_PLAYERS, WH_VALUE_BY_TILES } wh_value_by_t;

/* One wonder's effect. */
typedef struct wh_effect {
    uint8_t  trigger;            /* wh_trigger_t */
    uint8_t  trigger_kind;       /* COMPLETED, SCORED: the feature kind; else WH_NONE */
    uint8_t  conditions;         /* bit c: condition c must hold for the trigger */
    uint8_t  min_squares;        /* the triggering feature covers at least this many squares */
    uint8_t  counter;            /* wh_counter_t */
    uint8_t  counter_kind;       /* OWNER_MEEPLES, OTHER_MEEPLES, FEATURES: the kind; else WH_NONE */
    uint8_t  counter_conditions; /* bits the counted features must meet */
    uint8_t  counter_min;        /* FEATURES: at least this many squares; LINES: run length */
    uint8_t  value_by;           /* wh_value_by_t */
    uint8_t  once;               /* 1: at most once per trigger, however many monasteries */
    uint8_t  hand;               /* DRAW: tiles the owner chooses from */
    uint8_t  reserved;           /* always 0 */
    int16_t  constant;           /* CONSTANT: the points */
    uint16_t first_value;        /* BY_PLAYERS, BY_TILES: slice of the value table */
    uint16_t n_values;
    uint16_t reserved2;          /* always 0 */
} wh_effect_t;

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
    uint32_t n_packs, n_tiles, n_squares, n_sides, n_features;
    uint32_t strings_size;
    uint32_t n_shapes;
    uint32_t n_effects, n_effect_values;
} wh_tileset_t;

#endif /* WH_TABLES_H */
