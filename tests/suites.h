/*
** suites.h -- registration functions of the test suites (one per file).
** Each returns false when CUnit could not register it.
*/
#ifndef TEST_SUITES_H
#define TEST_SUITES_H

#include <stdbool.h>

bool register_lexparse_tests(void);   /* test_lexparse.c */
bool register_diagnostic_tests(void); /* test_diagnostics.c */
bool register_wonder_tests(void);     /* test_wonders.c */
bool register_tileset_tests(void);    /* test_tileset.c */
bool register_rotation_tests(void);   /* test_rotation.c */
bool register_codegen_tests(void);    /* test_codegen.c */
bool register_dump_tests(void);       /* test_dump.c */
bool register_runtime_tests(void);    /* test_runtime.c */
bool register_scoring_tests(void);    /* test_scoring.c */
bool register_random_game_tests(void); /* test_random_games.c */
bool register_effect_tests(void);     /* test_effects.c */
bool register_match_tests(void);      /* test_match.c */
bool register_record_tests(void);     /* test_records.c */
bool register_river_tests(void);      /* test_river.c */
bool register_expansion_tests(void);  /* test_expansions.c */
bool register_traders_tests(void);    /* test_traders.c */
bool register_dragon_tests(void);     /* test_dragon.c */
bool register_box_tests(void);        /* test_boxes.c */
bool register_fairy_tests(void);      /* test_fairy.c */
bool register_princess_tests(void);   /* test_princess.c */
bool register_tower_tests(void);      /* test_tower.c */
bool register_portal_tests(void);     /* test_portal.c */
bool register_balance_tests(void);    /* test_balance.c */
bool register_player_tests(void);     /* test_players.c */
bool register_language_tests(void);   /* test_language.c */
bool register_playground_tests(void); /* test_playground.c */
bool register_lsp_tests(void); /* test_lsp.c */
bool register_shape_tests(void);      /* test_shapes.c */
bool register_draw_tests(void);       /* test_draw.c */
bool register_lab_tests(void);        /* test_lab.c */
bool register_drawing_tests(void);    /* test_drawings.c */

/* Adds a suite and its tests; NULL-terminated array of {name, fn}. */
#include <CUnit/CUnit.h>
typedef struct test_case {
    const char *name;
    CU_TestFunc fn;
} test_case;
bool register_suite(const char *name, const test_case *cases);

#endif
