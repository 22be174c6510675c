/*
** wonders.h -- the runtime: a Carcassonne board with land tiles and
** 5-square wonder tiles, legal placements, features joined across tiles,
** meeples and base-game scoring (3rd edition).  docs/runtime.md explains
** the model; every function is documented here.
**
** A game lives in caller storage (wh_game_t, about 46 KiB, no pointers but
** the const tile set), so two games never interfere and a state is copied
** with memcpy or plain assignment.  Nothing here allocates.  Every function
** that changes a game checks the request first: an illegal one returns an
** error status and leaves the game exactly as it was.
*/
#ifndef WH_WONDERS_H
#define WH_WONDERS_H

#include "tables.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The API's version (docs/runtime.md, "Versions"): a program compiled
** against one major version runs with any library of that major version
** whose minor version is at least as high.  The soname carries the major. */
#define WH_VERSION_MAJOR 5
#define WH_VERSION_MINOR 0
#define WH_VERSION_PATCH 0
#define WH_VERSION "5.0.0"

/** The version of the library actually linked, as "MAJOR.MINOR.PATCH". */
WH_API const char *wh_version(void);

/* The dragon's flight (The Princess & the Dragon, P7): steps, whatever the
** number of players. */
#define WH_DRAGON_STEPS 6

/* Capacities of one game (docs/runtime.md, "Limits"). */
#define WH_MAX_PLAYERS     6
#define WH_MAX_PLACED      256  /* tiles on the board */
#define WH_MAX_NODES       1024 /* features on the board */
#define WH_CELL_SLOTS      2048 /* hash slots for occupied and frontier cells */
#define WH_MAX_CELLS       1536 /* occupied + frontier cells (hash load <= 0.75) */
#define WH_MAX_MEEPLES     96   /* meeples on the board at once */
#define WH_MAX_MONASTERIES 64
#define WH_COORD_LIMIT     16000 /* |x| and |y| of a square */
#define WH_MAX_WONDERS     16   /* tiles with an effect on the board */
#define WH_LINE_HALF       32   /* the line masks span -32 .. 31 on both axes */

/* Results of the functions that change a game. */
#define WH_STATUS_LIST(X)                                                     \
    X(OK, "ok")                                                               \
    X(ERR_RANGE, "an id, player, rotation or position out of range")         \
    X(ERR_PHASE, "not allowed at this point of the turn")                     \
    X(ERR_OCCUPIED, "a square is already occupied")                           \
    X(ERR_NOT_ADJACENT, "the tile touches no tile on the board")              \
    X(ERR_MISMATCH, "a side does not match its neighbour")                    \
    X(ERR_FEATURE_OCCUPIED, "that feature already has a meeple")              \
    X(ERR_NOT_A_FEATURE, "a meeple cannot stand there")                       \
    X(ERR_NO_MEEPLE, "the player has no meeple left")                         \
    X(ERR_MEEPLE_LIMIT, "no more meeples may be placed on this tile")         \
    X(ERR_CAPACITY, "the game's capacity is exceeded")                        \
    X(ERR_CALLBACK, "a player callback kept answering with an illegal choice") \
    X(ERR_RIVER, "a river tile must continue the river, without a U-turn")          \
    X(ERR_RESERVED, "a square is reserved to a wonder's owner")                     \
    X(ERR_NO_FOLLOWER, "the player has no follower of their own on that feature")   \
    X(ERR_COMPLETED, "that feature is completed")                                   \
    X(ERR_FORBIDDEN, "a wonder's rule forbids that figure there")                   \
    X(ERR_NO_TOWER, "no tower foundation or open tower of that height there")        \
    X(ERR_NO_FLOOR, "the player has no tower floor left")                           \
    X(ERR_POINTS, "the player has too few points")
typedef enum wh_status {
#define WH_STATUS_ENUM(name, text) WH_##name,
    WH_STATUS_LIST(WH_STATUS_ENUM)
#undef WH_STATUS_ENUM
    WH_N_STATUS
} wh_status_t;

/** A sentence describing @p status. */
WH_API const char *wh_status_text(wh_status_t status);

/* Rules a game may be played with beyond the base game and the wonders
** (docs/rules.md): the expansions' own rules, chosen for each game. */
#define WH_RULE_LIST(X)                                                               \
    X(INNS_CATHEDRALS, "inns_cathedrals", "inns, cathedrals and the large meeple")    \
    X(ABBOT, "abbot", "the abbot, on monasteries and gardens")                        \
    X(TRADERS_BUILDERS, "traders_builders", "goods, the builder and the pig")                \
    X(PRINCESS_DRAGON, "princess_dragon", "the volcano, the dragon, the fairy, the princess and the portal") \
    X(DRAGON_AFTER_SCORING, "dragon_after_scoring", "the dragon moves after the scoring (RGG's variant)") \
    X(PRINCESS_MUST, "princess_must", "the princess must send a knight home (RGG's and Z-Man's variant)") \
    X(FAIRY_ON_TILE, "fairy_on_tile", "the fairy goes on a tile with one's follower (RGG's and Z-Man's variant)") \
    X(TOWER, "tower", "tower floors, captures, prisoners and ransom")
typedef enum wh_rule {
#define WH_RULE_ENUM(r, word, text) WH_RULE_##r,
    WH_RULE_LIST(WH_RULE_ENUM)
#undef WH_RULE_ENUM
    WH_N_RULES
} wh_rule_t;

/* A rule set: bit r is rule r (WH_RULE_BIT).  64 bits, room for the rules
** of every box on the rules page and their publishers' variants; the words
** stay the records' and the options' (wh_rule_word). */
typedef uint64_t wh_rules_t;
#define WH_RULE_BIT(r) ((wh_rules_t)1 << (r))
#define WH_RULES_ALL   ((WH_RULE_BIT(WH_N_RULES - 1) << 1) - 1) /* every rule there is */

/** The word for @p rule in records and options ("inns_cathedrals"), or NULL. */
WH_API const char *wh_rule_word(wh_rule_t rule);

/* The figures a player puts on features.  Each counts 1 towards the
** majority on a feature but the large meeple, which counts 2, and the
** builder and the pig (Traders & Builders), which are no followers and
** count 0: they join a feature where their player has a follower. */
#define WH_FIGURE_LIST(X) X(MEEPLE, "meeple") X(LARGE, "large") X(ABBOT, "abbot") X(BUILDER, "builder") X(PIG, "pig")
typedef enum wh_figure {
#define WH_FIGURE_ENUM(f, word) WH_FIGURE_##f,
    WH_FIGURE_LIST(WH_FIGURE_ENUM)
#undef WH_FIGURE_ENUM
    WH_N_FIGURES
} wh_figure_t;

