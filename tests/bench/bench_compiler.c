/*
** bench_compiler.c -- speed and memory of wonderc (make bench).
**
**  1. The real tile set, compiled in process many times: time per compile,
**     with the drawings off (read, parse and check: what every command but
**     `compile` does) and on (what `wonderc compile` does before writing).
**  2. Synthetic inputs of 10,000, 40,000 and 160,000 tile definitions,
**     compiled by the real command in a child process: throughput in MB/s
**     of source, and peak resident memory against the input size.
**
** Usage: bench-compiler PATH/TO/wonderc TILE_FILE...
*/
#define _POSIX_C_SOURCE 200809L
#include "../../compiler/driver.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void bench_real_set(char **files, int n, bool draw)
{
    enum { RUNS = 200 };
    double t[RUNS];
    FILE *sink = fopen("/dev/null", "w");
    for (int r = 0; r < RUNS; r++) {
        double start = now();
        wc_compilation c;
        wc_compilation_init(&c, sink);
        c.model.draw = draw;
        for (int i = 0; i < n; i++)
            wc_compilation_add_file(&c, files[i]);
        if (!wc_compilation_check(&c)) {
            fprintf(stderr, "bench: the tile set does not compile\n");
            exit(1);
        }
        wc_compilation_free(&c);
        t[r] = now() - start;
    }
    fclose(sink);
    qsort(t, RUNS, sizeof *t, cmp_double);
    printf("real tile set (%d files): %s median %.3f ms, min %.3f ms over %d runs\n", n,
           draw ? "read+parse+check+drawings" : "read+parse+check, no drawings", t[RUNS / 2] * 1e3, t[0] * 1e3,
           RUNS);
}

/* A land tile and a wonder, as templates; %d is the tile's number. */
static const char land[] =
    "    tile t%d \"Land %d\" {\n"
    "        count 2;\n"
    "        square { N city; E road; S field; W road; }\n"
    "        city c { sides N; arms 1; }\n"
    "        road r { sides W, E; }\n"
    "        field f1 { sides EL, WR; touches c; }\n"
    "        field f2 { sides ER, S, WL; }\n"
    "        expect count(field where touches = 1) = 1;\n"
    "    }\n";
static const char wonder[] =
    "    wonder w%d \"Wonder %d\" {\n"
    "        square tl (0, 0) { N field; W road; S field; }\n"
    "        square tc (1, 0) { N road; }\n"
    "        square tr (2, 0) { N city; E field; }\n"
    "        square bc (1, 1) { W field; S road; }\n"
    "        square br (2, 1) { E road; S field; }\n"
    "        area circle { on tc; crosses tc:S, bc:E; }\n"
    "        road fork { sides tl:W, tc:N; crosses tl:E; ends circle; }\n"
    "        city town { sides tr:N; }\n"
    "        road south { sides bc:S; ends circle; }\n"
    "        road east { sides br:E; ends circle; }\n"
    "        field between_arms { sides tl:WR, tl:N, tc:NL; crosses tl:E; }\n"
    "        field city_side { sides tc:NR, tr:E, br:EL; crosses tc:E, tr:S; touches town, circle; }\n"
    "        field south_east { sides br:ER, br:S, bc:SL; crosses br:W; touches circle; }\n"
    "        field west { sides bc:SR, bc:W, tl:S, tl:WL; crosses tl:E, tc:S; touches circle; }\n"
    "        expect count(road where squares = 2, open = 2) = 1;\n"
    "    }\n";

/* Writes `tiles` definitions (one wonder in four) over files of at most
** 40,000 tiles each; returns the number of files and the total size. */
static int write_synthetic(const char *dir, int tiles, size_t *bytes)
{
    enum { PER_FILE = 40000 };
    int files = 0;
    *bytes = 0;
    for (int first = 0; first < tiles; first += PER_FILE, files++) {
        char path[512];
        snprintf(path, sizeof path, "%s/synthetic%d.tiles", dir, files);
        FILE *f = fopen(path, "w");
        if (!f) {
            perror(path);
            exit(1);
        }
        fprintf(f, "pack p%d \"Synthetic %d\" {\n", files, files);
        for (int i = first; i < tiles && i < first + PER_FILE; i++)
            fprintf(f, i % 4 == 3 ? wonder : land, i, i);
        fprintf(f, "}\n");
        *bytes += (size_t)ftell(f);
        fclose(f);
    }
    return files;
}

