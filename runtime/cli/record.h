/*
** record.h -- game records in YAML (docs/records.md), read and written
** with libyaml.  A record is a complete game (a setup with the draw pile,
** then every turn) or a position (turns placed freely, for scoring
** questions).  Every value keeps the line and column it came from, so a
** replay can say where a bad move is.
*/
#ifndef WR_RECORD_H
#define WR_RECORD_H

#include "../wonders.h" /* wh_rules_t */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WR_FORMAT      1
#define WR_MAX_NAME    160 /* "pack.id" and feature names */
#define WR_MAX_PLAYERS 6
#define WR_MAX_PACKS   16
#define WR_MAX_WONDERS 16
#define WR_MAX_EXTRA   8   /* fallback tiles placed before a wonder */
#define WR_MAX_DRAGON  6   /* the dragon's steps in a turn (WH_DRAGON_STEPS) */
#define WR_MAX_BYTES   (64u * 1024u * 1024u)
/* The board holds 256 tiles (WH_MAX_PLACED), so no pile is longer and no
   record, a game or a position, needs four times as many turns: the caps
   keep a huge file from becoming a huge record. */
#define WR_MAX_PILE    256
#define WR_MAX_TURNS   1024

typedef struct wr_loc {
    size_t line, col; /* 1-based; 0 when not from a file */
} wr_loc;

typedef struct wr_place {
    char   tile[WR_MAX_NAME];
    int    x, y, rotation; /* rotation in quarter turns */
    wr_loc at;
} wr_place;

typedef struct wr_take {
    int    player;
    char   wonder[WR_MAX_NAME];
    wr_loc at;
} wr_take;

typedef struct wr_turn {
    wr_loc   at;
    int      player;  /* -1 when not stated */
    bool     pass;
    wr_place place;
    wr_place extra[WR_MAX_EXTRA];
    int      n_extra;
    char     meeple[2][WR_MAX_NAME]; /* feature names */
    uint8_t  meeple_figure[2];       /* wh_figure_t: "large c" in a record is the large meeple on c */
    wr_loc   meeple_at[2];
    int      n_meeples;
    bool     recall;                 /* the abbot taken back instead (the Abbot) */
    uint8_t  marker;                 /* the figure marking the wonder placed: wh_figure_t + 1; 0 when not
                                        stated (a meeple, or the large meeple when no meeple is left) */
    wr_loc   marker_at;
    wr_take  takes[WR_MAX_PLAYERS * 2];
    int      n_takes;
    int      dragon[WR_MAX_DRAGON][2]; /* the dragon's steps, each [x, y] (The Princess & the Dragon) */
    wr_loc   dragon_at[WR_MAX_DRAGON];
    int      n_dragon;
    bool     fairy;                  /* the fairy moved beside the follower on this turn's ... */
    int      fairy_x, fairy_y;       /* ... tile covering [x, y] ... */
    char     fairy_feature[WR_MAX_NAME]; /* ... feature (The Princess & the Dragon) */
    wr_loc   fairy_at;
    bool     princess;               /* the princess sent home the knight of princess_player on ... */
    int      princess_x, princess_y, princess_player; /* ... the tile covering [x, y] ... */
    char     princess_feature[WR_MAX_NAME]; /* ... on this feature */
    wr_loc   princess_at;
    bool     portal;                 /* a follower through the portal on the tile covering [x, y] ... */
    int      portal_x, portal_y;
    char     portal_feature[WR_MAX_NAME]; /* ... on this feature */
    uint8_t  portal_figure;          /* ... which (wh_figure_t: a meeple, the large meeple, the abbot) */
    wr_loc   portal_at;
    bool     floor;                  /* The Tower: a floor on the tower of the tile covering [x, y] ... */
    int      floor_x, floor_y;
    bool     take;                   /* ... taking the follower on the tile covering [x, y] ... */
    int      take_x, take_y;
    char     take_feature[WR_MAX_NAME]; /* ... on this feature; "": the meeple closing its tower */
    wr_loc   floor_at;
    bool     close;                  /* The Tower: the tower of the tile covering [x, y] closed ... */
    int      close_x, close_y;
    uint8_t  close_figure;           /* ... by this figure (a meeple or the large meeple) */
    wr_loc   close_at;
    bool     ransom;                 /* The Tower: a follower bought back from player ransom_player ... */
    int      ransom_player;
    uint8_t  ransom_figure;          /* ... of this kind, as the turn starts */
    wr_loc   ransom_at;
} wr_turn;

