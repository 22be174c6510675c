/*
** test_lexparse.c -- the scanner and the parser: tokens, recovery, limits,
** and input that is not text at all.
*/
#include "suites.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char minimal[] =
    "# a comment before anything\n"
    "pack p \"Pack\" {   # trailing comment\n"
    "  tile t \"A \\\"quoted\\\" \\\\ name\" {\n"
    "    count 3; tags x, y;\n"
    "    square { N city; E road; S field; W road; }\n"
    "    city c { sides N; arms 2; }\n"
    "    road r { sides W, E; }\n"
    "    field f1 { sides EL, WR; touches c; }\n"
    "    field f2 { sides ER, S, WL; }\n"
    "  }\n"
    "}\n";

static void test_minimal_file_compiles(void)
{
    test_build b;
    test_build_text(&b, "min.tiles", minimal);
    CU_ASSERT_TRUE(b.ok);
    CU_ASSERT_EQUAL(b.output_len, 0);
    CU_ASSERT_EQUAL(b.set.n_packs, 1);
    CU_ASSERT_EQUAL(b.set.n_tiles, 1);
    const wh_tile_t *t = &b.set.tiles[0];
    CU_ASSERT_STRING_EQUAL(b.set.strings + t->id, "p.t");
    CU_ASSERT_STRING_EQUAL(b.set.strings + t->name, "A \"quoted\" \\ name");
    CU_ASSERT_STRING_EQUAL(b.set.strings + t->tags, "x,y");
    CU_ASSERT_EQUAL(t->count, 3);
    CU_ASSERT_EQUAL(t->n_features, 4);
    CU_ASSERT_EQUAL(b.set.features[t->first_feature].arms, 2);
    test_build_free(&b);
}

static void test_negative_coordinates(void)
{
    test_build b;
    test_build_text(&b, "neg.tiles",
                    "pack p \"P\" { wonder w \"W\" {\n"
                    "  square a (-1, -1) { N field; W field; S field; }\n"
                    "  square b (0, -1) { N field; E field; }\n"
                    "  square c (0, 0) { W field; S field; }\n"
                    "  square d (1, 0) { N field; S field; }\n"
                    "  square e (2, 0) { N field; E field; S field; }\n"
                    "  area x { on c; }\n"
                    "  field f { sides a:N, a:W, a:S, b:N, b:E, c:W, c:S, d:N, d:S, e:N, e:E, e:S;\n"
                    "            crosses a:E, b:S, c:E, d:E; }\n"
                    "} }\n");
    if (!b.ok)
        fputs(b.output, stderr);
    CU_ASSERT_TRUE(b.ok);
    CU_ASSERT_EQUAL(b.set.squares[0].x, -1);
    CU_ASSERT_EQUAL(b.set.squares[0].y, -1);
    test_build_free(&b);
}

