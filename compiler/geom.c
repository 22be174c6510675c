/*
** geom.c -- small helpers of the planar model; see geom.h.
*/
#include "geom.h"
#include "words.h"

#include <stdio.h>

const char *const wc_dir_names[4] = {"N", "E", "S", "W"};

const char *wc_kind_word(int kind)
{
    if (kind == WC_KIND_JUNCTION)
        return "junction";
    return kind >= 0 && kind < WH_N_KINDS ? wc_kind_words[kind] : "feature";
}

const char *wc_geom_segment_label(const wc_geom *g, size_t side, int slot, char *buf, size_t size)
{
    const char *half = slot == WH_SLOT_L ? "L" : slot == WH_SLOT_R ? "R" : "";
    const char *sq = g->sq_name[g->side_sq[side]];
    if (*sq)
        snprintf(buf, size, "%s:%s%s", sq, wc_dir_names[g->side_dir[side]], half);
    else
        snprintf(buf, size, "%s%s", wc_dir_names[g->side_dir[side]], half);
    return buf;
}
