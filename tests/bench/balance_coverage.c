/*
** balance_coverage.c -- how often the balance lab's 95% intervals hold the
** truth (docs/balance.md, "The calibration curve: how well it reads").
**
** Wonders whose worth is known -- tests/balance.tiles' bal.flat3,
** bal.flat15 and bal.flat60, paying 3, 15 and 60 points at the end, on the
** very tile the references stand on -- are measured against their twins in
** RUNS runs of GAMES paired games each (seeds 1 to RUNS), under each kind
** of seat; an interval of a wonder's effect's equivalent flat points
** covers when it holds its points.  A run whose curve gives no scale (n/a:
** too few games placed the references) has no interval, and is counted
** apart.  Each run's figures go to standard error, the table to standard
** output.  Run from tests/ (make balance-coverage):
**
**     balance-coverage RUNS GAMES PLAYERS THINK KIND...
*/
#include "../../compiler/driver.h"
#include "../../runtime/lab/balance.h"
#include "../../runtime/tileset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const files[] = {"../tiles/base.tiles", "balance.tiles"};
static const char *const ids[] = {"bal.flat3", "bal.flat15", "bal.flat60"};
static const int worth[] = {3, 15, 60};
#define N_WONDERS 3

int main(int argc, char **argv)
{
    if (argc < 6) {
        fputs("usage: balance-coverage RUNS GAMES PLAYERS THINK KIND...\n", stderr);
        return 2;
    }
    long runs = atol(argv[1]), games = atol(argv[2]), players = atol(argv[3]), think = atol(argv[4]);
    if (runs < 1 || games < 2 || players < 2 || players > WH_MAX_PLAYERS || think < 0) {
        fputs("balance-coverage: RUNS >= 1, GAMES >= 2, PLAYERS 2 to 6, THINK >= 0\n", stderr);
        return 2;
    }
    wc_compilation c;
    wc_compilation_init(&c, stderr);
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        wc_compilation_add_file(&c, files[i]);
    if (!wc_compilation_check(&c))
        return 1;
    wh_tileset_t set = wc_model_view(&c.model);
    uint16_t candidates[N_WONDERS];
    for (int i = 0; i < N_WONDERS; i++) {
        int t = wh_tile_find(&set, ids[i]);
        if (t < 0) {
            fprintf(stderr, "balance-coverage: no %s in %s\n", ids[i], files[1]);
            return 1;
        }
        candidates[i] = (uint16_t)t;
    }
    uint32_t base = 0;
    wr_balance *r = malloc(sizeof *r);
    if (!r)
        return 1;
    printf("%-8s %5s %6s %7s", "seats", "runs", "games", "players");
    for (int i = 0; i < N_WONDERS; i++)
        printf("  flat %-2d: covered of read, n/a, mean width", worth[i]);
    printf("  all: covered of read\n");
    for (int a = 5; a < argc; a++) {
        wr_kind_t kind = WR_N_KINDS;
        for (int k = 0; k < WR_N_KINDS; k++)
            if (!strcmp(argv[a], wr_kind_name((wr_kind_t)k)))
                kind = (wr_kind_t)k;
        if (kind == WR_N_KINDS) {
            fprintf(stderr, "balance-coverage: no kind of seat '%s'\n", argv[a]);
            return 2;
        }
        wr_kind_t seats[WH_MAX_PLAYERS];
        for (int p = 0; p < WH_MAX_PLAYERS; p++)
            seats[p] = kind;
        long covered[N_WONDERS] = {0}, read[N_WONDERS] = {0};
        double width[N_WONDERS] = {0};
        for (long run = 1; run <= runs; run++) {
            wr_run g = {.games = (uint64_t)games, .players = (int)players, .seed = (uint64_t)run, .packs = &base,
                        .n_packs = 1, .seats = seats, .jobs = 2, .shard = 0, .shards = 1};
            wr_balance_options o = {.run = g, .candidates = candidates, .n_candidates = N_WONDERS, .baseline = -1,
                                    .packs_text = "base", .think = think, .calibration = WR_CALIBRATION_CURVE};
            char problem[WR_LAB_PROBLEM];
            if (wr_balance_run(&set, &o, r, problem) != WR_LAB_OK) {
                fprintf(stderr, "balance-coverage: %s\n", problem);
                return 1;
            }
            fprintf(stderr, "%s seed %ld: references' gains", argv[a], run); /* the run, for who wants it */
            for (int j = 0; j < r->ref.k; j++)
                fprintf(stderr, " %d: %+.2f", r->ref.r[j].flat, wr_balance_reference_gain(r, j).mean);
            fprintf(stderr, " (placed %.1f%%);", 100.0 * (double)r->ref.r[0].placed / (double)r->ref.n);
            for (int i = 0; i < N_WONDERS; i++) {
                wr_estimate e, m = wr_balance_effect(r, i);
                bool known = wr_balance_effect_equivalent(r, i, &e);
                fprintf(stderr, " flat %d: gain %+.2f reads %+.2f [%+.2f, %+.2f]", worth[i], m.mean, known ? e.mean : 0,
                        known ? e.lo : 0, known ? e.hi : 0);
            }
            fputc('\n', stderr);
            for (int i = 0; i < N_WONDERS; i++) {
                wr_estimate e;
                if (!wr_balance_effect_equivalent(r, i, &e))
                    continue; /* no scale: no interval, counted as not covering */
                read[i]++;
                covered[i] += e.lo <= worth[i] && worth[i] <= e.hi;
                width[i] += e.hi - e.lo;
            }
        }
        long all = 0, all_read = 0;
        printf("%-8s %5ld %6ld %7ld", argv[a], runs, games, players);
        for (int i = 0; i < N_WONDERS; i++) {
            all += covered[i];
            all_read += read[i];
            printf("  %14ld/%-3ld %5ld %16.2f", covered[i], read[i], runs - read[i],
                   read[i] ? width[i] / (double)read[i] : 0.0);
        }
        printf("  %ld/%ld = %.1f%%\n", all, all_read, all_read ? 100.0 * (double)all / (double)all_read : 0.0);
        fflush(stdout);
    }
    free(r);
    wc_compilation_free(&c);
    return 0;
}
