/* report.c -- breakdowns, the board and moves in the terminal; see report.h. */
#include "report.h"
#include "../common/nearest.h"
#include "../common/xalloc.h"
#include "../tileset.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How far @p id is from @p cand: 0 when they differ only in case, else
** one more than their edit distance (so that a case slip beats a typo). */
static size_t tile_distance(const char *id, size_t len, const char *cand)
{
    if (!strcasecmp(id, cand))
        return 0;
    size_t lc = strlen(cand), d = wu_edit_distance(id, len, cand, lc);
    return d == (size_t)-1 ? d : d + 1;
}

const char *wr_tile_nearest(const wh_tileset_t *set, const char *id, bool wonder)
{
    size_t len = strlen(id), best = wu_typo_limit(len) + 2;
    const char *found = NULL;
    for (uint32_t i = 0; i < set->n_tiles; i++) {
        if (wonder && set->tiles[i].kind != WH_TILE_WONDER)
            continue;
        const char *full = wh_string(set, set->tiles[i].id), *dot = strchr(full, '.');
        size_t d = tile_distance(id, len, full);
        if (dot) {
            size_t bare = tile_distance(id, len, dot + 1);
            d = bare < d ? bare : d;
        }
        if (d < best) {
            best = d;
            found = full;
        }
    }
    return found;
}

const char *wr_player(const wr_record *r, int p, char *buf, size_t size)
{
    if (r && p >= 0 && p < WR_MAX_PLAYERS && r->names[p][0])
        snprintf(buf, size, "%s", r->names[p]);
    else
        snprintf(buf, size, "player %d", p);
    return buf;
}

/* The column an event scores in: 0 roads, 1 cities (and the goods their
** completion gave), 2 monasteries (and gardens, and abbots taken back), 3
** fields (and the pig's bonus), 4 wonders (and the fairy's point as a turn
** starts); the fairy's 3 for a feature scored go with that feature, whose
** kind the game @p g knows. */
static int column(const wh_score_event_t *e, const wh_game_t *g)
{
    if (e->reason == WH_REASON_FAIRY && e->feature < g->n_nodes) {
        switch (g->kind[e->feature]) {
        case WH_KIND_ROAD: return 0;
        case WH_KIND_CITY: return 1;
        case WH_KIND_FIELD: return 3;
        default: return 2;
        }
    }
    switch (e->reason) {
    case WH_REASON_ROAD: case WH_REASON_ROAD_END: return 0;
    case WH_REASON_CITY: case WH_REASON_CITY_END: case WH_REASON_GOODS: return 1;
    case WH_REASON_MONASTERY: case WH_REASON_MONASTERY_END:
    case WH_REASON_GARDEN: case WH_REASON_GARDEN_END: case WH_REASON_ABBOT: return 2;
    case WH_REASON_FIELD_END: case WH_REASON_PIG: return 3;
    default: return 4;
    }
}

void wr_describe_event(FILE *out, const wh_tileset_t *set, const wr_record *r, const wh_score_event_t *e)
{
    if (e->reason == WH_REASON_WONDER)
        fprintf(out, "%s", wh_string(set, set->tiles[e->wonder].name));
    else
        fprintf(out, "%s", wh_reason_text((wh_reason_t)e->reason));
    switch (e->reason) {
    case WH_REASON_FIELD_END: case WH_REASON_PIG:
        fprintf(out, ", %u completed cit%s", e->squares, e->squares == 1 ? "y" : "ies");
        break;
    case WH_REASON_FAIRY_TURN: case WH_REASON_FAIRY:
        break;
    case WH_REASON_GOODS: {
        static const char *const kinds[WH_N_GOODS] = {
#define GOODS_WORD(k, word) word,
            WH_GOODS_LIST(GOODS_WORD)
#undef GOODS_WORD
        };
        unsigned most = 0;
        for (int p = 0; p < WR_MAX_PLAYERS; p++)
            if ((e->winners & (1u << p)) && e->meeples[p] > most)
                most = e->meeples[p];
        fprintf(out, " (%s), the most tokens: %u", e->squares < WH_N_GOODS ? kinds[e->squares] : "?", most);
        break;
    }
    case WH_REASON_WONDER: fprintf(out, " (%s)", wh_event_word(e->squares)); break;
    case WH_REASON_MONASTERY: case WH_REASON_MONASTERY_END: case WH_REASON_GARDEN: case WH_REASON_GARDEN_END:
        break;
    case WH_REASON_ABBOT: fprintf(out, ", %u square%s", e->squares, e->squares == 1 ? "" : "s"); break;
    default:
        fprintf(out, ", %u square%s", e->squares, e->squares == 1 ? "" : "s");
        if (e->arms)
            fprintf(out, ", %u coat%s", e->arms, e->arms == 1 ? "" : "s");
    }
    fprintf(out, ":");
    for (int p = 0; p < WR_MAX_PLAYERS; p++)
        if (e->winners & (1u << p)) {
            char name[40];
            fprintf(out, " %s %+d", wr_player(r, p, name, sizeof name), e->points);
        }
}