/* `wonderc compile -o DIR/out` (or, with @p dump, `wonderc dump -o
** DIR/out/tiles.yaml`) on the synthetic files, in a child process. */
static void run_wonderc(const char *wonderc, bool dump, const char *dir, int files, double *seconds,
                        long *max_rss_kb)
{
    char **argv = calloc((size_t)files + 5, sizeof *argv);
    char out[512];
    snprintf(out, sizeof out, "%s/out", dir);
    mkdir(out, 0755);
    if (dump)
        snprintf(out, sizeof out, "%s/out/tiles.yaml", dir);
    argv[0] = (char *)wonderc;
    static char compile[] = "compile", dump_cmd[] = "dump", dash_o[] = "-o";
    argv[1] = dump ? dump_cmd : compile;
    argv[2] = dash_o;
    argv[3] = out;
    for (int i = 0; i < files; i++) {
        argv[4 + i] = malloc(512);
        snprintf(argv[4 + i], 512, "%s/synthetic%d.tiles", dir, i);
    }
    double start = now();
    pid_t pid = fork();
    if (pid == 0) {
        execv(wonderc, argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    *seconds = now() - start;
    *max_rss_kb = ru.ru_maxrss;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench: wonderc failed on the synthetic input\n");
        exit(1);
    }
    for (int i = 0; i < files; i++)
        free(argv[4 + i]);
    free(argv);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench-compiler WONDERC TILE_FILE...\n");
        return 2;
    }
    bench_real_set(argv + 2, argc - 2, false);
    bench_real_set(argv + 2, argc - 2, true);
    char dir[] = "/tmp/wonderc-bench-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    printf("synthetic input (3 land tiles to 1 wonder), wonderc compile, one core:\n");
    printf("  %8s %10s %10s %10s %12s %10s\n", "tiles", "input MB", "seconds", "MB/s", "peak RSS MB", "RSS/input");
    double base_time = 0;
    for (int scale = 1; scale <= 16; scale *= 4) {
        size_t bytes;
        int tiles = 10000 * scale;
        int files = write_synthetic(dir, tiles, &bytes);
        double best = 1e9;
        long rss = 0;
        for (int r = 0; r < 3; r++) {
            double s;
            long kb;
            run_wonderc(argv[1], false, dir, files, &s, &kb);
            if (s < best)
                best = s;
            rss = kb;
        }
        if (scale == 1)
            base_time = best;
        double mb = (double)bytes / 1e6;
        printf("  %8d %10.2f %10.3f %10.1f %12.1f %10.1fx   (time %.1fx of 1x)\n", tiles, mb, best, mb / best,
               (double)rss / 1024.0, (double)rss * 1024.0 / (double)bytes, best / base_time);
    }
    /* The readable record (generated/tiles.yaml) is its own command, off the
    ** compile path: its cost is measured here, apart. */
    size_t bytes;
    int files = write_synthetic(dir, 10000, &bytes);
    double best = 1e9;
    long kb = 0;
    for (int r = 0; r < 3; r++) {
        double s;
        run_wonderc(argv[1], true, dir, files, &s, &kb);
        best = s < best ? s : best;
    }
    char yaml[512];
    snprintf(yaml, sizeof yaml, "%s/out/tiles.yaml", dir);
    struct stat st;
    double out_mb = stat(yaml, &st) == 0 ? (double)st.st_size / 1e6 : 0;
    printf("wonderc dump (the YAML record, libyaml's emitter), 10000 tiles: %.3f s, %.2f MB of YAML, peak RSS %.1f MB\n",
           best, out_mb, (double)kb / 1024.0);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
