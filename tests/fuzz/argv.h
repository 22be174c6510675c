/*
** argv.h -- fuzz input as a command line: the bytes split at NUL or newline
** into at most FUZZ_MAX_ARGS arguments, after a fixed program name and
** command.  Shared by the two command-line fuzz targets.
*/
#ifndef FUZZ_ARGV_H
#define FUZZ_ARGV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FUZZ_MAX_ARGS = 24 };

typedef struct fuzz_argv {
    char *text;                        /* the input, NUL-terminated pieces */
    char *argv[FUZZ_MAX_ARGS + 3];
    int   argc;
} fuzz_argv;

/* The commands' own messages and help go nowhere: printed for every input,
** they filled a log with 32 GB in an hour.  Only the FILE pointers change;
** the sanitizers and libFuzzer write to file descriptor 2, which stays. */
static inline void fuzz_argv_quiet(void)
{
    static FILE *nowhere;
    if (!nowhere) {
        nowhere = fopen("/dev/null", "w");
        if (nowhere) {
            stdout = nowhere;
            stderr = nowhere;
        }
    }
}

/* argv[0] is the program, argv[1] the first piece (the command), and so on. */
static inline int fuzz_argv_split(fuzz_argv *a, const char *program, const uint8_t *data, size_t size)
{
    a->text = malloc(size + 1);
    if (!a->text)
        return 0;
    memcpy(a->text, data, size);
    a->text[size] = '\0';
    a->argc = 0;
    a->argv[a->argc++] = (char *)program;
    char *p = a->text, *end = a->text + size;
    while (p <= end && a->argc < FUZZ_MAX_ARGS + 1) {
        char *stop = p;
        while (stop < end && *stop != '\n' && *stop != '\0')
            stop++;
        *stop = '\0';
        a->argv[a->argc++] = p;
        p = stop + 1;
    }
    a->argv[a->argc] = NULL;
    return 1;
}

#endif
