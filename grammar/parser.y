/*
** parser.y -- grammar of the tile language (docs/language.md).
**
** Pure parser; its one parameter is the wc_parser context shared with the
** scanner.  Nodes go into the context's arena, so error recovery never frees
** anything: an `error ';'` rule at every statement boundary resynchronises,
** marks the enclosing tile as damaged (it is then not checked), and parsing
** goes on to report the next problem.
*/
%require "3.8"
%define api.pure full
%define api.location.type {wc_span}
%define parse.error custom
/* Default reductions only in consistent states: a syntax error is then
** found in the state that knows what was expected, so "expected ..." lists
** are exact without LAC, which cost 28% of `wonderc check` (measured on the
** 10,000-tile benchmark input; docs/performance.md). */
%define parse.lac none
%define lr.default-reduction consistent
%locations
%expect 0

%param {struct wc_parser *p}

%code requires {
#include "../compiler/ast.h"
struct wc_parser;
/* A location is a byte span in the file being parsed. */
typedef struct wc_span { uint32_t start, end; } wc_span;
#define YYLLOC_DEFAULT(Cur, Rhs, N)                           \
    do {                                                      \
        if (N) {                                              \
            (Cur).start = YYRHSLOC(Rhs, 1).start;             \
            (Cur).end = YYRHSLOC(Rhs, N).end;                 \
        } else {                                              \
            (Cur).start = (Cur).end = YYRHSLOC(Rhs, 0).end;   \
        }                                                     \
    } while (0)
}

%union {
    wc_name name;
    wc_int  num;
    char   *str;
    int     kind;
    wc_expect *expect;
    struct { wc_name_item *head, *tail; } names;
    struct { wc_ref *head, *tail; } refs;
    struct { wc_filter *head, *tail; } filters;
    struct { wc_value_row *head, *tail; } rows;
    wc_value_row *row;
    wc_expr *expr;
    struct { wc_stmt *head, *tail; } stmts;
    wc_stmt *stmt;
    wc_ref *ref;
}

%code {
#include "../compiler/names.h"
#include "../compiler/parse.h"
#include "lexer.h"

#include <string.h>

#define LOC(s) ((wc_loc){p->file, (s).start, (s).end})
#define YYMAXDEPTH 10000 /* bison's default, named here for the message that reports it */
/* The text of a keyword token, for keywords that double as names. */
#define KEYWORD_NAME(s) ((wc_name){p->text + (s).start, (s).end - (s).start, LOC(s)})

static int yylex(YYSTYPE *lval, YYLTYPE *lloc, struct wc_parser *p)
{
    int token = wc_yylex(lval, lloc, p->scanner);
    p->tokens++;
    p->prev_start = p->last_start; /* for a '}' found missing before the token read now */
    p->prev_end = p->last_end;
    p->last_start = lloc->start;
    p->last_end = lloc->end;
    p->effect_next = token == EFFECT; /* the scanner's cue for the effect's words */
    return token;
}

/* Recovery stopped at a ';' inside a block that began after the error (a
** misspelt "sqare { N field; }"): drop the rest of that block here, or its
** '}' would close the enclosing one and bring a second, spurious error.
** No lookahead is pending (the error rules reduce by default), so the
** tokens are read straight from the scanner; the normal path pays nothing. */
static void resync(struct wc_parser *p)
{
    unsigned target = p->error_depth;
    YYSTYPE value;
    YYLTYPE at;
    int token = 0;
    while (p->brace_depth > target && (token = wc_yylex(&value, &at, p->scanner)) != YYEOF)
        p->effect_next = token == EFFECT; /* an effect skipped still scans as one */
}

/* "once per turn" or "once per game": the words of a limit left incomplete,
** or put before the handler's condition, are told as the limit to write (a
** bare "once" would otherwise read as "unexpected '{', expected
** identifier"). */
static const char *limit_word(wc_name word)
{
    return wc_name_is(word, "turn") ? "turn" : wc_name_is(word, "game") ? "game" : NULL;
}

static void limit_incomplete(struct wc_parser *p, wc_loc at, const wc_name *word)
{
    const char *w = word ? limit_word(*word) : NULL;
    if (w)
        wc_error(p->diag, at, "a limit is written 'once per %s'", w);
    else
        wc_error(p->diag, at, "a limit is written 'once per turn' or 'once per game'");
}

static void limit_before_if(struct wc_parser *p, wc_loc at, const char *word)
{
    const wc_handler *h = p->handler;
    wc_error(p->diag, at, "the condition comes before the limit: write 'on %.*s%s if ... once per %s { ... }'%s",
             (int)h->event.n, h->event.p, h->has_arg ? "(...)" : "", word ? word : "turn",
             word ? "" : " (or 'once per game')");
}

static void yyerror(YYLTYPE *lloc, struct wc_parser *p, const char *msg)
{
    if (!strcmp(msg, "memory exhausted")) { /* bison's stack: only nesting thousands deep fills it */
        wc_error(p->diag, LOC(*lloc), "nested too deep for the parser (its limit is %d open items)", YYMAXDEPTH);
        wc_parser_damaged(p);
        p->brace_depth = 0; /* parsing stops here: the braces still open are not the problem */
        return;
    }
    wc_error(p->diag, LOC(*lloc), "%s", msg);
}

/* Inside a tile, nodes go to the tile's arena, freed once it is checked. */
static void *node(struct wc_parser *p, size_t size)
{
    return wc_arena_alloc(p->tile ? p->tile_arena : p->persist, size);
}

/* Check the tile parsed last, then reuse its memory. */
static void flush_pending(struct wc_parser *p)
{
    if (!p->pending)
        return;
    if (p->pack && p->n_tiles <= WC_MAX_TILES_FILE)
        wc_checker_tile(p->checker, p->pack, p->pending);
    p->pending = NULL;
    p->last_tile = NULL;
    wc_arena_reset(p->tile_arena);
}

/* The current tile, complete or abandoned by recovery, waits to be checked. */
static void tile_done(struct wc_parser *p)
{
    if (!p->tile)
        return;
    flush_pending(p);
    p->pending = p->last_tile = p->tile;
    p->tile = NULL;
}

/* The tileset block ends: the first one is the set's; a second is an error. */
static void tileset_done(struct wc_parser *p)
{
    wc_tileset_decl *ts = p->tileset;
    if (!ts)
        return;
    p->tileset = NULL;
    p->defined_something = true;
    if (p->program->tileset) {
        wc_error(p->diag, ts->at, "a second 'tileset' block; the facts of the whole set go in one");
        wc_note(p->diag, p->program->tileset->at, "the first is here");
        return;
    }
    p->program->tileset = ts;
}

static void pack_done(struct wc_parser *p)
{
    tile_done(p);
    flush_pending(p);
    if (p->pack)
        wc_checker_pack_end(p->checker, p->pack);
    p->pack = NULL;
}

static wc_name_item *name_item(struct wc_parser *p, wc_name n)
{
    wc_name_item *it = node(p, sizeof *it);
    it->name = n;
    return it;
}

#define damaged(p) wc_parser_damaged(p)

static void begin_tile(struct wc_parser *p, int kind, wc_name id, const char *name, wc_loc name_at, wc_loc at);
static void begin_square(struct wc_parser *p, wc_name name, const wc_int *x, const wc_int *y, wc_loc at);
static void begin_feature(struct wc_parser *p, int kind, wc_name name, wc_loc at);
static void add_expect(struct wc_parser *p, wc_expect *e);
static void set_once(struct wc_parser *p, bool *has, wc_int *slot, wc_int value, const char *what);
static void add_counter(struct wc_parser *p, wc_name name, const wc_int *init);
static void begin_rule(struct wc_parser *p, wc_name what);
static void rule_arg(struct wc_parser *p, bool is_num, wc_name word, const wc_int *num);
static void end_rule(struct wc_parser *p, wc_loc at);
static void begin_handler(struct wc_parser *p, wc_name event, wc_loc at);
static wc_expr *ex(struct wc_parser *p, wc_ex_kind kind, int op, wc_loc at, wc_loc op_at);
static wc_expr *binary(struct wc_parser *p, int op, wc_expr *a, wc_expr *b, wc_loc at, wc_loc op_at);
static wc_stmt *stmt(struct wc_parser *p, wc_stmt_kind kind, wc_loc at);
}

