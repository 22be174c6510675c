/*
** geom.h -- the planar model of one tile, as the checker builds it.
**
** The runtime tables keep only what play needs.  The checker's model keeps
** more: the order of the perimeter segments round the footprint's outline,
** the junctions roads end at, which objects each road or city ends at, the
** borders it derived, the printed separations the file declares, and which
** segments and features a check found wrong.  The planar checks
** (planar.h) read and complete it, and the SVG writer (svg.h) draws from
** it -- also for a tile that failed its checks, which is why it holds
** copies of every name rather than pointers into the syntax tree.
*/
#ifndef WC_GEOM_H
#define WC_GEOM_H

#include "../runtime/tables.h"
#include "ast.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define WC_MAX_JUNCTIONS  16
#define WC_MAX_OBJECTS    (WH_MAX_FEATURES + WC_MAX_JUNCTIONS) /* features, then junctions */
#define WC_MAX_SIDES      (WH_MAX_SQUARES * 4)
#define WC_MAX_SEGMENTS   (WC_MAX_SIDES * WH_N_SLOTS)
#define WC_NAME_MAX       64

/* One segment of the outline: slot `slot` of perimeter side `side`. */
typedef struct wc_segment {
    uint8_t side, slot;
} wc_segment;

typedef struct wc_geom {
    char    id[2 * WC_NAME_MAX + 2]; /* "pack.id" */
    char    name[257];               /* display name */
    int     kind;                    /* wh_tile_kind_t */
    bool    failed;                  /* some check failed: the tile is not in the tables */

    /* Footprint. */
    size_t  n_sq;
    int     x[WH_MAX_SQUARES], y[WH_MAX_SQUARES];
    int     nb[WH_MAX_SQUARES][4];            /* neighbour square, or -1 on the perimeter */
    int     side_of[WH_MAX_SQUARES][4];       /* perimeter side index, or -1 */

    /* Perimeter sides and who owns their segments. */
    size_t  n_sides;
    uint8_t side_sq[WC_MAX_SIDES], side_dir[WC_MAX_SIDES], side_edge[WC_MAX_SIDES];
    int     claim[WC_MAX_SIDES][WH_N_SLOTS];  /* owning object, -1 for none */
    bool    bad_segment[WC_MAX_SIDES][WH_N_SLOTS];

    size_t     n_cycle;                       /* segments in cycle[] */

    /* Features (indexes 0 .. n_feat-1, as in the tables) then junctions. */
    size_t   n_feat, n_obj;
    uint8_t  obj_kind[WC_MAX_OBJECTS];        /* wh_kind_t, or WC_KIND_JUNCTION */
    uint16_t mask[WC_MAX_OBJECTS];            /* squares it touches */
    uint16_t links[WC_MAX_OBJECTS][WH_MAX_SQUARES]; /* internal sides it crosses, as adjacency */
    uint8_t  arms[WC_MAX_OBJECTS];
    uint8_t  marks[WC_MAX_OBJECTS];           /* WH_MARK_*: an inn, a cathedral, goods, a princess (for the drawing) */
    uint8_t  open[WC_MAX_OBJECTS];
    uint64_t ends[WC_MAX_OBJECTS];            /* `ends` links, both ways */
    uint64_t separated[WC_MAX_OBJECTS];       /* declared separations, both ways */
    bool     has_touches[WC_MAX_OBJECTS];     /* the file states the field's borders */
    uint32_t declared[WC_MAX_OBJECTS];        /* fields: the borders the file states */
    uint32_t touches[WC_MAX_OBJECTS];         /* fields: the borders compiled (cities, area) */
    bool     bad_obj[WC_MAX_OBJECTS];
    uint64_t tunnel;                          /* roads tagged `tunnel`: their ends are stubs */
    uint8_t  tile_marks;                      /* WH_TILE_FLAG_VOLCANO, _DRAGON, _PORTAL (for the drawing) */

    const wc_edge_decl *decl[WH_MAX_SQUARES][4]; /* where each side was described (checking only) */

    /* From here on, every entry is written before it is read, so the
    ** checker does not clear these between tiles (WC_GEOM_CLEARED). */
    char       obj_name[WC_MAX_OBJECTS][WC_NAME_MAX + 1];
    char       sq_name[WH_MAX_SQUARES][WC_NAME_MAX + 1];
    wc_segment cycle[WC_MAX_SEGMENTS];        /* the outline, clockwise (set by wc_planar_check) */
    /* Where the AST said things, for messages (valid only while checking;
    ** claim_ref only where claim >= 0). */
    const wc_feature *src[WC_MAX_OBJECTS];
    const wc_ref     *claim_ref[WC_MAX_SIDES][WH_N_SLOTS];
} wc_geom;

/* The bytes of a wc_geom that must start at zero for each tile. */
#define WC_GEOM_CLEARED offsetof(wc_geom, obj_name)

/** "N", "E", "S", "W", indexed by wh_dir_t. */
extern const char *const wc_dir_names[4];

/** The label of a segment, "tl:NL" (or "NL" on an unnamed square), into @p buf. */
const char *wc_geom_segment_label(const wc_geom *g, size_t side, int slot, char *buf, size_t size);

/** Whether an edge type has a segment in a slot (city: M; road, river: L M R; field: L R). */
static inline bool wc_slot_used(int edge, int slot)
{
    return edge == WH_EDGE_ROAD || edge == WH_EDGE_RIVER || (edge == WH_EDGE_CITY && slot == WH_SLOT_M) ||
           (edge == WH_EDGE_FIELD && slot != WH_SLOT_M);
}

/** Copy @p n bytes of @p s into @p dst of @p cap bytes as a string, cut to fit. */
static inline void wc_copy_name(char *dst, size_t cap, const char *s, size_t n)
{
    if (n >= cap)
        n = cap - 1;
    if (n) /* an unnamed square's name has no text at all */
        memcpy(dst, s, n);
    dst[n] = '\0';
}

/** The word for a kind of object ("city", ..., "junction"). */
const char *wc_kind_word(int kind);

#endif
