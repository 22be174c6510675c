/*
** main.c -- the `wonders` command: play, score, moves, board, simulate.
** Exit status: 0 success, 1 a bad record or an illegal move, 2 bad usage or I/O.
*/
#define _POSIX_C_SOURCE 200809L
#include "../common/command.h"
#include "../common/xalloc.h"
#include "atomic.h"
#include "board_svg.h"
#include "folders.h"
#include "expect.h"
#include "../lab/players.h"
#include "recorder.h"
#include "replay.h"
#include "replay_html.h"
#include "report.h"
#include "balance_cmd.h"
#include "duel_cmd.h"
#include "options.h"
#include "lab_calls.h"
#include "sim_results.h"
#include "../tileset.h"
#include "tiles.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const color[WR_MAX_PLAYERS] = {"Red", "Blue", "Yellow", "Green", "Black", "Grey"};

static const char usage_main[] =
    "usage: wonders COMMAND [options]   (wonders COMMAND --help for each)\n"
    "  play       play a game with built-in players; print the turns and the scores\n"
    "  score      replay a record or a position and print the score breakdown\n"
    "  check      replay records and compare with their 'expect'; --update rewrites it\n"
    "  moves      the legal placements of a tile in a record's position\n"
    "  board      draw a record's board\n"
    "  simulate   many random games; per-wonder statistics\n"
    "  balance    how much each wonder is worth, by paired games, with intervals\n"
    "  duel       two kinds of player in paired games: win rate and margin, with intervals\n"
    "\n"
    "exit status: 0 success; 1 a bad record, an illegal move, an expectation that does not\n"
    "  hold, results that do not merge, or a run stopped by Ctrl-C; 2 bad usage (one line\n"
    "  naming the option, the value and what it takes, then a line pointing at --help) or an\n"
    "  input or output failure (a file that cannot be read or written, a full disk).\n";
static const char usage_play[] =
    "usage: wonders play [--players N] [--seed S] [--seats K,K,...] [--think N] [--think-ms MS]\n"
    "                    [--wonders all|N|ID,ID...] [--variant 1|2] [--packs P,P...] [--rules R,R...]\n"
    "                    [--record FILE] [--quiet]\n"
    "  Plays a whole game of The Wonders of Humanity and prints every turn and the final\n"
    "  breakdown.  Defaults: 4 players, every seat a planner, every wonder of the tile set\n"
    "  beside the track (Sets I and II: 8), the base game + Inns & Cathedrals (90 land\n"
    "  tiles), seed 1.\n"
    "  --seats      one kind per player: random; greedy (best immediate score); thrifty\n"
    "               (greedy, keeps 2 meeples, no farmers); planner (best lead over the\n"
    "               strongest rival if the game were scored now: farmers, unfinished\n"
    "               features and end-of-game wonders count); mcts (Monte Carlo tree search:\n"
    "               --think play-outs of the whole game per decision, docs/players.md);\n"
    "               mcts-noreuse (the same, each search from an empty tree, not from the\n"
    "               subtree of the moves played since the last)\n"
    "  --think N    play-outs an mcts seat gives each decision (default 1000); a game is\n"
    "               the same for a given seed and N\n"
    "  --think-ms MS  a time limit on each decision of an mcts seat, in milliseconds: it\n"
    "               stops at whichever of --think and MS comes first (without --think, at\n"
    "               MS or 1000000 play-outs); the game then depends on the machine and its\n"
    "               load, not only on the seed\n"
    "  --wonders    all (every wonder tile in tiles/), a number chosen at random, or ids\n"
    "               (pack.id, or a bare id such as stonehenge)\n"
    "  --packs      the land tiles of the pile; a pack listed twice gives two copies; with\n"
    "               river, the spring starts the game; a pack of wonder tiles puts its wonders\n"
    "               beside the track (unless --wonders names them)\n"
    "  --rules      the expansions' rules played with (docs/rules.md): inns_cathedrals (inns,\n"
    "               cathedrals, a large meeple each), abbot (an abbot each, gardens),\n"
    "               traders_builders (goods, a builder and a pig each), princess_dragon (the\n"
    "               volcano, the dragon's flight, the fairy, the princess, the portal),\n"
    "               dragon_after_scoring, princess_must, fairy_on_tile (its RGG and Z-Man\n"
    "               variants), tower (tower floors, captures, prisoners, ransom); default\n"
    "               none\n"
    "  --record F   write the game as a YAML record (docs/records.md), atomically\n";