/** The word for @p figure ("meeple", "large", "abbot", "builder", "pig"), or NULL. */
WH_API const char *wh_figure_word(wh_figure_t figure);

/* A meeple option (wh_game_meeple_options): a figure on a local feature of
** the tile just placed, or the abbot taken back. */
#define WH_OPTION(figure, local) ((uint8_t)((unsigned)(figure) << 5 | (unsigned)(local)))
#define WH_OPTION_FIGURE(option) ((unsigned)(option) >> 5)
#define WH_OPTION_LOCAL(option)  ((unsigned)(option) & 31u)
#define WH_OPTION_RECALL 0xFFu /* the current player takes their abbot back (and scores it) */
#define WH_MAX_MEEPLE_OPTIONS (WH_N_FIGURES * WH_MAX_FEATURES + 1) /* room for every option */

/* The goods of Traders & Builders: a city's mark and the tokens taken
** when it is completed. */
#define WH_GOODS_LIST(X) X(WINE, "wine") X(GRAIN, "grain") X(CLOTH, "cloth")
typedef enum wh_goods {
#define WH_GOODS_ENUM(k, word) WH_GOODS_##k,
    WH_GOODS_LIST(WH_GOODS_ENUM)
#undef WH_GOODS_ENUM
    WH_N_GOODS
} wh_goods_t;

/* The builder's double turn (Traders & Builders): which part of a turn is
** being played. */
typedef enum wh_builder_part {
    WH_PART_ONLY,   /* a plain turn (so far) */
    WH_PART_FIRST,  /* its tile extended the player's builder's road or city: a second part follows */
    WH_PART_SECOND  /* the second part: the same player places another tile */
} wh_builder_part_t;

/* A board square (the dragon's steps). */
typedef struct wh_point {
    int16_t x, y;
} wh_point_t;

/* Where a turn is. */
typedef enum wh_phase {
    WH_PHASE_TILE,   /* the current player places a tile */
    WH_PHASE_MEEPLE, /* ... may place meeples on it, then ends the turn */
    WH_PHASE_OVER,   /* final scoring is done */
    WH_PHASE_DRAGON  /* the variant dragon_after_scoring: scored (wh_game_score_turn), the
                        dragon flies, then wh_game_end_turn passes the turn */
} wh_phase_t;

/* One cell of the board hash: an occupied square or an empty square next
** to the board (the frontier).  Internal to the runtime. */
typedef struct wh_cell {
    int16_t  x, y;
    uint8_t  state;   /* 0 free slot, 1 frontier, 2 occupied */
    uint8_t  edges;   /* occupied: edge types by absolute direction (2 bits each);
                         frontier: required edge types, 0 where no neighbour */
    uint8_t  square;  /* occupied: square index in its tile */
    uint8_t  river;   /* bit d: occupied: its side facing d is a river; frontier: the
                         neighbour in direction d shows it a river side */
    uint16_t placed;  /* occupied: index into placed[]; frontier: index into frontier[] */
    uint16_t reserved;
} wh_cell_t;

/* A tile on the board. */
typedef struct wh_placed {
    uint16_t tile;       /* tile id in the tile set */
    int16_t  x, y;       /* the cell of its square 0 */
    uint8_t  rotation;   /* quarter turns clockwise */
    uint8_t  player;     /* who placed it (WH_NONE for the start tile) */
    uint16_t first_node; /* its features are nodes first_node + local index */
    uint8_t  marked;     /* a wonder carrying its owner's marker meeple */
    uint8_t  started;    /* its owner has ended a turn after the one it was placed in */
    uint16_t turn;       /* the turn it was placed in (its effect starts on its owner's
                            next turn: docs/rules.md, "Effects") */
} wh_placed_t;

/* A figure on the board. */
typedef struct wh_meeple {
    uint16_t node;   /* the feature it stands on */
    uint8_t  player;
    uint8_t  figure; /* wh_figure_t */
} wh_meeple_t;

/* A monastery or a garden: what is scored by the squares around it. */
typedef struct wh_monastery {
    uint16_t node;
    int16_t  x, y;       /* its square */
    uint8_t  neighbours; /* occupied squares among the 8 around it */
    uint8_t  kind;       /* WH_KIND_MONASTERY or WH_KIND_GARDEN */
} wh_monastery_t;

/* Capacity of wh_game_t.hooked: the hooks of runtime/box.h. */
#define WH_BOX_HOOKS 24

/* The state each box keeps in a game, its own (docs/runtime.md, "Boxes"):
** only the box's files touch it.  Public only so that wh_game_t is. */
typedef struct wh_traders_state {
    uint8_t goods[WH_MAX_PLAYERS][WH_N_GOODS]; /* goods tokens by wh_goods_t */
} wh_traders_state_t;

typedef struct wh_princess_dragon_state {
    uint8_t  dragon_on;               /* the dragon stands on the board, on (dragon_x, dragon_y) */
    uint8_t  dragon_left;             /* steps left in the flight under way (0: none) */
    uint8_t  dragon_taken;            /* steps taken in it */
    int16_t  dragon_x, dragon_y;
    int16_t  dragon_seen[WH_DRAGON_STEPS + 1][2]; /* the squares of the flight so far, its start first */
    uint16_t dragon_seen_tile[WH_DRAGON_STEPS + 1]; /* ... the placed tile each is of */
    uint8_t  fairy_on;                /* the fairy stands on the board, on placed tile fairy_tile */
    uint8_t  fairy_player;            /* beside a follower of this player on fairy_node (while one is there) */
    uint16_t fairy_tile, fairy_node;
} wh_princess_dragon_state_t;

typedef struct wh_abbot_state {
    uint16_t recalled; /* this turn: the feature whose abbot was taken back, or WH_NO_FEATURE */
} wh_abbot_state_t;

/* The Tower (runtime/tower.c).  A tower is kept from its first floor on;
** at most 30 floors are dealt (TW1), so at most that many towers. */
#define WH_MAX_TOWERS 32
typedef struct wh_tower {
    uint16_t placed;     /* the tile (index in placed[]) whose foundation it stands on */
    uint8_t  height;     /* floors, at least 1 */
    uint8_t  top;        /* 0: open; else closed by 1 + player * WH_N_FIGURES + figure */
} wh_tower_t;
typedef struct wh_tower_state {
    uint8_t    floors[WH_MAX_PLAYERS]; /* floors left in each supply (TW1) */
    uint8_t    n_towers;
    uint16_t   ransom_turn;            /* g->turn + 1 of the last ransom paid (TW10: once a turn) */
    wh_tower_t tower[WH_MAX_TOWERS];
    uint8_t    prisoners[WH_MAX_PLAYERS][WH_MAX_PLAYERS][3]; /* [holder][owner][follower figure] (TW8) */
} wh_tower_state_t;

