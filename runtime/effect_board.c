/*
** effect_board.c -- what the effect language reads of the board (runtime/
** internal.h): whether a feature is complete, its marks, who stands on it
** and who wins it, a player's figures, distances between squares,
** features, figures and tiles (the rows and columns of occupied squares
** are lines.c's).  Read-only; allocates nothing.
*/
#include "internal.h"

#include <limits.h>
#include <string.h>

bool wh_feature_complete(const wh_game_t *g, uint16_t root)
{
    switch (g->kind[root]) {
    case WH_KIND_CITY:
    case WH_KIND_ROAD:
        return g->open[root] == 0;
    case WH_KIND_MONASTERY:
    case WH_KIND_GARDEN: {
        int m = wh_monastery_of(g, root);
        return m >= 0 && g->monastery[m].neighbours == 8;
    }
    default:
        return false;
    }
}

/* The marks (WH_MARK_*) of any part of a feature. */
unsigned wh_feature_marks(const wh_game_t *g, uint16_t root)
{
    unsigned m = 0;
    uint16_t n = root;
    do {
        m |= wh_node_feature(g, n)->marks;
        n = g->next[n];
    } while (n != root);
    return m;
}

bool wh_feature_has(const wh_game_t *g, uint16_t root, int32_t player)
{
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (g->meeple[i].player == player && wh_find_const(g, g->meeple[i].node) == root)
            return true;
    return false;
}

bool wh_field_touches(const wh_game_t *g, uint16_t field, uint16_t city)
{
    field = wh_find_const(g, field);
    city = wh_find_const(g, city);
    if (g->kind[field] != WH_KIND_FIELD || g->kind[city] != WH_KIND_CITY)
        return false;
    uint16_t m = field;
    do {
        uint16_t first = g->placed[g->node_placed[m]].first_node;
        for (uint32_t bits = wh_node_feature(g, m)->touches; bits; bits &= bits - 1) {
            uint16_t local = (uint16_t)(first + __builtin_ctz(bits));
            if (g->kind[local] == WH_KIND_CITY && wh_find_const(g, local) == city)
                return true;
        }
        m = g->next[m];
    } while (m != field);
    return false;
}

/* Whether `player` is among those with the most strength on a feature. */
bool wh_feature_wins(const wh_game_t *g, uint16_t root, int32_t player)
{
    if (player < 0 || player >= g->n_players)
        return false;
    uint8_t counts[WH_MAX_PLAYERS], best = 0;
    wh_feature_meeples(g, root, counts);
    for (int p = 0; p < g->n_players; p++)
        best = counts[p] > best ? counts[p] : best;
    return best && counts[player] == best;
}

int32_t wh_player_figures(const wh_game_t *g, int32_t player)
{
    int32_t n = 0;
    for (uint32_t i = 0; i < g->n_meeples; i++)
        n += g->meeple[i].player == player;
    return n;
}


/* The squares of node n's part of its feature, on its own tile. */
static size_t node_squares(const wh_game_t *g, uint16_t n, int32_t *out, size_t at)
{
    const wh_placed_t *pl = &g->placed[g->node_placed[n]];
    const wh_square_t *sq = wh_squares_of(g, pl);
    for (uint32_t bits = wh_node_feature(g, n)->squares; bits && at < WH_MAX_CELLS; bits &= bits - 1) {
        int x, y;
        wh_square_cell(&sq[__builtin_ctz(bits)], pl, &x, &y);
        out[at++] = wh_square_value(x, y);
    }
    return at;
}

/* The squares a value stands for (docs/language.md, dist and around). */
static size_t squares_of(const wh_game_t *g, unsigned type, int32_t v, int32_t *out)
{
    size_t n = 0;
    switch (type) {
    case WH_TYPE_SQUARE:
        out[n++] = v;
        break;
    case WH_TYPE_TILE: {
        const wh_placed_t *pl = &g->placed[v];
        const wh_square_t *sq = wh_squares_of(g, pl);
        for (uint32_t i = 0; i < wh_tile_of(g, pl->tile)->n_squares; i++) {
            int x, y;
            wh_square_cell(&sq[i], pl, &x, &y);
            out[n++] = wh_square_value(x, y);
        }
        break;
    }
    case WH_TYPE_MEEPLE:
        n = node_squares(g, g->meeple[v].node, out, 0);
        break;
    case WH_TYPE_FEATURE: {
        uint16_t m = (uint16_t)v;
        do {
            n = node_squares(g, m, out, n);
            m = g->next[m];
        } while (m != (uint16_t)v);
        break;
    }
    default:
        break;
    }
    return n;
}

/* The fewest king's moves between a square of sa and one of sb, or with
** `around`, 1 when some pair is exactly one move apart, else 0. */
static int32_t between(const int32_t *sa, size_t na, const int32_t *sb, size_t nb, bool around)
{
    int32_t best = INT32_MAX;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++) {
            int dx = wh_square_x(sa[i]) - wh_square_x(sb[j]), dy = wh_square_y(sa[i]) - wh_square_y(sb[j]);
            dx = dx < 0 ? -dx : dx;
            dy = dy < 0 ? -dy : dy;
            int32_t d = dx > dy ? dx : dy;
            if (around && d == 1)
                return 1;
            best = d < best ? d : best;
        }
    return around ? 0 : best;
}

int32_t wh_board_distance(const wh_game_t *g, bool around, unsigned types, int32_t a, int32_t b)
{
    int32_t sa[WH_MAX_CELLS], sb[WH_MAX_CELLS];
    size_t na = squares_of(g, types & 15u, a, sa), nb = squares_of(g, types >> 4, b, sb);
    return between(sa, na, sb, nb, around);
}

int32_t wh_part_distance(const wh_game_t *g, uint16_t node, uint16_t placed)
{
    int32_t sa[WH_MAX_SQUARES], sb[WH_MAX_SQUARES];
    size_t na = node_squares(g, node, sa, 0), nb = squares_of(g, WH_TYPE_TILE, placed, sb);
    return between(sa, na, sb, nb, false);
}