static const char usage_score[] =
    "usage: wonders score FILE [--format table|yaml|json] [--log]\n"
    "  Replays a record (every move checked by the rules) or builds a position, scores the\n"
    "  end of the game, and prints each player's points by kind and every scoring event.\n"
    "  --log   first print the turn log, as `play` does: who placed what, and what it scored\n";
static const char usage_check[] =
    "usage: wonders check FILE... [--update]\n"
    "  Replays each record (the rulebook's examples in tests/positions/, say) and compares\n"
    "  each player's points and every scoring event with the record's 'expect' block\n"
    "  (docs/records.md).  Prints per file the rule it reproduces, expected against found,\n"
    "  and each difference at its line.  Exit 1 when any differs.\n"
    "  --update   after a deliberate rules erratum: rewrite each 'expect' block with what\n"
    "             was found (the rest of the file is kept), then review `git diff`\n";
static const char usage_moves[] =
    "usage: wonders moves FILE --tile ID [--turn N]\n"
    "  The legal placements of tile ID (pack.id, or a bare id one pack alone has) in the\n"
    "  record's position, with meeple spots (with the rule tower, the ransoms open and the\n"
    "  tower moves after the first placement, each floor with what it may take).\n"
    "  --turn N: in the position before turn N\n"
    "  (of a finished game too); a record with 'turns: []' gives them on the start tile.\n";
static const char usage_board[] =
    "usage: wonders board FILE [--format text|svg|html] [-o OUT]\n"
    "  Draws the record's board.  text (the default): each square 3x3, # city, | - road,\n"
    "  ~ river, . field, M monastery, * garden, a wonder by its letter (A, its squares'\n"
    "  corners a),\n"
    "  meeples by player number, x and y on the axes; builders, pigs, the dragon and the\n"
    "  fairy listed under it.  svg: a picture -- tiles turned as they lie, drawn as the\n"
    "  gallery draws them with their marks, wonders outlined, figures (builders and pigs\n"
    "  too) on the features they stand on and marker meeples (diamonds) in their\n"
    "  players' colours, the dragon on its square, the fairy beside its follower (on\n"
    "  its tile with fairy_on_tile), coordinates on both axes.  -o writes the picture\n"
    "  to OUT, whole or not at all, instead of standard output.  html: a page that\n"
    "  steps through the game turn by turn (buttons, a slider, the arrow keys): each\n"
    "  turn's board, its tiles outlined, the running scores and the turn's events; -o\n"
    "  DIR is needed and gets DIR/index.html, self-contained, written whole (DIR and\n"
    "  missing folders above it are made, as mkdir -p).\n";
static const char usage_simulate[] =
    "usage: wonders simulate --games N [--players N] [--seed S] [--wonders all|N|ID,...]\n"
    "                        [--variant 1|2] [--packs P,P...] [--rules R,R...] [--seats K,K,...]\n"
    "                        [--think N] [--jobs N] [--shard I/N] [--format table|yaml]\n"
    "       wonders simulate --merge FILE... [--format table|yaml]\n"
    "  Plays games with the wonder track (default: the 90 land tiles of base + Inns &\n"
    "  Cathedrals) and gives per wonder: how often it is taken, the mean points of its\n"
    "  effect, the win rate of its owner.  Each player gets one wonder offered at random\n"
    "  unless --wonders says otherwise.  --seats takes the kinds of `wonders play`\n"
    "  (default: every seat random, the fastest); --think N: an mcts seat's play-outs\n"
    "  per decision (default 1000).  --shard I/N plays the games whose\n"
    "  number is I modulo N; their YAML outputs --merge into the whole run.  --rules: as\n"
    "  for `wonders play`.  --jobs N: threads (default: the machine's cores); the results\n"
    "  are the same for any N.\n";


/* ---- play ------------------------------------------------------------------ */

/* Whether a file can be written at @p path (its folder exists and takes
** new files): said before a game is played, not after. */
static bool writable_beside(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "wonders: --record %s: cannot write in '%s': %s\n", path, dir, strerror(errno));
        return false;
    }
    return true;
}

/* The events of the turn being played, for its line in the log: the last
** turn's final scoring can bring dozens. */
typedef struct turn_events {
    wr_event *e;
    size_t n, cap;
} turn_events;

static void collect(void *ctx, const wh_score_event_t *e)
{
    turn_events *t = ctx;
    t->e = wu_grow(t->e, &t->cap, t->n + 1, sizeof *t->e);
    bool with_final = wr_event_with_final(e, t->n ? &t->e[t->n - 1] : NULL, SIZE_MAX);
    t->e[t->n++] = (wr_event){*e, 0, with_final};
}

