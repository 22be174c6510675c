/*
** show.c -- terminal drawing of a compiled tile; see show.h.
**
** Each square is a 28x10 cell whose borders it shares with its neighbours.
** A side's three segment slots sit at a quarter, a half and three quarters
** along it, left and right as seen from the square's centre looking out.
** Segments are labelled with their feature's name, cut to the shortest
** prefix that tells it from the tile's other features (the whole name when
** it is short, as most are).
*/
#include "show.h"
#include "effect_text.h"
#include "effect_cost.h"
#include "geom.h"
#include "words.h"
#include "../runtime/common/xalloc.h"

#include <stdbool.h>
#include <string.h>

enum { CELL_W = 28, CELL_H = 10, LABEL_MAX = 6 };


/* The shortest prefix of each feature's name that no other name of the
** tile shares (the whole name when shorter), at most LABEL_MAX bytes. */
static void make_labels(const char *S, const wh_feature_t *fs, uint32_t n, char labels[][LABEL_MAX + 1])
{
    for (uint32_t f = 0; f < n; f++) {
        const char *a = S + fs[f].name;
        size_t len = strlen(a), need = len < 2 ? len : 2;
        for (uint32_t g = 0; g < n; g++) {
            if (g == f)
                continue;
            const char *b = S + fs[g].name;
            size_t common = 0;
            while (a[common] && a[common] == b[common])
                common++;
            if (common + 1 > need)
                need = common + 1;
        }
        if (need > len)
            need = len;
        if (need > LABEL_MAX)
            need = LABEL_MAX;
        memcpy(labels[f], a, need);
        labels[f][need] = '\0';
    }
}

typedef struct canvas {
    char *cells;
    int w, h;
} canvas;

static void put(canvas *c, int x, int y, char ch)
{
    if (x >= 0 && y >= 0 && x < c->w && y < c->h)
        c->cells[y * c->w + x] = ch;
}

static void put_text(canvas *c, int x, int y, const char *s)
{
    for (; *s; s++)
        put(c, x++, y, *s);
}

static char get(const canvas *c, int x, int y)
{
    return c->cells[y * c->w + x];
}

/* Position of slot `slot` (L, M, R) on the absolute side `dir` of the cell at
** (x0, y0): left is counter-clockwise of the middle, seen from inside. */
static void slot_pos(int x0, int y0, int dir, int slot, int *x, int *y)
{
    int k = slot - 1; /* -1 left, 0 middle, +1 right */
    switch (dir) {
    case 0: *x = x0 + CELL_W / 2 + k * CELL_W / 4; *y = y0; break;
    case 1: *x = x0 + CELL_W; *y = y0 + CELL_H / 2 + k * CELL_H / 4; break;
    case 2: *x = x0 + CELL_W / 2 - k * CELL_W / 4; *y = y0 + CELL_H; break;
    default: *x = x0; *y = y0 + CELL_H / 2 - k * CELL_H / 4; break;
    }
}

static void draw_side(canvas *c, int x0, int y0, int dir, int edge)
{
    bool horizontal = dir == 0 || dir == 2;
    char ch = edge == WH_EDGE_CITY ? '#' : edge == WH_EDGE_RIVER ? '~' : edge == WH_EDGE_NONE ? ' '
            : horizontal ? '-' : '|';
    int len = horizontal ? CELL_W : CELL_H;
    for (int i = 1; i < len; i++) {
        int x = horizontal ? x0 + i : x0 + (dir == 1 ? CELL_W : 0);
        int y = horizontal ? y0 + (dir == 2 ? CELL_H : 0) : y0 + i;
        if (edge == 0 && i % 2 == 0)
            ch = '.';
        else if (edge == 0)
            ch = ' ';
        put(c, x, y, ch);
    }
}