const char *wr_tile_name(const wh_tileset_t *set, const char *id)
{
    int t = wh_tile_find(set, id);
    return t >= 0 ? wh_string(set, set->tiles[t].name) : id;
}

int wr_columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80; /* a UTF-8 character's first byte */
    return n;
}

/* A figure as the turn log names it ("large meeple", "pig"). */
static const char *figure_noun(wh_figure_t f)
{
    return f == WH_FIGURE_LARGE ? "large meeple" : wh_figure_word(f);
}

/* What else the turn did with figures, each named as the record says it:
** the follower through the portal, the princess's knight sent home, the
** fairy moved, the abbot taken back, a wonder's marker other than a meeple,
** and where the dragon flew, so that no figure moves unsaid in the log. */
static void print_turn_figures(FILE *out, const wr_record *r, const wr_turn *t)
{
    char name[40];
    if (t->portal)
        fprintf(out, ", %s through the portal on %s at (%d, %d)", figure_noun((wh_figure_t)t->portal_figure),
                t->portal_feature, t->portal_x, t->portal_y);
    if (t->princess)
        fprintf(out, ", the princess sends %s's knight on %s at (%d, %d) home",
                wr_player(r, t->princess_player, name, sizeof name), t->princess_feature, t->princess_x,
                t->princess_y);
    if (t->fairy && t->fairy_feature[0])
        fprintf(out, ", the fairy beside the follower on %s at (%d, %d)", t->fairy_feature, t->fairy_x, t->fairy_y);
    else if (t->fairy)
        fprintf(out, ", the fairy onto the tile at (%d, %d)", t->fairy_x, t->fairy_y);
    if (t->recall)
        fprintf(out, ", the abbot taken back");
    if (t->marker && t->marker - 1 != WH_FIGURE_MEEPLE)
        fprintf(out, ", the %s marking the wonder", figure_noun((wh_figure_t)(t->marker - 1)));
    if (t->n_dragon)
        fprintf(out, ", the dragon flies %d square%s to (%d, %d)", t->n_dragon, t->n_dragon == 1 ? "" : "s",
                t->dragon[t->n_dragon - 1][0], t->dragon[t->n_dragon - 1][1]);
}

/* A score of a wonder's `taken` handler: the log says it under the taking. */
static bool taken_event(const wh_score_event_t *e)
{
    return e->reason == WH_REASON_WONDER && e->squares == WH_EVENT_TAKEN;
}

