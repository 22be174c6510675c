/*
** duel_cmd.h -- `wonders duel`: its options, the lab's duel
** (runtime/lab/duel.h), its report (docs/players.md).
*/
#ifndef WR_DUEL_CMD_H
#define WR_DUEL_CMD_H

/** `wonders duel ARGS`: @returns the exit status. */
int wr_cmd_duel(int argc, char **argv);

#endif