/* What `wonders play` was asked for. */
typedef struct play_options {
    long players, seed, variant, think, think_ms;
    bool think_given;
    const char *seats, *record_path, *packs;
    uint16_t wonders[WR_MAX_WONDERS];
    int n_wonders, per_game; /* the wonders named, and how many of them go beside the track */
    bool wonders_named;      /* --wonders was given */
    wh_rules_t rules;
    bool quiet;
} play_options;

static const char *const play_option_names[] = {"--players", "--seed", "--seats", "--wonders", "--variant", "--packs",
                                                "--rules", "--record", "--think", "--think-ms", "--quiet", "--help",
                                                NULL};

/* Read play's arguments into @p o; @returns 0, or 2 after a usage error. */
static int read_play_options(int argc, char **argv, play_options *o)
{
    *o = (play_options){.players = 4, .seed = 1, .variant = 1, .think = WR_MCTS_THINK, .packs = "base,inns_cathedrals"};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--quiet")) {
            o->quiet = true;
            continue;
        }
        bool known = false;
        for (int k = 0; play_option_names[k]; k++)
            known |= !strcmp(a, play_option_names[k]);
        if (!known)
            return wr_opt_unknown_option(a, play_option_names);
        if (!(v = wr_opt_value(argc, argv, &i)))
            return 2;
        bool ok = true;
        if (!strcmp(a, "--players"))
            ok = wr_opt_option_number("play", a, v, 2, WH_MAX_PLAYERS, &o->players);
        else if (!strcmp(a, "--seed"))
            ok = wr_opt_option_number("play", a, v, 0, 2147483647L, &o->seed);
        else if (!strcmp(a, "--variant"))
            ok = wr_opt_option_number("play", a, v, 1, 2, &o->variant);
        else if (!strcmp(a, "--think"))
            ok = o->think_given = wr_opt_option_number("play", a, v, 1, WR_MCTS_MAX_THINK, &o->think);
        else if (!strcmp(a, "--think-ms"))
            ok = wr_opt_option_number("play", a, v, 1, WR_MCTS_MAX_THINK_MS, &o->think_ms);
        else if (!strcmp(a, "--seats"))
            o->seats = v;
        else if (!strcmp(a, "--record"))
            o->record_path = v;
        else if (!strcmp(a, "--packs"))
            o->packs = v;
        else if (!strcmp(a, "--rules"))
            ok = wr_opt_rules(v, &o->rules);
        else
            ok = o->wonders_named = wr_opt_parse_wonders(v, o->wonders, &o->n_wonders, &o->per_game);
        if (!ok)
            return 2;
    }
    if (!o->wonders_named) { /* every wonder, once the list (if any) has been read */
        if (!wr_opt_every_wonder(o->wonders, &o->n_wonders))
            return 2;
        o->per_game = o->n_wonders;
    }
    if (o->think_ms && !o->think_given)
        o->think = WR_MCTS_MAX_THINK; /* the time decides */
    return 0;
}

/* Keep o->per_game of the wonders named, chosen at random. */
static void choose_wonders(play_options *o, wh_rng_t *rng)
{
    for (int i = 0; i < o->per_game && o->per_game < o->n_wonders; i++) {
        uint32_t j = (uint32_t)i + wh_rng_below(rng, (uint32_t)(o->n_wonders - i));
        uint16_t t = o->wonders[i];
        o->wonders[i] = o->wonders[j];
        o->wonders[j] = t;
    }
    o->n_wonders = o->per_game;
}