/* The planar model's facts that the tables leave out. */
static void show_model(const wc_geom *g, wc_buf *out)
{
    for (size_t j = g->n_feat; j < g->n_obj; j++)
        wc_buf_printf(out, "  junction %s (in the model only: the roads and rivers ending there meet)\n", g->obj_name[j]);
    for (size_t f = 0; f < g->n_feat; f++) {
        const int kind = g->obj_kind[f];
        bool any = false;
        for (size_t x = 0; x < g->n_obj; x++) {
            /* `ends` is kept both ways: print it from the road, or from a city for the area */
            bool from_here = kind == WH_KIND_ROAD || kind == WH_KIND_RIVER ||
                             (kind == WH_KIND_CITY && g->obj_kind[x] == WH_KIND_AREA);
            if (!(g->ends[f] & (UINT64_C(1) << x)) || !from_here)
                continue;
            if (any)
                wc_buf_puts(out, ",");
            else
                wc_buf_printf(out, "  %s %s ends at", wc_kind_word(kind), g->obj_name[f]);
            wc_buf_printf(out, " %s %s", wc_kind_word(g->obj_kind[x]), g->obj_name[x]);
            any = true;
        }
        if (any)
            wc_buf_puts(out, "\n");
    }
    for (size_t f = 0; f < g->n_feat; f++)
        for (size_t x = f + 1; x < g->n_obj; x++)
            if (g->separated[f] & (UINT64_C(1) << x))
                wc_buf_printf(out, "  %s | %s: separated on the printed tile\n", g->obj_name[f], g->obj_name[x]);
}

