#!/bin/sh
# examples.sh -- the example wonders of docs/examples/wonders.tiles
# (issues 22 and 33): they compile with the default set, `wonderc show` says each
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
# counters by their names (Kilwa's `done`), in show and in dump
expect_exit 0 "show a counter" "$C" show examples.kilwa "$@" "$EXAMPLES"
expect_out "show a counter" "    done starts at 0"
expect_out "show a counter" "add done 1;"
expect_exit 0 "dump a counter" "$C" dump -o "$T/examples.yaml" "$@" "$EXAMPLES"
sed -n '/^examples.kilwa:/,/^[a-z]/p' "$T/examples.yaml" > "$T/kilwa.yaml"
grep -q 'counters: {done: 0}' "$T/kilwa.yaml" && grep -q 'add done 1;' "$T/kilwa.yaml" && ok || bad "dump: Kilwa's counter is not named"
# a forbid rule's refusal, at its line: the Forbidden City's position with
# a monk of Blue's on the tile beside the wonder
sed 's/^\(  - {player: 1, tile: base.B, at: \[3, 3\], rotation: 0\)}/\1, meeples: [m]}/' \
    tests/positions/examples/forbidden-city.yaml > "$T/forbidden.yaml"
expect_exit 1 "a forbidden figure in a record" "$W" check "$T/forbidden.yaml"
line=$(grep -n 'at: \[3, 3\]' "$T/forbidden.yaml" | cut -d: -f1)
grep -q "forbidden.yaml:$line:[0-9]*: error: turn 6: a meeple cannot go on 'm': a wonder's rule forbids that figure there" \
    "$T/out" && ok || { bad "the forbidden figure is not refused at its line $line"; cat "$T/out"; }
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
