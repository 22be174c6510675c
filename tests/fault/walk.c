/*
** walk.c -- the fault walk as a fork server, linked into the -fault builds
** beside shim.c (tests/fault.sh).
**
** With WH_FAULT_WALK=LABEL and WH_FAULT_DIR=D set, the process never reaches
** main as itself.  Its constructor becomes the walker: it forks one child per
** fault point, and each child returns from the constructor into main with
** that point armed -- the program's own start, without a new exec, a new
** dynamic link or a new sanitizer runtime per point.  An exec per point, with
** the shell's copies and diffs around it, cost 100 s for the 11,500 points
** of tests/fault.sh; this costs a few.
**
** D/seed is the folder the command runs in as it is before each run.  The
** walker lays it out in D/run, runs the command once without a fault (it must
** exit 0) to count its points and keep its outputs in D/good, then once per
** allocation and once per output call with that call failing.  Each run must
** end with
**   - exit 0, 1 or 2: no signal, no sanitizer exit (UBSan's is set apart by
**     UBSAN_OPTIONS=exitcode=87), no "runtime error" on stderr;
**   - exit 0 only with the good run's outputs, byte for byte;
**   - otherwise a message on stderr, and the folder exactly as it was before:
**     nothing half written, no temporary left.
** It prints "FAIL: ..." for each failing point, then
**   fault: LABEL: A allocations and O output calls, each failed once
**   fault walk: P passed, F failed
** and exits 0 when none failed, 1 otherwise (2 when it cannot run at all).
*/
#define _GNU_SOURCE
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A run that takes longer than this is a hang, reported as a signal. */
enum { RUN_SECONDS = 60 };

static char dir[4096];
static char report[4096]; /* static: a child keeps it past the walker's frame */
static const char *label;
static long passed, failed;

static void die(const char *what, const char *path)
{
    fprintf(stderr, "fault walk: %s '%s': %s\n", what, path, strerror(errno));
    _exit(2);
}

static void join(char *out, size_t size, const char *a, const char *b)
{
    if ((size_t)snprintf(out, size, "%s/%s", a, b) >= size) {
        errno = ENAMETOOLONG;
        die("path too long", a);
    }
}

/* ---- files and folders -------------------------------------------------- */

/* The whole of a file, or NULL with *len 0 when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = more;
        }
    }
    fclose(f);
    if (!buf)
        die("out of memory reading", path);
    *len = n;
    return buf;
}

static bool same_file(const char *a, const char *b)
{
    size_t la, lb;
    char *x = slurp(a, &la), *y = slurp(b, &lb);
    bool same = x && y && la == lb && !memcmp(x, y, la);
    free(x);
    free(y);
    return same;
}

static void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (!d)
            die("cannot open", path);
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char sub[4096];
            join(sub, sizeof sub, path, e->d_name);
            remove_tree(sub);
        }
        closedir(d);
        if (rmdir(path) != 0)
            die("cannot remove", path);
    } else if (unlink(path) != 0) {
        die("cannot remove", path);
    }
}

static void copy_tree(const char *from, const char *to)
{
    struct stat st;
    if (lstat(from, &st) != 0)
        die("cannot read", from);
    if (S_ISDIR(st.st_mode)) {
        if (mkdir(to, 0755) != 0)
            die("cannot create", to);
        DIR *d = opendir(from);
        if (!d)
            die("cannot open", from);
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char a[4096], b[4096];
            join(a, sizeof a, from, e->d_name);
            join(b, sizeof b, to, e->d_name);
            copy_tree(a, b);
        }
        closedir(d);
        return;
    }
    size_t len;
    char *bytes = slurp(from, &len);
    FILE *f = fopen(to, "wb");
    if (!bytes || !f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0)
        die("cannot copy to", to);
    free(bytes);
}

/* The names in a folder, sorted, as one string of NUL-ended names. */
static char *listing(const char *path, size_t *len)
{
    struct dirent **names;
    int n = scandir(path, &names, NULL, alphasort);
    if (n < 0)
        die("cannot list", path);
    size_t cap = 1, used = 0;
    for (int i = 0; i < n; i++)
        cap += strlen(names[i]->d_name) + 1;
    char *out = malloc(cap);
    if (!out)
        die("out of memory listing", path);
    for (int i = 0; i < n; i++) {
        size_t l = strlen(names[i]->d_name) + 1;
        memcpy(out + used, names[i]->d_name, l);
        used += l;
        free(names[i]);
    }
    free(names);
    *len = used;
    return out;
}