void wc_show_tile(const wh_tileset_t *set, uint32_t tile, int rotation, const wc_geom *g, bool verbose, wc_buf *out)
{
    const char *S = set->strings;
    const wh_tile_t *t = &set->tiles[tile];
    const wh_square_t *sq = set->squares + t->first_square;
    const wh_side_t *sides = set->sides + t->first_side;
    const wh_feature_t *fs = set->features + t->first_feature;
    int r = rotation & 3;
    char labels[WH_MAX_FEATURES][LABEL_MAX + 1];
    make_labels(S, fs, t->n_features, labels);

    int minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (uint32_t i = 0; i < t->n_squares; i++) {
        if (sq[i].dx[r] < minx) minx = sq[i].dx[r];
        if (sq[i].dx[r] > maxx) maxx = sq[i].dx[r];
        if (sq[i].dy[r] < miny) miny = sq[i].dy[r];
        if (sq[i].dy[r] > maxy) maxy = sq[i].dy[r];
    }
    canvas c;
    c.w = (maxx - minx + 1) * CELL_W + 1;
    c.h = (maxy - miny + 1) * CELL_H + 1;
    c.cells = wu_xmalloc((size_t)c.w * (size_t)c.h);
    memset(c.cells, ' ', (size_t)c.w * (size_t)c.h);

    for (uint32_t i = 0; i < t->n_squares; i++) {
        int x0 = (sq[i].dx[r] - minx) * CELL_W, y0 = (sq[i].dy[r] - miny) * CELL_H;
        for (int d = 0; d < 4; d++) {
            int own = (d - r) & 3; /* the rotation-0 side now facing d */
            int edge = sq[i].side[own] == WH_NONE ? 0 : sides[sq[i].side[own]].edge;
            draw_side(&c, x0, y0, d, edge);
        }
    }
    /* Corners and segment keys last, so they win over borders. */
    for (uint32_t i = 0; i < t->n_squares; i++) {
        int x0 = (sq[i].dx[r] - minx) * CELL_W, y0 = (sq[i].dy[r] - miny) * CELL_H;
        put(&c, x0, y0, '+');
        put(&c, x0 + CELL_W, y0, '+');
        put(&c, x0, y0 + CELL_H, '+');
        put(&c, x0 + CELL_W, y0 + CELL_H, '+');
        for (int d = 0; d < 4; d++) {
            uint8_t k = sq[i].side[(d - r) & 3];
            if (k == WH_NONE)
                continue;
            for (int s = 0; s < 3; s++) {
                uint8_t f = sides[k].feature[s];
                if (f == WH_NONE)
                    continue;
                int x, y, n = (int)strlen(labels[f]);
                slot_pos(x0, y0, d, s, &x, &y);
                if (d == 0 || d == 2) /* on the border line, centred on the slot */
                    put_text(&c, x - n / 2, y, labels[f]);
                else if (d == 1) /* just inside the east border */
                    put_text(&c, x - n, y, labels[f]);
                else
                    put_text(&c, x + 1, y, labels[f]);
            }
        }
        const char *name = S + sq[i].name;
        int nl = (int)strlen(name);
        if (nl > CELL_W - 3)
            nl = CELL_W - 3;
        for (int j = 0; j < nl; j++)
            put(&c, x0 + (CELL_W - nl) / 2 + j, y0 + 1, name[j]);
        /* The features on the square, between the rows the side labels use. */
        char inside[WH_MAX_FEATURES * (LABEL_MAX + 1)];
        int n = 0;
        for (uint32_t f = 0; f < t->n_features; f++)
            if (fs[f].squares & (1u << i)) {
                int len = (int)strlen(labels[f]);
                memcpy(inside + n, labels[f], (size_t)len);
                n += len;
                inside[n++] = ' ';
            }
        n = n ? n - 1 : 0;
        if (n > CELL_W - 3)
            n = CELL_W - 3;
        for (int j = 0; j < n; j++)
            put(&c, x0 + (CELL_W - n + 1) / 2 + j, y0 + CELL_H - 2, inside[j]);
    }

    wc_buf_printf(out, "%s  \"%s\"  (%s tile, %u square%s, %u cop%s, pack %s", S + t->id, S + t->name,
                  t->kind == WH_TILE_WONDER ? "wonder" : "land", t->n_squares, t->n_squares == 1 ? "" : "s",
                  t->count, t->count == 1 ? "y" : "ies", S + set->packs[t->pack].id);
    if (r)
        wc_buf_printf(out, ", turned %d degrees clockwise", 90 * r);
    wc_buf_printf(out, ")\n");
    if (S[t->tags])
        wc_buf_printf(out, "tags: %s\n", S + t->tags);
    for (int y = 0; y < c.h; y++) {
        int end = c.w;
        while (end > 0 && get(&c, end - 1, y) == ' ')
            end--;
        wc_buf_printf(out, "  %.*s\n", end, c.cells + y * c.w);
    }
    free(c.cells);
    wc_buf_printf(out, "  sides: # city, ~ river, - | field or road, . inside the tile; on a side, the feature\n"
                       "  owning each segment (left half, road or river, right half); at a square's foot, the\n"
                       "  features on it\n");
    int width = 4;
    for (uint32_t f = 0; f < t->n_features; f++) {
        int n = (int)strlen(S + fs[f].name);
        if (n > width)
            width = n;
    }
    for (uint32_t f = 0; f < t->n_features; f++) {
        const wh_feature_t *ft = &fs[f];
        wc_buf_printf(out, "  %-*s  %-9s %-*s  %u square%s", LABEL_MAX, labels[f], wc_kind_word(ft->kind),
                      width, S + ft->name, ft->n_squares, ft->n_squares == 1 ? " " : "s");
        if (ft->kind == WH_KIND_CITY)
            wc_buf_printf(out, "  open sides %u  coats of arms %u", ft->open, ft->arms);
        if (ft->kind == WH_KIND_ROAD || ft->kind == WH_KIND_RIVER)
            wc_buf_printf(out, "  open ends %u", ft->open);
        if (ft->kind == WH_KIND_FIELD) {
            wc_buf_printf(out, "  touches:");
            if (!ft->touches)
                wc_buf_printf(out, " nothing");
            for (uint32_t j = 0; j < t->n_features; j++)
                if (ft->touches & (1u << j))
                    wc_buf_printf(out, " %s %s", wc_kind_word(fs[j].kind), S + fs[j].name);
        }
        wc_buf_printf(out, "\n");
    }
    if (g)
        show_model(g, out);
    if (t->effect)
        wc_describe_effect(set, &set->effects[t->effect - 1], verbose, out);
}
void wc_cost_words(const wh_tileset_t *set, const wh_handler_t *h, const char *before, wc_buf *out)
{
    wc_cost c = wc_handler_cost(set->exprs, set->n_exprs, h->when, h->body);
    if (c.inner == WH_NO_EXPR)
        return;
    wc_buf_printf(out, "%scost: at most %lld members visited a run, '%s'", before, (long long)c.members,
                  wc_set_word(set->exprs[c.inner].k));
    if (c.outer != WH_NO_EXPR)
        wc_buf_printf(out, " inside '%s'", wc_set_word(set->exprs[c.outer].k));
    wc_buf_puts(out, c.members > WC_COST_WARN ? " (above the threshold: told by check)\n" : "\n");
}