%token PACK "pack" TILE "tile" WONDER "wonder" SQUARE "square" COUNT "count"
%token TAGS "tags" CITY "city" ROAD "road" RIVER "river" FIELD "field" MONASTERY "monastery" GARDEN "garden"
%token AREA "area" SIDES "sides" CROSSES "crosses" ON "on" SQUARES "squares"
%token ARMS "arms" TOUCHES "touches" EXPECT "expect" WHERE "where"
%token ENDS "ends" SEPARATED "separated" JUNCTION "junction"
%token TILES "tiles" KINDS "kinds" EDGES "edges" TILES_WITH "tiles_with"
%token EFFECT "effect" STARTS "starts" COUNTER "counter" RULE "rule" IF "if" ELSE "else" ONCE "once"
%token SCORE "score" TO "to" ADD "add" SET "set" AND "and" OR "or" NOT "not" FOR "for" NONE "none"
%token SUM "sum" MAX "max" MIN "min" DIST "dist" AROUND "around" LINES "lines" PLAYERS "players"
%token TILESET "tileset" PACKS "packs" WONDERS "wonders"
%token GE ">=" DOTDOT ".." EQ "==" NE "!=" LE "<="
%token <name> IDENT "identifier"
%token <num> INT "number"
%token <str> STRING "string"

%type <kind> tile_kind feature_kind edge_type
%type <names> name_list
%type <name> pack_id
%type <refs> ref_list
%type <ref> ref
%type <name> opt_name prop_name
%type <expect> quantity
%type <filters> opt_where filter_list
%type <rows> value_rows
%type <row> value_row
%type <expr> expr opt_if agg_set opt_else
%type <stmts> stmts block opt_else_stmt
%type <stmt> stmt if_stmt
%type <num> signed_int
%type <name> set_word

/* Effect expressions, loosest first (docs/design/effects.md, "OP"). */
%left OR
%left AND
%nonassoc EQ NE '<' LE '>' GE
%left '+' '-'
%left '*' '/' '%'
%precedence NOT UMINUS
%precedence '.'

%%

file
    : %empty
    | file pack
    | file tileset
    | file error '}'           { damaged(p); pack_done(p); tileset_done(p); }
    ;

tileset
    : TILESET STRING '{'
        {
            wc_tileset_decl *ts = node(p, sizeof *ts);
            ts->name = $2;
            ts->at = LOC(@$);
            p->tileset = ts;
            p->set_expects_tail = &ts->expects;
        }
      tileset_items '}'        { tileset_done(p); }
    ;

tileset_items
    : %empty
    | tileset_items expect
    | tileset_items error ';'  { damaged(p); resync(p); }
    ;

pack
    : PACK pack_id STRING '{'
        {
            wc_pack *k = node(p, sizeof *k);
            k->id = $2;
            k->name = $3;
            k->name_at = LOC(@3);
            k->at = LOC(@$);
            *p->program->packs_tail = k;
            p->program->packs_tail = &k->next;
            p->pack = k;
            p->pack_expects_tail = &k->expects;
            p->defined_something = true;
            wc_checker_pack_begin(p->checker, k);
        }
      pack_items '}'           { pack_done(p); }
    ;

/* A pack's id; "river" is also a keyword (edges and features). */
pack_id
    : IDENT                    { $$ = $1; }
    | RIVER                    { $$ = KEYWORD_NAME(@1); }
    ;

pack_items
    : %empty
    | pack_items pack_item
    ;

