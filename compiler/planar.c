/*
** planar.c -- the planar model of a tile; see planar.h.
**
** Everything here is linear or close to it in the size of one tile (at most
** 192 segments and 48 objects), so the checks cost the compiler little.
*/
#include "planar.h"

#include <stdio.h>
#include <string.h>


#define BIT(i) (UINT64_C(1) << (i))
/* Barrier components are numbered by an object of theirs; the later ends
** of a tunnel road (a road tagged `tunnel`) are components of their own,
** numbered from WC_MAX_OBJECTS. */
#define MAX_COMPS (WC_MAX_OBJECTS + WC_MAX_SEGMENTS)

typedef struct planar {
    wc_diag *d;
    wc_geom *g;
    int      owner[WC_MAX_SEGMENTS];  /* object owning cycle element i */
    int      comp[WC_MAX_OBJECTS];    /* barrier component of each object (fields: their own) */
    uint64_t members[MAX_COMPS];      /* objects of component c */
    int      n_perimeter[MAX_COMPS];  /* cycle elements of component c */
    int      cc[WC_MAX_SEGMENTS];     /* component of cycle element i */
    uint64_t stated;                  /* the kinds `touches` states: cities and the wonder's area */
} planar;

static bool is_field(const wc_geom *g, int obj)
{
    return g->obj_kind[obj] == WH_KIND_FIELD;
}

/* "tl:N" as the file wrote the reference that claimed a segment. */
static const char *ref_text(const wc_geom *g, int side, int slot, char *buf, size_t size)
{
    const wc_ref *r = g->claim_ref[side][slot];
    if (!r)
        return wc_geom_segment_label(g, (size_t)side, slot, buf, size);
    if (r->square.n)
        snprintf(buf, size, "%.*s:%.*s", (int)r->square.n, r->square.p, (int)r->side.n, r->side.p);
    else
        snprintf(buf, size, "%.*s", (int)r->side.n, r->side.p);
    return buf;
}

static wc_loc claim_loc(const wc_geom *g, int side, int slot)
{
    const wc_ref *r = g->claim_ref[side][slot];
    return r ? r->at : g->src[g->claim[side][slot]]->name.at;
}

static void mark_element(planar *p, size_t i)
{
    p->g->bad_segment[p->g->cycle[i].side][p->g->cycle[i].slot] = true;
}

/* ------------------------------------------------------------------ */
/* The outline                                                         */
/* ------------------------------------------------------------------ */