/* per wonder in wh_game_t.wonder[] order */
typedef struct wh_effects_state {
    uint16_t events;                  /* bit e: some wonder on the board handles event e */
    uint8_t  wonder_events[WH_MAX_WONDERS]; /* bit e: wonder w handles event e */
    uint16_t ruled;                   /* bit w: wonder w's rule changes have started */
    uint16_t reserving;               /* bit w: wonder w's reserve rule holds (placements check it) */
    uint16_t weighing;                /* bit w: wonder w's weight rule holds only in some majorities */
    uint16_t forbidding;              /* bit w: wonder w's forbid rule holds (figure options check it) */
    uint8_t  fired_turn[WH_MAX_WONDERS]; /* bit h: handler h ran this turn (once per turn) */
    uint8_t  fired_game[WH_MAX_WONDERS]; /* bit h: handler h has run (once per game) */
    int32_t  counter[WH_MAX_WONDERS][WH_MAX_COUNTERS];
    uint16_t early[WH_MAX_PLAYERS][2]; /* tile id + 1 (0: none) of each player's wonders taken, not
                                          yet placed, whose supply rule held from the taking
                                          (`starts taken`): not given again when it is placed */
} wh_effects_state_t;

/* The whole state of a game.  Treat the fields as private and use the
** functions below; the struct is public so that callers can own it. */
typedef struct wh_game {
    const wh_tileset_t *set;
    uint8_t  n_players, current, phase, meeples_placed; /* meeples placed this turn */
    uint8_t  initial_meeples;        /* the configuration, kept for wh_game_restart */
    uint16_t start_tile;
    uint16_t tiles_in_game;          /* the configuration's (see wh_game_tiles_in_game) */
    uint16_t turn;                   /* turns ended so far */
    uint8_t  n_wonders;              /* placed tiles with an effect */
    uint8_t  river_cells;            /* frontier cells next to an open river end */
    uint16_t wonder[WH_MAX_WONDERS]; /* their indexes in placed[] */
    uint16_t turn_meeple[2];         /* features given a meeple this turn, for effects */
    uint16_t n_placed, n_nodes, n_cells, n_frontier, n_meeples, n_monasteries;
    int32_t  score[WH_MAX_PLAYERS];
    uint8_t  supply[WH_MAX_PLAYERS];
    uint8_t  markers[WH_MAX_PLAYERS]; /* marker meeples standing on wonders */
    /* each player's figures in supply but the meeples, whichever box deals them (figures.c) */
    uint8_t  large[WH_MAX_PLAYERS];   /* large meeples (Inns & Cathedrals) */
    uint8_t  abbots[WH_MAX_PLAYERS];  /* abbots (the Abbot) */
    uint8_t  builders[WH_MAX_PLAYERS]; /* builders (Traders & Builders) */
    uint8_t  pigs[WH_MAX_PLAYERS];    /* pigs (Traders & Builders) */
    /* the boxes (runtime/box.h): the rules, the boxes in play, what they share */
    wh_rules_t rules;                 /* WH_RULE_BIT()s of the configuration */
    uint32_t hooked[WH_BOX_HOOKS];    /* bit b: box b of wh_boxes[] is in play with hook h */
    uint32_t tile_checks;             /* WH_TILE_FLAG_*s of tiles some box in play checks */
    uint32_t bare_flags;              /* WH_TILE_FLAG_*s of tiles no figure may go on the turn they
                                         are placed (the volcano) */
    uint16_t surrounded;              /* bit k: features of kind k are scored by their 8 neighbours
                                         (monasteries; gardens with the Abbot) */
    uint8_t  acted;                   /* this turn part: an action was taken instead of a figure
                                         (the abbot taken back, the fairy moved, the princess used) */
    uint8_t  closed;                  /* this turn part: the figures' moment is over (the dragon flies) */
    uint8_t  special;                 /* this turn part: a builder or a pig was placed (no other figure) */
    uint8_t  part;                    /* wh_builder_part_t of the turn being played (a box may
                                         give a turn a second part: Traders & Builders) */
    uint8_t  defer;                   /* turns end without starting the next: its turn-start rules
                                         wait until it is played (a match's end: nothing to draw) */
    uint8_t  unstarted;               /* the current player's turn has not started (defer) */
    uint8_t  keeps_lines;             /* the line masks are kept: a wonder on the board counts lines */
    uint8_t  surround_due;            /* a monastery or garden has come to 8 neighbours since the
                                         completed features were last scored (wh_score_completed
                                         looks at the monasteries only then) */
    uint8_t  figures_dealt;           /* bit f: figure f was dealt to some player (the meeple always);
                                         the others are never in anyone's supply */
    uint8_t  lines_far;               /* a square lies beyond the line masks' span */
    uint64_t line_xs, line_ys;        /* bit x + WH_LINE_HALF, y + WH_LINE_HALF: a column, a row
                                         of the line masks holds a square */
    wh_traders_state_t traders;       /* Traders & Builders (runtime/traders.c) */
    wh_princess_dragon_state_t pd;    /* The Princess & the Dragon (runtime/princess_dragon/) */
    wh_abbot_state_t abbot;           /* the Abbot (runtime/abbot.c) */
    wh_effects_state_t effects;       /* the wonders' effects (runtime/effects.c) */
    wh_tower_state_t tower;           /* The Tower (runtime/tower.c) */
    uint8_t  strength[WH_MAX_PLAYERS][WH_N_FIGURES]; /* a figure's weight in majorities */
    /* features: a union-find forest; roots carry the joined feature's data */
    uint16_t parent[WH_MAX_NODES];
    uint16_t next[WH_MAX_NODES];      /* circular list of the members of a feature */
    uint16_t size[WH_MAX_NODES];
    int16_t  open[WH_MAX_NODES];      /* root: open sides or ends */
    uint16_t arms[WH_MAX_NODES];      /* root: coats of arms */
    uint8_t  kind[WH_MAX_NODES];
    uint8_t  meeples[WH_MAX_NODES];   /* root: meeples standing on it */
    uint8_t  done[WH_MAX_NODES];      /* root: completed and scored */
    uint16_t node_placed[WH_MAX_NODES];
    uint8_t  node_local[WH_MAX_NODES];
    wh_placed_t    placed[WH_MAX_PLACED];
    wh_cell_t      cells[WH_CELL_SLOTS];
    uint16_t       frontier[WH_MAX_CELLS]; /* hash slots of the frontier cells */
    uint8_t        frontier_req[WH_MAX_CELLS]; /* their requirements, densely, for fast scans */
    uint16_t       used[WH_MAX_CELLS];     /* the n_cells hash slots in use, in the order taken:
                                              clearing or copying a board visits these, not all slots */
    /* the occupied squares as a mask per row and per column (bit x +
       WH_LINE_HALF of line_rows[y + WH_LINE_HALF], and the other way round),
       kept only with keeps_lines and read while !lines_far: the effect
       language's lines(n) reads them, a planner once for every move it tries */
    uint64_t       line_rows[2 * WH_LINE_HALF], line_columns[2 * WH_LINE_HALF];
    wh_meeple_t    meeple[WH_MAX_MEEPLES];
    wh_monastery_t monastery[WH_MAX_MONASTERIES];
} wh_game_t;