pack_item
    : tile
    | expect
    | error ';'
        {
            /* Right after a tile, this is most often a stray '}' that closed
            ** it early: its checks would report what the brace cut off. */
            if (!p->tile && p->last_tile)
                p->last_tile->syntax_error = true;
            damaged(p);
            resync(p);
            tile_done(p);
        }
    ;

tile
    : tile_kind IDENT STRING '{'
        { begin_tile(p, $1, $2, $3, LOC(@3), LOC(@$)); }
      tile_items '}'           { tile_done(p); }
    ;

tile_kind
    : TILE                     { $$ = WH_TILE_LAND; }
    | WONDER                   { $$ = WH_TILE_WONDER; }
    ;

tile_items
    : %empty
    | tile_items tile_item
    ;

tile_item
    : COUNT INT semi           { set_once(p, &p->tile->has_count, &p->tile->count, $2, "count"); }
    | TAGS name_list semi
        {
            if (p->tile->tags)
                wc_error(p->diag, LOC(@1), "'tags' given twice; list every tag once");
            else
                p->tile->tags = $2.head;
        }
    | square
    | feature
    | expect
    | EFFECT '{'
        {
            if (p->tile->effect) {
                wc_error(p->diag, LOC(@1), "a tile has one effect; this is a second");
                wc_note(p->diag, p->tile->effect->at, "the first is here");
            }
            wc_effect *e = node(p, sizeof *e);
            e->at = LOC(@1);
            e->counters_tail = &e->counters;
            e->rules_tail = &e->rules;
            e->handlers_tail = &e->handlers;
            p->effect = e;
            if (!p->tile->effect)
                p->tile->effect = e;
        }
      effect_items '}'
    | error ';'                { damaged(p); resync(p); }
    | error '}'                { damaged(p); }
    ;

effect_items
    : %empty
    | effect_items effect_item { p->effect->items++; }
    ;

/* A rule's words and numbers; check_effect.c reads their shape. */
rule_args
    : %empty
    | rule_args IDENT            { rule_arg(p, false, $2, NULL); }
    | rule_args INT              { rule_arg(p, true, (wc_name){0}, &$2); }
    ;

effect_item
    : STARTS IDENT semi
        {
            if (p->effect->has_starts) {
                wc_error(p->diag, LOC(@1), "'starts' given twice; say once when the handlers start");
                wc_note(p->diag, p->effect->starts_at, "first given here");
            }
            p->effect->has_starts = true;
            p->effect->starts = $2;
            p->effect->starts_at = LOC(@1);
        }
    | COUNTER IDENT semi         { add_counter(p, $2, NULL); }
    | COUNTER IDENT '=' signed_int semi { add_counter(p, $2, &$4); }
    | RULE IDENT { begin_rule(p, $2); } rule_args semi { end_rule(p, LOC(@$)); }
    | ON IDENT
        { begin_handler(p, $2, LOC(@$)); }
      opt_event_arg opt_if opt_limit block
        {
            p->handler->when = $5;
            p->handler->body = $7.head;
        }
    | NONE semi                  { p->effect->is_none = true; p->effect->none_at = LOC(@1); }
    | error ';'                  { damaged(p); resync(p); }
    ;

signed_int
    : INT                        { $$ = $1; }
    | '-' INT                    { $$ = $2; $$.value = -$$.value; $$.at = LOC(@$); }
    ;

opt_event_arg
    : %empty
    | '(' IDENT ')'              { p->handler->has_arg = true; p->handler->var = $2; }
    | '(' IDENT IDENT ')'        { p->handler->has_arg = true; p->handler->kind = $2; p->handler->var = $3; }
    ;

opt_if
    : %empty                     { $$ = NULL; }
    | IF expr                    { $$ = $2; }
    ;

opt_limit
    : %empty
    | ONCE IDENT IDENT           { p->handler->has_limit = true; p->handler->per = $2; p->handler->limit = $3; }
    | ONCE IDENT IDENT IF expr   /* the limit written before the condition: say what to write */
        {
            p->handler->has_limit = true; p->handler->per = $2; p->handler->limit = $3;
            wc_error(p->diag, LOC(@4), "the condition comes before the limit: write 'on %.*s%s if ... once %.*s %.*s { ... }'",
                     (int)p->handler->event.n, p->handler->event.p, p->handler->has_arg ? "(...)" : "",
                     (int)$2.n, $2.p, (int)$3.n, $3.p);
        }
    /* a limit short of its words: "once {", "once per {", "once turn {" */
    | ONCE                       { limit_incomplete(p, LOC(@1), NULL); }
    | ONCE IDENT                 { limit_incomplete(p, LOC(@$), &$2); }
    /* and the same before the condition: "once if", "once per if" */
    | ONCE IF expr               { limit_before_if(p, LOC(@2), NULL); }
    | ONCE IDENT IF expr         { limit_before_if(p, LOC(@3), limit_word($2)); }
    ;

block
    : '{' stmts '}'              { $$ = $2; }
    ;

stmts
    : %empty                     { $$.head = $$.tail = NULL; }
    | stmts stmt
        {
            $$ = $1;
            if ($2) {
                if ($$.tail)
                    $$.tail->next = $2;
                else
                    $$.head = $2;
                $$.tail = $2;
            }
        }
    ;

stmt
    : SCORE expr semi            { $$ = stmt(p, WC_ST_SCORE, LOC(@1)); $$->a = $2; }
    | SCORE expr TO expr semi    { $$ = stmt(p, WC_ST_SCORE, LOC(@1)); $$->a = $2; $$->to = $4; }
    | ADD IDENT expr semi        { $$ = stmt(p, WC_ST_ADD, LOC(@1)); $$->counter = $2; $$->a = $3; }
    | SET IDENT expr semi        { $$ = stmt(p, WC_ST_SET, LOC(@1)); $$->counter = $2; $$->a = $3; }
    | if_stmt                    { $$ = $1; }
    | error ';'                  { $$ = NULL; damaged(p); resync(p); }
    ;

