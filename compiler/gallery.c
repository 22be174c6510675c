/*
** gallery.c -- the gallery page; see gallery.h.
**
** The pictures are inline (not <img>) because a picture in an <img> is
** sealed off from the page: its features could not be highlighted.  The
** facts are written by C into the title of one button per feature,
** so that the page needs no data format of its own, reads without script
** (the buttons' titles), and a keyboard reaches every feature with Tab.
** The legend's swatches are filled in by the page's script from the first
** element of each class the pictures draw: the legend cannot drift from the
** drawing's colours, and a symbol nothing draws is left out.
*/
#include "gallery.h"
#include "svg.h"
#include "../runtime/draw/out.h"
#include "../runtime/draw/tile_art.h"

#include <stdio.h>
#include <string.h>

#define GALLERY_MIN_FIGURE 200 /* pixels: the narrowest figure, for its caption */

static const char style[] =
    "*, *::before, *::after { box-sizing: border-box; }\n"
    "[hidden] { display: none !important; }\n"
    "body { margin: 0; font-family: sans-serif; background: #f4f4f4; color: #111; line-height: 1.4; }\n"
    "header, main > section { padding: 8px 16px; }\n"
    "h1 { font-size: 22px; margin: 8px 0 4px; }\n"
    "h2 { font-size: 18px; margin: 16px 0 8px; border-bottom: 1px solid #ccc; }\n"
    "h2 small { font-weight: normal; color: #555; }\n"
    "nav a { margin-right: 12px; }\n"
    ".legend ul { list-style: none; display: flex; flex-wrap: wrap; gap: 6px 18px; padding: 0; margin: 0; }\n"
    ".legend li { display: flex; align-items: center; gap: 6px; }\n"
    ".legend svg { width: 28px; height: 20px; }\n"
    ".tiles { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }\n"
    "figure.tile { margin: 0; padding: 8px; background: #fff; border: 1px solid #ccc; border-radius: 6px;\n"
    "  min-width: 0; max-width: 100%; }\n"
    "figure.tile > svg { display: block; max-width: 100%; height: auto; }\n"
    "figcaption { max-width: 100%; overflow-wrap: anywhere; }\n"
    ".features { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0 0; }\n"
    ".features button { font: inherit; font-size: 13px; padding: 1px 8px; border: 1px solid #999;\n"
    "  border-radius: 10px; background: #f8f8f8; cursor: default; }\n"
    ".features button.hl, .features button:focus { background: #222; color: #fff; outline: 2px solid #1f5fbf; }\n"
    ".facts { min-height: 2.8em; margin: 4px 0 0; font-size: 13px; color: #333; }\n"
    "figure.focus svg [data-feature]:not(.hl), figure.focus svg [class$=\"-edge\"] { opacity: 0.25; }\n"
    "figure.focus svg .hl { filter: drop-shadow(0 0 3px #000); }\n";

