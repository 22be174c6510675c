#!/bin/sh
# examples.sh -- the ten example wonders of docs/examples/wonders.tiles
# (issue 22): they compile with the default set, `wonderc show` says each
# handler in words, and each has a position in tests/positions/examples/
# whose numbers, worked out by hand in its comment, a `wonders` built with
# the examples' tables gives exactly.
# Usage: sh tests/examples.sh WONDERC WONDERS-EXAMPLES TILE-SOURCES...   (from the top)
set -u
C=$1
W=$2
shift 2
NAME=examples
. tests/harness.sh
EXAMPLES=docs/examples/wonders.tiles

expect_exit 0 "the examples compile" "$C" check "$@" "$EXAMPLES"
expect_exit 0 "show the examples" "$C" show --wonders "$@" "$EXAMPLES"
# every example wonder is shown with its handlers or rules in words, and has
# a position that names it
for id in $(sed -n 's/^ *wonder \([a-z_0-9]*\) .*/\1/p' "$EXAMPLES"); do
    grep -q "examples\.$id" "$T/out" || bad "show: examples.$id is not shown"
    # its effect in words: a handler ("when ...") or a rule ("the owner ...")
    "$C" show "examples.$id" "$@" "$EXAMPLES" > "$T/one" 2>&1
    if sed -n '/^  effect:/,/^  compiled:/p' "$T/one" | grep -q '^    \(when\|at\|the owner\)'; then ok
    else bad "show examples.$id: its effect is not said in words"; sed -n '/effect/,$p' "$T/one" | head -5; fi
    if grep -l "tile: examples\.$id\b" tests/positions/examples/*.yaml > /dev/null 2>&1; then ok
    else bad "examples.$id has no position in tests/positions/examples/"; fi
done
n=$(ls tests/positions/examples/*.yaml | wc -l)
expect_exit 0 "the examples' positions" "$W" check tests/positions/examples/*.yaml
expect_out "the examples' positions" "$n records: $n as expected"

# a tile set with more wonders than go beside the track: a list of them is played
# (issue 33); every wonder, or a count of them, is refused with the way out
total=$("$C" show --wonders "$@" "$EXAMPLES" | grep -c '(wonder tile')
if [ "$total" -gt 16 ]; then
    expect_exit 0 "play with a list of wonders" "$W" play --players 2 --wonders examples.kilwa
    expect_out "play with a list of wonders" "Kilwa"
    expect_exit 0 "simulate with a list of wonders" "$W" simulate --games 2 --players 2 --jobs 1 --wonders examples.kilwa,stonehenge
    expect_out "simulate with a list of wonders" "Kilwa "
    expect_exit 0 "balance with a list of wonders" "$W" balance --games 2 --players 2 --jobs 1 --wonders examples.kilwa,tikal
    expect_exit 2 "play with every wonder" "$W" play --players 2
    expect_out "play with every wonder" "the tile set has $total wonders, and at most 16 go beside the track; name them with --wonders ID,ID..."
    expect_exit 2 "simulate with every wonder" "$W" simulate --games 2 --wonders all
else
    skip "more than 16 wonders" "the examples' tile set has $total wonders, no more than the track takes"
fi
finish
