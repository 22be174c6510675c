/* results_in.c -- the one reader of results files; see results_in.h. */
#include "results_in.h"

#include <stdlib.h>

bool wr_results_read_text(const wr_results_kind *kind, const char *name, const char *text, size_t len, void *ctx,
                          FILE *err)
{
    wr_yaml_in in;
    bool ok = wr_in_start(&in, name, "file", text, len, err) &&
              wr_in_results(&in, kind->what, kind->body_key, kind->body, ctx);
    return wr_in_finish(&in, ok, kind->whole);
}

bool wr_results_read(const wr_results_kind *kind, const char *path, void *ctx, FILE *err)
{
    char *text;
    size_t len;
    if (!wr_in_slurp(path, "file", &text, &len, err))
        return false;
    bool ok = wr_results_read_text(kind, path, text, len, ctx, err);
    free(text);
    return ok;
}

bool wr_in_seats(wr_yaml_in *in, wr_kind_t *seats, int *n)
{
    if (!wr_in_begin_list(in, "seats"))
        return false;
    *n = 0;
    while (!in->failed && !wr_in_list_end(in)) {
        wr_loc at = wr_in_here(in);
        char name[WR_MAX_NAME];
        if (!wr_in_name(in, "seats", name, sizeof name))
            return false;
        int kind = wr_kind_parse(name);
        if (kind < 0)
            return wr_in_fail(in, at, "seats: unknown player kind '%s' (random, greedy, thrifty, planner, mcts, "
                                      "mcts-noreuse)", name);
        if (*n == WH_MAX_PLAYERS)
            return wr_in_fail(in, at, "seats: at most %d", WH_MAX_PLAYERS);
        seats[(*n)++] = (wr_kind_t)kind;
    }
    return !in->failed;
}

bool wr_in_rules(wr_yaml_in *in, wh_rules_t *rules)
{
    if (!wr_in_begin_list(in, "rules"))
        return false;
    while (!in->failed && !wr_in_list_end(in)) {
        wr_loc at = wr_in_here(in);
        char word[WR_MAX_NAME];
        if (!wr_in_name(in, "rules", word, sizeof word))
            return false;
        int k = wr_rule_index(word);
        if (k < 0) {
            char all[160];
            wr_rules_text(WH_RULES_ALL, ", ", all, sizeof all);
            return wr_in_fail(in, at, "rules: unknown rule '%s' (the rules: %s)", word, all);
        }
        *rules |= WH_RULE_BIT(k);
    }
    return !in->failed;
}
