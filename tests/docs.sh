#!/bin/sh
# docs.sh -- the numbers the docs state that the tile set or the API's
# version decides, checked against what the tools say now, so that adding a
# tile or a pack, or bumping the version, fails here until the docs follow.
# (Benchmark figures are not checked: `make bench` rewrites them in
# docs/performance.md.)  A sentence checked here that is reworded fails as
# "not found": change this script with it.
# Usage: sh tests/docs.sh PATH/TO/wonderc   (run from the top)
set -u
WC=$1
case $WC in /*) ;; *) WC=$PWD/$WC ;; esac   # it runs in scratch folders too
NAME=docs
. tests/harness.sh

# in_doc NAME FILE TEXT: FILE states TEXT (fixed string)
in_doc() {
    if grep -qF -- "$3" "$2"; then ok; else bad "$1: $2 does not say '$3'"; fi
}

# ---- the tile set, as `wonderc check -v` summarises it --------------------
expect_exit 0 "wonderc check -v" "$WC" check -v tiles/*.tiles
cp "$T/out" "$T/summary"
pack() { # ID: its tiles
    awk -v id="$1" '$1 == id { print $2 }' "$T/summary"
}
total=$(sed -n 's/^\([0-9]*\) tiles in [0-9]* kinds, [0-9]* packs: .*/\1/p' "$T/summary")
kinds=$(sed -n 's/^[0-9]* tiles in \([0-9]*\) kinds, [0-9]* packs: .*/\1/p' "$T/summary")
packs=$(sed -n 's/^[0-9]* tiles in [0-9]* kinds, \([0-9]*\) packs: .*/\1/p' "$T/summary")
wonders=$(awk '/\(wonders\)/ { n += $2 } END { print n + 0 }' "$T/summary")
base=$(pack base); inns=$(pack inns_cathedrals); river=$(pack river)
for v in total kinds packs base inns river; do
    eval "x=\$$v"
    [ -n "$x" ] && ok || bad "wonderc check -v: no figure for $v"
done

# The tile set's own totals are stated in tiles/tileset.tiles alone (an
# author's pack changes them there): no doc restates them.
for doc in README.md docs/*.md tests/positions/*/README; do
    grep -qE "$total tiles in $kinds kinds|$packs packs, $wonders wonders" "$doc" \
        && bad "$doc restates the tile set's totals ($total tiles, $kinds kinds, $packs packs, $wonders wonders)" || ok
done
in_doc "play's default pile" README.md "every wonder in tiles/, $((base + inns)) land tiles"
in_doc "the River's size" docs/rules.md "The River's $river tiles"
in_doc "the base game's size" docs/rules.md "keeps its $base tiles"
in_doc "a game with the River" docs/rules.md "($((river + base + inns)) land tiles)"
in_doc "120 tiles or more" docs/rules.md "($((river + 2 * base + inns)) land tiles, which pay the"

# ---- messages the docs quote, reproduced --------------------------------
# README's `make demo`: quiet by default -- under 100 lines once built (the
# build itself runs with -s), no expression tree (issue 35)
unset MAKEFLAGS MAKELEVEL MFLAGS
make --no-print-directory demo-show > "$T/demo" 2>&1
status=$?
lines=$(wc -l < "$T/demo")
[ "$status" = 0 ] && [ "$lines" -lt 100 ] && ok || bad "make demo-show: exit $status, $lines lines (under 100 wanted)"
grep -q " arg 0 " "$T/demo" && bad "make demo prints an expression tree" || ok

