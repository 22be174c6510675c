/*
** nearest.h -- "did you mean": the nearest of a set of names, for both
** commands' messages.
*/
#ifndef WU_NEAREST_H
#define WU_NEAREST_H

#include <stddef.h>

/**
 * Optimal string alignment distance between @p a (@p la bytes) and @p b
 * (@p lb bytes): insertions, deletions, substitutions and swaps of two
 * adjacent bytes ("twon" is one step from "town").  Words longer than 64
 * bytes are too far from anything: (size_t)-1.
 */
size_t wu_edit_distance(const char *a, size_t la, const char *b, size_t lb);

/**
 * How far a plausible typo of a @p len-byte word can be: a third of its
 * length, at least 1.
 */
size_t wu_typo_limit(size_t len);

/**
 * The candidate closest to @p word when it is a plausible typo
 * (wu_typo_limit); one that differs only in case before any other; ties
 * keep the earliest candidate.
 * @returns its index in @p cands, or -1 when none is close.
 */
int wu_closest(const char *word, size_t len, const char *const *cands, const size_t *cand_lens, size_t n);

#endif
