/*
** test_diagnostics.c -- golden diagnostics: for each diagnostics/NAME.tiles,
** the compiler's exact output (locations, messages, carets) must equal
** diagnostics/NAME.expected.
**
** After a deliberate change of wording, UPDATE_GOLDEN=1 rewrites the
** .expected files; review the diff before committing it.
*/
#include "suites.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void golden(const char *name, bool expect_ok)
{
    char tiles[256], expected_path[256];
    snprintf(tiles, sizeof tiles, "diagnostics/%s.tiles", name);
    snprintf(expected_path, sizeof expected_path, "diagnostics/%s.expected", name);
    const char *paths[] = {tiles};
    test_build b;
    test_build_files(&b, paths, 1);
    CU_ASSERT_EQUAL(b.ok, expect_ok);
    if (getenv("UPDATE_GOLDEN")) {
        FILE *f = fopen(expected_path, "wb");
        CU_ASSERT_FATAL(f != NULL);
        fwrite(b.output, 1, b.output_len, f);
        fclose(f);
    }
    char *expected = test_read_file(expected_path, NULL);
    CU_ASSERT_PTR_NOT_NULL(expected);
    if (expected && strcmp(expected, b.output) != 0) {
        fprintf(stderr, "\n--- %s expected:\n%s--- got:\n%s---\n", name, expected, b.output);
        CU_FAIL("diagnostics differ from the golden file");
    }
    free(expected);
    test_build_free(&b);
}

#define GOLDEN(name, ok) \
    static void test_##name(void) { golden(#name, ok); }
GOLDEN(syntax, false)
GOLDEN(names, false)
GOLDEN(duplicates, false)
GOLDEN(footprint, false)
GOLDEN(perimeter, false)
GOLDEN(segments, false)
GOLDEN(kinds, false)
GOLDEN(spans, false)
GOLDEN(touches, false)
GOLDEN(facts, false)
GOLDEN(areas, false)
GOLDEN(limits, false)
GOLDEN(warnings, true)
GOLDEN(effects, false)
GOLDEN(geometry, false)
GOLDEN(tileset, false)
GOLDEN(bytes, false)
GOLDEN(utf8, false)
GOLDEN(cascades, false)
GOLDEN(marks, false)
GOLDEN(braces, false)
GOLDEN(designer, false)
GOLDEN(taken, false)

bool register_diagnostic_tests(void)
{
    static const test_case cases[] = {
        {"syntax errors and recovery", test_syntax},
        {"a '}' left out", test_braces},
        {"unknown names and suggestions", test_names},
        {"duplicate ids and names", test_duplicates},
        {"footprint size, overlap, connection", test_footprint},
        {"perimeter sides", test_perimeter},
        {"segments claimed twice or never", test_segments},
        {"feature kind against edge type", test_kinds},
        {"feature spans", test_spans},
        {"fields touching cities", test_touches},
        {"facts that do not hold", test_facts},
        {"facts of the whole tile set", test_tileset},
        {"wonder areas", test_areas},
        {"limits", test_limits},
        {"warnings", test_warnings},
        {"wonder effects", test_effects},
        {"geometry: crossings, borders, spans, ends", test_geometry},
        {"bytes escaped, byte-order marks, long lines cut", test_bytes},
        {"invalid UTF-8 escaped in the quoted line", test_utf8},
        {"one cause, one message: unterminated strings", test_cascades},
        {"marks on the wrong feature or tile; tunnels", test_marks},
        {"what designers write: followers, touched cities, sums, costs", test_designer},
        {"the event taken and starts taken: before the wonder is on the board", test_taken},
        {NULL, NULL},
    };
    return register_suite("golden diagnostics", cases);
}