/* Hover or focus: the feature's elements stand out, the others fade, and
** its facts replace the hint; leaving puts the hint back. */
static const char script[] =
    "(function () {\n"
    "  'use strict';\n"
    "  var HINT = 'Hover or focus a feature to see its facts.';\n"
    "  function clear(fig) {\n"
    "    fig.classList.remove('focus');\n"
    "    fig.querySelectorAll('.hl').forEach(function (e) { e.classList.remove('hl'); });\n"
    "    var facts = fig.querySelector('.facts');\n"
    "    if (facts) facts.textContent = HINT;\n"
    "  }\n"
    "  document.querySelectorAll('p.features').forEach(function (b) {\n"
    "    var p = document.createElement('p');\n"
    "    p.className = 'facts';\n"
    "    p.setAttribute('aria-live', 'polite');\n"
    "    p.textContent = HINT;\n"
    "    b.after(p);\n"
    "  });\n"
    "  function show(fig, name) {\n"
    "    clear(fig);\n"
    "    fig.classList.add('focus');\n"
    "    fig.querySelectorAll('[data-feature]').forEach(function (e) {\n"
    "      if (e.getAttribute('data-feature') === name) e.classList.add('hl');\n"
    "    });\n"
    "    var b = fig.querySelector('button.hl');\n"
    "    if (b) fig.querySelector('.facts').textContent = name + ': ' + b.title;\n"
    "  }\n"
    "  function at(e) {\n"
    "    var t = e.target.closest ? e.target.closest('[data-feature]') : null;\n"
    "    var fig = t ? t.closest('figure.tile') : null;\n"
    "    return fig ? {fig: fig, name: t.getAttribute('data-feature')} : null;\n"
    "  }\n"
    "  function enter(e) { var a = at(e); if (a) show(a.fig, a.name); }\n"
    "  function leave(e) {\n"
    "    var a = at(e);\n"
    "    if (!a) return;\n"
    "    var to = e.relatedTarget && e.relatedTarget.closest ? e.relatedTarget.closest('[data-feature]') : null;\n"
    "    if (!to || to.closest('figure.tile') !== a.fig) clear(a.fig);\n"
    "  }\n"
    "  document.addEventListener('mouseover', enter);\n"
    "  document.addEventListener('focusin', enter);\n"
    "  document.addEventListener('mouseout', leave);\n"
    "  document.addEventListener('focusout', leave);\n"
    "  var NS = 'http://www.w3.org/2000/svg';\n"
    "  function swatch(li) {\n"
    "    var el = document.querySelector('figure.tile > svg .' + li.getAttribute('data-legend'));\n"
    "    var svg = li.querySelector('svg');\n"
    "    if (!el) { li.hidden = true; return; }\n"
    "    var how = li.getAttribute('data-draw'), s;\n"
    "    if (how === 'region') {\n"
    "      s = document.createElementNS(NS, 'rect');\n"
    "      s.setAttribute('x', 2); s.setAttribute('y', 2); s.setAttribute('width', 24); s.setAttribute('height', 16);\n"
    "      s.setAttribute('fill', getComputedStyle(el).fill);\n"
    "      s.setAttribute('stroke', '#555');\n"
    "    } else if (how === 'line') {\n"
    "      var edge = document.querySelector('figure.tile > svg .' + li.getAttribute('data-legend') + '-edge');\n"
    "      s = document.createElementNS(NS, 'g');\n"
    "      [[edge, 9], [el, 5]].forEach(function (k) {\n"
    "        if (!k[0]) return;\n"
    "        var p = document.createElementNS(NS, 'path');\n"
    "        p.setAttribute('d', 'M3 10H25');\n"
    "        p.setAttribute('stroke', getComputedStyle(k[0]).stroke);\n"
    "        p.setAttribute('stroke-width', k[1]);\n"
    "        p.setAttribute('stroke-linecap', 'round');\n"
    "        s.appendChild(p);\n"
    "      });\n"
    "    } else {\n"
    "      var box = el.getBBox(), pad = 2;\n"
    "      s = el.cloneNode(true);\n"
    "      s.removeAttribute('data-feature');\n"
    "      s.removeAttribute('transform'); /* getBBox is of the symbol before its own placing */\n"
    "      svg.setAttribute('viewBox', (box.x - pad) + ' ' + (box.y - pad) + ' ' + (box.width + 2 * pad) + ' ' +\n"
    "                       (box.height + 2 * pad));\n"
    "    }\n"
    "    svg.appendChild(s);\n"
    "    li.setAttribute('data-drawn', 'yes');\n"
    "  }\n"
    "  document.querySelectorAll('.legend li').forEach(swatch);\n"
    "})();\n";

