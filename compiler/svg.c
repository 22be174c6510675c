/*
** svg.c -- a tile drawn as SVG from its planar model; see svg.h.
**
** The tile itself is drawn by the one renderer (common/tile_art.h) from
** its drawing rows (shapes.h), the same rows `wonderc compile` writes into
** the tables and `wonders board` draws.  What only the compiler knows is
** added here: the square names, the declared separations, what a failing
** tile got wrong, and the caption.  Labels are placed by the renderer;
** the picture is made wide enough for its key list and its caption, so no
** text is ever cut.  Output is deterministic.
*/
#include "svg.h"
#include "../runtime/draw/tile_art.h"
#include "../runtime/common/xalloc.h"
#include "shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(i) (UINT64_C(1) << (i))
#define BAD_COLOUR "#e00000"
/* A declared separation is a fact of the tile, not a fault: a dashed ring
** in the ink of the square names, never the red of what a check found wrong. */
#define SEPARATION_COLOUR "#37474f"
#define CAPTION_FONT 13
#define CAPTION_LINE 16
#define SQUARE_FONT 9

static void to_buf(void *ctx, const char *s, size_t n)
{
    wc_buf_append(ctx, s, n);
}

static void escape(wc_buf *out, const char *s)
{
    wu_out o = {to_buf, out};
    wu_xml_text(&o, s);
}

/* Everything the picture's size depends on, worked out once. */
typedef struct layout {
    wc_art      art;
    wu_art      view;
    wu_place    place;
    wu_labels   labels;
    const char *names[WH_MAX_FEATURES];
    bool        bad[WH_MAX_FEATURES];
    double      square_box[WH_MAX_SQUARES][4]; /* where each square's name is written */
    int         tile_w, tile_h;                /* the footprint's box, pixels */
    int         width, height;   /* the whole picture, captions included */
    int         inline_w, inline_h; /* without the captions: a page's figure has them */
    char        caption[2][400];
} layout;

static int round_int(double v)
{
    return (int)(v < 0 ? v - 0.5 : v + 0.5);
}

static void lay_out(const wc_geom *g, int rotation, layout *L)
{
    memset(L, 0, sizeof *L);
    wc_art_init(&L->art);
    wc_shapes_build(g, &L->art);
    L->view = (wu_art){L->art.paths, L->art.n_paths, L->art.data};
    int r = rotation & 3;
    /* The footprint's box once turned: the origin lands so that it starts at the margin. */
    wu_place p0 = {0, 0, 0, 0, WC_SVG_UNIT / 100.0, r};
    double minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
    for (size_t i = 0; i < g->n_sq; i++)
        for (int c = 0; c < 4; c++) {
            double x, y;
            wu_place_point(&p0, (g->x[i] + (c & 1)) * 100.0, (g->y[i] + (c >> 1)) * 100.0, &x, &y);
            minx = x < minx ? x : minx;
            miny = y < miny ? y : miny;
            maxx = x > maxx ? x : maxx;
            maxy = y > maxy ? y : maxy;
        }
    if (g->n_sq == 0)
        minx = miny = maxx = maxy = 0;
    L->place = (wu_place){WC_SVG_MARGIN - minx, WC_SVG_MARGIN - miny, 0, 0, WC_SVG_UNIT / 100.0, r};
    L->tile_w = round_int(maxx - minx);
    L->tile_h = round_int(maxy - miny);
    for (size_t f = 0; f < g->n_feat && f < WH_MAX_FEATURES; f++) {
        L->names[f] = g->obj_name[f];
        L->bad[f] = g->bad_obj[f];
    }
    /* Square names in the top-left corner of each square, as it lies. */
    size_t n_avoid = 0;
    if (g->n_sq > 1)
        for (size_t i = 0; i < g->n_sq && i < WH_MAX_SQUARES; i++) {
            double x, y;
            wu_place_point(&L->place, (g->x[i] + 0.5) * 100.0, (g->y[i] + 0.5) * 100.0, &x, &y);
            x -= WC_SVG_UNIT / 2.0 - 3;
            y -= WC_SVG_UNIT / 2.0 - 3;
            double w = wu_text_width(g->sq_name[i], SQUARE_FONT);
            L->square_box[i][0] = x;
            L->square_box[i][1] = y;
            L->square_box[i][2] = x + w;
            L->square_box[i][3] = y + SQUARE_FONT + 2;
            n_avoid++;
        }
    double x0 = WC_SVG_MARGIN, y0 = WC_SVG_MARGIN;
    if (!wu_labels_layout(&L->labels, &L->view, &L->place, L->names, g->n_feat, x0, y0, x0 + L->tile_w,
                          y0 + L->tile_h, (const double (*)[4])L->square_box, n_avoid))
        wu_out_of_memory();
    /* Two caption lines: the id (and the turn), then the name (and the verdict). */
    snprintf(L->caption[0], sizeof L->caption[0], "%s%s", g->id,
             r == 0 ? "" : r == 1 ? " (turned 90\xc2\xb0)" : r == 2 ? " (turned 180\xc2\xb0)" : " (turned 270\xc2\xb0)");
    snprintf(L->caption[1], sizeof L->caption[1], "%s%s", g->name, g->failed ? " \xe2\x80\x94 fails its checks" : "");
    double w = L->tile_w + 2.0 * WC_SVG_MARGIN;
    if (L->labels.n_keys)
        w += L->labels.key_width + 10;
    L->inline_w = round_int(w + 0.49);
    for (int k = 0; k < 2; k++) {
        double cw = wu_text_width(L->caption[k], CAPTION_FONT) + 2.0 * WC_SVG_MARGIN;
        w = cw > w ? cw : w;
    }
    double body = L->tile_h + 2.0 * WC_SVG_MARGIN;
    if (L->labels.key_height + 2.0 * WC_SVG_MARGIN > body)
        body = L->labels.key_height + 2.0 * WC_SVG_MARGIN;
    L->width = round_int(w + 0.49);
    L->inline_h = round_int(body);
    L->height = L->inline_h + WC_SVG_CAPTION;
}

