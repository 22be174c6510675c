/* model.c -- growable runtime tables; see model.h. */
#include "model.h"
#include "geom.h"
#include "common/xalloc.h"

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

void wc_model_add_drawing(wc_model *m, const wc_geom *g)
{
    if (m->draw)
        wc_shapes_build(g, &m->art);
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
