/* names.c -- "did you mean" and name sets; see names.h. */
#include "names.h"
#include "../runtime/common/nearest.h"
#include "../runtime/common/xalloc.h"

#include <string.h>

const char *wc_kind_alias(const char *word, size_t len)
{
    static const char *const aliases[][2] = {
        {"castle", "city"},     {"town", "city"},        {"fortress", "city"},   {"cloister", "monastery"},
        {"abbey", "monastery"}, {"church", "monastery"}, {"farm", "field"},      {"meadow", "field"},
        {"farmer", "field"},    {"path", "road"},        {"street", "road"},     {"highway", "road"},
        {"stream", "river"},    {"water", "river"},      {"lake", "river"},      {"wonder", "area"},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (strlen(aliases[i][0]) == len && !memcmp(aliases[i][0], word, len))
            return aliases[i][1];
    return NULL;
}

static uint32_t hash_bytes(const char *p, uint32_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h;
}

void wc_nameset_init(wc_nameset *s)
{
    s->slots = NULL;
    s->cap = s->count = 0;
}

void wc_nameset_free(wc_nameset *s)
{
    free(s->slots);
    wc_nameset_init(s);
}

static void rehash(wc_nameset *s)
{
    size_t cap = s->cap ? s->cap * 2 : 64;
    wc_nameset_entry *slots = wu_xcalloc(cap, sizeof *slots);
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->slots[i].p)
            continue;
        size_t j = s->slots[i].hash & (cap - 1);
        while (slots[j].p)
            j = (j + 1) & (cap - 1);
        slots[j] = s->slots[i];
    }
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
}

const wc_nameset_entry *wc_nameset_add(wc_nameset *s, const char *p, uint32_t n, wc_loc at)
{
    if ((s->count + 1) * 2 > s->cap)
        rehash(s);
    uint32_t h = hash_bytes(p, n);
    size_t j = h & (s->cap - 1);
    while (s->slots[j].p) {
        wc_nameset_entry *e = &s->slots[j];
        if (e->hash == h && e->n == n && memcmp(e->p, p, n) == 0)
            return e;
        j = (j + 1) & (s->cap - 1);
    }
    s->slots[j] = (wc_nameset_entry){p, n, h, at};
    s->count++;
    return NULL;
}