void wc_svg_size(const wc_geom *g, int rotation, unsigned flags, int *width, int *height)
{
    layout *L = wu_xmalloc(sizeof *L);
    lay_out(g, rotation, L);
    *width = flags & WC_SVG_INLINE ? L->inline_w : L->width;
    *height = flags & WC_SVG_INLINE ? L->inline_h : L->height;
    wc_art_free(&L->art);
    free(L);
}

/* Where slot `slot` of side `dir` lies on the square at (sx, sy), in tile units. */
static void slot_point(int sx, int sy, int dir, int slot, double *x, double *y)
{
    double t = slot == WH_SLOT_L ? 0.25 : slot == WH_SLOT_M ? 0.5 : 0.75;
    double x0 = sx * 100.0, y0 = sy * 100.0;
    switch (dir) {
    case WH_DIR_N: *x = x0 + t * 100; *y = y0; break;
    case WH_DIR_E: *x = x0 + 100; *y = y0 + t * 100; break;
    case WH_DIR_S: *x = x0 + (1 - t) * 100; *y = y0 + 100; break;
    default: *x = x0; *y = y0 + (1 - t) * 100; break;
    }
}

/* The segments a check found wrong: thick red strokes along the outline. */
static void draw_bad_segments(const wc_geom *g, const wu_place *p, wc_buf *out)
{
    for (size_t k = 0; k < g->n_sides; k++) {
        int sq = g->side_sq[k], d = g->side_dir[k];
        double x0, y0, x1, y1;
        slot_point(g->x[sq], g->y[sq], d, WH_SLOT_L, &x0, &y0);
        slot_point(g->x[sq], g->y[sq], d, WH_SLOT_R, &x1, &y1);
        double ex = x1 - x0, ey = y1 - y0, mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
        for (int s = 0; s < WH_N_SLOTS; s++) {
            if (!g->bad_segment[k][s])
                continue;
            double t0 = s == WH_SLOT_L ? -0.5 : s == WH_SLOT_M ? -0.15 : 0.15;
            double t1 = s == WH_SLOT_L ? -0.15 : s == WH_SLOT_M ? 0.15 : 0.5;
            double a, b, c, e;
            wu_place_point(p, mx + ex * t0 * 2, my + ey * t0 * 2, &a, &b);
            wu_place_point(p, mx + ex * t1 * 2, my + ey * t1 * 2, &c, &e);
            wc_buf_printf(out, "<path class=\"bad\" d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"" BAD_COLOUR "\" stroke-width=\"8\" fill=\"none\"/>\n",
                          a, b, c, e);
        }
    }
}