/* How a game starts. */
typedef struct wh_game_config {
    uint8_t  players;        /* 2 to WH_MAX_PLAYERS */
    uint8_t  meeples;        /* each player's supply (7 in the base game) */
    int      start_tile;     /* tile id placed at (0, 0), or -1 for the set's start tile */
    uint16_t tiles_in_game;  /* land tiles the game is played with, for effects that depend
                                on it (the Alhambra); 0: those on the board (a position) */
    wh_rules_t rules;        /* WH_RULE_BIT()s: the expansions' rules played with (0: none) */
} wh_game_config_t;

/* A legal placement: square 0 of the tile on cell (x, y), turned. */
typedef struct wh_placement {
    int16_t x, y;
    uint8_t rotation;
    uint8_t reserved;
} wh_placement_t;

/* Why points were scored. */
typedef enum wh_reason {
    WH_REASON_ROAD,             /* completed road: 1 per square */
    WH_REASON_CITY,             /* completed city: 2 per square, 2 per coat of arms */
    WH_REASON_MONASTERY,        /* completed monastery: 9 */
    WH_REASON_ROAD_END,         /* incomplete road at the end: 1 per square */
    WH_REASON_CITY_END,         /* incomplete city at the end: 1 per square and coat */
    WH_REASON_MONASTERY_END,    /* incomplete monastery at the end: 1 + neighbours */
    WH_REASON_FIELD_END,        /* field: 3 per completed city it touches */
    WH_REASON_WONDER,           /* a wonder's effect (see `wonder`) */
    WH_REASON_GARDEN,           /* completed garden (the Abbot): 9 */
    WH_REASON_GARDEN_END,       /* incomplete garden at the end: 1 + neighbours */
    WH_REASON_ABBOT,            /* an abbot taken back: its monastery or garden, 1 + neighbours */
    WH_REASON_PIG,              /* Traders & Builders: a field's winner with a pig there, 1 more
                                   per completed city (`squares`: the cities) */
    WH_REASON_GOODS,            /* Traders & Builders, at the end: the most tokens of a kind, 10
                                   (`squares`: the wh_goods_t; `meeples`: each player's tokens) */
    WH_REASON_FAIRY_TURN,       /* The Princess & the Dragon: the fairy beside one's meeple as one's
                                   turn starts, 1 */
    WH_REASON_FAIRY,            /* ... as that meeple's feature is scored, 3 (`feature`: it) */
    WH_REASON_RANSOM,           /* The Tower: a ransom, -3 to the buyer and +3 to the holder, one
                                   event each (`squares`: the figure bought back) */
    WH_N_REASONS
} wh_reason_t;

/** A short name of @p reason ("completed city", ...); "unknown" for a value that is no reason. */
WH_API const char *wh_reason_text(wh_reason_t reason);

/** The language's word for wonder event @p event ("game_end", ...), or "unknown". */
WH_API const char *wh_event_word(unsigned event);

/* One scoring: a feature paid @p points to each player in @p winners.
** One rule says when there is an event: whenever a rule applies to a
** player -- a feature with meeples is scored, or a wonder's `score`
** statement runs (its handler's event happened and its condition holds) --
** even when it pays 0 (a farmer beside no completed city, an Alhambra owner
** without farmers at the end).  A handler whose condition fails, or a
** statement whose arithmetic fails, has no event. */
typedef struct wh_score_event {
    uint8_t  reason;     /* wh_reason_t */
    uint8_t  winners;    /* bit p: player p scored (the majority, ties included; a wonder's owner) */
    uint16_t feature;    /* the feature (a node id, see wh_game_feature), WH_NO_FEATURE for none */
    uint16_t squares;    /* squares it covers; fields: completed cities touched;
                            WONDER: the wh_event_t its handler ran at */
    uint16_t wonder;     /* WONDER: the wonder's tile id */
    uint16_t arms;
    int32_t  points;     /* to each winner */
    uint8_t  meeples[WH_MAX_PLAYERS]; /* each player's strength on it: its figures, a large
                                         meeple counting 2 (what decides the majority) */
} wh_score_event_t;

#define WH_NO_FEATURE 0xFFFFu

/* Receives score events; may be NULL where events are not wanted. */
typedef struct wh_score_sink {
    void (*event)(void *ctx, const wh_score_event_t *e);
    void *ctx;
} wh_score_sink_t;

/* A feature on the board, as the queries report it. */
typedef struct wh_feature_info {
    uint8_t  kind;       /* wh_kind_t */
    uint8_t  complete;   /* no open side or end left (monastery, garden: 8 neighbours) */
    uint16_t squares;    /* distinct squares it covers */
    uint16_t arms;
    int16_t  open;       /* open sides or ends (monastery, garden: empty neighbours) */
    uint16_t cities;     /* fields: completed cities touched, each once (what a farmer scores 3 for) */
    uint8_t  meeples[WH_MAX_PLAYERS];
} wh_feature_info_t;

/**
 * Start a game on @p set: the start tile is placed at (0, 0) in rotation
 * 0, every player has @p config->meeples meeples, player 0 is to move.
 * @returns WH_OK, or WH_ERR_RANGE for a bad player count or start tile.
 */
WH_API wh_status_t wh_game_init(wh_game_t *g, const wh_tileset_t *set, const wh_game_config_t *config);

/**
 * Start a new game in @p g, which wh_game_init prepared before, with the
 * same tile set and configuration.  Cheaper than wh_game_init: it clears
 * only the board cells the previous game used (for playout loops).
 */
WH_API void wh_game_restart(wh_game_t *g);

/**
 * Copy game @p src into @p dst, which holds a game already (from
 * wh_game_init or an earlier copy) or is all zero bytes.  The same as
 * `*dst = *src` for every function here, but it copies only what is in
 * use, so it costs in proportion to the board rather than to the 54 KB of
 * a wh_game_t: for players that try moves on copies.
 */
WH_API void wh_game_copy(wh_game_t *dst, const wh_game_t *src);