# docs/authoring.md: adding its example wonder fails only the tile set's
# totals, with exactly the lines it shows.
mkdir "$T/new" "$T/new/tiles"
cp tiles/*.tiles "$T/new/tiles/"
# (under a pack id, wonder id and name of its own: tiles/ may hold the
# example already, an author having followed the doc to the letter)
awk '/^```$/ && grab { exit } /^# my-wonders.tiles/ { grab = 1 } grab { print }' docs/authoring.md \
    | sed -e 's/^pack my_wonders "My wonders"/pack docs_sh_example "The example of docs\/authoring.md"/' \
          -e 's/wonder obelisk "Obelisk"/wonder docs_sh_obelisk "Obelisk of docs.sh"/' > "$T/new/tiles/zz-docs-sh-example.tiles"
grep -q '^pack docs_sh_example' "$T/new/tiles/zz-docs-sh-example.tiles" \
    && grep -q 'wonder docs_sh_obelisk' "$T/new/tiles/zz-docs-sh-example.tiles" && ok \
    || bad "docs/authoring.md: no my-wonders.tiles example (pack my_wonders, wonder obelisk \"Obelisk\")"
(cd "$T/new" && "$WC" check tiles/*.tiles > out 2>&1; echo $? > rc)
[ "$(cat "$T/new/rc")" = 1 ] && ok || bad "the authoring example: exit $(cat "$T/new/rc"), expected 1"
grep ': error: ' "$T/new/out" > "$T/found"
awk '/^```$/ && grab { exit } grab { print } /The first run after adding a wonder/ { want = 1 } want && /^```$/ { grab = 1 }' \
    docs/authoring.md > "$T/shown"
[ -s "$T/shown" ] && ok || bad "docs/authoring.md: no first-run output shown"
# The figures are the set's and the lines tileset.tiles's: whatever packs
# tiles/ holds, each fact is one more than it says, in the order shown.
one_more() { # FILE: its fact lines, each checked to be expected + 1, with the figures and places left out
    awk '{
        if (match($0, /is [0-9]+, expected [0-9]+$/)) {
            split(substr($0, RSTART), f, /[ ,]+/)
            if (f[2] != f[4] + 1) print "NOT ONE MORE: " $0
        }
        sub(/^tiles\/tileset.tiles:[0-9]+:[0-9]+:/, "tiles/tileset.tiles:LINE:COL:")
        sub(/is [0-9]+, expected [0-9]+$/, "is N + 1, expected N")
        print
    }' "$1"
}
one_more "$T/found" > "$T/found.n"; one_more "$T/shown" > "$T/shown.n"
cmp -s "$T/found.n" "$T/shown.n" && ok || { bad "docs/authoring.md: the first run's errors differ (-shown +found)"; diff "$T/shown" "$T/found"; }

# README: a wonder with a square missing, as its example message says.
mkdir "$T/short" "$T/short/tiles"
cp tiles/*.tiles "$T/short/tiles/"
awk '/wonder stonehenge / { in_w = 1 } in_w && /^ *square / && ++n == 5 { in_w = 0; next } { print }' \
    tiles/wonders-set1.tiles > "$T/short/tiles/wonders-set1.tiles"
(cd "$T/short" && "$WC" check tiles/*.tiles 2>&1 | head -3) > "$T/found"
awk '/^```$/ && grab { exit } grab { print } /^A message looks like gcc/ { want = 1 } want && /^```$/ { grab = 1 }' \
    README.md > "$T/shown"
[ -s "$T/shown" ] && ok || bad "README.md: no example message"
cmp -s "$T/found" "$T/shown" && ok || { bad "README.md: the example message differs (-shown +found)"; diff "$T/shown" "$T/found"; }

# ---- the boxes stay apart (runtime/box.h, docs/code.md "How to add a box") --
# A box is a file or a folder of runtime/; the ground floor (board.c,
# features.c, figures.c) names no function of a box or of the effects, and
# no box includes another's header or calls another's functions: what they
# share goes through the interface (box.h).
boxes="river abbot inns traders princess_dragon tower effects"  # docs/code.md, "How to add a box"
box_files() { # BOX: its source files
    case $1 in
    princess_dragon) ls runtime/princess_dragon/*.c runtime/princess_dragon/*.h ;;
    effects) echo runtime/effects.c runtime/effect_eval.c runtime/effect_eval.h ;;
    *) echo "runtime/$1.c" ;;
    esac
}
defined() { # FILES...: the wh_ functions they define for other files, and their box tables
    sed -n 's/^[a-z_][a-z0-9_ ]*[ *]\(wh_[a-z0-9_]*\)(.*/\1/p; s/^const wh_box_t \(wh_box_[a-z_]*\) = .*/\1/p' "$@" |
        grep -v '^wh_game_' | sort -u
}
for b in $boxes; do
    files=$(box_files "$b")
    for f in $files; do [ -f "$f" ] && ok || bad "box $b: no $f"; done
    defined $files > "$T/names.$b"
    [ -s "$T/names.$b" ] && ok || bad "box $b defines no function: the check finds nothing to look for"
    for ground in runtime/board.c runtime/features.c runtime/figures.c; do
        found=$(grep -owFf "$T/names.$b" "$ground" | sort -u | tr '\n' ' ')
        [ -z "$found" ] && ok || bad "$ground names box $b's $found(call it through box.h)"
    done
