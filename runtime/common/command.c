/* command.c -- how both commands start and end; see command.h. */
#define _GNU_SOURCE /* program_invocation_short_name */
#include "command.h"

#include <errno.h>
#include <stdio.h>
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

int wu_main(int argc, char **argv, const char *program, int (*run)(int argc, char **argv))
{
    program_name = program;
    return wu_flushed(run(argc, argv));
}
