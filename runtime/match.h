/*
** match.h -- a whole game of The Wonders of Humanity: the draw pile, the
** wonder track, wonders waiting to be placed, the draw rule of a hand, the
** fallback when a wonder fits nowhere, the end of the game, and the
** two-wonders variant (docs/rules.md).  It runs on a wh_game_t and asks a
** player interface for every decision, checking each answer.
*/
#ifndef WH_MATCH_H
#define WH_MATCH_H

#include "wonders.h"

#define WH_MATCH_MAX_WONDERS 16 /* wonders available at the start */
#define WH_TRACK_FIRST       10 /* the first space of the meeple pairs */
#define WH_TRACK_STEP        5
#define WH_TRACK_LAST        25 /* "never beyond the space 25" */
#define WH_TRACK_SECOND      50 /* the variant's second wonder */
#define WH_HAND_SLOTS        (WH_MAX_HAND + 1) /* a hand rule's tiles and the last one handed on */

typedef struct wh_match wh_match_t;

/* xoshiro-style 64-bit generator state (splitmix64 seeding; the functions
** are in playout.h).  Here because a match carries one: the P5 shuffle. */
typedef struct wh_rng {
    uint64_t s[2];
} wh_rng_t;

/* The decisions of the players.  Each returns an index into the choices
** it is shown; an answer out of range or otherwise illegal is asked again,
** and after 3 illegal answers the turn fails with WH_ERR_CALLBACK. */
typedef struct wh_players {
    /* Where the current player puts `tile`: one of `n` legal placements. */
    size_t (*placement)(void *ctx, const wh_match_t *m, uint16_t tile, const wh_placement_t *options, size_t n);
    /* One of `n` meeple options (wh_game_meeple_options: a figure on a local
    ** feature of the tile just placed, or the abbot taken back), or `n` for none. */
    size_t (*meeple)(void *ctx, const wh_match_t *m, const uint8_t *options, size_t n);
    /* Several players reached the meeple pairs at once: which of `candidates`
    ** (bit p for player p) takes a wonder now.  Asked of `chooser`, the
    ** player whose turn it is (R: "the person whose turn it is chooses"). */
    int (*first_to_take)(void *ctx, const wh_match_t *m, int chooser, unsigned candidates);
    /* Which of the available wonders `player` takes: an index into m->available. */
    size_t (*wonder)(void *ctx, const wh_match_t *m, int player);
    /* A hand: which of the `n` tiles that fit to place now. */
    size_t (*from_hand)(void *ctx, const wh_match_t *m, const uint16_t *hand, size_t n);
    /* Which figure marks the wonder the current player has just placed: one
    ** of the `n` figures (wh_figure_t) of their supply that may (a meeple,
    ** then the large meeple: W, "You can use the large meeple of the 1st
    ** expansion or any other figure in that color").  Asked whenever a
    ** wonder is placed and a figure is there to mark it.  NULL: the first
    ** offered -- a meeple, or the large meeple when no meeple is left. */
    size_t (*marker)(void *ctx, const wh_match_t *m, const uint8_t *figures, size_t n);
    /* Where the current player puts `tile`, chosen without being shown the
    ** legal placements -- a random player need not list them
    ** (wh_game_placement_random, playout.h): write it to *out and return
    ** true, or return false to be shown the list (`placement`) instead.
    ** Asked first for every tile the turn places (a land tile, a wonder),
    ** never for the extra tile drawn to make room for a wonder.  An illegal
    ** *out is an illegal answer.  NULL: never asked, `placement` always. */
    bool (*direct_placement)(void *ctx, const wh_match_t *m, uint16_t tile, wh_placement_t *out);
    void *ctx;
    /* The Princess & the Dragon: where player `mover` steps the dragon, one
    ** of the `n` squares it may go to (wh_game_dragon_steps), each step of a
    ** flight asked of the player who makes it (P7).  NULL: the first. */
    size_t (*dragon)(void *ctx, const wh_match_t *m, int mover, const wh_point_t *options, size_t n);
    /* The Princess & the Dragon: beside which of the `n` followers (indexes
    ** into m->game.meeple: wh_game_fairy_options) the current player moves
    ** the fairy, or `n` to leave it; asked when the turn placed no figure
    ** (P10).  NULL: never moved. */
    size_t (*fairy)(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n);
    /* The Princess & the Dragon: which of the `n` knights (indexes into
    ** m->game.meeple: wh_game_princess_options) the princess on the tile
    ** just placed sends home, or `n` for none (P17: she may); asked before
    ** the figures.  NULL: never. */
    size_t (*princess)(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n);
    /* The Princess & the Dragon: which of the `n` portal options (a
    ** follower and a node id, WH_PORTAL_OPTION: wh_game_portal_options) the
    ** current player puts through the portal of the tile just placed, or `n`
    ** for none (then the figures of the tile are asked as usual).  NULL:
    ** never. */
    size_t (*portal)(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n);
    /* The Tower: which of the `n` tower moves (WH_TOWER_MOVE: a floor on a
    ** tile's tower, or a figure closing it: wh_game_tower_moves) the current
    ** player makes instead of a figure, or `n` for none; asked after the
    ** figures when none was placed, before the fairy.  NULL: never. */
    size_t (*tower)(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n);
    /* The Tower: which of the `n` followers within the reach of the floor
    ** just chosen on tile `placed` (capture targets: wh_game_tower_captures)
    ** it takes, or `n` for none (TW5).  NULL: none. */
    size_t (*capture)(void *ctx, const wh_match_t *m, uint16_t placed, const uint16_t *options, size_t n);
    /* The Tower: which of the `n` ransoms (WH_RANSOM: wh_game_ransom_options)
    ** the current player pays as a turn part starts, before its tile, or `n`
    ** for none (TW10).  NULL: never. */
    size_t (*ransom)(void *ctx, const wh_match_t *m, const uint16_t *options, size_t n);
} wh_players_t;

