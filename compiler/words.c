/* words.c -- the tile language's words; see words.h. */
#include "words.h"

#define WORD2(e, word) word,
const char *const wc_edge_words[WH_N_EDGES] = {WH_EDGE_LIST(WORD2)};
const char *const wc_kind_words[WH_N_KINDS] = {WH_KIND_LIST(WORD2)};

#define OP_NAME(o) #o,
const char *const wc_op_names[WH_N_OPS] = {WH_OP_LIST(OP_NAME)};