if_stmt
    : IF expr block opt_else_stmt
        {
            $$ = stmt(p, WC_ST_IF, LOC(@1));
            $$->a = $2;
            $$->then = $3.head;
            $$->els = $4.head;
        }
    ;

opt_else_stmt
    : %empty                     { $$.head = $$.tail = NULL; }
    | ELSE block                 { $$ = $2; }
    | ELSE if_stmt               { $$.head = $$.tail = $2; }
    ;

expr
    : INT                        { $$ = ex(p, WC_EX_INT, 0, LOC(@$), LOC(@$)); $$->num = $1; }
    | IDENT                      { $$ = ex(p, WC_EX_NAME, 0, LOC(@$), LOC(@$)); $$->name = $1; }
    | '(' expr ')'               { $$ = $2; $$->at = LOC(@$); }
    | expr '.' IDENT             { $$ = ex(p, WC_EX_PROP, WH_OP_PROP, LOC(@$), LOC(@3)); $$->a = $1; $$->name = $3; }
    | expr '.' SCORE             /* a player's score: the word is also a statement's */
        { $$ = ex(p, WC_EX_PROP, WH_OP_PROP, LOC(@$), LOC(@3)); $$->a = $1; $$->name = KEYWORD_NAME(@3); }
    | expr '.' IDENT '(' expr ')'
        { $$ = ex(p, WC_EX_METHOD, 0, LOC(@$), LOC(@3)); $$->a = $1; $$->name = $3; $$->b = $5; }
    | '-' expr %prec UMINUS      { $$ = ex(p, WC_EX_UNARY, WH_OP_NEG, LOC(@$), LOC(@1)); $$->a = $2; }
    | NOT expr                   { $$ = ex(p, WC_EX_UNARY, WH_OP_NOT, LOC(@$), LOC(@1)); $$->a = $2; }
    | expr OR expr               { $$ = binary(p, WH_OP_OR, $1, $3, LOC(@$), LOC(@2)); }
    | expr AND expr              { $$ = binary(p, WH_OP_AND, $1, $3, LOC(@$), LOC(@2)); }
    | expr EQ expr               { $$ = binary(p, WH_OP_EQ, $1, $3, LOC(@$), LOC(@2)); }
    | expr NE expr               { $$ = binary(p, WH_OP_NE, $1, $3, LOC(@$), LOC(@2)); }
    | expr '<' expr              { $$ = binary(p, WH_OP_LT, $1, $3, LOC(@$), LOC(@2)); }
    | expr LE expr               { $$ = binary(p, WH_OP_LE, $1, $3, LOC(@$), LOC(@2)); }
    | expr '>' expr              { $$ = binary(p, WH_OP_GT, $1, $3, LOC(@$), LOC(@2)); }
    | expr GE expr               { $$ = binary(p, WH_OP_GE, $1, $3, LOC(@$), LOC(@2)); }
    | expr '+' expr              { $$ = binary(p, WH_OP_ADD, $1, $3, LOC(@$), LOC(@2)); }
    | expr '-' expr              { $$ = binary(p, WH_OP_SUB, $1, $3, LOC(@$), LOC(@2)); }
    | expr '*' expr              { $$ = binary(p, WH_OP_MUL, $1, $3, LOC(@$), LOC(@2)); }
    | expr '/' expr              { $$ = binary(p, WH_OP_DIV, $1, $3, LOC(@$), LOC(@2)); }
    | expr '%' expr              { $$ = binary(p, WH_OP_MOD, $1, $3, LOC(@$), LOC(@2)); }
    | COUNT '(' agg_set ')'      { $$ = $3; $$->op = WH_OP_COUNT; $$->at = LOC(@$); $$->op_at = LOC(@1); }
    | SUM '(' expr FOR agg_set ')'
        { $$ = $5; $$->op = WH_OP_SUM; $$->b = $3; $$->at = LOC(@$); $$->op_at = LOC(@1); }
    | MAX '(' expr FOR agg_set opt_else ')'
        { $$ = $5; $$->op = WH_OP_MAX; $$->b = $3; $$->c = $6; $$->at = LOC(@$); $$->op_at = LOC(@1); }
    | MIN '(' expr FOR agg_set opt_else ')'
        { $$ = $5; $$->op = WH_OP_MIN; $$->b = $3; $$->c = $6; $$->at = LOC(@$); $$->op_at = LOC(@1); }
    | DIST '(' expr ',' expr ')'
        { $$ = ex(p, WC_EX_PAIR, WH_OP_DIST, LOC(@$), LOC(@1)); $$->a = $3; $$->b = $5; }
    | AROUND '(' expr ',' expr ')'
        { $$ = ex(p, WC_EX_PAIR, WH_OP_AROUND, LOC(@$), LOC(@1)); $$->a = $3; $$->b = $5; }
    | LINES '(' INT ')'          { $$ = ex(p, WC_EX_LINES, WH_OP_LINES, LOC(@$), LOC(@1)); $$->num = $3; }
    | PLAYERS '(' value_rows ')'
        { $$ = ex(p, WC_EX_TABLE, WH_OP_TABLE, LOC(@$), LOC(@1)); $$->rows = $3.head; $$->num.value = WH_VALUE_BY_PLAYERS; }
    | TILES '(' value_rows ')'
        { $$ = ex(p, WC_EX_TABLE, WH_OP_TABLE, LOC(@$), LOC(@1)); $$->rows = $3.head; $$->num.value = WH_VALUE_BY_TILES; }
    ;

/* `meeples m where ...`: the node of its aggregate, filled in by the caller. */
agg_set
    : set_word IDENT             { $$ = ex(p, WC_EX_AGG, 0, LOC(@$), LOC(@$)); $$->name = $1; $$->var = $2; }
    | set_word IDENT WHERE expr
        { $$ = ex(p, WC_EX_AGG, 0, LOC(@$), LOC(@$)); $$->name = $1; $$->var = $2; $$->a = $4; }
    ;