/**
 * Write the legal placements of @p tile into @p out (at most @p cap of
 * them, in a fixed order) and return how many there are in all (which may
 * exceed @p cap).  Returns 0 for a tile id out of range.
 */
WH_API size_t wh_game_placements(const wh_game_t *g, uint32_t tile, wh_placement_t *out, size_t cap);

/**
 * The @p k-th legal placement of @p tile, in the order wh_game_placements
 * lists them, without listing the others (for choosing one at random).
 * @returns false when there are at most @p k placements.
 */
WH_API bool wh_game_placement_nth(const wh_game_t *g, uint32_t tile, size_t k, wh_placement_t *out);

/** Whether @p tile has at least one legal placement (stops at the first). */
WH_API bool wh_game_can_place(const wh_game_t *g, uint32_t tile);

/** Whether placing @p tile with square 0 on (x, y), turned @p rotation, is legal. */
WH_API wh_status_t wh_game_check_placement(const wh_game_t *g, uint32_t tile, int x, int y, int rotation);

/**
 * The current player places @p tile.  The turn moves to the meeple phase.
 * @returns WH_OK, or why the placement is illegal (the game is unchanged);
 * WH_ERR_PHASE in a turn a match's end has not started yet (the match
 * starts each turn it plays: docs/rules.md, "A turn", 7).
 */
WH_API wh_status_t wh_game_place_tile(wh_game_t *g, uint32_t tile, int x, int y, int rotation);

/**
 * Write into @p out the meeple options the current player has now (at most
 * @p cap) and return how many there are: WH_OPTION(figure, local) for each
 * figure in supply and each local feature of the tile just placed it may
 * stand on -- without the expansions' rules, a meeple, so the plain local
 * feature index -- then WH_OPTION_RECALL when the abbot may be taken back.
 * None outside the meeple phase.
 */
WH_API size_t wh_game_meeple_options(const wh_game_t *g, uint8_t *out, size_t cap);

/**
 * The current player plays meeple option @p option (wh_game_meeple_options):
 * a figure from the supply on a local feature of the tile just placed --
 * a plain local feature index is a meeple -- or WH_OPTION_RECALL.  One
 * figure on a land tile; on a wonder tile up to two, on different features
 * (rulebook, "Place meeple on a wonder tile"); the abbot only on a
 * monastery or a garden, and only the abbot on a garden.  WH_OPTION_RECALL
 * takes the player's abbot back instead of placing anything this turn; its
 * monastery or garden is scored, 1 + the squares around it, when the turn
 * ends (docs/rules.md, "The Abbot").
 */
WH_API wh_status_t wh_game_place_meeple(wh_game_t *g, uint8_t option);

/**
 * The current player puts a marker meeple from the supply on the wonder
 * just placed.  It stands on the wonder's area, belongs to no feature and
 * never scores or returns.
 */
WH_API wh_status_t wh_game_place_marker(wh_game_t *g);

/**
 * The same with figure @p figure: the large meeple may be the marker (W:
 * "You can use the large meeple of the 1st expansion or any other figure in
 * that color"); the abbot may not.
 */
WH_API wh_status_t wh_game_place_marker_figure(wh_game_t *g, wh_figure_t figure);

/**
 * End the turn: score every feature completed by the tile just placed (and
 * every completed monastery) that has meeples, return those meeples, and
 * pass the turn.  Each scoring is reported to @p sink.  With The Princess
 * & the Dragon a dragon flight still under way is finished first, each
 * step the first of wh_game_dragon_steps (P2: the dragon moves before the
 * scoring).  With Traders &
 * Builders, a completed city gives the current player a goods token per
 * goods mark in it; and after a WH_PART_FIRST the turn is not passed: the
 * same player places another tile (wh_game_builder_part).
 */
WH_API wh_status_t wh_game_end_turn(wh_game_t *g, const wh_score_sink_t *sink);

/**
 * The Princess & the Dragon with the variant WH_RULE_DRAGON_AFTER_SCORING
 * (RGG: the dragon moves after the scoring): score the turn as
 * wh_game_end_turn would, and enter WH_PHASE_DRAGON, where the flight's
 * steps are made (wh_game_move_dragon); wh_game_end_turn then finishes the
 * flight and passes the turn.  wh_game_end_turn alone does all three, each
 * step the first possible.
 * @returns WH_OK; WH_ERR_PHASE outside the meeple phase or without the variant.
 */
WH_API wh_status_t wh_game_score_turn(wh_game_t *g, const wh_score_sink_t *sink);

/**
 * Score what an extra tile completed without ending the turn: the current
 * player keeps the turn and places another tile next.  For the wonder
 * rule "you draw a tile that you must immediately place so that you can
 * then place your wonder tile next to it" (no meeple goes on that tile).
 */
WH_API wh_status_t wh_game_end_extra_tile(wh_game_t *g, const wh_score_sink_t *sink);

/**
 * The current player places nothing this turn (nothing they hold or could
 * draw fits); the turn passes to the next player.  The wonders' turn_end
 * and turn_start handlers run, and what they pay goes to @p sink (which may
 * be NULL).
 */
WH_API wh_status_t wh_game_pass(wh_game_t *g, const wh_score_sink_t *sink);

/**
 * Final scoring: incomplete roads, cities and monasteries with meeples,
 * then fields.  The game is over afterwards.
 */
WH_API wh_status_t wh_game_final_score(wh_game_t *g, const wh_score_sink_t *sink);

/**
 * Make @p player the one to move (between turns only).  For building a
 * position from a record whose turns name their players; games played by
 * the rules never need it.
 */
WH_API wh_status_t wh_game_set_current(wh_game_t *g, int player);

/** The score of @p player (0 when out of range). */
WH_API int wh_game_score(const wh_game_t *g, int player);

/** Meeples @p player still has in supply (0 when out of range). */
WH_API int wh_game_supply(const wh_game_t *g, int player);

/** Goods tokens of kind @p goods @p player holds (Traders & Builders; 0 when out of range). */
WH_API int wh_game_goods(const wh_game_t *g, int player, wh_goods_t goods);

/**
 * The part of the turn being played (wh_builder_part_t): WH_PART_FIRST once
 * the tile just placed extended the current player's builder's road or city
 * -- wh_game_end_turn then keeps the turn, and the same player places
 * another tile in WH_PART_SECOND -- else WH_PART_ONLY.
 */
WH_API wh_builder_part_t wh_game_builder_part(const wh_game_t *g);

/* ---- The Princess & the Dragon (docs/rules.md) -------------------------- */

/** Whether the dragon is on the board; its square into @p x, @p y (may be NULL). */
WH_API bool wh_game_dragon(const wh_game_t *g, int *x, int *y);

