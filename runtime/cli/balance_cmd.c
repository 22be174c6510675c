/*
** balance_cmd.c -- `wonders balance`: the command line of the balance lab
** (balance.h, docs/balance.md).
*/
#define _POSIX_C_SOURCE 200809L
#include "balance_results.h"
#include "balance_cmd.h"
#include "lab_calls.h"
#include "folders.h"
#include "options.h"
#include "../tileset.h"
#include "tiles.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char wr_usage_balance[] =
    "usage: wonders balance --games N [--wonders all|ID,...] [--baseline none|ID] [--players N]\n"
    "                       [--seed S] [--seats K,K,...] [--think N] [--packs P,P...] [--rules R,R...]\n"
    "                       [--jobs N] [--shard I/N|auto|auto/N] [--format table|yaml]\n"
    "                       [--calibration curve|point|none] [--rank effect|tile] [--report DIR]\n"
    "       wonders balance --merge FILE... [--format table|yaml] [--rank effect|tile] [--report DIR]\n"
    "  How much a wonder is worth to the player who gets it.  Each game is played once per\n"
    "  wonder, once with its tile and no effect, and once with the baseline (default: no\n"
    "  wonder), from the same seed, pile and seats; only a subject seat (the game's number\n"
    "  modulo the players) may take the wonder.  Per wonder, two worths: the tile's (against\n"
    "  the baseline) and its effect's (against its tile with no effect): the mean gain in\n"
    "  margin (points over the best opponent), with 95% intervals from the paired\n"
    "  differences, and the tile's gain in win rate (docs/balance.md).  References calibrate\n"
    "  each run: flat points at the end, on the baseline's tile (or the first wonder's), against\n"
    "  that tile with no effect; each wonder's gains read on them as equivalent flat points.\n"
    "  --wonders     the candidates (default: every wonder of the tile set but the baseline)\n"
    "  --seats       default: planner for every seat\n"
    "  --think N     play-outs an mcts seat gives each decision (default 1000)\n"
    "  --jobs        threads (default: the machine's cores); results do not depend on it\n"
    "  --shard I/N   games numbered I modulo N, for --merge; auto: from a Slurm array job\n"
    "                (SLURM_ARRAY_TASK_ID, _COUNT), auto/N: N shards, the index from\n"
    "                SLURM_ARRAY_TASK_ID or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX\n"
    "  --calibration curve (default): references at 5, 10, 20 and 40 points, a monotone curve\n"
    "                through their gains read backwards, bootstrap intervals; point: one at 10,\n"
    "                gain over its gain times 10, delta-method intervals; none: no flat points\n"
    "  --rank        what orders the wonders: the effect's worth (default) or the tile's\n"
    "  --report DIR  also write DIR/index.html: the ranking, effect points and margins drawn;\n"
    "                DIR and missing folders above it are created (as mkdir -p)\n"
    "  Ctrl-C stops after the games under way; the results say they are partial.\n";

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* An environment variable holding a whole number in [lo, hi]. */
static bool env_number(const char *name, long lo, long hi, long *out)
{
    const char *v = getenv(name);
    return v && wr_opt_number(v, lo, hi, out);
}

/* --shard auto (Slurm: index and count) or auto/N (the count given; the
** index from Slurm or a Kubernetes Indexed Job). */
static bool shard_auto(const char *arg, int *shard, int *shards)
{
    long n = 0, i, min = 0;
    if (!strcmp(arg, "auto")) {
        if (!env_number("SLURM_ARRAY_TASK_COUNT", 1, 64, &n)) {
            fprintf(stderr, "wonders: --shard auto: SLURM_ARRAY_TASK_COUNT is not set to 1..64 (in a "
                            "Kubernetes Indexed Job, give the count: --shard auto/N)\n");
            return false;
        }
    } else if (!wr_opt_number(arg + 5, 1, 64, &n)) {
        fprintf(stderr, "wonders: --shard %s: expected auto/N with N from 1 to 64\n", arg);
        return false;
    }
    env_number("SLURM_ARRAY_TASK_MIN", 0, 1000000, &min); /* an array numbered from 1 */
    if (env_number("SLURM_ARRAY_TASK_ID", 0, 1000000, &i))
        i -= min;
    else if (!env_number("JOB_COMPLETION_INDEX", 0, 1000000, &i)) {
        fprintf(stderr, "wonders: --shard %s: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set\n", arg);
        return false;
    }
    if (i < 0 || i >= n) {
        fprintf(stderr, "wonders: --shard %s: shard index %ld is out of range 0..%ld\n", arg, i, n - 1);
        return false;
    }
    *shard = (int)i;
    *shards = (int)n;
    return true;
}