void wr_print_turn(FILE *out, const wh_tileset_t *set, const wr_record *r, size_t index, int player,
                   const wr_event *events, size_t n)
{
    const wr_turn *t = &r->turns[index];
    char name[40];
    int width = 0; /* the longest name, so that the moves line up */
    for (int p = 0; p < r->players; p++) {
        int len = wr_columns(wr_player(r, p, name, sizeof name));
        width = len > width ? len : width;
    }
    const char *who = wr_player(r, player, name, sizeof name);
    fprintf(out, "turn %3zu  %s%*s ", index + 1, who, width - wr_columns(who), ""); /* padded by columns */
    if (t->pass) {
        fprintf(out, "passes\n");
    } else {
        for (int k = 0; k < t->n_extra; k++)
            fprintf(out, "draws %s and places it at (%d, %d) turned %d to make room; ", t->extra[k].tile,
                    t->extra[k].x, t->extra[k].y, 90 * t->extra[k].rotation);
        fprintf(out, "%s at (%d, %d) turned %d", t->place.tile, t->place.x, t->place.y, 90 * t->place.rotation);
        for (int k = 0; k < t->n_meeples; k++) { /* the figure by its name: a pig is no meeple */
            if (k && t->meeple_figure[k] == t->meeple_figure[k - 1]) /* "meeple on upper and on abbey" */
                fprintf(out, " and on %s", t->meeple[k]);
            else
                fprintf(out, "%s%s on %s", k ? " and " : ", ", figure_noun((wh_figure_t)t->meeple_figure[k]),
                        t->meeple[k]);
        }
        print_turn_figures(out, r, t);
        fputc('\n', out);
    }
    for (size_t i = 0; i < n; i++) {
        if (taken_event(&events[i].e))
            continue; /* under the taking below */
        fprintf(out, "            ");
        wr_describe_event(out, set, r, &events[i].e);
        fputc('\n', out);
    }
    for (int k = 0; k < t->n_takes; k++) {
        int w = wh_tile_find(set, t->takes[k].wonder);
        fprintf(out, "            %s takes %s\n", wr_player(r, t->takes[k].player, name, sizeof name),
                w >= 0 ? wh_string(set, set->tiles[w].name) : t->takes[k].wonder);
        for (size_t i = 0; i < n; i++) /* what the wonder's `taken` handlers paid */
            if (taken_event(&events[i].e) && (int)events[i].e.wonder == w) {
                fprintf(out, "              ");
                wr_describe_event(out, set, r, &events[i].e);
                fputc('\n', out);
            }
    }
}

size_t wr_events_before_final(const wr_event *events, size_t n)
{
    size_t k = 0; /* the final scoring ends the turn: what comes before it is the turn's own */
    while (k < n && !wr_event_final(&events[k], SIZE_MAX))
        k++;
    return k;
}

void wr_print_log(FILE *out, const wr_replay *rp)
{
    size_t e = 0; /* events are kept in turn order: one pass serves every turn */
    for (size_t i = 0; i < rp->record->n_turns; i++) {
        size_t first = e;
        while (e < rp->n_events && rp->events[e].turn == (int)i)
            e++;
        /* no events at all leaves the list NULL: no offset may be applied to it */
        const wr_event *events = rp->events ? rp->events + first : NULL;
        wr_print_turn(out, rp->set, rp->record, i, rp->players[i], events,
                      events ? wr_events_before_final(events, e - first) : 0);
    }
    fputc('\n', out);
}

bool wr_event_final(const wr_event *ev, size_t n_turns)
{
    const wh_score_event_t *e = &ev->e;
    if ((size_t)ev->turn >= n_turns || ev->with_final)
        return true;
    switch (e->reason) {
    case WH_REASON_ROAD_END: case WH_REASON_CITY_END: case WH_REASON_MONASTERY_END: case WH_REASON_FIELD_END:
    case WH_REASON_GARDEN_END: case WH_REASON_PIG: case WH_REASON_GOODS:
        return true;
    case WH_REASON_WONDER:
        return e->squares == WH_EVENT_GAME_END; /* a wonder's event names its handler's event */
    default:
        return false;
    }
}

bool wr_event_with_final(const wh_score_event_t *e, const wr_event *prev, size_t n_turns)
{
    return e->reason == WH_REASON_FAIRY && prev && wr_event_final(prev, n_turns);
}

const char *wr_event_reason(const wh_tileset_t *set, const wh_score_event_t *e)
{
    return e->reason == WH_REASON_WONDER ? wh_string(set, set->tiles[e->wonder].id)
                                         : wh_reason_text((wh_reason_t)e->reason);
}

static void quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        if ((unsigned char)*s >= 0x20)
            fputc(*s, out);
    }
    fputc('"', out);
}

