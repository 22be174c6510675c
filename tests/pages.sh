#!/bin/sh
# pages.sh -- the pages people use in a browser, in headless Chromium: the
# replay viewer (`wonders board --format html`) and the playground
# (docs/playground/).  Each page gets a probe script appended to a copy of
# it (tests/viewer_probe.js, tests/playground_probe.js) that acts as a
# reader would -- keys, buttons, typing -- and writes what the page showed
# into the DOM, read back with --dump-dom; every line is compared exactly.
# Usage: sh tests/pages.sh PATH/TO/wonders   (from the top)
# Ends with "N passed, N failed"; exits non-zero when any failed.
set -u
W=$1
NAME=pages
. tests/harness.sh

if ! command -v chromium > /dev/null; then
    skip "the pages in a browser" "chromium is not installed (.ci/deps.sh)"
    finish
    exit
fi

# probe PAGE SCRIPT WIDTH: the probe's lines, as Chromium at WIDTH pixels wide found them, into $T/probe.
# Virtual time runs on while the WebAssembly compiles in real time: on a
# loaded machine the budget can end before the probe has written a line, and
# the page dumped holds no probe at all.  Such a run (no line, not a wrong
# one) is tried once more with six times the budget.
probe() {
    sed "s|</body>|<script src=\"file://$(pwd)/$2\"></script></body>|" "$1" > "$1.probe.html"
    for budget in 10000 60000; do
        timeout 180 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
            --window-size="$3",1000 --virtual-time-budget=$budget --allow-file-access-from-files \
            --dump-dom "file://$1.probe.html" 2> "$T/chromium.log" \
            | sed -n '/<pre id="probe"/,/<\/pre>/p' | sed 's/^.*<pre id="probe"[^>]*>//; s/<\/pre>.*//' \
            | sed 's/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g' > "$T/probe"
        [ -s "$T/probe" ] && return
        echo "note: chromium wrote no probe of $1 at $3 px with a virtual time budget of $budget ms"
    done
    echo "chromium said:"; tail -5 "$T/chromium.log"
}
# has WHAT LINE: the probe wrote exactly LINE
has() {
    if grep -qxF -- "$2" "$T/probe"; then ok; else bad "$1: the page lacks '$2'"; cat "$T/probe"; fi
}

# ---- the replay viewer -------------------------------------------------------
# Tikal's rulebook example: 12 turns, Blue completes Red's city at turn 12
# (Red +6, and Tikal +8), then the final scoring gives Red 3 more.
expect_exit 0 "viewer" "$W" board tests/positions/tikal.yaml --format html -o "$T/viewer"
for width in 800 1400; do
    probe "$T/viewer/index.html" tests/viewer_probe.js $width
    has "viewer at $width px" "overflow no"
done
has "viewer" "frames 14"
has "viewer opens at the start" \
    "start: frame 0 | Start | Red 0, Blue 0 | outlined 1 of 1 tiles | The start tile is placed."
has "the right arrow: turn 1, its tile outlined" \
    "right: frame 1 | Turn 1 of 12: Red | Red 0, Blue 0 | outlined 1 of 2 tiles | turn 1 Red base.B at (0, 1) turned 0"
has "the left arrow: back" \
    "left: frame 0 | Start | Red 0, Blue 0 | outlined 1 of 1 tiles | The start tile is placed."
has "no step before the start" \
    "left again: frame 0 | Start | Red 0, Blue 0 | outlined 1 of 1 tiles | The start tile is placed."
has "the slider" \
    "slider 11: frame 11 | Turn 11 of 12: Red | Red 0, Blue 0 | outlined 1 of 12 tiles | turn 11 Red base.G at (0, -1) turned 90, meeple on c"
has "next: the score changes with the turn's events" \
    "next: frame 12 | Turn 12 of 12: Blue | Red 14, Blue 0 | outlined 1 of 13 tiles | turn 12 Blue base.E at (0, -2) turned 180 completed city, 3 squares: Red +6 Tikal (scored): Red +8"
has "End: the final scoring" \
    "end: frame 13 | Final scoring | Red 17, Blue 0 | outlined 0 of 13 tiles | final scoring incomplete city, 1 square: Red +1 incomplete city, 1 square: Red +1 incomplete city, 1 square: Red +1"
has "no step after the end" "next disabled true"
has "the first button" \
    "first: frame 0 | Start | Red 0, Blue 0 | outlined 1 of 1 tiles | The start tile is placed."

has "the title names the game" "title Red and Blue: 12 turns (wonders replay)"
for at in start right end; do has "viewer: the $at's board zoomed to its tiles" "$at zoomed yes"; done

