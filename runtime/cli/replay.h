/*
** replay.h -- play a record through the rules.
**
** A complete game (a setup with a pile) is replayed by the match engine
** itself, with players that answer every decision from the record: a move
** the rules do not allow is reported at the turn where it stands.  A
** position (no pile) places its turns freely, each still checked.
*/
#ifndef WR_REPLAY_H
#define WR_REPLAY_H

#include "../match.h"
#include "record.h"

typedef struct wr_event {
    wh_score_event_t e;
    int turn; /* the record's turn (0-based); n_turns for the final scoring */
    bool with_final; /* the fairy's 3 for a feature the final scoring scored (wr_event_final) */
} wr_event;

typedef struct wr_replay {
    const wr_record    *record;
    const wh_tileset_t *set;
    wh_match_t         *match;   /* match.game is the game, in both modes */
    bool                positional;
    bool                ended;   /* the rules ended the game */
    size_t              turn;    /* the turn being replayed */
    uint8_t            *players; /* who played each turn (records may leave it out) */
    wr_event           *events;
    size_t              n_events, cap_events;
    FILE               *err;
    bool                failed;
    int                 used_extra, used_meeples, used_takes; /* of the current turn */
    bool                used_recall, used_marker;
    int                 used_dragon; /* the dragon's steps of the turn used */
    bool                used_fairy, used_princess, used_portal;
    bool                used_tower, used_capture, used_ransom; /* The Tower's fields */
    uint16_t            pile[WR_MAX_PILE];
    uint16_t            wonders[WR_MAX_WONDERS];
} wr_replay;

/**
 * Replay @p r on @p set.  Every score event is kept with its turn.  When the
 * record stops before the rules end the game and @p finish is set, the final
 * scoring is done as if the game ended there.
 * @returns true when every turn is legal (errors reported on @p err).
 */
bool wr_replay_run(wr_replay *rp, const wr_record *r, const wh_tileset_t *set, bool finish, FILE *err);

/** Free the replay. */
void wr_replay_free(wr_replay *rp);

/** The local index of feature @p name on @p tile, or -1. */
int wr_feature_index(const wh_tileset_t *set, uint32_t tile, const char *name);

#endif
