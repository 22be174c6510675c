/*
** check.c -- checks across tiles and packs: unique ids and display names,
** the start tile, pack facts.  Each tile's own geometry is check_tile.c's.
**
** The parser hands over each tile as soon as it is parsed; only what later
** tiles need (names, the model) is kept, so memory does not grow with the
** syntax tree of the whole input.
*/
#include "check.h"
#include "geom.h"
#include "marks.h"
#include "names.h"
#include "../runtime/common/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Two ids that differ only in case would give the same C enum name. */
static void upper_key(char *out, size_t size, wc_name pack, wc_name tile)
{
    size_t n = 0;
    for (uint32_t i = 0; i < pack.n && n + 1 < size; i++)
        out[n++] = (char)toupper((unsigned char)pack.p[i]);
    if (n + 1 < size)
        out[n++] = '_';
    for (uint32_t i = 0; i < tile.n && n + 1 < size; i++)
        out[n++] = (char)toupper((unsigned char)tile.p[i]);
    out[n] = '\0';
}

struct wc_checker {
    wc_diag   *d;
    wc_model  *m;
    wc_nameset pack_ids, enum_names, display_names;
    wc_arena   keys;       /* the upper-cased enum names the set points at */
    bool       has_start;  /* in the current pack */
    wc_loc     start_at;   /* the start tile's id, for the note on a second one */
    wc_name    start_id;
    /* the pack being checked */
    bool       in_pack;    /* it has a row in the model */
    uint8_t    pack_index;
    bool       pack_tiles_ok;
    unsigned   unchecked_facts; /* fact lists skipped because of errors */
    wc_tile_observer *observe;  /* told of each tile, when set */
    void      *observe_ctx;
};

wc_checker *wc_checker_new(wc_diag *d, wc_model *m)
{
    wc_checker *c = wu_xcalloc(1, sizeof *c);
    c->d = d;
    c->m = m;
    wc_nameset_init(&c->pack_ids);
    wc_nameset_init(&c->enum_names);
    wc_nameset_init(&c->display_names);
    wc_arena_init(&c->keys);
    return c;
}

void wc_checker_free(wc_checker *c)
{
    if (!c)
        return;
    wc_nameset_free(&c->pack_ids);
    wc_nameset_free(&c->enum_names);
    wc_nameset_free(&c->display_names);
    wc_arena_free(&c->keys);
    free(c);
}

static void check_names(wc_checker *c, const wc_pack *k, const wc_tile *t)
{
    char key[2 * 64 + 2];
    upper_key(key, sizeof key, k->id, t->id);
    size_t n = strlen(key);
    const wc_nameset_entry *dup = wc_nameset_add(&c->enum_names, wc_arena_strndup(&c->keys, key, n), (uint32_t)n, t->id.at);
    if (dup) {
        wc_error(c->d, t->id.at, "tile id '%.*s.%.*s' is already used (ids are compared ignoring case)",
                 (int)k->id.n, k->id.p, (int)t->id.n, t->id.p);
        wc_note(c->d, dup->at, "first used here");
    }
    dup = wc_nameset_add(&c->display_names, t->name, (uint32_t)strlen(t->name), t->name_at);
    if (dup) {
        wc_error(c->d, t->name_at, "display name \"%s\" is already used", t->name);
        wc_note(c->d, dup->at, "first used here");
    }
    if (!*t->name)
        wc_error(c->d, t->name_at, "display name is empty");
    for (const wc_name_item *it = t->tags; it; it = it->next) {
        int kind;
        if (wc_feature_mark(it->name, &kind) || wc_is_tunnel(it->name))
            wc_error(c->d, it->name.at, "'%.*s' marks a %s, not a tile; write it in that %s's 'tags'",
                     (int)it->name.n, it->name.p, wc_kind_word(wc_is_tunnel(it->name) ? WH_KIND_ROAD : kind),
                     wc_kind_word(wc_is_tunnel(it->name) ? WH_KIND_ROAD : kind));
        else if (wc_tile_mark(it->name) == WH_TILE_FLAG_TOWER && t->kind == WH_TILE_WONDER)
            /* The Tower's rules are played on squares of land tiles; the
            ** rules page rules on wonders in a tower's reach, never on a
            ** tower on a wonder (reference 4.1). */
            wc_error(c->d, it->name.at, "no wonder has a tower foundation; wonder '%.*s' cannot show one", (int)t->id.n,
                     t->id.p);
        else if (wc_tile_mark(it->name) && t->kind == WH_TILE_WONDER)
            wc_error(c->d, it->name.at, "'%.*s' is a land tile's symbol; wonder '%.*s' cannot show it",
                     (int)it->name.n, it->name.p, (int)t->id.n, t->id.p);
    }
    for (const wc_name_item *it = t->tags; it; it = it->next)
        if (wc_name_is(it->name, "start")) {
            if (c->has_start) {
                wc_error(c->d, it->name.at, "a second start tile in pack '%.*s'; a pack has one", (int)k->id.n,
                         k->id.p);
                wc_note(c->d, c->start_at, "the start tile is '%.*s'", (int)c->start_id.n, c->start_id.p);
            } else {
                c->has_start = true;
                c->start_at = t->id.at;
                c->start_id = t->id; /* points into the source text, which outlives the tile */
            }
        }
}

