/*
** main.c -- the CUnit test runner: every suite, one registry.
**
** Exit status: the number of failed assertions (0 when all pass), so make
** and CI see failures.  --quiet prints only the summary (for valgrind runs).
*/
#include "suites.h"

#include <CUnit/Basic.h>
#include <string.h>

int main(int argc, char **argv)
{
    bool quiet = argc > 1 && !strcmp(argv[1], "--quiet");
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    if (!register_lexparse_tests() || !register_diagnostic_tests() || !register_wonder_tests() ||
        !register_tileset_tests() || !register_rotation_tests() || !register_codegen_tests() || !register_dump_tests() ||
        !register_runtime_tests() || !register_scoring_tests() || !register_random_game_tests() ||
        !register_effect_tests() || !register_match_tests() || !register_record_tests() || !register_river_tests() ||
        !register_expansion_tests() || !register_balance_tests()) {
        fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
        CU_cleanup_registry();
        return 1;
    }
    CU_basic_set_mode(quiet ? CU_BRM_SILENT : CU_BRM_VERBOSE);
    CU_basic_run_tests();
    if (quiet)
        CU_basic_show_failures(CU_get_failure_list());
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned run = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (quiet)
        printf("\nvalgrind run: %u tests, %s\n", run, failed ? "FAILED" : "all passed");
    return failed ? 1 : 0;
}
