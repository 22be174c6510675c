/*
** command.h -- how both commands start and end.
*/
#ifndef WU_COMMAND_H
#define WU_COMMAND_H

/**
 * Run @p run on the command line and return its exit status -- unless
 * standard output cannot take what was written to it (a full disk, a closed
 * pipe): then "PROGRAM: cannot write standard output: REASON" and 2, so
 * that no command reports success for output that never arrived.
 * @p program ("wonderc", "wonders") names the command in that message and
 * in "out of memory" (xalloc.h), whatever the binary is called.
 */
int wu_main(int argc, char **argv, const char *program, int (*run)(int argc, char **argv));

/**
 * @p status, or 2 with "PROGRAM: cannot write standard output: REASON"
 * when standard output cannot take what was written to it: for a command
 * that must know before it writes a file (the file comes last).
 */
int wu_flushed(int status);

/** The command's name as wu_main was given it (before: the binary's). */
const char *wu_program(void);

#endif
