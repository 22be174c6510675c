/* model.c -- growable runtime tables; see model.h. */
#include "model.h"
#include "geom.h"
#include "../runtime/common/xalloc.h"

#include <string.h>

void wc_model_init(wc_model *m)
{
    memset(m, 0, sizeof *m);
    wc_model_string(m, "", 0);
    wc_art_init(&m->art);
    m->draw = true;
    m->tile_paths = wu_grow(NULL, &m->cap_tile_paths, 1, sizeof *m->tile_paths);
    m->tile_paths[0] = 0;
}

void wc_model_free(wc_model *m)
{
    free(m->strings);
    free(m->packs);
    free(m->tiles);
    free(m->squares);
    free(m->sides);
    free(m->features);
    free(m->fits);
    free(m->effects);
    free(m->effect_values);
    free(m->handlers);
    free(m->exprs);
    free(m->effect_scratch);
    free(m->geoms);
    free(m->scratch);
    wc_art_free(&m->art);
    free(m->tile_paths);
    free(m->drawn);
    free(m->drawn_keys);
    memset(m, 0, sizeof *m);
}

uint32_t wc_model_string(wc_model *m, const char *s, size_t n)
{
    if (n == 0 && m->n_strings > 0)
        return 0;
    m->strings = wu_grow(m->strings, &m->cap_strings, m->n_strings + n + 1, 1);
    uint32_t at = (uint32_t)m->n_strings;
    memcpy(m->strings + at, s, n);
    m->strings[at + n] = '\0';
    m->n_strings += n + 1;
    return at;
}

#define APPEND_ROW(m, arr, n, cap)                                   \
    do {                                                             \
        (m)->arr = wu_grow((m)->arr, &(m)->cap, (m)->n + 1, sizeof *(m)->arr); \
        memset(&(m)->arr[(m)->n], 0, sizeof *(m)->arr);              \
        return &(m)->arr[(m)->n++];                                  \
    } while (0)

wh_pack_t *wc_model_pack(wc_model *m) { APPEND_ROW(m, packs, n_packs, cap_packs); }
wh_tile_t *wc_model_tile(wc_model *m) { APPEND_ROW(m, tiles, n_tiles, cap_tiles); }
wh_square_t *wc_model_square(wc_model *m) { APPEND_ROW(m, squares, n_squares, cap_squares); }
wh_side_t *wc_model_side(wc_model *m) { APPEND_ROW(m, sides, n_sides, cap_sides); }
wh_feature_t *wc_model_feature(wc_model *m) { APPEND_ROW(m, features, n_features, cap_features); }
wh_effect_t *wc_model_effect(wc_model *m) { APPEND_ROW(m, effects, n_effects, cap_effects); }
wh_effect_value_t *wc_model_effect_value(wc_model *m) { APPEND_ROW(m, effect_values, n_effect_values, cap_effect_values); }
wh_handler_t *wc_model_handler(wc_model *m) { APPEND_ROW(m, handlers, n_handlers, cap_handlers); }
wh_expr_t *wc_model_expr(wc_model *m) { APPEND_ROW(m, exprs, n_exprs, cap_exprs); }

void wc_model_add_geometry(wc_model *m, const wc_geom *g)
{
    m->geoms = wu_grow(m->geoms, &m->cap_geoms, m->n_geoms + 1, sizeof *m->geoms);
    m->geoms[m->n_geoms] = *g;
    /* The syntax tree is freed tile by tile: keep no pointer into it. */
    memset(m->geoms[m->n_geoms].src, 0, sizeof m->geoms[m->n_geoms].src);
    memset(m->geoms[m->n_geoms].claim_ref, 0, sizeof m->geoms[m->n_geoms].claim_ref);
    memset(m->geoms[m->n_geoms].decl, 0, sizeof m->geoms[m->n_geoms].decl);
    m->n_geoms++;
}

/* A drawing derived once: its key at drawn_keys[key ..+ key_len], its rows art.paths[first ..+ n]. */
struct wc_drawn {
    uint64_t hash; /* of the key; 0: the slot is free */
    size_t   key, key_len;
    size_t   first, n;
};

static uint64_t key_hash(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h ? h : 1;
}

static void remember(wc_model *m, const struct wc_drawn *d)
{
    if (2 * (m->n_drawn + 1) > m->cap_drawn) { /* at most half full: short probes */
        size_t cap = m->cap_drawn ? 2 * m->cap_drawn : 64;
        struct wc_drawn *t = wu_xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < m->cap_drawn; i++)
            if (m->drawn[i].hash) {
                size_t j = m->drawn[i].hash & (cap - 1);
                while (t[j].hash)
                    j = (j + 1) & (cap - 1);
                t[j] = m->drawn[i];
            }
        free(m->drawn);
        m->drawn = t;
        m->cap_drawn = cap;
    }
    size_t j = d->hash & (m->cap_drawn - 1);
    while (m->drawn[j].hash)
        j = (j + 1) & (m->cap_drawn - 1);
    m->drawn[j] = *d;
    m->n_drawn++;
}

