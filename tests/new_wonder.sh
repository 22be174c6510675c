#!/bin/sh
# new_wonder.sh -- adding wonders needs nothing outside tiles/.
# In a copy of the tree, throwaway packs with three new wonders go into
# tiles/, in a file that sorts before every other and one that sorts after
# (so the tables' order changes, not only their end).  The tileset block's
# totals must then fail, and only they; once restated (as an author would,
# from the messages), every suite that reads the tile data must stay green
# -- the unit tests, the commands of wonderc and wonders with the
# rulebook's positions, the golden messages of wonders (which name the
# wonders), the pictures, the staleness of generated/ -- the tables and the
# gallery must hold each wonder, and a game must play each and all of them.
# The suites that do not read the data (fault walks, install, valgrind's
# second run of the unit tests) are not repeated.  The copy takes the built
# objects along (make check builds them first), so it recompiles only what
# the new tables change, and only in the plain build.
# Usage: sh tests/new_wonder.sh   (from the top, after make NEW_WONDER_BINS)
set -u
NAME=new-wonder
. tests/harness.sh

copy_tree "$T"
# throwaway ID NAME: a wonder no box holds, five squares in a row, a city at one end
throwaway() {
    cat <<EOF
    wonder $1 "$2" {
        square a (0, 0) { N city; W field; S field; }
        square b (1, 0) { N field; S field; }
        square c (2, 0) { N field; S field; }
        square d (3, 0) { N field; S field; }
        square e (4, 0) { N field; E field; S field; }

        area plinth { on c; }
        city top { sides a:N; }
        field around { sides a:W, a:S, b:N, b:S, c:N, c:S, d:N, d:S, e:N, e:E, e:S;
                       crosses a:E, b:E, c:E, d:E; touches top, plinth; }

        effect {
            on scored(city c) if c.has(owner) {
                score count(meeples m where m.player == owner and m.feature.kind == city);
            }
        }
        expect squares = 5;
    }
EOF
}
# (Display names no author's wonder has: an author may have followed
# docs/authoring.md to the letter, its Obelisk in tiles/my-wonders.tiles.)
# Two files, one sorting before every file of tiles/ and one after: the
# tables' order of the wonders (and so of everything after them) changes,
# and several wonders come at once.
{ echo '# Wonders no box holds, sorting first (tests/new_wonder.sh).'
  echo 'pack aa_throwaway "Wonders added first by tests/new_wonder.sh" {'
  throwaway obelisk "Obelisk of new_wonder.sh"; throwaway stele "Stele of new_wonder.sh"
  echo '}'; } > "$T/tiles/a-throwaway.tiles"
{ echo '# A wonder no box holds, sorting last (tests/new_wonder.sh).'
  echo 'pack zz_throwaway "A wonder added last by tests/new_wonder.sh" {'
  throwaway colonnade "Colonnade of new_wonder.sh"
  echo '}'; } > "$T/tiles/zz-throwaway.tiles"
ADDED="aa_throwaway.obelisk aa_throwaway.stele zz_throwaway.colonnade"

cd "$T" || exit 1
# The copy's own make, not the jobserver of the make that runs this script.
unset MAKEFLAGS MAKELEVEL MFLAGS
jobs=$(nproc 2>/dev/null || echo 2)
expect_exit 0 "build wonderc" make -j"$jobs" --no-print-directory build/wonderc

# The tileset block counts the wonders: the new one is a located error there,
# and nowhere else, until the author restates the set's totals.
expect_exit 1 "the set's facts see the new wonder" build/wonderc check tiles/*.tiles
expect_out "the set's facts see the new wonder" "error: fact does not hold: 'wonders' is"
grep "error:" "$T/out" | grep -v "^tiles/tileset.tiles:" && bad "adding a wonder broke more than the set's facts" || ok
grep "fact does not hold" "$T/out" | sed -n "s/^tiles\/tileset.tiles:\([0-9]*\):.* is \([0-9-]*\), expected \([0-9-]*\)$/\1 \2 \3/p" \
    > "$T/facts"
while read -r line now was; do
    sed -i "${line}s/= $was;/= $now;/" tiles/tileset.tiles
done < "$T/facts"
expect_exit 0 "the set's facts restated" build/wonderc check tiles/*.tiles

expect_exit 0 "build with the new wonder" make -j"$jobs" --no-print-directory build/wonderc build/wonders
for id in $ADDED; do
    macro=WH_TILE_$(echo "$id" | tr 'a-z.' 'A-Z_')
    grep -q "$macro" generated/tiles.h && ok || bad "make did not recompile generated/ with $id"
    grep -q "<figure class=\"tile\" id=\"$id\"" docs/gallery/index.html && ok \
        || bad "make did not draw $id into docs/gallery/"
    expect_exit 0 "play $id" build/wonders play --quiet --players 2 --wonders "$id" --seed 5
done
expect_exit 0 "play the new wonders together" build/wonders play --quiet --players 3 \
    --wonders "$(echo $ADDED | tr ' ' ',')" --seed 5
expect_exit 0 "show every wonder" build/wonderc show --wonders
for id in $ADDED; do expect_out "show every wonder" "$id  \""; done

# The suites that read the data, in the copy, each with its own verdict.  The
# copy has no git history, so generated.sh compares with a fresh compile only.
# The plain builds: what the suites judge here is the data, and the sanitizers
# have had these programs in the suites of make check itself; a second
# sanitized build of the tree would cost more than all the rest of this suite.
expect_exit 0 "build the test programs" make -j"$jobs" --no-print-directory build/unit-tests
# (The random tiles' drawings, which no tile file decides, at valgrind's
# count: make check's own unit suite draws the full count.)
for suite in "unit-tests env WH_TEST_DRAWINGS=200 build/unit-tests" "commands sh tests/commands.sh build/wonderc" \
             "wonders sh tests/wonders.sh build/wonders" "wonders-usage sh tests/wonders_usage.sh build/wonders" \
             "gallery sh tests/gallery.sh build/wonderc build/wonders" \
             "generated env WH_GENERATED_NO_COMMIT=1 sh tests/generated.sh build/wonderc $(echo tiles/*.tiles)"; do
    label=${suite%% *}
    set -- ${suite#* }
    "$@" > "$T/$label.log" 2>&1
    got=$?
    if [ "$got" = 0 ]; then ok; else
        bad "$label with a new wonder in tiles/ (exit $got):"
        grep -E "^FAIL|^SKIP|error:|stale|differs" "$T/$label.log" | head -20
        tail -5 "$T/$label.log"
    fi
done

cd - > /dev/null || exit 1
finish
