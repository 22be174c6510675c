/*
** check_tile.c -- the geometry of one tile: footprint, sides, segments and
** features, checked and lowered into the model.
**
** Order matters: the footprint first (every later check needs neighbours),
** then the perimeter sides, then the features that claim their segments, and
** last what can only be judged once every feature is known (unclaimed
** segments, `touches`).  A tile with any error is rolled back out of the
** model; the checks still run to the end so that one run reports all.
*/
#include "check.h"
#include "words.h"
#include "check_effect.h"
#include "names.h"
#include "marks.h"
#include "planar.h"
#include "../runtime/common/xalloc.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define MAX_COORD 15

static const int dx_of[4] = {0, 1, 0, -1};
static const int dy_of[4] = {-1, 0, 1, 0};

typedef struct tile_ctx {
    wc_diag        *d;
    const wc_tile  *t;
    unsigned        errors_at_start;

    const wc_square *sq[WH_MAX_SQUARES];

    const wc_feature *feat[WC_MAX_OBJECTS]; /* features (g.n_feat), then junctions (to g.n_obj) */
    bool              duplicate[WC_MAX_OBJECTS]; /* a second declaration: reported, not checked */
    bool              any_duplicate;
    bool              bad_refs; /* checking the features found errors: the claims are incomplete */
    bool              no_area;  /* a wonder without its area: reported once, names of it are not */
    bool              misplaced; /* a square overlaps another or is out of range: connection unknown */
    bool              has_effect; /* model->effect_scratch holds its lowered effect */
    wc_geom           g;        /* the planar model, filled as the checks go; last (see below) */
} tile_ctx;

static bool failed(const tile_ctx *c)
{
    return c->d->n_errors != c->errors_at_start;
}