/**
 * The player to make the next step of the dragon's flight under way, or -1
 * when none is: a dragon tile was just placed (P6, P7) and steps are left
 * that can be taken.  The placer makes the first step, the next players
 * clockwise the others, 6 in all.
 */
WH_API int wh_game_dragon_mover(const wh_game_t *g);

/**
 * The squares the dragon may step to now, into @p out (at most @p cap), in
 * the order N, E, S, W of its square; returns how many.  A square of a tile
 * on the board that the flight has not visited (a wonder's squares are a
 * step each, walked one by one; once left, a wonder is visited whole: D1
 * in docs/rules.md).  0 when no flight is under way.
 */
WH_API size_t wh_game_dragon_steps(const wh_game_t *g, wh_point_t *out, size_t cap);

/**
 * One step of the flight, by wh_game_dragon_mover: the dragon goes to square
 * (x, y) and eats every figure on the tile there -- on a wonder, every one
 * but the marker -- and a builder or pig left without its player's
 * follower in its feature goes back too (P8, T10).  No figure is placed
 * once the dragon has moved.
 * @returns WH_OK; WH_ERR_PHASE with no flight under way; WH_ERR_RANGE for
 * a square it may not step to.
 */
WH_API wh_status_t wh_game_move_dragon(wh_game_t *g, int x, int y);

/**
 * Where the fairy is: false while it is beside the board; else the index of
 * the tile it stands on (wh_game_tile_at_index) into @p tile and the player
 * whose follower it is beside into @p player, -1 when that follower has
 * left (P15: it stays, and still keeps the dragon off the tile) and always
 * with the rule fairy_on_tile (it is on the tile, beside nobody).  Either
 * pointer may be NULL.
 */
WH_API bool wh_game_fairy(const wh_game_t *g, int *tile, int *player);

/**
 * Whether the fairy pays @p player their point as their turn starts (P13):
 * it is beside one of their followers, or, with the rule fairy_on_tile, on
 * a tile where one of their followers stands.
 */
WH_API bool wh_game_fairy_pays(const wh_game_t *g, int player);

/**
 * The followers of the current player the fairy may be moved beside now,
 * as indexes into the game's figures (wh_game_t.meeple), into @p out (at
 * most @p cap); returns how many.  P10: instead of placing a figure, in
 * the meeple phase before the dragon moves; not beside the follower it is
 * with; W (F1): not after a first wooden meeple on a wonder; W (F3): the
 * marker is no follower on a feature.  With the rule fairy_on_tile the
 * fairy goes on a tile: one option a tile holding a follower of the
 * current player, the first of theirs there standing for it, and not the
 * tile it is on.
 */
WH_API size_t wh_game_fairy_options(const wh_game_t *g, uint16_t *out, size_t cap);

/**
 * Move the fairy beside the current player's follower @p meeple (one of
 * wh_game_fairy_options; with the rule fairy_on_tile, onto its tile, which
 * any follower of theirs there names); no figure is placed afterwards this
 * turn part.
 * @returns WH_OK, WH_ERR_PHASE when the fairy may not move now, or
 * WH_ERR_RANGE for a figure it may not join.
 */
WH_API wh_status_t wh_game_move_fairy(wh_game_t *g, uint16_t meeple);

/**
 * The knights the princess may send home now, as indexes into the game's
 * figures (wh_game_t.meeple), into @p out (at most @p cap); returns how
 * many.  P17: the tile just placed has a princess on a city segment, and
 * that whole city's followers, of every player, are offered -- in the
 * meeple phase, before any figure, fairy or dragon move.  W: the marker
 * stands on no feature, so it is never offered.
 */
WH_API size_t wh_game_princess_options(const wh_game_t *g, uint16_t *out, size_t cap);

/**
 * Whether the princess must act now: the variant WH_RULE_PRINCESS_MUST and
 * wh_game_princess_options has a knight to offer.  No figure, fairy move,
 * portal or dragon step is allowed until she has.
 */
WH_API bool wh_game_princess_must(const wh_game_t *g);

/**
 * The princess sends knight @p meeple (one of wh_game_princess_options)
 * back to its player's supply; a builder left without its player's knight
 * goes back too (T10).  No figure is placed and the fairy is not moved
 * afterwards this turn part.
 * @returns WH_OK, WH_ERR_PHASE when she may not act now, WH_ERR_RANGE for
 * a figure she may not remove.
 */
WH_API wh_status_t wh_game_use_princess(wh_game_t *g, uint16_t meeple);

/* A portal option: a follower (WH_FIGURE_MEEPLE, _LARGE or _ABBOT) and the
** node id it goes on.  A meeple's option is its node id itself. */
#define WH_PORTAL_OPTION(figure, node) ((uint16_t)((unsigned)(figure) << 10 | (unsigned)(node)))
#define WH_PORTAL_FIGURE(option)       ((unsigned)(option) >> 10)
#define WH_PORTAL_NODE(option)         ((unsigned)(option) & 1023u)
#define WH_MAX_PORTAL_OPTIONS          (3 * WH_MAX_NODES) /* room for every option: 3 followers */

/**
 * What the current player may put through the magic portal of the tile
 * just placed, as portal options (WH_PORTAL_OPTION: a follower in their
 * supply and a node id, see wh_game_feature_at, ...) into @p out (at most
 * @p cap; WH_MAX_PORTAL_OPTIONS hold them all); returns how many: the
 * meeple's first, then the large meeple's, then the abbot's.  P16: instead
 * of a figure on the tile just placed (whose own options
 * wh_game_meeple_options lists), a follower on any feature of another tile
 * of the board that is unoccupied and not completed -- a field never is --
 * and (P9) not on the dragon's tile; W (M1): a wonder's features too, never
 * its area.  Followers only, each where it may stand on a tile just placed:
 * the meeple and the large meeple (Inns & Cathedrals) on a city, road, field
 * or monastery; the abbot (the Abbot) on a monastery or a garden.
 */
WH_API size_t wh_game_portal_options(const wh_game_t *g, uint16_t *out, size_t cap);

/**
 * The current player puts a follower through the portal: @p option, one of
 * wh_game_portal_options (for a meeple, the node id); it is the turn
 * part's one figure.
 * @returns WH_OK; WH_ERR_PHASE when the tile just placed has no portal or
 * the rules are not played; WH_ERR_MEEPLE_LIMIT after another action;
 * WH_ERR_NO_MEEPLE when that follower is not in supply; WH_ERR_RANGE for a
 * figure that is no follower or a feature the portal does not take it to.
 */
WH_API wh_status_t wh_game_place_portal(wh_game_t *g, uint16_t option);

