/*
** test_boxes.c -- random games with both boxes (Traders & Builders, The
** Princess & the Dragon), their rules and every wonder, played by the
** built-in players into records, written, read back and replayed: the
** replay must reach the same scores, move for move (builders, pigs, the
** fairy's moves and every step of the dragon are in the records).  Every
** other game plays the fairy on a tile (the rule fairy_on_tile).
*/
#include "../runtime/lab/players.h"
#include "../runtime/cli/recorder.h"
#include "../runtime/cli/record.h"
#include "../runtime/cli/replay.h"
#include "../runtime/tileset.h"
#include "game_support.h"
#include "suites.h"
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const box_packs[] = {"base", "traders_builders", "princess_dragon"};

/* One game of seed @p seed with @p players seats of @p kinds, into @p rec;
** the match's final scores into @p scores.  @returns false when a turn failed. */
static bool play_recorded(uint64_t seed, int players, const wr_kind_t *kinds, wr_record *rec, int *scores)
{
    uint32_t packs[3];
    for (int i = 0; i < 3; i++) {
        packs[i] = 0;
        while (packs[i] < wh_tileset.n_packs && strcmp(wh_string(&wh_tileset, wh_tileset.packs[packs[i]].id), box_packs[i]))
            packs[i]++;
        CU_ASSERT_FATAL(packs[i] < wh_tileset.n_packs);
        snprintf(rec->packs[i], WR_MAX_NAME, "%s", box_packs[i]);
    }
    rec->n_packs = 3;
    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_bag_t bag;
    int start;
    CU_ASSERT_EQUAL_FATAL(wh_bag_deal(&bag, &wh_tileset, packs, 3, &rng, &start), WH_OK);
    uint16_t wonders[WR_MAX_WONDERS];
    int n_wonders = 0;
    for (uint32_t t = 0; t < wh_tileset.n_tiles && n_wonders < WR_MAX_WONDERS; t++)
        if (wh_tileset.tiles[t].kind == WH_TILE_WONDER) {
            wonders[n_wonders] = (uint16_t)t;
            snprintf(rec->wonders[n_wonders++], WR_MAX_NAME, "%s", wh_string(&wh_tileset, wh_tileset.tiles[t].id));
        }
    rec->n_wonders = n_wonders;
    rec->variant = 1;
    rec->seed = seed;
    rec->rules = WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS) | WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON) |
                 (seed % 2 ? 0 : WH_RULE_BIT(WH_RULE_FAIRY_ON_TILE));
    for (size_t i = 0; i < bag.n; i++)
        wr_record_pile(rec, wh_string(&wh_tileset, wh_tileset.tiles[bag.tile[i]].id));
    wh_match_t *m = malloc(sizeof *m);
    wh_game_t *scratch = calloc(WR_SCRATCH_GAMES, sizeof *scratch);
    CU_ASSERT_FATAL(m && scratch);
    wh_match_config_t cfg = {.players = (uint8_t)players, .variant = 1, .pile = bag.tile, .n_pile = bag.n,
                             .wonders = wonders, .n_wonders = (size_t)n_wonders, .start_tile = start,
                             .rules = rec->rules, .seed = seed}; /* P5's shuffle, as the record's */
    CU_ASSERT_EQUAL_FATAL(wh_match_init(m, &wh_tileset, &cfg), WH_OK);
    wr_seats seats;
    memset(&seats, 0, sizeof seats);
    memcpy(seats.kind, kinds, (size_t)players * sizeof *kinds);
    seats.rng = &rng;
    seats.scratch = scratch;
    wr_recorder recorder;
    wh_players_t pl = wr_recorder_players(&recorder, wr_seats_players(&seats));
    bool ok = true;
    while (ok && !m->over) {
        wr_recorder_turn(&recorder, wr_record_turn(rec), wh_game_current(&m->game));
        ok = wh_match_play_turn(m, &pl, NULL) == WH_OK;
        wr_recorder_finish_turn(&recorder);
    }
    for (int p = 0; p < players; p++)
        scores[p] = wh_game_score(&m->game, p);
    free(m);
    free(scratch);
    return ok;
}

/* Whether a record's text moves the fairy, always onto a tile: every
** `fairy:` line without a `feature` (fairy_on_tile). */
static bool fairy_on_tiles(const char *text)
{
    bool any = false;
    for (const char *f = strstr(text, "fairy: {"); f; f = strstr(f + 1, "fairy: {")) {
        const char *end = strchr(f, '}');
        const char *feature = strstr(f, "feature");
        if (feature && (!end || feature < end))
            return false;
        any = true;
    }
    return any;
}

static void test_random_games_replay(void)
{
    static const wr_kind_t kinds[] = {WR_RANDOM, WR_GREEDY, WR_RANDOM};
    int builders = 0, pigs = 0, dragons = 0, fairies = 0, on_tiles = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        int players = 2 + (int)(seed % 2), scores[WH_MAX_PLAYERS];
        wr_record rec;
        wr_record_init(&rec, players);
        for (int p = 0; p < players; p++)
            snprintf(rec.names[p], sizeof rec.names[p], "P%d", p);
        CU_ASSERT_FATAL(play_recorded(seed, players, kinds, &rec, scores));
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        CU_ASSERT_FATAL(out && wr_write_stream(out, &rec));
        fclose(out);
        builders += strstr(text, "[builder ") != NULL;
        pigs += strstr(text, "[pig ") != NULL;
        dragons += strstr(text, "dragon: [[") != NULL;
        fairies += strstr(text, "fairy: {") != NULL;
        if (seed % 2 == 0)
            on_tiles += fairy_on_tiles(text);
        wr_record back;
        CU_ASSERT_FATAL(wr_read_text("boxes.yaml", text, len, &back, stderr));
        wr_replay rp;
        CU_ASSERT_FATAL(wr_replay_run(&rp, &back, &wh_tileset, true, stderr));
        for (int p = 0; p < players; p++)
            CU_ASSERT_EQUAL(wh_game_score(&rp.match->game, p), scores[p]);
        wr_replay_free(&rp);
        wr_record_free(&back);
        wr_record_free(&rec);
        free(text);
    }
    /* the records did hold the new figures and flights */
    CU_ASSERT(builders > 0);
    CU_ASSERT(pigs > 0);
    CU_ASSERT(dragons > 0);
    CU_ASSERT(fairies > 0);
    CU_ASSERT(on_tiles > 0);
}

bool register_box_tests(void)
{
    static const test_case cases[] = {
        {"random games with both boxes replay identically from their records", test_random_games_replay},
        {NULL, NULL},
    };
    return register_suite("both boxes through records", cases);
}
