/*
** support.h -- helpers shared by the test suites.
**
** Tests run from the tests/ directory (the Makefile cd's there), so paths
** such as "../tiles/base.tiles" and "diagnostics/x.tiles" are relative to it.
*/
#ifndef TEST_SUPPORT_H
#define TEST_SUPPORT_H

#include "../compiler/driver.h"

#include <glob.h>
#include <stdbool.h>

/* A finished compilation with its diagnostics captured as text. */
typedef struct test_build {
    wc_compilation c;
    bool   ok;
    char  *output; /* everything the diagnostics printed */
    size_t output_len;
    wh_tileset_t set; /* view of the model (valid when ok) */
} test_build;

/*
** The builds check and lower the tiles as `wonderc check` does, without the
** drawings (most of a compile's cost); the _drawn ones derive them too, as
** `wonderc compile` does, for the tests that read the drawings or compare
** the generated code.
*/

/** Compile @p n files; diagnostics are captured in b->output. */
void test_build_files(test_build *b, const char *const *paths, size_t n);

/** Compile a string as if it were the file @p name. */
void test_build_text(test_build *b, const char *name, const char *text);

/** test_build_files with the tiles' drawings. */
void test_build_files_drawn(test_build *b, const char *const *paths, size_t n);

/** test_build_text with the tiles' drawings. */
void test_build_text_drawn(test_build *b, const char *name, const char *text);

/**
 * The project's tile sources, every .tiles file in tiles/, in name order as the
 * Makefile and wonderc list them, seen from tests/ ("../tiles/x.tiles").
 * @returns their number; release @p g with globfree().
 */
size_t test_project_tiles(glob_t *g);

/**
 * The same files named as `make regen` names them, from the top of the tree
 * ("tiles/x.tiles"): *inputs points into @p g (release both with
 * free(*inputs) and globfree()).  @returns their number.
 */
size_t test_project_inputs(glob_t *g, const char ***inputs);

/** Compile the project's tile files (test_project_tiles). */
void test_build_project(test_build *b);

/** test_build_project with the tiles' drawings. */
void test_build_project_drawn(test_build *b);

/** Release a build. */
void test_build_free(test_build *b);

/** Read a whole file; @returns a malloc'd NUL-terminated copy or NULL. */
char *test_read_file(const char *path, size_t *len);

/** Index of the tile with full id @p id, or -1 (also fails the test). */
int test_tile(const wh_tileset_t *set, const char *id);

/** Index of feature @p name on tile @p tile, or -1. */
int test_feature(const wh_tileset_t *set, uint32_t tile, const char *name);

/**
 * Assert that a number of points (or any count) @p found equals @p expected;
 * a failure says both values, not only the expressions:
 * "wh_game_score(g, 0): found 7, expected 8 (3 + 5)".
 */
#define TEST_POINTS(found, expected) \
    test_points((long)(found), (long)(expected), #found, #expected, __FILE__, __LINE__)
void test_points(long found, long expected, const char *found_text, const char *expected_text, const char *file,
                 unsigned line);

/** True when @p haystack contains @p needle. */
bool test_contains(const char *haystack, const char *needle);

/** Number of lines of @p text that contain @p needle. */
int test_count_lines(const char *text, const char *needle);

/**
 * The run's size: WH_TEST_GAMES, the games a full run plays (1000 unless
 * set; the valgrind suite sets 100).  test_small_run() is true below 1000.
 */
int test_run_games(void);
bool test_small_run(void);

/** The inputs kept in fuzz regressions folder @p folder: its files but its
 *  README.md and its manifest (tests/fuzz/regressions/README.md), so that a
 *  replay can say it ran every one. */
int test_fuzz_inputs(const char *folder);

#endif
