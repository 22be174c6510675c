/*
** test_records.c -- YAML game records: reading (every error located),
** writing (atomic), the round trip, and replays that reject an illegal
** move at its turn.
*/
#define _POSIX_C_SOURCE 200809L
#include "suites.h"
#include "support.h"
#include "game_support.h"
#include "../runtime/cli/replay.h"
#include "../runtime/cli/report.h"
#include "tiles.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Read `text`; the error stream's text goes to *msg (caller frees). */
static bool read_text(const char *text, wr_record *r, char **msg)
{
    size_t len;
    FILE *err = open_memstream(msg, &len);
    bool ok = wr_read_text("r.yaml", text, strlen(text), r, err);
    fclose(err);
    return ok;
}

static void expect_error(const char *text, const char *want)
{
    wr_record r;
    char *msg = NULL;
    CU_ASSERT_FALSE(read_text(text, &r, &msg));
    if (!test_contains(msg, want))
        fprintf(stderr, "\nwanted: %s\n   got: %s", want, msg);
    CU_ASSERT_TRUE(test_contains(msg, want));
    free(msg);
    wr_record_free(&r);
}

static void test_reads_a_record(void)
{
    static const char text[] =
        "format: 1\n"
        "setup:\n"
        "  players: [Ann, Bob]\n"
        "  wonders: [wonders_set1.alhambra]\n"
        "  variant: 2\n"
        "  pile: [base.U, base.V]\n"
        "turns:\n"
        "- {player: 0, tile: base.U, at: [1, 0], rotation: 90, meeples: [r]}\n"
        "- player: 1\n"
        "  pass: true\n"
        "  takes: [{player: 1, wonder: wonders_set1.alhambra}]\n";
    wr_record r;
    char *msg = NULL;
    CU_ASSERT_TRUE_FATAL(read_text(text, &r, &msg));
    CU_ASSERT_EQUAL(r.players, 2);
    CU_ASSERT_STRING_EQUAL(r.names[1], "Bob");
    CU_ASSERT_EQUAL(r.variant, 2);
    CU_ASSERT_EQUAL(r.n_pile, 2);
    CU_ASSERT_STRING_EQUAL(r.pile[1], "base.V");
    CU_ASSERT_EQUAL_FATAL(r.n_turns, 2);
    CU_ASSERT_EQUAL(r.turns[0].place.x, 1);
    CU_ASSERT_EQUAL(r.turns[0].place.rotation, 1);
    CU_ASSERT_STRING_EQUAL(r.turns[0].meeple[0], "r");
    CU_ASSERT_EQUAL(r.turns[0].at.line, 8);
    CU_ASSERT_TRUE(r.turns[1].pass);
    CU_ASSERT_EQUAL(r.turns[1].n_takes, 1);
    CU_ASSERT_EQUAL(r.turns[1].takes[0].player, 1);
    free(msg);
    wr_record_free(&r);
}

