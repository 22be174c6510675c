#!/bin/sh
# fault.sh -- out of memory and out of disk, at every point of a representative run.
# Usage: sh tests/fault.sh wonderc PATH/TO/wonderc-fault   (from the top)
#        sh tests/fault.sh wonders PATH/TO/wonders-fault
# The two halves are independent, so that make check runs them side by side.
#
# The -fault builds link tests/fault/shim.c: WH_FAULT_ALLOC=N fails their
# N-th allocation, WH_FAULT_IO=N their N-th output call (write, fsync,
# rename, mkstemp, fflush, fclose).  tests/fault/walk.c, linked beside it,
# walks a scenario in one process: it runs the command once to count its
# points and to keep what a good run produces, then forks it once per point,
# that point failing.  Each time it must end with
#   - exit 0, 1 or 2: no crash, no abort, no sanitizer report (UBSan stops the run);
#   - exit 0 only with the very outputs of the good run;
#   - otherwise a message on stderr, and every output file as it was before
#     the run: byte for byte, nothing half written, no temporary left beside it.
# Ends with "fault commands: N passed, N failed" and the number of points tried.
set -u
PART=$1
BIN=$2
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
TOP=$(pwd)
NAME=fault-$PART
. tests/harness.sh
tried=0

# scenario LABEL COMMAND...: the fault walk of tests/fault/walk.c, in
# $T/LABEL/, the command run in a copy of $T/seed each time
scenario() {
    label=$1
    shift
    d="$T/walk-$(echo "$label" | tr -c 'A-Za-z0-9\n' '-')"
    rm -rf "$d"
    mkdir -p "$d"
    cp -r "$T/seed" "$d/seed"
    WH_FAULT_WALK="$label" WH_FAULT_DIR="$d" "$@" > "$d/walk.log" 2>&1
    got=$?
    grep -v '^fault walk: ' "$d/walk.log"
    counts=$(sed -n 's/^fault walk: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$d/walk.log")
    if [ "$got" != 0 ] && [ "$got" != 1 ] || [ -z "$counts" ]; then
        bad "$label: the walk itself ended with exit $got"
        return
    fi
    set -- $counts
    pass=$((pass + $1))
    fail=$((fail + $2))
    tried=$((tried + $1 + $2))
}

case $PART in
wonderc)
    # wonderc: compile the tile set, and write its record, over stale outputs
    mkdir -p "$T/seed/out"
    cp -r tiles "$T/seed/"
    echo "stale" > "$T/seed/out/tiles.c"
    cp generated/tiles.h "$T/seed/out/tiles.h"
    echo "stale" > "$T/seed/out/tiles.yaml"
    # a set that reaches every kind of table row (land tiles, the River, goods
    # and marks, wonders with effects and rule hooks) without every tile: the
    # walk fails each allocation and output call in turn, so its cost grows
    # with the square of the input (the same names in $T/run)
    TILES="tiles/river.tiles tiles/traders-builders.tiles tiles/wonders-set2.tiles"
    scenario "wonderc compile" "$BIN" compile -o out $TILES
    scenario "wonderc dump" "$BIN" dump -o out/tiles.yaml $TILES
    mkdir -p "$T/seed/out/gallery"
    echo "stale" > "$T/seed/out/gallery/index.html"
    scenario "wonderc gallery" "$BIN" gallery -o out/gallery $(ls tiles/*.tiles | grep -v tileset | tail -1)
    # into folders that are not there yet: made on success, gone on failure
    scenario "wonderc gallery -o (new folders)" "$BIN" gallery -o out/new/gallery $(ls tiles/*.tiles | grep -v tileset | tail -1)
    ;;
wonders)
    # wonders: play and record a game over an old record, score it, simulate and
    # merge, weigh wonders and report on them over an old report, rewrite a
    # position's expectations, write its replay viewer over an old page.  One thread (--jobs 1), so that the N-th
    # allocation or write is the same one from run to run.
    rm -rf "$T/seed"
    mkdir -p "$T/seed"
    echo "an old record" > "$T/seed/game.yaml"
    mkdir -p "$T/seed/report"
    echo "an old report" > "$T/seed/report/index.html"
    "$BIN" balance --games 3 --players 2 --seats random,random --wonders alhambra --jobs 1 --format yaml \
    > "$T/seed/bal.yaml"
    "$BIN" play --quiet --players 2 --seats random,random --seed 9 --record "$T/seed/scored.yaml" > /dev/null
    "$BIN" simulate --games 3 --players 2 --format yaml > "$T/seed/part.yaml"
    sed '/^expect:/,$d' "$TOP/tests/positions/tikal.yaml" > "$T/seed/position.yaml"
    # both boxes and their rules: builders, pigs, goods, the dragon's steps,
    # the fairy on tiles (fairy_on_tile; `play, both boxes` below moves it
    # beside followers)
    "$BIN" play --quiet --players 2 --seats random,random --seed 9 --packs base,traders_builders,princess_dragon \
        --rules traders_builders,princess_dragon,fairy_on_tile --record "$T/seed/boxes.yaml" > /dev/null
    scenario "wonders play --record" "$BIN" play --quiet --players 2 --seats random,random --seed 4 --record game.yaml
    scenario "wonders score" "$BIN" score scored.yaml --format json
    scenario "wonders simulate" "$BIN" simulate --games 2 --players 2 --jobs 1 --format yaml
    scenario "wonders simulate --merge" "$BIN" simulate --merge part.yaml part.yaml --format yaml
    scenario "wonders balance --report" "$BIN" balance --games 2 --players 2 --seats random,random --wonders alhambra,tikal \
    --jobs 1 --report report
    scenario "wonders balance --report (new folders)" "$BIN" balance --games 2 --players 2 --seats random,random \
        --wonders alhambra --jobs 1 --report new/report
    scenario "wonders balance --merge" "$BIN" balance --merge bal.yaml --format yaml
    scenario "wonders check --update" "$BIN" check --update position.yaml
    mkdir -p "$T/seed/replay"
    echo "an old page" > "$T/seed/replay/index.html"
    scenario "wonders board --format html" "$BIN" board position.yaml --format html -o replay
    scenario "wonders board --format html (new folders)" "$BIN" board position.yaml --format html -o new/replay
    scenario "wonders play, both boxes" "$BIN" play --quiet --players 2 --seats random,random --seed 4 \
        --packs base,traders_builders,princess_dragon,wonders_set1 --rules traders_builders,princess_dragon --record game.yaml
    scenario "wonders score, both boxes" "$BIN" score boxes.yaml --format json
    # The Tower: floors, captures, closings and ransoms, played, recorded and replayed
    "$BIN" play --quiet --players 2 --seats random,random --seed 4 --packs base,tower --rules tower \
        --record "$T/seed/tower.yaml" > /dev/null
    scenario "wonders play, the tower" "$BIN" play --quiet --players 2 --seats random,random --seed 4 \
        --packs base,tower --rules tower --record game.yaml
    scenario "wonders score, the tower" "$BIN" score tower.yaml --format json
    ;;
*)
    echo "usage: sh tests/fault.sh wonderc|wonders PATH/TO/BINARY" >&2
    exit 2
    ;;
esac

echo "fault: $tried runs, one failing point each"
finish
