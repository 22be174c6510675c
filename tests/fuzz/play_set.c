/* play_set.c -- see play_set.h. */
#include "play_set.h"
#include "../../runtime/tileset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char head[] =
    "pack t \"Effects\" {\n"
    "  tile start \"Start road\" { tags start; square { N field; E road; S field; W road; }\n"
    "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
    "  tile straight \"Straight road\" { count 8; square { N field; E road; S field; W road; }\n"
    "    road r { sides W, E; } field a { sides N, EL, WR; } field b { sides ER, S, WL; } }\n"
    "  tile abbey \"Monastery with road\" { count 4; square { N field; E field; S road; W field; }\n"
    "    monastery m; road r { sides S; ends m; } field f { sides N, E, SL, SR, W; } }\n"
    "  tile cap \"City cap\" { count 8; square { N city; E field; S field; W field; }\n"
    "    city c { sides N; } field f { sides E, S, W; touches c; } }\n"
    "  tile coat \"City cap with coat\" { count 4; square { N city; E field; S field; W field; }\n"
    "    city c { sides N; arms 1; } field f { sides E, S, W; touches c; } }\n"
    "  tile meadow \"Meadow\" { count 4; square { N field; E field; S field; W field; }\n"
    "    field f { sides N, E, S, W; } }\n"
    "  wonder row \"Row\" {\n"
    "    square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"
    "    square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"
    "    square s4 (4, 0) { N field; E field; S field; }\n"
    "    area a { on s2; }\n"
    "    field f { sides s0:N, s0:S, s0:W, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"
    "      crosses s0:E, s1:E, s2:E, s3:E; }\n"
    "    effect {\n";
static const char tail[] = "\n    } }\n}\n";

char *play_set_text(const char *effect, size_t n)
{
    char *text = malloc(sizeof head + n + sizeof tail);
    if (!text)
        return NULL;
    memcpy(text, head, sizeof head - 1);
    memcpy(text + sizeof head - 1, effect, n);
    memcpy(text + sizeof head - 1 + n, tail, sizeof tail); /* its NUL too */
    return text;
}

typedef struct checked {
    bool bad;
    play_report *r;
} checked;

static void check_event(void *ctx, const wh_score_event_t *e)
{
    checked *c = ctx;
    if (e->reason == WH_REASON_WONDER &&
        (e->points > WH_SCORE_LIMIT || e->points < -WH_SCORE_LIMIT || __builtin_popcount(e->winners) != 1))
        c->bad = true;
    if (c->r)
        for (int p = 0; p < 3; p++)
            if (e->winners & (1u << p))
                c->r->paid[p] += e->points;
}

bool play_set(const wh_tileset_t *set, uint64_t seed)
{
    return play_set_report(set, seed, NULL);
}

bool play_set_report(const wh_tileset_t *set, uint64_t seed, play_report *r)
{
    if (r)
        memset(r, 0, sizeof *r);
    int start = wh_start_tile(set);
    if (start < 0)
        return true;
    /* the land tiles, then a copy of each wonder (no more than the board
    ** holds); a game stays short enough for a fuzzer */
    wh_bag_t bag = {{0}, 0};
    uint32_t wonders = 0;
    for (int wonder = 0; wonder < 2; wonder++)
        for (uint32_t t = 0; t < set->n_tiles; t++) {
            if ((set->tiles[t].kind == WH_TILE_WONDER) != wonder)
                continue;
            uint32_t copies = wonder ? (wonders++ < WH_MAX_WONDERS - 1) : set->tiles[t].count;
            for (uint32_t c = (uint32_t)(t == (uint32_t)start); c < copies && bag.n < 100; c++)
                bag.tile[bag.n++] = (uint16_t)t;
        }
    wh_rng_t rng;
    wh_rng_seed(&rng, seed);
    wh_bag_shuffle(&bag, &rng);
    wh_game_t *g = malloc(sizeof *g);
    if (!g)
        return false;
    wh_game_config_t cfg = {.players = 3, .meeples = 7, .start_tile = start};
    checked c = {false, r};
    wh_score_sink_t sink = {check_event, &c};
    bool ok = wh_game_init(g, set, &cfg) == WH_OK && wh_play_random(g, &bag, &rng, &sink, NULL) == WH_OK;
    if (ok && r) {
        for (int p = 0; p < 3; p++)
            r->score[p] = wh_game_score(g, p);
        for (size_t i = 0; i < wh_game_tile_count(g); i++) {
            uint32_t tile = wh_game_tile_at_index(g, i)->tile, w = 0;
            if (set->tiles[tile].kind != WH_TILE_WONDER)
                continue;
            for (uint32_t t = 0; t < tile; t++)
                w += set->tiles[t].kind == WH_TILE_WONDER;
            if (w < 64)
                r->placed |= 1ull << w;
        }
    }
    free(g);
    return ok && !c.bad;
}
