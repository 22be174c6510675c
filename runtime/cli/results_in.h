/*
** results_in.h -- the one reader of results files (`simulate` and
** `balance`, --format yaml, read back by --merge): the document's frame
** (format and body), and the lists both write alike (seats, rules).  Each
** command reads its own body with yaml_in.h.
*/
#ifndef WR_RESULTS_IN_H
#define WR_RESULTS_IN_H

#include "../lab/players.h"
#include "yaml_in.h"

/* What a results file is: its document named for messages ("simulation
** results"), the key of its body ("simulation"), the whole named in the
** last message ("set of results"), and the reader of the body. */
typedef struct wr_results_kind {
    const char *what, *body_key, *whole;
    bool (*body)(wr_yaml_in *in, void *ctx);
} wr_results_kind;

/** Read results of @p kind from @p text (named @p name in messages) into @p ctx; problems go to @p err. */
bool wr_results_read_text(const wr_results_kind *kind, const char *name, const char *text, size_t len, void *ctx,
                          FILE *err);

/** The same from the file @p path. */
bool wr_results_read(const wr_results_kind *kind, const char *path, void *ctx, FILE *err);

/** seats: [kind, ...] into @p seats (at most WH_MAX_PLAYERS); *n is how many were listed. */
bool wr_in_seats(wr_yaml_in *in, wr_kind_t *seats, int *n);

/** rules: [word, ...], each rule's bit set in *rules. */
bool wr_in_rules(wr_yaml_in *in, wh_rules_t *rules);

#endif
