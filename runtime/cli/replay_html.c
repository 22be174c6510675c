/*
** replay_html.c -- the replay viewer; see replay_html.h.
**
** The boards are not kept from one replay: the match engine plays a whole
** record in one call, so frame k replays the record's first k turns
** afresh.  That costs a replay per turn (a few milliseconds for a whole
** game) and changes nothing in the replay.  The turn's text is the log's
** own (wr_print_turn), so the page says what `wonders play` says.
*/
#define _POSIX_C_SOURCE 200809L
#include "replay_html.h"
#include "board_svg.h"
#include "report.h"
#include "../draw/out.h"
#include "../draw/tile_art.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char style[] =
    "*, *::before, *::after { box-sizing: border-box; }\n"
    "body { margin: 0; padding: 8px 16px; font-family: sans-serif; background: #f4f4f4; color: #111; }\n"
    "h1 { font-size: 20px; margin: 4px 0 8px; overflow-wrap: anywhere; }\n"
    "h2 { font-size: 16px; margin: 8px 0 4px; }\n"
    ".controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 8px; }\n"
    ".controls input { flex: 1 1 200px; }\n"
    ".controls button { font: inherit; padding: 2px 10px; }\n"
    "#where { font-weight: bold; min-width: 14em; }\n"
    ".frame { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }\n"
    ".frame[hidden] { display: none; }\n"
    ".board { flex: 1 1 480px; min-width: 0; background: #fff; border: 1px solid #ccc; }\n"
    ".board svg { display: block; width: 100%; height: auto; max-height: 82vh; }\n"
    "p.legend { margin: 0 0 8px; font-size: 13px; }\n"
    ".swatch { display: inline-block; width: 12px; height: 12px; border-radius: 6px; border: 1px solid #111;\n"
    "  vertical-align: -1px; margin: 0 4px 0 10px; }\n"
    "aside { flex: 0 1 380px; min-width: 0; }\n"
    "table.scores { border-collapse: collapse; }\n"
    "table.scores td { padding: 2px 10px 2px 0; }\n"
    "td.points { text-align: right; font-weight: bold; }\n"
    "td.gain { color: #2e7d32; }\n"
    "ol.log { list-style: none; margin: 0; padding: 6px 6px 6px 1.5em; font-size: 13px; background: #fff;\n"
    "  border: 1px solid #ccc; }\n"
    "ol.log li { text-indent: -1em; overflow-wrap: anywhere; }\n"
    "ol.log li.sub { padding-left: 1em; }\n"
    ".just-placed { fill: none; stroke: #e6007e; stroke-width: 4; pointer-events: none; }\n";

/* Steps: buttons, the slider, and the arrow keys (Home and End too), except
** where the slider has the keyboard and steps itself.  #turn-N in the
** address opens frame N (a link to a moment of the game). */
static const char script[] =
    "(function () {\n"
    "  'use strict';\n"
    "  var NS = 'http://www.w3.org/2000/svg';\n"
    "  var frames = document.querySelectorAll('.frame');\n"
    "  var slider = document.getElementById('step'), where = document.getElementById('where');\n"
    "  var cur = -1;\n"
    "  function outline(f) {\n"
    "    if (f.hasAttribute('data-outlined')) return;\n"
    "    f.setAttribute('data-outlined', '');\n"
    "    var svg = f.querySelector('.board svg'), tiles = svg.querySelectorAll('.tile');\n"
    "    for (var i = +f.getAttribute('data-placed-before'); i < tiles.length; i++) {\n"
    "      var b = tiles[i].getBBox(), r = document.createElementNS(NS, 'rect');\n"
    "      r.setAttribute('class', 'just-placed');\n"
    "      r.setAttribute('x', b.x - 2); r.setAttribute('y', b.y - 2);\n"
    "      r.setAttribute('width', b.width + 4); r.setAttribute('height', b.height + 4);\n"
    "      svg.appendChild(r);\n"
    "    }\n"
    "  }\n"
    "  function show(k) {\n"
    "    k = Math.max(0, Math.min(frames.length - 1, k));\n"
    "    if (cur >= 0) frames[cur].hidden = true;\n"
    "    cur = k;\n"
    "    frames[k].hidden = false;\n"
    "    slider.value = k;\n"
    "    where.textContent = frames[k].getAttribute('data-label');\n"
    "    outline(frames[k]);\n"
    "    document.getElementById('first').disabled = document.getElementById('prev').disabled = k === 0;\n"
    "    document.getElementById('last').disabled = document.getElementById('next').disabled =\n"
    "      k === frames.length - 1;\n"
    "  }\n"
    "  document.getElementById('first').onclick = function () { show(0); };\n"
    "  document.getElementById('prev').onclick = function () { show(cur - 1); };\n"
    "  document.getElementById('next').onclick = function () { show(cur + 1); };\n"
    "  document.getElementById('last').onclick = function () { show(frames.length - 1); };\n"
    "  slider.addEventListener('input', function () { show(+slider.value); });\n"
    "  document.addEventListener('keydown', function (e) {\n"
    "    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;\n"
    "    var to = {ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: frames.length - 1}[e.key];\n"
    "    if (to === undefined) return;\n"
    "    e.preventDefault();\n"
    "    show(to);\n"
    "  });\n"
    "  var m = /#turn-(\\d+)$/.exec(location.hash);\n"
    "  show(m ? +m[1] : 0);\n"
    "})();\n";