/* The report, all or nothing: its folders made, the page written whole,
** or nothing new left behind. */
static bool write_report(const char *dir, const wr_balance *result, wr_balance_rank rank)
{
    wr_folders made;
    if (!wr_folders_make("--report", dir, &made))
        return false;
    if (!wr_balance_report(dir, &wh_tileset, result, rank, stderr)) {
        wr_folders_remove(&made);
        return false;
    }
    wr_folders_keep(&made);
    return true;
}

/* --baseline none|ID: the wonder's tile, or -1 for none; -2 after a message. */
static int baseline_of(const char *v)
{
    if (!strcmp(v, "none"))
        return -1;
    int t = wr_opt_tile_named("--baseline", v, true);
    if (t < 0)
        return -2;
    if (wh_tileset.tiles[t].kind != WH_TILE_WONDER) {
        wr_opt_fail("--baseline %s: %s is a land tile, not a wonder", v, wh_string(&wh_tileset, wh_tileset.tiles[t].id));
        return -2;
    }
    return t;
}

/*
** A wonder is not measured against itself: with every wonder a candidate
** (the default), the baseline is left out of them; named in --wonders as
** well as --baseline, it is refused.  @returns false after the message.
*/
static bool baseline_apart(wr_balance_options *o, uint16_t *candidates, bool named)
{
    for (int k = 0; k < o->n_candidates; k++) {
        if (candidates[k] != o->baseline)
            continue;
        if (named) {
            wr_opt_fail("--baseline %s is also among --wonders: a wonder compared with itself gains nothing; "
                        "leave it out of --wonders", wh_string(&wh_tileset, wh_tileset.tiles[o->baseline].id));
            return false;
        }
        memmove(candidates + k, candidates + k + 1, (size_t)(o->n_candidates - k - 1) * sizeof *candidates);
        o->n_candidates--;
        break;
    }
    if (o->n_candidates == 0)
        return wr_opt_fail("--baseline %s: no other wonder is left to measure",
                           wh_string(&wh_tileset, wh_tileset.tiles[o->baseline].id)), false;
    return true;
}

static const char *const balance_options[] = {"--games", "--wonders", "--baseline", "--players", "--seed", "--seats",
                                              "--think", "--packs", "--rules", "--jobs", "--shard", "--format",
                                              "--report", "--rank", "--calibration", "--merge", "--help", NULL};