void wr_print_breakdown(FILE *out, const wr_replay *rp, wr_format_t format, bool logged)
{
    static const char *const columns[] = {"roads", "cities", "monasteries", "fields", "wonders"};
    const wh_game_t *g = &rp->match->game;
    const wh_tileset_t *set = rp->set;
    int sums[WR_MAX_PLAYERS][5];
    memset(sums, 0, sizeof sums);
    for (size_t i = 0; i < rp->n_events; i++)
        for (int p = 0; p < g->n_players; p++)
            if (rp->events[i].e.winners & (1u << p))
                sums[p][column(&rp->events[i].e, &rp->match->game)] += rp->events[i].e.points;
    char name[40];
    if (format == WR_TABLE) {
        fprintf(out, "%-14s", "");
        for (int c = 0; c < 5; c++)
            fprintf(out, " %11s", columns[c]);
        fprintf(out, " %7s\n", "total");
        for (int p = 0; p < g->n_players; p++) {
            fprintf(out, "%-14s", wr_player(rp->record, p, name, sizeof name));
            for (int c = 0; c < 5; c++)
                fprintf(out, " %11d", sums[p][c]);
            fprintf(out, " %7d\n", wh_game_score(g, p));
        }
        fprintf(out, "\n");
        for (size_t i = 0; i < rp->n_events; i++) {
            const wr_event *ev = &rp->events[i];
            bool final = wr_event_final(ev, rp->record->n_turns);
            if (logged && !final) /* the log has said it, under its turn */
                continue;
            if (final)
                fprintf(out, "final      ");
            else
                fprintf(out, "turn %4d  ", ev->turn + 1);
            wr_describe_event(out, set, rp->record, &ev->e);
            fputc('\n', out);
        }
        return;
    }
    bool json = format == WR_JSON;
    fprintf(out, json ? "{\"players\": [" : "players:\n");
    for (int p = 0; p < g->n_players; p++) {
        fprintf(out, json ? "%s{\"name\": " : "  - name: ", p ? ", " : "");
        quoted(out, wr_player(rp->record, p, name, sizeof name));
        fprintf(out, json ? ", \"score\": %d" : "\n    score: %d\n", wh_game_score(g, p));
        for (int c = 0; c < 5; c++)
            fprintf(out, json ? ", \"%s\": %d" : "    %s: %d\n", columns[c], sums[p][c]);
        if (json)
            fputc('}', out);
    }
    fprintf(out, json ? "], \"events\": [" : "events:\n");
    for (size_t i = 0; i < rp->n_events; i++) {
        const wh_score_event_t *e = &rp->events[i].e;
        bool final = wr_event_final(&rp->events[i], rp->record->n_turns);
        fprintf(out, json ? "%s{\"turn\": " : "  - turn: ", i ? ", " : "");
        if (final)
            fprintf(out, json ? "\"final\"" : "final");
        else
            fprintf(out, "%d", rp->events[i].turn + 1);
        fprintf(out, json ? ", \"reason\": " : "\n    reason: ");
        quoted(out, wr_event_reason(set, e));
        if (e->reason == WH_REASON_WONDER) /* the event its handler ran at */
            fprintf(out, json ? ", \"points\": %d, \"at\": \"%s\", \"to\": [" :
                                "\n    points: %d\n    at: %s\n    to: [",
                    e->points, wh_event_word(e->squares));
        else
            fprintf(out, json ? ", \"points\": %d, \"squares\": %u, \"arms\": %u, \"to\": [" :
                                "\n    points: %d\n    squares: %u\n    arms: %u\n    to: [",
                    e->points, e->squares, e->arms);
        int k = 0;
        for (int p = 0; p < g->n_players; p++)
            if (e->winners & (1u << p)) {
                fprintf(out, k++ ? ", " : "");
                quoted(out, wr_player(rp->record, p, name, sizeof name));
            }
        fprintf(out, json ? "]}" : "]\n");
    }
    fprintf(out, json ? "]}\n" : "");
}

/* ---- the board ----------------------------------------------------------- */

static char edge_char(unsigned edge, int dir)
{
    switch (edge) {
    case WH_EDGE_CITY: return '#';
    case WH_EDGE_ROAD: return dir == 0 || dir == 2 ? '|' : '-';
    case WH_EDGE_RIVER: return '~';
    case WH_EDGE_FIELD: return '.';
    default: return ' ';
    }
}

