/*
** ast.h -- the syntax tree of a .tiles file, as the parser builds it.
**
** Every node lives in the compilation's arena.  Names are pointers into the
** retained source text with a length (no copies); every node carries the
** location it came from so that semantic checks can point at it.
*/
#ifndef WC_AST_H
#define WC_AST_H

#include "../runtime/tables.h"
#include "arena.h"
#include "diag.h"

#include <stdbool.h>

/* A name as written: a slice of the source text. */
typedef struct wc_name {
    const char *p;
    uint32_t    n;
    wc_loc      at;
} wc_name;

/* An integer literal with its location. */
typedef struct wc_int {
    long   value;
    wc_loc at;
} wc_int;

/* A list of names, e.g. `touches c1, w;`.  Singly linked, in source order. */
typedef struct wc_name_item {
    wc_name name;
    struct wc_name_item *next;
} wc_name_item;

/* A side or half-side reference: `tl:NL`, or just `NL` on a 1-square tile. */
typedef struct wc_ref {
    wc_name square; /* n == 0 when omitted */
    wc_name side;
    wc_loc  at;     /* the whole reference */
    struct wc_ref *next;
} wc_ref;

/* One `N city;` line inside a square block. */
typedef struct wc_edge_decl {
    wc_name side;
    int     edge; /* wh_edge_t */
    wc_loc  at;
    struct wc_edge_decl *next;
} wc_edge_decl;

typedef struct wc_square {
    wc_name name;       /* n == 0 when unnamed (1-square tiles) */
    bool    has_coords;
    wc_int  x, y;
    wc_loc  at;         /* the `square` keyword through its header */
    wc_edge_decl *edges;
    struct wc_square *next;
} wc_square;

/* A road junction (a village or crossing): a compiler-only object that roads
** end at.  It joins them in the geometry model and is never lowered into
** the runtime tables. */
#define WC_KIND_JUNCTION WH_N_KINDS

typedef struct wc_feature {
    int      kind;    /* wh_kind_t */
    wc_name  name;
    wc_loc   at;
    wc_ref  *sides;   /* perimeter segments */
    wc_ref  *crosses; /* internal sides the feature crosses */
    wc_name_item *on; /* squares it occupies without touching a side */
    wc_name_item *squares; /* explicit span, checked against what it touches */
    bool     has_squares;
    wc_int   arms;
    bool     has_arms;
    wc_name_item *touches;   /* declared borders; derived when absent */
    wc_name_item *ends;      /* objects a road ends at, or a city is closed by */
    wc_name_item *separated; /* borders the outline implies but the printed art breaks */
    wc_name_item *tags;
    struct wc_feature *next;
} wc_feature;

/* What an `expect` statement measures. */
typedef enum wc_quantity {
    WC_Q_SQUARES,    /* squares of the tile; pack: squares of all copies */
    WC_Q_TILES,      /* copies */
    WC_Q_KINDS,      /* tile definitions (pack only) */
    WC_Q_ARMS,       /* coats of arms */
    WC_Q_COUNT,      /* features of a kind, optionally filtered */
    WC_Q_EDGES,      /* perimeter sides of an edge type */
    WC_Q_TILES_WITH, /* copies having at least one feature of a kind */
    WC_Q_PROPERTY,   /* name.prop: one feature's property (tile only) */
    WC_Q_WONDERS,    /* wonder tiles (pack and tile set) */
    WC_Q_PACKS       /* packs (tile set only) */
} wc_quantity;

/* Feature properties usable in `where` filters and `name.prop`. */
#define WC_PROP_LIST(X) \
    X(SQUARES, "squares") X(OPEN, "open") X(ARMS, "arms") X(TOUCHES, "touches") X(INN, "inn") \
    X(CATHEDRAL, "cathedral")
typedef enum wc_prop {
#define WC_PROP_ENUM(p, word) WC_PROP_##p,
    WC_PROP_LIST(WC_PROP_ENUM)
#undef WC_PROP_ENUM
    WC_N_PROPS
} wc_prop;

typedef struct wc_filter {
    wc_name prop; /* resolved to wc_prop by the checker */
    wc_int  value;
    struct wc_filter *next;
} wc_filter;

typedef struct wc_expect {
    wc_quantity quantity;
    int         arg;     /* wh_kind_t for COUNT/TILES_WITH, wh_edge_t for EDGES */
    wc_name     feature; /* PROPERTY: the feature's name */
    wc_name     prop;    /* PROPERTY: the property */
    wc_filter  *filters; /* COUNT: `where` filters */
    wc_int      value;
    wc_loc      at;      /* the quantity as written */
    struct wc_expect *next;
} wc_expect;

/* A condition as written: `occupied`, `squares >= 3`, `run >= 7`. */
typedef struct wc_cond {
    wc_name name;
    bool    has_value;
    wc_int  value;
    struct wc_cond *next;
} wc_cond;

/* A row of a value table: `3..4: 3`; lo or hi may be open. */
typedef struct wc_value_row {
    bool   has_lo, has_hi;
    wc_int lo, hi, value;
    wc_loc at;
    struct wc_value_row *next;
} wc_value_row;

/* A wonder's `effect { ... }` block. */
typedef struct wc_effect {
    wc_loc   at;
    bool     has_trigger;
    wc_name  trigger;          /* meeple_placed, completed, scored, game_end */
    int      trigger_kind;     /* wh_kind_t, or -1 when not written */
    wc_loc   trigger_at;
    wc_cond *conditions;
    wc_loc   conditions_at;
    bool     has_score;
    wc_loc   score_at;
    bool     value_is_table;
    wc_int   constant;
    wc_name  table;            /* players, tiles */
    wc_value_row *rows;
    bool     has_counter;
    wc_name  counter;          /* n == 0 in the KIND form */
    int      counter_kind;     /* wh_kind_t, or -1 */
    wc_loc   counter_at;
    wc_cond *counter_conditions;
    wc_name  frequency;        /* once, each; n == 0 when not written */
    bool     has_hand;
    bool        is_none;      /* effect { none; }: the wonder has no effect, said on purpose */
    wc_int   hand;
    int      blocks;           /* how many effect blocks the tile has */
} wc_effect;

typedef struct wc_tile {
    int      kind; /* wh_tile_kind_t */
    wc_name  id;
    char    *name; /* display name, unescaped */
    wc_loc   name_at;
    wc_loc   at;
    bool     has_count;
    wc_int   count;
    wc_name_item *tags;
    wc_square  *squares;
    wc_feature *features;
    wc_expect  *expects;
    wc_effect  *effect;
    bool     syntax_error; /* recovery skipped part of it: do not check it */
    struct wc_tile *next;
} wc_tile;

typedef struct wc_pack {
    wc_name   id;
    char     *name;
    wc_loc    name_at;
    wc_loc    at;
    wc_expect *expects;
    bool      syntax_error; /* its facts would count a damaged pack: skip them */
    struct wc_pack *next;
} wc_pack;

/* The `tileset` block: facts about every pack of every file together. */
typedef struct wc_tileset_decl {
    char      *name;
    wc_loc     at;
    wc_expect *expects;
    bool       syntax_error;
} wc_tileset_decl;

/* Everything parsed from all input files, in order. */
typedef struct wc_program {
    wc_pack *packs;
    wc_pack **packs_tail;
    wc_tileset_decl *tileset; /* the first one; NULL when no file has one */
} wc_program;

/** True when @p name is spelled exactly @p s. */
bool wc_name_is(wc_name name, const char *s);

/** True when two names are spelled the same. */
bool wc_name_eq(wc_name a, wc_name b);

#endif