static void test_bad_records_are_located(void)
{
    expect_error("", "r.yaml: error: the record is empty");
    expect_error("format: 1\nsetup: {players: 2\n", "r.yaml:2:19: error: malformed YAML: the mapping is not closed: "
                                                   "a '}' is missing at the end of this line (its '{' is at 2:8)");
    expect_error("format: 1\nsetup: {players: 2}\nturns: [{tile: base.E, at: [0, -1], rotation: 99999999999999999999}]\n",
                 "r.yaml:3:47: error: rotation: expected 0, 90, 180 or 270, found 99999999999999999999");
    expect_error("format: 1\nsetup: {players: 2}\ncolour: red\n",
                 "r.yaml:3:1: error: unknown key 'colour' in the record (known: format, setup, turns, rule, expect)");
    expect_error("format: 2\nsetup: {players: 2}\n", "r.yaml:1:9: error: format 2 is not known");
    expect_error("setup: {players: 2}\n", "r.yaml:1:1: error: the record needs 'format: 1'");
    expect_error("format: 1\nsetup: {players: 9}\n", "r.yaml:2:18: error: players: 9 is out of range (2 to 6)");
    expect_error("format: 1\nsetup: {players: two}\n", "r.yaml:2:18: error: players: expected a whole number");
    expect_error("format: 1\nsetup: {players: 2}\nturns: {tile: x}\n", "r.yaml:3:8: error: turns: expected a list");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.U, at: [1, 0], rotation: 45}\n",
                 "r.yaml:4:40: error: rotation: expected 0, 90, 180 or 270, found 45");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.U, at: [1]}\n",
                 "r.yaml:4:22: error: at: expected [x, y]");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {at: [1, 0]}\n",
                 "r.yaml:4:3: error: a turn needs 'tile' and 'at', or 'pass: true'");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {player: 3, pass: true}\n",
                 "r.yaml:4:12: error: player: 3 is out of range (0 to 1)");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.U, at: [1, 0], meeples: [a, b, c]}\n",
                 "r.yaml:4:39: error: meeples: at most 2");
    expect_error("format: 1\nsetup: {players: 2, players: 3}\n", "key 'players' appears twice in setup");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.U, at: [1, 0], marker: abbot}\n",
                 "r.yaml:4:38: error: marker: expected meeple or large, found 'abbot'");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {pass: true, marker: large}\n",
                 "r.yaml:4:3: error: a turn that passes places nothing");
    /* a huge file does not become a huge record */
    size_t cap = 64 + 14 * (WR_MAX_TURNS + 1);
    char *many = malloc(cap);
    CU_ASSERT_FATAL(many != NULL);
    size_t len = (size_t)snprintf(many, cap, "format: 1\nsetup: {players: 2}\nturns:\n");
    for (int i = 0; i <= WR_MAX_TURNS; i++)
        len += (size_t)snprintf(many + len, cap - len, "- pass: true\n");
    char want[96];
    snprintf(want, sizeof want, "r.yaml:%d:3: error: turns: more than %d", 4 + WR_MAX_TURNS, WR_MAX_TURNS);
    expect_error(many, want);
    free(many);
    /* numbers are plain decimals: no spaces, no other bases, no overflow */
    expect_error("format: 1\nsetup: {players: ' 2'}\n", "r.yaml:2:18: error: players: expected a whole number, found ' 2'");
    expect_error("format: 1\nsetup: {players: 0x2}\n", "r.yaml:2:18: error: players: expected a whole number, found '0x2'");
    expect_error("format: 1\nsetup: {players: -}\n", "r.yaml:2:18: error: players: expected a whole number, found '-'");
    /* a whole number still, beyond any long: out of range, not "not a number" */
    expect_error("format: 1\nsetup: {players: 99999999999999999999}\n",
                 "r.yaml:2:18: error: players: 99999999999999999999 is out of range (2 to 6)");
    expect_error("format: 1\nsetup: {players: 99999999999999999999x}\n", "players: expected a whole number");
    expect_error("format: 1\nsetup: {players: 2}\nturns:\n- {tile: \"base.U\\0x\", at: [1, 0]}\n",
                 "r.yaml:4:10: error: tile: expected a name of 1 to");
}

