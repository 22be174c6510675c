/*
** outcomes.c -- what-if scoring of the ways to end a turn, for players that
** look ahead (wh_game_outcomes, wh_game_baseline).
**
** Playing every figure choice out on a copy of the game, and scoring each
** copy to the end, costs a copy and a final scoring per choice.  A figure
** is put on a feature nobody holds, so it changes one thing: that feature
** now pays its player -- on completion if the turn's end completes it, at
** the end of the game otherwise -- what one figure earns there
** (wh_game_feature_points).  The turn is therefore ended and scored once
** without a figure, and each option adds its feature's points.  Two things
** break that rule and are played out on a scratch game: the abbot taken
** back (which removes a figure and scores at once), and a wonder whose
** effect depends on figures (wh_effects_watch_figures).  The builder and
** the pig (Traders & Builders) join a feature their player holds, so they
** break it too: they are played out whole, as the recall is.  Even then only the
** game-end effects that watch figures are scored on the scratch game; the
** rest of the final scoring is the same as without the figure.
**
** That final scoring is itself mostly known before the tile is placed: a
** feature the tile does not touch pays what it paid in the position before
** (the baseline).  The tile touches the features it joins or adds, the
** fields beside a city it completes (one more completed city each), and the
** monasteries around it; only those are scored again.
*/
#include "box.h"

#include <string.h>

/* Records the features a final scoring pays (a field's pig bonus is a
** second payment of its feature). */
static void keep_payment(void *ctx, const wh_score_event_t *e)
{
    wh_baseline_t *b = ctx;
    if (e->feature != WH_NO_FEATURE && b->n_features < WH_MAX_MEEPLES) { /* one a figure at most */
        b->root[b->n_features] = e->feature;
        b->winners[b->n_features] = e->winners;
        b->points[b->n_features++] = e->points;
    }
}

wh_status_t wh_game_baseline(const wh_game_t *g, wh_game_t *scratch, wh_baseline_t *base)
{
    if (g->phase != WH_PHASE_TILE)
        return WH_ERR_PHASE;
    memset(base, 0, sizeof *base);
    memcpy(base->score, g->score, sizeof base->score);
    base->n_placed = g->n_placed;
    base->n_nodes = g->n_nodes;
    base->turn = g->turn;
    base->n_monasteries = g->n_monasteries;
    for (uint32_t m = 0; m < g->n_monasteries; m++)
        base->neighbours[m] = g->monastery[m].neighbours;
    wh_game_copy(scratch, g);
    wh_score_sink_t sink = {keep_payment, base};
    wh_score_final(scratch, &sink, NULL);
    return WH_OK;
}

/* Whether `base` is the position g was one tile ago (g: that tile placed). */
static bool base_of(const wh_baseline_t *base, const wh_game_t *g)
{
    return base && base->n_placed + 1 == g->n_placed && base->turn == g->turn &&
           base->n_nodes == g->placed[g->n_placed - 1].first_node && base->n_monasteries <= g->n_monasteries &&
           !memcmp(base->score, g->score, sizeof base->score);
}

/* Every field of the tile of city node c that touches it. */
static void fields_beside(wh_game_t *g, uint16_t c, wh_node_set_t *changed)
{
    const wh_placed_t *pl = &g->placed[g->node_placed[c]];
    const wh_tile_t *t = wh_tile_of(g, pl->tile);
    for (uint32_t f = 0; f < t->n_features; f++) {
        const wh_feature_t *ft = &g->set->features[t->first_feature + f];
        if (ft->kind == WH_KIND_FIELD && (ft->touches & (1u << g->node_local[c])))
            wh_node_set_add(changed, wh_find(g, (uint16_t)(pl->first_node + f)));
    }
}

/* The features of g (the turn ended) whose final scoring may differ from
** the baseline's: those holding the tile's nodes, the fields beside a city
** it completed, the monasteries it neighbours. */
static void changed_features(wh_game_t *g, const wh_baseline_t *base, wh_node_set_t *changed)
{
    memset(changed->bits, 0, (size_t)(g->n_nodes + 7) / 8);
    for (uint16_t x = base->n_nodes; x < g->n_nodes; x++) {
        uint16_t r = wh_find(g, x);
        if (wh_node_set_has(changed, r))
            continue;
        wh_node_set_add(changed, r);
        if (g->kind[r] != WH_KIND_CITY || g->open[r] != 0)
            continue;
        uint16_t c = r; /* a city it completed: its fields touch one more */
        do {
            fields_beside(g, c, changed);
            c = g->next[c];
        } while (c != r);
    }
    for (uint32_t m = 0; m < base->n_monasteries; m++)
        if (g->monastery[m].neighbours != base->neighbours[m])
            wh_node_set_add(changed, g->monastery[m].node);
}