/* Walks the footprint's boundary clockwise (y grows south, so the inside
** is on the right), turning left at inner corners first; within a side
** the slots run L, M, R.  @returns false when a side is never reached
** (a footprint with a hole), which the footprint checks cannot produce. */
static bool build_cycle(wc_geom *g)
{
    g->n_cycle = 0;
    if (g->n_sides == 0)
        return false;
    int sq = g->side_sq[0], dir = g->side_dir[0];
    for (size_t steps = 0; steps < g->n_sides; steps++) {
        int k = g->side_of[sq][dir];
        if (k < 0)
            return false;
        for (int s = 0; s < WH_N_SLOTS; s++)
            if (wc_slot_used(g->side_edge[k], s))
                g->cycle[g->n_cycle++] = (wc_segment){(uint8_t)k, (uint8_t)s};
        int f = (dir + 1) & 3;
        int e = g->nb[sq][f];                /* the square ahead */
        int q = e >= 0 ? g->nb[e][dir] : -1; /* and the one beyond this side, past the corner */
        if (q >= 0) {
            sq = q;
            dir = (dir + 3) & 3;
        } else if (e >= 0) {
            sq = e;
        } else {
            dir = f;
        }
        if (sq == g->side_sq[0] && dir == g->side_dir[0])
            return steps + 1 == g->n_sides;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* Barriers                                                            */
/* ------------------------------------------------------------------ */

static void find_components(planar *p)
{
    wc_geom *g = p->g;
    for (size_t i = 0; i < g->n_obj; i++)
        p->comp[i] = -1;
    for (size_t i = 0; i < g->n_obj; i++) {
        if (p->comp[i] >= 0)
            continue;
        uint64_t seen = BIT(i), frontier = seen;
        if (!is_field(g, (int)i))
            while (frontier) {
                uint64_t next = 0;
                for (size_t j = 0; j < g->n_obj; j++)
                    if (frontier & BIT(j))
                        next |= g->ends[j];
                next &= ~seen;
                seen |= next;
                frontier = next;
            }
        p->members[i] = seen;
        p->n_perimeter[i] = 0;
        for (size_t j = 0; j < g->n_obj; j++)
            if (seen & BIT(j))
                p->comp[j] = (int)i;
    }
    /* A road through a tunnel passes under what lies between its ends: on
    ** the outline each end after the first is a stub of its own, so that a
    ** field may wrap round the tunnel's mouth (docs/language.md, "The
    ** planar model"). */
    uint64_t first_seen = 0;
    int pseudo = WC_MAX_OBJECTS;
    for (size_t i = 0; i < g->n_cycle; i++) {
        p->owner[i] = g->claim[g->cycle[i].side][g->cycle[i].slot];
        p->cc[i] = p->comp[p->owner[i]];
        if (g->tunnel & BIT(p->owner[i])) {
            if (first_seen & BIT(p->owner[i])) {
                p->cc[i] = pseudo;
                p->members[pseudo] = BIT(p->owner[i]);
                p->n_perimeter[pseudo++] = 0;
            }
            first_seen |= BIT(p->owner[i]);
        }
        p->n_perimeter[p->cc[i]]++;
    }
}

/* The objects on the shortest chain of `ends` links from a to b. */
static uint64_t path_between(const wc_geom *g, int a, int b)
{
    int from[WC_MAX_OBJECTS], queue[WC_MAX_OBJECTS], head = 0, tail = 0;
    for (size_t i = 0; i < g->n_obj; i++)
        from[i] = -2;
    from[a] = -1;
    queue[tail++] = a;
    while (head < tail && from[b] == -2) {
        int v = queue[head++];
        for (size_t j = 0; j < g->n_obj; j++)
            if ((g->ends[v] & BIT(j)) && from[j] == -2) {
                from[j] = v;
                queue[tail++] = (int)j;
            }
    }
    uint64_t path = 0;
    for (int v = b; v >= 0 && from[v] != -2; v = from[v])
        path |= BIT(v);
    return path | BIT(a);
}

/* Members of a component hanging off `path` by links alone, reaching no
** perimeter segment: a monastery at the end of a road stub, say.  They lie
** on one side of the path or the other, so they are possible borders. */
static uint64_t hanging_off(const planar *p, uint64_t component, uint64_t path)
{
    const wc_geom *g = p->g;
    uint64_t rest = component & ~path, result = 0;
    while (rest) {
        int start = __builtin_ctzll(rest);
        uint64_t seen = BIT(start), frontier = seen;
        while (frontier) {
            uint64_t next = 0;
            for (size_t j = 0; j < g->n_obj; j++)
                if (frontier & BIT(j))
                    next |= g->ends[j];
            next &= rest & ~seen;
            seen |= next;
            frontier = next;
        }
        rest &= ~seen;
        bool reaches_outline = false;
        for (size_t i = 0; i < g->n_cycle; i++)
            reaches_outline |= (seen & BIT(p->owner[i])) != 0;
        if (!reaches_outline)
            result |= seen;
    }
    return result;
}

/* ------------------------------------------------------------------ */
/* Crossings                                                           */
/* ------------------------------------------------------------------ */

static size_t next_of(const planar *p, int comp, size_t after)
{
    for (size_t i = after + 1; i < p->g->n_cycle; i++)
        if (p->cc[i] == comp)
            return i;
    return after;
}

/* Component `split` has elements a and b on both sides of component
** `between`, whose elements are c and e. */
static void report_crossing(planar *p, size_t a, size_t b, size_t c, size_t e)
{
    wc_geom *g = p->g;
    int x = p->owner[b], y = p->owner[c];
    char sa[80], sb[80], sc[80], se[80];
    const wc_segment A = g->cycle[a], B = g->cycle[b], C = g->cycle[c], E = g->cycle[e];
    ref_text(g, A.side, A.slot, sa, sizeof sa);
    ref_text(g, B.side, B.slot, sb, sizeof sb);
    ref_text(g, C.side, C.slot, sc, sizeof sc);
    ref_text(g, E.side, E.slot, se, sizeof se);
    wc_error(p->d, claim_loc(g, B.side, B.slot),
             "%s '%s' and %s '%s' cross: %s '%s' owns %s and %s, which lie on both sides of %s '%s'",
             wc_kind_word(g->obj_kind[x]), g->obj_name[x], wc_kind_word(g->obj_kind[y]), g->obj_name[y],
             wc_kind_word(g->obj_kind[x]), g->obj_name[x], sa, sb, wc_kind_word(g->obj_kind[y]), g->obj_name[y]);
    wc_note(p->d, claim_loc(g, E.side, E.slot),
            "%s '%s' runs from %s to %s, so %s and %s are on opposite sides of it; give each side its own field",
            wc_kind_word(g->obj_kind[y]), g->obj_name[y], sc, se, sa, sb);
    mark_element(p, a);
    mark_element(p, b);
    mark_element(p, c);
    mark_element(p, e);
    g->bad_obj[x] = g->bad_obj[y] = true;
}

/* A stack walk of the outline: a component seen again must be the one on
** top once everything opened since its last element is closed; one that
** is still open then interleaves with it.  @returns true when none does. */
static bool check_crossings(planar *p)
{
    const wc_geom *g = p->g;
    size_t last[MAX_COMPS], seen_at[MAX_COMPS];
    int stack[WC_MAX_SEGMENTS];
    bool open[MAX_COMPS] = {false};
    size_t top = 0;
    for (size_t i = 0; i < g->n_cycle; i++)
        last[p->cc[i]] = i;
    for (size_t i = 0; i < g->n_cycle; i++) {
        int c = p->cc[i];
        if (top && stack[top - 1] == c) {
            seen_at[c] = i;
            continue;
        }
        if (open[c]) {
            /* Prefer naming a barrier that a field crosses: it is what the author sees. */
            int worst = -1;
            while (stack[top - 1] != c) {
                int q = stack[--top];
                open[q] = false;
                if (last[q] > i && (worst < 0 || (is_field(g, p->owner[seen_at[worst]]) && !is_field(g, p->owner[seen_at[q]]))))
                    worst = q;
            }
            if (worst >= 0) {
                size_t q_next = next_of(p, worst, i);
                if (is_field(g, p->owner[i]) && !is_field(g, p->owner[seen_at[worst]]))
                    report_crossing(p, seen_at[c], i, seen_at[worst], q_next);
                else
                    report_crossing(p, seen_at[worst], q_next, seen_at[c], i);
                return false;
            }
            seen_at[c] = i;
            continue;
        }
        open[c] = true;
        stack[top++] = c;
        seen_at[c] = i;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Borders                                                             */
/* ------------------------------------------------------------------ */

typedef struct borders {
    uint64_t certain, possible;
} borders;

/* Top-level components of one gap: walking it, a component covers all
** the elements up to its last one in the gap; what lies within is nested
** behind it and out of the field's reach. */
typedef struct top_item {
    int    comp;
    size_t first, last; /* cycle indexes */
} top_item;

static size_t top_level(const planar *p, size_t start, size_t len, top_item *out)
{
    const size_t n = p->g->n_cycle;
    size_t last[MAX_COMPS]; /* per component in the gap: its last element's place */
    for (size_t k = 0; k < len; k++)
        last[p->cc[(start + k) % n]] = k;
    size_t count = 0;
    for (size_t k = 0; k < len;) {
        size_t i = (start + k) % n;
        size_t last_k = last[p->cc[i]];
        out[count++] = (top_item){p->cc[i], i, (start + last_k) % n};
        k = last_k + 1;
    }
    return count;
}

/* When one of field f's gaps (a maximal run of others' elements) starts
** right after outline element i: its first element and length, and its
** top-level components in items.  @returns how many, 0 when no gap starts there. */
static size_t gap_items(const planar *p, int f, size_t i, top_item *items, size_t *start, size_t *len)
{
    const size_t n = p->g->n_cycle;
    if (p->owner[i] != f || p->owner[(i + 1) % n] == f)
        return 0;
    *start = (i + 1) % n;
    *len = 0;
    while (p->owner[(*start + *len) % n] != f)
        (*len)++;
    return top_level(p, *start, *len, items);
}

/* What a top-level component puts on the border of a field. */
static uint64_t along(const planar *p, const top_item *t)
{
    const wc_geom *g = p->g;
    int a = p->owner[t->first], b = p->owner[t->last];
    if (is_field(g, a))
        return BIT(a);
    uint64_t comp = p->members[t->comp];
    /* A barrier that reaches the outline at one point hangs wholly into the field. */
    if (p->n_perimeter[t->comp] == 1)
        return comp;
    return path_between(g, a, b) & comp;
}

static void field_borders(planar *p, int f, borders *out)
{
    wc_geom *g = p->g;
    const size_t n = g->n_cycle;
    memset(out, 0, sizeof *out);
    size_t owned = 0;
    for (size_t i = 0; i < n; i++)
        owned += p->owner[i] == f;
    if (owned == 0 || owned == n)
        return;
    top_item items[WC_MAX_SEGMENTS];
    for (size_t i = 0; i < n; i++) {
        size_t start, len, m = gap_items(p, f, i, items, &start, &len);
        if (m == 0)
            continue;
        /* With no printed separation in the gap, the field's border passes
        ** along every top-level component.  A separation line runs into the
        ** tile from the outline to somewhere the model does not know, so
        ** then only the neighbours at the gap's two ends are certain. */
        bool divided = false;
        for (size_t k = 0; k < m; k++)
            divided |= is_field(g, p->owner[items[k].first]) && (g->separated[f] & BIT(p->owner[items[k].first]));
        for (size_t k = 0; k < m; k++) {
            uint64_t on = along(p, &items[k]);
            uint64_t hang = is_field(g, p->owner[items[k].first]) ? 0
                          : hanging_off(p, p->members[items[k].comp], on);
            out->possible |= on | hang;
            if (!divided)
                out->certain |= on;
            else if (is_field(g, p->owner[items[k].first]) && (g->separated[f] & BIT(p->owner[items[k].first])))
                out->certain |= BIT(p->owner[items[k].first]);
        }
        if (divided) {
            out->certain |= BIT(p->owner[start]) | BIT(p->owner[(start + len - 1) % n]);
            if (p->n_perimeter[p->cc[start]] == 1)
                out->certain |= p->members[p->cc[start]];
        }
    }
}

/* Components with no outline element (a lone monastery, an enclosed field,
** an area nothing ends at) lie inside some field: every field sharing a
** square may border them, and when only one does, it certainly does. */
static void floating_borders(planar *p, borders *b)
{
    wc_geom *g = p->g;
    for (size_t c = 0; c < g->n_obj; c++) {
        if (p->comp[c] != (int)c || p->n_perimeter[c] != 0)
            continue;
        uint64_t comp = p->members[c];
        uint16_t squares = 0;
        for (size_t j = 0; j < g->n_obj; j++)
            if (comp & BIT(j))
                squares |= g->mask[j];
        int holder = -1, n_holders = 0;
        for (size_t f = 0; f < g->n_feat; f++) {
            if (!is_field(g, (int)f) || (comp & BIT(f)) || !(g->mask[f] & squares))
                continue;
            uint64_t them = is_field(g, (int)c) ? BIT(c) : comp;
            b[f].possible |= them;
            if (is_field(g, (int)c))
                b[c].possible |= BIT(f);
            holder = (int)f;
            n_holders++;
        }
        if (n_holders == 1 && !is_field(g, (int)c))
            b[holder].certain |= comp;
        if (is_field(g, (int)c)) /* an enclosed field: whatever stands on its squares may enclose it */
            for (size_t j = 0; j < g->n_obj; j++)
                if (!is_field(g, (int)j) && (g->mask[j] & squares))
                    b[c].possible |= BIT(j);
    }
}

/* The feature that keeps `x` out of field f's reach, for the message. */
static int what_lies_between(const planar *p, int f, int x)
{
    const wc_geom *g = p->g;
    const size_t n = g->n_cycle;
    top_item items[WC_MAX_SEGMENTS];
    for (size_t i = 0; i < n; i++) {
        size_t start, len, m = gap_items(p, f, i, items, &start, &len);
        if (m == 0)
            continue;
        for (size_t k = 0; k < m; k++)
            for (size_t j = items[k].first; j != items[k].last; j = (j + 1) % n)
                if (p->owner[j] == x && p->cc[j] != items[k].comp)
                    return p->owner[items[k].first];
    }
    return -1;
}

static wc_loc touches_loc(const wc_geom *g, int f, int x)
{
    for (const wc_name_item *it = g->src[f]->touches; it; it = it->next)
        if (strlen(g->obj_name[x]) == it->name.n && !memcmp(g->obj_name[x], it->name.p, it->name.n))
            return it->name.at;
    return g->src[f]->touches ? g->src[f]->touches->name.at : g->src[f]->name.at;
}

static void list_names(const wc_geom *g, uint64_t set, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t j = 0; j < g->n_obj && len < size; j++)
        if (set & BIT(j))
            len += (size_t)snprintf(buf + len, size - len, "%s%s '%s'", len ? ", " : "",
                                    wc_kind_word(g->obj_kind[j]), g->obj_name[j]);
}

static void check_field(planar *p, int f, const borders *b)
{
    wc_geom *g = p->g;
    const wc_feature *src = g->src[f];
    const uint64_t stated = p->stated;
    uint64_t sep = g->separated[f];
    uint64_t certain = b->certain & ~BIT(f), possible = (b->possible | certain) & ~BIT(f);
    char list[512];

    /* Two fields meeting with nothing between them are one field. */
    for (size_t j = 0; j < g->n_feat; j++) {
        if (!is_field(g, (int)j) || (size_t)f >= j || !(certain & BIT(j)) || (sep & BIT(j)))
            continue;
        wc_error(p->d, src->name.at,
                 "fields '%s' and '%s' meet on the outline with nothing between them, so they are one field",
                 g->obj_name[f], g->obj_name[j]);
        wc_note(p->d, g->src[j]->name.at,
                "if the printed tile divides them there (a field separation, a die-cut corner), say 'separated %s;' in field '%s'",
                g->obj_name[f], g->obj_name[j]);
        g->bad_obj[f] = g->bad_obj[j] = true;
    }
    /* Separations of cities and the area remove a border the outline implies. */
    certain &= ~(sep & stated);
    if (!g->has_touches[f]) {
        uint64_t unsure = possible & ~certain & stated & ~sep;
        if (unsure) {
            list_names(g, unsure, list, sizeof list);
            wc_error(p->d, src->name.at,
                     "field '%s' may border %s, but its outline cannot tell; state its borders with 'touches'",
                     g->obj_name[f], list);
            g->bad_obj[f] = true;
        }
        g->touches[f] = (uint32_t)(certain & stated);
        return;
    }
    uint64_t declared = g->declared[f];
    uint64_t missing = certain & stated & ~declared;
    for (size_t x = 0; x < g->n_obj; x++) {
        if (!(missing & BIT(x)))
            continue;
        wc_error(p->d, src->touches->name.at, "field '%s' borders %s '%s', but its 'touches' leaves it out",
                 g->obj_name[f], wc_kind_word(g->obj_kind[x]), g->obj_name[x]);
        wc_note(p->d, g->src[x]->name.at,
                "the outline puts '%s' on the field's border; if the printed art breaks that border, say 'separated %s;'",
                g->obj_name[x], g->obj_name[x]);
        g->bad_obj[f] = true;
    }
    uint64_t impossible = declared & ~possible;
    for (size_t x = 0; x < g->n_obj; x++) {
        if (!(impossible & BIT(x)))
            continue;
        int between = what_lies_between(p, f, (int)x);
        if (between >= 0)
            wc_error(p->d, touches_loc(g, f, (int)x),
                     "field '%s' cannot touch %s '%s': %s '%s' lies between them",
                     g->obj_name[f], wc_kind_word(g->obj_kind[x]), g->obj_name[x],
                     wc_kind_word(g->obj_kind[between]), g->obj_name[between]);
        else
            wc_error(p->d, touches_loc(g, f, (int)x),
                     "field '%s' cannot touch %s '%s': nothing in the outline brings them together",
                     g->obj_name[f], wc_kind_word(g->obj_kind[x]), g->obj_name[x]);
        g->bad_obj[f] = true;
    }
    g->touches[f] = (uint32_t)(declared & possible);
}

/* ------------------------------------------------------------------ */
/* Spans                                                               */
/* ------------------------------------------------------------------ */

/* Two fields crossing one internal side need something between them.
** One message per pair of fields, naming every side they share so.
** @returns false when some pair has none. */
static bool check_internal_sides(planar *p)
{
    wc_geom *g = p->g;
    struct { int a, b; char sides[96]; } pairs[WH_MAX_SQUARES * 2];
    size_t n_pairs = 0;
    for (size_t i = 0; i < g->n_sq; i++)
        for (int d = 1; d <= 2; d++) { /* E and S: each internal side once */
            int j = g->nb[i][d];
            if (j < 0)
                continue;
            int fields[WC_MAX_OBJECTS], n_fields = 0, n_other = 0;
            for (size_t f = 0; f < g->n_obj; f++)
                if (g->links[f][i] & (1u << j)) {
                    if (is_field(g, (int)f))
                        fields[n_fields++] = (int)f;
                    else
                        n_other++;
                }
            if (n_fields < 2 || n_fields <= n_other + 1)
                continue;
            size_t k = 0;
            while (k < n_pairs && (pairs[k].a != fields[0] || pairs[k].b != fields[1]))
                k++;
            if (k == n_pairs) {
                pairs[n_pairs].a = fields[0];
                pairs[n_pairs].b = fields[1];
                pairs[n_pairs++].sides[0] = '\0';
            }
            size_t len = strlen(pairs[k].sides);
            snprintf(pairs[k].sides + len, sizeof pairs[k].sides - len, "%s%s:%s", len ? ", " : "",
                     g->sq_name[i], wc_dir_names[d]);
        }
    for (size_t k = 0; k < n_pairs; k++) {
        int a = pairs[k].a, b = pairs[k].b;
        wc_error(p->d, g->src[b]->name.at,
                 "fields '%s' and '%s' both cross %s, and nothing that crosses %s lies between them",
                 g->obj_name[a], g->obj_name[b], pairs[k].sides, strchr(pairs[k].sides, ',') ? "those sides" : "it");
        wc_note(p->d, g->src[a]->name.at,
                "a road, a city or the wonder's area crossing there would divide them; otherwise they are one field");
        g->bad_obj[a] = g->bad_obj[b] = true;
    }
    return n_pairs == 0;
}

static wc_loc ends_loc(const wc_geom *g, int f, int x)
{
    for (const wc_name_item *it = g->src[f]->ends; it; it = it->next)
        if (strlen(g->obj_name[x]) == it->name.n && !memcmp(g->obj_name[x], it->name.p, it->name.n))
            return it->name.at;
    return g->src[f]->name.at;
}

static void squares_text(const wc_geom *g, uint16_t mask, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < g->n_sq && len < size; i++)
        if (mask & (1u << i))
            len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "", g->sq_name[i]);
}

/* A road, river or city must reach what it ends at; a road or river with
** one open end must end somewhere.  @returns false when one is left hanging. */
static bool check_ends(planar *p)
{
    bool dead_end = false;
    wc_geom *g = p->g;
    for (size_t f = 0; f < g->n_feat; f++) {
        int kind = g->obj_kind[f];
        if (kind != WH_KIND_ROAD && kind != WH_KIND_CITY && kind != WH_KIND_RIVER)
            continue;
        for (const wc_name_item *it = g->src[f]->ends; it; it = it->next)
            for (size_t x = 0; x < g->n_obj; x++) {
                if (!(g->ends[f] & BIT(x)) || strlen(g->obj_name[x]) != it->name.n ||
                    memcmp(g->obj_name[x], it->name.p, it->name.n) || (g->mask[f] & g->mask[x]))
                    continue;
                char a[160], b[160];
                squares_text(g, g->mask[f], a, sizeof a);
                squares_text(g, g->mask[x], b, sizeof b);
                wc_error(p->d, ends_loc(g, (int)f, (int)x),
                         "%s '%s' ends at %s '%s', but they share no square ('%s' is on %s, '%s' on %s); extend one with 'crosses'",
                         wc_kind_word(kind), g->obj_name[f], wc_kind_word(g->obj_kind[x]), g->obj_name[x],
                         g->obj_name[f], a, g->obj_name[x], b);
                g->bad_obj[f] = g->bad_obj[x] = true;
            }
        if (kind == WH_KIND_ROAD && g->open[f] == 1 && !g->ends[f]) {
            wc_error(p->d, g->src[f]->name.at,
                     "road '%s' has one open end and ends nowhere; say where it ends with 'ends' (a junction, a monastery, a city or the wonder's area)",
                     g->obj_name[f]);
            g->bad_obj[f] = true;
            dead_end = true;
        }
        if (kind == WH_KIND_RIVER && g->open[f] == 1 && !g->ends[f]) {
            wc_error(p->d, g->src[f]->name.at,
                     "river '%s' has one open end and ends nowhere; say where it ends with 'ends' (a junction: its spring or its lake)",
                     g->obj_name[f]);
            g->bad_obj[f] = true;
            dead_end = true;
        }
    }
    for (size_t j = g->n_feat; j < g->n_obj; j++)
        if (!g->ends[j])
            wc_warning(p->d, g->src[j]->name.at, "no road or river ends at junction '%s'", g->obj_name[j]);
    return !dead_end;
}

void wc_planar_check(wc_diag *d, wc_geom *g)
{
    planar p;
    p.d = d;
    p.g = g;
    for (size_t k = 0; k < g->n_sides; k++)
        for (int s = 0; s < WH_N_SLOTS; s++)
            if (wc_slot_used(g->side_edge[k], s) && g->claim[k][s] < 0)
                return; /* reported as unclaimed already */
    if (!build_cycle(g)) {
        wc_error(d, g->src[0] ? g->src[0]->name.at : (wc_loc){0, 0, 0},
                 "the footprint's outline is not one loop; a tile must be a disc");
        return;
    }
    p.stated = 0;
    for (size_t j = 0; j < g->n_feat; j++)
        if (g->obj_kind[j] == WH_KIND_CITY || g->obj_kind[j] == WH_KIND_AREA)
            p.stated |= BIT(j);
    find_components(&p);
    bool anchored = check_ends(&p);
    bool divided = check_internal_sides(&p);
    if (!check_crossings(&p) || !anchored || !divided)
        return; /* borders of an impossible drawing, or of a road left hanging, would only add noise */
    borders b[WC_MAX_OBJECTS];
    for (size_t f = 0; f < g->n_feat; f++)
        if (is_field(g, (int)f))
            field_borders(&p, (int)f, &b[f]);
        else
            memset(&b[f], 0, sizeof b[f]);
    floating_borders(&p, b);
    for (size_t f = 0; f < g->n_feat; f++)
        if (is_field(g, (int)f))
            check_field(&p, (int)f, &b[f]);
}