typedef struct wh_match_config {
    uint8_t         players;    /* 2 to WH_MAX_PLAYERS */
    uint8_t         variant;    /* wonders per player: 1, or 2 (the variant) */
    const uint16_t *pile;       /* the land tiles, in draw order (already shuffled) */
    size_t          n_pile;
    const uint16_t *wonders;    /* wonder tiles set out beside the track */
    size_t          n_wonders;
    int             start_tile; /* -1: the tile set's start tile */
    wh_rules_t      rules;      /* WH_RULE_BIT()s: the expansions' rules played with */
    uint8_t         track_seats; /* bit p: player p may take wonders from the track; 0: everyone
                                    (an experiment's control, `wonders balance`: docs/balance.md) */
    uint64_t        seed;       /* the match's own shuffles (P5: the dragon tiles set aside go back);
                                   a record's `seed`, so that its replay shuffles the same */
    uint8_t         meeples;    /* each supply at the start; 0: the rules' -- 6 with a wonder on
                                   offer, the base game's 7 without (docs/rules.md, "Setup") */
} wh_match_config_t;

struct wh_match {
    wh_game_t game;
    uint8_t   variant;
    uint8_t   pair_space;                     /* where the meeple pairs stand */
    uint8_t   over;
    uint8_t   passes;                         /* players in a row who could place nothing */
    uint8_t   turn_player;                    /* whose turn was played last */
    uint8_t   track_seats;                    /* players who may take wonders (bits) */
    uint16_t  pile[WH_MAX_PLACED];
    uint16_t  n_pile, drawn;                  /* tiles drawn so far */
    uint16_t  removed;                        /* tiles taken out of the game (fit nowhere) */
    uint16_t  available[WH_MATCH_MAX_WONDERS]; /* wonders still beside the track */
    uint8_t   n_available;
    uint8_t   taken[WH_MAX_PLAYERS];          /* wonders each player has taken */
    uint16_t  waiting[WH_MAX_PLAYERS][2];     /* taken, not yet placed */
    uint8_t   n_waiting[WH_MAX_PLAYERS];
    uint16_t  hand[WH_MAX_PLAYERS][WH_HAND_SLOTS]; /* tiles kept in front of a player */
    uint8_t   n_hand[WH_MAX_PLAYERS];
    uint16_t  portal[WH_MAX_PORTAL_OPTIONS];  /* working space: the followers and features a portal takes */
    uint16_t  aside[WH_MAX_PLACED];           /* P5: dragon tiles drawn before any volcano */
    uint16_t  n_aside;
    wh_rng_t  rng;                            /* P5's shuffle, seeded from config.seed */
};

