/*
** effect_text.h -- a compiled effect printed back: its expressions and
** statements as the language's source text, its handlers and rules in
** words, and its nodes one a line.  `wonderc show` and `wonderc dump` both
** print through these, so the two cannot tell different stories.
**
** The tables keep no names: the event's value is spelled by its type (t,
** m, f, p), a loop variable by its type and slot (f1, m2), a counter by
** its place (counter_0).
*/
#ifndef WC_EFFECT_TEXT_H
#define WC_EFFECT_TEXT_H

#include "../runtime/tables.h"
#include "buf.h"

/** The source text of node @p node (an expression or statements) of handler @p h. */
void wc_expr_text(const wh_tileset_t *set, const wh_handler_t *h, uint16_t node, wc_buf *out);

/** "completed(road f)": the event as written after `on`. */
void wc_event_text(const wh_handler_t *h, wc_buf *out);

/** "next_turn", "now" or "always" (game_end, taken: at their event whatever the start). */
const char *wc_start_word(const wh_handler_t *h);

/** "once per turn", "once per game" or "" . */
const char *wc_limit_text(const wh_handler_t *h);

/** "when a road is completed, from the owner's next turn, if ...: score 3;" */
void wc_handler_words(const wh_tileset_t *set, const wh_handler_t *h, wc_buf *out);

/** Append the name of counter @p c of effect @p e ("counter_C" when the table has none). */
void wc_counter_name(const wh_tileset_t *set, const wh_effect_t *e, unsigned c, wc_buf *out);

/** "cities", "features", "meeples": the set word of an aggregate node's k. */
const char *wc_set_word(int32_t k);

/** The rules of @p e in words, each between @p indent and @p end (nothing when none). */
void wc_rules_words(const wh_effect_t *e, const char *indent, const char *end, wc_buf *out);

/** "12 MUL arg 0 a 10 b 11 k 0": one node, for the compiled form. */
void wc_node_text(const wh_tileset_t *set, uint32_t i, wc_buf *out);

/** The first and one past the last node of effect @p e (equal when it has none). */
void wc_effect_nodes(const wh_tileset_t *set, const wh_effect_t *e, uint32_t *first, uint32_t *end);

#endif