/* Append g's rows: a copy of an equal geometry's, or drawn now. */
static void draw_once(wc_model *m, const wc_geom *g)
{
    unsigned char key[WC_SHAPES_KEY_MAX];
    size_t len = wc_shapes_key(g, key);
    uint64_t h = key_hash(key, len);
    for (size_t j = m->cap_drawn ? h & (m->cap_drawn - 1) : 0; m->cap_drawn && m->drawn[j].hash;
         j = (j + 1) & (m->cap_drawn - 1)) {
        const struct wc_drawn *d = &m->drawn[j];
        if (d->hash != h || d->key_len != len || memcmp(m->drawn_keys + d->key, key, len))
            continue;
        size_t first = d->first, n = d->n; /* indexes: the rows may move as they grow */
        m->art.paths = wu_grow(m->art.paths, &m->art.cap_paths, m->art.n_paths + n, sizeof *m->art.paths);
        memcpy(m->art.paths + m->art.n_paths, m->art.paths + first, n * sizeof *m->art.paths);
        m->art.n_paths += n;
        return;
    }
    struct wc_drawn d = {h, m->n_drawn_keys, len, m->art.n_paths, 0};
    wc_shapes_build(g, &m->art);
    d.n = m->art.n_paths - d.first;
    m->drawn_keys = wu_grow(m->drawn_keys, &m->cap_drawn_keys, m->n_drawn_keys + len, 1);
    memcpy(m->drawn_keys + m->n_drawn_keys, key, len);
    m->n_drawn_keys += len;
    remember(m, &d);
}

void wc_model_add_drawing(wc_model *m, const wc_geom *g)
{
    if (m->draw)
        draw_once(m, g);
    m->tile_paths = wu_grow(m->tile_paths, &m->cap_tile_paths, m->n_tiles + 1, sizeof *m->tile_paths);
    m->tile_paths[m->n_tiles] = (uint32_t)m->art.n_paths;
}

uint8_t wc_model_shape(wc_model *m, uint8_t edges0)
{
    if (!m->shape_of[edges0]) {
        m->shape_edges[m->n_shapes] = edges0;
        m->shape_of[edges0] = (uint16_t)++m->n_shapes;
    }
    return (uint8_t)(m->shape_of[edges0] - 1);
}

/* The edge pattern turned r quarter turns clockwise: the side facing d now
** faces d + r, so each 2-bit field moves up by 2r bits (cyclically). */
static unsigned turn(unsigned edges0, int r)
{
    return ((edges0 << (2 * r)) | (edges0 >> (8 - 2 * r))) & 0xFFu;
}

void wc_model_finish(wc_model *m)
{
    free(m->fits);
    m->fits = wu_xcalloc(m->n_shapes ? m->n_shapes : 1, WH_FIT_ROW);
    for (size_t sh = 0; sh < m->n_shapes; sh++)
        for (unsigned c = 0; c < WH_FIT_ROW; c++) {
            unsigned mask = 0; /* 3 in each direction the requirement names */
            for (int d = 0; d < 4; d++)
                if ((c >> (2 * d)) & 3u)
                    mask |= 3u << (2 * d);
            uint8_t bits = 0;
            for (int r = 0; r < 4; r++)
                if (!((turn(m->shape_edges[sh], r) ^ c) & mask))
                    bits |= (uint8_t)(1u << r);
            m->fits[sh * WH_FIT_ROW + c] = bits;
        }
}

wh_tileset_t wc_model_view(const wc_model *m)
{
    return (wh_tileset_t){
        .strings = m->strings,
        .packs = m->packs,
        .tiles = m->tiles,
        .squares = m->squares,
        .sides = m->sides,
        .features = m->features,
        .n_packs = (uint32_t)m->n_packs,
        .n_tiles = (uint32_t)m->n_tiles,
        .n_squares = (uint32_t)m->n_squares,
        .n_sides = (uint32_t)m->n_sides,
        .n_features = (uint32_t)m->n_features,
        .strings_size = (uint32_t)m->n_strings,
        .fits = m->fits,
        .n_shapes = (uint32_t)m->n_shapes,
        .effects = m->effects,
        .effect_values = m->effect_values,
        .n_effects = (uint32_t)m->n_effects,
        .n_effect_values = (uint32_t)m->n_effect_values,
        .handlers = m->handlers,
        .exprs = m->exprs,
        .n_handlers = (uint32_t)m->n_handlers,
        .n_exprs = (uint32_t)m->n_exprs,
        .paths = m->art.paths,
        .tile_paths = m->tile_paths,
        .path_data = m->art.data,
        .n_paths = (uint32_t)m->art.n_paths,
        .path_data_size = (uint32_t)m->art.n_data,
    };
}
