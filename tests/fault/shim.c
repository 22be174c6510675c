/*
** shim.c -- fault injection for tests/fault.sh, linked into build/wonderc-fault
** and build/wonders-fault only (never into the tools or the library).
**
** It replaces malloc, calloc and realloc (glibc lets a program do so; the
** memory still comes from glibc, __libc_malloc) and wraps the output calls
** the tools make -- write, fsync, rename, mkdir, mkstemp, and fflush or
** fclose of a stream with bytes to write -- so that the N-th of them fails as a full
** disk or an exhausted heap would:
**
**   WH_FAULT_ALLOC=N   the N-th allocation returns NULL (errno ENOMEM)
**   WH_FAULT_IO=N      the N-th output call fails (errno ENOSPC)
**   WH_FAULT_REPORT=F  at exit, write "allocations A\noutputs O\n" to F
**
** walk.c drives the same counters from its fork server (walk.h).
** Allocations made before main (the C runtime's) are not counted.  The
** counters are this test build's global state, by design.
*/
#define _GNU_SOURCE
#include "walk.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);

static long alloc_fail = -1, io_fail = -1;
static long allocs, outputs;
static int armed; /* set once main runs: the runtime's own allocations do not count */
static const char *report;

static long env_number(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? atol(v) : -1;
}

static void write_report(void)
{
    if (!report)
        return;
    armed = 0;
    FILE *f = fopen(report, "w");
    if (f) {
        fprintf(f, "allocations %ld\noutputs %ld\n", allocs, outputs);
        fclose(f);
    }
}

/* First of the constructors: walk.c's runs after it (102). */
__attribute__((constructor(101))) static void fault_init(void)
{
    alloc_fail = env_number("WH_FAULT_ALLOC");
    io_fail = env_number("WH_FAULT_IO");
    report = getenv("WH_FAULT_REPORT");
    atexit(write_report);
    armed = 1;
}

void wh_fault_stop(void)
{
    armed = 0;
    report = NULL;
}

void wh_fault_start(long alloc_at, long io_at, const char *report_to)
{
    allocs = outputs = 0;
    alloc_fail = alloc_at;
    io_fail = io_at;
    report = report_to;
    armed = 1;
}

static int alloc_fails(void)
{
    if (!armed)
        return 0;
    return ++allocs == alloc_fail;
}

static int output_fails(void)
{
    if (!armed)
        return 0;
    if (++outputs == io_fail) {
        errno = ENOSPC;
        return 1;
    }
    return 0;
}

void *malloc(size_t size)
{
    if (alloc_fails()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    if (alloc_fails()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    if (alloc_fails()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_realloc(p, size);
}

/* The output calls: the real one unless this is the call that fails. */
#define REAL(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

ssize_t write(int fd, const void *buf, size_t n)
{
    if (fd > 2 && output_fails())
        return -1;
    return REAL(write)(fd, buf, n);
}

int fsync(int fd)
{
    if (output_fails())
        return -1;
    return REAL(fsync)(fd);
}

int rename(const char *from, const char *to)
{
    if (output_fails())
        return -1;
    return REAL(rename)(from, to);
}

int mkdir(const char *path, mode_t mode)
{
    if (output_fails())
        return -1;
    return REAL(mkdir)(path, mode);
}

int mkstemp(char *template)
{
    if (output_fails())
        return -1;
    return REAL(mkstemp)(template);
}

/* A stream fails where it has something to write: a flush or a close with
** bytes still in its buffer (an empty flush cannot meet a full disk). */
int fflush(FILE *f)
{
    size_t pending = f && f != stderr ? __fpending(f) : 0;
    int r = REAL(fflush)(f);
    if (pending && output_fails())
        return EOF;
    return r;
}

int fclose(FILE *f)
{
    int fails = f != stderr && __fpending(f) && output_fails();
    int r = REAL(fclose)(f);
    return fails ? EOF : r;
}
