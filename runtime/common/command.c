/* command.c -- how both commands start and end; see command.h. */
#define _GNU_SOURCE /* program_invocation_short_name */
#include "command.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set once, before anything runs: the commands' one piece of global
** state (the runtime library has none). */
static const char *program_name;

const char *wu_program(void)
{
    return program_name ? program_name : program_invocation_short_name;
}

int wu_flushed(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write standard output: %s\n", wu_program(), strerror(errno));
        return 2;
    }
    return status;
}

/* Whether @p name is among @p flags (NULL-terminated). */
static bool is_flag(const char *name, const char *const *flags)
{
    for (size_t k = 0; flags && flags[k]; k++)
        if (!strcmp(name, flags[k]))
            return true;
    return false;
}

/*
** The GNU form `--opt=value` as the two arguments `--opt value`, into @p out
** (room for 2 * argc + 1), so that every command's parser reads both forms
** alike.  The '=' becomes the end of the option's name (argv's strings are
** the program's to change).  A flag given a value is refused here, the one
** place that knows it was written with '='.  @returns the new argc, or -1
** after the message.
*/
static int split_equals(int argc, char **argv, char **out, const wu_syntax *syntax)
{
    int n = 0;
    out[n++] = argv[0];
    for (int i = 1; i < argc; i++) {
        char *a = argv[i], *eq = strchr(a, '=');
        if (!strcmp(a, "--")) { /* the end of the options: the rest as it is */
            while (i < argc)
                out[n++] = argv[i++];
            break;
        }
        if (a[0] != '-' || a[1] != '-' || !eq || eq == a + 2) {
            out[n++] = a;
            continue;
        }
        *eq = '\0';
        if (is_flag(a, syntax->flags)) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s takes no value (given '%s=%s')", a, a, eq + 1);
            syntax->refuse(msg, argc > 1 && argv[1][0] != '-' ? argv[1] : NULL);
            return -1;
        }
        out[n++] = a;
        out[n++] = eq + 1;
    }
    out[n] = NULL;
    return n;
}

int wu_main(int argc, char **argv, const char *program, const wu_syntax *syntax, int (*run)(int argc, char **argv))
{
    program_name = program;
    char **args = malloc((2 * (size_t)argc + 1) * sizeof *args);
    if (!args) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 2;
    }
    int n = split_equals(argc, argv, args, syntax), status = 2;
    if (n >= 0)
        status = wu_flushed(run(n, args));
    free(args);
    return status;
}
