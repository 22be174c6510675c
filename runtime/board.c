/*
** board.c -- cells, the frontier and legal placements.
**
** Occupied squares and the empty squares next to them (the frontier) live
** in one open-addressing hash keyed by (x, y), so the board is unbounded in
** every direction at a fixed size.  A frontier cell keeps the edge types
** its neighbours require, packed two bits per direction (0 where there is
** no neighbour); that byte indexes the tile set's fits table, which says in
** one lookup which rotations of a square fit the cell.
*/
#include "box.h"

static bool in_range(int x, int y)
{
    return x >= -WH_COORD_LIMIT && x <= WH_COORD_LIMIT && y >= -WH_COORD_LIMIT && y <= WH_COORD_LIMIT;
}

/* The rotations of square `sq` that fit the requirement of cell `c`. */
static inline unsigned fitting(const wh_game_t *g, const wh_square_t *sq, const wh_cell_t *c)
{
    return wh_river_fits(sq, c, g->set->fits[(size_t)sq->shape * WH_FIT_ROW + c->edges]);
}

/* Whether square `sq` turned `r` fits the cell at (x, y); *touches is set
** when that cell is on the frontier. */
static inline wh_status_t square_fits(const wh_game_t *g, const wh_square_t *sq, int r, int x, int y, bool *touches)
{
    const wh_cell_t *c = wh_cell_get(g, x, y);
    if (!c)
        return WH_OK;
    if (c->state == CELL_OCCUPIED)
        return WH_ERR_OCCUPIED;
    *touches = true;
    return (fitting(g, sq, c) >> r) & 1u ? WH_OK : WH_ERR_MISMATCH;
}

wh_status_t wh_board_check(const wh_game_t *g, uint32_t tile, int x, int y, int rotation)
{
    if (tile >= g->set->n_tiles || rotation < 0 || rotation > 3)
        return WH_ERR_RANGE;
    const wh_tile_t *t = wh_tile_of(g, tile);
    const wh_square_t *sq = g->set->squares + t->first_square;
    bool touches = false;
    wh_status_t worst = WH_OK;
    for (uint32_t i = 0; i < t->n_squares; i++) {
        int sx = x + sq[i].dx[rotation], sy = y + sq[i].dy[rotation];
        if (!in_range(sx, sy))
            return WH_ERR_RANGE;
        wh_status_t s = square_fits(g, &sq[i], rotation, sx, sy, &touches);
        if (s == WH_ERR_OCCUPIED)
            return s;
        if (s != WH_OK)
            worst = s;
    }
    if (worst != WH_OK)
        return worst;
    if (!touches)
        return WH_ERR_NOT_ADJACENT;
    if (t->flags & g->tile_checks) { /* a tile a box has a placement rule for (the River's) */
        wh_status_t why = WH_OK;
        if (!wh_boxes_tile_allowed(g, tile, x, y, 1u << rotation, &why))
            return why;
    }
    if (WH_BOXES_WITH(g, square_allowed))
        for (uint32_t i = 0; i < t->n_squares; i++)
            if (!wh_boxes_square_allowed(g, x + sq[i].dx[rotation], y + sq[i].dy[rotation]))
                return WH_ERR_RESERVED;
    return WH_OK;
}

/* The rotations of land tile square `sq` on frontier cell k, checked in
** full: river sides, and the boxes' rules on the tile (a river tile's
** continuing the river) and on squares (a wonder's reserve rule). */
static unsigned land_fits(const wh_game_t *g, uint32_t tile, const wh_square_t *sq, uint32_t k, unsigned bits)
{
    const wh_cell_t *c = &g->cells[g->frontier[k]];
    if (WH_BOXES_WITH(g, square_allowed) && !wh_boxes_square_allowed(g, c->x, c->y))
        return 0;
    bits = wh_river_fits(sq, c, bits);
    if (!bits || !(wh_tile_of(g, tile)->flags & g->tile_checks))
        return bits;
    wh_status_t why;
    return wh_boxes_tile_allowed(g, tile, c->x, c->y, bits, &why);
}

