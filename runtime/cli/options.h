/*
** options.h -- reading the `wonders` command's options: numbers, tiles,
** wonders, packs, seats and shards, each refused with a one-line message
** that names the option and what it takes.
*/
#ifndef WR_OPTIONS_H
#define WR_OPTIONS_H

#include "games.h"
#include "players.h"
#include "record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Print "wonders: MSG ARG" and @p usage on stderr; @returns 2. */
int wr_opt_usage_error(const char *usage, const char *msg, const char *arg);

/** A decimal number in [lo, hi] and nothing else. */
bool wr_opt_number(const char *s, long lo, long hi, long *out);

/** A numeric option's value, or a one-line message naming option, value and range. */
bool wr_opt_option_number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out);

/** A tile by "pack.id", or by a bare id one pack alone has; -1 after saying why not. */
int wr_opt_tile_named(const char *opt, const char *id);

/** "I/N" with 0 <= I < N. */
bool wr_opt_shard_of(const char *s, int *shard, int *shards);

/** --seats K,K,...: one kind per player, or every seat @p fallback when @p arg is NULL. */
bool wr_opt_seats_of(const char *arg, int players, wr_kind_t fallback, wr_kind_t *kind, const char *usage);

/** The machine's cores (1 to 64): the default --jobs. */
int wr_opt_cores(void);

/** Whether -h or --help is among the command's arguments. */
bool wr_opt_wants_help(int argc, char **argv);

/** Every wonder of the tile set (at most WR_MAX_WONDERS). */
bool wr_opt_every_wonder(uint16_t *ids, int *n);

/** --wonders: "all", a count (each game sets out that many at random), or ids. */
bool wr_opt_parse_wonders(const char *arg, uint16_t *ids, int *n, int *per_game);

/** --packs: pack ids of land tiles, into @p packs (and their names into @p rec). */
bool wr_opt_parse_packs(const char *arg, uint32_t *packs, size_t *n, wr_record *rec);

/* The options `simulate` and `balance` share: a run of games (--games,
** --players, --seed, --jobs, --packs, --rules, --seats, --format) or a
** merge of their results (--merge FILE...).  Set the defaults, then read
** every argument with wr_opt_run_arg. */
typedef struct wr_run_args {
    const char *cmd, *usage;       /* for the messages */
    long     max_games;
    wr_run   run;                  /* what was read (games 0: not given), shard 0 of 1;
                                      the command adds the seats and its shard */
    uint32_t packs[WR_MAX_PACKS];  /* run.packs */
    const char *packs_text;
    const char *seats;             /* --seats as given, NULL when not */
    bool     yaml;                 /* --format yaml (default: table) */
    bool     merge;
    const char *merge_files[256];
    int      n_merge;
} wr_run_args;

/**
 * Defaults for @p cmd: 4 players, seed 1, a thread per core, the land tiles
 * of base and Inns & Cathedrals.  @returns false after saying why.
 */
bool wr_opt_run_defaults(wr_run_args *r, const char *cmd, const char *usage, long max_games);

/**
 * Read argument @p argv[*i] when it is one of the shared options (moving
 * *i past its value).  Every option takes a value: one without is refused.
 * @returns 1 when it was read, 0 when it is not a shared option (@p
 * argv[*i + 1] is then its value), -1 after a one-line message (exit 2).
 */
int wr_opt_run_arg(wr_run_args *r, int argc, char **argv, int *i);

#endif
