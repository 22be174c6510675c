/*
** playout.h -- random games: a seeded generator, a bag of tiles, and a
** player that picks uniformly among the legal moves.  Used by the tests,
** the benchmarks and `wonders simulate`; all state is the caller's.
*/
#ifndef WH_PLAYOUT_H
#define WH_PLAYOUT_H

#include "wonders.h"
#include "match.h" /* wh_rng_t, which a match carries (P5) */

/** Seed @p rng; the same seed gives the same sequence on every machine. */
WH_API void wh_rng_seed(wh_rng_t *rng, uint64_t seed);

/** A uniformly distributed number in [0, @p n) (0 when n is 0). */
WH_API uint32_t wh_rng_below(wh_rng_t *rng, uint32_t n);

/* The tiles still to be drawn. */
typedef struct wh_bag {
    uint16_t tile[WH_MAX_PLACED];
    uint16_t n;
} wh_bag_t;

/**
 * Fill @p bag with every copy of every tile of the packs listed in
 * @p packs, less one copy of @p start_tile (already on the board; -1 for
 * none).
 * @returns WH_OK, WH_ERR_RANGE for a bad pack, WH_ERR_CAPACITY when the
 * copies do not fit.
 */
WH_API wh_status_t wh_bag_fill(wh_bag_t *bag, const wh_tileset_t *set, const uint32_t *packs, size_t n_packs, int start_tile);

/** Add one copy of @p tile; WH_ERR_CAPACITY when the bag is full. */
WH_API wh_status_t wh_bag_add(wh_bag_t *bag, uint16_t tile);

/** Shuffle the bag (Fisher-Yates). */
WH_API void wh_bag_shuffle(wh_bag_t *bag, wh_rng_t *rng);

/* Where a tile goes in a pile dealt with the River (wh_river_rank). */
enum {
    WH_RIVER_ON = 0,  /* a river tile that carries the river on (two river sides) */
    WH_RIVER_END = 1, /* a river tile that ends it: one river side (the lake; a second spring) */
    WH_RIVER_NONE = 2 /* no river */
};

/** The River's rank of @p tile: WH_RIVER_ON, WH_RIVER_END or WH_RIVER_NONE. */
WH_API int wh_river_rank(const wh_tileset_t *set, uint16_t tile);

/**
 * Check that @p pile (@p n tiles in draw order) keeps the order of the
 * River that wh_bag_river_first deals: every river tile before every other
 * tile, and those that end the river after those that carry it on ("the
 * lake is placed last"), their ranks (wh_river_rank) never decreasing.
 * @returns the index of the first tile out of that order, or @p n when
 * none is (always, for a pile without river tiles).
 */
WH_API size_t wh_pile_river_order(const wh_tileset_t *set, const uint16_t *pile, size_t n);

/**
 * Put the River's tiles first, in their shuffled order, and the lake (a
 * river tile with one river side) last of them: "the lake is placed last"
 * (docs/rules.md, "The River").  A bag without river tiles is unchanged.
 */
WH_API void wh_bag_river_first(wh_bag_t *bag, const wh_tileset_t *set);

/**
 * Deal a game of @p packs: its start tile (wh_game_start_tile: the River's
 * spring when the River is played, else base's D) into @p start_tile, and
 * every other copy of the packs' tiles into @p bag, shuffled with @p rng,
 * the River's first (wh_bag_river_first).  A pack listed twice gives two
 * copies of its tiles.
 * @returns as wh_bag_fill.
 */
WH_API wh_status_t wh_bag_deal(wh_bag_t *bag, const wh_tileset_t *set, const uint32_t *packs, size_t n_packs,
                               wh_rng_t *rng, int *start_tile);

/* What one random game did. */
typedef struct wh_playout_stats {
    uint32_t turns;     /* tiles placed */
    uint32_t discarded; /* tiles that fitted nowhere */
    uint32_t meeples;   /* meeples placed */
    uint32_t aside;     /* dragon tiles set aside for want of a volcano, never shuffled back (P5) */
} wh_playout_stats_t;

/**
 * Play @p g to the end: each turn draws the next tile of @p bag (one that
 * fits nowhere is discarded and the same player draws again), places it at
 * a uniformly random legal placement, then chooses uniformly among "no
 * meeple" and each legal meeple (on a wonder, again for a second meeple),
 * and ends the turn.  Then the final scoring.  Events go to @p sink.
 * With the rule WH_RULE_PRINCESS_DRAGON (P5, docs/rules.md) a dragon tile
 * drawn while the dragon is not on the board is set aside; before the
 * first draw after a volcano has brought it, the tiles set aside go back
 * into the tiles still to draw, which are shuffled with @p rng: then @p bag
 * is reordered.  Tiles still aside at the end are never placed
 * (stats->aside).
 * @returns WH_OK, or the first error (which would be a runtime bug).
 */
WH_API wh_status_t wh_play_random(wh_game_t *g, wh_bag_t *bag, wh_rng_t *rng, const wh_score_sink_t *sink,
                           wh_playout_stats_t *stats);

/**
 * A uniformly random legal placement of @p tile into @p out, drawn with
 * @p rng without listing them all when it can: for a land tile of one
 * square (no river), random (frontier cell, rotation) pairs until one fits,
 * and the count and wh_game_placement_nth after a dozen misses.  Cheaper
 * than wh_game_placements for a random player; the draws it takes from
 * @p rng are its own (not those of wh_rng_below(count) then the nth).
 * @returns false when the tile fits nowhere.
 */
WH_API bool wh_game_placement_random(const wh_game_t *g, uint32_t tile, wh_rng_t *rng, wh_placement_t *out);

/**
 * Players that choose uniformly at random with @p rng: a legal placement
 * (drawn without the list: wh_game_placement_random); "no meeple" or a
 * legal meeple; who takes a wonder first; which wonder; which tile of a
 * hand.
 */
WH_API wh_players_t wh_random_players(wh_rng_t *rng);

#endif