/* The rules page's red circles: where two neighbours on the outline are
** declared separated, a dashed ring at the point between their segments. */
static void draw_separations(const wc_geom *g, const wu_place *p, wc_buf *out)
{
    for (size_t i = 0; i < g->n_cycle; i++) {
        const wc_segment a = g->cycle[i], b = g->cycle[(i + 1) % g->n_cycle];
        int f = g->claim[a.side][a.slot], q = g->claim[b.side][b.slot];
        if (f < 0 || q < 0 || f == q || !(g->separated[f] & BIT(q)))
            continue;
        double x0, y0, x1, y1, x, y;
        slot_point(g->x[g->side_sq[a.side]], g->y[g->side_sq[a.side]], g->side_dir[a.side], a.slot, &x0, &y0);
        slot_point(g->x[g->side_sq[b.side]], g->y[g->side_sq[b.side]], g->side_dir[b.side], b.slot, &x1, &y1);
        wu_place_point(p, (x0 + x1) / 2, (y0 + y1) / 2, &x, &y);
        wc_buf_printf(out, "<circle class=\"separation\" cx=\"%.1f\" cy=\"%.1f\" r=\"7\" stroke=\"" SEPARATION_COLOUR "\" stroke-width=\"2\" stroke-dasharray=\"3 2\" fill=\"none\"><title>%s | %s: separated</title></circle>\n",
                      x, y, g->obj_name[f], g->obj_name[q]);
    }
}

/* The drawing itself: the tile, what its checks found, square names, labels and keys. */
static void draw_body(const wc_geom *g, layout *L, wc_buf *out)
{
    wu_out o = {to_buf, out};
    wu_draw_tile(&o, &L->view, &L->place, L->names, L->bad, g->kind == WH_TILE_WONDER ? WU_ART_WONDER : 0);
    draw_bad_segments(g, &L->place, out);
    draw_separations(g, &L->place, out);
    if (g->n_sq > 1)
        for (size_t i = 0; i < g->n_sq && i < WH_MAX_SQUARES; i++) {
            wc_buf_printf(out, "<text class=\"square\" x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"#333333\" stroke=\"#ffffff\" stroke-width=\"2.5\" stroke-linejoin=\"round\" paint-order=\"stroke\">",
                          L->square_box[i][0], L->square_box[i][3] - 2, SQUARE_FONT);
            escape(out, g->sq_name[i]);
            wc_buf_puts(out, "</text>\n");
        }
    wu_labels_draw(&o, &L->labels, L->names, L->bad, WC_SVG_MARGIN + L->tile_w + 10, WC_SVG_MARGIN);
}

void wc_svg_tile(const wc_geom *g, int rotation, wc_buf *out)
{
    layout *L = wu_xmalloc(sizeof *L);
    lay_out(g, rotation, L);
    wc_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n<title>",
                  L->width, L->height, L->width, L->height);
    escape(out, g->id);
    wc_buf_puts(out, " ");
    escape(out, g->name);
    wc_buf_printf(out, "</title>\n<style>\n%s</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
                  wu_art_css());
    draw_body(g, L, out);
    for (int k = 0; k < 2; k++) {
        wc_buf_printf(out, "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\">", WC_SVG_MARGIN,
                      L->height - WC_SVG_CAPTION + CAPTION_LINE * (k + 1) - 2, CAPTION_FONT,
                      g->failed && k == 1 ? BAD_COLOUR : "#111111");
        escape(out, L->caption[k]);
        wc_buf_puts(out, "</text>\n");
    }
    wc_buf_puts(out, "</svg>\n");
    wc_art_free(&L->art);
    free(L);
}

void wc_svg_inline(const wc_geom *g, int width, wc_buf *out)
{
    layout *L = wu_xmalloc(sizeof *L);
    lay_out(g, 0, L);
    wc_buf_printf(out, "<svg viewBox=\"0 0 %d %d\" style=\"width: %dpx\" role=\"img\" aria-label=\"", L->inline_w,
                  L->inline_h, width);
    escape(out, g->name);
    wc_buf_puts(out, "\">\n");
    draw_body(g, L, out);
    wc_buf_puts(out, "</svg>\n");
    wc_art_free(&L->art);
    free(L);
}
