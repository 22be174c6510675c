/*
** check.h -- semantic checks, and lowering of the syntax tree into the model.
**
** Every problem is reported (not just the first); a tile with an error adds
** nothing to the model, and the other tiles are still checked.
*/
#ifndef WC_CHECK_H
#define WC_CHECK_H

#include "ast.h"
#include "model.h"

/* Checks across tiles and packs, fed one tile at a time by the parser. */
typedef struct wc_checker wc_checker;

/** A checker that lowers valid tiles into @p model and reports to @p d. */
wc_checker *wc_checker_new(wc_diag *d, wc_model *model);

/** Free the checker (not the model). */
void wc_checker_free(wc_checker *c);

/** A pack begins: its id is checked and it gets a row in the model. */
void wc_checker_pack_begin(wc_checker *c, const wc_pack *pack);

/**
 * A tile of the current pack is complete: check it, lower it into the model
 * when it is valid, and check its facts.  The checker keeps no pointer into
 * the tile's syntax tree, which may be freed as soon as this returns.
 */
void wc_checker_tile(wc_checker *c, const wc_pack *pack, const wc_tile *tile);

/* Told of each tile handed to the checker, before it is checked; the tile's
** tree is valid only during the call (the language server's index). */
typedef void wc_tile_observer(void *ctx, const wc_pack *pack, const wc_tile *tile);

/** Call @p fn with @p ctx for every tile from now on (NULL: stop). */
void wc_checker_observe(wc_checker *c, wc_tile_observer *fn, void *ctx);

/** The pack ends: close its row and check its facts. */
void wc_checker_pack_end(wc_checker *c, const wc_pack *pack);

/**
 * Every file is in: check the facts of the `tileset` block, if there is one,
 * over every pack.  Skipped when anything had an error, since the set would
 * then be counted short.
 */
void wc_checker_finish(wc_checker *c, const wc_program *program);

/** How many packs (and the tileset block) had facts left unchecked for errors. */
unsigned wc_checker_unchecked_facts(const wc_checker *c);

/**
 * Check one tile and append its lowered tables to @p model.
 * @param pack_index  index of the tile's pack in the model
 * @returns @c true on success; on failure the model is left unchanged.
 */
bool wc_check_tile(wc_diag *d, wc_model *model, const wc_tile *tile, uint8_t pack_index, wc_name pack_id);

/* Where an `expect` statement stands, which decides what it may count. */
typedef enum wc_fact_level { WC_FACTS_TILE, WC_FACTS_PACK, WC_FACTS_SET } wc_fact_level;

/* Which set of tiles an `expect` statement counts over. */
typedef struct wc_fact_scope {
    const wh_tileset_t *set;
    uint32_t first_tile, n_tiles; /* the tiles counted */
    wc_fact_level level;          /* above a tile, copies are weighted by count */
} wc_fact_scope;

/**
 * Evaluate every `expect` in the list @p e over @p scope; report each one
 * that does not hold with the expected and computed numbers.
 * @returns @c true when all hold.
 */
bool wc_check_facts(wc_diag *d, const wc_expect *e, wc_fact_scope scope);

#endif
