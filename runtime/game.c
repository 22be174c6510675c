/*
** game.c -- a game's turn flow: placing tiles, meeples and markers, ending
** turns.  Every function that changes the game validates the whole request
** before it touches anything.  What a game says of itself without changing
** is in queries.c.
*/
#include "internal.h"
#include "tileset.h"

#include <stddef.h>
#include <string.h>

static const char *const status_text[WH_N_STATUS] = {
#define WH_STATUS_TEXT(name, text) text,
    WH_STATUS_LIST(WH_STATUS_TEXT)
#undef WH_STATUS_TEXT
};

const char *wh_status_text(wh_status_t status)
{
    return (unsigned)status < WH_N_STATUS ? status_text[status] : "unknown status";
}

const char *wh_reason_text(wh_reason_t reason)
{
    static const char *const text[WH_N_REASONS] = {
        "completed road", "completed city", "completed monastery", "incomplete road",
        "incomplete city", "incomplete monastery", "field", "wonder",
        "completed garden", "incomplete garden", "abbot taken back", "pig", "goods", "fairy, turn start", "fairy",
    };
    return (unsigned)reason < WH_N_REASONS ? text[reason] : "unknown";
}

const char *wh_event_word(unsigned event)
{
    static const char *const words[WH_N_EVENTS] = {
#define WH_EVENT_WORD(e, word, type, text) word,
        WH_EVENT_LIST(WH_EVENT_WORD)
#undef WH_EVENT_WORD
    };
    return event < WH_N_EVENTS ? words[event] : "unknown";
}

/* wh_game_config_t.rules and the records' rules are a byte of WH_RULE_BIT()s. */
_Static_assert(WH_N_RULES <= 8, "the rules no longer fit in a byte");

const char *wh_rule_word(wh_rule_t rule)
{
    static const char *const words[WH_N_RULES] = {
#define WH_RULE_WORD(r, word, text) word,
        WH_RULE_LIST(WH_RULE_WORD)
#undef WH_RULE_WORD
    };
    return (unsigned)rule < WH_N_RULES ? words[rule] : NULL;
}

/* Room for one more tile: checked before anything changes. */
static bool has_room(const wh_game_t *g, const wh_tile_t *t)
{
    uint32_t monasteries = 0;
    for (uint32_t f = 0; f < t->n_features; f++) /* a garden's record: features.c */
        monasteries += g->set->features[t->first_feature + f].kind == WH_KIND_MONASTERY ||
                       g->set->features[t->first_feature + f].kind == WH_KIND_GARDEN;
    return g->n_placed < WH_MAX_PLACED && g->n_nodes + t->n_features <= WH_MAX_NODES &&
           g->n_cells + 5u * t->n_squares <= WH_MAX_CELLS &&
           g->n_monasteries + monasteries <= WH_MAX_MONASTERIES &&
           (!t->effect || g->n_wonders < WH_MAX_WONDERS);
}

static void put_tile(wh_game_t *g, uint32_t tile, int x, int y, int rotation, uint8_t player);

/* Supplies full, the start tile at the origin, player 0 to move. */
static void begin(wh_game_t *g)
{
    /* Inns & Cathedrals: one large meeple each; the Abbot: one abbot each;
    ** Traders & Builders: one builder and one pig each (T5, T11) */
    bool traders = (g->rules & WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS)) != 0;
    memset(g->goods, 0, sizeof g->goods);
    g->builder_part = WH_PART_ONLY;
    g->special = 0;
    g->dragon_on = g->dragon_left = g->dragon_taken = 0; /* P1: the dragon and the fairy start beside the board */
    g->fairy_on = g->fairy_moved = g->princess_used = 0;
    for (int p = 0; p < g->n_players; p++) {
        g->supply[p] = g->initial_meeples;
        g->large[p] = (g->rules & WH_RULE_BIT(WH_RULE_INNS_CATHEDRALS)) != 0;
        g->abbots[p] = (g->rules & WH_RULE_BIT(WH_RULE_ABBOT)) != 0;
        g->builders[p] = g->pigs[p] = traders;
        for (int f = 0; f < WH_N_FIGURES; f++)
            g->strength[p][f] = wh_strength((uint8_t)f);
    }
    g->recalled = WH_NO_FEATURE;
    put_tile(g, g->start_tile, 0, 0, 0, WH_NONE);
    g->phase = WH_PHASE_TILE;
}

static void put_tile(wh_game_t *g, uint32_t tile, int x, int y, int rotation, uint8_t player)
{
    uint16_t p = g->n_placed++;
    g->placed[p] = (wh_placed_t){(uint16_t)tile, (int16_t)x, (int16_t)y, (uint8_t)rotation, player,
                                 g->n_nodes, 0, 0, g->turn};
    if (g->set->tiles[tile].effect) {
        g->wonder[g->n_wonders++] = p;
        wh_effects_placed(g, p);
    }
    wh_board_occupy(g, p);
    wh_features_add(g, p);
    wh_board_connect(g, p);
}