/* The legend: each drawing class the pictures use, how to show it, and what it is. */
static const struct {
    const char *cls, *draw, *label;
} legend[] = {
    {"city", "region", "city"},
    {"field", "region", "field (each field of a tile in its own green)"},
    {"area", "region", "a wonder's area"},
    {"road", "line", "road"},
    {"river", "line", "river"},
    {"monastery", "symbol", "monastery"},
    {"garden", "symbol", "garden"},
    {"inn", "symbol", "inn"},
    {"cathedral", "symbol", "cathedral"},
    {"arms", "symbol", "coat of arms"},
    {"wine", "symbol", "wine (goods of a city)"},
    {"grain", "symbol", "grain (goods of a city)"},
    {"cloth", "symbol", "cloth (goods of a city)"},
    {"princess", "symbol", "the princess (of a city)"},
    {"volcano", "symbol", "volcano (the dragon enters here)"},
    {"dragon", "symbol", "dragon symbol (the dragon moves)"},
    {"portal", "symbol", "magic portal"},
    {"tower", "symbol", "tower foundation (tower floors are built on it)"},
    {"tunnel", "symbol", "tunnel (the road runs under the city)"},
    {"junction", "symbol", "junction (where roads end)"},
    {"separation", "symbol", "sides the tile declares separated"},
    {"bad", "symbol", "what a failing check marks"},
};

/* Text for HTML, in content or in a double-quoted attribute. */
static void to_buf(void *ctx, const char *s, size_t n)
{
    wc_buf_append(ctx, s, n);
}

static void esc(wc_buf *out, const char *s)
{
    wu_out o = {to_buf, out};
    wu_xml_text(&o, s);
}

static const char *str(const wh_tileset_t *set, uint32_t offset)
{
    return set->strings + offset;
}

/* The drawing of tile @p id, or NULL. */
static const wc_geom *drawing(const wc_geom *geoms, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(geoms[i].id, id))
            return &geoms[i];
    return NULL;
}

/* The names of the features of @p t picked by @p bits, "a, b", into @p out. */
static void names_of(const wh_tileset_t *set, const wh_tile_t *t, uint32_t bits, wc_buf *out)
{
    const char *sep = "";
    for (uint32_t j = 0; j < t->n_features; j++)
        if (bits & (1u << j)) {
            wc_buf_printf(out, "%s%s", sep, str(set, set->features[t->first_feature + j].name));
            sep = ", ";
        }
}

/* What touches feature f: for a field the cities and area it borders (the
** tables' touches); for a city or the area the fields that border it. */
static uint32_t touching(const wh_tileset_t *set, const wh_tile_t *t, uint32_t f)
{
    const wh_feature_t *ft = &set->features[t->first_feature + f];
    if (ft->kind == WH_KIND_FIELD)
        return ft->touches;
    uint32_t bits = 0;
    for (uint32_t j = 0; j < t->n_features; j++) {
        const wh_feature_t *o = &set->features[t->first_feature + j];
        if (o->kind == WH_KIND_FIELD && (o->touches & (1u << f)))
            bits |= 1u << j;
    }
    return bits;
}

