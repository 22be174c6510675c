/*
** main.c -- the CUnit test runner: every suite, one registry.
**
**   unit-tests [--quiet] [--list] [SUITE | SUITE/TEST]...
**
** With no name it runs every suite; otherwise the suites and tests named, as
** --list prints them ("base scoring", "base scoring/final: incomplete
** features").  It runs from any folder: the tests read their files relative
** to tests/, found beside the build folder that holds this program.
** --quiet prints only the failures and the summary (for valgrind runs).
**
** Its last line is "unit: N passed, N failed" (tests), and its exit status
** 0 when every test ran and passed, 1 when one failed, 2 when a name matches
** no suite or test, or the runner cannot start.
*/
#include "suites.h"

#include <CUnit/Basic.h>
#include <libgen.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

static bool register_all(void)
{
    return register_lexparse_tests() && register_diagnostic_tests() && register_wonder_tests() &&
           register_tileset_tests() && register_rotation_tests() && register_codegen_tests() &&
           register_dump_tests() && register_runtime_tests() && register_scoring_tests() &&
           register_random_game_tests() && register_effect_tests() && register_match_tests() &&
           register_record_tests() && register_river_tests() && register_expansion_tests() &&
           register_traders_tests() && register_dragon_tests() && register_box_tests() &&
           register_fairy_tests() && register_princess_tests() && register_tower_tests() && register_portal_tests() &&
           register_balance_tests() && register_player_tests() && register_language_tests() &&
           register_playground_tests() && register_shape_tests() && register_draw_tests() &&
           register_lab_tests() && register_lsp_tests() && register_drawing_tests();
}

/* Into tests/: this program is build/unit-tests*, so tests/ is ../tests from
** its folder, whatever the folder it was started from. */
static bool enter_tests_folder(const char *argv0)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        if (strlen(argv0) >= sizeof exe)
            return false;
        strcpy(exe, argv0);
    } else {
        exe[n] = '\0';
    }
    char tests[PATH_MAX + 16];
    snprintf(tests, sizeof tests, "%s/../tests", dirname(exe));
    if (chdir(tests) != 0) {
        fprintf(stderr, "unit-tests: cannot enter %s\n", tests);
        return false;
    }
    return true;
}

static void list(void)
{
    for (CU_pSuite s = CU_get_registry()->pSuite; s; s = s->pNext) {
        printf("%s\n", s->pName);
        for (CU_pTest t = s->pTest; t; t = t->pNext)
            printf("%s/%s\n", s->pName, t->pName);
    }
}

/* Deactivate every suite and test, then activate those named: a suite by its
** name, a test as SUITE/TEST.  @returns false when a name matches nothing. */
static bool select_named(char **names, int n)
{
    for (CU_pSuite s = CU_get_registry()->pSuite; s; s = s->pNext) {
        CU_set_suite_active(s, CU_FALSE);
        for (CU_pTest t = s->pTest; t; t = t->pNext)
            CU_set_test_active(t, CU_FALSE);
    }
    bool all_found = true;
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (CU_pSuite s = CU_get_registry()->pSuite; s; s = s->pNext) {
            size_t len = strlen(s->pName);
            if (strncmp(names[i], s->pName, len) != 0)
                continue;
            if (names[i][len] == '\0') {
                CU_set_suite_active(s, CU_TRUE);
                for (CU_pTest t = s->pTest; t; t = t->pNext)
                    CU_set_test_active(t, CU_TRUE);
                found = true;
            } else if (names[i][len] == '/') {
                for (CU_pTest t = s->pTest; t; t = t->pNext)
                    if (!strcmp(names[i] + len + 1, t->pName)) {
                        CU_set_suite_active(s, CU_TRUE);
                        CU_set_test_active(t, CU_TRUE);
                        found = true;
                    }
            }
        }
        if (!found) {
            fprintf(stderr, "unit-tests: no suite or test '%s' (unit-tests --list)\n", names[i]);
            all_found = false;
        }
    }
    return all_found;
}

int main(int argc, char **argv)
{
    bool quiet = false, listing = false;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (!strcmp(argv[first], "--quiet")) {
            quiet = true;
        } else if (!strcmp(argv[first], "--list")) {
            listing = true;
        } else {
            fprintf(stderr, "usage: unit-tests [--quiet] [--list] [SUITE | SUITE/TEST]...\n");
            return 2;
        }
    }
    if (!enter_tests_folder(argv[0]))
        return 2;
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    if (!register_all()) {
        fprintf(stderr, "unit-tests: cannot register the tests: %s\n", CU_get_error_msg());
        CU_cleanup_registry();
        return 2;
    }
    if (listing) {
        list();
        CU_cleanup_registry();
        return 0;
    }
    if (first < argc && !select_named(argv + first, argc - first)) {
        CU_cleanup_registry();
        return 2;
    }
    CU_set_fail_on_inactive(CU_FALSE); /* the suites not named are not failures */
    CU_basic_set_mode(quiet ? CU_BRM_SILENT : CU_BRM_VERBOSE);
    CU_basic_run_tests();
    if (quiet)
        CU_basic_show_failures(CU_get_failure_list());
    unsigned run = CU_get_number_of_tests_run();
    unsigned failed = CU_get_number_of_tests_failed();
    bool any_failure = failed || CU_get_number_of_failures();
    CU_cleanup_registry();
    printf("\nunit: %u passed, %u failed\n", run - failed, failed);
    return any_failure ? 1 : 0;
}
