/*
** test_lsp.c -- the language server's plain-C half (compiler/lsp/): the
** protocol's positions against byte offsets, words and blocks of a text,
** and the index of names of a small file.  The protocol itself is driven
** over stdio by tests/lsp.sh.
*/
#include "suites.h"
#include "../compiler/lsp/lsp_index.h"
#include "../compiler/lsp/lsp_text.h"

#include <string.h>

/* "é" is 2 bytes and 1 UTF-16 unit; "𝄞" (U+1D11E) 4 bytes and 2 units. */
static void test_positions(void)
{
    const char *t = "ab\n\xC3\xA9x\n\xF0\x9D\x84\x9Ey\n";
    size_t n = strlen(t);
    wc_lsp_pos p = wc_lsp_pos_of(t, n, 5); /* the x after é */
    CU_ASSERT_EQUAL(p.line, 1);
    CU_ASSERT_EQUAL(p.character, 1);
    p = wc_lsp_pos_of(t, n, 11); /* the y after the clef */
    CU_ASSERT_EQUAL(p.line, 2);
    CU_ASSERT_EQUAL(p.character, 2);
    CU_ASSERT_EQUAL(wc_lsp_offset_of(t, n, (wc_lsp_pos){1, 1}), 5);
    CU_ASSERT_EQUAL(wc_lsp_offset_of(t, n, (wc_lsp_pos){2, 2}), 11);
    CU_ASSERT_EQUAL(wc_lsp_offset_of(t, n, (wc_lsp_pos){2, 1}), 7); /* inside the pair: the clef's start */
    CU_ASSERT_EQUAL(wc_lsp_offset_of(t, n, (wc_lsp_pos){0, 99}), 2); /* past the line: its end */
    CU_ASSERT_EQUAL(wc_lsp_offset_of(t, n, (wc_lsp_pos){99, 0}), n); /* past the text: its end */
}

static void test_words_and_blocks(void)
{
    const char *t = "tile a \"x { \\\" }\" { # } {\n  road r { sides N; }\n}\nrest";
    size_t s, e, n = strlen(t);
    CU_ASSERT_TRUE(wc_lsp_word_at(t, n, 5, &s, &e));
    CU_ASSERT_EQUAL(s, 5);
    CU_ASSERT_EQUAL(e, 6);
    CU_ASSERT_FALSE(wc_lsp_word_at(t, n, 7, &s, &e) && s == 7);
    /* the string's and the comment's braces do not count */
    size_t end = wc_lsp_block_end(t, n, 0);
    CU_ASSERT_EQUAL(end, (size_t)(strstr(t, "}\nrest") - t) + 1);
    CU_ASSERT_EQUAL(wc_lsp_block_end("{ {", 3, 0), 3);
}

static const char file[] =
    "pack p \"P\" {\n"
    "    tile a \"A\" {\n"
    "        square { N city; E road; S field; W road; }\n"
    "        city c { sides N; }\n"
    "        road r { sides E, W; }\n"
    "        field f { sides EL, WR; touches c; }\n"
    "        field g { sides ER, S, WL; }\n"
    "        expect r.open = 2;\n"
    "    }\n"
    "}\n";

static void test_index(void)
{
    wc_lsp_doc doc = {"t.tiles", file, strlen(file)};
    wc_lsp_analysis *a = wc_lsp_analyse(&doc, 1, false);
    CU_ASSERT_EQUAL(a->n_diags, 0);
    CU_ASSERT_EQUAL_FATAL(a->n_tiles, 1);
    CU_ASSERT_STRING_EQUAL(a->tiles[0].key, "p.a");
    size_t use = (size_t)(strstr(file, "touches c") - file) + 8;
    const wc_lsp_occ *o = wc_lsp_occ_at(a, 0, use);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(o->ns, WC_NS_FEATURE);
    const wc_lsp_occ *d = wc_lsp_definition(a, o);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(d->start, (uint32_t)(strstr(file, "city c") - file) + 5);
    o = wc_lsp_occ_at(a, 0, (size_t)(strstr(file, "expect r") - file) + 7);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    d = wc_lsp_definition(a, o);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(d->start, (uint32_t)(strstr(file, "road r") - file) + 5);
    CU_ASSERT_PTR_EQUAL(wc_lsp_tile_at(a, 0, use), &a->tiles[0]);
    CU_ASSERT_PTR_NULL(wc_lsp_tile_at(a, 0, 2));
    wc_lsp_analysis_free(a);
}

/* An error's message reaches the index as the compiler said it, a note after it. */
static void test_diagnostics(void)
{
    char text[sizeof file + 32];
    const char *dup = strstr(file, "        road r");
    snprintf(text, sizeof text, "%.*s        city c;\n%s", (int)(dup - file), file, dup);
    wc_lsp_doc doc = {"t.tiles", text, strlen(text)};
    wc_lsp_analysis *a = wc_lsp_analyse(&doc, 1, false);
    CU_ASSERT_TRUE_FATAL(a->n_diags >= 2);
    CU_ASSERT_EQUAL(a->diags[0].severity, WC_SEV_ERROR);
    CU_ASSERT_STRING_EQUAL(a->diags[0].message, "feature 'c' is declared twice");
    CU_ASSERT_EQUAL(a->diags[1].severity, WC_SEV_NOTE);
    CU_ASSERT_EQUAL(a->diags[1].at.start, (uint32_t)(strstr(text, "city c") - text) + 5);
    wc_lsp_analysis_free(a);
}

bool register_lsp_tests(void)
{
    static const test_case cases[] = {
        {"positions: UTF-16 columns against bytes", test_positions},
        {"words and blocks of a text", test_words_and_blocks},
        {"the index: a feature's uses lead to its declaration", test_index},
        {"diagnostics with their notes", test_diagnostics},
        {NULL, NULL},
    };
    return register_suite("language server (compiler/lsp/)", cases);
}
