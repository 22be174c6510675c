/*
** bench_records.c -- reading a 200-turn YAML record (make bench).
** Usage: bench-records PATH/TO/wonders   (it plays the game it reads)
*/
#define _POSIX_C_SOURCE 200809L
#include "../../runtime/cli/record.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Mean time to read and validate the record at @p path, in milliseconds. */
static double read_ms(const char *path)
{
    enum { reps = 500 };
    wr_record r;
    double t0 = now();
    for (int i = 0; i < reps; i++) {
        wr_read_file(path, &r, stderr);
        wr_record_free(&r);
    }
    return (now() - t0) / reps * 1e3;
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
    /* The target names a 200-turn record: the same game cut after its
       200th turn (a game in progress, whole pile kept) is measured
       beside the complete one. */
    const char *cut = "/tmp/wonders-bench-record-200.yaml";
    size_t all_turns = r.n_turns;
    r.n_turns = 200;
    bool wrote = all_turns >= 200 && wr_write_file(cut, &r, stderr);
    wr_record_free(&r);
    if (!wrote)
        return 1;
    printf("records: reading a %zu-turn YAML record (file to validated turns): %.3f ms\n", all_turns,
           read_ms(path));
    printf("records: reading a 200-turn YAML record (file to validated turns): %.3f ms\n", read_ms(cut));
    remove(path);
    remove(cut);
    return 0;
}