int wr_cmd_balance(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(wr_usage_balance, stdout);
        return 0;
    }
    static uint16_t candidates[WR_MAX_WONDERS];
    wr_run_args run;
    wr_balance_options o = {.baseline = -1};
    int per_game;
    bool named = false; /* --wonders given */
    bool given = false; /* --wonders read: else every wonder, after the options */
    if (!wr_opt_run_defaults(&run, "balance", 100000000L))
        return 2;
    o.candidates = candidates;
    const char *report_dir = NULL;
    wr_balance_rank rank = WR_RANK_EFFECT;
    bool calibration_given = false;
    for (int i = 2; i < argc; i++) {
        int shared = wr_opt_run_arg(&run, argc, argv, &i);
        if (shared < 0)
            return 2;
        if (shared > 0)
            continue;
        const char *a = argv[i], *v;
        if (strcmp(a, "--report") && strcmp(a, "--shard") && strcmp(a, "--wonders") && strcmp(a, "--baseline") &&
            strcmp(a, "--think") && strcmp(a, "--rank") && strcmp(a, "--calibration"))
            return wr_opt_unknown_option(a, balance_options);
        if (!(v = wr_opt_value(argc, argv, &i)))
            return 2;
        if (!strcmp(a, "--think")) {
            if (!wr_opt_option_number("balance", a, v, 1, WR_MCTS_MAX_THINK, &o.think))
                return 2;
        } else if (!strcmp(a, "--report")) {
            report_dir = v;
        } else if (!strcmp(a, "--rank")) {
            if (strcmp(v, "effect") && strcmp(v, "tile"))
                return wr_opt_fail("--rank %s: expected effect or tile", v);
            rank = !strcmp(v, "tile") ? WR_RANK_TILE : WR_RANK_EFFECT;
        } else if (!strcmp(a, "--calibration")) {
            if (!wr_calibration_named(v, &o.calibration))
                return wr_opt_fail("--calibration %s: expected curve, point or none", v);
            calibration_given = true;
        } else if (!strcmp(a, "--shard")) {
            if (!strncmp(v, "auto", 4) && (v[4] == '\0' || v[4] == '/')) {
                if (!shard_auto(v, &run.run.shard, &run.run.shards))
                    return 2;
            } else if (!wr_opt_shard_of(v, &run.run.shard, &run.run.shards) || run.run.shards > 64) {
                return wr_opt_fail("--shard %s: expected I/N with 0 <= I < N <= 64, auto or auto/N", v);
            }
        } else if (!strcmp(a, "--wonders")) {
            if (!(given = wr_opt_parse_wonders(v, candidates, &o.n_candidates, &per_game)))
                return 2;
            if (per_game != o.n_candidates)
                return wr_opt_fail("--wonders %s: balance takes all or wonder ids, not a number", v);
            named = strcmp(v, "all") != 0;
        } else if ((o.baseline = baseline_of(v)) == -2) {
            return 2;
        }
    }
    if (!given && !wr_opt_every_wonder(candidates, &o.n_candidates))
        return 2;
    o.run = run.run;
    o.packs_text = run.packs_text;
    if (o.baseline >= 0 && !run.merge && !baseline_apart(&o, candidates, named))
        return 2;
    if (o.n_candidates > WR_BALANCE_MAX)
        return wr_opt_fail("%d wonders, more than the limit of %d in one run; name them with --wonders", o.n_candidates,
                           WR_BALANCE_MAX);
    static wr_kind_t seats[WH_MAX_PLAYERS];
    if (!wr_opt_seats_of(run.seats, o.run.players, WR_PLANNER, seats))
        return 2;
    o.run.seats = seats;
    if (report_dir && !wr_folder_ready("--report", report_dir))
        return 2; /* said before the games, not after */
    static wr_balance result;
    if (run.merge) {
        if (calibration_given)
            return wr_opt_fail("--calibration is a run's: merged results keep the calibration they were played with");
        if (!run.n_merge)
            return wr_opt_fail("--merge needs files: wonders balance --merge FILE...");
        for (int k = 0; k < run.n_merge; k++)
            if (!wr_opt_readable(run.merge_files[k]))
                return 2;
        memset(&result, 0, sizeof result);
        for (int k = 0; k < run.n_merge; k++) {
            static wr_balance part;
            if (!wr_balance_read(run.merge_files[k], &part, stderr))
                return 1;
            const char *differs = wr_balance_merge(&result, &part);
            if (differs) {
                fprintf(stderr, "wonders: %s: does not merge with %s: the %s differ%s\n", run.merge_files[k],
                        run.merge_files[0], differs, !strcmp(differs, "the same shard twice") ? "s" : "");
                return 1;
            }
        }
    } else {
        if (!o.run.games)
            return wr_opt_fail("balance needs --games N (1 to 100000000) or --merge FILE...");
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_interrupt;
        sigaction(SIGINT, &sa, NULL);
        o.run.stop = &interrupted;
        wr_show_progress(&o.run);
        char problem[WR_LAB_PROBLEM];
        if (!wr_lab_ok(wr_balance_run(&wh_tileset, &o, &result, problem), problem, stderr))
            return 1;
    }
    if (run.yaml)
        wr_balance_write_yaml(stdout, &result);
    else
        wr_balance_print(stdout, &wh_tileset, &result, rank);
    /* the report last, once standard output has taken the results: a
    ** failure anywhere leaves an old report as it was */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "wonders: cannot write standard output: %s\n", strerror(errno));
        return 2;
    }
    if (report_dir && !write_report(report_dir, &result, rank))
        return 2;
    return !run.merge && result.partial ? 1 : 0; /* an interrupted run */
}