/* "players" is also a value table's word. */
set_word
    : IDENT                      { $$ = $1; }
    | PLAYERS                    { $$ = KEYWORD_NAME(@1); }
    ;

opt_else
    : %empty                     { $$ = NULL; }
    | ELSE expr                  { $$ = $2; }
    ;

value_rows
    : value_row                { $$.head = $$.tail = $1; }
    | value_rows ',' value_row { $$ = $1; $$.tail->next = $3; $$.tail = $3; }
    ;

value_row
    : INT ':' signed_int
        { $$ = node(p, sizeof *$$); $$->has_lo = $$->has_hi = true; $$->lo = $$->hi = $1; $$->value = $3; $$->at = LOC(@$); }
    | INT DOTDOT INT ':' signed_int
        { $$ = node(p, sizeof *$$); $$->has_lo = $$->has_hi = true; $$->lo = $1; $$->hi = $3; $$->value = $5; $$->at = LOC(@$); }
    | INT DOTDOT ':' signed_int
        { $$ = node(p, sizeof *$$); $$->has_lo = true; $$->lo = $1; $$->value = $4; $$->at = LOC(@$); }
    | DOTDOT INT ':' signed_int
        { $$ = node(p, sizeof *$$); $$->has_hi = true; $$->hi = $2; $$->value = $4; $$->at = LOC(@$); }
    ;

square
    : SQUARE opt_name '{'
        { begin_square(p, $2, NULL, NULL, LOC(@$)); }
      edge_decls '}'
    | SQUARE opt_name '(' INT ',' INT ')' '{'
        { begin_square(p, $2, &$4, &$6, LOC(@$)); }
      edge_decls '}'
    ;

opt_name
    : %empty                   { $$ = (wc_name){0}; $$.at = LOC(@$); }
    | IDENT                    { $$ = $1; }
    ;

edge_decls
    : %empty
    | edge_decls edge_decl
    ;

edge_decl
    : IDENT edge_type semi
        {
            wc_edge_decl *e = node(p, sizeof *e);
            e->side = $1;
            e->edge = $2;
            e->at = LOC(@$);
            *p->edges_tail = e;
            p->edges_tail = &e->next;
        }
    | error ';'                { damaged(p); resync(p); }
    ;

edge_type
    : CITY                     { $$ = WH_EDGE_CITY; }
    | ROAD                     { $$ = WH_EDGE_ROAD; }
    | RIVER                    { $$ = WH_EDGE_RIVER; }
    | FIELD                    { $$ = WH_EDGE_FIELD; }
    ;

feature
    : feature_kind IDENT '{'
        { begin_feature(p, $1, $2, LOC(@$)); }
      clauses '}'
    | feature_kind IDENT ';'   { begin_feature(p, $1, $2, LOC(@$)); }
    | JUNCTION IDENT '{'
        { begin_feature(p, WC_KIND_JUNCTION, $2, LOC(@$)); }
      clauses '}'
    | JUNCTION IDENT ';'       { begin_feature(p, WC_KIND_JUNCTION, $2, LOC(@$)); }
    ;

feature_kind
    : CITY                     { $$ = WH_KIND_CITY; }
    | ROAD                     { $$ = WH_KIND_ROAD; }
    | FIELD                    { $$ = WH_KIND_FIELD; }
    | MONASTERY                { $$ = WH_KIND_MONASTERY; }
    | AREA                     { $$ = WH_KIND_AREA; }
    | RIVER                    { $$ = WH_KIND_RIVER; }
    | GARDEN                   { $$ = WH_KIND_GARDEN; }
    ;

clauses
    : %empty
    | clauses clause
    ;

clause
    : SIDES ref_list semi
        {
            wc_ref **tail = &p->feature->sides;
            while (*tail)
                tail = &(*tail)->next;
            *tail = $2.head;
        }
    | CROSSES ref_list semi
        {
            wc_ref **tail = &p->feature->crosses;
            while (*tail)
                tail = &(*tail)->next;
            *tail = $2.head;
        }
    | ON name_list semi
        {
            wc_name_item **tail = &p->feature->on;
            while (*tail)
                tail = &(*tail)->next;
            *tail = $2.head;
        }
    | SQUARES name_list semi
        {
            if (p->feature->has_squares)
                wc_error(p->diag, LOC(@1), "'squares' given twice; list every square once");
            p->feature->has_squares = true;
            p->feature->squares = $2.head;
        }
    | ARMS INT semi             { set_once(p, &p->feature->has_arms, &p->feature->arms, $2, "arms"); }
    | TOUCHES name_list semi
        {
            wc_name_item **tail = &p->feature->touches;
            while (*tail)
                tail = &(*tail)->next;
            *tail = $2.head;
        }
    | ENDS name_list semi
        {
            wc_name_item **tail = &p->feature->ends;
            while (*tail)
                tail = &(*tail)->next;
            *tail = $2.head;
        }
    | SEPARATED name_list semi
        {
            wc_name_item **tail = &p->feature->separated;
            while (*tail)
                tail = &(*tail)->next;
            *tail = $2.head;
        }
    | TAGS name_list semi       { p->feature->tags = $2.head; }
    | error ';'                { damaged(p); resync(p); }
    ;

/* A statement's ';'.  When it is missing, the syntax error has been
** reported and the statement still ends here, so that the next statement
** parses normally instead of being swallowed by recovery. */
semi
    : ';'
    | error                    { damaged(p); }
    ;

name_list
    : IDENT                    { $$.head = $$.tail = name_item(p, $1); }
    | name_list ',' IDENT      { $$ = $1; $$.tail->next = name_item(p, $3); $$.tail = $$.tail->next; }
    ;

