/*
** parse.h -- turn one source file into syntax-tree packs.
**
** The flex scanner and the bison parser are both reentrant and share this
** one context, so any number of files can be parsed in one process.
*/
#ifndef WC_PARSE_H
#define WC_PARSE_H

#include "ast.h"
#include "check.h"

/* Limits enforced while parsing (docs/language.md, "Limits"). */
#define WC_MAX_NAME_BYTES   64u    /* identifiers */
#define WC_MAX_STRING_BYTES 256u   /* display names */
#define WC_MAX_TILES_FILE   50000u /* tile definitions in one file */
#define WC_MAX_NUMBER       1000000L

typedef struct wc_parser {
    void       *scanner;  /* the flex scanner (yyscan_t) */
    wc_diag    *diag;
    wc_arena   *persist;  /* packs, pack facts, display names: kept to the end */
    wc_arena   *tile_arena; /* the current tile's tree: reset once it is checked */
    wc_checker *checker;  /* receives each tile and pack as it is completed */
    wc_tile    *pending;  /* parsed, not yet checked: a stray '}' may still damage it */
    wc_program *program;
    uint32_t    file;     /* index of the source being parsed */
    const char *text;     /* its text */
    uint32_t    offset;   /* the scanner's byte position */
    unsigned    n_tiles;  /* tiles seen in this file */
    wc_pack    *pack;     /* the pack being parsed, NULL outside one */
    wc_tile    *tile;     /* the tile being parsed, NULL outside one */
    wc_tile    *last_tile; /* the tile parsed last, blamed for a stray '}' */
    unsigned    tokens;   /* tokens read by the parser so far */
    unsigned    quiet_token; /* a syntax error at this token or before was already explained (0: none) */
    wc_square  *square;   /* the square block being parsed */
    wc_feature *feature;  /* the feature block being parsed */
    wc_effect  *effect;   /* the effect block being parsed */
    wc_rule    *rule;     /* the rule of it being parsed */
    wc_handler *handler;  /* the effect's handler being parsed */
    wc_expect **pack_expects_tail;
    wc_tileset_decl *tileset; /* the tileset block being parsed, NULL outside one */
    wc_expect **set_expects_tail;
    bool        defined_something; /* this file declared a pack or a tileset */
    uint32_t    brace_at[64]; /* where each open '{' is, innermost last (the first 64) */
    unsigned    brace_depth;
    unsigned    error_depth; /* brace_depth at the last syntax error */
    uint32_t    last_start, last_end; /* the token read last, and the one before it */
    uint32_t    prev_start, prev_end;
    unsigned    braces_missing; /* '}' reported missing: the braces still open at the end are theirs */
    bool        effect_next; /* the last token was `effect`: its '{' starts the effect's words */
    unsigned    effect_depth; /* brace_depth inside the effect block being scanned, 0 outside */
    wc_square **squares_tail;
    wc_feature **features_tail;
    wc_expect **tile_expects_tail;
    wc_edge_decl **edges_tail;
} wc_parser;

/**
 * Record that an error was reported inside the current tile and pack:
 * their semantic checks would only report its consequences, so they are
 * skipped.  Called by the scanner and the parser at every error.
 */
void wc_parser_damaged(wc_parser *p);

/** Start an empty program. */
void wc_program_init(wc_program *prog);

/**
 * Parse source @p file of @p d, appending its packs to @p prog and handing
 * every tile and pack to @p checker as soon as it is complete.  Syntax
 * errors are reported to @p d and parsing continues after each one.  A
 * tile's tree lives in @p tile_arena only until it has been checked; packs
 * and their facts live in @p persist.
 * @returns @c true when the file had no syntax error.
 */
bool wc_parse(wc_diag *d, wc_arena *persist, wc_arena *tile_arena, wc_program *prog, uint32_t file,
              wc_checker *checker);

#endif
