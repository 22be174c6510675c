/*
** names.h -- name lookup helpers: "did you mean" and a set of seen names.
*/
#ifndef WC_NAMES_H
#define WC_NAMES_H

#include "diag.h"

#include <stddef.h>
#include <stdint.h>

#include "../runtime/common/nearest.h" /* wu_closest: the nearest name, for "did you mean" */

/**
 * The kind of feature another edition or language calls @p word ("castle"
 * is a city, "cloister" a monastery, "farm" a field), or NULL: suggested
 * where edit distance cannot find it.
 */
const char *wc_kind_alias(const char *word, size_t len);

/* A set of names with the location where each was first seen. */
typedef struct wc_nameset_entry {
    const char *p;
    uint32_t    n;
    uint32_t    hash;
    wc_loc      at;
} wc_nameset_entry;

typedef struct wc_nameset {
    wc_nameset_entry *slots;
    size_t cap, count;
} wc_nameset;

/** Prepare an empty set. */
void wc_nameset_init(wc_nameset *s);

/** Release the set (not the names, which it only points at). */
void wc_nameset_free(wc_nameset *s);

/**
 * Add @p n bytes at @p p, first seen at @p at.
 * @returns NULL when the name is new, else the entry of its first occurrence.
 */
const wc_nameset_entry *wc_nameset_add(wc_nameset *s, const char *p, uint32_t n, wc_loc at);

#endif
