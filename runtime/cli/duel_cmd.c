/* duel_cmd.c -- `wonders duel`: its options, the lab's duel, its report; see duel_cmd.h and docs/players.md. */
#include "duel_cmd.h"
#include "lab_calls.h"
#include "options.h"
#include "../lab/duel.h"
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_duel[] =
    "usage: wonders duel --seats A,B --games N [--think N] [--think-ms MS] [--seed S] [--packs P,P...]\n"
    "                    [--jobs N] [--sprt P0,P1 [--alpha A] [--beta B]]\n"
    "  Plays N 2-player games of kind A against kind B (the kinds of `wonders play`):\n"
    "  N/2 deals, each played twice with the seats swapped and the same random choices,\n"
    "  every wonder of the tile set beside the track.  Prints A's wins (a tie is half a\n"
    "  win) with their 95% Wilson interval, A's mean margin (A's score less B's) with its\n"
    "  95% interval (from the deals' means), and the first player's wins.  Defaults: the\n"
    "  72 land tiles of base, seed 1, a thread per core.\n"
    "  --games N      an even number of games, 2 to 1000000 (with --sprt, the most)\n"
    "  --think N      play-outs an mcts seat gives each decision (default 1000)\n"
    "  --think-ms MS  a time limit on each decision of an mcts seat, in milliseconds:\n"
    "                 whichever of --think and MS comes first (without --think, MS or\n"
    "                 1000000 play-outs); the results then depend on the machine and its\n"
    "                 load, and are no longer the same for any --jobs\n"
    "  --jobs N       threads; the results are the same for any N\n"
    "  --sprt P0,P1   a sequential test of A's win rate, H0: it is P0, H1: it is P1\n"
    "                 (fractions, e.g. 0.5,0.6): deals in batches of 10, stopping when\n"
    "                 the test decides; the same verdict for any --jobs\n"
    "  --alpha A      the chance of accepting H1 when H0 holds (default 0.05)\n"
    "  --beta B       the chance of accepting H0 when H1 holds (default 0.05)\n";

static const char *const duel_options[] = {"--seats", "--games", "--think", "--think-ms", "--seed", "--packs",
                                           "--jobs", "--sprt", "--alpha", "--beta", "--help", NULL};

/* A probability strictly between 0 and 1 (exclusive) written as a decimal
** fraction, into *out; false (said) otherwise.  `hi` is the largest allowed. */
static bool fraction(const char *opt, const char *v, double hi, double *out)
{
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end || !(x > 0 && x < hi)) {
        wr_opt_fail("%s %s: expected a fraction above 0 and below %g", opt, v, hi);
        return false;
    }
    *out = x;
    return true;
}

/* --sprt P0,P1: the two win rates, different, each strictly between 0 and 1. */
static bool sprt_rates(const char *v, double *p0, double *p1)
{
    const char *comma = strchr(v, ',');
    char first[64];
    if (!comma || (size_t)(comma - v) >= sizeof first) {
        wr_opt_fail("--sprt %s: expected two win rates P0,P1 (fractions, e.g. 0.5,0.6)", v);
        return false;
    }
    memcpy(first, v, (size_t)(comma - v));
    first[comma - v] = '\0';
    if (!fraction("--sprt", first, 1, p0) || !fraction("--sprt", comma + 1, 1, p1))
        return false;
    if (*p0 == *p1) {
        wr_opt_fail("--sprt %s: H0 and H1 need different win rates", v);
        return false;
    }
    return true;
}

/* What the command line asks. */
typedef struct duel_args {
    const char *seats_arg, *packs_arg;
    long games, think, think_ms, seed, jobs;
    bool sprt, error_rates, think_given;
    double p0, p1, alpha, beta;
} duel_args;

/* Read the options into @p a.  @returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, duel_args *a)
{
    *a = (duel_args){.packs_arg = "base", .think = WR_MCTS_THINK, .seed = 1, .jobs = wr_opt_cores(), .p0 = 0.5,
                     .p1 = 0.5, .alpha = 0.05, .beta = 0.05};
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v;
        bool known = false;
        for (int k = 0; duel_options[k]; k++)
            known |= !strcmp(o, duel_options[k]);
        if (!known)
            return wr_opt_unknown_option(o, duel_options);
        if (!(v = wr_opt_value(argc, argv, &i)))
            return 2;
        bool ok = true;
        if (!strcmp(o, "--seats"))
            a->seats_arg = v;
        else if (!strcmp(o, "--games"))
            ok = wr_opt_option_number("duel", o, v, 2, 1000000, &a->games);
        else if (!strcmp(o, "--think"))
            ok = a->think_given = wr_opt_option_number("duel", o, v, 1, WR_MCTS_MAX_THINK, &a->think);
        else if (!strcmp(o, "--think-ms"))
            ok = wr_opt_option_number("duel", o, v, 1, WR_MCTS_MAX_THINK_MS, &a->think_ms);
        else if (!strcmp(o, "--seed"))
            ok = wr_opt_option_number("duel", o, v, 0, 2147483647L, &a->seed);
        else if (!strcmp(o, "--jobs"))
            ok = wr_opt_option_number("duel", o, v, 1, 64, &a->jobs);
        else if (!strcmp(o, "--sprt"))
            ok = a->sprt = sprt_rates(v, &a->p0, &a->p1);
        else if (!strcmp(o, "--alpha") || !strcmp(o, "--beta")) {
            ok = fraction(o, v, 0.5, !strcmp(o, "--alpha") ? &a->alpha : &a->beta);
            a->error_rates = true;
        } else
            a->packs_arg = v;
        if (!ok)
            return 2;
    }
    if (!a->seats_arg)
        return wr_opt_fail("duel needs --seats A,B: the two kinds of player");
    if (!a->games)
        return wr_opt_fail("duel needs --games N (an even number from 2 to 1000000)");
    if (a->games % 2)
        return wr_opt_fail("--games %ld: expected an even number (each deal is played twice)", a->games);
    if (a->error_rates && !a->sprt)
        return wr_opt_fail("--alpha and --beta are the error rates of --sprt P0,P1, which is missing");
    if (a->think_ms && !a->think_given)
        a->think = WR_MCTS_MAX_THINK; /* the time decides */
    return -1;
}