static int popcount16(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* "tl:N", or "N" on a 1-square tile whose square has no name. */
static const char *side_label(const tile_ctx *c, size_t sq, int dir, int slot, char *buf, size_t size)
{
    const char *half = slot == WH_SLOT_L ? "L" : slot == WH_SLOT_R ? "R" : "";
    const wc_name n = c->sq[sq]->name;
    if (n.n)
        snprintf(buf, size, "%.*s:%s%s", (int)n.n, n.p, wc_dir_names[dir], half);
    else
        snprintf(buf, size, "%s%s", wc_dir_names[dir], half);
    return buf;
}

static const char *sq_label(const tile_ctx *c, size_t sq, char *buf, size_t size)
{
    const wc_name n = c->sq[sq]->name;
    snprintf(buf, size, "%.*s", (int)n.n, n.p);
    return buf;
}

/* ------------------------------------------------------------------ */
/* Footprint                                                           */
/* ------------------------------------------------------------------ */

static void collect_squares(tile_ctx *c)
{
    size_t total = 0;
    for (const wc_square *s = c->t->squares; s; s = s->next)
        total++;
    for (const wc_square *s = c->t->squares; s; s = s->next) {
        if (c->g.n_sq == WH_MAX_SQUARES) {
            wc_error(c->d, s->at, "footprint has more than %d squares (the limit)", WH_MAX_SQUARES);
            break;
        }
        size_t i = c->g.n_sq++;
        c->sq[i] = s;
        c->g.x[i] = s->has_coords ? (int)s->x.value : 0;
        c->g.y[i] = s->has_coords ? (int)s->y.value : 0;
        if (total > 1 && s->name.n == 0)
            wc_error(c->d, s->at, "the squares of a multi-square tile need names");
        if (total > 1 && !s->has_coords)
            wc_error(c->d, s->at, "square '%.*s' needs a position, as in 'square %.*s (1, 0) { ... }'",
                     (int)s->name.n, s->name.p, (int)s->name.n, s->name.p);
        if (total > 1 && !s->has_coords)
            c->misplaced = true;
        if (s->has_coords && (s->x.value < -MAX_COORD || s->x.value > MAX_COORD)) {
            wc_error(c->d, s->x.at, "position out of range (-%d to %d)", MAX_COORD, MAX_COORD);
            c->misplaced = true;
        }
        if (s->has_coords && (s->y.value < -MAX_COORD || s->y.value > MAX_COORD)) {
            wc_error(c->d, s->y.at, "position out of range (-%d to %d)", MAX_COORD, MAX_COORD);
            c->misplaced = true;
        }
        for (size_t j = 0; j < i; j++) {
            const wc_square *o = c->sq[j];
            if (s->name.n && wc_name_eq(s->name, o->name)) {
                wc_error(c->d, s->name.at, "square '%.*s' is declared twice", (int)s->name.n, s->name.p);
                wc_note(c->d, o->name.at, "first declared here");
            } else if (c->g.x[i] == c->g.x[j] && c->g.y[i] == c->g.y[j]) {
                char a[80], b[80];
                wc_error(c->d, s->at, "square '%s' overlaps square '%s': both are at (%d, %d)",
                         sq_label(c, i, a, sizeof a), sq_label(c, j, b, sizeof b), c->g.x[i], c->g.y[i]);
                wc_note(c->d, o->at, "square '%s' is declared here", b);
                c->misplaced = true;
            }
        }
    }
}

static void check_footprint(tile_ctx *c)
{
    size_t want = c->t->kind == WH_TILE_WONDER ? 5 : 1;
    size_t total = 0;
    for (const wc_square *s = c->t->squares; s; s = s->next)
        total++;
    if (c->g.n_sq == 0) {
        wc_error(c->d, c->t->id.at, "tile '%.*s' has no square", (int)c->t->id.n, c->t->id.p);
        return;
    }
    if (total != want)
        wc_error(c->d, c->t->id.at, "a %s tile covers %zu square%s; '%.*s' has %zu",
                 c->t->kind == WH_TILE_WONDER ? "wonder" : "land", want, want == 1 ? "" : "s",
                 (int)c->t->id.n, c->t->id.p, total);
    for (size_t i = 0; i < c->g.n_sq; i++)
        for (int d = 0; d < 4; d++) {
            c->g.nb[i][d] = -1;
            for (size_t j = 0; j < c->g.n_sq; j++)
                if (c->g.x[j] == c->g.x[i] + dx_of[d] && c->g.y[j] == c->g.y[i] + dy_of[d])
                    c->g.nb[i][d] = (int)j;
        }
    if (c->misplaced)
        return; /* where a square really is, is unknown: "not connected" would be a guess */
    /* Connected: every square reachable from square 0 across shared sides. */
    unsigned seen = 1, frontier = 1;
    while (frontier) {
        unsigned next = 0;
        for (size_t i = 0; i < c->g.n_sq; i++)
            if (frontier & (1u << i))
                for (int d = 0; d < 4; d++)
                    if (c->g.nb[i][d] >= 0 && !(seen & (1u << c->g.nb[i][d])))
                        next |= 1u << c->g.nb[i][d];
        seen |= next;
        frontier = next;
    }
    for (size_t i = 1; i < c->g.n_sq; i++)
        if (!(seen & (1u << i))) {
            char a[80], b[80];
            wc_error(c->d, c->sq[i]->at, "footprint is not connected: square '%s' shares no side with square '%s' or any square joined to it",
                     sq_label(c, i, a, sizeof a), sq_label(c, 0, b, sizeof b));
        }
}

/* ------------------------------------------------------------------ */
/* Perimeter sides                                                     */
/* ------------------------------------------------------------------ */

/* Parses N, E, S, W (slot M) and NL ... WR (slots L and R). */
static bool parse_side(wc_name n, int *dir, int *slot)
{
    if (n.n < 1 || n.n > 2)
        return false;
    const char *d = strchr("NESW", n.p[0]);
    if (!d || !*d)
        return false;
    *dir = (int)(d - "NESW");
    if (n.n == 1) {
        *slot = WH_SLOT_M;
        return true;
    }
    if (n.p[1] == 'L')
        *slot = WH_SLOT_L;
    else if (n.p[1] == 'R')
        *slot = WH_SLOT_R;
    else
        return false;
    return true;
}

static void unknown_side(tile_ctx *c, wc_name n, bool halves_allowed)
{
    static const char *const names[] = {"N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"};
    static const size_t lens[] = {1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2};
    int k = wu_closest(n.p, n.n, names, lens, halves_allowed ? 12 : 4);
    if (k >= 0)
        wc_error(c->d, n.at, "unknown side '%.*s'; did you mean '%s'?", (int)n.n, n.p, names[k]);
    else
        wc_error(c->d, n.at, "unknown side '%.*s'; sides are N, E, S, W%s", (int)n.n, n.p,
                 halves_allowed ? ", and halves NL, NR, EL, ER, SL, SR, WL, WR" : "");
}

static void collect_sides(tile_ctx *c)
{
    for (size_t i = 0; i < c->g.n_sq; i++) {
        for (const wc_edge_decl *e = c->sq[i]->edges; e; e = e->next) {
            int dir, slot;
            if (!parse_side(e->side, &dir, &slot)) {
                unknown_side(c, e->side, false);
                continue;
            }
            if (slot != WH_SLOT_M) {
                wc_error(c->d, e->side.at, "'%.*s' is half a side; a square's edges are whole sides (N, E, S, W)",
                         (int)e->side.n, e->side.p);
                continue;
            }
            if (c->g.nb[i][dir] >= 0) {
                char a[80], b[80];
                wc_error(c->d, e->at, "side %s is internal (square '%s' is on the other side); describe only perimeter sides",
                         side_label(c, i, dir, WH_SLOT_M, a, sizeof a), sq_label(c, (size_t)c->g.nb[i][dir], b, sizeof b));
                continue;
            }
            if (c->g.decl[i][dir]) {
                wc_error(c->d, e->side.at, "side %.*s is described twice", (int)e->side.n, e->side.p);
                wc_note(c->d, c->g.decl[i][dir]->at, "first described here");
                continue;
            }
            c->g.decl[i][dir] = e;
        }
    }
    for (size_t i = 0; i < c->g.n_sq; i++)
        for (int d = 0; d < 4; d++) {
            c->g.side_of[i][d] = -1;
            if (c->g.nb[i][d] >= 0)
                continue;
            if (!c->g.decl[i][d]) {
                char a[80];
                wc_error(c->d, c->sq[i]->at, "perimeter side %s is not described",
                         side_label(c, i, d, WH_SLOT_M, a, sizeof a));
                continue;
            }
            size_t k = c->g.n_sides++;
            c->g.side_of[i][d] = (int)k;
            c->g.side_sq[k] = (uint8_t)i;
            c->g.side_dir[k] = (uint8_t)d;
            c->g.side_edge[k] = (uint8_t)c->g.decl[i][d]->edge;
            for (int s = 0; s < WH_N_SLOTS; s++)
                c->g.claim[k][s] = -1;
        }
}

/* ------------------------------------------------------------------ */
/* Features                                                            */
/* ------------------------------------------------------------------ */

static int find_square(tile_ctx *c, wc_name n, wc_loc at)
{
    if (n.n == 0) {
        if (c->g.n_sq == 1)
            return 0;
        wc_error(c->d, at, "this tile has %zu squares; say which one, as in '%.*s:%s'", c->g.n_sq,
                 (int)c->sq[0]->name.n, c->sq[0]->name.p, "N");
        return -1;
    }
    const char *cands[WH_MAX_SQUARES];
    size_t lens[WH_MAX_SQUARES];
    for (size_t i = 0; i < c->g.n_sq; i++) {
        if (wc_name_eq(n, c->sq[i]->name))
            return (int)i;
        cands[i] = c->sq[i]->name.p;
        lens[i] = c->sq[i]->name.n;
    }
    int k = wu_closest(n.p, n.n, cands, lens, c->g.n_sq);
    if (c->g.n_sq == 1 && lens[0] == 0)
        wc_error(c->d, n.at, "unknown square '%.*s': this tile's one square has no name (leave the square out)",
                 (int)n.n, n.p);
    else if (k >= 0 && lens[k] > 0)
        wc_error(c->d, n.at, "unknown square '%.*s'; did you mean '%.*s'?", (int)n.n, n.p, (int)lens[k], cands[k]);
    else
        wc_error(c->d, n.at, "unknown square '%.*s'", (int)n.n, n.p);
    return -1;
}

static void claim(tile_ctx *c, size_t f, size_t side, int slot, const wc_ref *r)
{
    int owner = c->g.claim[side][slot];
    char a[80];
    if (owner >= 0) /* the label is for the messages below */
        side_label(c, c->g.side_sq[side], c->g.side_dir[side], slot, a, sizeof a);
    if (owner == (int)f) {
        wc_warning(c->d, r->at, "segment %s is listed twice for %s '%.*s'", a,
                   wc_kind_word(c->feat[f]->kind), (int)c->feat[f]->name.n, c->feat[f]->name.p);
        return;
    }
    if (owner >= 0) {
        const wc_feature *o = c->feat[owner];
        wc_error(c->d, r->at, "segment %s is claimed by both %s '%.*s' and %s '%.*s'", a,
                 wc_kind_word(o->kind), (int)o->name.n, o->name.p,
                 wc_kind_word(c->feat[f]->kind), (int)c->feat[f]->name.n, c->feat[f]->name.p);
        wc_note(c->d, c->g.claim_ref[side][slot]->at, "first claimed here");
        return;
    }
    c->g.claim[side][slot] = (int)f;
    c->g.claim_ref[side][slot] = r;
    c->g.mask[f] |= (uint16_t)(1u << c->g.side_sq[side]);
    if (slot == WH_SLOT_M && c->g.side_edge[side] != WH_EDGE_FIELD)
        c->g.open[f]++;
}

/* Resolve a reference's square and side; reports what does not resolve. */
static bool resolve_ref(tile_ctx *c, const wc_ref *r, bool halves_allowed, int *sq, int *dir, int *slot)
{
    *sq = find_square(c, r->square, r->at);
    if (!parse_side(r->side, dir, slot)) {
        unknown_side(c, r->side, halves_allowed);
        return false;
    }
    return *sq >= 0;
}

/* A `sides` entry: which segments it names depends on the feature's kind
** and on the side's edge type (docs/language.md, "Segments"). */
static void feature_side(tile_ctx *c, size_t f, const wc_ref *r)
{
    const wc_feature *ft = c->feat[f];
    int sq, dir, slot;
    if (!resolve_ref(c, r, true, &sq, &dir, &slot))
        return;
    char a[80];
#define LABEL() side_label(c, (size_t)sq, dir, slot, a, sizeof a)
    if (c->g.nb[sq][dir] >= 0) {
        wc_error(c->d, r->at, "%s is an internal side; list it under 'crosses'", LABEL());
        return;
    }
    int side = c->g.side_of[sq][dir];
    if (side < 0)
        return; /* undescribed side: already reported */
    int edge = c->g.side_edge[side];
    const char *kind = wc_kind_word(ft->kind);

    switch (ft->kind) {
    case WH_KIND_CITY:
    case WH_KIND_ROAD:
    case WH_KIND_RIVER: {
        int want = ft->kind == WH_KIND_CITY ? WH_EDGE_CITY : ft->kind == WH_KIND_ROAD ? WH_EDGE_ROAD : WH_EDGE_RIVER;
        if (slot != WH_SLOT_M) {
            wc_error(c->d, r->at, "a %s takes whole sides; %s is half of a side", kind, LABEL());
            return;
        }
        if (edge != want) {
            wc_error(c->d, r->at, "%s '%.*s' cannot take %s: it is a %s side", kind,
                     (int)ft->name.n, ft->name.p, LABEL(), wc_edge_words[edge]);
            wc_note(c->d, c->g.decl[sq][dir]->at, "the side is described here");
            return;
        }
        claim(c, f, (size_t)side, WH_SLOT_M, r);
        return;
    }
    case WH_KIND_FIELD:
        if (edge == WH_EDGE_CITY) {
            wc_error(c->d, r->at, "field '%.*s' cannot take %s: it is a city side",
                     (int)ft->name.n, ft->name.p, LABEL());
            wc_note(c->d, c->g.decl[sq][dir]->at, "the side is described here");
            return;
        }
        if (slot == WH_SLOT_M && (edge == WH_EDGE_ROAD || edge == WH_EDGE_RIVER)) {
            wc_error(c->d, r->at, "%s is a %s side; name the field's half of it (%sL or %sR)",
                     LABEL(), wc_edge_words[edge], wc_dir_names[dir], wc_dir_names[dir]);
            return;
        }
        if (slot == WH_SLOT_M) { /* a whole field side: both halves */
            claim(c, f, (size_t)side, WH_SLOT_L, r);
            claim(c, f, (size_t)side, WH_SLOT_R, r);
        } else {
            claim(c, f, (size_t)side, slot, r);
        }
        return;
    default:
        wc_error(c->d, r->at, "a %s has no sides; place it with 'on'", kind);
        return;
    }
}
#undef LABEL

static void feature_cross(tile_ctx *c, size_t f, const wc_ref *r)
{
    int sq, dir, slot;
    if (!resolve_ref(c, r, false, &sq, &dir, &slot))
        return;
    char a[80];
    if (slot != WH_SLOT_M) {
        wc_error(c->d, r->side.at, "'crosses' takes whole sides; %s is half of one",
                 side_label(c, (size_t)sq, dir, slot, a, sizeof a));
        return;
    }
    int other = c->g.nb[sq][dir];
    if (other < 0) {
        wc_error(c->d, r->at, "%s is a perimeter side; list it under 'sides'",
                 side_label(c, (size_t)sq, dir, slot, a, sizeof a));
        return;
    }
    c->g.mask[f] |= (uint16_t)((1u << sq) | (1u << other));
    c->g.links[f][sq] |= (uint16_t)(1u << other);
    c->g.links[f][other] |= (uint16_t)(1u << sq);
}

/* Squares a feature touches must be joined by its own crossings. */
static void check_span(tile_ctx *c, size_t f)
{
    const wc_feature *ft = c->feat[f];
    uint16_t mask = c->g.mask[f];
    if (!mask) {
        if (!ft->sides && !ft->crosses && !ft->on) /* else its places were rejected, and said so */
            wc_error(c->d, ft->name.at, "%s '%.*s' touches no square; give it 'sides', 'crosses' or 'on'",
                     wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p);
        return;
    }
    if (ft->kind == WH_KIND_MONASTERY || ft->kind == WH_KIND_GARDEN || ft->kind == WC_KIND_JUNCTION)
        return; /* one square: check_feature has judged it */
    int first = __builtin_ctz(mask);
    uint16_t seen = (uint16_t)(1u << first), frontier = seen;
    while (frontier) {
        uint16_t next = 0;
        for (size_t i = 0; i < c->g.n_sq; i++)
            if (frontier & (1u << i))
                next |= c->g.links[f][i];
        next &= (uint16_t)~seen;
        seen |= next;
        frontier = next;
    }
    if (seen != mask) {
        int lost = __builtin_ctz((unsigned)(mask & ~seen));
        char a[80], b[80];
        wc_error(c->d, ft->name.at, "%s '%.*s' is not connected: it touches squares '%s' and '%s', but no 'crosses' joins them",
                 wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p,
                 sq_label(c, (size_t)first, a, sizeof a), sq_label(c, (size_t)lost, b, sizeof b));
    }
    if (ft->has_squares) {
        uint16_t listed = 0;
        for (const wc_name_item *it = ft->squares; it; it = it->next) {
            int sq = find_square(c, it->name, it->name.at);
            if (sq < 0)
                continue;
            listed |= (uint16_t)(1u << sq);
            if (!(mask & (1u << sq)))
                wc_error(c->d, it->name.at, "%s '%.*s' spans square '%.*s' but never touches it (no side, crossing or 'on' there)",
                         wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p, (int)it->name.n, it->name.p);
        }
        for (size_t i = 0; i < c->g.n_sq; i++)
            if ((mask & ~listed) & (1u << i)) {
                char a[80];
                wc_error(c->d, ft->squares->name.at, "%s '%.*s' touches square '%s', which its 'squares' list leaves out",
                         wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p, sq_label(c, i, a, sizeof a));
            }
    }
}

static void check_feature(tile_ctx *c, size_t f)
{
    const wc_feature *ft = c->feat[f];
    const char *kind = wc_kind_word(ft->kind);
    for (const wc_ref *r = ft->sides; r; r = r->next)
        feature_side(c, f, r);
    for (const wc_ref *r = ft->crosses; r; r = r->next)
        feature_cross(c, f, r);
    for (const wc_name_item *it = ft->on; it; it = it->next) {
        int sq = find_square(c, it->name, it->name.at);
        if (sq >= 0)
            c->g.mask[f] |= (uint16_t)(1u << sq);
    }
    /* On a 1-square tile, a feature that names no place is on the square. */
    if (!c->g.mask[f] && c->g.n_sq == 1 && !ft->sides && !ft->crosses)
        c->g.mask[f] = 1;
    for (const wc_name_item *it = ft->tags; it; it = it->next) {
        int need = -1;
        if (!wc_feature_mark(it->name, &need) && wc_is_tunnel(it->name))
            need = WH_KIND_ROAD;
        if (need >= 0 && ft->kind != need)
            wc_error(c->d, it->name.at, "'%.*s' marks a %s; '%.*s' is a %s", (int)it->name.n, it->name.p,
                     wc_kind_word(need), (int)ft->name.n, ft->name.p, kind);
        else if (wc_tile_mark(it->name))
            wc_error(c->d, it->name.at, "'%.*s' is a symbol of the whole tile; write it in the tile's 'tags'",
                     (int)it->name.n, it->name.p);
        else if (wc_is_tunnel(it->name)) {
            if (c->g.open[f] < 2)
                wc_error(c->d, it->name.at, "a tunnel joins two ends of a road under the tile; road '%.*s' has %u open %s",
                         (int)ft->name.n, ft->name.p, (unsigned)c->g.open[f], c->g.open[f] == 1 ? "end" : "ends");
            else
                c->g.tunnel |= UINT64_C(1) << f;
        }
    }
    if (ft->has_arms) {
        if (ft->kind != WH_KIND_CITY)
            wc_error(c->d, ft->arms.at, "only a city has coats of arms; '%.*s' is a %s",
                     (int)ft->name.n, ft->name.p, kind);
        else if (ft->arms.value < 0 || ft->arms.value > WC_MAX_ARMS)
            wc_error(c->d, ft->arms.at, "coats of arms out of range (0 to %d)", WC_MAX_ARMS);
    }
    if ((ft->kind == WH_KIND_MONASTERY || ft->kind == WH_KIND_GARDEN || ft->kind == WC_KIND_JUNCTION) &&
        (ft->crosses || popcount16(c->g.mask[f]) > 1))
        wc_error(c->d, ft->name.at, "%s '%.*s' stands on one square; give it only 'on'", kind,
                 (int)ft->name.n, ft->name.p);
    else if (ft->kind == WC_KIND_JUNCTION && ft->crosses)
        wc_error(c->d, ft->crosses->at, "a junction crosses no side; place it with 'on'");
    check_span(c, f);
}

/* Features first, so that their indexes are the tables'; junctions after. */
static void collect_features(tile_ctx *c)
{
    size_t n_junctions = 0;
    for (int pass = 0; pass < 2; pass++)
        for (const wc_feature *ft = c->t->features; ft; ft = ft->next) {
            bool junction = ft->kind == WC_KIND_JUNCTION;
            if (junction != (pass == 1))
                continue;
            if (!junction && c->g.n_feat == WH_MAX_FEATURES) {
                wc_error(c->d, ft->at, "tile has more than %d features (the limit)", WH_MAX_FEATURES);
                break;
            }
            if (junction && n_junctions == WC_MAX_JUNCTIONS) {
                wc_error(c->d, ft->at, "tile has more than %d junctions (the limit)", WC_MAX_JUNCTIONS);
                break;
            }
            size_t i = c->g.n_obj;
            for (size_t j = 0; j < i; j++)
                if (wc_name_eq(ft->name, c->feat[j]->name)) {
                    wc_error(c->d, ft->name.at, "%s '%.*s' is declared twice", junction ? "junction" : "feature",
                             (int)ft->name.n, ft->name.p);
                    wc_note(c->d, c->feat[j]->name.at, "first declared here");
                    c->duplicate[i] = c->any_duplicate = true;
                    break;
                }
            c->feat[i] = ft;
            c->g.src[i] = ft;
            c->g.obj_kind[i] = (uint8_t)ft->kind;
            wc_copy_name(c->g.obj_name[i], sizeof c->g.obj_name[i], ft->name.p, ft->name.n);
            c->g.n_obj++;
            if (junction)
                n_junctions++;
            else
                c->g.n_feat++;
        }
}

static int find_object(const tile_ctx *c, wc_name n)
{
    for (size_t j = 0; j < c->g.n_obj; j++)
        if (wc_name_eq(n, c->feat[j]->name))
            return (int)j;
    return -1;
}

#define KIND_BIT(k) (1u << (k))

/* What a name list of a feature may name, and where the result goes. */
typedef struct name_clause {
    const char *word;     /* the clause's keyword */
    const char *what;     /* "a city or the wonder's area", for messages */
    unsigned    targets;  /* bit k: objects of kind k may be named (WC_KIND_JUNCTION included) */
} name_clause;

static void unknown_name(tile_ctx *c, const wc_feature *ft, const wc_name_item *it, const name_clause *cl)
{
    if (c->no_area && (cl->targets & KIND_BIT(WH_KIND_AREA)))
        return; /* most likely the area that is missing: that is reported, once */
    const char *cands[WC_MAX_OBJECTS];
    size_t lens[WC_MAX_OBJECTS], n = 0;
    for (size_t k = 0; k < c->g.n_obj; k++)
        if (cl->targets & (1u << c->feat[k]->kind)) {
            cands[n] = c->feat[k]->name.p;
            lens[n++] = c->feat[k]->name.n;
        }
    int k = wu_closest(it->name.p, it->name.n, cands, lens, n);
    if (k >= 0)
        wc_error(c->d, it->name.at, "%s '%.*s' %s '%.*s', which is not on this tile; did you mean '%.*s'?",
                 wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p, cl->word, (int)it->name.n, it->name.p,
                 (int)lens[k], cands[k]);
    else
        wc_error(c->d, it->name.at, "%s '%.*s' %s '%.*s', which is not on this tile (it takes %s)",
                 wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p, cl->word, (int)it->name.n, it->name.p,
                 cl->what);
}

/* Resolve a `touches`, `ends` or `separated` list; @returns the set named. */
static uint64_t resolve_names(tile_ctx *c, size_t f, const wc_name_item *list, const name_clause *cl)
{
    const wc_feature *ft = c->feat[f];
    uint64_t set = 0;
    for (const wc_name_item *it = list; it; it = it->next) {
        int j = find_object(c, it->name);
        if (j < 0) {
            unknown_name(c, ft, it, cl);
            continue;
        }
        const wc_feature *o = c->feat[j];
        if (!(cl->targets & (1u << o->kind)) || (size_t)j == f) {
            wc_error(c->d, it->name.at, "%s '%.*s' %s '%.*s', a %s; it takes %s",
                     wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p, cl->word, (int)it->name.n, it->name.p,
                     (size_t)j == f ? "itself" : wc_kind_word(o->kind), cl->what);
            continue;
        }
        if (set & (UINT64_C(1) << j)) {
            wc_warning(c->d, it->name.at, "%s '%.*s' lists '%.*s' twice", wc_kind_word(ft->kind),
                       (int)ft->name.n, ft->name.p, (int)it->name.n, it->name.p);
            continue;
        }
        set |= UINT64_C(1) << j;
    }
    return set;
}


/* A field's `touches` and `separated`, a road's or city's `ends`. */
static void resolve_links(tile_ctx *c, size_t f)
{
    static const name_clause touches = {"touches", "a city or the wonder's area",
                                        KIND_BIT(WH_KIND_CITY) | KIND_BIT(WH_KIND_AREA)};
    static const name_clause separated = {"is separated from", "a field, a city or the wonder's area",
                                          KIND_BIT(WH_KIND_FIELD) | KIND_BIT(WH_KIND_CITY) | KIND_BIT(WH_KIND_AREA)};
    static const name_clause road_ends = {"ends at", "a junction, a monastery, a city or the wonder's area",
                                          KIND_BIT(WC_KIND_JUNCTION) | KIND_BIT(WH_KIND_MONASTERY) |
                                              KIND_BIT(WH_KIND_CITY) | KIND_BIT(WH_KIND_AREA)};
    static const name_clause city_ends = {"ends at", "the wonder's area", KIND_BIT(WH_KIND_AREA)};
    static const name_clause river_ends = {"ends at", "a junction (its spring or its lake)", KIND_BIT(WC_KIND_JUNCTION)};
    const wc_feature *ft = c->feat[f];
    const char *kind = wc_kind_word(ft->kind);
    if (ft->kind == WH_KIND_FIELD) {
        c->g.has_touches[f] = ft->touches != NULL;
        c->g.declared[f] = (uint32_t)resolve_names(c, f, ft->touches, &touches);
        uint64_t sep = resolve_names(c, f, ft->separated, &separated);
        c->g.separated[f] |= sep;
        for (size_t j = 0; j < c->g.n_obj; j++)
            if (sep & (UINT64_C(1) << j))
                c->g.separated[j] |= UINT64_C(1) << f;
    } else {
        if (ft->touches)
            wc_error(c->d, ft->touches->name.at, "only a field states what it touches; '%.*s' is a %s",
                     (int)ft->name.n, ft->name.p, kind);
        if (ft->separated)
            wc_error(c->d, ft->separated->name.at, "only a field is separated from something; '%.*s' is a %s",
                     (int)ft->name.n, ft->name.p, kind);
    }
    if (ft->ends && ft->kind != WH_KIND_ROAD && ft->kind != WH_KIND_CITY && ft->kind != WH_KIND_RIVER) {
        wc_error(c->d, ft->ends->name.at, "only a road, a river or a city ends at something; '%.*s' is a %s",
                 (int)ft->name.n, ft->name.p, kind);
    } else if (ft->ends) {
        const name_clause *clause = ft->kind == WH_KIND_ROAD ? &road_ends
                                  : ft->kind == WH_KIND_RIVER ? &river_ends : &city_ends;
        uint64_t ends = resolve_names(c, f, ft->ends, clause);
        c->g.ends[f] |= ends;
        for (size_t j = 0; j < c->g.n_obj; j++)
            if (ends & (UINT64_C(1) << j))
                c->g.ends[j] |= UINT64_C(1) << f;
    }
}

/* One message per side, naming every segment of it that nobody claims. */
static void check_unclaimed(tile_ctx *c)
{
    if (c->bad_refs || c->any_duplicate)
        return; /* a rejected reference or an unchecked duplicate leaves segments unclaimed: noise */
    static const char *const what[WH_N_EDGES][WH_N_SLOTS] = {
        [WH_EDGE_FIELD] = {"field half", "", "field half"},
        [WH_EDGE_ROAD] = {"field half", "road", "field half"},
        [WH_EDGE_CITY] = {"", "city", ""},
        [WH_EDGE_RIVER] = {"field half", "river", "field half"},
    };
    for (size_t k = 0; k < c->g.n_sides; k++) {
        char list[160] = "";
        size_t n = 0, len = 0;
        int edge = c->g.side_edge[k];
        const char *kind = "";
        for (int s = 0; s < WH_N_SLOTS; s++)
            if (wc_slot_used(edge, s) && c->g.claim[k][s] < 0) {
                char a[80];
                side_label(c, c->g.side_sq[k], c->g.side_dir[k], s, a, sizeof a);
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", n ? ", " : "", a);
                kind = what[edge][s];
                n++;
            }
        if (n == 0)
            continue;
        const wc_edge_decl *e = c->g.decl[c->g.side_sq[k]][c->g.side_dir[k]];
        if (n == 1)
            wc_error(c->d, e->at, "no feature claims %s (the %s of this %s side)", list, kind, wc_edge_words[edge]);
        else
            wc_error(c->d, e->at, "no feature claims %s (this %s side's segments)", list, wc_edge_words[edge]);
    }
}

static void check_kinds(tile_ctx *c)
{
    size_t areas = 0;
    for (size_t f = 0; f < c->g.n_feat; f++) {
        const wc_feature *ft = c->feat[f];
        if (ft->kind == WH_KIND_AREA) {
            if (c->t->kind != WH_TILE_WONDER)
                wc_error(c->d, ft->name.at, "only a wonder tile has a wonder area");
            else if (++areas == 2)
                wc_error(c->d, ft->name.at, "a wonder tile has one wonder area; '%.*s' is a second",
                         (int)ft->name.n, ft->name.p);
        }
        if ((ft->kind == WH_KIND_CITY || ft->kind == WH_KIND_ROAD || ft->kind == WH_KIND_RIVER) && c->g.mask[f] &&
            c->g.open[f] == 0)
            wc_warning(c->d, ft->name.at, "%s '%.*s' has no open %s: it is complete as soon as the tile is placed",
                       wc_kind_word(ft->kind), (int)ft->name.n, ft->name.p,
                       ft->kind == WH_KIND_CITY ? "side" : "end");
    }
}

/* A wonder without its area, said before anything that names it: the
** names that cannot be found are most likely the area's, and are not
** reported one by one. */
static void check_area_present(tile_ctx *c)
{
    if (c->t->kind != WH_TILE_WONDER)
        return;
    for (size_t f = 0; f < c->g.n_feat; f++)
        if (c->feat[f]->kind == WH_KIND_AREA)
            return;
    c->no_area = true;
    const wc_name_item *named = NULL; /* the first unknown name a feature ends at, touches or is separated from */
    for (size_t f = 0; f < c->g.n_obj && !named; f++) {
        const wc_feature *ft = c->feat[f];
        const wc_name_item *lists[] = {ft->ends, ft->touches, ft->separated};
        for (size_t l = 0; l < 3 && !named; l++)
            for (const wc_name_item *it = lists[l]; it && !named; it = it->next)
                if (find_object(c, it->name) < 0)
                    named = it;
    }
    if (named) {
        wc_error(c->d, c->t->id.at, "wonder '%.*s' has no wonder area (add 'area %.*s { on SQUARE; }')",
                 (int)c->t->id.n, c->t->id.p, (int)named->name.n, named->name.p);
        wc_note(c->d, named->name.at, "'%.*s' is named here; no feature of this tile has that name", (int)named->name.n,
                named->name.p);
    } else {
        wc_error(c->d, c->t->id.at, "wonder '%.*s' has no wonder area (add 'area NAME { on SQUARE; }')",
                 (int)c->t->id.n, c->t->id.p);
    }
}

static void check_count(tile_ctx *c)
{
    if (!c->t->has_count)
        return;
    if (c->t->count.value < 0 || c->t->count.value > WH_MAX_COPIES)
        wc_error(c->d, c->t->count.at, "count out of range (0 to %d)", WH_MAX_COPIES);
    else if (c->t->count.value == 0)
        wc_warning(c->d, c->t->count.at, "count 0: this tile is never in play");
}

/* ------------------------------------------------------------------ */
/* Lowering                                                            */
/* ------------------------------------------------------------------ */

static uint32_t tags_string(wc_model *m, const wc_name_item *tags, bool *start)
{
    char buf[1024];
    size_t n = 0;
    for (const wc_name_item *it = tags; it; it = it->next) {
        if (wc_name_is(it->name, "start"))
            *start = true;
        if (n + it->name.n + 1 < sizeof buf) {
            if (n)
                buf[n++] = ',';
            memcpy(buf + n, it->name.p, it->name.n);
            n += it->name.n;
        }
    }
    return wc_model_string(m, buf, n);
}

/* Move an effect lowered from index 0 to the end of the tile set's tables.
** @returns the tile's `effect` field: the effect's index + 1. */
static uint32_t lower_effect(wc_model *m, const wc_effect_out *e)
{
    uint32_t nodes = (uint32_t)m->n_exprs, rows = (uint32_t)m->n_effect_values;
    uint32_t handlers = (uint32_t)m->n_handlers;
#define SHIFT(i) ((i) == WH_NO_EXPR ? (uint16_t)WH_NO_EXPR : (uint16_t)((i) + nodes))
    for (size_t i = 0; i < e->n_rows; i++)
        *wc_model_effect_value(m) = e->rows[i];
    for (size_t i = 0; i < e->n_nodes; i++) {
        wh_expr_t x = e->nodes[i];
        x.a = SHIFT(x.a);
        x.c = SHIFT(x.c);
        if (x.op == WH_OP_TABLE)
            x.k += (int32_t)rows; /* b is its row count, not a node */
        else
            x.b = SHIFT(x.b);
        *wc_model_expr(m) = x;
    }
    for (size_t i = 0; i < e->effect.n_handlers; i++) {
        wh_handler_t h = e->handlers[i];
        h.when = SHIFT(h.when);
        h.body = SHIFT(h.body);
        *wc_model_handler(m) = h;
    }
    wh_effect_t *out = wc_model_effect(m);
    *out = e->effect;
    out->first_handler = (uint16_t)handlers;
    out->counter_init = SHIFT(out->counter_init);
    out->counter_names = wc_model_string(m, e->counter_names, strlen(e->counter_names));
#undef SHIFT
    return (uint32_t)m->n_effects;
}

static void lower(tile_ctx *c, wc_model *m, uint8_t pack_index)
{
    const wc_tile *t = c->t;
    wh_tile_t row = {0};
    row.id = wc_model_string(m, c->g.id, strlen(c->g.id)); /* "pack.id", named once by name_geometry */
    row.name = wc_model_string(m, t->name, strlen(t->name));
    bool start = false;
    row.tags = tags_string(m, t->tags, &start);
    row.pack = pack_index;
    row.kind = (uint8_t)t->kind;
    row.count = (uint8_t)(t->has_count ? t->count.value : 1);
    row.flags = start ? WH_TILE_FLAG_START : 0;
    for (const wc_name_item *it = t->tags; it; it = it->next)
        row.flags |= (uint8_t)wc_tile_mark(it->name);
    for (size_t k = 0; k < c->g.n_sides; k++)
        if (c->g.side_edge[k] == WH_EDGE_RIVER)
            row.flags |= WH_TILE_FLAG_RIVER;
    row.n_squares = (uint8_t)c->g.n_sq;
    row.n_sides = (uint8_t)c->g.n_sides;
    row.n_features = (uint8_t)c->g.n_feat;
    row.first_square = (uint32_t)m->n_squares;
    row.first_side = (uint32_t)m->n_sides;
    row.first_feature = (uint32_t)m->n_features;

    for (size_t i = 0; i < c->g.n_sq; i++) {
        uint32_t name = wc_model_string(m, c->sq[i]->name.p, c->sq[i]->name.n);
        wh_square_t *s = wc_model_square(m);
        s->name = name;
        s->x = (int8_t)c->g.x[i];
        s->y = (int8_t)c->g.y[i];
        for (int d = 0; d < 4; d++)
            s->side[d] = c->g.side_of[i][d] < 0 ? WH_NONE : (uint8_t)c->g.side_of[i][d];
        /* Rotating a quarter turn clockwise (y grows southwards) maps the
        ** offset (x, y) to (-y, x) and the side facing d to d + 1. */
        int ox = c->g.x[i] - c->g.x[0], oy = c->g.y[i] - c->g.y[0];
        for (int r = 0; r < 4; r++) {
            s->dx[r] = (int8_t)ox;
            s->dy[r] = (int8_t)oy;
            int nx = -oy, ny = ox;
            ox = nx;
            oy = ny;
            uint8_t packed = 0;
            for (int d = 0; d < 4; d++) {
                int k = c->g.side_of[i][d];
                unsigned edge = k < 0 ? WH_EDGE_NONE : c->g.side_edge[k];
                packed |= (uint8_t)(wh_edge_code(edge) << (2 * ((d + r) & 3)));
                if (r == 0 && edge == WH_EDGE_RIVER)
                    s->river |= (uint8_t)(1u << d);
            }
            s->edges[r] = packed;
        }
        s->shape = wc_model_shape(m, s->edges[0]);
    }
    for (size_t k = 0; k < c->g.n_sides; k++) {
        wh_side_t *s = wc_model_side(m);
        s->square = c->g.side_sq[k];
        s->dir = c->g.side_dir[k];
        s->edge = c->g.side_edge[k];
        for (int sl = 0; sl < WH_N_SLOTS; sl++)
            s->feature[sl] = c->g.claim[k][sl] < 0 ? WH_NONE : (uint8_t)c->g.claim[k][sl];
    }
    for (size_t f = 0; f < c->g.n_feat; f++) {
        const wc_feature *ft = c->feat[f];
        uint32_t name = wc_model_string(m, ft->name.p, ft->name.n);
        wh_feature_t *o = wc_model_feature(m);
        o->name = name;
        o->kind = (uint8_t)ft->kind;
        o->squares = c->g.mask[f];
        o->n_squares = (uint8_t)popcount16(c->g.mask[f]);
        o->arms = (uint8_t)(ft->has_arms ? ft->arms.value : 0);
        o->open = c->g.open[f];
        o->touches = c->g.touches[f];
        o->n_touches = (uint8_t)__builtin_popcount(c->g.touches[f]);
        for (const wc_name_item *it = ft->tags; it; it = it->next) {
            int kind;
            o->marks |= (uint8_t)wc_feature_mark(it->name, &kind);
        }
    }
    if (c->has_effect)
        row.effect = lower_effect(m, m->effect_scratch);
    *wc_model_tile(m) = row;
}

/* Copy what the SVG writer needs of the syntax tree into the model. */
static void name_geometry(tile_ctx *c, wc_name pack_id)
{
    wc_geom *g = &c->g;
    /* "pack.id", each part cut to the identifier limit (longer ones are errors) */
    size_t pn = pack_id.n < WC_NAME_MAX ? pack_id.n : WC_NAME_MAX;
    memcpy(g->id, pack_id.p, pn);
    g->id[pn] = '.';
    wc_copy_name(g->id + pn + 1, sizeof g->id - pn - 1, c->t->id.p, c->t->id.n);
    const char *name = c->t->name ? c->t->name : "";
    wc_copy_name(g->name, sizeof g->name, name, strlen(name));
    g->kind = c->t->kind;
    for (size_t i = 0; i < g->n_sq; i++)
        wc_copy_name(g->sq_name[i], sizeof g->sq_name[i], c->sq[i]->name.p, c->sq[i]->name.n);
    for (size_t f = 0; f < g->n_feat; f++) {
        g->arms[f] = (uint8_t)(c->feat[f]->has_arms ? c->feat[f]->arms.value : 0);
        for (const wc_name_item *it = c->feat[f]->tags; it; it = it->next) {
            int kind;
            g->marks[f] |= (uint8_t)wc_feature_mark(it->name, &kind);
        }
    }
    /* The tile's symbols are drawn too, on a free spot of it. */
    for (const wc_name_item *it = c->t->tags; it; it = it->next)
        g->tile_marks |= (uint8_t)wc_tile_mark(it->name);
}

bool wc_check_tile(wc_diag *d, wc_model *model, const wc_tile *tile, uint8_t pack_index, wc_name pack_id)
{
    tile_ctx *c = model->scratch;
    if (!c)
        c = model->scratch = wu_xmalloc(sizeof *c);
    /* About 12 KB of the model is written before it is read: clearing only
    ** the rest keeps the compiler's speed on large inputs. */
    memset(c, 0, offsetof(tile_ctx, g) + WC_GEOM_CLEARED);
    c->d = d;
    c->t = tile;
    c->errors_at_start = d->n_errors;
    check_count(c);
    collect_squares(c);
    check_footprint(c);
    if (failed(c))
        return false; /* every later check reads the footprint */
    collect_sides(c);
    collect_features(c);
    check_area_present(c);
    unsigned before_features = d->n_errors;
    for (size_t f = 0; f < c->g.n_obj; f++)
        if (!c->duplicate[f])
            check_feature(c, f);
    for (size_t f = 0; f < c->g.n_obj; f++)
        if (!c->duplicate[f])
            resolve_links(c, f);
    c->bad_refs = d->n_errors != before_features;
    check_unclaimed(c);
    check_kinds(c);
    name_geometry(c, pack_id);
    if (!failed(c))
        wc_planar_check(d, &c->g);
    if (tile->effect) {
        if (!model->effect_scratch)
            model->effect_scratch = wu_xmalloc(sizeof *model->effect_scratch);
        c->has_effect = wc_check_effect(d, tile, model->effect_scratch); /* `none` too: a row that says so */
        if (c->has_effect && model->n_exprs + model->effect_scratch->n_nodes >= WH_NO_EXPR) {
            wc_error(d, tile->effect->at, "the tile set's effects need more than %u expression nodes",
                     (unsigned)WH_NO_EXPR - 1);
            c->has_effect = false;
        }
    }
    if (tile->kind == WH_TILE_WONDER && !tile->effect && !failed(c))
        wc_warning(d, tile->id.at, "wonder '%.*s' has no effect (add an 'effect' block, or 'effect { none; }' if it has none)",
                   (int)tile->id.n, tile->id.p);
    c->g.failed = failed(c);
    if (model->keep_geometry)
        wc_model_add_geometry(model, &c->g);
    if (c->g.failed)
        return false;
    lower(c, model, pack_index);
    wc_model_add_drawing(model, &c->g);
    return true;
}