ref_list
    : ref                      { $$.head = $$.tail = $1; }
    | ref_list ',' ref         { $$ = $1; $$.tail->next = $3; $$.tail = $3; }
    ;

ref
    : IDENT
        {
            $$ = node(p, sizeof *$$);
            $$->side = $1;
            $$->square.at = $1.at;
            $$->at = LOC(@$);
        }
    | IDENT ':' IDENT
        {
            $$ = node(p, sizeof *$$);
            $$->square = $1;
            $$->side = $3;
            $$->at = LOC(@$);
        }
    ;

expect
    : EXPECT quantity '=' INT semi
        {
            $2->value = $4;
            $2->at = LOC(@2);
            add_expect(p, $2);
        }
    ;

quantity
    : SQUARES                  { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_SQUARES; }
    | TILES                    { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_TILES; }
    | KINDS                    { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_KINDS; }
    | ARMS                     { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_ARMS; }
    | COUNT '(' feature_kind opt_where ')'
        {
            $$ = node(p, sizeof *$$);
            $$->quantity = WC_Q_COUNT;
            $$->arg = $3;
            $$->filters = $4.head;
        }
    | EDGES '(' edge_type ')'
        { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_EDGES; $$->arg = $3; }
    | TILES_WITH '(' feature_kind ')'
        { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_TILES_WITH; $$->arg = $3; }
    | TILES_WITH '(' IDENT ')'
        { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_TILES_MARKED; $$->feature = $3; }
    | WONDERS                  { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_WONDERS; }
    | PACKS                    { $$ = node(p, sizeof *$$); $$->quantity = WC_Q_PACKS; }
    | IDENT '.' prop_name
        {
            $$ = node(p, sizeof *$$);
            $$->quantity = WC_Q_PROPERTY;
            $$->feature = $1;
            $$->prop = $3;
        }
    ;

opt_where
    : %empty                   { $$.head = $$.tail = NULL; }
    | WHERE filter_list        { $$ = $2; }
    ;

filter_list
    : prop_name '=' INT
        {
            wc_filter *f = node(p, sizeof *f);
            f->prop = $1;
            f->value = $3;
            $$.head = $$.tail = f;
        }
    | filter_list ',' prop_name '=' INT
        {
            wc_filter *f = node(p, sizeof *f);
            f->prop = $3;
            f->value = $5;
            $$ = $1;
            $$.tail->next = f;
            $$.tail = f;
        }
    ;

prop_name
    : IDENT                    { $$ = $1; }
    | SQUARES                  { $$ = KEYWORD_NAME(@1); }
    | ARMS                     { $$ = KEYWORD_NAME(@1); }
    | TOUCHES                  { $$ = KEYWORD_NAME(@1); }
    ;

%%

static void begin_tile(struct wc_parser *p, int kind, wc_name id, const char *name, wc_loc name_at, wc_loc at)
{
    flush_pending(p);
    wc_tile *t = wc_arena_alloc(p->tile_arena, sizeof *t);
    t->kind = kind;
    t->id = id;
    t->name = (char *)name;
    t->name_at = name_at;
    t->at = at;
    if (++p->n_tiles == WC_MAX_TILES_FILE + 1)
        wc_error(p->diag, at, "too many tiles in one file (the limit is %u)", WC_MAX_TILES_FILE);
    p->tile = t;
    p->squares_tail = &t->squares;
    p->features_tail = &t->features;
    p->tile_expects_tail = &t->expects;
}

static void begin_square(struct wc_parser *p, wc_name name, const wc_int *x, const wc_int *y, wc_loc at)
{
    wc_square *s = node(p, sizeof *s);
    s->name = name;
    s->at = at;
    if (x) {
        s->has_coords = true;
        s->x = *x;
        s->y = *y;
    }
    *p->squares_tail = s;
    p->squares_tail = &s->next;
    p->square = s;
    p->edges_tail = &s->edges;
}

static void begin_feature(struct wc_parser *p, int kind, wc_name name, wc_loc at)
{
    wc_feature *f = node(p, sizeof *f);
    f->kind = kind;
    f->name = name;
    f->at = at;
    *p->features_tail = f;
    p->features_tail = &f->next;
    p->feature = f;
}

static void add_expect(struct wc_parser *p, wc_expect *e)
{
    if (p->tile) {
        *p->tile_expects_tail = e;
        p->tile_expects_tail = &e->next;
    } else if (p->pack) {
        *p->pack_expects_tail = e;
        p->pack_expects_tail = &e->next;
    } else if (p->tileset) {
        *p->set_expects_tail = e;
        p->set_expects_tail = &e->next;
    }
}

static void add_counter(struct wc_parser *p, wc_name name, const wc_int *init)
{
    wc_counter_decl *c = node(p, sizeof *c);
    c->name = name;
    if (init) {
        c->has_init = true;
        c->init = *init;
    }
    *p->effect->counters_tail = c;
    p->effect->counters_tail = &c->next;
}

static void begin_rule(struct wc_parser *p, wc_name what)
{
    wc_rule *r = node(p, sizeof *r);
    r->what = what;
    *p->effect->rules_tail = r;
    p->effect->rules_tail = &r->next;
    p->rule = r;
}

static void rule_arg(struct wc_parser *p, bool is_num, wc_name word, const wc_int *num)
{
    wc_rule *r = p->rule;
    if (r->n_args < WC_MAX_RULE_ARGS)
        r->args[r->n_args] = (wc_rule_arg){is_num, word, num ? *num : (wc_int){0}};
    r->n_args++;
}

/* The four first rules' shapes, read once: `N`, `N WORD`, `WORD N`, nothing. */
static void end_rule(struct wc_parser *p, wc_loc at)
{
    wc_rule *r = p->rule;
    const wc_rule_arg *a = r->args;
    r->at = at;
    if (r->n_args == 1 && a[0].is_num) {
        r->has_num = true;
        r->num = a[0].num;
    } else if (r->n_args == 2 && a[0].is_num && !a[1].is_num) {
        r->has_num = true;
        r->num = a[0].num;
        r->rest = a[1].word;
    } else if (r->n_args == 2 && !a[0].is_num && a[1].is_num) {
        r->word = a[0].word;
        r->has_num = true;
        r->num = a[1].num;
    }
}

