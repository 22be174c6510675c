/*
** game.c -- a game's turn flow: placing tiles, meeples and markers, ending
** turns.  Every function that changes the game validates the whole request
** before it touches anything.  What a game says of itself without changing
** is in queries.c.
*/
#include "box.h"
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
        "ransom",
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

/* wh_game_config_t.rules and the records' rules are a wh_rules_t of WH_RULE_BIT()s. */
_Static_assert(WH_N_RULES <= 8 * sizeof(wh_rules_t), "the rules no longer fit in a wh_rules_t");

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
    uint32_t monasteries = t->n_features; /* at most; counted only when that bound is short of room */
    if (g->n_monasteries + monasteries > WH_MAX_MONASTERIES) {
        monasteries = 0;
        for (uint32_t f = 0; f < t->n_features; f++) /* a garden's record: features.c */
            monasteries += g->set->features[t->first_feature + f].kind == WH_KIND_MONASTERY ||
                           g->set->features[t->first_feature + f].kind == WH_KIND_GARDEN;
    }
    return g->n_placed < WH_MAX_PLACED && g->n_nodes + t->n_features <= WH_MAX_NODES &&
           g->n_cells + 5u * t->n_squares <= WH_MAX_CELLS &&
           g->n_monasteries + monasteries <= WH_MAX_MONASTERIES &&
           (!t->effect || g->n_wonders < WH_MAX_WONDERS);
}

static void put_tile(wh_game_t *g, uint32_t tile, int x, int y, int rotation, uint8_t player);

