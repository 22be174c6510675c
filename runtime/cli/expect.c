/*
** expect.c -- a record's expected outcome, checked and rewritten; see
** expect.h.
*/
#define _POSIX_C_SOURCE 200809L
#include "expect.h"
#include "atomic.h"
#include "report.h"
#include "yaml_in.h"
#include "yaml_out.h"

#include <stdlib.h>
#include <string.h>

size_t wr_outcome_events(const wr_replay *rp, wr_expect_event **out)
{
    *out = NULL;
    if (rp->n_events == 0)
        return 0;
    wr_expect_event *ev = calloc(rp->n_events, sizeof *ev);
    if (!ev)
        return 0;
    const wh_game_t *g = &rp->match->game;
    for (size_t i = 0; i < rp->n_events; i++) {
        const wh_score_event_t *e = &rp->events[i].e;
        ev[i].turn = wr_event_final(&rp->events[i], rp->record->n_turns) ? 0 : rp->events[i].turn + 1;
        snprintf(ev[i].reason, sizeof ev[i].reason, "%s", wr_event_reason(rp->set, e));
        ev[i].points = e->points;
        for (int p = 0; p < g->n_players; p++)
            if (e->winners & (1u << p))
                wr_player(rp->record, p, ev[i].to[ev[i].n_to++], sizeof ev[i].to[0]);
    }
    *out = ev;
    return rp->n_events;
}

static bool same_event(const wr_expect_event *a, const wr_expect_event *b)
{
    if (a->turn != b->turn || a->points != b->points || a->n_to != b->n_to || strcmp(a->reason, b->reason))
        return false;
    for (int i = 0; i < a->n_to; i++)
        if (strcmp(a->to[i], b->to[i]))
            return false;
    return true;
}

/* "turn 12: wonders_set2.tikal, 8 points to Red" */
static void event_text(FILE *out, const wr_expect_event *e)
{
    if (e->turn)
        fprintf(out, "turn %d: ", e->turn);
    else
        fprintf(out, "final: ");
    fprintf(out, "%s, %d point%s to ", e->reason, e->points, e->points == 1 ? "" : "s");
    for (int i = 0; i < e->n_to; i++)
        fprintf(out, "%s%s", i ? (i == e->n_to - 1 ? " and " : ", ") : "", e->to[i]);
}

static void error_at(FILE *out, const wr_record *r, wr_loc at)
{
    fprintf(out, "%s:%zu:%zu: error: ", r->path, at.line, at.col);
}

int wr_expect_check(FILE *out, const wr_replay *rp)
{
    const wr_record *r = rp->record;
    const wh_game_t *g = &rp->match->game;
    wr_expect_event *found;
    size_t n_found = wr_outcome_events(rp, &found);
    if (rp->n_events && !found) {
        fprintf(stderr, "wonders: %s: out of memory comparing the expectations\n", r->path);
        return -1;
    }
    bool ok = r->has_expect;
    char name[40];

    /* scores */
    for (int p = 0; p < g->n_players && r->has_expect; p++) {
        int score = wh_game_score(g, p);
        if (!(r->expect_has_score & (1u << p))) {
            error_at(out, r, r->expect_at);
            fprintf(out, "scores: %s is not stated; found %d\n", wr_player(r, p, name, sizeof name), score);
            ok = false;
        } else if (r->expect_score[p] != score) {
            error_at(out, r, r->expect_score_at[p]);
            fprintf(out, "%s: expected %d points, found %d\n", wr_player(r, p, name, sizeof name), r->expect_score[p],
                    score);
            ok = false;
        }
    }
    /* events, in order */
    int shown = 0;
    size_t n_exp = r->n_expect_events, n = n_exp > n_found ? n_exp : n_found;
    for (size_t i = 0; i < n && r->has_expect; i++) {
        const wr_expect_event *want = i < n_exp ? &r->expect_events[i] : NULL;
        const wr_expect_event *got = i < n_found ? &found[i] : NULL;
        if (want && got && same_event(want, got))
            continue;
        ok = false;
        if (++shown > 8)
            continue;
        error_at(out, r, want ? want->at : r->expect_at);
        fprintf(out, "event %zu: expected ", i + 1);
        if (want)
            event_text(out, want);
        else
            fprintf(out, "no more events");
        fprintf(out, "; found ");
        if (got)
            event_text(out, got);
        else
            fprintf(out, "none");
        fputc('\n', out);
    }
    if (shown > 8)
        fprintf(out, "%s: ... and %d more differing events\n", r->path, shown - 8);

    fprintf(out, "%s: %s\n", r->path, ok ? "as expected" : r->has_expect ? "NOT as expected" : "no 'expect' to check");
    if (r->rule[0])
        fprintf(out, "  rule:     %s\n", r->rule);
    fprintf(out, "  expected:");
    for (int p = 0; p < g->n_players && r->has_expect; p++)
        if (r->expect_has_score & (1u << p))
            fprintf(out, " %s %d", wr_player(r, p, name, sizeof name), r->expect_score[p]);
    fprintf(out, "%s; %zu event%s\n", r->has_expect ? "" : " nothing", n_exp, n_exp == 1 ? "" : "s");
    fprintf(out, "  found:   ");
    for (int p = 0; p < g->n_players; p++)
        fprintf(out, " %s %d", wr_player(r, p, name, sizeof name), wh_game_score(g, p));
    fprintf(out, "; %zu event%s\n", n_found, n_found == 1 ? "" : "s");
    for (size_t i = 0; i < n_found && !ok; i++) {
        fprintf(out, "    ");
        event_text(out, &found[i]);
        fputc('\n', out);
    }
    free(found);
    return ok ? 1 : 0;
}

