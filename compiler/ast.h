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

#define WC_MAX_ARMS 255 /* coats of arms of one city of a tile (the tables' arms are 8 bits) */

typedef struct wc_feature {
    int      kind;    /* wh_kind_t */
    wc_name  name;
    wc_loc   at;
    wc_ref  *sides;   /* perimeter segments */
    wc_ref  *crosses; /* internal sides the feature crosses */
    wc_name_item *on; /* squares it occupies without touching a side */
    wc_name_item *squares; /* explicit span, checked against what it touches */
    bool     has_squares;
    wc_int   arms;     /* 0 .. WC_MAX_ARMS */
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
    WC_Q_PACKS,      /* packs (tile set only) */
    WC_Q_TILES_MARKED /* copies showing a tile symbol (tiles_with(volcano)) */
} wc_quantity;

/* Feature properties usable in `where` filters and `name.prop`. */
#define WC_PROP_LIST(X) \
    X(SQUARES, "squares") X(OPEN, "open") X(ARMS, "arms") X(TOUCHES, "touches") X(INN, "inn") \
    X(CATHEDRAL, "cathedral") X(WINE, "wine") X(GRAIN, "grain") X(CLOTH, "cloth") X(PRINCESS, "princess")
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
    wc_name     feature; /* PROPERTY: the feature's name; TILES_MARKED: the symbol */
    wc_name     prop;    /* PROPERTY: the property */
    wc_filter  *filters; /* COUNT: `where` filters */
    wc_int      value;
    wc_loc      at;      /* the quantity as written */
    struct wc_expect *next;
} wc_expect;

/* A row of a value table: `3..4: 3`; lo or hi may be open. */
typedef struct wc_value_row {
    bool   has_lo, has_hi;
    wc_int lo, hi, value;
    wc_loc at;
    struct wc_value_row *next;
} wc_value_row;

/* ---- effects (docs/design/effects.md, "The language") ------------------ */

/* What an expression node is, as written; the checker gives it a type and
** lowers it to wh_expr_t nodes. */
typedef enum wc_ex_kind {
    WC_EX_INT,     /* num */
    WC_EX_NAME,    /* name: a variable, a counter, a kind or figure word, true, false */
    WC_EX_PROP,    /* a.name */
    WC_EX_METHOD,  /* a.name(b): has, wins */
    WC_EX_UNARY,   /* op (WH_OP_NEG, WH_OP_NOT) a */
    WC_EX_BINARY,  /* a op b */
    WC_EX_AGG,     /* op (COUNT, SUM, MAX, MIN) over the set `name var where a`; value b; else c */
    WC_EX_PAIR,    /* op (DIST, AROUND) (a, b) */
    WC_EX_LINES,   /* lines(num) */
    WC_EX_TABLE    /* players(rows) (num.value 0) or tiles(rows) (1) */
} wc_ex_kind;

typedef struct wc_expr {
    wc_ex_kind kind;
    int        op;         /* wh_op_t */
    wc_name    name;       /* NAME, PROP, METHOD: the name; AGG: the set word */
    wc_name    var;        /* AGG: the loop variable */
    wc_int     num;
    struct wc_expr *a, *b, *c;
    wc_value_row *rows;    /* TABLE */
    wc_loc     at;         /* the whole expression */
    wc_loc     op_at;      /* the operator or the function's name */
} wc_expr;

typedef enum wc_stmt_kind { WC_ST_SCORE, WC_ST_ADD, WC_ST_SET, WC_ST_IF } wc_stmt_kind;

typedef struct wc_stmt {
    wc_stmt_kind kind;
    wc_expr *a;               /* SCORE: points; ADD, SET: the value; IF: the condition */
    wc_expr *to;              /* SCORE: the player paid, NULL for the owner */
    wc_name  counter;         /* ADD, SET */
    struct wc_stmt *then, *els; /* IF */
    wc_loc   at;              /* the keyword */
    struct wc_stmt *next;
} wc_stmt;

/* `on EVENT [if EXPR] [once per turn|game] { ... }` */
typedef struct wc_handler {
    wc_name  event;
    bool     has_arg;         /* written with parentheses */
    wc_name  kind;            /* completed(KIND v): n == 0 when not written */
    wc_name  var;             /* the event's variable; n == 0 when none */
    wc_expr *when;
    bool     has_limit;
    wc_name  per, limit;      /* once PER LIMIT */
    wc_stmt *body;
    wc_loc   at;              /* `on` through the event */
    struct wc_handler *next;
} wc_handler;

typedef struct wc_counter_decl {
    wc_name  name;
    bool     has_init;
    wc_int   init;
    struct wc_counter_decl *next;
} wc_counter_decl;

/* `rule WHAT [WORD] [INT] [WORD];`: hand N keep|bottom, supply N, weight FIGURE N, reserve N. */
#define WC_MAX_RULE_ARGS 8 /* words and numbers after a rule's name */

/* One word or number of a rule, as written. */
typedef struct wc_rule_arg {
    bool    is_num;
    wc_name word;             /* when !is_num */
    wc_int  num;              /* when is_num */
} wc_rule_arg;

typedef struct wc_rule {
    wc_name  what;
    wc_rule_arg args[WC_MAX_RULE_ARGS]; /* what follows the rule's name, in order */
    int      n_args;          /* may pass WC_MAX_RULE_ARGS: those past it are not kept */
    /* the shapes of hand, supply, weight and reserve, read from args */
    wc_name  word;            /* weight: the figure; n == 0 when none */
    bool     has_num;
    wc_int   num;
    wc_name  rest;            /* hand: keep or bottom; n == 0 when none */
    wc_loc   at;
    struct wc_rule *next;
} wc_rule;

/* A wonder's `effect { ... }` block. */
typedef struct wc_effect {
    wc_loc   at;
    bool     has_starts;
    wc_name  starts;          /* now, next_turn */
    wc_loc   starts_at;
    wc_counter_decl *counters, **counters_tail;
    wc_rule    *rules, **rules_tail;
    wc_handler *handlers, **handlers_tail;
    bool     is_none;         /* effect { none; }: the wonder has no effect, said on purpose */
    wc_loc   none_at;
    unsigned items;           /* every item, `none` included */
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