done
for b in $boxes; do
    for other in $boxes; do
        [ "$b" = "$other" ] && continue
        files=$(box_files "$b")
        found=$(grep -owFf "$T/names.$other" $files | sed 's/^[^:]*://' | sort -u | tr '\n' ' ')
        [ -z "$found" ] && ok || bad "box $b calls box $other's $found(share it through box.h)"
        for h in $(box_files "$other" | tr ' ' '\n' | grep '\.h$'); do
            if grep -qE "#include \"(\.\./)*(princess_dragon/)?$(basename "$h")\"" $files; then
                bad "box $b includes box $other's $(basename "$h")"
            else ok; fi
        done
    done
done

# ---- mutation testing: the figures docs/testing.md states ----------------
# the regression mutants, the areas and the default sample, as the list,
# tests/mutants/areas and run.py have them
listed=$(grep -cv '^#\|^$' tests/mutants/list)
first=$(sed -n 's/.*hand -- the \([0-9]*\) of the first sessions, the \([a-z]*\) slips.*/\1 \2/p' docs/testing.md)
later=$(sed -n 's/.*and the \([0-9]*\) survivors of its first sampled run.*/\1/p' docs/testing.md)
set -- $first
case ${2:-} in five) slips=5 ;; *) slips=x ;; esac
[ -n "${1:-}" ] && [ "$(( ${1:-0} + ${slips#x} + ${later:-x} ))" = "$listed" ] 2>/dev/null && ok \
    || bad "docs/testing.md: the regression mutants it counts ($first) are not the $listed of tests/mutants/list"
areas=$(grep -v '^#\|^exclude\|^$' tests/mutants/areas | awk '{ print $1 }')
n_areas=$(echo "$areas" | grep -c .)
in_doc "mutant areas" docs/testing.md "the $n_areas areas"
for a in $areas; do in_doc "mutant area $a" docs/testing.md "\`$a\`"; done
default=$(sed -n "s/.*os.environ.get('MUTANTS', '\([0-9]*\)').*/\1/p" tests/mutants/run.py)
in_doc "the default sample" docs/testing.md "(\`MUTANTS=N\`, default $default, spread evenly"
in_doc "the default sample" Makefile "MUTANTS=N (default $default,"

# ---- the shared library's name carries the API's major version ----------
major=$(sed -n 's/^#define WH_VERSION_MAJOR \([0-9]*\)$/\1/p' runtime/wonders.h)
[ -n "$major" ] && ok || bad "runtime/wonders.h: no WH_VERSION_MAJOR"
grep -ohE 'libwonders\.so\.[0-9]+' README.md docs/*.md docs/man/* | sort -u > "$T/sonames"
[ -s "$T/sonames" ] && ok || bad "the docs name no libwonders.so.N"
while read -r so; do
    [ "$so" = "libwonders.so.$major" ] && ok || bad "the docs name $so; the soname is libwonders.so.$major"
done < "$T/sonames"

finish