/*
** Set the game up as @p o says: the pile (every copy of the packs, less the
** start tile, shuffled), the wonders, and the record that will hold it.
** @returns 0, or 2 after a message.
*/
static int deal_game(play_options *o, wh_rng_t *rng, wh_bag_t *bag, int *start, wr_record *rec)
{
    uint32_t packs[WR_MAX_PACKS];
    size_t n_packs = 0;
    uint16_t named[WR_MAX_WONDERS];
    int n_named = 0;
    if (!wr_opt_parse_packs_wonders(o->packs, packs, &n_packs, rec, named, &n_named))
        return 2;
    if (n_named && !o->wonders_named) { /* the wonders of the packs named, when --wonders does not say */
        memcpy(o->wonders, named, (size_t)n_named * sizeof *named);
        o->n_wonders = o->per_game = n_named;
    }
    wh_rng_seed(rng, (uint64_t)o->seed);
    if (wh_bag_deal(bag, &wh_tileset, packs, n_packs, rng, start) != WH_OK) /* wr_opt_parse_packs counted them */
        return fprintf(stderr, "wonders: --packs %s: more than %d tiles in the pile\n", o->packs, WH_MAX_PLACED), 2;
    if (*start != wh_start_tile(&wh_tileset))
        snprintf(rec->start, sizeof rec->start, "%s", wh_string(&wh_tileset, wh_tileset.tiles[*start].id));
    choose_wonders(o, rng);
    rec->variant = (int)o->variant;
    rec->seed = (uint64_t)o->seed;
    rec->rules = o->rules;
    for (int p = 0; p < o->players; p++)
        snprintf(rec->names[p], sizeof rec->names[p], "%s", color[p]);
    for (int i = 0; i < o->n_wonders; i++)
        snprintf(rec->wonders[rec->n_wonders++], WR_MAX_NAME, "%s",
                 wh_string(&wh_tileset, wh_tileset.tiles[o->wonders[i]].id));
    for (size_t i = 0; i < bag->n; i++)
        wr_record_pile(rec, wh_string(&wh_tileset, wh_tileset.tiles[bag->tile[i]].id));
    return 0;
}

static void print_heading(const play_options *o, const wr_seats *seats, size_t pile)
{
    printf("The Wonders of Humanity: %ld players (", o->players);
    for (int p = 0; p < o->players; p++)
        printf("%s%s %s", p ? ", " : "", color[p], wr_kind_name(seats->kind[p]));
    printf("), %zu land tiles, %d wonders beside the track, seed %ld\n\n", pile + 1, o->n_wonders, o->seed);
}

/* Play @p m to its end, each turn into @p rec (and its line of the log
** unless quiet).  @returns 0, or 1 after a turn failed. */
static int play_turns(wh_match_t *m, wr_seats *seats, wr_record *rec, bool quiet)
{
    wr_recorder recorder;
    wh_players_t pl = wr_recorder_players(&recorder, wr_seats_players(seats));
    int status = 0;
    turn_events ev = {NULL, 0, 0};
    wh_score_sink_t sink = {collect, &ev};
    while (!m->over) {
        ev.n = 0;
        wr_recorder_turn(&recorder, wr_record_turn(rec), wh_game_current(&m->game));
        size_t index = rec->n_turns - 1;
        wh_status_t s = wh_match_play_turn(m, &pl, &sink);
        wr_recorder_finish_turn(&recorder);
        if (s != WH_OK) {
            fprintf(stderr, "wonders: turn %zu failed: %s\n", index + 1, wh_status_text(s));
            status = 1;
            break;
        }
        if (!quiet)
            wr_print_turn(stdout, &wh_tileset, rec, index, rec->turns[index].player, ev.e,
                          ev.e ? wr_events_before_final(ev.e, ev.n) : 0); /* the final scoring: below the table */
    }
    free(ev.e);
    return status;
}

/* The breakdown, from replaying the record: play and score agree, or
** it is said.  @returns 0, or 1. */
static int print_replayed_breakdown(const wr_record *rec, const wh_match_t *m, bool logged)
{
    wr_replay rp;
    int status = 0;
    if (!wr_replay_run(&rp, rec, &wh_tileset, true, stderr)) {
        status = 1;
    } else {
        for (int p = 0; p < rec->players; p++)
            if (wh_game_score(&rp.match->game, p) != wh_game_score(&m->game, p)) {
                fprintf(stderr, "wonders: internal error: the replay scores differ from the game\n");
                status = 1;
            }
        printf("\n");
        wr_print_breakdown(stdout, &rp, WR_TABLE, logged);
    }
    wr_replay_free(&rp);
    return status;
}