void wc_checker_pack_begin(wc_checker *c, const wc_pack *k)
{
    c->in_pack = false;
    c->has_start = false; /* one start tile per pack: the River brings its spring */
    c->pack_tiles_ok = true;
    const wc_nameset_entry *dup = wc_nameset_add(&c->pack_ids, k->id.p, k->id.n, k->id.at);
    if (dup) {
        wc_error(c->d, k->id.at, "pack '%.*s' is declared twice", (int)k->id.n, k->id.p);
        wc_note(c->d, dup->at, "first declared here");
    }
    if (c->m->n_packs >= 255) {
        wc_error(c->d, k->id.at, "too many packs (the limit is 255)");
        return;
    }
    c->in_pack = true;
    c->pack_index = (uint8_t)c->m->n_packs;
    char id[65];
    snprintf(id, sizeof id, "%.*s", (int)k->id.n, k->id.p);
    uint32_t id_off = wc_model_string(c->m, id, strlen(id));
    uint32_t name_off = wc_model_string(c->m, k->name, strlen(k->name));
    wh_pack_t *row = wc_model_pack(c->m);
    row->id = id_off;
    row->name = name_off;
    row->first_tile = (uint32_t)c->m->n_tiles;
}

void wc_checker_observe(wc_checker *c, wc_tile_observer *fn, void *ctx)
{
    c->observe = fn;
    c->observe_ctx = ctx;
}

void wc_checker_tile(wc_checker *c, const wc_pack *k, const wc_tile *t)
{
    if (c->observe)
        c->observe(c->observe_ctx, k, t);
    if (c->d->stopped || !c->in_pack)
        return;
    check_names(c, k, t);
    if (t->syntax_error) {
        c->pack_tiles_ok = false;
        return;
    }
    size_t before = c->m->n_tiles;
    if (!wc_check_tile(c->d, c->m, t, c->pack_index, k->id)) {
        c->pack_tiles_ok = false;
        return;
    }
    wh_tileset_t view = wc_model_view(c->m);
    wc_fact_scope scope = {&view, (uint32_t)before, 1, WC_FACTS_TILE};
    if (!wc_check_facts(c->d, t->expects, scope))
        c->pack_tiles_ok = false;
}

void wc_checker_pack_end(wc_checker *c, const wc_pack *k)
{
    if (!c->in_pack)
        return;
    c->in_pack = false;
    wh_pack_t *row = &c->m->packs[c->pack_index];
    row->n_tiles = (uint32_t)c->m->n_tiles - row->first_tile;
    if (!k->expects || c->d->stopped)
        return;
    if (!c->pack_tiles_ok || k->syntax_error) {
        c->unchecked_facts++; /* said once, in the summary: not a note per error */
        return;
    }
    wh_tileset_t view = wc_model_view(c->m);
    wc_fact_scope scope = {&view, row->first_tile, row->n_tiles, WC_FACTS_PACK};
    wc_check_facts(c->d, k->expects, scope);
}

void wc_checker_finish(wc_checker *c, const wc_program *prog)
{
    const wc_tileset_decl *ts = prog->tileset;
    if (!ts || !ts->expects || c->d->stopped)
        return;
    if (c->d->n_errors > 0 || ts->syntax_error) {
        c->unchecked_facts++;
        return;
    }
    wh_tileset_t view = wc_model_view(c->m);
    wc_fact_scope scope = {&view, 0, view.n_tiles, WC_FACTS_SET};
    wc_check_facts(c->d, ts->expects, scope);
}

unsigned wc_checker_unchecked_facts(const wc_checker *c)
{
    return c->unchecked_facts;
}