/* The Tower (docs/rules.md, "The Tower"; reference TW1-TW15, W-TW1,
** W-TW2).  A tower stands on the foundation of a placed tile (an index in
** the board's tiles, 0 the start tile; WH_TILE_FLAG_TOWER); its height is
** the floors built on it.  A capture target is the index of a figure on the
** board (wh_game_meeple) or WH_TOWER_TOP(placed), the meeple closing the
** tower on that tile. */
#define WH_TOWER_TOP(placed)     ((uint16_t)(0x8000u | (unsigned)(placed)))
#define WH_TOWER_IS_TOP(target)  (((unsigned)(target) & 0x8000u) != 0)
#define WH_TOWER_TOP_OF(target)  ((unsigned)(target) & 0x7FFFu)
#define WH_NO_CAPTURE            0xFFFFu

/**
 * The tiles (indexes in the board's tiles) whose foundation or open tower
 * may take a floor of the current player's now, into @p out (at most
 * @p cap); returns how many.  TW2: after placing a tile, instead of a
 * figure (no figure, action or builder before it this turn part; W-G3,
 * W-G4: nor instead of a wonder's second meeple), before the dragon flies
 * (TW14), with a floor in supply (TW1); any foundation on the board, of
 * any tile (the tile just placed or another: reference 2.4, HiG), that
 * holds no closed tower (TW11).
 */
WH_API size_t wh_game_tower_floor_options(const wh_game_t *g, uint16_t *out, size_t cap);

/**
 * The followers a floor on the tower of tile @p placed would put within
 * reach, as capture targets into @p out (at most @p cap); returns how
 * many.  TW6: the tower's own square and every square in its row or column
 * at a distance up to its height after the floor; W-TW1: every follower on
 * a wonder with any square in reach; TW7: followers only (meeple, large
 * meeple, abbot; never a builder or a pig), the meeples closing towers in
 * reach included; W-TW2: never the marker, which stands on no feature.
 */
WH_API size_t wh_game_tower_captures(const wh_game_t *g, uint16_t placed, uint16_t *out, size_t cap);

/**
 * The current player puts a floor on the tower of tile @p placed (one of
 * wh_game_tower_floor_options) and captures @p capture (one of
 * wh_game_tower_captures for it, or WH_NO_CAPTURE; TW5: one at most).  An
 * own follower goes back to supply; another player's is held prisoner
 * (TW8), and when both players then hold one of the other's, one is
 * exchanged for one at once (TW9: the one just taken, and the capturer's
 * large meeple before a meeple before an abbot).  A builder or pig left
 * without its player's follower goes back (T10); a tower whose closing
 * meeple is taken is open again (TW11).  No figure is placed afterwards
 * this turn part.
 * @returns WH_OK; WH_ERR_PHASE when no tower action may be taken now (the
 * rule `tower` not played, or not instead of a figure); WH_ERR_NO_FLOOR;
 * WH_ERR_NO_TOWER for a tile with no foundation or a closed tower;
 * WH_ERR_RANGE for a capture out of reach or of no follower.
 */
WH_API wh_status_t wh_game_tower_floor(wh_game_t *g, uint16_t placed, uint16_t capture);

/**
 * The current player closes the open tower of tile @p placed, of height 1
 * or more, with @p figure from supply (TW2 d, TW3, TW11): a meeple or the
 * large meeple (TW4), which stays there, scores nothing and holds no
 * feature until a tower captures it.  Instead of a figure, as a floor is.
 * @returns WH_OK; WH_ERR_PHASE as for a floor; WH_ERR_NO_TOWER for no open
 * tower of height 1 or more there; WH_ERR_NOT_A_FEATURE for a figure that
 * may not close a tower; WH_ERR_NO_MEEPLE when it is not in supply.
 */
WH_API wh_status_t wh_game_tower_close(wh_game_t *g, uint16_t placed, wh_figure_t figure);

/**
 * The current player buys back one of their followers of kind @p figure
 * held prisoner by @p holder (TW10): 3 points from the buyer to the
 * holder, who cannot refuse, reported to @p sink (may be NULL) as two
 * WH_REASON_RANSOM events; the follower returns to supply and may be
 * placed in the same turn.  Once a turn (a builder's two parts are one
 * turn), at any point of the player's own turn before the final scoring.
 * @returns WH_OK; WH_ERR_PHASE without the rule, after the game or after a
 * ransom this turn; WH_ERR_RANGE when @p holder holds no such follower of
 * theirs; WH_ERR_POINTS with fewer than 3 points.
 */
WH_API wh_status_t wh_game_ransom(wh_game_t *g, int holder, wh_figure_t figure, const wh_score_sink_t *sink);

/* A tower move (wh_game_tower_moves): a floor on the tower of a placed
** tile, or a figure closing it. */
#define WH_TOWER_FLOOR            0u /* kinds of move */
#define WH_TOWER_CLOSE_MEEPLE     1u
#define WH_TOWER_CLOSE_LARGE      2u
#define WH_TOWER_MOVE(kind, placed) ((uint16_t)((unsigned)(kind) << 12 | (unsigned)(placed)))
#define WH_TOWER_MOVE_KIND(move)    ((unsigned)(move) >> 12)
#define WH_TOWER_MOVE_PLACED(move)  ((unsigned)(move) & 0xFFFu)
#define WH_MAX_TOWER_MOVES          (WH_MAX_PLACED + 2 * WH_MAX_TOWERS) /* room for every move */

/**
 * Every tower move the current player may make now into @p out (at most
 * @p cap; WH_MAX_TOWER_MOVES hold them all); returns how many: the floors
 * (wh_game_tower_floor_options), then for each open tower of height 1 or
 * more a meeple and a large meeple closing it, those in supply.
 */
WH_API size_t wh_game_tower_moves(const wh_game_t *g, uint16_t *out, size_t cap);

/**
 * Make tower move @p move, a floor with capture @p capture
 * (wh_game_tower_floor; ignored for a close) or a close
 * (wh_game_tower_close).
 * @returns what those return; WH_ERR_RANGE for no such kind of move.
 */
WH_API wh_status_t wh_game_tower_move(wh_game_t *g, uint16_t move, uint16_t capture);

/* A ransom the current player may pay (wh_game_ransom_options): the
** holder and the kind of follower bought back. */
#define WH_RANSOM(holder, figure) ((uint16_t)((unsigned)(holder) << 8 | (unsigned)(figure)))
#define WH_RANSOM_HOLDER(r)       ((int)((unsigned)(r) >> 8))
#define WH_RANSOM_FIGURE(r)       ((wh_figure_t)((unsigned)(r) & 0xFFu))
#define WH_MAX_RANSOMS            (3 * WH_MAX_PLAYERS)