wh_status_t wh_game_init(wh_game_t *g, const wh_tileset_t *set, const wh_game_config_t *config)
{
    if (!g || !set || !config || config->players < 2 || config->players > WH_MAX_PLAYERS)
        return WH_ERR_RANGE;
    int start = config->start_tile >= 0 ? config->start_tile : wh_start_tile(set);
    if (start < 0 || (uint32_t)start >= set->n_tiles)
        return WH_ERR_RANGE;
    memset(g, 0, sizeof *g); /* a tile always fits on an empty board */
    g->set = set;
    g->n_players = config->players;
    g->initial_meeples = config->meeples;
    g->start_tile = (uint16_t)start;
    g->tiles_in_game = config->tiles_in_game;
    g->rules = (uint8_t)(config->rules & ((1u << WH_N_RULES) - 1));
    begin(g);
    return WH_OK;
}

/* Free the hash slots the game uses.  By the list of them, not by looking
** each cell up: freeing a slot cuts the probe chains through it, so a
** lookup after it could miss a cell that is still there. */
static void clear_cells(wh_game_t *g)
{
    for (uint32_t i = 0; i < g->n_cells; i++)
        g->cells[g->used[i]].state = CELL_FREE;
}

/* Free the hash slots dst uses and src does not.  A player copies one
** position again and again over its trials of it, whose list of slots
** starts with the position's own (the list only grows as the game goes
** on): then only the slots past that start are freed. */
static void clear_cells_not_in(wh_game_t *dst, const wh_game_t *src)
{
    uint32_t keep = 0;
    if (dst->n_cells >= src->n_cells && !memcmp(dst->used, src->used, src->n_cells * sizeof *src->used))
        keep = src->n_cells;
    for (uint32_t i = keep; i < dst->n_cells; i++)
        dst->cells[dst->used[i]].state = CELL_FREE;
}

void wh_game_copy(wh_game_t *dst, const wh_game_t *src)
{
    if (dst == src)
        return;
    clear_cells_not_in(dst, src);
    memcpy(dst, src, offsetof(wh_game_t, parent)); /* the scalars and small arrays */
    size_t n = src->n_nodes;
    memcpy(dst->parent, src->parent, n * sizeof *src->parent);
    memcpy(dst->next, src->next, n * sizeof *src->next);
    memcpy(dst->size, src->size, n * sizeof *src->size);
    memcpy(dst->open, src->open, n * sizeof *src->open);
    memcpy(dst->arms, src->arms, n * sizeof *src->arms);
    memcpy(dst->kind, src->kind, n * sizeof *src->kind);
    memcpy(dst->meeples, src->meeples, n * sizeof *src->meeples);
    memcpy(dst->done, src->done, n * sizeof *src->done);
    memcpy(dst->node_placed, src->node_placed, n * sizeof *src->node_placed);
    memcpy(dst->node_local, src->node_local, n * sizeof *src->node_local);
    memcpy(dst->placed, src->placed, src->n_placed * sizeof *src->placed);
    for (uint32_t i = 0; i < src->n_cells; i++)
        dst->cells[src->used[i]] = src->cells[src->used[i]];
    memcpy(dst->used, src->used, src->n_cells * sizeof *src->used);
    memcpy(dst->frontier, src->frontier, src->n_frontier * sizeof *src->frontier);
    memcpy(dst->frontier_req, src->frontier_req, src->n_frontier * sizeof *src->frontier_req);
    memcpy(dst->meeple, src->meeple, src->n_meeples * sizeof *src->meeple);
    memcpy(dst->monastery, src->monastery, src->n_monasteries * sizeof *src->monastery);
}

void wh_game_copy_figures(wh_game_t *dst, const wh_game_t *src)
{
    memcpy(dst, src, offsetof(wh_game_t, parent)); /* scores, supplies, whose turn */
    memcpy(dst->meeples, src->meeples, src->n_nodes * sizeof *src->meeples);
    memcpy(dst->done, src->done, src->n_nodes * sizeof *src->done);
    memcpy(dst->meeple, src->meeple, src->n_meeples * sizeof *src->meeple);
    for (uint32_t w = 0; w < src->n_wonders; w++) /* their effects' start */
        dst->placed[src->wonder[w]] = src->placed[src->wonder[w]];
}

void wh_game_restart(wh_game_t *g)
{
    clear_cells(g);
    g->n_placed = g->n_nodes = g->n_cells = g->n_frontier = g->n_meeples = g->n_monasteries = 0;
    g->n_wonders = 0;
    g->river_cells = 0;
    g->turn = 0;
    g->current = 0;
    g->meeples_placed = 0;
    memset(g->score, 0, sizeof g->score);
    memset(g->markers, 0, sizeof g->markers);
    g->events = g->ruled = g->reserving = g->weighing = g->forbidding = 0;
    memset(g->wonder_events, 0, sizeof g->wonder_events);
    memset(g->fired_turn, 0, sizeof g->fired_turn);
    memset(g->fired_game, 0, sizeof g->fired_game);
    memset(g->counter, 0, sizeof g->counter);
    begin(g);
}