/* enumerate() for a land tile: one lookup per frontier cell; `checked`
** adds the river checks. */
static inline __attribute__((always_inline)) size_t
enumerate_land(const wh_game_t *g, uint32_t tile, const wh_square_t *sq, wh_placement_t *out, size_t cap,
               bool first_only, const size_t *nth, bool checked)
{
    const uint8_t *fit = g->set->fits + (size_t)sq->shape * WH_FIT_ROW;
    const uint8_t *req = g->frontier_req;
    uint32_t nf = g->n_frontier;
    size_t n = 0;
#define FITS(k) (checked && fit[req[k]] ? land_fits(g, tile, sq, k, fit[req[k]]) : fit[req[k]])
    if (first_only) {
        for (uint32_t k = 0; k < nf; k++)
            if (FITS(k))
                return 1;
        return 0;
    }
    if (nth) {
        for (uint32_t k = 0; k < nf; k++) {
            unsigned bits = FITS(k);
            size_t here = wh_rotations(bits);
            if (n + here <= *nth) {
                n += here;
                continue;
            }
            for (size_t skip = *nth - n; skip; skip--)
                bits &= bits - 1;
            const wh_cell_t *c = &g->cells[g->frontier[k]];
            out[0] = (wh_placement_t){c->x, c->y, (uint8_t)__builtin_ctz(bits), 0};
            return *nth + 1;
        }
        return n;
    }
    if (cap == 0) { /* count only */
        for (uint32_t k = 0; k < nf; k++)
            n += wh_rotations(FITS(k));
        return n;
    }
    for (uint32_t k = 0; k < nf; k++) {
        unsigned bits = FITS(k);
        if (!bits)
            continue;
        const wh_cell_t *c = &g->cells[g->frontier[k]];
        for (; bits; bits &= bits - 1) {
            if (n < cap)
                out[n] = (wh_placement_t){c->x, c->y, (uint8_t)__builtin_ctz(bits), 0};
            n++;
        }
    }
    return n;
#undef FITS
}

/* Candidates come from frontier cells: square i of the tile turned r on
** frontier cell f puts square 0 on f - offset(i, r).  A placement is
** counted only through its first square that lands on the frontier, so
** each is listed once without remembering the others. */
/* Lists placements into out[0..cap).  With `nth` set, stops at placement
** number *nth and stores only that one in out[0]; `first_only` stops at the
** first placement. */
static size_t enumerate(const wh_game_t *g, uint32_t tile, wh_placement_t *out, size_t cap, bool first_only,
                        const size_t *nth)
{
    if (tile >= g->set->n_tiles)
        return 0;
    const wh_tile_t *t = wh_tile_of(g, tile);
    const wh_square_t *sq = g->set->squares + t->first_square;
    size_t n = 0;
    if (t->n_squares == 1) {
        /* Beside an open river end, for a tile a box checks (the River's),
        ** or with a box checking squares (a wonder's reserve rule), each
        ** cell is checked in full (land_fits); otherwise the lookup says
        ** everything.  Two copies of the loops, so that the common one
        ** stays one lookup. */
        if (g->river_cells || (t->flags & g->tile_checks) || WH_BOXES_WITH(g, square_allowed))
            return enumerate_land(g, tile, sq, out, cap, first_only, nth, true);
        return enumerate_land(g, tile, sq, out, cap, first_only, nth, false);
    }
    for (uint32_t k = 0; k < g->n_frontier; k++) {
        const wh_cell_t *f = &g->cells[g->frontier[k]];
        for (uint32_t i = 0; i < t->n_squares; i++) {
            unsigned rotations = fitting(g, &sq[i], f); /* frontier cells are in range */
            for (; rotations; rotations &= rotations - 1) {
                int r = __builtin_ctz(rotations);
                int ax = f->x - sq[i].dx[r], ay = f->y - sq[i].dy[r];
                bool ok = true;
                for (uint32_t j = 0; j < t->n_squares && ok; j++) {
                    if (j == i)
                        continue;
                    int sx = ax + sq[j].dx[r], sy = ay + sq[j].dy[r];
                    if (!in_range(sx, sy)) {
                        ok = false;
                        break;
                    }
                    const wh_cell_t *c = wh_cell_get(g, sx, sy);
                    if (!c)
                        continue;
                    /* taken; counted through an earlier square; or not fitting */
                    ok = c->state == CELL_FRONTIER && j > i && ((fitting(g, &sq[j], c) >> r) & 1u);
                }
                wh_status_t why;
                if (!ok || ((t->flags & g->tile_checks) && !wh_boxes_tile_allowed(g, tile, ax, ay, 1u << r, &why)))
                    continue;
                for (uint32_t j = 0; j < t->n_squares && ok && WH_BOXES_WITH(g, square_allowed); j++)
                    ok = wh_boxes_square_allowed(g, ax + sq[j].dx[r], ay + sq[j].dy[r]);
                if (!ok)
                    continue;
                if (nth && n == *nth) {
                    out[0] = (wh_placement_t){(int16_t)ax, (int16_t)ay, (uint8_t)r, 0};
                    return n + 1;
                }
                if (!nth && n < cap)
                    out[n] = (wh_placement_t){(int16_t)ax, (int16_t)ay, (uint8_t)r, 0};
                if (++n && first_only)
                    return n;
            }
        }
    }
    return n;
}

size_t wh_game_placements(const wh_game_t *g, uint32_t tile, wh_placement_t *out, size_t cap)
{
    return enumerate(g, tile, out, cap, false, NULL);
}

bool wh_game_placement_nth(const wh_game_t *g, uint32_t tile, size_t k, wh_placement_t *out)
{
    return enumerate(g, tile, out, 1, false, &k) == k + 1;
}

