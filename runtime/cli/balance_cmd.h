/* balance_cmd.h -- `wonders balance` (balance_cmd.c). */
#ifndef WR_BALANCE_CMD_H
#define WR_BALANCE_CMD_H

/** The command's usage text. */
extern const char wr_usage_balance[];

/** Run `wonders balance` with the command's arguments; @returns its exit status. */
int wr_cmd_balance(int argc, char **argv);

#endif
