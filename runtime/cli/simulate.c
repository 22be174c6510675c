/* simulate.c -- random matches and their statistics; see simulate.h. */
#include "simulate.h"
#include "grow.h"
#include "../match.h"
#include "../playout.h"
#include "../tileset.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct game_points {
    int32_t points[WH_MATCH_MAX_WONDERS]; /* by index into the game's wonders */
    const uint16_t *wonders;
    int n;
} game_points;

static void count_points(void *ctx, const wh_score_event_t *e)
{
    game_points *gp = ctx;
    if (e->reason != WH_REASON_WONDER)
        return;
    for (int i = 0; i < gp->n; i++)
        if (gp->wonders[i] == e->wonder)
            gp->points[i] += e->points;
}

static wr_wonder_stats *stats_for(wr_sim *s, const wh_tileset_t *set, uint16_t tile)
{
    const char *id = wh_string(set, set->tiles[tile].id);
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->w[i].id, id))
            return &s->w[i];
    if (s->n == WR_MAX_WONDERS)
        return NULL;
    wr_wonder_stats *w = &s->w[s->n++];
    memset(w, 0, sizeof *w);
    snprintf(w->id, sizeof w->id, "%s", id);
    return w;
}

bool wr_simulate(const wh_tileset_t *set, const wr_sim_options *o, wr_sim *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    out->players = o->players;
    out->seed = o->seed;
    for (int i = 0; i < o->n_wonders; i++)
        stats_for(out, set, o->wonders[i]); /* list every wonder, even one never offered */
    const uint32_t *packs = o->packs;
    size_t n_packs = o->n_packs;
    wh_match_t *m = wr_xmalloc(sizeof *m);
    int start = -1;
    for (uint32_t t = 0; t < set->n_tiles && start < 0; t++)
        if (set->tiles[t].flags & WH_TILE_FLAG_START)
            start = (int)t;
    uint64_t mine = 0, done = 0;
    for (uint64_t g = (uint64_t)o->shard; g < o->games; g += (uint64_t)o->shards)
        mine++;
    for (uint64_t g = (uint64_t)o->shard; g < o->games; g += (uint64_t)o->shards) {
        wh_rng_t rng;
        wh_rng_seed(&rng, o->seed * 0x9E3779B97F4A7C15ull + g);
        wh_bag_t bag;
        wh_bag_fill(&bag, set, packs, n_packs, start);
        wh_bag_shuffle(&bag, &rng);
        uint16_t offered[WR_MAX_WONDERS];
        memcpy(offered, o->wonders, (size_t)o->n_wonders * sizeof *offered);
        int k = o->wonders_per_game > 0 && o->wonders_per_game < o->n_wonders ? o->wonders_per_game : o->n_wonders;
        for (int i = 0; i < k; i++) { /* k of them at random */
            uint32_t j = (uint32_t)i + wh_rng_below(&rng, (uint32_t)(o->n_wonders - i));
            uint16_t t = offered[i];
            offered[i] = offered[j];
            offered[j] = t;
        }
        wh_match_config_t cfg = {.players = (uint8_t)o->players, .variant = (uint8_t)o->variant, .pile = bag.tile,
                                 .n_pile = bag.n, .wonders = offered, .n_wonders = (size_t)k, .start_tile = -1};
        wh_players_t players = wh_random_players(&rng);
        game_points gp = {{0}, offered, k};
        wh_score_sink_t sink = {count_points, &gp};
        wh_status_t s = wh_match_init(m, set, &cfg);
        if (s == WH_OK)
            s = wh_match_play(m, &players, &sink);
        if (s != WH_OK) {
            fprintf(err, "wonders: game %llu failed: %s\n", (unsigned long long)g, wh_status_text(s));
            free(m);
            return false;
        }
        int best = 0;
        for (int p = 0; p < o->players; p++)
            if (wh_game_score(&m->game, p) > best)
                best = wh_game_score(&m->game, p);
        for (int i = 0; i < k; i++) {
            wr_wonder_stats *w = stats_for(out, set, offered[i]);
            if (!w)
                continue;
            w->offered++;
            w->points += gp.points[i];
            int owner = -1;
            for (size_t t = 0; t < wh_game_tile_count(&m->game); t++) {
                const wh_placed_t *pl = wh_game_tile_at_index(&m->game, t);
                if (pl->tile == offered[i]) {
                    owner = pl->player;
                    w->placed++;
                }
            }
            for (int p = 0; p < o->players && owner < 0; p++)
                for (int q = 0; q < m->n_waiting[p]; q++)
                    if (m->waiting[p][q] == offered[i])
                        owner = p;
            if (owner >= 0) {
                w->taken++;
                w->owner_wins += wh_game_score(&m->game, owner) == best;
            }
        }
        out->games++;
        if (o->progress && (++done % 256 == 0 || done == mine)) {
            int width = 40, filled = (int)(width * done / (mine ? mine : 1));
            fprintf(stderr, "\r[%.*s%*s] %3d%% %llu/%llu", filled, "########################################",
                    width - filled, "", (int)(100 * done / (mine ? mine : 1)), (unsigned long long)done,
                    (unsigned long long)mine);
        }
    }
    if (o->progress)
        fputc('\n', stderr);
    free(m);
    return true;
}