void wr_draw_board(FILE *out, const wh_game_t *g, const wr_record *r)
{
    int minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        for (uint32_t s = 0; s < t->n_squares; s++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + s];
            int x = p->x + sq->dx[p->rotation], y = p->y + sq->dy[p->rotation];
            minx = x < minx ? x : minx;
            maxx = x > maxx ? x : maxx;
            miny = y < miny ? y : miny;
            maxy = y > maxy ? y : maxy;
        }
    }
    int w = maxx - minx + 1, h = maxy - miny + 1;
    char *canvas = wu_xmalloc((size_t)(3 * w) * (size_t)(3 * h));
    memset(canvas, ' ', (size_t)(3 * w) * (size_t)(3 * h));
#define AT(cx, cy) canvas[(size_t)(cy) * (size_t)(3 * w) + (size_t)(cx)]
    int wonder_letter = 0;
    char letters[WH_MAX_PLACED];
    for (size_t i = 0; i < wh_game_tile_count(g); i++) {
        const wh_placed_t *p = wh_game_tile_at_index(g, i);
        const wh_tile_t *t = &g->set->tiles[p->tile];
        letters[i] = t->kind == WH_TILE_WONDER ? (char)('A' + wonder_letter++ % 26) : ' ';
        for (uint32_t s = 0; s < t->n_squares; s++) {
            const wh_square_t *sq = &g->set->squares[t->first_square + s];
            int x = p->x + sq->dx[p->rotation] - minx, y = p->y + sq->dy[p->rotation] - miny;
            for (int d = 0; d < 4; d++) {
                char c = edge_char(wh_square_edge(g->set, p->tile, s, p->rotation, (wh_dir_t)d), d);
                static const int ex[4] = {1, 2, 1, 0}, ey[4] = {0, 1, 2, 1};
                AT(3 * x + ex[d], 3 * y + ey[d]) = c;
            }
            /* a wonder's squares carry its letter in their corners and on the
            ** sides they share, so its footprint reads as one piece */
            char corner = t->kind == WH_TILE_WONDER ? (char)(letters[i] - 'A' + 'a') : '.';
            AT(3 * x, 3 * y) = AT(3 * x + 2, 3 * y) = AT(3 * x, 3 * y + 2) = AT(3 * x + 2, 3 * y + 2) = corner;
            for (int d = 0; d < 4 && t->kind == WH_TILE_WONDER; d++) {
                static const int ex[4] = {1, 2, 1, 0}, ey[4] = {0, 1, 2, 1};
                if (AT(3 * x + ex[d], 3 * y + ey[d]) == ' ')
                    AT(3 * x + ex[d], 3 * y + ey[d]) = corner;
            }
            char center = letters[i];
            for (uint32_t f = 0; f < t->n_features; f++) {
                const wh_feature_t *ft = &g->set->features[t->first_feature + f];
                if (!(ft->squares & (1u << s)))
                    continue;
                if (ft->kind == WH_KIND_MONASTERY && center == ' ')
                    center = 'M';
                if (ft->kind == WH_KIND_GARDEN && center == ' ')
                    center = '*';
                for (uint32_t k = 0; k < g->n_meeples; k++)
                    if (g->meeple[k].node == p->first_node + f)
                        center = (char)('1' + g->meeple[k].player);
            }
            AT(3 * x + 1, 3 * y + 1) = center;
        }
    }
    /* the board's coordinates: x above each column of squares, y left of
    ** each row's middle line */
    fprintf(out, "     ");
    for (int x = 0; x < w; x++)
        fprintf(out, "%3d", minx + x);
    fputc('\n', out);
    for (int y = 0; y < 3 * h; y++) {
        int end = 3 * w;
        while (end > 0 && AT(end - 1, y) == ' ')
            end--;
        if (y % 3 == 1)
            fprintf(out, "%4d %.*s\n", miny + y / 3, end, &AT(0, y));
        else
            fprintf(out, "     %.*s\n", end, &AT(0, y));
    }
