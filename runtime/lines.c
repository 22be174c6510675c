/*
** lines.c -- the rows and columns of occupied squares, which the effect
** language's lines(n) counts (FAQ 1/2025): as 64-bit masks per row and
** per column kept in the game as tiles are placed (once a wonder that
** counts lines is on the board), or walked square by square on a board too
** wide for the masks.
*/
#include "internal.h"

#include <limits.h>
#include <string.h>

/* Square (x, y) in the line masks, or the masks no longer read. */
static void mark_lines(wh_game_t *g, int x, int y)
{
    unsigned ux = (unsigned)(x + WH_LINE_HALF), uy = (unsigned)(y + WH_LINE_HALF);
    if (ux >= 2 * WH_LINE_HALF || uy >= 2 * WH_LINE_HALF) {
        g->lines_far = 1;
        return;
    }
    g->line_rows[uy] |= 1ull << ux;
    g->line_columns[ux] |= 1ull << uy;
    g->line_xs |= 1ull << ux;
    g->line_ys |= 1ull << uy;
}

void wh_board_mark_lines(wh_game_t *g, uint16_t p)
{
    const wh_placed_t *pl = &g->placed[p];
    const wh_square_t *sq = wh_squares_of(g, pl);
    for (uint32_t i = 0, n = wh_tile_of(g, pl->tile)->n_squares; i < n; i++) {
        int x, y;
        wh_square_cell(&sq[i], pl, &x, &y);
        mark_lines(g, x, y);
    }
}

void wh_board_keep_lines(wh_game_t *g)
{
    memset(g->line_rows, 0, sizeof g->line_rows);
    memset(g->line_columns, 0, sizeof g->line_columns);
    g->line_xs = g->line_ys = 0;
    g->lines_far = 0;
    g->keeps_lines = 1;
    for (uint32_t i = 0; i < g->n_cells; i++) {
        const wh_cell_t *c = &g->cells[g->used[i]];
        if (c->state == CELL_OCCUPIED)
            mark_lines(g, c->x, c->y);
    }
}

static bool occupied(const wh_game_t *g, int x, int y)
{
    const wh_cell_t *c = wh_cell_get(g, x, y);
    return c && c->state == CELL_OCCUPIED;
}

/* Lines of the masks masks[lo .. hi] holding a run of `run` set bits.  A
** bit still set after a step marks the first square of a run of `have`;
** ANDing the mask with itself shifted by at most `have` extends that run
** by the shift, so the length doubles each step: a run of 7 takes three
** steps (2, 4, 7), not six. */
static int32_t masks_with_run(const uint64_t *masks, int lo, int hi, unsigned run)
{
    int32_t lines = 0;
    for (int i = lo; i <= hi; i++) {
        uint64_t m = masks[i];
        for (unsigned have = 1; have < run && m;) {
            unsigned step = have < run - have ? have : run - have;
            m &= m >> step;
            have += step;
        }
        lines += m != 0;
    }
    return lines;
}

/* Rows and columns holding `run` or more consecutive occupied squares,
** the slow way: runs walked from their first square, found through the
** game's list of the hash slots in use. */
static int32_t lines_walked(const wh_game_t *g, unsigned run)
{
    int low[2] = {INT_MAX, INT_MAX}; /* the first column (x) and row (y) */
    for (uint32_t i = 0; i < g->n_cells; i++) {
        const wh_cell_t *c = &g->cells[g->used[i]];
        if (c->state == CELL_OCCUPIED) {
            low[0] = c->x < low[0] ? c->x : low[0];
            low[1] = c->y < low[1] ? c->y : low[1];
        }
    }
    int32_t lines = 0;
    for (int axis = 0; axis < 2; axis++) { /* 0: rows, walked along x; 1: columns, along y */
        int step_x = axis ? 0 : 1, step_y = axis ? 1 : 0, first = axis ? low[0] : low[1];
        /* a connected board spans fewer lines than it has squares */
        uint8_t counted[WH_MAX_CELLS / 8];
        memset(counted, 0, sizeof counted);
        for (uint32_t i = 0; i < g->n_cells; i++) {
            const wh_cell_t *c = &g->cells[g->used[i]];
            if (c->state != CELL_OCCUPIED || occupied(g, c->x - step_x, c->y - step_y))
                continue; /* not the first square of a run */
            unsigned length = 1;
            while (length < run && occupied(g, c->x + (int)length * step_x, c->y + (int)length * step_y))
                length++;
            int line = (axis ? c->x : c->y) - first;
            if (length >= run && line >= 0 && line < WH_MAX_CELLS && !(counted[line / 8] & (1u << (line % 8)))) {
                counted[line / 8] |= (uint8_t)(1u << (line % 8));
                lines++;
            }
        }
    }
    return lines;
}

/* The lines of masks[] that `used` names (bit i: masks[i] may hold a square). */
static int32_t used_with_run(const uint64_t *masks, uint64_t used, unsigned run)
{
    return used ? masks_with_run(masks, __builtin_ctzll(used), 63 - __builtin_clzll(used), run) : 0;
}

/* Rows and columns holding `run` or more consecutive occupied squares,
** each row or column counted once (FAQ 1/2025).  A board within
** WH_LINE_HALF squares of the start tile -- almost every one -- is a 64-bit
** mask per row and per column, which the game keeps as tiles are placed
** once a wonder that counts lines is on the board (a planner counts them
** for every move it tries: drawing the masks from the cells each time was a
** tenth of its games).  A bigger board, or lines counted with no such
** wonder placed (the compiler's depth limit cuts a tree that deep), is
** walked. */
int32_t wh_board_lines(const wh_game_t *g, unsigned run)
{
    if (!g->keeps_lines || g->lines_far)
        return lines_walked(g, run);
    return used_with_run(g->line_rows, g->line_ys, run) + used_with_run(g->line_columns, g->line_xs, run);
}
