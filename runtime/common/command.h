/*
** command.h -- how both commands start and end.
*/
#ifndef WU_COMMAND_H
#define WU_COMMAND_H

/** How a command's arguments are written, for wu_main. */
typedef struct wu_syntax {
    const char *const *flags; /* the long options that take no value, NULL-terminated */
    /* Say @p msg as the command's usage errors are said (@p command: the
     * subcommand named first, or NULL). */
    void (*refuse)(const char *msg, const char *command);
} wu_syntax;

/**
 * Run @p run on the command line and return its exit status -- unless
 * standard output cannot take what was written to it (a full disk, a closed
 * pipe): then "PROGRAM: cannot write standard output: REASON" and 2, so
 * that no command reports success for output that never arrived.
 * @p program ("wonderc", "wonders") names the command in that message and
 * in "out of memory" (xalloc.h), whatever the binary is called.
 * Every `--opt=value` argument reaches @p run as `--opt` `value` (the GNU
 * form, for every option of every command); a flag of @p syntax given a
 * value is refused, through its refuse (exit 2).
 * Arguments after `--` are passed as they are.
 */
int wu_main(int argc, char **argv, const char *program, const wu_syntax *syntax,
            int (*run)(int argc, char **argv));

/**
 * @p status, or 2 with "PROGRAM: cannot write standard output: REASON"
 * when standard output cannot take what was written to it: for a command
 * that must know before it writes a file (the file comes last).
 */
int wu_flushed(int status);

/** The command's name as wu_main was given it (before: the binary's). */
const char *wu_program(void);

#endif
