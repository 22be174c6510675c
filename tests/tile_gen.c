/*
** tile_gen.c -- random valid tiles; see tile_gen.h.
*/
#include "tile_gen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define MAX_SQ    5
#define MAX_SIDES (4 * MAX_SQ)
#define MAX_BLOCKS MAX_SIDES

enum { EDGE_FIELD, EDGE_ROAD, EDGE_CITY };
enum { SLOT_L, SLOT_M, SLOT_R };
/* What a block of ports is: the object the ports' roads and cities meet at. */
enum { B_CITY, B_ROAD, B_JUNCTION, B_MONASTERY, B_AREA };

static const char dir_name[4] = {'N', 'E', 'S', 'W'};
static const int ddx[4] = {0, 1, 0, -1}, ddy[4] = {-1, 0, 1, 0};

typedef struct gen {
    uint64_t *state;
    int  n_sq, x[MAX_SQ], y[MAX_SQ];
    int  n_sides, side_sq[MAX_SIDES], side_dir[MAX_SIDES], edge[MAX_SIDES]; /* clockwise */
    int  n_ports, port_side[MAX_SIDES], block[MAX_SIDES];
    int  n_blocks, block_kind[MAX_BLOCKS];
    int  area_sq, block_sq[MAX_BLOCKS];
    char *out;
    size_t len, cap;
    /* how many fields, and how many other features, cross each internal
    ** side (by the square north or west of it, S or E) */
    int cross_fields[MAX_SQ][4], cross_others[MAX_SQ][4];
    bool writing_field;
} gen;

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s; /* xorshift64*: deterministic, the same tiles every run */
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * UINT64_C(2685821657736338717);
}

static int below(gen *g, int n)
{
    return (int)(next(g->state) % (uint64_t)n);
}

static void put(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g->out + g->len, g->cap - g->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        g->len = g->len + (size_t)n < g->cap ? g->len + (size_t)n : g->cap - 1;
}

static int square_at(const gen *g, int x, int y)
{
    for (int i = 0; i < g->n_sq; i++)
        if (g->x[i] == x && g->y[i] == y)
            return i;
    return -1;
}

/* 1 square, or 5 grown one neighbour at a time, moved so that none is negative. */
static void footprint(gen *g, bool wonder)
{
    g->n_sq = 1;
    g->x[0] = g->y[0] = 0;
    while (wonder && g->n_sq < 5) {
        int from = below(g, g->n_sq), d = below(g, 4);
        int x = g->x[from] + ddx[d], y = g->y[from] + ddy[d];
        if (square_at(g, x, y) >= 0)
            continue;
        g->x[g->n_sq] = x;
        g->y[g->n_sq++] = y;
    }
    int minx = 0, miny = 0;
    for (int i = 0; i < g->n_sq; i++) {
        minx = g->x[i] < minx ? g->x[i] : minx;
        miny = g->y[i] < miny ? g->y[i] : miny;
    }
    for (int i = 0; i < g->n_sq; i++)
        g->x[i] -= minx, g->y[i] -= miny;
}