bool wh_game_can_place(const wh_game_t *g, uint32_t tile)
{
    return enumerate(g, tile, NULL, 0, true, NULL) > 0;
}

wh_status_t wh_game_check_placement(const wh_game_t *g, uint32_t tile, int x, int y, int rotation)
{
    return wh_board_check(g, tile, x, y, rotation);
}

static void frontier_remove(wh_game_t *g, wh_cell_t *c)
{
    uint16_t k = c->placed;
    uint16_t last_k = --g->n_frontier;
    uint16_t last = g->frontier[last_k];
    g->frontier[k] = last;
    g->frontier_req[k] = g->frontier_req[last_k];
    g->cells[last].placed = k;
}

/* Mark the squares of placed tile p occupied (its features are added
** next; wh_board_connect then joins them to the neighbours). */
void wh_board_occupy(wh_game_t *g, uint16_t p)
{
    const wh_placed_t *pl = &g->placed[p];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    const wh_square_t *sq = wh_squares_of(g, pl);
    int r = pl->rotation, x, y;
    for (uint32_t i = 0; i < t->n_squares; i++) {
        wh_square_cell(&sq[i], pl, &x, &y);
        wh_cell_t *c = &g->cells[wh_cell_slot(g, x, y)];
        if (c->state == CELL_FRONTIER) {
            g->river_cells -= c->river != 0;
            frontier_remove(g, c);
        } else {
            g->used[g->n_cells++] = (uint16_t)(c - g->cells);
        }
        *c = (wh_cell_t){(int16_t)x, (int16_t)y, CELL_OCCUPIED, sq[i].edges[r], (uint8_t)i,
                         (uint8_t)(sq[i].river ? wh_turn_dirs(sq[i].river, r) : 0), p, 0};
    }
}

/* Side d of the square of placed tile p at (x, y), square i of its tile,
** whose edges (2 bits a direction) and river sides are given: join its
** features to an occupied neighbour's, or tell the empty neighbour which
** edge it must now match.  Called with d a constant, once per direction,
** so that the neighbour's cell and the shifts fold.  The square itself is
** in range (every placed square is: wh_board_check), so only the axis d
** moves along is checked. */
static inline __attribute__((always_inline)) void connect_side(wh_game_t *g, uint16_t p, uint32_t i, int x, int y,
                                                                unsigned edges, unsigned river, int d)
{
    int nx = x + wh_dx[d], ny = y + wh_dy[d];
    if ((d & 1) ? (nx < -WH_COORD_LIMIT || nx > WH_COORD_LIMIT) : (ny < -WH_COORD_LIMIT || ny > WH_COORD_LIMIT))
        return; /* no square may go there: never a frontier cell */
    wh_cell_t *c = &g->cells[wh_cell_slot(g, nx, ny)];
    int back = (d + 2) & 3; /* the neighbour's side facing this square */
    unsigned edge = (edges >> (2 * d)) & 3u;
    if (c->state == CELL_OCCUPIED) {
        if (c->placed != p)
            wh_features_join_side(g, p, i, d, c);
        return;
    }
    if (c->state == CELL_FREE) {
        uint16_t k = g->n_frontier++;
        *c = (wh_cell_t){(int16_t)nx, (int16_t)ny, CELL_FRONTIER, (uint8_t)(edge << (2 * back)), 0, 0, k, 0};
        g->frontier[k] = (uint16_t)(c - g->cells);
        g->frontier_req[k] = c->edges;
        g->used[g->n_cells++] = (uint16_t)(c - g->cells);
    } else {
        c->edges = (uint8_t)((c->edges & ~(3u << (2 * back))) | (edge << (2 * back)));
        g->frontier_req[c->placed] = c->edges;
    }
    if (river & (1u << d)) {
        g->river_cells += c->river == 0;
        c->river |= (uint8_t)(1u << back);
    }
}

/* For each side of placed tile p: join its features to an occupied
** neighbour's, or tell an empty neighbour which edge it must now match;
** the sides in the order N, E, S, W of every square in turn. */
void wh_board_connect(wh_game_t *g, uint16_t p)
{
    const wh_placed_t *pl = &g->placed[p];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    const wh_square_t *sq = wh_squares_of(g, pl);
    int r = pl->rotation, x, y;
    for (uint32_t i = 0; i < t->n_squares; i++) {
        wh_square_cell(&sq[i], pl, &x, &y);
        unsigned river = sq[i].river ? wh_turn_dirs(sq[i].river, r) : 0, edges = sq[i].edges[r];
        connect_side(g, p, i, x, y, edges, river, 0); /* N */
        connect_side(g, p, i, x, y, edges, river, 1); /* E */
        connect_side(g, p, i, x, y, edges, river, 2); /* S */
        connect_side(g, p, i, x, y, edges, river, 3); /* W */
    }
}