/* One sentence of facts, the name left to the button: "city; 2 squares (tl, tr); 2 open sides; 1 coat
** of arms; fields touching it: f1" (squares only on a tile of several). */
static void facts(const wh_tileset_t *set, const wh_tile_t *t, uint32_t f, wc_buf *out)
{
    const wh_feature_t *ft = &set->features[t->first_feature + f];
    wc_buf_puts(out, wc_kind_word(ft->kind));
    if (t->n_squares > 1) { /* on a land tile every feature has its one square */
        wc_buf_printf(out, "; %u square%s", ft->n_squares, ft->n_squares == 1 ? "" : "s");
        const char *sep = " (";
        for (uint32_t i = 0; i < t->n_squares; i++)
            if (ft->squares & (1u << i)) {
                wc_buf_printf(out, "%s%s", sep, str(set, set->squares[t->first_square + i].name));
                sep = ", ";
            }
        wc_buf_puts(out, ")");
    }
    if (ft->kind == WH_KIND_CITY)
        wc_buf_printf(out, "; %u open side%s", ft->open, ft->open == 1 ? "" : "s");
    else if (ft->kind == WH_KIND_ROAD || ft->kind == WH_KIND_RIVER)
        wc_buf_printf(out, "; %u open end%s", ft->open, ft->open == 1 ? "" : "s");
    if (ft->arms)
        wc_buf_printf(out, "; %u coat%s of arms", ft->arms, ft->arms == 1 ? "" : "s");
    if (ft->marks & WH_MARK_INN)
        wc_buf_puts(out, "; an inn");
    if (ft->marks & WH_MARK_CATHEDRAL)
        wc_buf_puts(out, "; a cathedral");
    if (ft->marks & WH_MARK_WINE)
        wc_buf_puts(out, "; wine");
    if (ft->marks & WH_MARK_GRAIN)
        wc_buf_puts(out, "; grain");
    if (ft->marks & WH_MARK_CLOTH)
        wc_buf_puts(out, "; cloth");
    if (ft->marks & WH_MARK_PRINCESS)
        wc_buf_puts(out, "; the princess");
    /* The tables know which cities and area a field touches (for its
    ** farmers), not what touches a road or a building: say only that. */
    uint32_t by = touching(set, t, f);
    if (ft->kind == WH_KIND_FIELD) {
        wc_buf_puts(out, by ? "; touches " : "; touches no city or area");
        names_of(set, t, by, out);
    } else if (ft->kind == WH_KIND_CITY || ft->kind == WH_KIND_AREA) {
        wc_buf_puts(out, by ? "; fields touching it: " : "; no field touches it");
        names_of(set, t, by, out);
    }
}

/* One button per feature, its facts in its title: shown on hover without
** script, and by the script on focus. */
static void feature_buttons(const wh_tileset_t *set, const wh_tile_t *t, wc_buf *out)
{
    wc_buf text;
    wc_buf_init(&text);
    wc_buf_puts(out, "<p class=\"features\">");
    for (uint32_t f = 0; f < t->n_features; f++) {
        const wh_feature_t *ft = &set->features[t->first_feature + f];
        text.len = 0;
        if (text.data)
            text.data[0] = '\0';
        facts(set, t, f, &text);
        wc_buf_puts(out, "<button data-feature=\"");
        esc(out, str(set, ft->name));
        wc_buf_puts(out, "\" title=\"");
        esc(out, text.data);
        wc_buf_puts(out, "\">");
        esc(out, str(set, ft->name));
        wc_buf_puts(out, "</button>");
    }
    wc_buf_puts(out, "</p>\n");
    wc_buf_free(&text);
}

/* A tile's figure: its picture inline, sized so that a square takes
** WC_GALLERY_SQUARE pixels, at the picture's own aspect ratio. */
static void figure(const wh_tileset_t *set, const wh_tile_t *t, const wc_geom *g, wc_buf *out)
{
    int w, h;
    wc_svg_size(g, 0, WC_SVG_INLINE, &w, &h);
    int width = (w * WC_GALLERY_SQUARE + WC_SVG_UNIT / 2) / WC_SVG_UNIT;
    /* A caption wider than the picture wraps: a narrow tile's figure keeps
    ** room for a few words a line. */
    wc_buf_puts(out, "<figure class=\"tile\" id=\"");
    esc(out, g->id);
    wc_buf_printf(out, "\" style=\"width: %dpx\">\n", (width > GALLERY_MIN_FIGURE ? width : GALLERY_MIN_FIGURE) + 18);
    wc_svg_inline(g, width, out);
    wc_buf_puts(out, "<figcaption><b>");
    esc(out, g->name);
    wc_buf_puts(out, "</b> <code>");
    esc(out, g->id);
    if (t)
        wc_buf_printf(out, "</code> &times;%u%s", t->count, t->kind == WH_TILE_WONDER ? " &middot; wonder" : "");
    else
        wc_buf_puts(out, "</code> &middot; fails its checks: not in the tables");
    wc_buf_puts(out, "\n");
    if (t)
        feature_buttons(set, t, out);
    wc_buf_puts(out, "</figcaption>\n</figure>\n");
}

