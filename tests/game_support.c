/* game_support.c -- helpers for the runtime tests; see game_support.h. */
#include "game_support.h"
#include "../runtime/tileset.h"
#include "tiles.h"

#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

const char scenario_tiles[] =
    "pack t \"Scenario\" {\n"
    "  tile start \"Start road\" { tags start; square { N field; E road; S field; W road; }\n"
    "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
    "  tile straight \"Straight road\" { square { N field; E road; S field; W road; }\n"
    "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
    "  tile end \"Road end\" { square { N field; E field; S field; W road; }\n"
    "    junction house; road r { sides W; ends house; } field f { sides N, E, S, WL, WR; } }\n"
    "  tile meadow \"Meadow\" { square { N field; E field; S field; W field; } field f { sides N, E, S, W; } }\n"
    "  tile cloister \"Monastery\" { square { N field; E field; S field; W field; }\n"
    "    monastery m; field f { sides N, E, S, W; } }\n"
    "  tile cap \"City cap\" { square { N city; E field; S field; W field; }\n"
    "    city c { sides N; } field f { sides E, S, W; touches c; } }\n"
    "  tile coat \"City cap with coat\" { square { N city; E field; S field; W field; }\n"
    "    city c { sides N; arms 1; } field f { sides E, S, W; touches c; } }\n"
    "}\n";

static void append(void *ctx, const wh_score_event_t *e)
{
    event_log *log = ctx;
    if (log->n < 64)
        log->e[log->n++] = *e;
}

wh_score_sink_t log_sink(event_log *log)
{
    memset(log, 0, sizeof *log);
    return (wh_score_sink_t){append, log};
}

void scenario_game(test_build *b, wh_game_t *g, int players)
{
    test_build_text(b, "scenario.tiles", scenario_tiles);
    CU_ASSERT_FATAL(b->ok);
    wh_game_config_t cfg = {.players = (uint8_t)players, .meeples = 7, .start_tile = -1};
    CU_ASSERT_FATAL(wh_game_init(g, &b->set, &cfg) == WH_OK);
}

void project_game(wh_game_t *g, int players)
{
    wh_game_config_t cfg = {.players = (uint8_t)players, .meeples = 7, .start_tile = -1};
    CU_ASSERT_FATAL(wh_game_init(g, &wh_tileset, &cfg) == WH_OK);
    CU_ASSERT_EQUAL(g->placed[0].tile, WH_TILE_BASE_D);
}

wh_game_t *game_with(unsigned rules)
{
    wh_game_t *g = malloc(sizeof *g);
    CU_ASSERT_FATAL(g != NULL);
    wh_game_config_t cfg = {.players = 2, .meeples = 7, .start_tile = -1, .rules = rules};
    CU_ASSERT_EQUAL_FATAL(wh_game_init(g, &wh_tileset, &cfg), WH_OK);
    return g;
}

uint8_t tile_option(const char *tile, wh_figure_t figure, const char *feature)
{
    return WH_OPTION(figure, local_of(&wh_tileset, tile, feature));
}

uint32_t tile_id(const wh_tileset_t *set, const char *id)
{
    int t = wh_tile_find(set, id);
    CU_ASSERT_FATAL(t >= 0);
    return (uint32_t)t;
}

uint8_t local_of(const wh_tileset_t *set, const char *id, const char *name)
{
    int f = test_feature(set, tile_id(set, id), name);
    CU_ASSERT_FATAL(f >= 0);
    return (uint8_t)f;
}

void turn(wh_game_t *g, const wh_tileset_t *set, const char *id, int x, int y, int rot, int meeple,
          const wh_score_sink_t *sink)
{
    wh_status_t s = wh_game_place_tile(g, tile_id(set, id), x, y, rot);
    if (s != WH_OK)
        fprintf(stderr, "placing %s at (%d, %d) turned %d: %s\n", id, x, y, rot, wh_status_text(s));
    CU_ASSERT_FATAL(s == WH_OK);
    if (meeple >= 0)
        CU_ASSERT_FATAL(wh_game_place_meeple(g, (uint8_t)meeple) == WH_OK);
    CU_ASSERT_FATAL(wh_game_end_turn(g, sink) == WH_OK);
}

/* The value of a constant or a value table node, or -1 for another node. */
static int value_node(const wh_tileset_t *set, const wh_expr_t *x, int players, int tiles)
{
    if (x->op == WH_OP_CONST)
        return x->k;
    if (x->op != WH_OP_TABLE)
        return -1;
    int n = x->arg == WH_VALUE_BY_PLAYERS ? players : tiles;
    for (uint32_t i = 0; i < x->b; i++) {
        const wh_effect_value_t *v = &set->effect_values[(uint32_t)x->k + i];
        if (v->lo <= n && n <= v->hi)
            return v->value;
    }
    CU_FAIL("no value row holds the count");
    return 0;
}

/* The first `score` statement of `wonder`'s first handler pays a value
** (a constant or a value table) or a value times what it counts: that
** value.  Read here from the tables rather than through effects.c, so that
** a fault in the runtime's evaluation is not its own oracle. */
int effect_unit(const wh_tileset_t *set, uint32_t wonder, int players, int tiles)
{
    uint32_t e = set->tiles[wonder].effect;
    CU_ASSERT_FATAL(e != 0);
    const wh_effect_t *eff = &set->effects[e - 1];
    CU_ASSERT_FATAL(eff->n_handlers > 0);
    const wh_expr_t *x = &set->exprs[set->handlers[eff->first_handler].body];
    while (x->op == WH_OP_SEQ || x->op == WH_OP_IF)
        x = &set->exprs[x->op == WH_OP_SEQ ? x->a : x->b];
    CU_ASSERT_FATAL(x->op == WH_OP_SCORE);
    x = &set->exprs[x->a];
    int v = value_node(set, x, players, tiles);
    if (v < 0 && x->op == WH_OP_MUL) {
        v = value_node(set, &set->exprs[x->a], players, tiles);
        if (v < 0)
            v = value_node(set, &set->exprs[x->b], players, tiles);
    }
    CU_ASSERT_FATAL(v >= 0);
    return v;
}
