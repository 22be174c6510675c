#!/bin/sh
# generated.sh -- is generated/ (and docs/gallery/) what tiles/ compiles to?
# Usage: sh tests/generated.sh PATH/TO/wonderc FILE.tiles...   (from the top)
#
# Two questions, each with its own answer to the author:
#  1. The working tree: generated/ and docs/gallery/ equal a fresh compile of
#     tiles/.  make keeps them so on every build; this catches a hand edit.
#  2. The last commit: when tiles/, compiler/ and grammar/ are as committed,
#     generated/ and docs/gallery/ must be too.  Otherwise the build has just
#     rewritten them -- the commit left them stale -- and they need
#     committing.  (On a clean clone this is what fails for a stale commit.)
set -u
WONDERC=$1
shift
B=build
checks=0
failures=0

rm -rf "$B/regen-check" "$B/gallery-check"
mkdir -p "$B/regen-check" "$B/gallery-check"
"$WONDERC" compile -o "$B/regen-check" "$@" || exit 1
"$WONDERC" dump -o "$B/regen-check/tiles.yaml" "$@" || exit 1
if ! diff -r -x '.*' generated "$B/regen-check" > "$B/regen-check.diff"; then
    echo "generated/ differs from a fresh compile of tiles/: run 'make regen'"
    head -40 "$B/regen-check.diff"
    failures=$((failures + 1))
fi
checks=$((checks + 1))
"$WONDERC" gallery -o "$B/gallery-check" "$@" || exit 1
if ! diff -r -x '.*' docs/gallery "$B/gallery-check" > "$B/gallery-check.diff"; then
    echo "docs/gallery/ differs from a fresh drawing of tiles/: run 'make regen'"
    head -20 "$B/gallery-check.diff"
    failures=$((failures + 1))
fi
checks=$((checks + 1))

# WH_GENERATED_NO_COMMIT=1: a copy of the tree without its history
# (tests/new_wonder.sh), where the second question has no answer to give.
if [ -n "${WH_GENERATED_NO_COMMIT:-}" ]; then
    :
elif ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    echo "SKIP: generated/ against the last commit: not a git checkout"
elif [ -n "$(git status --porcelain -- tiles compiler grammar)" ]; then
    echo "SKIP: generated/ against the last commit: tiles/, compiler/ or grammar/ have uncommitted edits"
else
    changed=$(git status --porcelain -- generated docs/gallery)
    if [ -n "$changed" ]; then
        echo "generated/ or docs/gallery/ in the last commit are stale against its tiles/;"
        echo "the build has rewritten them -- review and commit these:"
        echo "$changed" | head -20
        failures=$((failures + 1))
    fi
    checks=$((checks + 1))
fi

[ "$failures" = 0 ] && echo "generated/ and docs/gallery/ are up to date"
echo "generated: $((checks - failures)) passed, $failures failed"
[ "$failures" = 0 ]
