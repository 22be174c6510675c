/*
** outcomes.c -- what-if scoring of the ways to end a turn, for players that
** look ahead (wh_game_outcomes).
**
** Playing every figure choice out on a copy of the game, and scoring each
** copy to the end, costs a copy and a final scoring per choice.  A figure
** is put on a feature nobody holds, so it changes one thing: that feature
** now pays its player -- on completion if the turn's end completes it, at
** the end of the game otherwise -- what one figure earns there
** (wh_game_feature_points).  The turn is therefore ended and scored once
** without a figure, and each option adds its feature's points.  Two things
** break that rule and are played out on a copy: the abbot taken back
** (which removes a figure and scores at once), and a wonder whose effect
** depends on figures (wh_effects_watch_figures).  Even then only the
** game-end effects that watch figures are scored on the copy; the rest of
** the final scoring is the same as without the figure.
*/
#include "internal.h"

#include <string.h>

/* Points scored by each player since `before`. */
static void gained(const wh_game_t *g, const int32_t before[WH_MAX_PLAYERS], int32_t out[WH_MAX_PLAYERS])
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        out[p] = g->score[p] - before[p];
}

/* The turn of `trial` (a copy of the game) ended with `option`; the final
** scoring is the whole of it for the recall, and otherwise only the
** game-end effects that watch figures (the caller adds the rest). */
static void play_out(wh_game_t *trial, uint8_t option, bool to_the_end, wh_outcome_t *out)
{
    wh_game_place_meeple(trial, option);
    wh_game_end_turn(trial, NULL);
    memcpy(out->turn_end, trial->score, sizeof out->turn_end);
    memset(out->game_end, 0, sizeof out->game_end);
    if (!to_the_end)
        return;
    if (option == WH_OPTION_RECALL) {
        wh_effects_game_end(trial, NULL, WH_EFFECTS_ALL);
        wh_score_final(trial, NULL);
    } else {
        wh_effects_game_end(trial, NULL, WH_EFFECTS_WATCHING);
    }
    memcpy(out->game_end, trial->score, sizeof out->game_end);
}

wh_status_t wh_game_outcomes(wh_game_t *g, wh_game_t *scratch, const uint8_t *options, size_t n,
                             bool to_the_end, wh_outcome_t *out)
{
    if (g->phase != WH_PHASE_MEEPLE)
        return WH_ERR_PHASE;
    for (size_t i = 0; i < n; i++) {
        wh_status_t s = wh_option_check(g, options[i]);
        if (s != WH_OK)
            return s;
    }
    bool watched = wh_effects_watch_figures(g);
    uint8_t me = g->current;
    uint16_t first_node = g->placed[g->n_placed - 1].first_node;
    bool copied = false;
    for (size_t i = 0; i < n; i++) /* while g is still this player's turn */
        if (watched || options[i] == WH_OPTION_RECALL) {
            if (copied)
                wh_game_copy_figures(scratch, g);
            else
                wh_game_copy(scratch, g);
            copied = true;
            play_out(scratch, options[i], to_the_end, &out[i]);
        }

    wh_outcome_t *none = &out[n];
    wh_game_end_turn(g, NULL);
    memcpy(none->turn_end, g->score, sizeof none->turn_end);
    memset(none->game_end, 0, sizeof none->game_end);
    int32_t unwatched[WH_MAX_PLAYERS] = {0}; /* what the end adds whatever figures stand */
    if (to_the_end) {
        int32_t before[WH_MAX_PLAYERS];
        memcpy(before, g->score, sizeof before);
        wh_effects_game_end(g, NULL, WH_EFFECTS_BLIND);
        wh_score_final(g, NULL);
        gained(g, before, unwatched);
        wh_effects_game_end(g, NULL, WH_EFFECTS_WATCHING);
        g->phase = WH_PHASE_OVER;
        memcpy(none->game_end, g->score, sizeof none->game_end);
    }

    for (size_t i = 0; i < n; i++) {
        if (options[i] == WH_OPTION_RECALL)
            continue;
        uint16_t node = (uint16_t)(first_node + WH_OPTION_LOCAL(options[i]));
        int32_t points = wh_game_feature_points(g, node);
        bool completed = g->done[wh_find(g, node)]; /* scored as the turn ended */
        if (!watched) {
            out[i] = *none;
            out[i].turn_end[me] += completed ? points : 0;
            if (to_the_end)
                out[i].game_end[me] += points;
        } else if (to_the_end) {
            for (int p = 0; p < WH_MAX_PLAYERS; p++)
                out[i].game_end[p] += unwatched[p];
            out[i].game_end[me] += completed ? 0 : points;
        }
    }
    return WH_OK;
}
