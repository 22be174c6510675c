/*
** river.c -- where a river tile may go (docs/rules.md, "The River").
**
** Matching river sides with river sides is the fits check's (board.c,
** wh_river_fits).  What is left is the River's own placement rule: a river
** tile continues the river from its open end, and "the river may not make
** an immediate U-turn" -- two curves in a row turning the same way.
*/
#include "box.h"

/* The way a river turns through a square it enters from side `in` and
** leaves by side `out`: 0 straight on, 1 right, 3 left; -1 when it has no
** second river side (the spring, the lake). */
static int turn_of(unsigned river, int in)
{
    unsigned rest = river & ~(1u << in);
    if (!rest || (rest & (rest - 1)))
        return -1;
    int out = __builtin_ctz(rest);
    return (out - ((in + 2) & 3)) & 3;
}

/* Whether river tile `tile` at (x, y) turned r continues the river -- a
** river side of it faces the river's open end -- without an immediate
** U-turn. */
static bool continues_river(const wh_game_t *g, uint32_t tile, int x, int y, int r)
{
    const wh_tile_t *t = wh_tile_of(g, tile);
    const wh_square_t *sq = g->set->squares + t->first_square;
    bool continues = false;
    for (uint32_t i = 0; i < t->n_squares; i++) {
        unsigned river = wh_turn_dirs(sq[i].river, r);
        int sx = x + sq[i].dx[r], sy = y + sq[i].dy[r];
        for (int d = 0; d < 4; d++) {
            if (!(river & (1u << d)))
                continue;
            const wh_cell_t *n = wh_cell_get(g, sx + wh_dx[d], sy + wh_dy[d]);
            int back = (d + 2) & 3;
            if (!n || n->state != CELL_OCCUPIED || !(n->river & (1u << back)))
                continue;
            continues = true;
            /* the neighbour's river runs into this square through `back`;
            ** it turned one way there, and this square turns on from d */
            int before = turn_of(n->river, back), here = turn_of(river, d);
            int before_dir = before < 0 ? -1 : (4 - before) & 3; /* seen walking downstream */
            if (before_dir > 0 && before_dir == here)
                return false;
        }
    }
    return continues;
}

static unsigned tile_allowed(const wh_game_t *g, uint32_t tile, int x, int y, unsigned rotations, wh_status_t *why)
{
    unsigned kept = 0;
    for (unsigned bits = rotations; bits; bits &= bits - 1)
        if (continues_river(g, tile, x, y, __builtin_ctz(bits)))
            kept |= bits & -bits;
    if (kept != rotations)
        *why = WH_ERR_RIVER;
    return kept;
}

/* In every game: the River is a pack, not a rule; its placement rule holds
** wherever its tiles are dealt. */
const wh_box_t wh_box_river = {
    .name = "river",
    .rules = 0,
    .tile_flags = WH_TILE_FLAG_RIVER,
    .tile_allowed = tile_allowed,
};