static int cmd_play(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_play, stdout);
        return 0;
    }
    play_options o;
    wr_seats seats;
    memset(&seats, 0, sizeof seats);
    if (read_play_options(argc, argv, &o) != 0 || !wr_opt_seats_of(o.seats, (int)o.players, WR_PLANNER, seats.kind))
        return 2;
    if (o.record_path && !writable_beside(o.record_path))
        return 2;
    wr_record rec;
    wr_record_init(&rec, (int)o.players);
    wh_rng_t rng;
    wh_bag_t bag;
    int start;
    if (deal_game(&o, &rng, &bag, &start, &rec) != 0)
        return wr_record_free(&rec), 2;
    wh_match_t *m = wu_xmalloc(sizeof *m);
    wh_game_t *scratch = wu_xcalloc(WR_SCRATCH_GAMES, sizeof *scratch);
    wh_match_config_t cfg = {.players = (uint8_t)o.players, .variant = (uint8_t)o.variant, .pile = bag.tile,
                             .n_pile = bag.n, .wonders = o.wonders, .n_wonders = (size_t)o.n_wonders,
                             .start_tile = start, .rules = o.rules, .seed = rec.seed};
    int status = 0;
    if (wh_match_init(m, &wh_tileset, &cfg) != WH_OK) {
        fputs("wonders: cannot set the game up\n", stderr);
        status = 2;
    } else {
        seats.rng = &rng;
        seats.scratch = scratch;
        if (!wr_seats_searches(&seats, (int)o.players, &(wr_mcts_budget){.think = o.think, .think_ms = o.think_ms}))
            wu_out_of_memory();
        if (!o.quiet)
            print_heading(&o, &seats, bag.n);
        status = play_turns(m, &seats, &rec, o.quiet);
        if (status == 0)
            status = print_replayed_breakdown(&rec, m, !o.quiet);
        /* The record is written last, once standard output has taken the
        ** game: a failure anywhere leaves the old file as it was. */
        status = wu_flushed(status);
        if (status == 0 && o.record_path && !wr_write_file(o.record_path, &rec, stderr))
            status = 2;
    }
    free(m);
    free(scratch);
    wr_seats_free_searches(&seats);
    wr_record_free(&rec);
    return status;
}

/* ---- score, moves, board ------------------------------------------------- */

/* Read and replay the record at @p path: 0, 1 for a bad record or an
** illegal move, 2 when the file cannot be read. */
/* Read and replay the record at @p path: its first @p turns turns (0: all
** of them; a number past its last is refused); exit status 0, 1 or 2. */
static int load_turns(const char *path, wr_record *r, wr_replay *rp, bool finish, long turns)
{
    if (!wr_opt_readable(path)) {
        wr_record_init(r, 0);
        return 2;
    }
    if (!wr_read_file(path, r, stderr))
        return 1;
    if (turns > 0 && (size_t)turns > r->n_turns + 1)
        return wr_opt_fail("--turn %ld: %s has %zu turns; give 1 to %zu (%zu: after the last)", turns, path,
                           r->n_turns, r->n_turns + 1, r->n_turns + 1);
    if (turns > 0)
        r->n_turns = (size_t)turns - 1; /* the position before turn N: the turns after it unread */
    if (!wr_replay_run(rp, r, &wh_tileset, finish, stderr))
        return 1;
    return 0;
}

static int load(const char *path, wr_record *r, wr_replay *rp, bool finish)
{
    return load_turns(path, r, rp, finish, 0);
}

static int cmd_score(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_score, stdout);
        return 0;
    }
    static const char *const options[] = {"--format", "--log", "--help", NULL};
    static const char *const formats[] = {"table", "yaml", "json", NULL};
    const char *path = NULL;
    wr_format_t format = WR_TABLE;
    bool log = false;
    for (int i = 2; i < argc; i++) {
        const char *v;
        int f;
        if (!strcmp(argv[i], "--log")) {
            log = true;
        } else if (!strcmp(argv[i], "--format")) {
            if (!(v = wr_opt_value(argc, argv, &i)) || (f = wr_opt_format(v, formats)) < 0)
                return 2;
            format = f == 0 ? WR_TABLE : f == 1 ? WR_YAML : WR_JSON;
        } else if (argv[i][0] == '-') {
            return wr_opt_unknown_option(argv[i], options);
        } else if (!path) {
            path = argv[i];
        } else {
            return wr_opt_fail("one record at a time: '%s', then '%s'", path, argv[i]);
        }
    }
    if (!path)
        return wr_opt_fail("score needs a record: wonders score FILE");
    if (log && format != WR_TABLE) /* the log is text: it would spoil the YAML or JSON */
        return wr_opt_fail("--log goes with the table format, not %s", format == WR_YAML ? "yaml" : "json");
    wr_record r;
    wr_replay rp = {0};
    int status = load(path, &r, &rp, true);
    if (status == 0 && log)
        wr_print_log(stdout, &rp);
    if (status == 0) {
        if (format == WR_TABLE && !rp.positional && !rp.ended)
            printf("(the record stops before the end of the game; scored as if it ended there)\n");
        wr_print_breakdown(stdout, &rp, format, log);
    }
    wr_replay_free(&rp);
    wr_record_free(&r);
    return status;
}

