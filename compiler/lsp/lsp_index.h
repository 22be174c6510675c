/*
** lsp_index.h -- what the language server knows of the open documents: one
** compilation of them all together (they form one tile set), its
** diagnostics as the sink received them, and an index of every name
** written -- where each pack, tile, square, feature, counter and variable
** is declared and where it is used.
**
** Nothing here speaks JSON: the server (lsp_server.c) and the playground
** (playground.c) both answer from it.
*/
#ifndef WC_LSP_INDEX_H
#define WC_LSP_INDEX_H

#include "../driver.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An open document: its name for messages and its text. */
typedef struct wc_lsp_doc {
    const char *name;
    const char *text;
    size_t      len;
} wc_lsp_doc;

/* What a name names; a name is resolved within its namespace and scope. */
typedef enum wc_lsp_ns {
    WC_NS_PACK,    /* scope 0: the whole set */
    WC_NS_TILE,    /* scope 0 ("pack.id" is the key, the bare id the text) */
    WC_NS_SQUARE,  /* scope: the tile */
    WC_NS_FEATURE, /* scope: the tile */
    WC_NS_COUNTER, /* scope: the tile */
    WC_NS_VAR      /* scope: the handler */
} wc_lsp_ns;

/* One name as written. */
typedef struct wc_lsp_occ {
    uint32_t file, start, end;
    uint8_t  ns;    /* wc_lsp_ns */
    bool     def;   /* where it is declared */
    int      kind;  /* a feature's kind (wh_kind_t or WC_KIND_JUNCTION); -1 */
    uint32_t scope;
    uint32_t tile;  /* the tile it is written in (index into tiles), or UINT32_MAX */
} wc_lsp_occ;

/* A tile as written, and where its compiled form is. */
typedef struct wc_lsp_tile {
    uint32_t file, start, end; /* the keyword to the closing brace */
    wc_loc   id;
    int      kind;             /* wh_tile_kind_t */
    char     key[2 * 64 + 2];  /* "pack.id" */
    char    *name;             /* display name */
    bool     has_effect;
    uint32_t effect_start, effect_end; /* the effect block, when it has one */
    uint32_t geom;             /* its planar model in c.model.geoms, or UINT32_MAX */
} wc_lsp_tile;

typedef struct wc_lsp_pack {
    uint32_t file, start, end;
    wc_loc   id;
    char    *name;
} wc_lsp_pack;

/* A diagnostic, or a note of the one before it (note: true). */
typedef struct wc_lsp_diag {
    int      severity;         /* wc_severity */
    bool     located;
    wc_loc   at;
    char    *message;
} wc_lsp_diag;

typedef struct wc_lsp_analysis {
    wc_compilation c;           /* the documents are its sources, in order */
    size_t       n_docs;
    wc_lsp_diag *diags;
    size_t       n_diags, cap_diags;
    wc_lsp_occ  *occs;
    size_t       n_occs, cap_occs;
    wc_lsp_tile *tiles;
    size_t       n_tiles, cap_tiles;
    wc_lsp_pack *packs;
    size_t       n_packs;
    uint32_t     n_handlers;    /* variable scopes given out */
    size_t       geoms_before;  /* c.model.n_geoms when the last tile was handed over */
    FILE        *messages;      /* the printed form of the diagnostics (discarded) */
} wc_lsp_analysis;

/**
 * Compile @p n documents together and index them.  @p draw: derive the
 * tiles' drawings too (for a picture; the server's answers need none).
 * @returns the analysis, which the caller frees.
 */
wc_lsp_analysis *wc_lsp_analyse(const wc_lsp_doc *docs, size_t n, bool draw);

/** Free an analysis (NULL is fine). */
void wc_lsp_analysis_free(wc_lsp_analysis *a);

/** The text of document @p file, as compiled. */
const char *wc_lsp_text(const wc_lsp_analysis *a, uint32_t file, size_t *len);

/** The name written at @p offset of @p file, or NULL. */
const wc_lsp_occ *wc_lsp_occ_at(const wc_lsp_analysis *a, uint32_t file, size_t offset);

/** Whether two occurrences name the same thing. */
bool wc_lsp_same(const wc_lsp_analysis *a, const wc_lsp_occ *x, const wc_lsp_occ *y);

/** Where the thing @p o names is declared (the first declaration), or NULL. */
const wc_lsp_occ *wc_lsp_definition(const wc_lsp_analysis *a, const wc_lsp_occ *o);

/** The innermost tile of @p file holding @p offset, or NULL. */
const wc_lsp_tile *wc_lsp_tile_at(const wc_lsp_analysis *a, uint32_t file, size_t offset);

#endif
