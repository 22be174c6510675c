/*
** features.c -- features joined across tiles.
**
** Every feature of every placed tile is a node of a union-find forest; the
** root of a set carries what scoring needs of the joined feature (open
** sides or ends, coats of arms, meeples).  Members form a circular list, so
** a feature's distinct squares -- each square of a wonder counts, and a
** square counts once even when two of its segments join -- are counted
** only when someone asks.
*/
#include "box.h"

#include <string.h>

const wh_feature_t *wh_node_feature(const wh_game_t *g, uint16_t node)
{
    const wh_placed_t *p = &g->placed[g->node_placed[node]];
    return &g->set->features[g->set->tiles[p->tile].first_feature + g->node_local[node]];
}

/* Whether (ax, ay) is one of the 8 cells around (bx, by).  Never asked of
** the cell itself: a new square is never an older monastery's, whose tile
** occupies it. */
static unsigned around_cell(int ax, int ay, int bx, int by)
{
    return (unsigned)(ax - bx + 1) <= 2u && (unsigned)(ay - by + 1) <= 2u;
}

/* New nodes for the features of placed tile p, and the monastery records.
** Runs after wh_board_occupy, so a monastery counts its own tile's squares. */
void wh_features_add(wh_game_t *g, uint16_t p)
{
    const wh_placed_t *pl = &g->placed[p];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    const wh_square_t *sq = wh_squares_of(g, pl);
    int x, y;
    unsigned surrounded = g->surrounded; /* read once: the stores below may alias it */
    unsigned due = 0;                    /* a monastery or garden now has its 8 neighbours */
    /* the new squares around every older monastery */
    if (g->n_monasteries) {
        int cx[WH_MAX_SQUARES], cy[WH_MAX_SQUARES];
        for (uint32_t i = 0; i < t->n_squares; i++)
            wh_square_cell(&sq[i], pl, &cx[i], &cy[i]);
        for (uint32_t i = 0; i < t->n_squares; i++) /* squares outer: a land tile's is one pass */
            for (uint32_t m = 0; m < g->n_monasteries; m++) {
                wh_monastery_t *mo = &g->monastery[m];
                if (around_cell(cx[i], cy[i], mo->x, mo->y)) /* most are far: no store for them */
                    due |= ++mo->neighbours == 8;
            }
    }
    const wh_feature_t *features = g->set->features + t->first_feature; /* read once, as `surrounded` */
    uint16_t first = g->n_nodes;
    g->n_nodes = (uint16_t)(first + t->n_features);
    for (uint32_t f = 0; f < t->n_features; f++) {
        const wh_feature_t *ft = &features[f];
        uint16_t n = (uint16_t)(first + f);
        g->parent[n] = g->next[n] = n;
        g->size[n] = 1;
        g->open[n] = ft->open;
        g->arms[n] = ft->arms;
        g->kind[n] = ft->kind;
        g->meeples[n] = 0;
        g->done[n] = 0;
        g->node_placed[n] = p;
        g->node_local[n] = (uint8_t)f;
        /* a garden matters only to the Abbot: without it nothing stands on
        ** it and it scores nothing, so it needs no record */
        if (!(surrounded >> ft->kind & 1u)) /* monasteries; gardens when a box scores them */
            continue;
        wh_square_cell(&sq[__builtin_ctz(ft->squares)], pl, &x, &y);
        uint8_t around = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                const wh_cell_t *c = (dx || dy) ? wh_cell_get(g, x + dx, y + dy) : NULL;
                around += c && c->state == CELL_OCCUPIED;
            }
        g->monastery[g->n_monasteries++] = (wh_monastery_t){n, (int16_t)x, (int16_t)y, around, ft->kind};
        due |= around == 8; /* placed into a hole */
    }
    g->surround_due = (uint8_t)(g->surround_due | due);
}

static uint16_t unite(wh_game_t *g, uint16_t a, uint16_t b)
{
    a = wh_find(g, a);
    b = wh_find(g, b);
    if (a == b)
        return a;
    if (g->size[a] < g->size[b]) {
        uint16_t t = a;
        a = b;
        b = t;
    }
    g->parent[b] = a;
    g->size[a] = (uint16_t)(g->size[a] + g->size[b]);
    g->open[a] = (int16_t)(g->open[a] + g->open[b]);
    g->arms[a] = (uint16_t)(g->arms[a] + g->arms[b]);
    g->meeples[a] = (uint8_t)(g->meeples[a] + g->meeples[b]);
    uint16_t t = g->next[a]; /* splice the two circular member lists */
    g->next[a] = g->next[b];
    g->next[b] = t;
    return a;
}

