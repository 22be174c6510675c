#!/bin/sh
# fault.sh -- out of memory and out of disk, at every point of a representative run.
# Usage: sh tests/fault.sh PATH/TO/wonderc-fault PATH/TO/wonders-fault   (from the top)
#
# The -fault builds link tests/fault/shim.c: WH_FAULT_ALLOC=N fails their
# N-th allocation, WH_FAULT_IO=N their N-th output call (write, fsync,
# rename, mkstemp, fflush, fclose).  Each scenario runs once to count its
# points and to keep what a good run produces; then it runs again once per
# point, that point failing.  Each time it must end with
#   - exit 0, 1 or 2: no crash, no abort, no sanitizer report (UBSan stops the run);
#   - exit 0 only with the very outputs of the good run;
#   - otherwise a message on stderr, and every output file as it was before
#     the run: byte for byte, nothing half written, no temporary left beside it.
# Ends with "fault commands: N passed, N failed" and the number of points tried.
set -u
WC=$1
WO=$2
case $WC in /*) ;; *) WC=$(pwd)/$WC ;; esac
case $WO in /*) ;; *) WO=$(pwd)/$WO ;; esac
TOP=$(pwd)
NAME=fault
. tests/harness.sh
tried=0

# The folder a scenario runs in, as it is before each run: $T/seed.
prepare() {
    rm -rf "$T/run"
    cp -r "$T/seed" "$T/run"
}

# scenario LABEL COMMAND...: run in $T/run, prepared from $T/seed
scenario() {
    label=$1
    shift
    prepare
    (cd "$T/run" && WH_FAULT_REPORT="$T/report" "$@" > "$T/good.out" 2> "$T/good.err")
    if [ $? != 0 ]; then
        bad "$label: the run without faults failed"
        cat "$T/good.err"
        return
    fi
    rm -rf "$T/good"
    cp -r "$T/run" "$T/good"
    allocs=$(sed -n 's/^allocations //p' "$T/report")
    outputs=$(sed -n 's/^outputs //p' "$T/report")
    for kind in ALLOC IO; do
        [ $kind = ALLOC ] && last=$allocs || last=$outputs
        n=1
        while [ "$n" -le "$last" ]; do
            prepare
            (cd "$T/run" && env WH_FAULT_$kind=$n "$@" > "$T/out" 2> "$T/err")
            got=$?
            tried=$((tried + 1))
            what="$label, $kind point $n of $last"
            if [ "$got" -gt 2 ]; then
                bad "$what: exit $got"
                tail -3 "$T/err"
            elif grep -q "runtime error" "$T/err"; then
                bad "$what: a sanitizer report"
                grep "runtime error" "$T/err" | head -2
            elif [ "$got" = 0 ]; then
                if diff -r "$T/good" "$T/run" > /dev/null && cmp -s "$T/good.out" "$T/out"; then ok; else
                    bad "$what: exit 0, but the outputs differ from a good run"; fi
            elif ! grep -q . "$T/err"; then
                bad "$what: exit $got without a message"
            elif ! diff -r "$T/seed" "$T/run" > "$T/diff"; then
                bad "$what: exit $got, and an output changed or a file was left:"
                head -3 "$T/diff"
            else
                ok
            fi
            n=$((n + 1))
        done
    done
    echo "fault: $label: $allocs allocations and $outputs output calls, each failed once"
}

# wonderc: compile the tile set, and write its record, over stale outputs
mkdir -p "$T/seed/out"
cp -r tiles "$T/seed/"
echo "stale" > "$T/seed/out/tiles.c"
cp generated/tiles.h "$T/seed/out/tiles.h"
echo "stale" > "$T/seed/out/tiles.yaml"
TILES=$(echo tiles/*.tiles)   # every tile source, as make compiles them (the same names in $T/run)
scenario "wonderc compile" "$WC" compile -o out $TILES
scenario "wonderc dump" "$WC" dump -o out/tiles.yaml $TILES
mkdir -p "$T/seed/out/gallery"
echo "stale" > "$T/seed/out/gallery/index.html"
scenario "wonderc gallery" "$WC" gallery -o out/gallery $(ls tiles/*.tiles | grep -v tileset | tail -1)

# wonders: play and record a game over an old record, score it, simulate and
# merge, weigh wonders and report on them over an old report, rewrite a
# position's expectations.  One thread (--jobs 1), so that the N-th
# allocation or write is the same one from run to run.
rm -rf "$T/seed"
mkdir -p "$T/seed"
echo "an old record" > "$T/seed/game.yaml"
mkdir -p "$T/seed/report"
echo "an old report" > "$T/seed/report/index.html"
"$WO" balance --games 3 --players 2 --seats random,random --wonders alhambra --jobs 1 --format yaml \
    > "$T/seed/bal.yaml"
"$WO" play --quiet --players 2 --seats random,random --seed 9 --record "$T/seed/scored.yaml" > /dev/null
"$WO" simulate --games 3 --players 2 --format yaml > "$T/seed/part.yaml"
sed '/^expect:/,$d' "$TOP/tests/positions/tikal.yaml" > "$T/seed/position.yaml"
scenario "wonders play --record" "$WO" play --quiet --players 2 --seats random,random --seed 4 --record game.yaml
scenario "wonders score" "$WO" score scored.yaml --format json
scenario "wonders simulate" "$WO" simulate --games 2 --players 2 --jobs 1 --format yaml
scenario "wonders simulate --merge" "$WO" simulate --merge part.yaml part.yaml --format yaml
scenario "wonders balance --report" "$WO" balance --games 2 --players 2 --seats random,random --wonders alhambra,tikal \
    --jobs 1 --report report
scenario "wonders balance --merge" "$WO" balance --merge bal.yaml --format yaml
scenario "wonders check --update" "$WO" check --update position.yaml

echo "fault: $tried runs, one failing point each"
finish