/* The final scoring of the features of g (the turn ended), into its scores:
** from the baseline where the tile changed nothing. */
static void score_features(wh_game_t *g, const wh_baseline_t *base)
{
    if (!base) {
        wh_score_final(g, NULL, NULL);
        WH_BOXES_CALL(g, final, g, NULL); /* the boxes after the features: no figure changes it */
        return;
    }
    wh_node_set_t changed;
    changed_features(g, base, &changed);
    for (uint32_t i = 0; i < base->n_features; i++) {
        uint16_t r = base->root[i];
        if (g->parent[r] != r || wh_node_set_has(&changed, r))
            continue; /* joined to another, or changed: scored below */
        for (unsigned bits = base->winners[i]; bits; bits &= bits - 1)
            g->score[__builtin_ctz(bits)] += base->points[i];
    }
    wh_score_final(g, NULL, &changed);
    WH_BOXES_CALL(g, final, g, NULL); /* the boxes after the features: no figure changes it */
}

/* Points scored by each player since `before`. */
static void gained(const wh_game_t *g, const int32_t before[WH_MAX_PLAYERS], int32_t out[WH_MAX_PLAYERS])
{
    for (int p = 0; p < WH_MAX_PLAYERS; p++)
        out[p] = g->score[p] - before[p];
}

/* Whether an option is played out whole, its final scoring included: the
** abbot taken back, the builder, the pig. */
static bool played_whole(uint8_t option)
{
    return option == WH_OPTION_RECALL || WH_OPTION_FIGURE(option) == WH_FIGURE_BUILDER ||
           WH_OPTION_FIGURE(option) == WH_FIGURE_PIG;
}

/* The turn of `trial` (a copy of the game) ended with `option`; the final
** scoring is the whole of it for played_whole, and otherwise only the
** game-end effects that watch figures (the caller adds the rest). */
static void play_out(wh_game_t *trial, uint8_t option, bool to_the_end, wh_outcome_t *out)
{
    wh_game_place_meeple(trial, option);
    wh_game_end_turn(trial, NULL);
    memcpy(out->turn_end, trial->score, sizeof out->turn_end);
    memset(out->game_end, 0, sizeof out->game_end);
    if (!to_the_end)
        return;
    if (played_whole(option)) {
        wh_effects_game_end(trial, NULL, WH_EFFECTS_ALL);
        wh_score_final(trial, NULL, NULL);
        WH_BOXES_CALL(trial, final, trial, NULL); /* the boxes after the features: no figure changes it */
    } else {
        wh_effects_game_end(trial, NULL, WH_EFFECTS_WATCHING);
    }
    memcpy(out->game_end, trial->score, sizeof out->game_end);
}

wh_status_t wh_game_outcomes(wh_game_t *g, wh_game_t *scratch, const uint8_t *options, size_t n,
                             bool to_the_end, const wh_baseline_t *base, wh_outcome_t *out)
{
    if (g->phase != WH_PHASE_MEEPLE)
        return WH_ERR_PHASE;
    for (size_t i = 0; i < n; i++) {
        wh_status_t s = wh_option_check(g, options[i]);
        if (s != WH_OK)
            return s;
    }
    if (!base_of(base, g))
        base = NULL;
    bool watched = wh_effects_watch_figures(g);
    uint8_t me = g->current;
    uint16_t first_node = g->placed[g->n_placed - 1].first_node;
    bool copied = false;
    for (size_t i = 0; i < n; i++) /* while g is still this player's turn */
        if (watched || played_whole(options[i])) {
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
        score_features(g, base);
        gained(g, before, unwatched);
        wh_effects_game_end(g, NULL, WH_EFFECTS_WATCHING);
        g->phase = WH_PHASE_OVER;
        memcpy(none->game_end, g->score, sizeof none->game_end);
    }

    for (size_t i = 0; i < n; i++) {
        if (played_whole(options[i]))
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