/* The perimeter sides, clockwise: each side runs from one corner to the
** next, and the side after it starts where it ends (a footprint of five
** squares or fewer has no hole and no corner met twice). */
static void perimeter(gen *g)
{
    static const int from[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, to[4][2] = {{1, 0}, {1, 1}, {0, 1}, {0, 0}};
    int sq[MAX_SIDES], dir[MAX_SIDES], n = 0;
    for (int i = 0; i < g->n_sq; i++)
        for (int d = 0; d < 4; d++)
            if (square_at(g, g->x[i] + ddx[d], g->y[i] + ddy[d]) < 0)
                sq[n] = i, dir[n++] = d;
    bool used[MAX_SIDES] = {false};
    int k = 0;
    g->n_sides = 0;
    for (int m = 0; m < n; m++) {
        used[k] = true;
        g->side_sq[g->n_sides] = sq[k];
        g->side_dir[g->n_sides++] = dir[k];
        int ex = g->x[sq[k]] + to[dir[k]][0], ey = g->y[sq[k]] + to[dir[k]][1];
        for (int j = 0; j < n; j++)
            if (!used[j] && g->x[sq[j]] + from[dir[j]][0] == ex && g->y[sq[j]] + from[dir[j]][1] == ey) {
                k = j;
                break;
            }
    }
}

/* Whether blocks a and b cross: ports a1 < b1 < a2 < b2 round the outline. */
static bool cross(const gen *g, int a, int b)
{
    for (int p = 0; p < g->n_ports; p++)
        for (int q = p + 1; q < g->n_ports; q++) {
            if (g->block[p] != a || g->block[q] != a)
                continue;
            bool in = false, out = false;
            for (int r = 0; r < g->n_ports; r++) {
                if (g->block[r] != b)
                    continue;
                in |= r > p && r < q;
                out |= r < p || r > q;
            }
            if (in && out)
                return true;
        }
    return false;
}

static bool crosses_any(const gen *g, int a)
{
    for (int b = 0; b < g->n_blocks; b++)
        if (b != a && cross(g, a, b))
            return true;
    return false;
}

static int new_block(gen *g, int kind)
{
    g->block_kind[g->n_blocks] = kind;
    return g->n_blocks++;
}

/* Put port p into block b if no block then crosses another; else leave it out. */
static bool try_join(gen *g, int p, int b)
{
    g->block[p] = b;
    for (int c = 0; c < g->n_blocks; c++)
        if (crosses_any(g, c)) {
            g->block[p] = -1;
            return false;
        }
    return true;
}

/* Ports into blocks: cities first, then each road's end. */
static void partition(gen *g, bool wonder)
{
    g->n_ports = 0;
    for (int k = 0; k < g->n_sides; k++)
        if (g->edge[k] != EDGE_FIELD)
            g->port_side[g->n_ports] = k, g->block[g->n_ports++] = -1;
    g->n_blocks = 0;
    int area = wonder ? new_block(g, B_AREA) : -1, monastery = -1;
    for (int p = 0; p < g->n_ports; p++) {
        if (g->edge[g->port_side[p]] != EDGE_CITY)
            continue;
        bool joined = false;
        for (int b = 0; b < g->n_blocks && !joined; b++)
            if (g->block_kind[b] == B_CITY && below(g, 2))
                joined = try_join(g, p, b);
        if (!joined)
            g->block[p] = new_block(g, B_CITY);
    }
    for (int p = 0; p < g->n_ports; p++) {
        if (g->edge[g->port_side[p]] != EDGE_ROAD || g->block[p] >= 0)
            continue;
        bool placed = false;
        for (int tries = 0; tries < 6 && !placed; tries++) {
            int choice = below(g, 5);
            if (choice == 0) { /* through to another road side */
                int q = below(g, g->n_ports);
                if (q == p || g->block[q] >= 0 || g->edge[g->port_side[q]] != EDGE_ROAD)
                    continue;
                int b = new_block(g, B_ROAD);
                g->block[q] = b;
                placed = try_join(g, p, b);
                if (!placed)
                    g->block[q] = -1, g->n_blocks--;
            } else if (choice == 1 && g->n_blocks > 0) { /* into a city */
                int b = below(g, g->n_blocks);
                if (g->block_kind[b] == B_CITY)
                    placed = try_join(g, p, b);
            } else if (choice == 2 && area >= 0) {
                placed = try_join(g, p, area);
            } else if (choice == 3 && !wonder) {
                if (monastery < 0)
                    monastery = new_block(g, B_MONASTERY);
                placed = try_join(g, p, monastery);
            } else if (choice == 4) { /* a junction, perhaps one already there */
                for (int b = 0; b < g->n_blocks && !placed; b++)
                    if (g->block_kind[b] == B_JUNCTION && below(g, 2))
                        placed = try_join(g, p, b);
            }
        }
        if (!placed) /* a dead end: a junction of its own never crosses anything */
            g->block[p] = new_block(g, B_JUNCTION);
    }
}

/* Union-find of the gaps between ports: two gaps are one face unless a
** block has ports on both arcs between them. */
static int face_find(int *f, int a)
{
    while (f[a] != a)
        a = f[a] = f[f[a]];
    return a;
}

static bool separates(const gen *g, int b, int a0, int a1)
{
    /* gap a lies after port a; the arcs are ports (a0, a1] and (a1, a0] */
    bool in = false, out = false;
    for (int p = 0; p < g->n_ports; p++) {
        if (g->block[p] != b)
            continue;
        bool inside = a0 < a1 ? p > a0 && p <= a1 : p > a0 || p <= a1;
        in |= inside;
        out |= !inside;
    }
    return in && out;
}

/* ---- writing -------------------------------------------------------------- */

static void square_name(const gen *g, int sq, char *buf)
{
    if (g->n_sq == 1)
        buf[0] = '\0';
    else
        snprintf(buf, 4, "s%d", sq);
}

/* "s2:NL" (or "NL" on a 1-square tile) for slot `slot` of side k; a whole field side when `whole`. */
static void put_ref(gen *g, int k, int slot, bool whole, bool *first)
{
    char sq[4];
    square_name(g, g->side_sq[k], sq);
    const char *half = whole || g->edge[k] == EDGE_CITY || slot == SLOT_M ? "" : slot == SLOT_L ? "L" : "R";
    put(g, "%s%s%s%c%s", *first ? "" : ", ", sq, *sq ? ":" : "", dir_name[g->side_dir[k]], half);
    *first = false;
}

/* Shortest paths from the first square of `want` to each other one:
** prev[] and pdir[] of a breadth-first search over the footprint. */
static void paths_from(const gen *g, int start, int *prev, int *pdir)
{
    int queue[MAX_SQ], head = 0, tail = 0;
    for (int i = 0; i < g->n_sq; i++)
        prev[i] = -2;
    prev[start] = -1;
    queue[tail++] = start;
    while (head < tail) {
        int i = queue[head++];
        for (int d = 0; d < 4; d++) {
            int j = square_at(g, g->x[i] + ddx[d], g->y[i] + ddy[d]);
            if (j >= 0 && prev[j] == -2)
                prev[j] = i, pdir[j] = d, queue[tail++] = j;
        }
    }
}

/* The squares on those paths: every square a feature joining `want` touches. */
static unsigned path_squares(const gen *g, unsigned want)
{
    if (!want)
        return 0;
    int prev[MAX_SQ], pdir[MAX_SQ];
    paths_from(g, __builtin_ctz(want), prev, pdir);
    unsigned m = want;
    for (int i = 0; i < g->n_sq; i++)
        if (want & (1u << i))
            for (int j = i; j >= 0; j = prev[j])
                m |= 1u << j;
    return m;
}

/* " crosses ...;": the internal sides on those paths. */
static void put_crossings(gen *g, unsigned want)
{
    if (g->n_sq == 1 || (want & (want - 1)) == 0)
        return;
    int prev[MAX_SQ], pdir[MAX_SQ];
    paths_from(g, __builtin_ctz(want), prev, pdir);
    bool side_used[MAX_SQ][4] = {{false}}, first = true;
    for (int i = 0; i < g->n_sq; i++) {
        if (!(want & (1u << i)))
            continue;
        for (int j = i; prev[j] >= 0; j = prev[j]) {
            int from = prev[j], d = pdir[j];
            if (side_used[from][d])
                continue;
            side_used[from][d] = true;
            put(g, "%ss%d:%c", first ? " crosses " : ", ", from, dir_name[d]);
            int a = d == 0 || d == 3 ? j : from, e = d == 0 ? 2 : d == 3 ? 1 : d;
            if (g->writing_field)
                g->cross_fields[a][e]++;
            else
                g->cross_others[a][e]++;
            first = false;
        }
    }
    if (!first)
        put(g, ";");
}

/* The squares of block b's city sides (what a road ending at its city may reach). */
static unsigned city_squares(const gen *g, int b)
{
    unsigned m = 0;
    for (int p = 0; p < g->n_ports; p++)
        if (g->block[p] == b && g->edge[g->port_side[p]] == EDGE_CITY)
            m |= 1u << g->side_sq[g->port_side[p]];
    return m;
}

static unsigned port_squares(const gen *g, int b)
{
    unsigned m = 0;
    for (int p = 0; p < g->n_ports; p++)
        if (g->block[p] == b)
            m |= 1u << g->side_sq[g->port_side[p]];
    return m;
}

/* One attempt; false when two fields would cross one internal side with
** nothing crossing between them (planar.c refuses that: the paths this
** generator gives its features do not always leave room). */
static bool one_tile(uint64_t *state, const char *id, char *out, size_t cap, size_t *len)
{
    gen gg = {.state = state, .out = out, .cap = cap};
    gen *g = &gg;
    out[0] = '\0';
    bool wonder = below(g, 4) == 0;
    footprint(g, wonder);
    perimeter(g);
    for (int k = 0; k < g->n_sides; k++) {
        int r = below(g, 10);
        g->edge[k] = r < 4 ? EDGE_FIELD : r < 7 ? EDGE_ROAD : EDGE_CITY;
    }
    partition(g, wonder);
    /* Where the inner objects stand: the area on a random square, a junction
    ** on the square of its first road. */
    g->area_sq = below(g, g->n_sq);
    for (int b = 0; b < g->n_blocks; b++) {
        unsigned m = port_squares(g, b);
        g->block_sq[b] = g->block_kind[b] == B_AREA ? g->area_sq : m ? __builtin_ctz(m) : 0;
    }

    /* Fields: the gaps after each port, joined into faces. */
    int face[MAX_SIDES + 1], n_gaps = g->n_ports ? g->n_ports : 1;
    for (int a = 0; a < n_gaps; a++)
        face[a] = a;
    for (int a = 0; a < n_gaps; a++)
        for (int c = a + 1; c < n_gaps; c++) {
            bool apart = false;
            for (int b = 0; b < g->n_blocks && !apart; b++)
                apart = separates(g, b, a, c);
            if (!apart)
                face[face_find(face, c)] = face_find(face, a);
        }
    /* the gap of each field half: the last port before it, round the outline */
    int gap_of[MAX_SIDES][3];
    int last = g->n_ports - 1;
    for (int k = 0; k < g->n_sides; k++) {
        if (g->edge[k] == EDGE_ROAD) {
            gap_of[k][SLOT_L] = last < 0 ? 0 : last;
            for (int p = 0; p < g->n_ports; p++)
                if (g->port_side[p] == k)
                    last = p;
            gap_of[k][SLOT_R] = last;
        } else if (g->edge[k] == EDGE_CITY) {
            for (int p = 0; p < g->n_ports; p++)
                if (g->port_side[p] == k)
                    last = p;
        } else {
            gap_of[k][SLOT_L] = gap_of[k][SLOT_R] = last < 0 ? 0 : last;
        }
    }
    /* Each face's squares: its field halves' and those on the paths joining them. */
    unsigned face_sq[MAX_SIDES + 1] = {0};
    for (int k = 0; k < g->n_sides; k++)
        for (int sl = SLOT_L; sl <= SLOT_R; sl += 2)
            if (g->edge[k] != EDGE_CITY)
                face_sq[face_find(face, gap_of[k][sl])] |= 1u << g->side_sq[k];
    for (int a = 0; a < n_gaps; a++)
        face_sq[a] = path_squares(g, face_sq[a]);
    /* An area nothing ends at lies inside a field: on a square only one
    ** field reaches, so the outline can tell which (planar.c); else every
    ** field there is separated from it. */
    bool floating = true;
    for (int p = 0; p < g->n_ports && wonder; p++)
        floating &= g->block_kind[g->block[p]] != B_AREA;
    unsigned separated_from_area = 0;
    if (wonder && floating) {
        int best = -1;
        for (int q = 0; q < g->n_sq && best < 0; q++) {
            int holders = 0;
            for (int a = 0; a < n_gaps; a++)
                holders += face_find(face, a) == a && (face_sq[a] & (1u << q));
            if (holders == 1)
                best = q;
        }
        if (best < 0) {
            best = g->area_sq; /* the outline cannot say which field holds it: none borders it */
            for (int a = 0; a < n_gaps; a++)
                if (face_find(face, a) == a && (face_sq[a] & (1u << best)))
                    separated_from_area |= 1u << a;
        }
        g->area_sq = best;
        for (int b = 0; b < g->n_blocks; b++)
            if (g->block_kind[b] == B_AREA)
                g->block_sq[b] = best;
    }
    put(g, "    %s %s \"%s\" {\n", wonder ? "wonder" : "tile", id, id);
    for (int i = 0; i < g->n_sq; i++) {
        if (g->n_sq == 1)
            put(g, "        square {");
        else
            put(g, "        square s%d (%d, %d) {", i, g->x[i], g->y[i]);
        for (int k = 0; k < g->n_sides; k++)
            if (g->side_sq[k] == i)
                put(g, " %c %s;", dir_name[g->side_dir[k]],
                    g->edge[k] == EDGE_FIELD ? "field" : g->edge[k] == EDGE_ROAD ? "road" : "city");
        put(g, " }\n");
    }
    /* Objects first: what roads end at must be named before or after alike. */
    for (int b = 0; b < g->n_blocks; b++) {
        int kind = g->block_kind[b];
        if (kind == B_AREA)
            put(g, "        area a { on s%d; }\n", g->area_sq);
        else if (kind == B_MONASTERY)
            put(g, "        monastery m;\n");
        else if (kind == B_JUNCTION)
            put(g, g->n_sq == 1 ? "        junction j%d;\n" : "        junction j%d { on s%d; }\n", b, g->block_sq[b]);
        else if (kind == B_CITY) {
            bool first = true;
            put(g, "        city c%d { sides ", b);
            for (int p = 0; p < g->n_ports; p++)
                if (g->block[p] == b && g->edge[g->port_side[p]] == EDGE_CITY)
                    put_ref(g, g->port_side[p], SLOT_M, false, &first);
            put(g, ";");
            unsigned m = 0;
            for (int p = 0; p < g->n_ports; p++)
                if (g->block[p] == b && g->edge[g->port_side[p]] == EDGE_CITY)
                    m |= 1u << g->side_sq[g->port_side[p]];
            put_crossings(g, m);
            if (below(g, 4) == 0)
                put(g, " arms 1;");
            put(g, " }\n");
        }
    }
    /* Roads: a block of two road ports is one road; any other road port a road ending at its block. */
    int n_roads = 0;
    for (int p = 0; p < g->n_ports; p++) {
        int k = g->port_side[p], b = g->block[p];
        if (g->edge[k] != EDGE_ROAD)
            continue;
        bool first = true;
        if (g->block_kind[b] == B_ROAD) {
            int q = 0;
            while (q < g->n_ports && (q == p || g->block[q] != b))
                q++;
            if (q < p) /* written with its other end */
                continue;
            put(g, "        road r%d { sides ", n_roads++);
            put_ref(g, k, SLOT_M, false, &first);
            put_ref(g, g->port_side[q], SLOT_M, false, &first);
            put(g, ";");
            put_crossings(g, (1u << g->side_sq[k]) | (1u << g->side_sq[g->port_side[q]]));
        } else {
            static const char *const prefix[] = {"c", "", "j", "m", "a"};
            put(g, "        road r%d { sides ", n_roads++);
            put_ref(g, k, SLOT_M, false, &first);
            put(g, ";");
            /* to the square of what it ends at; for a city, its nearest square is enough */
            unsigned target = 1u << g->block_sq[b];
            if (g->block_kind[b] == B_CITY)
                target = city_squares(g, b);
            unsigned want = 1u << g->side_sq[k];
            if (!(target & want))
                want |= 1u << __builtin_ctz(target);
            put_crossings(g, want);
            int kind = g->block_kind[b];
            if (kind == B_MONASTERY || kind == B_AREA)
                put(g, " ends %s;", prefix[kind]);
            else
                put(g, " ends %s%d;", prefix[kind], b);
            if (below(g, 8) == 0)
                put(g, " tags inn;");
        }
        put(g, " }\n");
    }
    int n_fields = 0;
    for (int a = 0; a < n_gaps; a++) {
        if (face_find(face, a) != a)
            continue;
        bool first = true;
        unsigned m = 0;
        size_t mark = g->len;
        put(g, "        field f%d { sides ", n_fields);
        for (int k = 0; k < g->n_sides; k++) {
            if (g->edge[k] == EDGE_CITY)
                continue;
            bool l = face_find(face, gap_of[k][SLOT_L]) == a, r = face_find(face, gap_of[k][SLOT_R]) == a;
            if (g->edge[k] == EDGE_FIELD && l && r)
                put_ref(g, k, SLOT_L, true, &first);
            else {
                if (l)
                    put_ref(g, k, SLOT_L, false, &first);
                if (r)
                    put_ref(g, k, SLOT_R, false, &first);
            }
            if (l || r)
                m |= 1u << g->side_sq[k];
        }
        if (first) { /* a face with no field half: no field */
            g->len = mark;
            g->out[mark] = '\0';
            continue;
        }
        put(g, ";");
        g->writing_field = true;
        put_crossings(g, m);
        g->writing_field = false;
        if (separated_from_area & (1u << a))
            put(g, " separated a;");
        put(g, " }\n");
        n_fields++;
    }
    if (wonder)
        put(g, "        effect { none; }\n");
    put(g, "    }\n");
    *len = g->len;
    for (int i = 0; i < g->n_sq; i++)
        for (int d = 0; d < 4; d++)
            if (g->cross_fields[i][d] >= 2 && g->cross_others[i][d] < g->cross_fields[i][d] - 1)
                return false;
    return true;
}

size_t tile_gen(uint64_t *state, const char *id, char *out, size_t cap)
{
    size_t len = 0;
    while (!one_tile(state, id, out, cap, &len))
        ;
    return len;
}