bool wr_sim_merge(wr_sim *a, const wr_sim *b)
{
    if (a->games && a->players != b->players)
        return false;
    a->players = b->players;
    a->games += b->games;
    for (int i = 0; i < b->n; i++) {
        wr_wonder_stats *w = NULL;
        for (int j = 0; j < a->n && !w; j++)
            if (!strcmp(a->w[j].id, b->w[i].id))
                w = &a->w[j];
        if (!w) {
            if (a->n == WR_MAX_WONDERS)
                return false;
            w = &a->w[a->n++];
            memset(w, 0, sizeof *w);
            snprintf(w->id, sizeof w->id, "%s", b->w[i].id);
        }
        w->offered += b->w[i].offered;
        w->taken += b->w[i].taken;
        w->placed += b->w[i].placed;
        w->points += b->w[i].points;
        w->owner_wins += b->w[i].owner_wins;
    }
    return true;
}

void wr_sim_write_yaml(FILE *out, const wr_sim *s)
{
    fprintf(out, "format: %d\nsimulation:\n  games: %llu\n  players: %d\n  wonders:\n", WR_FORMAT,
            (unsigned long long)s->games, s->players);
    for (int i = 0; i < s->n; i++)
        fprintf(out, "    - {id: %s, offered: %llu, taken: %llu, placed: %llu, points: %lld, owner_wins: %llu}\n",
                s->w[i].id, (unsigned long long)s->w[i].offered, (unsigned long long)s->w[i].taken,
                (unsigned long long)s->w[i].placed, (long long)s->w[i].points, (unsigned long long)s->w[i].owner_wins);
}

void wr_sim_print(FILE *out, const wh_tileset_t *set, const wr_sim *s)
{
    fprintf(out, "%llu games, %d players\n", (unsigned long long)s->games, s->players);
    fprintf(out, "%-18s %8s %8s %14s %15s\n", "wonder", "offered", "taken", "effect points", "owner wins");
    for (int i = 0; i < s->n; i++) {
        const wr_wonder_stats *w = &s->w[i];
        int t = wh_tile_find(set, w->id);
        const char *name = t >= 0 ? wh_string(set, set->tiles[t].name) : w->id;
        double taken = w->offered ? 100.0 * (double)w->taken / (double)w->offered : 0;
        double points = w->placed ? (double)w->points / (double)w->placed : 0;
        double wins = w->taken ? 100.0 * (double)w->owner_wins / (double)w->taken : 0;
        fprintf(out, "%-18s %8llu %7.1f%% %8.2f/game %14.1f%%\n", name, (unsigned long long)w->offered, taken, points,
                wins);
    }
    fprintf(out, "(taken: of the games it was offered; effect points: mean when placed; owner wins: first place, "
                 "ties included, of the games it was taken)\n");
}

/* Reading results back: a small walk over libyaml's document. */
static const char *scalar_at(yaml_document_t *d, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(d, p->key), *v = yaml_document_get_node(d, p->value);
        if (k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, key))
            return v->type == YAML_SCALAR_NODE ? (const char *)v->data.scalar.value : "";
    }
    return NULL;
}

static yaml_node_t *node_at(yaml_document_t *d, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(d, p->key);
        if (k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, key))
            return yaml_document_get_node(d, p->value);
    }
    return NULL;
}

bool wr_sim_read(const char *path, wr_sim *s, FILE *err)
{
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "rb");
    if (!f) {
        wr_error(err, path, (wr_loc){0, 0}, "cannot read");
        return false;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    bool ok = yaml_parser_load(&parser, &doc);
    if (!ok) {
        wr_error(err, path, (wr_loc){parser.problem_mark.line + 1, parser.problem_mark.column + 1},
                 "malformed YAML: %s", parser.problem ? parser.problem : "error");
        yaml_parser_delete(&parser);
        fclose(f);
        return false;
    }
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    yaml_node_t *sim = node_at(&doc, root, "simulation");
    const char *games = scalar_at(&doc, sim, "games"), *players = scalar_at(&doc, sim, "players");
    yaml_node_t *list = node_at(&doc, sim, "wonders");
    ok = games && players && list && list->type == YAML_SEQUENCE_NODE;
    if (ok) {
        s->games = strtoull(games, NULL, 10);
        s->players = atoi(players);
        for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top && ok; it++) {
            yaml_node_t *w = yaml_document_get_node(&doc, *it);
            const char *id = scalar_at(&doc, w, "id"), *off = scalar_at(&doc, w, "offered"),
                       *tk = scalar_at(&doc, w, "taken"), *pl = scalar_at(&doc, w, "placed"),
                       *pt = scalar_at(&doc, w, "points"), *ow = scalar_at(&doc, w, "owner_wins");
            ok = id && off && tk && pl && pt && ow && s->n < WR_MAX_WONDERS;
            if (!ok)
                break;
            wr_wonder_stats *x = &s->w[s->n++];
            snprintf(x->id, sizeof x->id, "%s", id);
            x->offered = strtoull(off, NULL, 10);
            x->taken = strtoull(tk, NULL, 10);
            x->placed = strtoull(pl, NULL, 10);
            x->points = strtoll(pt, NULL, 10);
            x->owner_wins = strtoull(ow, NULL, 10);
        }
    }
    if (!ok)
        wr_error(err, path, (wr_loc){0, 0}, "not simulation results (format %d)", WR_FORMAT);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    fclose(f);
    return ok;
}
