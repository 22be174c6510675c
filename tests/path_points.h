/*
** path_points.h -- a drawing row's path data (M L Q Z, absolute, as the
** tables hold it) as points, for the drawings' tests to measure.
*/
#ifndef TEST_PATH_POINTS_H
#define TEST_PATH_POINTS_H

#include <stdbool.h>
#include <stddef.h>

#define PATH_POINTS_MAX 8192

typedef struct path_points {
    double x[PATH_POINTS_MAX], y[PATH_POINTS_MAX];
    bool   start[PATH_POINTS_MAX]; /* a subpath starts here */
    size_t n;
    bool   other; /* the data held a command other than M, L, Q, Z */
} path_points;

/* Path data @p d as points into @p p, each quadratic curve in @p chords
** chords (at most 64); stops short of PATH_POINTS_MAX points. */
void path_points_of(const char *d, int chords, path_points *p);

#endif