wh_status_t wh_game_place_tile(wh_game_t *g, uint32_t tile, int x, int y, int rotation)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    wh_status_t s = wh_board_check(g, tile, x, y, rotation);
    if (s != WH_OK)
        return s;
    if (!has_room(g, wh_tile_of(g, tile)))
        return WH_ERR_CAPACITY;
    put_tile(g, tile, x, y, rotation, g->current);
    g->phase = WH_PHASE_MEEPLE;
    g->meeples_placed = 0;
    g->special = 0;
    g->fairy_moved = g->princess_used = 0;
    /* T6, T7: a tile extending the player's builder's road or city earns a
    ** second part of the turn, once a turn; T8: from this moment, whatever
    ** then happens to the builder */
    if ((g->rules & WH_RULE_BIT(WH_RULE_TRADERS_BUILDERS)) && g->builder_part == WH_PART_ONLY &&
        wh_builder_extended(g, (uint16_t)(g->n_placed - 1)))
        g->builder_part = WH_PART_FIRST;
    wh_dragon_tile_placed(g, (uint16_t)(g->n_placed - 1));
    return WH_OK;
}

/* The current player's turn ends: the effects of their wonders placed in an
** earlier turn have started (wh_effect_started) and stay so.  Then the
** next player's turn starts. */
static void next_player(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->n_wonders) /* the effects' events: a game without wonders has none to run */
        wh_effects_turn_end(g, sink);
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        wh_placed_t *p = &g->placed[g->wonder[w]];
        if (p->player == g->current && g->turn > p->turn)
            p->started = 1;
    }
    g->turn++;
    g->builder_part = WH_PART_ONLY;
    g->current = (uint8_t)((g->current + 1) % g->n_players);
    wh_fairy_turn_start(g, sink); /* P2: (0) first of the turn */
    if (g->n_wonders)
        wh_effects_turn_start(g, sink);
}

/* The turn's tile and figures are done: their effects and scoring. */
static void score_turn(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->n_wonders)
        wh_effects_tile_placed(g, sink, (uint16_t)(g->n_placed - 1));
    for (uint32_t i = 0; i < g->meeples_placed; i++)
        wh_effects_meeple_placed(g, sink, g->turn_meeple[i]);
    if (g->recalled != WH_NO_FEATURE)
        wh_score_recalled(g, sink);
    wh_score_completed(g, sink);
}

static bool dragon_after(const wh_game_t *g)
{
    return (g->rules & WH_RULE_BIT(WH_RULE_DRAGON_AFTER_SCORING)) != 0;
}

wh_status_t wh_game_score_turn(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_MEEPLE || !dragon_after(g))
        return WH_ERR_PHASE;
    score_turn(g, sink);
    g->phase = WH_PHASE_DRAGON;
    return WH_OK;
}

wh_status_t wh_game_end_turn(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase == WH_PHASE_DRAGON) { /* the variant's flight, after the scoring */
        wh_dragon_finish(g);
    } else if (g->phase != WH_PHASE_MEEPLE) {
        return WH_ERR_PHASE;
    } else {
        uint16_t knight;
        if (wh_game_princess_must(g) && wh_game_princess_options(g, &knight, 1))
            wh_game_use_princess(g, knight); /* the variant's princess, left to the rules: the first knight */
        if (!dragon_after(g) && g->dragon_left)
            wh_dragon_finish(g); /* P2: the dragon moves before the scoring (HiG) */
        score_turn(g, sink);
        if (dragon_after(g)) { /* RGG: after it */
            g->phase = WH_PHASE_DRAGON;
            wh_dragon_finish(g);
        }
    }
    g->phase = WH_PHASE_TILE;
    if (g->builder_part == WH_PART_FIRST) {
        /* T6: the same player "draw[s] and place[s] another tile, may place a
        ** figure, and score[s] again": the turn goes on, so no turn_end or
        ** turn_start effect runs between the parts */
        g->builder_part = WH_PART_SECOND;
        return WH_OK;
    }
    next_player(g, sink);
    return WH_OK;
}

wh_status_t wh_game_end_extra_tile(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_MEEPLE || g->meeples_placed || g->recalled != WH_NO_FEATURE)
        return WH_ERR_PHASE;
    wh_dragon_finish(g); /* a dragon tile drawn to make room for a wonder */
    wh_effects_tile_placed(g, sink, (uint16_t)(g->n_placed - 1));
    wh_score_completed(g, sink);
    g->phase = WH_PHASE_TILE;
    return WH_OK;
}

wh_status_t wh_game_pass(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    next_player(g, sink);
    return WH_OK;
}

wh_status_t wh_game_final_score(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    wh_effects_game_end(g, sink, WH_EFFECTS_ALL); /* "you first score the wonders that score at the end" */
    wh_score_final(g, sink, NULL);
    wh_score_goods(g, sink); /* T3: zero tokens score nothing, so a game without the rules is unchanged */
    g->phase = WH_PHASE_OVER;
    return WH_OK;
}

wh_status_t wh_game_set_current(wh_game_t *g, int player)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    if (player < 0 || player >= g->n_players)
        return WH_ERR_RANGE;
    if (player != g->current) /* another player's turn: no builder's second part */
        g->builder_part = WH_PART_ONLY;
    g->current = (uint8_t)player;
    return WH_OK;
}