#undef AT
    free(canvas);
    fprintf(out, "\nx across, y down; # city, | - road, ~ river, . field, M monastery, * garden, A-Z a wonder (a-z its squares);"
                 " 1-%d meeples:", g->n_players);
    for (int p = 0; p < g->n_players; p++) {
        char name[40];
        fprintf(out, " %d %s%s", p + 1, wr_player(r, p, name, sizeof name), p + 1 < g->n_players ? "," : "\n");
    }
    for (size_t i = 0; i < wh_game_tile_count(g); i++)
        if (letters[i] != ' ') {
            const wh_placed_t *p = wh_game_tile_at_index(g, i);
            char name[40];
            fprintf(out, "%c: %s, placed by %s\n", letters[i], wh_string(g->set, g->set->tiles[p->tile].name),
                    p->player < g->n_players ? wr_player(r, p->player, name, sizeof name) : "nobody");
        }
    /* The boxes' figures, which a digit cannot tell from a follower: one
    ** line each, only when on the board, so that other boards read as before. */
    for (uint32_t k = 0; k < g->n_meeples; k++) {
        uint8_t f = g->meeple[k].figure;
        if (f != WH_FIGURE_BUILDER && f != WH_FIGURE_PIG)
            continue;
        const wh_placed_t *p = &g->placed[g->node_placed[g->meeple[k].node]];
        const wh_tile_t *t = &g->set->tiles[p->tile];
        char name[40];
        fprintf(out, "%s of %s on %s at (%d, %d)\n", wh_figure_word((wh_figure_t)f),
                wr_player(r, g->meeple[k].player, name, sizeof name),
                wh_string(g->set, g->set->features[t->first_feature + (g->meeple[k].node - p->first_node)].name), p->x,
                p->y);
    }
    int dx, dy, fairy_tile, fairy_player;
    if (wh_game_dragon(g, &dx, &dy))
        fprintf(out, "the dragon at (%d, %d)\n", dx, dy);
    if (wh_game_fairy(g, &fairy_tile, &fairy_player)) {
        const wh_placed_t *p = wh_game_tile_at_index(g, (size_t)fairy_tile);
        char name[40];
        fprintf(out, "the fairy at (%d, %d)", p->x, p->y);
        if (fairy_player >= 0)
            fprintf(out, ", beside %s's follower", wr_player(r, fairy_player, name, sizeof name));
        fputc('\n', out);
    }
}

/* Row by row, then column, then rotation: a list a person can scan. */
static int by_position(const void *a, const void *b)
{
    const wh_placement_t *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    return (p->rotation > q->rotation) - (p->rotation < q->rotation);
}

/* A placement's figure options, figure by figure as the runtime lists them:
** "meeple on: c f", then "; large meeple on: c" and so on (an option names
** its figure and a local feature: WH_OPTION), and the abbot taken back. */
static void print_options(FILE *out, const wh_tileset_t *set, const wh_tile_t *t, const uint8_t *options, size_t m)
{
    int figure = -1;
    for (size_t k = 0; k < m; k++) {
        if (options[k] == WH_OPTION_RECALL) {
            fprintf(out, "%sor the abbot taken back", k ? "; " : "  ");
            continue;
        }
        int f = (int)WH_OPTION_FIGURE(options[k]);
        if (f != figure)
            fprintf(out, "%s%s on:", k ? "; " : "  ", figure_noun((wh_figure_t)f));
        figure = f;
        fprintf(out, " %s", wh_string(set, set->features[t->first_feature + WH_OPTION_LOCAL(options[k])].name));
    }
}

/* Where figure or tower top `target` stands, for the moves' list. */
static void print_target(FILE *out, const wh_game_t *g, uint16_t target)
{
    if (WH_TOWER_IS_TOP(target)) {
        const wh_placed_t *pl = &g->placed[WH_TOWER_TOP_OF(target)];
        fprintf(out, " (%d, %d) its tower's meeple", pl->x, pl->y);
        return;
    }
    const wh_meeple_t *m = &g->meeple[target];
    const wh_placed_t *pl = &g->placed[g->node_placed[m->node]];
    const wh_tile_t *t = &g->set->tiles[pl->tile];
    fprintf(out, " (%d, %d) %s of player %d", pl->x, pl->y,
            wh_string(g->set, g->set->features[t->first_feature + g->node_local[m->node]].name), m->player);
}