/* Two trees hold the same names, kinds and bytes. */
static bool same_tree(const char *a, const char *b)
{
    struct stat sa, sb;
    if (lstat(a, &sa) != 0 || lstat(b, &sb) != 0)
        return false;
    if (S_ISDIR(sa.st_mode) != S_ISDIR(sb.st_mode))
        return false;
    if (!S_ISDIR(sa.st_mode))
        return sa.st_size == sb.st_size && same_file(a, b);
    size_t la, lb;
    char *na = listing(a, &la), *nb = listing(b, &lb);
    bool same = la == lb && !memcmp(na, nb, la);
    for (size_t at = 0; same && at < la; at += strlen(na + at) + 1) {
        const char *name = na + at;
        if (!strcmp(name, ".") || !strcmp(name, ".."))
            continue;
        char pa[4096], pb[4096];
        join(pa, sizeof pa, a, name);
        join(pb, sizeof pb, b, name);
        same = same_tree(pa, pb);
    }
    free(na);
    free(nb);
    return same;
}

/* ---- one run ---------------------------------------------------------- */

/* The child's side: outputs into D/NAME.out and D/NAME.err, the point armed;
** returns into the constructor's caller, and so into main. */
static void become_run(const char *name, long alloc_at, long io_at, const char *report)
{
    char out[4096], err[4096];
    join(out, sizeof out, dir, strcmp(name, "good") ? "out" : "good.out");
    join(err, sizeof err, dir, strcmp(name, "good") ? "err" : "good.err");
    int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
        die("cannot redirect into", dir);
    close(fo);
    close(fe);
    alarm(RUN_SECONDS);
    wh_fault_start(alloc_at, io_at, report);
}

/* Fork a run; in the child this returns true (go on into main), in the
** walker it waits and returns false with the wait status in *status. */
static bool run(const char *name, long alloc_at, long io_at, const char *report, int *status)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        die("cannot fork in", dir);
    if (pid == 0) {
        become_run(name, alloc_at, io_at, report);
        return true;
    }
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR)
            die("cannot wait in", dir);
    return false;
}

static bool stderr_has(const char *path, const char *needle, bool *empty)
{
    size_t len;
    char *text = slurp(path, &len);
    bool has = false;
    if (text) {
        char *end = text + len;
        for (char *p = text; !has && p + strlen(needle) <= end; p++)
            has = !memcmp(p, needle, strlen(needle));
    }
    if (empty)
        *empty = len == 0;
    free(text);
    return has;
}

static void fail(const char *kind, long n, long last, const char *why)
{
    failed++;
    printf("FAIL: %s, %s point %ld of %ld: %s\n", label, kind, n, last, why);
    char err[4096];
    join(err, sizeof err, dir, "err");
    size_t len;
    char *text = slurp(err, &len);
    if (text && len) {
        printf("      stderr: %.*s%s", (int)(len > 300 ? 300 : len), text, text[len - 1] == '\n' ? "" : "\n");
    }
    free(text);
}

/* Judge the run of point n of kind: see the file's header. */
static void judge(const char *kind, long n, long last, int status, const char *seed, const char *runp,
                  const char *good)
{
    char err[4096], out[4096], good_out[4096];
    join(err, sizeof err, dir, "err");
    join(out, sizeof out, dir, "out");
    join(good_out, sizeof good_out, dir, "good.out");
    bool empty;
    bool sanitizer = stderr_has(err, "runtime error", &empty);
    char why[160];
    if (WIFSIGNALED(status)) {
        snprintf(why, sizeof why, "killed by signal %d", WTERMSIG(status));
        fail(kind, n, last, why);
    } else if (WEXITSTATUS(status) > 2) {
        snprintf(why, sizeof why, "exit %d", WEXITSTATUS(status));
        fail(kind, n, last, why);
    } else if (sanitizer) {
        fail(kind, n, last, "a sanitizer report");
    } else if (WEXITSTATUS(status) == 0) {
        if (same_tree(good, runp) && same_file(good_out, out))
            passed++;
        else
            fail(kind, n, last, "exit 0, but the outputs differ from a good run");
    } else if (empty) {
        snprintf(why, sizeof why, "exit %d without a message", WEXITSTATUS(status));
        fail(kind, n, last, why);
    } else if (!same_tree(seed, runp)) {
        snprintf(why, sizeof why, "exit %d, and an output changed or a file was left", WEXITSTATUS(status));
        fail(kind, n, last, why);
    } else {
        passed++;
    }
}