/* Supplies full, the start tile at the origin, player 0 to move.  The
** boxes in play deal their figures and set their state (box.h). */
static void begin(wh_game_t *g)
{
    g->acted = g->closed = g->special = 0;
    g->defer = g->unstarted = 0;
    g->part = WH_PART_ONLY;
    g->surrounded = 1u << WH_KIND_MONASTERY;
    g->bare_flags = 0;
    for (int p = 0; p < g->n_players; p++) {
        g->supply[p] = g->initial_meeples;
        g->large[p] = g->abbots[p] = g->builders[p] = g->pigs[p] = 0;
        for (int f = 0; f < WH_N_FIGURES; f++)
            g->strength[p][f] = wh_strength((uint8_t)f);
    }
    wh_boxes_begin(g);
    g->figures_dealt = 1u << WH_FIGURE_MEEPLE; /* a wonder may give meeples to one who had none */
    for (unsigned f = 0; f < WH_N_FIGURES; f++)
        for (int p = 0; p < g->n_players; p++)
            if (wh_figure_supply_const(g, f)[p])
                g->figures_dealt = (uint8_t)(g->figures_dealt | 1u << f);
    g->surround_due = 0;
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
        WH_BOXES_CALL(g, wonder_put, g, p);
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
    g->rules = config->rules & WH_RULES_ALL;
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

/* The masks of lines that hold a square in dst or in src: the rest are
** empty in both. */
static void copy_masks(uint64_t *dst, const uint64_t *src, uint64_t used)
{
    if (!used)
        return;
    int lo = __builtin_ctzll(used), hi = 63 - __builtin_clzll(used);
    memcpy(dst + lo, src + lo, (size_t)(hi - lo + 1) * sizeof *src);
}

/* The line masks of src into dst, before dst's scalars are overwritten
** (they say which of dst's masks hold squares): a copy of the lines the
** two boards span, not of all of them, for a player copies a position for
** every move it tries. */
static void copy_lines(wh_game_t *dst, const wh_game_t *src)
{
    uint64_t ys = src->line_ys, xs = src->line_xs;
    if (dst->keeps_lines && dst->set == src->set) {
        ys |= dst->line_ys;
        xs |= dst->line_xs;
    } else { /* dst's masks are not known to be kept */
        ys = xs = ~0ull;
    }
    copy_masks(dst->line_rows, src->line_rows, ys);
    copy_masks(dst->line_columns, src->line_columns, xs);
}

void wh_game_copy(wh_game_t *dst, const wh_game_t *src)
{
    if (dst == src)
        return;
    clear_cells_not_in(dst, src);
    if (src->keeps_lines)
        copy_lines(dst, src);
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
    g->keeps_lines = 0; /* until a wonder that counts lines is placed (wh_board_keep_lines) */
    begin(g); /* the boxes' state with it */
}

wh_status_t wh_game_place_tile(wh_game_t *g, uint32_t tile, int x, int y, int rotation)
{
    if (g->phase != WH_PHASE_TILE || g->unstarted)
        return WH_ERR_PHASE; /* a deferred turn starts first (wh_turn_start) */
    wh_status_t s = wh_board_check(g, tile, x, y, rotation);
    if (s != WH_OK)
        return s;
    return wh_game_place_legal(g, tile, x, y, rotation);
}

wh_status_t wh_game_place_legal(wh_game_t *g, uint32_t tile, int x, int y, int rotation)
{
    if (g->phase != WH_PHASE_TILE || g->unstarted)
        return WH_ERR_PHASE;
    if (!has_room(g, wh_tile_of(g, tile)))
        return WH_ERR_CAPACITY;
    put_tile(g, tile, x, y, rotation, g->current);
    g->phase = WH_PHASE_MEEPLE;
    g->meeples_placed = 0;
    g->acted = g->closed = g->special = 0;
    WH_BOXES_CALL(g, tile_placed, g, (uint16_t)(g->n_placed - 1));
    return WH_OK;
}

/* The current player's turn ends: the effects of their wonders placed in an
** earlier turn have started (wh_effect_started) and stay so.  Then the
** next player's turn starts. */
static void next_player(wh_game_t *g, const wh_score_sink_t *sink)
{
    WH_BOXES_CALL(g, turn_end, g, sink);
    for (uint32_t w = 0; w < g->n_wonders; w++) {
        wh_placed_t *p = &g->placed[g->wonder[w]];
        if (p->player == g->current && g->turn > p->turn)
            p->started = 1;
    }
    g->turn++;
    g->part = WH_PART_ONLY;
    g->current = (uint8_t)((g->current + 1) % g->n_players);
    if (g->defer) { /* its rules wait for the turn to be played: wh_turn_start */
        g->unstarted = 1;
        return;
    }
    WH_BOXES_CALL(g, turn_start, g, sink);
}

void wh_turn_start(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (!g->unstarted)
        return;
    g->unstarted = 0;
    WH_BOXES_CALL(g, turn_start, g, sink);
}

void wh_turn_score(wh_game_t *g, const wh_score_sink_t *sink)
{
    WH_BOXES_CALL(g, turn_events, g, sink);
    WH_BOXES_CALL(g, turn_scoring, g, sink);
    wh_score_completed(g, sink);
}

/* The turn part's figures are done (or the turn was scored already, in
** the phase a box asked for: wh_game_score_turn): the boxes' last moves
** before the scoring, the scoring, theirs after it. */
wh_status_t wh_game_end_turn(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase == WH_PHASE_MEEPLE) {
        WH_BOXES_CALL(g, before_scoring, g);
        wh_turn_score(g, sink);
    } else if (g->phase != WH_PHASE_DRAGON) {
        return WH_ERR_PHASE;
    }
    WH_BOXES_CALL(g, after_scoring, g);
    g->phase = WH_PHASE_TILE;
    if (g->part == WH_PART_FIRST) {
        /* T6: the same player "draw[s] and place[s] another tile, may place a
        ** figure, and score[s] again": the turn goes on, so no turn_end or
        ** turn_start effect runs between the parts */
        g->part = WH_PART_SECOND;
        return WH_OK;
    }
    next_player(g, sink);
    return WH_OK;
}

wh_status_t wh_game_end_extra_tile(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_MEEPLE || g->meeples_placed || g->acted)
        return WH_ERR_PHASE;
    WH_BOXES_CALL(g, extra_tile, g, sink); /* a dragon tile drawn to make room for a wonder flies */
    wh_score_completed(g, sink);
    g->phase = WH_PHASE_TILE;
    return WH_OK;
}

wh_status_t wh_game_pass(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    if (g->unstarted) { /* a turn that never started: no turn-end or turn-start rule, the next one waits too */
        g->turn++;
        g->part = WH_PART_ONLY;
        g->current = (uint8_t)((g->current + 1) % g->n_players);
        return WH_OK;
    }
    next_player(g, sink);
    return WH_OK;
}

wh_status_t wh_game_final_score(wh_game_t *g, const wh_score_sink_t *sink)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    WH_BOXES_CALL(g, final_first, g, sink); /* "you first score the wonders that score at the end" */
    wh_score_final(g, sink, NULL);
    WH_BOXES_CALL(g, final, g, sink);
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
        g->part = WH_PART_ONLY;
    g->current = (uint8_t)player;
    return WH_OK;
}