static void test_write_then_read(void)
{
    wr_record a;
    wr_record_init(&a, 3);
    strcpy(a.names[0], "Ann");
    strcpy(a.names[1], "Bob");
    strcpy(a.names[2], "Cy");
    wr_record_pile(&a, "base.U");
    wr_record_pile(&a, "base.V");
    strcpy(a.wonders[a.n_wonders++], "wonders_set2.tikal");
    wr_turn *t = wr_record_turn(&a);
    t->player = 0;
    strcpy(t->place.tile, "base.U");
    t->place.x = -3;
    t->place.y = 2;
    t->place.rotation = 3;
    strcpy(t->meeple[t->n_meeples++], "f2");
    t->takes[t->n_takes++] = (wr_take){2, "wonders_set2.tikal", {0, 0}};
    t->extra[t->n_extra++] = (wr_place){"base.V", 1, 1, 2, {0, 0}};
    t->marker = WH_FIGURE_LARGE + 1; /* `marker: large`, as a player that chose it writes it */
    t = wr_record_turn(&a);
    t->player = 1;
    t->pass = true;
    char path[] = "/tmp/wonders-record-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    CU_ASSERT_TRUE(wr_write_file(path, &a, stderr));
    wr_record b;
    CU_ASSERT_TRUE_FATAL(wr_read_file(path, &b, stderr));
    CU_ASSERT_EQUAL(b.players, 3);
    CU_ASSERT_STRING_EQUAL(b.names[2], "Cy");
    CU_ASSERT_EQUAL(b.n_pile, 2);
    CU_ASSERT_EQUAL_FATAL(b.n_turns, 2);
    CU_ASSERT_EQUAL(b.turns[0].place.x, -3);
    CU_ASSERT_EQUAL(b.turns[0].place.rotation, 3);
    CU_ASSERT_STRING_EQUAL(b.turns[0].meeple[0], "f2");
    CU_ASSERT_EQUAL(b.turns[0].takes[0].player, 2);
    CU_ASSERT_STRING_EQUAL(b.turns[0].extra[0].tile, "base.V");
    CU_ASSERT_EQUAL(b.turns[0].extra[0].rotation, 2);
    CU_ASSERT_TRUE(b.turns[1].pass);
    CU_ASSERT_EQUAL(b.turns[0].marker, WH_FIGURE_LARGE + 1);
    CU_ASSERT_EQUAL(b.turns[1].marker, 0); /* not stated: the default */
    /* a game leaves whose turn it is to the rules */
    CU_ASSERT_EQUAL(b.turns[0].player, -1);
    wr_record_free(&b);
    /* a position says whose tile each one is */
    a.has_pile = false;
    CU_ASSERT_TRUE(wr_write_file(path, &a, stderr));
    CU_ASSERT_TRUE_FATAL(wr_read_file(path, &b, stderr));
    CU_ASSERT_EQUAL(b.n_pile, 0);
    CU_ASSERT_EQUAL_FATAL(b.n_turns, 2);
    CU_ASSERT_EQUAL(b.turns[0].player, 0);
    CU_ASSERT_EQUAL(b.turns[1].player, 1);
    a.has_pile = true;
    unlink(path);
    FILE *sink = fopen("/dev/null", "w");
    CU_ASSERT_FATAL(sink != NULL);
    CU_ASSERT_FALSE(wr_write_file("/nonexistent/dir/x.yaml", &a, sink));
    fclose(sink);
    wr_record_free(&a);
    wr_record_free(&b);
}

/* A position that is legal replays; editing one move makes it fail there. */
static void test_replay_rejects_an_illegal_move_at_its_turn(void)
{
    static const char good[] =
        "format: 1\n"
        "setup: {players: 2}\n"
        "turns:\n"
        "- {player: 0, tile: base.E, at: [0, -1], rotation: 180, meeples: [c]}\n"
        "- {player: 1, tile: base.U, at: [1, 0], rotation: 0, meeples: [r]}\n";
    wr_record r;
    char *msg = NULL;
    CU_ASSERT_TRUE_FATAL(read_text(good, &r, &msg));
    free(msg);
    wr_replay rp;
    CU_ASSERT_TRUE(wr_replay_run(&rp, &r, &wh_tileset, true, stderr));
    TEST_POINTS(wh_game_score(&rp.match->game, 0), 4); /* the closed city */
    TEST_POINTS(wh_game_score(&rp.match->game, 1), 2); /* the open road, at the end */
    wr_replay_free(&rp);
    wr_record_free(&r);

    static const char bad[] =
        "format: 1\n"
        "setup: {players: 2}\n"
        "turns:\n"
        "- {player: 0, tile: base.E, at: [0, -1], rotation: 180, meeples: [c]}\n"
        "- {player: 1, tile: base.U, at: [1, 0], rotation: 90, meeples: [r]}\n";
    CU_ASSERT_TRUE_FATAL(read_text(bad, &r, &msg));
    free(msg);
    size_t len;
    FILE *err = open_memstream(&msg, &len);
    CU_ASSERT_FALSE(wr_replay_run(&rp, &r, &wh_tileset, true, err));
    fclose(err);
    CU_ASSERT_TRUE(test_contains(msg, "r.yaml:5:21: error: turn 2: base.U cannot go at (1, 0) turned 90"));
    free(msg);
    wr_replay_free(&rp);
    wr_record_free(&r);
}