static int cmd_check(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_check, stdout);
        return 0;
    }
    static const char *const options[] = {"--update", "--help", NULL};
    bool update = false;
    int n_files = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--update"))
            update = true;
        else if (argv[i][0] == '-')
            return wr_opt_unknown_option(argv[i], options);
        else
            n_files++;
    }
    if (n_files == 0)
        return wr_opt_fail("check needs records: wonders check FILE...");
    /* Everything is checked and printed first; the rewritten files are
    ** written last, once standard output has taken the report, so that a
    ** failure anywhere leaves every file as it was. */
    int differ = 0, failed = 0, updated = 0, unreadable = 0;
    char **rewritten = wu_xcalloc((size_t)argc, sizeof *rewritten);
    for (int i = 2; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        wr_record r;
        wr_replay rp = {0};
        int verdict, loaded = load(argv[i], &r, &rp, true);
        if (loaded != 0 || (verdict = wr_expect_check(stdout, &rp)) < 0) {
            failed++;
            unreadable += loaded == 2;
        } else if (verdict == 0) {
            if (!update)
                differ++;
            else if ((rewritten[i] = wr_expect_rewrite(argv[i], &rp, stderr)) != NULL)
                printf("%s: expectation rewritten from what was found\n", argv[i]), updated++;
            else
                failed++;
        }
        wr_replay_free(&rp);
        wr_record_free(&r);
    }
    printf("%d record%s: %d as expected", n_files, n_files == 1 ? "" : "s", n_files - differ - failed - updated);
    if (updated)
        printf(", %d rewritten (review them with git diff)", updated);
    if (differ)
        printf(", %d not as expected (a deliberate erratum? wonders check --update)", differ);
    if (failed)
        printf(", %d could not be replayed or compared", failed);
    printf("\n");
    int status = wu_flushed(unreadable ? 2 : differ || failed ? 1 : 0);
    for (int i = 2; i < argc; i++) {
        if (rewritten[i] && status != 2 && !wr_expect_commit(argv[i], rewritten[i], stderr))
            status = 2;
        free(rewritten[i]);
    }
    free(rewritten);
    return status;
}

static int cmd_moves(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_moves, stdout);
        return 0;
    }
    static const char *const options[] = {"--tile", "--turn", "--help", NULL};
    const char *path = NULL, *tile = NULL, *v;
    long turn = 0; /* 0: after the record's last turn */
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--tile")) {
            if (!(tile = wr_opt_value(argc, argv, &i)))
                return 2;
        } else if (!strcmp(argv[i], "--turn")) {
            if (!(v = wr_opt_value(argc, argv, &i)) || !wr_opt_option_number("moves", "--turn", v, 1, 1000000, &turn))
                return 2;
        } else if (argv[i][0] == '-') {
            return wr_opt_unknown_option(argv[i], options);
        } else if (path) {
            return wr_opt_fail("one record at a time: '%s', then '%s'", path, argv[i]);
        } else {
            path = argv[i];
        }
    }
    if (!path || !tile)
        return wr_opt_fail("moves needs a record and a tile: wonders moves FILE --tile ID");
    int t = wr_opt_tile_named("--tile", tile, false);
    if (t < 0)
        return 2;
    wr_record r;
    wr_replay rp = {0};
    int status = load_turns(path, &r, &rp, false, turn);
    if (status == 0) {
        if (rp.ended)
            printf("(the game is over; --turn N: the moves before turn N)\n");
        else
            wr_print_moves(stdout, &rp.match->game, (uint32_t)t);
    }
    wr_replay_free(&rp);
    wr_record_free(&r);
    return status;
}

