/*
** options.h -- reading the `wonders` command's options: numbers, tiles,
** wonders, packs, seats and shards, each refused with a one-line message
** that names the option and what it takes.
*/
#ifndef WR_OPTIONS_H
#define WR_OPTIONS_H

#include "../lab/games.h"
#include "../lab/players.h"
#include "record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * The command whose `--help` a usage error points at ("play"; NULL: the
 * top level, `wonders --help`).  Set by main() before the command runs.
 */
void wr_opt_set_command(const char *cmd);

/**
 * A usage error: "wonders: MSG" on one line, then one line pointing at the
 * command's --help ("wonders play --help lists the options").  @returns 2.
 */
int wr_opt_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** The name of @p names closest to @p word when it is a plausible typo (as wonderc's); NULL when none is. */
const char *wr_opt_nearest(const char *word, const char *const *names, size_t n);

/**
 * "OPT: unknown WHAT 'VALUE'; did you mean 'X'? (A, B, C)" as a usage
 * error (@returns 2); the suggestion only when one is close; no "OPT: "
 * when @p opt is NULL.
 */
int wr_opt_unknown(const char *opt, const char *what, const char *value, const char *const *names, size_t n);

/**
 * An argument the command does not take: "unknown option '--plyers'; did
 * you mean '--players'? (...)" when it starts with '-', else "unexpected
 * argument".  @p options is NULL-terminated.  @returns 2.
 */
int wr_opt_unknown_option(const char *arg, const char *const *options);

/**
 * The value of option argv[*i] (moving *i to it), or NULL after "OPT needs
 * a value" when it is the last argument.
 */
const char *wr_opt_value(int argc, char **argv, int *i);

/** A --format value among @p names (NULL-terminated): its index, or -1 after the message. */
int wr_opt_format(const char *v, const char *const *names);

/** --rules R,R... or none, refused with a one-line message. */
bool wr_opt_rules(const char *arg, wh_rules_t *rules);

/**
 * Whether @p path is a file that can be read; else "PATH: error: cannot
 * read: WHY" (an input failure: exit 2).
 */
bool wr_opt_readable(const char *path);

/** A decimal number in [lo, hi] and nothing else. */
bool wr_opt_number(const char *s, long lo, long hi, long *out);

/** A numeric option's value, or a one-line message naming option, value and range. */
bool wr_opt_option_number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out);

/**
 * A tile by "pack.id", or by a bare id one pack alone has; -1 after saying
 * why not, with the nearest id and, for @p wonder, the wonders' ids (else
 * each pack's tiles, first to last).
 */
int wr_opt_tile_named(const char *opt, const char *id, bool wonder);

/** "I/N" with 0 <= I < N. */
bool wr_opt_shard_of(const char *s, int *shard, int *shards);

/** --seats K,K,...: one kind per player, or every seat @p fallback when @p arg is NULL. */
bool wr_opt_seats_of(const char *arg, int players, wr_kind_t fallback, wr_kind_t *kind);

/** The machine's cores (1 to 64): the default --jobs. */
int wr_opt_cores(void);

/** Whether -h or --help is among the command's arguments. */
bool wr_opt_wants_help(int argc, char **argv);

/** Every wonder of the tile set (at most WR_MAX_WONDERS). */
bool wr_opt_every_wonder(uint16_t *ids, int *n);

/**
 * --wonders: "all", a count (each game sets out that many at random), or
 * ids.  Only "all" and a count need every wonder to fit beside the track
 * (wr_opt_every_wonder); a list does not, whatever the tile set holds.
 */
bool wr_opt_parse_wonders(const char *arg, uint16_t *ids, int *n, int *per_game);

/** --packs: pack ids of land tiles, into @p packs (and their names into @p rec). */
bool wr_opt_parse_packs(const char *arg, uint32_t *packs, size_t *n, wr_record *rec);

/** The same, where packs of wonder tiles may be named too (`wonders play`):
 *  their wonders are appended to @p wonders (*n_wonders of them, at most
 *  WR_MAX_WONDERS), not dealt. */
bool wr_opt_parse_packs_wonders(const char *arg, uint32_t *packs, size_t *n, wr_record *rec, uint16_t *wonders,
                                int *n_wonders);

/* The options `simulate` and `balance` share: a run of games (--games,
** --players, --seed, --jobs, --packs, --rules, --seats, --format) or a
** merge of their results (--merge FILE...).  Set the defaults, then read
** every argument with wr_opt_run_arg. */
typedef struct wr_run_args {
    const char *cmd;               /* for the messages */
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
bool wr_opt_run_defaults(wr_run_args *r, const char *cmd, long max_games);

/**
 * Read argument @p argv[*i] when it is one of the shared options (moving
 * *i past its value).  Every option takes a value: one without is refused.
 * @returns 1 when it was read, 0 when it is not a shared option, -1 after
 * a one-line message (exit 2).
 */
int wr_opt_run_arg(wr_run_args *r, int argc, char **argv, int *i);

#endif
