#!/bin/sh
# layers.sh -- the include-layer check (tests/include_layers.sh) passes on
# the tree, and fails, naming the file and line, on copies of it that break
# a layer: the lab reaching into the command, the library into the
# compiler, the drawing into the lab, the lab into the core's own header.
# Usage: sh tests/layers.sh   (from the top; make check runs it)
set -u
NAME=layers
. tests/harness.sh

expect_exit 0 "the tree" sh tests/include_layers.sh .
expect_out "the tree" "every include within its layers"

# break COPY FILE LINE...: a copy of the sources with LINE put at the top of FILE
broken_copy() {
    rm -rf "$T/tree"
    mkdir -p "$T/tree"
    cp -r runtime compiler grammar generated "$T/tree/"
    file=$1
    shift
    { printf '%s\n' "$@"; cat "$T/tree/$file"; } > "$T/tree/$file.new" && mv "$T/tree/$file.new" "$T/tree/$file"
}

broken_copy runtime/lab/players.c '#include "../cli/record.h"'
expect_exit 1 "the lab includes the command's record.h" sh tests/include_layers.sh "$T/tree"
expect_out "the lab includes the command's record.h" \
    "runtime/lab/players.c:1: includes runtime/cli/record.h: a lab file may not use the wonders layer"

broken_copy runtime/lab/simulate.c '#include "../cli/yaml_in.h"'
expect_exit 1 "the lab includes yaml_in.h" sh tests/include_layers.sh "$T/tree"
expect_out "the lab includes yaml_in.h" "runtime/lab/simulate.c:1: includes runtime/cli/yaml_in.h"

broken_copy runtime/cli/main.c '#include "../../compiler/names.h"'
expect_exit 1 "runtime/ includes compiler/" sh tests/include_layers.sh "$T/tree"
expect_out "runtime/ includes compiler/" \
    "runtime/cli/main.c:1: includes compiler/names.h: nothing under runtime/ may include the compiler's files"

broken_copy runtime/scoring.c '#include "lab.h"'
expect_exit 1 "the core includes the lab" sh tests/include_layers.sh "$T/tree"
expect_out "the core includes the lab" "runtime/scoring.c:1: includes runtime/lab.h: a rules file may not use the lab layer"

broken_copy runtime/lab/mcts.c '#include "../internal.h"'
expect_exit 1 "the lab includes internal.h" sh tests/include_layers.sh "$T/tree"
expect_out "the lab includes internal.h" "runtime/lab/mcts.c:1: includes runtime/internal.h, the library core's own header"

broken_copy runtime/draw/tile_art.c '#include "../common/xalloc.h"'
expect_exit 1 "the drawing includes the commands' utilities" sh tests/include_layers.sh "$T/tree"
expect_out "the drawing includes the commands' utilities" "a draw file may not use the common layer"

broken_copy runtime/board.c '#include "match.h"' '#include "playout.h"'
expect_exit 1 "the rules include the turn" sh tests/include_layers.sh "$T/tree"
expect_out "the rules include the turn" "runtime/board.c:2: includes runtime/playout.h: a rules file may not use the turn layer"
expect_out "the rules include the turn" "include layers: 2 includes break the layers"

# a new folder of runtime/ must be given its layer
broken_copy runtime/board.c
mkdir -p "$T/tree/runtime/gui" && echo '#include "../wonders.h"' > "$T/tree/runtime/gui/window.c"
expect_exit 1 "a folder without a layer" sh tests/include_layers.sh "$T/tree"
expect_out "a folder without a layer" "runtime/gui/window.c: a folder of runtime/ that has no layer"

finish
