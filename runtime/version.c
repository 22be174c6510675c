/* version.c -- the version of the library linked; see wonders.h. */
#include "wonders.h"

const char *wh_version(void)
{
    return WH_VERSION;
}
