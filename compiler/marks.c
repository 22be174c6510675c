/* marks.c -- the tags the rules read; see marks.h. */
#include "marks.h"

#define MARK_WORD(m, word, kind) word,
#define MARK_KIND(m, word, kind) WH_KIND_##kind,
static const char *const mark_words[WH_N_MARKS] = {WH_MARK_LIST(MARK_WORD)};
static const int mark_kinds[WH_N_MARKS] = {WH_MARK_LIST(MARK_KIND)};
#define TILE_MARK_WORD(m, word, text) word,
static const char *const tile_mark_words[WH_N_TILE_MARKS] = {WH_TILE_MARK_LIST(TILE_MARK_WORD)};

unsigned wc_feature_mark(wc_name tag, int *kind)
{
    for (unsigned i = 0; i < WH_N_MARKS; i++)
        if (wc_name_is(tag, mark_words[i])) {
            *kind = mark_kinds[i];
            return 1u << i;
        }
    return 0;
}

unsigned wc_tile_mark(wc_name tag)
{
    for (unsigned i = 0; i < WH_N_TILE_MARKS; i++)
        if (wc_name_is(tag, tile_mark_words[i]))
            return 0x04u << i;
    return 0;
}

const char *wc_feature_mark_word(unsigned bit)
{
    return bit < WH_N_MARKS ? mark_words[bit] : "";
}

const char *wc_tile_mark_word(unsigned bit)
{
    return bit < WH_N_TILE_MARKS ? tile_mark_words[bit] : "";
}

bool wc_is_tunnel(wc_name tag)
{
    return wc_name_is(tag, "tunnel");
}
