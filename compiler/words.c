/* words.c -- the tile language's words; see words.h. */
#include "words.h"

#define WORD2(e, word) word,
#define WORD3(e, word, text) word,
const char *const wc_edge_words[WH_N_EDGES] = {WH_EDGE_LIST(WORD2)};
const char *const wc_kind_words[WH_N_KINDS] = {WH_KIND_LIST(WORD2)};
const char *const wc_trigger_words[WH_N_TRIGGERS] = {WH_TRIGGER_LIST(WORD3)};
const char *const wc_cond_words[WH_N_CONDS] = {WH_COND_LIST(WORD3)};
const char *const wc_counter_words[WH_N_COUNTERS] = {WH_COUNTER_LIST(WORD3)};
