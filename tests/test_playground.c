/*
** test_playground.c -- the compiler's entry for the playground page
** (compiler/playground.h), natively, under the sanitizers and valgrind:
** the WebAssembly build runs this same code.
*/
#include "suites.h"
#include "../compiler/playground.h"
#include "../compiler/lsp/lsp_playground.h"

#include <stdlib.h>
#include <string.h>

static const char good[] =
    "pack mine \"Mine\" {\n"
    "    tile D \"City cap with straight road\" {\n"
    "        square { N city; E road; S field; W road; }\n"
    "        city c { sides N; }\n"
    "        road r { sides E, W; }\n"
    "        field f1 { sides EL, WR; touches c; }\n"
    "        field f2 { sides ER, S, WL; }\n"
    "    }\n"
    "}\n";

static void test_good_tile(void)
{
    char *json = wc_playground(good);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"status\":0,\"errors\":0,\"warnings\":0,\"diagnostics\":\"\",\"tiles\":["));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"id\":\"mine.D\",\"name\":\"City cap with straight road\",\"failed\":false"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"svg\":\"<svg xmlns=\\\"http://www.w3.org/2000/svg\\\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "f1      field     f1"));
    free(json);
}

/* A mistake: the message the command line gives, at its line and column,
** and the summary line; the tile is still drawn, without facts. */
static void test_broken_tile(void)
{
    char text[sizeof good];
    memcpy(text, good, sizeof good);
    char *at = strstr(text, "sides EL, WR; touches c;");
    memcpy(at, "sides EL, XX;", 13);
    memset(at + 13, ' ', 11);
    char *json = wc_playground(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"status\":1,\"errors\":"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"diagnostics\":\"playground.tiles:6:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "error"));
    free(json);
}

/* What the page may send: nothing, and bytes that are not a tile file. */
static void test_odd_texts(void)
{
    const char *texts[] = {"", "pack", "\"\\", "pack p \"P\" { tile t \"T\" { N city; } }", "\x01\xff\n{{{"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        char *json = wc_playground(texts[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(json);
        CU_ASSERT_EQUAL(json[0], '{');
        CU_ASSERT_EQUAL(json[strlen(json) - 1], '}');
        free(json);
    }
}

/* The language server's hover and completion, as the page asks for them:
** line 4 (0-based) is `road r { sides E, W; }`, the feature at column 13. */
static void test_hover_and_completion(void)
{
    char *json = wc_playground_hover(good, 4, 13);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"text\":\"**road** `r` of `mine.D`"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "open ends: 2"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"from\":13,\"to\":14}"));
    free(json);
    /* after `expect r.`, typed into the tile: a feature's properties */
    char text[sizeof good + 32];
    const char *end = strstr(good, "    }\n}");
    snprintf(text, sizeof text, "%.*s        expect r.\n%s", (int)(end - good), good, end);
    json = wc_playground_complete(text, 7, 17);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"from\":17,\"items\":[{\"label\":\"squares\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"label\":\"open\""));
    free(json);
    json = wc_playground_words();
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"keywords\":[\"pack\","));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"completed\""));
    free(json);
}

bool register_playground_tests(void)
{
    static const test_case cases[] = {
        {"a good tile: drawn, with its facts", test_good_tile},
        {"a broken tile: the located message", test_broken_tile},
        {"odd texts still give a JSON object", test_odd_texts},
        {"the language server's hover and completion", test_hover_and_completion},
        {NULL, NULL},
    };
    return register_suite("playground (compiler/playground.c)", cases);
}
