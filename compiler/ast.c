/* ast.c -- small helpers on syntax-tree names; see ast.h. */
#include "ast.h"

#include <string.h>

bool wc_name_is(wc_name name, const char *s)
{
    return strlen(s) == name.n && memcmp(name.p, s, name.n) == 0;
}

bool wc_name_eq(wc_name a, wc_name b)
{
    return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}
