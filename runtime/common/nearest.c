/* nearest.c -- "did you mean"; see nearest.h. */
#include "nearest.h"

#include <strings.h>

size_t wu_edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    enum { MAX = 64 };
    if (la > MAX || lb > MAX)
        return (size_t)-1;
    size_t d[MAX + 1][MAX + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

size_t wu_typo_limit(size_t len)
{
    return len / 3 > 1 ? len / 3 : 1;
}

int wu_closest(const char *word, size_t len, const char *const *cands, const size_t *cand_lens, size_t n)
{
    size_t limit = wu_typo_limit(len), best = (size_t)-1;
    int found = -1;
    for (size_t i = 0; i < n; i++) /* a slip of case first: 'base.e' is base.E, not base.A */
        if (cand_lens[i] == len && !strncasecmp(word, cands[i], len))
            return (int)i;
    for (size_t i = 0; i < n; i++) {
        /* lengths further apart than the limit cannot be within it */
        if (cand_lens[i] > len + limit || len > cand_lens[i] + limit)
            continue;
        size_t d = wu_edit_distance(word, len, cands[i], cand_lens[i]);
        if (d <= limit && d < best) {
            best = d;
            found = (int)i;
        }
    }
    return found;
}