/* A game with a wonder that pays at its taking (tests/taken.tiles' patron,
** `on taken(p) if p == owner { score 3; }`), on tests/match.tiles: Red
** closes three 2-square cities (a gate, city south, then a cap, city north,
** a meeple on each gate: 2 points a square, 4 each, R) in turns 3, 7 and
** 11, reaches the pairs on 10 with 12 and takes the patron after turn 11:
** 3 more.  Blue's meadows and the patron placed in turn 13 score nothing,
** and nothing is left on a feature for the final scoring.  Red 15, Blue 0.
** The replay gives those events in turn order, the taking's in turn 11;
** the log says it under the taking. */
static void test_replay_of_a_taking(void)
{
    static const char game[] =
        "format: 1\n"
        "setup:\n"
        "  players: [Red, Blue]\n"
        "  wonders: [tk.patron]\n"
        "  pile: [m.gate, m.meadow, m.cap, m.meadow, m.gate, m.meadow, m.cap, m.meadow, m.gate, m.meadow,\n"
        "         m.cap, m.meadow, m.meadow, m.meadow]\n"
        "turns:\n"
        "- {tile: m.gate, at: [0, 1], rotation: 0, meeples: [c]}\n"
        "- {tile: m.meadow, at: [-1, 0], rotation: 0}\n"
        "- {tile: m.cap, at: [0, 2], rotation: 0}\n"
        "- {tile: m.meadow, at: [-2, 0], rotation: 0}\n"
        "- {tile: m.gate, at: [1, 1], rotation: 0, meeples: [c]}\n"
        "- {tile: m.meadow, at: [-3, 0], rotation: 0}\n"
        "- {tile: m.cap, at: [1, 2], rotation: 0}\n"
        "- {tile: m.meadow, at: [-4, 0], rotation: 0}\n"
        "- {tile: m.gate, at: [2, 1], rotation: 0, meeples: [c]}\n"
        "- {tile: m.meadow, at: [-5, 0], rotation: 0}\n"
        "- tile: m.cap\n"
        "  at: [2, 2]\n"
        "  rotation: 0\n"
        "  takes: [{player: 0, wonder: tk.patron}]\n"
        "- {tile: m.meadow, at: [-6, 0], rotation: 0}\n"
        "- {tile: tk.patron, at: [0, -1], rotation: 0}\n";
    test_build b;
    const char *paths[] = {"match.tiles", "taken.tiles"};
    test_build_files(&b, paths, 2);
    CU_ASSERT_FATAL(b.ok);
    wr_record r;
    char *msg = NULL;
    bool read = read_text(game, &r, &msg);
    if (!read)
        fprintf(stderr, "%s", msg);
    free(msg);
    CU_ASSERT_TRUE_FATAL(read);
    wr_replay rp;
    CU_ASSERT_TRUE_FATAL(wr_replay_run(&rp, &r, &b.set, true, stderr));
    TEST_POINTS(wh_game_score(&rp.match->game, 0), 3 * 4 + 3);
    TEST_POINTS(wh_game_score(&rp.match->game, 1), 0);
    uint32_t patron = tile_id(&b.set, "tk.patron");
    static const int turns[] = {3, 7, 11, 11};
    CU_ASSERT_EQUAL_FATAL(rp.n_events, 4);
    for (size_t i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(rp.events[i].turn + 1, turns[i]);
        CU_ASSERT_EQUAL(rp.events[i].e.winners, 1u << 0);
        TEST_POINTS(rp.events[i].e.points, i < 3 ? 4 : 3);
    }
    CU_ASSERT_EQUAL(rp.events[3].e.reason, WH_REASON_WONDER);
    CU_ASSERT_EQUAL(rp.events[3].e.wonder, patron);
    CU_ASSERT_EQUAL(rp.events[3].e.squares, WH_EVENT_TAKEN);
    size_t len;
    FILE *out = open_memstream(&msg, &len);
    wr_print_log(out, &rp);
    wr_print_breakdown(out, &rp, WR_YAML, false);
    fclose(out);
    CU_ASSERT_TRUE(test_contains(msg, "            Red takes Patron\n              Patron (taken): Red +3\n"));
    CU_ASSERT_TRUE(test_contains(msg, "  - turn: 11\n    reason: \"tk.patron\"\n    points: 3\n    at: taken\n"));
    CU_ASSERT_EQUAL(test_count_lines(msg, "Patron (taken)"), 1);
    free(msg);
    wr_replay_free(&rp);
    wr_record_free(&r);
    test_build_free(&b);
}

bool register_record_tests(void)
{
    static const test_case cases[] = {
        {"a wonder's taking replays: its score in the turn of the taking, the log under it", test_replay_of_a_taking},
        {"reads a record", test_reads_a_record},
        {"bad records are located", test_bad_records_are_located},
        {"write then read", test_write_then_read},
        {"replay rejects an illegal move at its turn", test_replay_rejects_an_illegal_move_at_its_turn},
        {NULL, NULL},
    };
    return register_suite("records", cases);
}