/* Copy the staged page (a temporary file) into the output. */
static bool copy_stage(FILE *out, const void *ctx)
{
    FILE *stage = (FILE *)ctx;
    char buf[1 << 16];
    size_t n;
    rewind(stage);
    while ((n = fread(buf, 1, sizeof buf, stage)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            return false;
    return !ferror(stage);
}

/* --format html -o DIR: DIR/index.html, DIR made when missing and removed
** again when the page cannot be written.  The page is made first in an
** unnamed temporary file (tmpfile: gone however the run ends): the
** replays it takes allocate, and running out of memory exits at once --
** before any folder or temporary beside the page exists to be left. */
static int board_page(const char *dir, const wr_replay *rp)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/index.html", dir) >= sizeof path)
        return wr_opt_fail("-o %s: the path is too long", dir);
    FILE *stage = tmpfile();
    bool ok = stage && wr_replay_html(stage, rp, stderr);
    ok = ok && fflush(stage) == 0 && !ferror(stage);
    if (!ok)
        fprintf(stderr, "wonders: -o %s: cannot make the page: %s\n", dir, strerror(errno));
    wr_folders made;
    if (ok)
        ok = wr_folders_make("-o", dir, &made);
    if (ok) {
        ok = wr_write_atomic(path, copy_stage, stage, stderr);
        if (ok)
            wr_folders_keep(&made);
        else
            wr_folders_remove(&made);
    }
    if (stage)
        fclose(stage);
    return ok ? 0 : 2;
}

typedef struct board_picture {
    const wh_game_t *game;
    const wr_record *record;
} board_picture;

static bool write_board_svg(FILE *out, const void *ctx)
{
    const board_picture *b = ctx;
    return wr_board_svg(out, b->game, b->record);
}

static int cmd_board(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_board, stdout);
        return 0;
    }
    static const char *const options[] = {"--format", "-o", "--help", NULL};
    static const char *const formats[] = {"text", "svg", "html", NULL};
    const char *file = NULL, *out_path = NULL, *v;
    bool svg = false, html = false;
    for (int i = 2; i < argc; i++) {
        int f;
        if (!strcmp(argv[i], "--format")) {
            if (!(v = wr_opt_value(argc, argv, &i)) || (f = wr_opt_format(v, formats)) < 0)
                return 2;
            svg = f == 1;
            html = f == 2;
        } else if (!strcmp(argv[i], "-o")) {
            if (!(out_path = wr_opt_value(argc, argv, &i)))
                return 2;
        } else if (argv[i][0] == '-') {
            return wr_opt_unknown_option(argv[i], options);
        } else if (file) {
            return wr_opt_fail("one record at a time: '%s', then '%s'", file, argv[i]);
        } else {
            file = argv[i];
        }
    }
    if (!file)
        return wr_opt_fail("board needs a record: wonders board FILE");
    if (out_path && !svg && !html)
        return wr_opt_fail("-o %s: -o goes with --format svg or html (text goes to standard output)", out_path);
    if (html && !out_path)
        return wr_opt_fail("--format html needs -o DIR: the page is written to DIR/index.html");
    if (html && !wr_folder_ready("-o", out_path))
        return 2;
    wr_record r;
    wr_replay rp = {0};
    /* the page shows the final scoring too; the pictures the board as it stands */
    int status = load(file, &r, &rp, html);
    if (status == 0 && html) {
        status = board_page(out_path, &rp);
    } else if (status == 0 && !svg) {
        wr_draw_board(stdout, &rp.match->game, &r);
    } else if (status == 0) {
        board_picture b = {&rp.match->game, &r};
        bool ok = out_path ? wr_write_atomic(out_path, write_board_svg, &b, stderr) : write_board_svg(stdout, &b);
        status = ok ? 0 : 2;
    }
    wr_replay_free(&rp);
    wr_record_free(&r);
    return status;
}

/* ---- simulate -------------------------------------------------------------- */

