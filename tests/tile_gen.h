/*
** tile_gen.h -- random tiles valid by construction, as tile-language text,
** for the property test of the drawings (tests/test_drawings.c).
**
** A footprint of 1 square (a land tile) or 5 connected squares (a wonder,
** the only two sizes the language allows), each perimeter side a city, a
** road or a field.  The features are a non-crossing partition of the
** outline's ports (city sides and road middles) round the footprint: a
** city holds some city sides (and the roads that end at it), a road runs
** between two road sides or ends at a city, a junction, a monastery (land
** tiles) or the wonder's area; the fields are the faces those leave, each
** owning the field halves between the ports that bound it.  On a wonder
** each feature crosses the internal sides of shortest paths joining its
** squares.  Coats of arms and inns are marks thrown in at random.
*/
#ifndef TEST_TILE_GEN_H
#define TEST_TILE_GEN_H

#include <stddef.h>
#include <stdint.h>

/** Append the source of one random tile with id @p id to @p out (of @p cap bytes, kept NUL-terminated);
 *  @p state is the generator's state, advanced.  @returns the length written. */
size_t tile_gen(uint64_t *state, const char *id, char *out, size_t cap);

#endif