/* The test's line on a terminal, redrawn after each batch. */
static void tested(void *ctx, uint64_t games, double llr, double lower, double upper)
{
    (void)ctx;
    fprintf(stderr, "\rduel: %llu games, log-likelihood ratio %+.2f (bounds %+.2f and %+.2f)",
            (unsigned long long)games, llr, lower, upper);
}

/* The report: the run, the test's verdict, A's wins, A's margin, the first player's wins. */
static void print_duel(const duel_args *args, const wr_kind_t *kind, const wr_duel_result *r)
{
    const char *a = wr_kind_name(kind[0]), *b = wr_kind_name(kind[1]);
    long games = (long)(2 * r->deals);
    double n = (double)games, lo, hi, mean, half;
    bool searches = wr_kind_searches(kind[0]) || wr_kind_searches(kind[1]);
    printf("%s against %s: %ld games (%llu deals, each played twice, the seats swapped); packs %s; seed %ld",
           a, b, games, (unsigned long long)r->deals, args->packs_arg, args->seed);
    if (searches)
        printf("; think %ld", args->think);
    if (searches && args->think_ms)
        printf("; think-ms %ld", args->think_ms);
    putchar('\n');
    if (args->sprt) {
        static const char *const said[] = {"undecided", "H0 accepted", "H1 accepted"};
        printf("SPRT, H0: %s wins %g%% of games, H1: %g%% (alpha %g, beta %g): %s after %ld games "
               "(log-likelihood ratio %+.2f, bounds %+.2f and %+.2f; batches of %d games)%s\n",
               a, 100 * args->p0, 100 * args->p1, args->alpha, args->beta, said[r->verdict], games, r->llr, r->lower,
               r->upper, 2 * WR_SPRT_BATCH,
               r->verdict == WR_SPRT_CONTINUE ? "" : "; the intervals below stop with the test and lean its way");
    }
    wr_wilson(r->wins, n, &lo, &hi);
    printf("%s wins %.1f of %ld games: %.1f%% (95%% Wilson interval %.1f%% to %.1f%%; a tie is half a win)\n", a,
           r->wins, games, 100 * r->wins / n, 100 * lo, 100 * hi);
    wr_mean_interval(r->margin_sum, r->margin_sum_sq, r->deals, &mean, &half);
    printf("%s's mean margin: %+.2f points a game (95%% interval %+.2f to %+.2f, from the %llu deals' means)\n", a,
           mean, mean - half, mean + half, (unsigned long long)r->deals);
    /* a kind against itself plays each deal's game twice: the interval is the deals' */
    double same = kind[0] == kind[1] ? 2 : 1;
    wr_wilson(r->first_wins / same, n / same, &lo, &hi);
    printf("the first player wins %.1f of %ld games: %.1f%% (95%% Wilson interval %.1f%% to %.1f%%%s)\n",
           r->first_wins, games, 100 * r->first_wins / n, 100 * lo, 100 * hi,
           same > 1 ? "; each deal's game is played twice, the interval counts it once" : "");
}

int wr_cmd_duel(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_duel, stdout);
        return 0;
    }
    duel_args args;
    int status = parse_args(argc, argv, &args);
    if (status >= 0)
        return status;
    wr_kind_t kind[WH_MAX_PLAYERS];
    uint32_t packs[WR_MAX_PACKS];
    size_t n_packs;
    uint16_t wonders[WR_MAX_WONDERS];
    int n_wonders;
    if (!wr_opt_seats_of(args.seats_arg, 2, WR_RANDOM, kind) || !wr_opt_parse_packs(args.packs_arg, packs, &n_packs, NULL) ||
        !wr_opt_every_wonder(wonders, &n_wonders))
        return 2;
    wr_run progress = {0};
    wr_show_progress(&progress);
    bool terminal = isatty(STDERR_FILENO);
    wr_duel_setup d = {.set = &wh_tileset, .a = kind[0], .b = kind[1], .packs = packs, .n_packs = n_packs,
                       .wonders = wonders, .n_wonders = n_wonders, .seed = (uint64_t)args.seed,
                       .deals = (uint64_t)args.games / 2,
                       .budget = {.think = args.think, .think_ms = args.think_ms}, .jobs = (int)args.jobs,
                       .sprt = args.sprt, .p0 = args.p0, .p1 = args.p1, .alpha = args.alpha, .beta = args.beta,
                       .progress = progress.progress, .tested = terminal ? tested : NULL};
    wr_duel_result r;
    char problem[WR_LAB_PROBLEM];
    wr_lab_status ran = wr_duel(&d, &r, problem);
    if (args.sprt && terminal)
        fputc('\n', stderr);
    if (!wr_lab_ok(ran, problem, stderr))
        return 1;
    print_duel(&args, kind, &r);
    return 0;
}