/**
 * Set up a match: the start tile on the board, 6 meeples in each supply
 * and the pairs beside space 10 (rulebook, "Setup"), the wonders beside the
 * track; with no wonder (@p config->n_wonders 0), the base game's 7
 * meeples in each supply (@p config->meeples, when not 0, says otherwise).  The game is played "with" the pile plus the
 * start tile.
 */
WH_API wh_status_t wh_match_init(wh_match_t *m, const wh_tileset_t *set, const wh_match_config_t *config);

/**
 * With The Princess & the Dragon (P5): a dragon tile drawn while the dragon
 * is not on the board yet is set aside and another drawn; once the first
 * volcano has brought it, the tiles set aside and the tiles still to draw
 * are shuffled together with the match's generator (seeded from
 * wh_match_config_t.seed, so a record with its seed replays them).
 *
 * Play the current player's turn: place a waiting wonder (with the
 * fallback when it fits nowhere), or the tile the draw rule gives, or pass;
 * then scoring, then the wonder track.  Ends the match (final scoring)
 * when nobody could place anything for a whole round.
 */
WH_API wh_status_t wh_match_play_turn(wh_match_t *m, const wh_players_t *players, const wh_score_sink_t *sink);

/**
 * The rest of the current player's turn once its tile is known (drawn,
 * chosen from a hand, or a waiting wonder taken out of m->waiting), as
 * wh_match_play_turn plays it: the placement, the marker, the princess, the
 * portal, the meeples, the fairy, the dragon and the turn's scoring; not
 * the wonder track (wh_match_track) nor the count of passes.  For a player
 * that searches by playing a turn on from where it was asked (the `mcts`
 * seat, runtime/lab/mcts.c).
 */
WH_API wh_status_t wh_match_place(wh_match_t *m, const wh_players_t *players, uint16_t tile,
                                  const wh_score_sink_t *sink);

/** Play turns until the match is over. */
WH_API wh_status_t wh_match_play(wh_match_t *m, const wh_players_t *players, const wh_score_sink_t *sink);

/**
 * Give wonders to the players whose score reached the meeple pairs (and, in
 * the variant, 50), in the order the current player chooses (each taking
 * is wh_match_take's: what its `taken` handlers pay goes to @p sink, which
 * may be NULL, and may bring another player to the pairs).  Runs after
 * every turn; public for tools that set scores by hand.
 */
WH_API wh_status_t wh_match_track(wh_match_t *m, const wh_players_t *players, const wh_score_sink_t *sink);

/**
 * @p player takes m->available[@p k] from beside the track: it waits in
 * front of them, @p meeples come to their supply (2 at the meeple pairs, 1
 * at the variant's 50; wh_match_track moves the pairs on), and the wonder
 * hears its event `taken` before it is on the board -- its handlers' scores
 * go to @p sink, its `starts taken` rules of the owner's figures hold from
 * now (docs/language.md, "Events").  For a player that searches by playing
 * a taking on (the `mcts` seat).  WH_ERR_RANGE, nothing changed, for a
 * player or index out of range or a player already holding two wonders.
 */
WH_API wh_status_t wh_match_take(wh_match_t *m, int player, size_t k, int meeples, const wh_score_sink_t *sink);

/** The hand size of @p player's draw rule now (1 without a hand wonder). */
WH_API int wh_match_hand_size(const wh_match_t *m, int player);

/**
 * @p player has just taken their chosen tile out of their hand: the rest of
 * the hand goes where the hand rule says -- under the pile (`rule hand N
 * bottom`), or it stays for the next turn (`keep`), except that with the
 * pile empty it goes to the next player (W: "If your unchosen tile is the
 * last one in the game, it goes to the next player for the last turn").
 */
WH_API void wh_match_hand_chosen(wh_match_t *m, int player);

#endif