/* Text for HTML, in content or in a double-quoted attribute (runtime/draw/out.h). */
static void esc(FILE *out, const char *s, size_t n)
{
    wu_out o = wu_out_file(out);
    wu_xml_bytes(&o, s, n);
}

static void esc_str(FILE *out, const char *s)
{
    esc(out, s, strlen(s));
}

typedef struct steps {
    const wr_replay *rp;
    size_t n_turns, n_frames;  /* the start, each turn, and the final scoring when it scored */
    wr_event *turn_events;     /* one turn's events without the final scoring's */
    FILE *scratch;             /* where a turn's log is written, to be read back escaped */
    long score[WH_MAX_PLAYERS];
} steps;

/* The events of frame k: turn k-1's (not those of the final scoring), or
** the final scoring's at the last frame; copied into s->turn_events. */
static size_t events_of(steps *s, size_t k)
{
    size_t n = 0;
    bool final = k == s->n_turns + 1;
    for (size_t e = 0; e < s->rp->n_events; e++) {
        const wr_event *ev = &s->rp->events[e];
        bool is_final = wr_event_final(ev, s->n_turns);
        if (final ? is_final : !is_final && k > 0 && (size_t)ev->turn == k - 1)
            s->turn_events[n++] = *ev;
    }
    return n;
}

/* The log's lines for frame k, as `wonders play` prints them, escaped.
** They go through a temporary file, not memory: a write to memory that
** runs out of it fails without a trace (glibc's open_memstream), a write
** to a file sets the error flag. */
static bool log_lines(FILE *out, steps *s, size_t k, size_t n)
{
    const wr_replay *rp = s->rp;
    FILE *mem = s->scratch;
    rewind(mem);
    if (ftruncate(fileno(mem), 0) != 0)
        return false;
    if (k == 0) {
        fprintf(mem, "The start tile is placed.\n");
    } else if (k <= s->n_turns) {
        wr_print_turn(mem, rp->set, rp->record, k - 1, rp->players[k - 1], s->turn_events, n);
    } else {
        fprintf(mem, "final scoring\n");
        for (size_t i = 0; i < n; i++) {
            fprintf(mem, "            ");
            wr_describe_event(mem, rp->set, rp->record, &s->turn_events[i].e);
            fputc('\n', mem);
        }
    }
    if (fflush(mem) != 0 || ferror(mem))
        return false;
    rewind(mem);
    /* One entry a line of the log, its leading blanks (the terminal's
    ** columns) dropped: an indented line is a sub-entry, and the page wraps
    ** each entry at its words, never in the middle of a fixed-width line. */
    char line[1024];
    while (fgets(line, sizeof line, mem)) {
        size_t len = strcspn(line, "\n"), lead = strspn(line, " ");
        if (lead >= len)
            continue;
        fputs(lead ? "<li class=\"sub\">" : "<li>", out);
        esc(out, line + lead, len - lead);
        fputs("</li>\n", out);
    }
    return !ferror(mem);
}