# A 4-player game of the default set, some 90 tiles: each tile drawn once and
# used, the page under 1 MB (it was 5.1 MB with every frame drawing every
# tile), every frame zoomed to its board.
expect_exit 0 "a 4-player game" "$W" play --players 4 --seed 3 --record "$T/four.yaml" --quiet
turns=$(sed -n '/^turns:/,$p' "$T/four.yaml" | grep -c '^- ')
[ "$turns" -ge 85 ] && ok || bad "the 4-player game: $turns turns, expected a whole pile's (85 or more)"
expect_exit 0 "its viewer" "$W" board "$T/four.yaml" --format html -o "$T/four"
size=$(wc -c < "$T/four/index.html")
[ "$size" -lt 1000000 ] && ok || bad "the 4-player game's page: $size bytes, not under 1 MB"
uses=$(grep -c '^<use class="tile"' "$T/four/index.html"); defs=$(grep -c '^<g id="t[0-9]*-[0-3]" data-tile=' "$T/four/index.html")
[ "$defs" -gt 0 ] && [ "$defs" -le "$turns" ] && [ "$uses" -gt "$turns" ] && ok \
    || bad "the 4-player game's page: $defs tile drawings for $uses uses of them in $turns turns"
probe "$T/four/index.html" tests/viewer_probe.js 1400
for at in start right end; do has "4 players: the $at's board zoomed to its tiles" "$at zoomed yes"; done
has "4 players: the title" "title Red, Blue, Yellow and Green: seed 3, $turns turns (wonders replay)"

# ---- the playground -------------------------------------------------------------
# docs/playground/ as committed, opened from a file: the sample compiles and
# is drawn, coloured by the compiler's word lists; a mistake gives the
# command line's message, its line marked, and the last good drawing stays,
# greyed; a missing brace, one message where it is missing; the fix brings
# the picture back.
# The language server's hover and completion answer in the page.
cp docs/playground/index.html docs/playground/wonderc.js "$T/"
# the sample, as the text area holds it
sed -n '/aria-describedby="status">/,/<\/textarea>/p' docs/playground/index.html \
    | sed '1s/^.*aria-describedby="status">//; $d' \
    | sed 's/&quot;/"/g; s/&#x27;/'"'"'/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' > "$T/playground.tiles"
for width in 800 1400; do
    probe "$T/index.html" tests/playground_probe.js $width
    has "playground at $width px" "overflow no"
done
SAMPLE="mine.mont_saint_michel  \"Mont-Saint-Michel\"  (wonder tile, 5 squares, 1 copy, pack mine)"
has "the sample" "start: every check passes | marked [] | 1 drawn, 0 failing, 1 pictures, 0 greyed |  | $SAMPLE"
# colours: a keyword, the effect's `on` and event, a kind, a side, every comment line
comments=$(grep -c '#' "$T/playground.tiles")
has "the colours" "colours: same yes | pack keyword | on keyword | completed event | city kind | N side | comments $comments"
# hover on the feature of the sample's first `expect NAME.squares = N`: its N squares, its open ends
name=$(sed -n 's/^ *expect \([a-z_]*\)\.squares = [0-9]*;.*/\1/p' "$T/playground.tiles" | head -1)
squares=$(sed -n "s/^ *expect $name\.squares = \([0-9]*\);.*/\1/p" "$T/playground.tiles")
open=$(sed -n "s/^ *expect $name\.open = \([0-9]*\);.*/\1/p" "$T/playground.tiles")
grep -q "^hover: shown | road $name of mine.mont_saint_michel | squares: .* ($squares) | open ends: $open |" "$T/probe" && ok \
    || { bad "the hover on $name: $squares squares and $open open ends"; grep '^hover' "$T/probe"; }
has "a mistake: its message, its line marked, the last good drawing greyed" \
    "mistake: 1 error, 0 warnings | marked [15:error] | 1 drawn, 0 failing, 1 pictures, 1 greyed | playground.tiles:15:30: error: unknown side 'Q'; did you mean 'N'? | $SAMPLE"
has "a missing brace: one message, where the brace is missing" \
    "brace: 1 error, 0 warnings | marked [8:error] | 1 drawn, 0 failing, 1 pictures, 1 greyed | playground.tiles:8:34: error: a '}' is missing after this: the square's block must end before 'square' on line 9 | $SAMPLE"
has "fixed: the picture and the facts again" "fixed: every check passes | marked [] | 1 drawn, 0 failing, 1 pictures, 0 greyed |  | $SAMPLE"
# after `on completed(` the kinds the effect language's grammar lists (docs/language.md)
kinds=$(sed -n '/^KIND .*"feature"/p' docs/language.md | grep -o '"[a-z_]*"' | tr -d '"' | tr '\n' ' ' | sed 's/ $//')
has "completion after on completed(" "complete: shown | $kinds"
# The same messages as the command line's, for the same text.
sed -i 's/sides tr:N;/sides tr:Q;/' "$T/playground.tiles"
(cd "$T" && "$OLDPWD/$(dirname "$W")/wonderc" check playground.tiles) > "$T/cli" 2>&1
head -1 "$T/cli" | grep -qxF "playground.tiles:15:30: error: unknown side 'Q'; did you mean 'N'?" && ok \
    || { bad "the command line says otherwise:"; cat "$T/cli"; }
# The committed build is what make playground builds from these sources.
if [ -f build/playground/wonderc.js ]; then
    cmp -s build/playground/wonderc.js docs/playground/wonderc.js && ok \
        || bad "docs/playground/wonderc.js is not what the sources build: make playground, then commit it"
else
    skip "the playground's build is current" "emscripten's emcc is not installed (apt-get install emscripten; .ci/deps.sh)"
fi

finish