static int cmd_simulate(int argc, char **argv)
{
    if (wr_opt_wants_help(argc, argv)) {
        fputs(usage_simulate, stdout);
        return 0;
    }
    static uint16_t chosen[WR_MAX_WONDERS];
    wr_run_args run;
    wr_sim_options o = {.wonders = chosen, .variant = 1};
    int per_game = -1; /* by default one wonder per player, at random */
    static const char *const options[] = {"--games", "--players", "--seed", "--wonders", "--variant", "--packs",
                                          "--rules", "--seats", "--think", "--jobs", "--shard", "--format",
                                          "--merge", "--help", NULL};
    bool named = false; /* --wonders given: else every wonder, read after the options */
    if (!wr_opt_run_defaults(&run, "simulate", 1000000000L))
        return 2;
    wr_kind_t seats[WH_MAX_PLAYERS];
    for (int i = 2; i < argc; i++) {
        int shared = wr_opt_run_arg(&run, argc, argv, &i);
        if (shared < 0)
            return 2;
        if (shared > 0)
            continue;
        const char *a = argv[i], *v;
        long n;
        if (strcmp(a, "--variant") && strcmp(a, "--shard") && strcmp(a, "--wonders") && strcmp(a, "--think"))
            return wr_opt_unknown_option(a, options);
        if (!(v = wr_opt_value(argc, argv, &i)))
            return 2;
        if (!strcmp(a, "--think")) {
            if (!wr_opt_option_number("simulate", a, v, 1, WR_MCTS_MAX_THINK, &o.think))
                return 2;
        } else if (!strcmp(a, "--variant")) {
            if (!wr_opt_option_number("simulate", a, v, 1, 2, &n))
                return 2;
            o.variant = (int)n;
        } else if (!strcmp(a, "--shard")) {
            if (!wr_opt_shard_of(v, &run.run.shard, &run.run.shards))
                return wr_opt_fail("--shard %s: expected I/N with 0 <= I < N <= 1000000", v);
        } else if (!(named = wr_opt_parse_wonders(v, chosen, &o.n_wonders, &per_game))) {
            return 2;
        }
    }
    if (!named && !wr_opt_every_wonder(chosen, &o.n_wonders))
        return 2;
    o.run = run.run;
    o.wonders_per_game = per_game >= 0 ? per_game : o.run.players;
    if (!wr_opt_seats_of(run.seats, o.run.players, WR_RANDOM, seats))
        return 2;
    o.run.seats = seats;
    wr_sim result;
    if (run.merge) {
        if (!run.n_merge)
            return wr_opt_fail("--merge needs files: wonders simulate --merge FILE...");
        for (int k = 0; k < run.n_merge; k++)
            if (!wr_opt_readable(run.merge_files[k]))
                return 2;
        memset(&result, 0, sizeof result);
        for (int k = 0; k < run.n_merge; k++) {
            wr_sim part;
            if (!wr_sim_read(run.merge_files[k], &part, stderr))
                return 1;
            if (!wr_sim_merge(&result, &part)) {
                char theirs[96], ours[96];
                wr_kinds_text(part.seats, part.players, ",", theirs, sizeof theirs);
                wr_kinds_text(result.seats, result.players, ",", ours, sizeof ours);
                char their_rules[96], our_rules[96];
                wr_rules_text(part.rules, ",", their_rules, sizeof their_rules);
                wr_rules_text(result.rules, ",", our_rules, sizeof our_rules);
                fprintf(stderr, "wonders: %s: results for %d players (seats %s; rules %s) do not merge with %d players "
                                "(seats %s; rules %s)\n",
                        run.merge_files[k], part.players, theirs, *their_rules ? their_rules : "none", result.players, ours,
                        *our_rules ? our_rules : "none");
                return 1;
            }
        }
    } else {
        if (!o.run.games)
            return wr_opt_fail("simulate needs --games N (1 to 1000000000) or --merge FILE...");
        wr_show_progress(&o.run);
        char problem[WR_LAB_PROBLEM];
        if (!wr_lab_ok(wr_simulate(&wh_tileset, &o, &result, problem), problem, stderr))
            return 1;
    }
    if (run.yaml)
        wr_sim_write_yaml(stdout, &result);
    else
        wr_sim_print(stdout, &wh_tileset, &result);
    return 0;
}

/* What was printed must have reached standard output: a full disk or a
** closed pipe is an I/O failure (exit 2), not a silent success. */
static int run(int argc, char **argv);

/* A usage error found before the command runs, with its pointer to --help. */
static void refuse(const char *msg, const char *cmd)
{
    wr_opt_set_command(cmd);
    wr_opt_fail("%s", msg);
}

/* The long options of any command that take no value. */
static const char *const flags[] = {"--help", "--quiet", "--log", "--update", NULL};

int main(int argc, char **argv)
{
    static const wu_syntax syntax = {flags, refuse};
    return wu_main(argc, argv, "wonders", &syntax, run);
}

static int run(int argc, char **argv)
{
    static const char *const commands[] = {"play", "score", "check", "moves", "board", "simulate", "balance", "duel"};
    static int (*const run_command[])(int, char **) = {cmd_play,     cmd_score,      cmd_check,  cmd_moves,
                                                       cmd_board,    cmd_simulate,   wr_cmd_balance, wr_cmd_duel};
    size_t n = sizeof commands / sizeof *commands;
    wr_opt_set_command(NULL);
    if (argc < 2)
        return wr_opt_fail("no command given (play, score, check, moves, board, simulate, balance, duel)");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
        fputs(usage_main, stdout);
        return 0;
    }
    for (size_t k = 0; k < n; k++)
        if (!strcmp(cmd, commands[k])) {
            wr_opt_set_command(cmd);
            return run_command[k](argc, argv);
        }
    return wr_opt_unknown(NULL, "command", cmd, commands, n);
}
