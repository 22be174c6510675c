/* refusal.c -- why the rules refuse a record's move; see refusal.h. */
#include "refusal.h"
#include "../tileset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A step in each absolute direction (N, E, S, W; y grows southwards). */
static const int step_x[4] = {0, 1, 0, -1}, step_y[4] = {-1, 0, 1, 0};
static const char *const dir_word[4] = {"north", "east", "south", "west"};

/* A placed tile's square on cell (x, y): its index in placed[] (and the
** square's in *square), or -1 when the cell is empty. */
static int placed_on(const wh_game_t *g, int x, int y, int *square)
{
    for (int i = 0; i < g->n_placed; i++) {
        const wh_placed_t *p = &g->placed[i];
        const wh_tile_t *t = &g->set->tiles[p->tile];
        for (int k = 0; k < t->n_squares; k++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + (uint32_t)k];
            if (p->x + sq->dx[p->rotation] == x && p->y + sq->dy[p->rotation] == y) {
                *square = k;
                return i;
            }
        }
    }
    return -1;
}

/* What square @p sq of a tile turned @p r shows in absolute direction @p d:
** "city", "road", "field" or "river"; NULL for a side inside the footprint. */
static const char *side_shows(const wh_square_t *sq, int r, int d)
{
    static const char *const code_word[4] = {NULL, "field", "road", "city"};
    unsigned code = (sq->edges[r] >> (2 * d)) & 3u;
    if (!code)
        return NULL;
    return (sq->river >> ((d - r) & 3)) & 1u ? "river" : code_word[code];
}

/* " square 'NAME'" when the tile has several squares, else "". */
static const char *square_words(const wh_tileset_t *set, const wh_tile_t *t, int k, char *buf, size_t size)
{
    if (t->n_squares < 2)
        return "";
    snprintf(buf, size, " square '%s'", wh_string(set, set->squares[t->first_square + (uint32_t)k].name));
    return buf;
}

/* The first side of the tile that shows its neighbour something else, in words; false when none does. */
static bool mismatch(const wh_game_t *g, uint32_t tile, int x, int y, int r, char *buf, size_t size)
{
    const wh_tileset_t *set = g->set;
    const wh_tile_t *t = &set->tiles[tile];
    for (int k = 0; k < t->n_squares; k++) {
        const wh_square_t *sq = &set->squares[t->first_square + (uint32_t)k];
        int sx = x + sq->dx[r], sy = y + sq->dy[r];
        for (int d = 0; d < 4; d++) {
            const char *mine = side_shows(sq, r, d);
            int their_square, i = mine ? placed_on(g, sx + step_x[d], sy + step_y[d], &their_square) : -1;
            if (i < 0)
                continue;
            const wh_placed_t *p = &g->placed[i];
            const wh_tile_t *pt = &set->tiles[p->tile];
            const char *theirs = side_shows(&set->squares[pt->first_square + (uint32_t)their_square], p->rotation,
                                            (d + 2) & 3);
            if (!theirs || !strcmp(mine, theirs))
                continue;
            char own[80], other[80], whose[120];
            if (t->n_squares > 1)
                snprintf(whose, sizeof whose, "the %s side of its%s", dir_word[d], square_words(set, t, k, own, sizeof own));
            else
                snprintf(whose, sizeof whose, "its %s side", dir_word[d]);
            snprintf(buf, size, "%s is a %s, but the %s side of %s%s at (%d, %d) is a %s", whose, mine,
                     dir_word[(d + 2) & 3], wh_string(set, pt->id), square_words(set, pt, their_square, other, sizeof other),
                     sx + step_x[d], sy + step_y[d], theirs);
            return true;
        }
    }
    return false;
}

const char *wr_placement_refused(const wh_game_t *g, uint32_t tile, int x, int y, int rotation, wh_status_t s,
                                 char *buf, size_t size)
{
    if (s == WH_ERR_MISMATCH && mismatch(g, tile, x, y, rotation, buf, size))
        return buf;
    if (s == WH_ERR_OCCUPIED) { /* the first square that lands on a tile, and that tile */
        const wh_tile_t *t = &g->set->tiles[tile];
        for (int k = 0; k < t->n_squares; k++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + (uint32_t)k];
            int theirs, i = placed_on(g, x + sq->dx[rotation], y + sq->dy[rotation], &theirs);
            if (i >= 0) {
                snprintf(buf, size, "(%d, %d) holds %s already", x + sq->dx[rotation], y + sq->dy[rotation],
                         wh_string(g->set, g->set->tiles[g->placed[i].tile].id));
                return buf;
            }
        }
    }
    snprintf(buf, size, "%s", wh_status_text(s));
    return buf;
}

wh_status_t wr_figure_status(const wh_game_t *g, int local, wh_figure_t figure)
{
    wh_game_t *trial = calloc(1, sizeof *trial); /* wh_game_copy wants a zeroed or used game */
    if (!trial)
        return WH_ERR_CAPACITY;
    wh_game_copy(trial, g);
    wh_status_t s = wh_game_place_meeple(trial, WH_OPTION(figure, local));
    free(trial);
    return s;
}

const char *wr_figure_refused(const wh_game_t *g, int local, wh_figure_t figure, wh_status_t s, const char *who,
                              char *buf, size_t size)
{
    const wh_placed_t *pl = &g->placed[g->n_placed - 1];
    const wh_tile_t *t = &g->set->tiles[pl->tile];
    static const char *const kind_word[WH_N_KINDS] = {
#define KIND_WORD(k, word) word,
        WH_KIND_LIST(KIND_WORD)
#undef KIND_WORD
    };
    const char *kind = kind_word[g->set->features[t->first_feature + (uint32_t)local].kind % WH_N_KINDS];
    const char *fig = figure == WH_FIGURE_LARGE ? "large meeple" : wh_figure_word(figure);
    switch (s) {
    case WH_ERR_FEATURE_OCCUPIED:
        snprintf(buf, size, "the %s is occupied: a figure stands on it already", kind);
        break;
    case WH_ERR_NOT_A_FEATURE:
        if (!strcmp(kind, "river"))
            snprintf(buf, size, "\"Meeples may not stand on the river\"");
        else if ((g->rules & WH_RULE_BIT(WH_RULE_PRINCESS_DRAGON)) && (t->flags & WH_TILE_FLAG_VOLCANO))
            snprintf(buf, size, "no figure goes on a volcano the turn it is placed");
        else
            snprintf(buf, size, "a %s does not stand on a %s", fig, kind);
        break;
    case WH_ERR_NO_MEEPLE:
        snprintf(buf, size, "%s has no %s left", who, fig);
        break;
    case WH_ERR_MEEPLE_LIMIT:
        snprintf(buf, size, "no more figures may be placed this turn (one a turn, two on a wonder tile; none after "
                            "the fairy moved, the princess acted or the abbot was taken back)");
        break;
    case WH_ERR_NO_FOLLOWER:
        snprintf(buf, size, "%s has no follower of their own on that %s", who, kind);
        break;
    case WH_ERR_COMPLETED:
        snprintf(buf, size, "the %s is completed", kind);
        break;
    default:
        snprintf(buf, size, "%s", wh_status_text(s));
    }
    return buf;
}