/* Join the features on side `dir` of square `square` of placed tile p to
** those of the occupied neighbour cell `other`: my left half meets their
** right half; the middles meet. */
void wh_features_join_side(wh_game_t *g, uint16_t p, uint32_t square, int dir, const wh_cell_t *other_cell)
{
    const wh_placed_t *pl = &g->placed[p];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    const wh_placed_t *other = &g->placed[other_cell->placed];
    const wh_tile_t *ot = wh_tile_of(g, other->tile);
    uint8_t mine = g->set->squares[t->first_square + square].side[(dir - pl->rotation) & 3];
    uint8_t theirs = g->set->squares[ot->first_square + other_cell->square].side[(dir + 2 - other->rotation) & 3];
    const wh_side_t *ms = &g->set->sides[t->first_side + mine];
    const wh_side_t *ts = &g->set->sides[ot->first_side + theirs];
    for (int k = 0; k < WH_N_SLOTS; k++) {
        uint8_t a = ms->feature[k], b = ts->feature[WH_N_SLOTS - 1 - k];
        if (a == WH_NONE || b == WH_NONE)
            continue;
        uint16_t root = unite(g, (uint16_t)(pl->first_node + a), (uint16_t)(other->first_node + b));
        if (k == WH_SLOT_M) /* a city or road side closed from both tiles */
            g->open[root] = (int16_t)(g->open[root] - 2);
    }
}

/* The squares a mask covers: a land tile's feature covers its one square,
** so the bits are counted (a call into libgcc on the baseline instruction
** set) only for wonders. */
static unsigned squares_in(uint32_t mask)
{
    return (mask & (mask - 1)) ? (unsigned)__builtin_popcount(mask) : mask != 0;
}

/* wh_feature_squares of a feature on more than one tile: its squares
** counted per placed tile, so that parts on one tile count them once. */
static uint16_t squares_on_many(const wh_game_t *g, uint16_t root)
{
    uint16_t seen[WH_MAX_PLACED]; /* squares already counted, per placed tile */
    memset(seen, 0, sizeof(uint16_t) * g->n_placed);
    uint16_t count = 0, m = root;
    do {
        uint16_t p = g->node_placed[m];
        uint16_t fresh = (uint16_t)(wh_node_feature(g, m)->squares & ~seen[p]);
        count = (uint16_t)(count + squares_in(fresh));
        seen[p] |= fresh;
        m = g->next[m];
    } while (m != root);
    return count;
}

/* A feature on one tile -- most roads a planner counts -- needs neither the
** walk nor the frame of squares_on_many's mask per tile. */
uint16_t wh_feature_squares(const wh_game_t *g, uint16_t root)
{
    if (g->next[root] == root)
        return (uint16_t)squares_in(wh_node_feature(g, root)->squares);
    return squares_on_many(g, root);
}

void wh_feature_meeples(const wh_game_t *g, uint16_t root, uint8_t counts[WH_MAX_PLAYERS])
{
    memset(counts, 0, WH_MAX_PLAYERS);
    for (uint32_t i = 0; i < g->n_meeples; i++)
        if (wh_find_const(g, g->meeple[i].node) == root)
            counts[g->meeple[i].player] += wh_strength_on(g, root, g->meeple[i].player, g->meeple[i].figure, false);
}

void wh_feature_return_meeples(wh_game_t *g, uint16_t root)
{
    for (uint32_t i = g->n_meeples; i-- > 0;)
        if (wh_find(g, g->meeple[i].node) == root) {
            wh_figure_supply(g, g->meeple[i].figure)[g->meeple[i].player]++;
            g->meeple[i] = g->meeple[--g->n_meeples];
        }
    g->meeples[root] = 0;
}

/* Cities a field touches, each counted once, only the completed ones unless
** `open_too`.  A field touching only a wonder's area touches no city. */
static uint16_t field_cities(const wh_game_t *g, uint16_t root, bool open_too)
{
    uint8_t counted[WH_MAX_NODES / 8];
    memset(counted, 0, (size_t)(g->n_nodes + 7) / 8);
    uint16_t count = 0, m = root;
    do {
        const wh_feature_t *f = wh_node_feature(g, m);
        uint16_t first = g->placed[g->node_placed[m]].first_node;
        for (uint32_t bits = f->touches; bits; bits &= bits - 1) {
            uint16_t city = (uint16_t)(first + __builtin_ctz(bits));
            if (g->kind[city] != WH_KIND_CITY)
                continue;
            uint16_t r = wh_find_const(g, city);
            if ((open_too || g->open[r] == 0) && !(counted[r / 8] & (1u << (r % 8)))) {
                counted[r / 8] |= (uint8_t)(1u << (r % 8));
                count++;
            }
        }
        m = g->next[m];
    } while (m != root);
    return count;
}

uint16_t wh_field_cities(const wh_game_t *g, uint16_t root)
{
    return field_cities(g, root, false);
}

uint16_t wh_field_touched(const wh_game_t *g, uint16_t root)
{
    return field_cities(g, root, true);
}

int wh_monastery_of(const wh_game_t *g, uint16_t node)
{
    for (uint32_t m = 0; m < g->n_monasteries; m++)
        if (g->monastery[m].node == node)
            return (int)m;
    return -1;
}