static void begin_handler(struct wc_parser *p, wc_name event, wc_loc at)
{
    wc_handler *h = node(p, sizeof *h);
    h->event = event;
    h->at = at;
    *p->effect->handlers_tail = h;
    p->effect->handlers_tail = &h->next;
    p->handler = h;
}

static wc_expr *ex(struct wc_parser *p, wc_ex_kind kind, int op, wc_loc at, wc_loc op_at)
{
    wc_expr *e = node(p, sizeof *e);
    e->kind = kind;
    e->op = op;
    e->at = at;
    e->op_at = op_at;
    return e;
}

static wc_expr *binary(struct wc_parser *p, int op, wc_expr *a, wc_expr *b, wc_loc at, wc_loc op_at)
{
    wc_expr *e = ex(p, WC_EX_BINARY, op, at, op_at);
    e->a = a;
    e->b = b;
    return e;
}

static wc_stmt *stmt(struct wc_parser *p, wc_stmt_kind kind, wc_loc at)
{
    wc_stmt *s = node(p, sizeof *s);
    s->kind = kind;
    s->at = at;
    return s;
}

static void set_once(struct wc_parser *p, bool *has, wc_int *slot, wc_int value, const char *what)
{
    if (*has) {
        wc_error(p->diag, value.at, "'%s' given twice", what);
        wc_note(p->diag, slot->at, "first given here");
        return;
    }
    *has = true;
    *slot = value;
}

/* A token as the user would write it: keywords quoted ('city'), classes of
** tokens by what they are (identifier, number, string). */
static const char *spell(yysymbol_kind_t sym, char *buf, size_t size)
{
    const char *name = yysymbol_name(sym);
    if (sym >= YYSYMBOL_PACK && sym <= YYSYMBOL_LE) {
        snprintf(buf, size, "'%s'", name);
        return buf;
    }
    return name;
}

/* Where the innermost '{' still open was: a note under the error at the
** end of the file, or, when error recovery swallowed that error, the one
** message about it. */
static void unclosed_brace(struct wc_parser *p, bool alone)
{
    unsigned inner = p->brace_depth <= 64 ? p->brace_depth - 1 : 63;
    wc_loc at = {p->file, p->brace_at[inner], p->brace_at[inner] + 1};
    if (alone)
        wc_error(p->diag, at, "this '{' is never closed: the file ends first");
    else
        wc_note(p->diag, at, "this '{' is never closed");
}

/* The line of byte @p offset. */
static unsigned line_at(const struct wc_parser *p, uint32_t offset)
{
    unsigned line = 1;
    for (uint32_t i = 0; i < offset && p->text[i]; i++)
        line += p->text[i] == '\n';
    return line;
}

/* How deep a block of keyword @p word (@p len bytes) lies: the file's
** blocks 0, a tile 1, its squares, features and effect 2, blocks inside an
** effect 3. */
static int block_level(const char *word, size_t len)
{
    static const char *const levels[][10] = {
        {"pack", "tileset", NULL},
        {"tile", "wonder", NULL},
        {"square", "city", "road", "river", "field", "monastery", "garden", "area", "effect", NULL},
    };
    for (int l = 0; l < 3; l++)
        for (int i = 0; levels[l][i]; i++)
            if (strlen(levels[l][i]) == len && !strncmp(word, levels[l][i], len))
                return l;
    return 3;
}

/* The level of the block keyword @p got starts an item of, minus one: a
** tile's items are at 2, a pack's tiles at 1; -1 for a keyword that starts
** no item of a block. */
static int item_level(yysymbol_kind_t got)
{
    switch (got) {
    case YYSYMBOL_PACK: case YYSYMBOL_TILESET: return 0;
    case YYSYMBOL_TILE: case YYSYMBOL_WONDER: return 1;
    case YYSYMBOL_SQUARE: case YYSYMBOL_COUNT: case YYSYMBOL_TAGS: case YYSYMBOL_CITY: case YYSYMBOL_ROAD:
    case YYSYMBOL_RIVER: case YYSYMBOL_FIELD: case YYSYMBOL_MONASTERY: case YYSYMBOL_GARDEN: case YYSYMBOL_AREA:
    case YYSYMBOL_EFFECT: case YYSYMBOL_EXPECT: return 2;
    default: return -1;
    }
}

/*
** A '}' left out: the keyword @p got, which starts an item of the innermost
** open block or of one around it (a tile's 'city' inside a square), comes
** on a line after the last token while that block could still end there.
** (A 'city' inside a pack is not this: a '}' too many closed its tile.)  Said at the last token of the block, with a note
** at the block's own '{' (not the file's outermost one), and counted so
** that the end of the file does not say it again.  @returns whether it said so.
*/
static bool missing_brace(struct wc_parser *p, yysymbol_kind_t got, const yysymbol_kind_t *expected, int n, wc_span at)
{
    bool closes = false;
    for (int i = 0; i < n; i++)
        closes |= !strcmp(yysymbol_name(expected[i]), "'}'"); /* bison numbers a character token by its place */
    if (!closes || item_level(got) < 0 || !p->brace_depth || p->brace_depth > 64 ||
        line_at(p, at.start) <= line_at(p, p->prev_end))
        return false;
    uint32_t brace = p->brace_at[p->brace_depth - 1], word = brace;
    while (word > 0 && p->text[word - 1] != '\n') /* the block's keyword: the first word of its line */
        word--;
    while (p->text[word] == ' ' || p->text[word] == '\t')
        word++;
    size_t len = strspn(p->text + word, "abcdefghijklmnopqrstuvwxyz_");
    if (item_level(got) > block_level(p->text + word, len))
        return false;
    char got_buf[64];
    wc_error(p->diag, (wc_loc){p->file, p->prev_start, p->prev_end},
             "a '}' is missing after this: the %.*s's block must end before %s on line %u", (int)(len ? len : 5),
             len ? p->text + word : "block", spell(got, got_buf, sizeof got_buf), line_at(p, at.start));
    wc_note(p->diag, (wc_loc){p->file, brace, brace + 1}, "this '{' is never closed");
    p->braces_missing++;
    return true;
}

