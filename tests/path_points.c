/*
** path_points.c -- path data as points (path_points.h).
*/
#include "path_points.h"

#include <stdlib.h>
#include <string.h>

void path_points_of(const char *d, int chords, path_points *p)
{
    p->n = 0;
    p->other = false;
    double cx = 0, cy = 0, sx = 0, sy = 0;
    char cmd = 0;
    while (*d && p->n + (size_t)chords + 1 < PATH_POINTS_MAX) {
        if (*d == ' ') {
            d++;
            continue;
        }
        if (strchr("MLQZ", *d)) {
            cmd = *d++;
            if (cmd == 'Z') {
                p->x[p->n] = sx, p->y[p->n] = sy, p->start[p->n++] = false;
                cx = sx, cy = sy;
            }
            continue;
        }
        if (!strchr("-0123456789.", *d)) {
            p->other = true;
            d++;
            continue;
        }
        char *end;
        double a = strtod(d, &end), b = strtod(end, &end);
        d = end;
        if (cmd == 'Q') {
            double c = strtod(d, &end), e = strtod(end, &end);
            d = end;
            for (int k = 1; k <= chords; k++) {
                double t = (double)k / chords, u = 1 - t;
                p->x[p->n] = u * u * cx + 2 * u * t * a + t * t * c;
                p->y[p->n] = u * u * cy + 2 * u * t * b + t * t * e;
                p->start[p->n++] = false;
            }
            cx = c, cy = e;
        } else {
            p->x[p->n] = a, p->y[p->n] = b, p->start[p->n++] = cmd == 'M';
            if (cmd == 'M')
                sx = a, sy = b;
            cx = a, cy = b;
        }
    }
}