/* ---- rewriting the block ------------------------------------------------- */

/* ---- rewriting the block ------------------------------------------------- */

/* The `expect:` block, as YAML text (malloc'd, NUL-terminated), or NULL. */
static char *expect_block(const wr_replay *rp)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    wr_yaml_out w;
    wr_out_start(&w, f, false);
    wr_out_begin(&w, true, false);
    wr_out_scalar(&w, "expect");
    wr_out_begin(&w, true, false);
    wr_out_scalar(&w, "scores");
    wr_out_begin(&w, true, true);
    char name[40];
    for (int p = 0; p < rp->match->game.n_players; p++) {
        wr_out_scalar(&w, wr_player(rp->record, p, name, sizeof name));
        wr_out_int(&w, wh_game_score(&rp->match->game, p));
    }
    wr_out_end(&w, true);
    wr_out_scalar(&w, "events");
    wr_expect_event *found;
    size_t n = wr_outcome_events(rp, &found);
    if (rp->n_events && !found)
        w.ok = false; /* no memory for the list */
    wr_out_begin(&w, false, n == 0);
    for (size_t i = 0; i < n; i++) {
        wr_out_begin(&w, true, true);
        wr_out_scalar(&w, "turn");
        if (found[i].turn)
            wr_out_int(&w, found[i].turn);
        else
            wr_out_scalar(&w, "final");
        wr_out_scalar(&w, "reason");
        wr_out_scalar(&w, found[i].reason);
        wr_out_scalar(&w, "points");
        wr_out_int(&w, found[i].points);
        wr_out_scalar(&w, "to");
        wr_out_begin(&w, false, true);
        for (int k = 0; k < found[i].n_to; k++)
            wr_out_scalar(&w, found[i].to[k]);
        wr_out_end(&w, false);
        wr_out_end(&w, true);
    }
    free(found);
    wr_out_end(&w, false);
    wr_out_end(&w, true);
    wr_out_end(&w, true);
    bool ok = wr_out_finish(&w);
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* Where the top-level `expect:` block lies in @p text: [*start, *end).
** It runs to the next line that starts a top-level key; comment and blank
** lines just before that key stay with it.  @returns false when absent. */
static bool find_block(const char *text, size_t len, size_t *start, size_t *end)
{
    size_t line = 0;
    bool in_block = false;
    size_t last_content = 0;
    while (line < len) {
        const char *nl = memchr(text + line, '\n', len - line);
        size_t next = nl ? (size_t)(nl - text) + 1 : len;
        char c = text[line];
        if (!in_block) {
            if (!strncmp(text + line, "expect:", 7)) {
                in_block = true;
                *start = line;
                last_content = next;
            }
        } else if (c == ' ' || c == '\t') {
            last_content = next;
        } else if (c != '\n' && c != '\r' && c != '#') {
            break; /* the next top-level key */
        }
        line = next;
    }
    *end = last_content;
    return in_block;
}

static bool write_text(FILE *out, const void *ctx)
{
    const char *text = ctx;
    size_t n = strlen(text);
    return fwrite(text, 1, n, out) == n;
}

char *wr_expect_rewrite(const char *path, const wr_replay *rp, FILE *err)
{
    char *text;
    size_t len;
    if (!wr_in_slurp(path, "record", &text, &len, err))
        return NULL;
    char *block = expect_block(rp);
    if (!block) {
        fprintf(err, "%s: error: cannot write the expect block (out of memory)\n", path);
        free(text);
        return NULL;
    }
    size_t start = 0, end = 0;
    const char *gap = "";
    if (!find_block(text, len, &start, &end)) { /* added at the end */
        start = end = len;
        if (len > 0 && text[len - 1] != '\n')
            gap = "\n";
    }
    size_t n = start + strlen(gap) + strlen(block) + (len - end);
    char *out = malloc(n + 1);
    if (out) {
        memcpy(out, text, start);
        strcpy(out + start, gap);
        strcat(out + start, block);
        memcpy(out + start + strlen(gap) + strlen(block), text + end, len - end);
        out[n] = '\0';
    } else {
        fprintf(err, "%s: error: cannot rewrite the expectation (out of memory)\n", path);
    }
    free(block);
    free(text);
    if (!out)
        return NULL;
    /* read it back before anything is written: the new block must say what was found */
    wr_record again;
    wr_replay check;
    memset(&again, 0, sizeof again);
    memset(&check, 0, sizeof check);
    FILE *quiet = fopen("/dev/null", "w");
    bool ok = quiet && wr_read_text(path, out, n, &again, err) && wr_replay_run(&check, &again, rp->set, true, err) &&
              wr_expect_check(quiet, &check) == 1;
    if (quiet)
        fclose(quiet);
    wr_replay_free(&check);
    wr_record_free(&again);
    if (!ok) {
        fprintf(err, "%s: error: the rewritten expectation does not read back as found; the file is unchanged\n",
                path);
        free(out);
        return NULL;
    }
    return out;
}

bool wr_expect_commit(const char *path, const char *text, FILE *err)
{
    return wr_write_atomic(path, write_text, text, err);
}