static void scores(FILE *out, steps *s, size_t n)
{
    long gain[WH_MAX_PLAYERS] = {0};
    for (size_t i = 0; i < n; i++)
        for (int p = 0; p < s->rp->record->players; p++)
            if (s->turn_events[i].e.winners & (1u << p))
                gain[p] += s->turn_events[i].e.points;
    fputs("<h2>Scores</h2>\n<table class=\"scores\">\n", out);
    for (int p = 0; p < s->rp->record->players; p++) {
        char name[40];
        s->score[p] += gain[p];
        fputs("<tr><td>", out);
        esc_str(out, wr_player(s->rp->record, p, name, sizeof name));
        fprintf(out, "</td><td class=\"points\">%ld</td><td class=\"gain\">%s", s->score[p], gain[p] ? "+" : "");
        if (gain[p])
            fprintf(out, "%ld", gain[p]);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

/* The board after the record's first k turns, replayed; the final frame's is the whole replay's. */
static bool board(FILE *out, steps *s, size_t k, size_t *placed, FILE *err)
{
    if (k > s->n_turns) {
        *placed = wh_game_tile_count(&s->rp->match->game);
        return wr_board_svg_frame(out, &s->rp->match->game, s->rp->record);
    }
    wr_record first = *s->rp->record; /* shares the turns: only their number differs */
    first.n_turns = k;
    wr_replay part;
    bool ok = wr_replay_run(&part, &first, s->rp->set, false, err);
    if (ok) {
        *placed = wh_game_tile_count(&part.match->game);
        ok = wr_board_svg_frame(out, &part.match->game, s->rp->record);
    }
    wr_replay_free(&part);
    return ok;
}

static bool frame(FILE *out, steps *s, size_t k, size_t *placed, FILE *err)
{
    size_t n = events_of(s, k);
    const wr_record *r = s->rp->record;
    char name[40];
    fprintf(out, "<section class=\"frame\" data-frame=\"%zu\" data-placed-before=\"%zu\" data-label=\"", k, *placed);
    if (k == 0)
        fputs("Start", out);
    else if (k <= s->n_turns)
        fprintf(out, "Turn %zu of %zu: ", k, s->n_turns), esc_str(out, wr_player(r, s->rp->players[k - 1], name, sizeof name));
    else
        fputs("Final scoring", out);
    fputs("\" hidden>\n<div class=\"board\">\n", out);
    if (!board(out, s, k, placed, err))
        return false;
    fputs("</div>\n<aside>\n", out);
    scores(out, s, n);
    fputs("<h2>Events</h2>\n<ol class=\"log\">\n", out);
    if (!log_lines(out, s, k, n))
        return false;
    fputs("</ol>\n</aside>\n</section>\n", out);
    return !ferror(out);
}

/* What the page is of: the players, the seed, the number of turns. */
static void game_name(FILE *out, const wr_record *r)
{
    for (int p = 0; p < r->players; p++) {
        char name[40];
        fputs(p == 0 ? "" : p + 1 == r->players ? " and " : ", ", out);
        esc_str(out, wr_player(r, p, name, sizeof name));
    }
    /* a seed of 0 is a record that states none (a position written by hand) */
    if (r->seed)
        fprintf(out, ": seed %llu,", (unsigned long long)r->seed);
    else
        fputs(":", out);
    fprintf(out, " %zu turns (wonders replay)", r->n_turns);
}

bool wr_replay_html(FILE *out, const wr_replay *rp, FILE *err)
{
    steps s = {.rp = rp, .n_turns = rp->record->n_turns};
    bool has_final = false;
    for (size_t e = 0; e < rp->n_events; e++)
        has_final |= wr_event_final(&rp->events[e], s.n_turns);
    s.n_frames = s.n_turns + 1 + has_final;
    s.turn_events = malloc((rp->n_events ? rp->n_events : 1) * sizeof *s.turn_events);
    s.scratch = tmpfile();
    if (!s.turn_events || !s.scratch) {
        free(s.turn_events);
        if (s.scratch)
            fclose(s.scratch);
        return false;
    }
    const wr_record *r = rp->record;
    const wh_game_t *whole = &rp->match->game;
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    game_name(out, r);
    fprintf(out, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n", style, wu_art_css());
    /* Every tile the game places, drawn once: the frames' boards use them. */
    fputs("<svg class=\"defs\" width=\"0\" height=\"0\" style=\"position: absolute\" aria-hidden=\"true\">\n<defs>\n", out);
    if (!wr_board_tile_defs(out, whole)) {
        free(s.turn_events);
        fclose(s.scratch);
        return false;
    }
    fputs("</defs>\n</svg>\n<h1>", out);
    game_name(out, r);
    fputs("</h1>\n<p class=\"legend\">", out);
    for (int p = 0; p < r->players; p++) {
        char name[40];
        fprintf(out, "<span class=\"swatch\" style=\"background: %s\"></span>", wr_player_colour(r, p));
        esc_str(out, wr_player(r, p, name, sizeof name));
    }
    fputs("<br>", out);
    esc_str(out, wr_board_legend(whole, false));
    if (wr_board_legend(whole, true)) {
        fputs("<br>", out);
        esc_str(out, wr_board_legend(whole, true));
    }
    fputs("<br><small>", out);
    esc_str(out, r->path);
    fputs("</small></p>\n", out);
    fprintf(out, "<div class=\"controls\">\n"
                 "<button type=\"button\" id=\"first\" title=\"the start (Home)\">start</button>\n"
                 "<button type=\"button\" id=\"prev\" title=\"the turn before (left arrow)\">&#x25C0; back</button>\n"
                 "<input type=\"range\" id=\"step\" min=\"0\" max=\"%zu\" value=\"0\" aria-label=\"turn\">\n"
                 "<button type=\"button\" id=\"next\" title=\"the next turn (right arrow)\">next &#x25B6;</button>\n"
                 "<button type=\"button\" id=\"last\" title=\"the end (End)\">end</button>\n"
                 "<span id=\"where\" aria-live=\"polite\"></span>\n</div>\n",
            s.n_frames - 1);
    size_t placed = 0;
    bool ok = true;
    for (size_t k = 0; k < s.n_frames && ok; k++)
        ok = frame(out, &s, k, &placed, err);
    if (ok)
        fprintf(out, "<script>\n%s</script>\n</body>\n</html>\n", script);
    free(s.turn_events);
    fclose(s.scratch); /* only read: nothing of it is kept */
    return ok && !ferror(out);
}