/* The Tower: the ransoms open now, and the tower moves instead of a figure
** after `first` (the first placement listed; the tile's own foundation, if
** it has one, is then among them), each floor with what it may take. */
static void print_tower_moves(FILE *out, const wh_game_t *g, uint32_t tile, const wh_placement_t *first,
                              wh_game_t *trial)
{
    if (!(g->rules & WH_RULE_BIT(WH_RULE_TOWER)))
        return;
    uint16_t r[WH_MAX_RANSOMS];
    size_t nr = wh_game_ransom_options(g, r, WH_MAX_RANSOMS);
    for (size_t i = 0; i < nr; i++)
        fprintf(out, "ransom: a %s back from player %d for 3 points\n", wh_figure_word(WH_RANSOM_FIGURE(r[i])),
                WH_RANSOM_HOLDER(r[i]));
    *trial = *g;
    if (!first || wh_game_phase(trial) != WH_PHASE_TILE ||
        wh_game_place_tile(trial, tile, first->x, first->y, first->rotation) != WH_OK)
        return;
    uint16_t moves[WH_MAX_TOWER_MOVES];
    uint16_t targets[WH_MAX_MEEPLES + WH_MAX_TOWERS];
    size_t n = wh_game_tower_moves(trial, moves, WH_MAX_TOWER_MOVES);
    fprintf(out, "tower moves instead of a figure (after the first placement): %zu\n", n);
    for (size_t i = 0; i < n; i++) {
        uint16_t placed = (uint16_t)WH_TOWER_MOVE_PLACED(moves[i]);
        const wh_placed_t *pl = &trial->placed[placed];
        if (WH_TOWER_MOVE_KIND(moves[i]) != WH_TOWER_FLOOR) {
            fprintf(out, "  close at (%d, %d) with a %s\n", pl->x, pl->y,
                    WH_TOWER_MOVE_KIND(moves[i]) == WH_TOWER_CLOSE_LARGE ? "large meeple" : "meeple");
            continue;
        }
        fprintf(out, "  floor at (%d, %d), height %d, takes:", pl->x, pl->y, wh_game_tower_height(trial, placed) + 1);
        size_t nt = wh_game_tower_captures(trial, placed, targets, WH_MAX_MEEPLES + WH_MAX_TOWERS);
        if (!nt)
            fprintf(out, " (none)");
        for (size_t k = 0; k < nt; k++)
            print_target(out, trial, targets[k]);
        fputc('\n', out);
    }
}

void wr_print_moves(FILE *out, const wh_game_t *g, uint32_t tile)
{
    enum { CAP = 4096 };
    wh_placement_t *p = wu_xmalloc(CAP * sizeof *p);
    wh_game_t *trial = wu_xmalloc(sizeof *trial);
    size_t n = wh_game_placements(g, tile, p, CAP);
    fprintf(out, "%zu legal placement%s of %s (%s):\n", n, n == 1 ? "" : "s", wh_string(g->set, g->set->tiles[tile].id),
            wh_string(g->set, g->set->tiles[tile].name));
    size_t shown = n < CAP ? n : CAP;
    qsort(p, shown, sizeof *p, by_position);
    for (size_t i = 0; i < shown; i++) {
        char at[32];
        snprintf(at, sizeof at, "(%d, %d)", p[i].x, p[i].y);
        fprintf(out, "  at %-10s turned %3d", at, 90 * p[i].rotation);
        *trial = *g;
        if (wh_game_phase(trial) == WH_PHASE_TILE &&
            wh_game_place_tile(trial, tile, p[i].x, p[i].y, p[i].rotation) == WH_OK) {
            uint8_t options[WH_MAX_FEATURES];
            size_t m = wh_game_meeple_options(trial, options, WH_MAX_FEATURES);
            if (!m)
                fprintf(out, "  meeple on: (none)");
            print_options(out, g->set, &g->set->tiles[tile], options, m);
        }
        fputc('\n', out);
    }
    print_tower_moves(out, g, tile, shown ? &p[0] : NULL, trial);
    free(p);
    free(trial);
}