void wc_describe_effect(const wh_tileset_t *set, const wh_effect_t *e, bool verbose, wc_buf *out)
{
    wc_buf_puts(out, "  effect:");
    if (!e->n_handlers && !e->n_counters && !e->hand && !e->supply && !e->weight[0] && !e->weight[1] &&
        !e->weight[2] && !e->reserve && e->forbid == WH_FORBID_NONE) {
        wc_buf_puts(out, " none: the wonder gives no advantage\n");
        return;
    }
    wc_buf_puts(out, "\n");
    for (unsigned c = 0; c < e->n_counters; c++) {
        uint32_t i = (uint32_t)e->counter_init + c;
        wc_buf_puts(out, "    ");
        wc_counter_name(set, e, c, out);
        wc_buf_printf(out, " starts at %ld\n", i < set->n_exprs ? (long)set->exprs[i].k : 0L);
    }
    wc_rules_words(e, "    ", "\n", out);
    for (unsigned k = 0; k < e->n_handlers && e->first_handler + k < set->n_handlers; k++) {
        const wh_handler_t *h = &set->handlers[e->first_handler + k];
        wc_buf_puts(out, "    ");
        wc_handler_words(set, h, out);
        wc_buf_puts(out, "\n");
        wc_cost_words(set, h, "      ", out);
    }
    uint32_t first, end;
    wc_effect_nodes(set, e, &first, &end);
    if (!verbose || first == end) /* the nodes are the compiler's business: behind -v */
        return;
    wc_buf_puts(out, "  compiled: handlers");
    for (unsigned k = 0; k < e->n_handlers && e->first_handler + k < set->n_handlers; k++) {
        const wh_handler_t *h = &set->handlers[e->first_handler + k];
        wc_buf_printf(out, " [%u: event %u (", e->first_handler + k, h->event);
        wc_event_text(h, out);
        wc_buf_printf(out, ") kinds 0x%02X flags 0x%02X", h->kinds, h->flags);
        if (h->when != WH_NO_EXPR)
            wc_buf_printf(out, " when %u", h->when);
        wc_buf_printf(out, " body %u]", h->body);
    }
    wc_buf_printf(out, "; effect flags 0x%02X\n", e->flags);
    for (uint32_t i = first; i < end; i++) {
        wc_buf_puts(out, "    ");
        wc_node_text(set, i, out);
        wc_buf_puts(out, "\n");
    }
}

int wc_find_tile(const wh_tileset_t *set, const char *id, int *ambiguous)
{
    int found = -1;
    *ambiguous = 0;
    for (uint32_t i = 0; i < set->n_tiles; i++) {
        const char *full = set->strings + set->tiles[i].id;
        if (strcmp(full, id) == 0)
            return (int)i;
        const char *dot = strchr(full, '.');
        if (dot && strcmp(dot + 1, id) == 0) {
            if (found >= 0)
                *ambiguous = 1;
            found = (int)i;
        }
    }
    return *ambiguous ? -1 : found;
}