/* Recovery: one run reports the syntax errors of several tiles, and the
** semantic errors of an undamaged tile after them. */
static void test_recovery_reports_every_error(void)
{
    test_build b;
    test_build_text(&b, "rec.tiles",
                    "pack p \"P\" {\n"
                    "  tile a \"A\" { count 1 square { N city; } }\n"       /* missing ';' */
                    "  tile b \"B\" { square { N city; E field S field; W field; } }\n" /* missing ';' */
                    "  tile c \"C\" { square { N city; E field; S field; W field; }\n"
                    "                 city x { sides N; } field f { sides E, S, W; touches y; } }\n"
                    "}\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "rec.tiles:2:24: error: unexpected 'square', expected ';'"));
    CU_ASSERT_TRUE(test_contains(b.output, "rec.tiles:3:41: error: unexpected identifier 'S', expected ';'"));
    CU_ASSERT_TRUE(test_contains(b.output, "rec.tiles:5:71: error: field 'f' touches 'y', which is not on this tile; did you mean 'x'?"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 3);
    test_build_free(&b);
}

static void test_keyword_as_name(void)
{
    test_build b;
    test_build_text(&b, "kw.tiles", "pack p \"P\" { tile t \"T\" { city road { } } }\n");
    CU_ASSERT_TRUE(test_contains(b.output, "kw.tiles:1:32: error: unexpected 'road' (a keyword, so not usable as a name), expected identifier"));
    test_build_free(&b);
}

static void test_unterminated_string(void)
{
    test_build b;
    test_build_text(&b, "str.tiles", "pack p \"Pack {\n}\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "str.tiles:1:8: error: unterminated string"));
    test_build_free(&b);
}

static void test_unknown_escape(void)
{
    test_build b;
    test_build_text(&b, "esc.tiles", "pack p \"a\\nb\" { }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "esc.tiles:1:10: error: unknown escape '\\n'"));
    test_build_free(&b);
}

static void test_unexpected_characters(void)
{
    test_build b;
    test_build_text(&b, "chr.tiles", "pack p \"P\" { @ } \xc3\xa9\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "chr.tiles:1:14: error: unexpected character '@'"));
    CU_ASSERT_TRUE(test_contains(b.output, "chr.tiles:1:18: error: unexpected character '\xc3\xa9'"));
    test_build_free(&b);
}

/* No byte of the file reaches the terminal unescaped: ESC [2J would clear it. */
static void test_control_bytes_are_escaped(void)
{
    test_build b;
    test_build_text(&b, "esc.tiles", "pack p \"P\" { \033[2J }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "esc.tiles:1:14: error: unexpected byte 0x1B\n  pack p \"P\" { \\x1b[2J }\n"
                                           "               ^~~~\n"));
    CU_ASSERT_PTR_NULL(memchr(b.output, '\033', b.output_len));
    test_build_free(&b);

    /* a display name may not carry one either: -v and show would print it */
    test_build_text(&b, "name.tiles", "pack p \"P\033[31m\" { }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "name.tiles:1:10: error: control character \\x1b in a string"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    CU_ASSERT_PTR_NULL(memchr(b.output, '\033', b.output_len));
    test_build_free(&b);
}

/* A UTF-8 byte-order mark opening the file is dropped; anywhere else it is named. */
static void test_byte_order_mark(void)
{
    test_build b;
    test_build_text(&b, "bom.tiles", "\xEF\xBB\xBFpack p \"P\" { @ }\n");
    CU_ASSERT_TRUE(test_contains(b.output, "bom.tiles:1:14: error: unexpected character '@'"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    test_build_free(&b);
    test_build_text(&b, "bom.tiles", "\xEF\xBB\xBFtileset \"S\" { }\n");
    CU_ASSERT_TRUE(b.ok);
    test_build_free(&b);
    test_build_text(&b, "bom2.tiles", "pack p \"P\" {\xEF\xBB\xBF }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "bom2.tiles:1:13: error: a byte-order mark (U+FEFF) inside the file"));
    test_build_free(&b);
}

static void test_nul_byte_is_refused(void)
{
    static const char text[] = "pack p \"P\" {\n  \0 }\n";
    test_build b;
    memset(&b, 0, sizeof b);
    FILE *out = open_memstream(&b.output, &b.output_len);
    wc_compilation_init(&b.c, out);
    wc_compilation_add_text(&b.c, "nul.tiles", text, sizeof text - 1);
    b.ok = wc_compilation_check(&b.c);
    fclose(out);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "nul.tiles:2:3: error: NUL byte in the file (is it a binary file?)"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    test_build_free(&b);
}

static void test_invalid_utf8_is_refused(void)
{
    test_build b;
    test_build_text(&b, "utf.tiles", "pack p \"P\xc3\xa9\" {\n # caf\xe9\n}\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "utf.tiles:2:7: error: invalid UTF-8 byte 0xE9"));
    test_build_free(&b);
}

static void test_overlong_utf8_is_refused(void)
{
    test_build b;
    test_build_text(&b, "over.tiles", "# \xc0\xaf\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "over.tiles:1:3: error: invalid UTF-8 byte 0xC0"));
    test_build_free(&b);
}

static void test_identifier_limit(void)
{
    char text[256];
    char name[80];
    memset(name, 'a', 70);
    name[70] = '\0';
    snprintf(text, sizeof text, "pack %s \"P\" { }\n", name);
    test_build b;
    test_build_text(&b, "long.tiles", text);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "long.tiles:1:6: error: identifier is 70 bytes long; the limit is 64"));
    test_build_free(&b);
}

static void test_number_limit(void)
{
    test_build b;
    test_build_text(&b, "num.tiles", "pack p \"P\" { expect tiles = 99999999999999999999; }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "num.tiles:1:29: error: number out of range (the limit is 1000000)"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1); /* no fact checked with a clamped number */
    test_build_free(&b);
}

static void test_effect_syntax(void)
{
    test_build b;
    test_build_text(&b, "eff.tiles", "pack p \"P\" { wonder w \"W\" { effect { on game_end { score 2 * ; } } } }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "eff.tiles:1:62: error: unexpected ';'"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    test_build_free(&b);
    /* the old menu is gone: its words are names the effect does not take */
    test_build_text(&b, "old.tiles", "pack p \"P\" { wonder w \"W\" { effect { trigger game_end; score 1; } } }\n");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "old.tiles:1:38: error: unexpected identifier 'trigger', expected 'on', "
                                           "'starts', 'counter', 'rule', 'none' or '}'"));
    test_build_free(&b);
}

/* A wonder's footprint: five squares in a row, the area on the middle one. */
#define FOOTPRINT                                                                                   \
    "square s0 (0, 0) { N field; S field; W field; } square s1 (1, 0) { N field; S field; }\n"     \
    "square s2 (2, 0) { N field; S field; } square s3 (3, 0) { N field; S field; }\n"              \
    "square s4 (4, 0) { N field; E field; S field; } area x { on s2; }\n"                          \
    "field f { sides s0:N, s0:W, s0:S, s1:N, s1:S, s2:N, s2:S, s3:N, s3:S, s4:N, s4:E, s4:S;\n"    \
    "          crosses s0:E, s1:E, s2:E, s3:E; }\n"

/* The effect language's words are names everywhere else, and the tile
** language's words (squares, roads, city) are names inside an effect. */
static void test_effect_words_are_names_elsewhere(void)
{
    test_build b;
    test_build_text(&b, "names.tiles",
                    "pack p \"P\" {\n"
                    "  tile score \"T\" { square { N field; E field; S field; W field; }\n"
                    "    field rule { sides N, E, S, W; tags if, counter, set, not; } }\n"
                    "  wonder w \"W\" {\n" FOOTPRINT
                    "    effect { counter squares = 2; counter roads; on game_end { add roads squares; score roads; } }\n"
                    "  }\n"
                    "  tile after \"After the effect\" { square { N field; E field; S field; W field; }\n"
                    "    field lines { sides N, E, S, W; } }\n"
                    "}\n");
    CU_ASSERT_TRUE(b.ok);
    CU_ASSERT_STRING_EQUAL(b.output, "");
    test_build_free(&b);
}

/* Every example of docs/design/effects.md, as written there, checks. */
static void test_the_design_examples_check(void)
{
    static const char *const examples[] = {
        "on completed(city c) if dist(c, wonder) == 0 { score c.squares; }",
        "on game_end { score max(c.arms + 4 for cities c where not c.complete and c.has(owner) else 0); }",
        "on turn_start(p) if p == owner and p.meeples > max(q.meeples for players q where q != owner else 0)"
        " { score 1; }",
        "on completed(road r) if not r.occupied { score r.squares; }",
        "rule hand 2 bottom;",
        "on game_end { score 3 * count(fields f where f.has(owner) and f.cities >= 3); }",
        "on completed(monastery x) if x.occupied and not x.has(owner)"
        " and count(meeples m where m.player == owner and around(m, x)) > 0 { score 2; }",
        "counter roads; on scored(road r) if r.wins(owner) { add roads 1; } on game_end { score roads; }",
        "on meeple_placed(m) if m.player == owner and m.feature.kind == garden"
        " { score count(features x where (x.kind == monastery or x.kind == garden)"
        " and dist(x, m) <= 2 and dist(x, m) > 0); }",
        "counter done; on completed(city c) if current == owner { add done 1; }"
        " on turn_end(p) if p == owner { score done; set done 0; }",
        "starts now; rule supply 1; rule weight large 3; on tile_placed(t) if t.player == owner once per turn"
        " { if t.is_wonder { score -1 to current; } else if t.x % 2 == 0 { score 1; } else { score 2; } }",
    };
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        char text[2048];
        snprintf(text, sizeof text, "pack p \"P\" {\n  wonder w \"W\" {\n" FOOTPRINT "    effect { %s }\n  }\n}\n",
                 examples[i]);
        test_build b;
        test_build_text(&b, "example.tiles", text);
        CU_ASSERT_TRUE(b.ok);
        if (!b.ok)
            fprintf(stderr, "\n%s", b.output);
        test_build_free(&b);
    }
}

static void test_empty_and_truncated_files(void)
{
    test_build b;
    /* an emptied file would silently drop its packs from generated/ */
    static const char *const nothing[] = {"", "# only a comment\n", "  \n\n"};
    for (size_t i = 0; i < sizeof nothing / sizeof *nothing; i++) {
        test_build_text(&b, "empty.tiles", nothing[i]);
        CU_ASSERT_FALSE(b.ok);
        CU_ASSERT_TRUE(test_contains(b.output, "empty.tiles:1:1: error: the file defines nothing"));
        CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
        test_build_free(&b);
    }
    test_build_text(&b, "set.tiles", "tileset \"S\" { expect packs = 0; }");
    CU_ASSERT_TRUE(b.ok); /* the tileset block alone is a definition */
    test_build_free(&b);

    test_build_text(&b, "cut.tiles", "pack p \"P\" { tile t \"T\" { square { N ci");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "cut.tiles:1:38: error: unexpected identifier 'ci', expected 'city', 'road', 'river' or 'field'"));
    /* recovery swallows the end of the file, so the open block is said apart */
    CU_ASSERT_TRUE(test_contains(b.output, "cut.tiles:1:34: error: this '{' is never closed: the file ends first"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 2); /* no checks of the cut-off tile */
    test_build_free(&b);

    /* a misspelt block keyword: one message, not a stray '}' after it */
    test_build_text(&b, "kw.tiles", "pack p \"P\" {\n  tile t \"T\" {\n    sqare { N field; }\n  }\n}\n");
    CU_ASSERT_TRUE(test_contains(b.output, "kw.tiles:3:5: error: unexpected identifier 'sqare'; did you mean 'square'?"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    test_build_free(&b);

    test_build_text(&b, "cut2.tiles", "pack p \"P\" { tile t \"T\" {");
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "cut2.tiles:1:25: error: unexpected end of file"));
    CU_ASSERT_TRUE(test_contains(b.output, "cut2.tiles:1:25: note: this '{' is never closed"));
    CU_ASSERT_EQUAL(test_count_lines(b.output, "error:"), 1);
    test_build_free(&b);
}

static void test_deep_nesting_is_an_error_not_a_crash(void)
{
    enum { DEPTH = 100000 };
    char *text = malloc(2 * DEPTH + 1);
    CU_ASSERT_FATAL(text != NULL);
    memset(text, '{', DEPTH);
    memset(text + DEPTH, '}', DEPTH);
    text[2 * DEPTH] = '\0';
    test_build b;
    test_build_text(&b, "deep.tiles", text);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_TRUE(test_contains(b.output, "deep.tiles:1:1: error: unexpected '{', expected end of file, 'pack' or 'tileset'"));
    test_build_free(&b);
    free(text);
}

static void test_error_limit_stops_reporting(void)
{
    size_t n = 300;
    char *text = malloc(n * 4 + 1);
    CU_ASSERT_FATAL(text != NULL);
    for (size_t i = 0; i < n; i++)
        memcpy(text + 4 * i, "@ @\n", 4);
    text[4 * n] = '\0';
    test_build b;
    test_build_text(&b, "many.tiles", text);
    CU_ASSERT_FALSE(b.ok);
    CU_ASSERT_EQUAL(test_count_lines(b.output, ": error:"), 100);
    CU_ASSERT_TRUE(test_contains(b.output, "wonderc: too many errors (limit 100); stopping"));
    test_build_free(&b);
    free(text);
}

/* Every input kept in fuzz/regressions/frontend/ compiles to the verdict its
** line in expected-verdict names -- ok, or a located error -- and every input
** of the folder has such a line, so the replay cannot quietly run nothing. */
static void test_fuzz_regressions(void)
{
    const char *folder = "fuzz/regressions/frontend";
    FILE *manifest = fopen("fuzz/regressions/frontend/expected-verdict", "r");
    CU_ASSERT_FATAL(manifest != NULL);
    char line[512];
    int replayed = 0;
    while (fgets(line, sizeof line, manifest)) {
        char input[256], verdict[16];
        if (line[0] == '#' || sscanf(line, "%255s %15s", input, verdict) != 2)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", folder, input);
        const char *paths[] = {path};
        test_build b;
        test_build_files(&b, paths, 1);
        bool want_ok = !strcmp(verdict, "ok");
        CU_ASSERT_TRUE(want_ok || !strcmp(verdict, "error"));
        if (b.ok != want_ok)
            fprintf(stderr, "fuzz regression %s: expected %s, found %s\n%s", path, verdict, b.ok ? "ok" : "error",
                    b.output ? b.output : "");
        CU_ASSERT_EQUAL(b.ok, want_ok);
        if (!want_ok) /* located: FILE:LINE:COLUMN: error: */
            CU_ASSERT_TRUE(test_contains(b.output, ": error: ") && test_contains(b.output, input));
        test_build_free(&b);
        replayed++;
    }
    fclose(manifest);

    TEST_POINTS(replayed, test_fuzz_inputs(folder));
    CU_ASSERT_TRUE(replayed > 0);
}

bool register_lexparse_tests(void)
{
    static const test_case cases[] = {
        {"a minimal file compiles", test_minimal_file_compiles},
        {"negative coordinates", test_negative_coordinates},
        {"recovery reports every error", test_recovery_reports_every_error},
        {"keyword used as a name", test_keyword_as_name},
        {"unterminated string", test_unterminated_string},
        {"unknown escape", test_unknown_escape},
        {"unexpected characters", test_unexpected_characters},
        {"control bytes are escaped", test_control_bytes_are_escaped},
        {"byte-order mark", test_byte_order_mark},
        {"NUL byte is refused", test_nul_byte_is_refused},
        {"invalid UTF-8 is refused", test_invalid_utf8_is_refused},
        {"overlong UTF-8 is refused", test_overlong_utf8_is_refused},
        {"identifier length limit", test_identifier_limit},
        {"number limit", test_number_limit},
        {"effect syntax", test_effect_syntax},
        {"effect words are names elsewhere", test_effect_words_are_names_elsewhere},
        {"the design's examples check", test_the_design_examples_check},
        {"empty and truncated files", test_empty_and_truncated_files},
        {"deep nesting is an error", test_deep_nesting_is_an_error_not_a_crash},
        {"error limit", test_error_limit_stops_reporting},
        {"fuzz regressions", test_fuzz_regressions},
        {NULL, NULL},
    };
    return register_suite("lexer and parser", cases);
}
