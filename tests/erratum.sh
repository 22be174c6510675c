#!/bin/sh
# erratum.sh -- an erratum to a wonder's value edits data only
# (docs/authoring.md, "An erratum").  In a scratch copy of the tree, Tikal's
# 2 points per meeple become 3 and the Alhambra's 6 per farmer at 120 tiles
# become 7; after the rebuild the unit tests still pass, `wonders check`
# fails naming exactly the two positions that state those figures, and
# `wonders check --update` is the whole fix.
# Usage: sh tests/erratum.sh   (run from the top; build/ is copied with the
# tree, so only what depends on generated/tiles.c recompiles)
set -u
NAME=erratum
. tests/harness.sh
# a make that runs this script must not hand its jobs or level to the copy's
unset MAKEFLAGS MAKELEVEL MFLAGS

C="$T/tree"
copy_tree "$C" || { bad "cannot copy the tree"; finish; exit 1; }
cp -R tests/positions "$T/before"
n=$(ls tests/positions/*.yaml | wc -l)

# The erratum.  Each substitution must hit exactly one line of the source.
erratum() { # FILE SED-EXPRESSION WHAT
    sed "$2" "$C/$1" > "$T/edited"
    changed=$(diff "$C/$1" "$T/edited" | grep -c '^>')
    if [ "$changed" = 1 ]; then ok; cp "$T/edited" "$C/$1"; else bad "$3: $changed lines changed, expected 1"; fi
}
erratum tiles/wonders-set2.tiles 's/score 2 \* count(meeples m where m.player == owner and m.feature.kind == city);/score 3 * count(meeples m where m.player == owner and m.feature.kind == city);/' "Tikal 2 -> 3"
erratum tiles/wonders-set1.tiles 's/score tiles(\.\.119: \([0-9]*\), 120\.\.: 6)$/score tiles(..119: \1, 120..: 7)/' \
    "Alhambra at 120 tiles 6 -> 7"

cd "$C" || exit 1
expect_exit 0 "wonderc check after the erratum (no fact counts a value)" build/wonderc check tiles/*.tiles
expect_exit 0 "rebuild" make build/unit-tests build/wonders
# Every unit test passes: none states a wonder's value.  (The random tiles'
# drawings, which no tile file decides, at valgrind's count: make check's
# own unit suite draws the full count.)
(cd tests && WH_TEST_DRAWINGS=200 ../build/unit-tests --quiet) > "$T/unit" 2>&1
got=$?
[ "$got" = 0 ] && ok || { bad "unit tests after the erratum: exit $got, expected 0"; grep -B2 -A3 found "$T/unit" | head -30; }

# The positions that state a changed figure fail, at their lines, with the
# figures: the rulebook's Tikal example, 4 meeples x 3 = 12 where it said
# (4x2=) 8, Red's 6 (the city) + 12 + 3 (three 1-point open cities) = 21;
# the rules page's Alhambra at 120 tiles, 2 farmers x 7 = 14 where it said 12.
expect_exit 1 "check after the erratum" build/wonders check tests/positions/*.yaml
expect_out "check: Tikal's score" "tests/positions/tikal.yaml:22:17: error: Red: expected 17 points, found $((6 + 4 * 3 + 3))"
expect_out "check: Tikal's event" "tests/positions/tikal.yaml:25:5: error: event 2: expected turn 12: wonders_set2.tikal, 8 points to Red; found turn 12: wonders_set2.tikal, $((4 * 3)) points to Red"
expect_out "check: the Alhambra's score" "tests/positions/alhambra-120-tiles.yaml:17:17: error: Red: expected 12 points, found $((2 * 7))"
expect_out "check: the Alhambra's event" "tests/positions/alhambra-120-tiles.yaml:19:5: error: event 1: expected final: wonders_set1.alhambra, 12 points to Red; found final: wonders_set1.alhambra, $((2 * 7)) points to Red"
expect_out "check: the summary" "$n records: $((n - 2)) as expected, 2 not as expected"
errors=$(grep -c ': error: ' "$T/out")
[ "$errors" = 4 ] && ok || { bad "check: $errors errors, expected 4"; grep ': error: ' "$T/out"; }
# ... and in the command tests, only the rule examples.
sh tests/wonders.sh build/wonders > "$T/wsh" 2>&1
got=$?
[ "$got" = 1 ] && ok || bad "tests/wonders.sh after the erratum: exit $got, expected 1"
others=$(grep '^FAIL: ' "$T/wsh" | grep -v '^FAIL: rule examples' | head -5)
[ -z "$others" ] && ok || bad "tests/wonders.sh fails beyond the rule examples: $others"

# The whole fix: --update rewrites the two expect blocks, and only them.
expect_exit 0 "check --update" build/wonders check --update tests/positions/*.yaml
expect_exit 0 "check after --update" build/wonders check tests/positions/*.yaml
expect_out "check after --update" "$n records: $n as expected"
diff -r "$T/before" tests/positions > "$T/diff"
files=$(grep -c '^diff ' "$T/diff")
[ "$files" = 2 ] && ok || bad "--update changed $files files, expected 2"
# the lines --update wrote: each a score or an event of the changed wonder
grep '^> ' "$T/diff" > "$T/new"
expect_lines() { # NAME COUNT
    [ "$(grep -c '' "$T/new")" = "$2" ] && ok || { bad "$1: $(grep -c '' "$T/new") lines rewritten, expected $2"; cat "$T/diff"; }
}
expect_lines "--update" 4
grep -qF "  scores: {Red: $((6 + 4 * 3 + 3)), Blue: 0}" "$T/new" && ok || bad "--update: no new Tikal score"
grep -qF "reason: wonders_set2.tikal, points: $((4 * 3)), to: [Red]}" "$T/new" && ok || bad "--update: no new Tikal event"
grep -qF "  scores: {Red: $((2 * 7)), Blue: 0}" "$T/new" && ok || bad "--update: no new Alhambra score"
grep -qF "reason: wonders_set1.alhambra, points: $((2 * 7)), to: [Red]}" "$T/new" && ok || bad "--update: no new Alhambra event"
# tests/wonders.sh is not run again: before --update it failed only at the
# rule examples, and `wonders check` now passes them all -- which is all
# --update changed.
cd - > /dev/null || exit 1
finish