#define WR_MAX_RULE 1024 /* the rulebook sentence a position reproduces */

/* One scoring event a position expects (docs/records.md, "Expectations"). */
typedef struct wr_expect_event {
    int    turn;                 /* 1-based, as `score` prints it; 0 for the final scoring */
    char   reason[WR_MAX_NAME];  /* "completed city", or a wonder's tile id */
    int    points;               /* to each player in `to` */
    char   to[WR_MAX_PLAYERS][33];
    int    n_to;
    wr_loc at;
} wr_expect_event;

typedef struct wr_record {
    int      players;
    char     names[WR_MAX_PLAYERS][33];
    char     packs[WR_MAX_PACKS][WR_MAX_NAME];
    wr_loc   packs_at[WR_MAX_PACKS];
    int      n_packs;
    char     wonders[WR_MAX_WONDERS][WR_MAX_NAME];
    wr_loc   wonders_at[WR_MAX_WONDERS];
    int      n_wonders;
    int      variant;
    uint64_t seed;
    int      meeples;  /* a position's supply (complete games: the rules' 6, 7 without a wonder) */
    int      tiles;    /* a position's land tiles in the game (0: those on its board) */
    char     start[WR_MAX_NAME]; /* the start tile; "" for the tile set's (base.D) */
    wh_rules_t rules;              /* WH_RULE_BIT()s the game is played with */
    wr_loc   start_at;
    bool     has_pile;
    char   (*pile)[WR_MAX_NAME];
    wr_loc  *pile_at;
    size_t   n_pile, cap_pile;
    wr_turn *turns;
    size_t   n_turns, cap_turns;
    char     path[256];
    /* a position's expected outcome: `rule` and `expect` */
    char     rule[WR_MAX_RULE];
    bool     has_expect;
    wr_loc   expect_at;
    int      expect_score[WR_MAX_PLAYERS]; /* by seat, when expect_has_score has its bit */
    wr_loc   expect_score_at[WR_MAX_PLAYERS];
    unsigned expect_has_score;
    wr_expect_event *expect_events;
    size_t   n_expect_events, cap_expect_events;
} wr_record;

/** An empty record for @p players players (variant 1, seed 0). */
void wr_record_init(wr_record *r, int players);

/** Free what the record holds. */
void wr_record_free(wr_record *r);

/** Append a turn and @returns it (zeroed, player -1). */
wr_turn *wr_record_turn(wr_record *r);

/** Add a tile to the pile. */
void wr_record_pile(wr_record *r, const char *tile);

/** The index of rule @p word ("abbot") among the runtime's rules, or -1. */
int wr_rule_index(const char *word);

/** The rules set in @p rules (WH_RULE_BIT()s) as words, separated by @p sep. */
void wr_rules_text(wh_rules_t rules, const char *sep, char *buf, size_t size);

struct wh_game;
/**
 * Note in @p t the meeple option @p option played on the tile just placed
 * in @p g (wh_game_meeple_options): a figure on a feature, by name, or the
 * abbot taken back.  At most 2 figures are noted.
 */
void wr_turn_meeple(wr_turn *t, const struct wh_game *g, uint8_t option);

/**
 * Read a record from @p path.  Malformed YAML, unknown keys, wrong types,
 * missing or out-of-range values are reported on @p err as
 * "file:line:col: error: ..." (one message, the first problem).
 * @returns true on success.
 */
bool wr_read_file(const char *path, wr_record *r, FILE *err);

/** The same from memory; @p name is used in messages. */
bool wr_read_text(const char *name, const char *text, size_t len, wr_record *r, FILE *err);

/**
 * Write @p r to @p path through a temporary file renamed into place, so an
 * interrupted run never leaves a half-written record.
 * @returns true on success (failures reported on @p err).
 */
bool wr_write_file(const char *path, const wr_record *r, FILE *err);

/** Write @p r as YAML to @p out (libyaml emitter). @returns true on success. */
bool wr_write_stream(FILE *out, const wr_record *r);

/**
 * Write @p s to @p out with every control byte shown as \xNN, so that text
 * from a file (a name, a path) never acts on the terminal.
 */
void wr_put_escaped(FILE *out, const char *s);

/** Print "file:line:col: error: " and the printf-style message to @p err, escaped. */
void wr_error(FILE *err, const char *file, wr_loc at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