static long report_number(const char *path, const char *key)
{
    size_t len;
    char *text = slurp(path, &len);
    long value = -1;
    if (text) {
        char *end = text + len;
        size_t kl = strlen(key);
        for (char *p = text; p + kl < end; p++)
            if ((p == text || p[-1] == '\n') && !memcmp(p, key, kl) && p[kl] == ' ') {
                value = atol(p + kl + 1);
                break;
            }
    }
    free(text);
    return value;
}

/* The walker: returns only in a child, which then runs main. */
static void walk(void)
{
    char seed[4096], runp[4096], good[4096];
    join(seed, sizeof seed, dir, "seed");
    join(runp, sizeof runp, dir, "run");
    join(good, sizeof good, dir, "good");
    join(report, sizeof report, dir, "report");
    remove_tree(runp);
    remove_tree(good);
    copy_tree(seed, runp);
    if (chdir(runp) != 0)
        die("cannot enter", runp);

    int status;
    if (run("good", -1, -1, report, &status))
        return;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char err[4096];
        join(err, sizeof err, dir, "good.err");
        printf("FAIL: %s: the run without faults failed (status %d)\n", label, status);
        size_t len;
        char *text = slurp(err, &len);
        printf("%.*s\n", (int)(len > 2000 ? 2000 : len), text ? text : "");
        free(text);
        printf("fault walk: 0 passed, 1 failed\n");
        _exit(1);
    }
    copy_tree(runp, good);
    long points[2] = {report_number(report, "allocations"), report_number(report, "outputs")};
    if (points[0] < 1 || points[1] < 0) {
        printf("FAIL: %s: the run without faults reported no counts\n", label);
        printf("fault walk: 0 passed, 1 failed\n");
        _exit(1);
    }
    const char *kinds[2] = {"ALLOC", "IO"};
    bool clean = false; /* D/run is known to equal D/seed */
    for (int k = 0; k < 2; k++)
        for (long n = 1; n <= points[k]; n++) {
            if (!clean) {
                if (chdir(dir) != 0)
                    die("cannot enter", dir);
                remove_tree(runp);
                copy_tree(seed, runp);
                if (chdir(runp) != 0)
                    die("cannot enter", runp);
            }
            if (run("run", k == 0 ? n : -1, k == 1 ? n : -1, NULL, &status))
                return;
            judge(kinds[k], n, points[k], status, seed, runp, good);
            /* A run that failed cleanly left the folder as the seed; only
            ** then can the next run start without a fresh copy. */
            clean = WIFEXITED(status) && WEXITSTATUS(status) != 0 && same_tree(seed, runp);
        }
    printf("fault: %s: %ld allocations and %ld output calls, each failed once\n", label, points[0], points[1]);
    printf("fault walk: %ld passed, %ld failed\n", passed, failed);
    fflush(stdout);
    _exit(failed ? 1 : 0);
}

/* After the shim's own constructor (101), before main. */
__attribute__((constructor(102))) static void walk_init(void)
{
    label = getenv("WH_FAULT_WALK");
    const char *d = getenv("WH_FAULT_DIR");
    if (!label || !*label)
        return;
    if (!d || !*d || strlen(d) >= sizeof dir) {
        fprintf(stderr, "fault walk: WH_FAULT_DIR names no folder\n");
        _exit(2);
    }
    strcpy(dir, d);
    wh_fault_stop();
    walk();
}
