/*
** bench_records.c -- reading a 200-turn YAML record (make bench).
** Usage: bench-records PATH/TO/wonders   (it plays the game it reads)
*/
#define _POSIX_C_SOURCE 200809L
#include "../../runtime/cli/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    char cmd[512];
    const char *path = "/tmp/wonders-bench-record.yaml";
    /* three copies of the base game: a record of about 200 turns */
    snprintf(cmd, sizeof cmd, "%s play --quiet --seats random,random,random,random --packs base,base,base "
                              "--record %s > /dev/null", argv[1], path);
    if (system(cmd) != 0)
        return 1;
    wr_record r;
    if (!wr_read_file(path, &r, stderr))
        return 1;
    size_t turns = r.n_turns;
    wr_record_free(&r);
    int reps = 500;
    double t0 = now();
    for (int i = 0; i < reps; i++) {
        wr_read_file(path, &r, stderr);
        wr_record_free(&r);
    }
    double each = (now() - t0) / reps;
    printf("records: reading a %zu-turn YAML record (file to validated turns): %.3f ms\n", turns, each * 1e3);
    remove(path);
    return 0;
}