/**
 * The ransoms the current player may pay now (TW10) into @p out (at most
 * @p cap); returns how many: by holder in seat order, a meeple before the
 * large meeple before the abbot; none below 3 points or after a ransom
 * this turn.
 */
WH_API size_t wh_game_ransom_options(const wh_game_t *g, uint16_t *out, size_t cap);

/** Whether the current player may still pay a ransom this turn (TW10: once a turn). */
WH_API bool wh_game_ransom_open(const wh_game_t *g);

/** The height of the tower on tile @p placed (0 for a bare foundation), or -1 when the tile has no foundation. */
WH_API int wh_game_tower_height(const wh_game_t *g, uint16_t placed);

/** The player whose figure closes the tower on tile @p placed (its kind into @p figure when not NULL), or -1 when it is open or there is none. */
WH_API int wh_game_tower_top(const wh_game_t *g, uint16_t placed, wh_figure_t *figure);

/** Tower floors @p player has left in supply (TW1; 0 without the rule). */
WH_API int wh_game_tower_floors(const wh_game_t *g, int player);

/** Followers of kind @p figure of @p owner held prisoner by @p holder (TW8). */
WH_API int wh_game_prisoners(const wh_game_t *g, int holder, int owner, wh_figure_t figure);

/** Figures of kind @p figure @p player has in supply (meeples: wh_game_supply). */
WH_API int wh_game_figures(const wh_game_t *g, int player, wh_figure_t figure);

/** The player to move. */
WH_API int wh_game_current(const wh_game_t *g);

/** The phase of the turn (wh_phase_t). */
WH_API wh_phase_t wh_game_phase(const wh_game_t *g);

/**
 * The number of tiles the game is played with, as the effects that depend on
 * it see it (the Alhambra's "If you play with at least 120 tiles"): the land
 * tiles -- the start tile and the draw pile as dealt, those removed during
 * the game included -- and never the wonder tiles (docs/rules.md, "Setup").
 * That is the configuration's tiles_in_game; when it is 0 (a position whose
 * pile is unknown), the land tiles on the board now.
 */
WH_API int wh_game_tiles_in_game(const wh_game_t *g);

/** Number of tiles on the board (the start tile included). */
WH_API size_t wh_game_tile_count(const wh_game_t *g);

/** The @p i-th tile placed (0 is the start tile), or NULL. */
WH_API const wh_placed_t *wh_game_tile_at_index(const wh_game_t *g, size_t i);

/**
 * The tile covering cell (x, y): its index in placement order, or -1.
 * @p square receives the covering square's index in its tile (may be NULL).
 */
WH_API int wh_game_tile_on(const wh_game_t *g, int x, int y, int *square);

/**
 * The feature owning segment @p slot of the side facing @p dir of the
 * square on (x, y); -1 when the cell is empty or the slot unused.
 * Feature ids are stable until the next placement joins them.
 */
WH_API int wh_game_feature_at(const wh_game_t *g, int x, int y, wh_dir_t dir, wh_slot_t slot);

/** The feature of local feature @p local of the @p i-th tile placed, or -1. */
WH_API int wh_game_feature_of(const wh_game_t *g, size_t i, uint8_t local);

/** Describe feature @p id (from the functions above); false when invalid. */
WH_API bool wh_game_feature(const wh_game_t *g, int id, wh_feature_info_t *info);

/** Whether two feature ids name the same joined feature. */
WH_API bool wh_game_same_feature(const wh_game_t *g, int a, int b);

/**
 * The points one figure on feature @p id would score as the game stands:
 * what completing it paid if it is complete, otherwise what the final
 * scoring would pay for it -- a field 3 per completed city it touches.  0
 * for a feature no figure scores on (a wonder's area, the river) and for an
 * invalid id.
 */
WH_API int wh_game_feature_points(const wh_game_t *g, int id);

/* The scores a way of ending a turn leads to. */
typedef struct wh_outcome {
    int32_t turn_end[WH_MAX_PLAYERS]; /* once the turn has ended */
    int32_t game_end[WH_MAX_PLAYERS]; /* if the game were then scored to its end (wh_game_final_score) */
} wh_outcome_t;

/* The final scoring of a position between turns, kept so that the
** positions one tile later are scored to the end faster (wh_game_outcomes):
** what each feature holding figures pays.  Treat the fields as private. */
typedef struct wh_baseline {
    int32_t  score[WH_MAX_PLAYERS];       /* the position's scores before that scoring */
    uint16_t n_placed, n_nodes, turn;
    uint16_t n_features;                  /* features holding figures */
    uint16_t root[WH_MAX_MEEPLES];        /* each one's node */
    uint8_t  winners[WH_MAX_MEEPLES];     /* bit p: player p is paid */
    int32_t  points[WH_MAX_MEEPLES];      /* to each winner */
    uint16_t n_monasteries;
    uint8_t  neighbours[WH_MAX_MONASTERIES]; /* each monastery's, to see which the tile changes */
} wh_baseline_t;

/**
 * Record in @p base the final scoring of game @p g, between turns, for
 * wh_game_outcomes to use in the positions that follow when a tile is
 * placed (every placement a player tries this turn).  @p scratch (another
 * game, as for wh_game_copy) is working space; @p g is unchanged.
 * @returns WH_OK, or WH_ERR_PHASE during a turn.
 */
WH_API wh_status_t wh_game_baseline(const wh_game_t *g, wh_game_t *scratch, wh_baseline_t *base);

/**
 * What-if scoring for players that look ahead.  In game @p g, a tile just
 * placed, the outcome of ending the turn with each of the @p n meeple
 * options @p options (wh_game_meeple_options) in @p out[0..n-1], and with
 * no figure in @p out[n] -- the same scores as playing each out on a copy,
 * without the copies and final scorings where they are not needed: a
 * figure changes no score but its own feature's unless a wonder's effect
 * depends on figures or the abbot is taken back.
 *
 * @p g is used up: it ends as the position after the turn without a
 * figure, scored to the end when @p to_the_end.  @p scratch (another game,
 * as for wh_game_copy) is working space.  Without @p to_the_end (cheaper:
 * no final scoring) every game_end is 0.  @p base, when not NULL, is
 * wh_game_baseline of the position before the tile was placed: the final
 * scoring then rescores only the features the tile changed.  (A baseline
 * of another position is ignored when its counts or scores show it.)
 * @returns WH_OK; WH_ERR_PHASE outside the meeple phase, or the status of
 * an option that cannot be played (g is then unchanged).
 */
WH_API wh_status_t wh_game_outcomes(wh_game_t *g, wh_game_t *scratch, const uint8_t *options, size_t n,
                                    bool to_the_end, const wh_baseline_t *base, wh_outcome_t *out);

#endif /* WH_WONDERS_H */