static void pack_anchor(wc_buf *out, const char *id)
{
    wc_buf_puts(out, "pack-");
    esc(out, id);
}

void wc_gallery_index(const wh_tileset_t *set, const wc_geom *geoms, size_t n, wc_buf *out)
{
    uint32_t copies = 0;
    for (uint32_t t = 0; t < set->n_tiles; t++)
        copies += set->tiles[t].count;
    wc_buf_printf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<title>Tile gallery</title>\n<style>\n%s%s</style>\n</head>\n<body>\n<header>\n"
                       "<h1>Tile gallery</h1>\n<p>%zu kinds of tile (%u tiles) in %u packs, drawn from the planar "
                       "model by <code>wonderc gallery</code>. Hover a feature, or reach it with Tab, to see its "
                       "facts from the compiled tables.</p>\n<nav>",
                  style, wu_art_css(), n, copies, set->n_packs);
    for (uint32_t p = 0; p < set->n_packs; p++) {
        wc_buf_puts(out, "<a href=\"#");
        pack_anchor(out, str(set, set->packs[p].id));
        wc_buf_puts(out, "\">");
        esc(out, str(set, set->packs[p].name));
        wc_buf_puts(out, "</a>");
    }
    wc_buf_puts(out, "</nav>\n</header>\n<main>\n<section class=\"legend\" aria-label=\"Legend\">\n<h2>Legend</h2>\n<ul>\n");
    for (size_t i = 0; i < sizeof legend / sizeof *legend; i++)
        wc_buf_printf(out, "<li data-legend=\"%s\" data-draw=\"%s\"><svg viewBox=\"0 0 28 20\" aria-hidden=\"true\"></svg>%s</li>\n",
                      legend[i].cls, legend[i].draw, legend[i].label);
    wc_buf_puts(out, "</ul>\n</section>\n");

    size_t shown = 0;
    for (uint32_t p = 0; p < set->n_packs; p++) {
        const wh_pack_t *k = &set->packs[p];
        uint32_t count = 0;
        for (uint32_t i = 0; i < k->n_tiles; i++)
            count += set->tiles[k->first_tile + i].count;
        wc_buf_puts(out, "<section class=\"pack\" id=\"");
        pack_anchor(out, str(set, k->id));
        wc_buf_puts(out, "\">\n<h2>");
        esc(out, str(set, k->name));
        wc_buf_puts(out, " <small>(");
        esc(out, str(set, k->id));
        wc_buf_printf(out, "): %u kind%s, %u tile%s</small></h2>\n<div class=\"tiles\">\n", k->n_tiles,
                      k->n_tiles == 1 ? "" : "s", count, count == 1 ? "" : "s");
        for (uint32_t i = 0; i < k->n_tiles; i++) {
            const wh_tile_t *t = &set->tiles[k->first_tile + i];
            const wc_geom *g = drawing(geoms, n, str(set, t->id));
            if (g) {
                figure(set, t, g, out);
                shown++;
            }
        }
        wc_buf_puts(out, "</div>\n</section>\n");
    }
    if (shown < n) { /* drawings of tiles the tables lack */
        wc_buf_puts(out, "<section class=\"pack\" id=\"pack-failing\">\n<h2>Not in the tables <small>(they fail "
                         "their checks)</small></h2>\n<div class=\"tiles\">\n");
        for (size_t i = 0; i < n; i++) {
            bool found = false;
            for (uint32_t t = 0; t < set->n_tiles && !found; t++)
                found = !strcmp(str(set, set->tiles[t].id), geoms[i].id);
            if (!found)
                figure(set, NULL, &geoms[i], out);
        }
        wc_buf_puts(out, "</div>\n</section>\n");
    }
    wc_buf_printf(out, "</main>\n<script>\n%s</script>\n</body>\n</html>\n", script);
}