/* "unexpected X, expected Y or Z", naming tokens the way the user types them. */
static int yyreport_syntax_error(const yypcontext_t *ctx, struct wc_parser *p)
{
    char b1[64], b2[64];
    damaged(p);
    p->error_depth = p->brace_depth;
    if (p->quiet_token) { /* the scanner's error said it: an unterminated string took the token after it */
        bool quiet = p->tokens <= p->quiet_token;
        p->quiet_token = 0;
        if (quiet)
            return 0;
    }
    enum { MAX_LISTED = 8 }; /* a feature kind: city, road, river, field, monastery, area, garden, or a name */
    yysymbol_kind_t expected[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
    yysymbol_kind_t got = yypcontext_token(ctx);
    wc_span at = *yypcontext_location(ctx);
    if (got == YYSYMBOL_YYEOF && p->braces_missing >= p->brace_depth) { /* the '}' said missing */
        p->brace_depth = 0;
        return 0;
    }
    if (missing_brace(p, got, expected, n, at))
        return 0;
    char msg[512];
    size_t len = 0;
    if (got == YYSYMBOL_YYEOF)
        len = (size_t)snprintf(msg, sizeof msg, "unexpected end of file");
    else if (got == YYSYMBOL_IDENT)
        len = (size_t)snprintf(msg, sizeof msg, "unexpected identifier '%.*s%s'", /* cut as its own error says */
                               (int)(at.end - at.start > WC_MAX_NAME_BYTES ? WC_MAX_NAME_BYTES : at.end - at.start),
                               p->text + at.start, at.end - at.start > WC_MAX_NAME_BYTES ? "..." : "");
    else
        len = (size_t)snprintf(msg, sizeof msg, "unexpected %s", spell(got, b1, sizeof b1));
    if (got >= YYSYMBOL_PACK && got <= YYSYMBOL_WONDERS && n == 1 && expected[0] == YYSYMBOL_IDENT)
        len += (size_t)snprintf(msg + len, sizeof msg - len, " (a keyword, so not usable as a name)");
    if (n > 0 && n <= MAX_LISTED) {
        for (int i = 0; i < n && len < sizeof msg; i++)
            len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%s",
                                    i == 0 ? ", expected " : i == n - 1 ? " or " : ", ",
                                    spell(expected[i], b2, sizeof b2));
    }
    /* a misspelt keyword: the nearest keyword the grammar would take here */
    if (got == YYSYMBOL_IDENT && len < sizeof msg) {
        const char *words[YYNTOKENS];
        size_t lens[YYNTOKENS], k = 0;
        for (int i = 0; i < n; i++)
            if (expected[i] >= YYSYMBOL_PACK && expected[i] <= YYSYMBOL_WONDERS) {
                words[k] = yysymbol_name(expected[i]);
                lens[k] = strlen(words[k]);
                k++;
            }
        int near = wu_closest(p->text + at.start, at.end - at.start, words, lens, k);
        const char *alias = wc_kind_alias(p->text + at.start, at.end - at.start);
        for (size_t i = 0; near < 0 && alias && i < k; i++)
            if (!strcmp(words[i], alias))
                near = (int)i; /* "castle": the language says city */
        if (near >= 0)
            snprintf(msg + len, sizeof msg - len, "; did you mean '%s'?", words[near]);
    }
    wc_error(p->diag, LOC(at), "%s", msg);
    if (got == YYSYMBOL_YYEOF && p->brace_depth) {
        unclosed_brace(p, false);
        p->brace_depth = 0; /* said */
    }
    return 0;
}

void wc_parser_damaged(struct wc_parser *p)
{
    if (p->tile)
        p->tile->syntax_error = true;
    if (p->pack)
        p->pack->syntax_error = true;
    if (p->tileset)
        p->tileset->syntax_error = true;
}

void wc_program_init(wc_program *prog)
{
    prog->tileset = NULL;
    prog->packs = NULL;
    prog->packs_tail = &prog->packs;
}

bool wc_parse(wc_diag *d, wc_arena *persist, wc_arena *tile_arena, wc_program *prog, uint32_t file,
              wc_checker *checker)
{
    wc_source *src = &d->sources[file];
    if (!src->usable)
        return false;
    struct wc_parser p;
    memset(&p, 0, sizeof p);
    p.diag = d;
    p.persist = persist;
    p.tile_arena = tile_arena;
    p.checker = checker;
    p.program = prog;
    p.file = file;
    p.text = src->text;
    unsigned errors_before = d->n_errors;
    if (wc_yylex_init_extra(&p, &p.scanner) != 0) {
        wc_error_plain(d, "cannot start the scanner");
        return false;
    }
    YY_BUFFER_STATE buf = wc_yy_scan_bytes(src->text, (int)src->len, p.scanner);
    int rc = yyparse(&p);
    if (p.brace_depth > p.braces_missing) /* the error at the end was swallowed by recovery */
        unclosed_brace(&p, true);
    pack_done(&p); /* a file that ends inside a pack: check what was read */
    tileset_done(&p);
    if (!p.defined_something && d->n_errors == errors_before)
        wc_error(d, (wc_loc){file, 0, 0},
                 "the file defines nothing: a tile file holds packs of tiles, or the 'tileset' block");
    wc_yy_delete_buffer(buf, p.scanner);
    wc_yylex_destroy(p.scanner);
    return rc == 0 && d->n_errors == errors_before;
}
