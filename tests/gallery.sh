#!/bin/sh
# gallery.sh -- the pictures: every SVG wonderc writes is valid XML, a tile
# that fails its checks is still drawn with its faults marked, output files
# are written whole, and docs/gallery/index.html, opened in a real browser
# (headless Chromium), has no horizontal scroll at 800 and 1400 pixels, each
# picture at its own aspect ratio and big enough, a legend, a feature's facts
# on hover and focus, and the right colours at known points of a few tiles.  Usage: sh tests/gallery.sh PATH/TO/wonderc   (run from the top)
# Ends with "N passed, N failed"; exits non-zero when any failed.
set -u
WONDERC=$1
NAME=gallery
. tests/harness.sh
TILES=$(echo tiles/*.tiles)   # every tile source, as make regen compiles them

# ---- SVG from the command ------------------------------------------------
for id in base.D stonehenge notre_dame abu_simbel inns_cathedrals.H; do
    expect_exit 0 "svg $id" "$WONDERC" show --format svg "$id" $TILES
    if xmllint --noout "$T/out" 2>/dev/null; then ok; else bad "svg $id: not well-formed XML"; fi
    expect_out "svg $id" "<svg xmlns=\"http://www.w3.org/2000/svg\""
done
expect_exit 0 "svg rotated" "$WONDERC" show --format svg --rotate 90 alhambra $TILES
expect_out "svg rotated" "(turned 90"
expect_out "svg separations" 'class="separation"'
expect_exit 0 "svg to a file" "$WONDERC" show --format svg -o "$T/d.svg" base.D $TILES
if xmllint --noout "$T/d.svg" 2>/dev/null; then ok; else bad "svg to a file: not valid"; fi
expect_exit 0 "svg into a missing folder" "$WONDERC" show --format svg -o "$T/no/such/d.svg" base.D $TILES
cmp -s "$T/no/such/d.svg" "$T/d.svg" && ok || bad "svg into a missing folder: not made, or not the same picture"
expect_exit 2 "svg, unknown id" "$WONDERC" show --format svg stonhenge $TILES
expect_out "svg, unknown id" "did you mean 'wonders_set1.stonehenge'?"
expect_exit 2 "bad --format" "$WONDERC" show --format png base.D

# A tile that cannot exist is drawn, its crossing segments in red, exit 1.
expect_exit 1 "svg of a failing tile" "$WONDERC" show --format svg crossing tests/diagnostics/geometry.tiles
expect_out "svg of a failing tile" 'class="bad"'
expect_out "svg of a failing tile" "fails its checks"
grep -v '^tests/diagnostics\|^   \|^ *\^\|errors,' "$T/out" > "$T/failing.svg"
if xmllint --noout "$T/failing.svg" 2>/dev/null; then ok; else bad "svg of a failing tile: not valid"; fi

# Every tile of every golden diagnostics file -- broken in every way the
# checker knows -- is still drawn as valid SVG, without a sanitizer report:
# exit 1 when the file's golden output has an error, 0 when it has none, and
# 2 only for an id the broken file leaves ambiguous or undefined, said so.
drawn=0
for f in tests/diagnostics/*.tiles; do
    want=0
    grep -q ': error:' "${f%.tiles}.expected" && want=1
    for id in $(sed -n 's/^ *\(tile\|wonder\) \([A-Za-z_][A-Za-z0-9_]*\) .*/\2/p' "$f" | sort -u); do
        "$WONDERC" show --format svg "$id" "$f" > "$T/broken.svg" 2> "$T/broken.err"
        code=$?
        if [ "$code" = 2 ] && grep -q "^wonderc: ambiguous tile id '$id'\|^wonderc: no tile id '$id'" "$T/broken.err"; then
            ok
        elif [ "$code" != "$want" ]; then
            bad "svg of $f:$id: exit $code, expected $want"; head -5 "$T/broken.err"
        elif ! xmllint --noout "$T/broken.svg" 2>/dev/null; then
            bad "svg of $f:$id: not valid"
        else
            drawn=$((drawn + 1))
        fi
    done
done
[ "$drawn" -gt 20 ] && ok || bad "drew only $drawn broken tiles"

# ---- the committed gallery -----------------------------------------------
n_svg=$(ls docs/gallery/*.svg | wc -l)
n_tiles=$(grep -c '<figure class="tile" id=' docs/gallery/index.html)
[ "$n_svg" = "$n_tiles" ] && [ "$n_svg" -gt 0 ] && ok || bad "gallery: $n_svg SVGs, $n_tiles figures"
for f in docs/gallery/*.svg; do
    xmllint --noout "$f" 2>/dev/null || bad "gallery: $f is not valid"
done
ok
# The pictures are inline in the page: an id repeated by two of them would
# make one picture's reference land in another.
dups=$(grep -o ' id="[^"]*"' docs/gallery/index.html | sort | uniq -d | head -3)
[ -z "$dups" ] && ok || bad "gallery page: ids repeated: $dups"
# Self-contained: nothing fetched from elsewhere.
if grep -Eq '<img|<link|<script src|src="http|href="(http|//)|url\((http|//)' docs/gallery/index.html; then bad "gallery page: refers to other files"; else ok; fi

# ---- the page in a browser ------------------------------------------------
# tests/gallery_probe.js, appended to a copy of the page, measures it as
# Chromium lays it out and writes its findings into the DOM.
if ! command -v chromium > /dev/null || [ ! -x /usr/bin/convert ]; then
    skip "the gallery in a browser" "chromium or ImageMagick's convert is not installed (.ci/deps.sh)"
    finish
    exit
fi
cp docs/gallery/index.html "$T/page.html"
sed -i "s|</body>|<script src=\"file://$(pwd)/tests/gallery_probe.js\"></script></body>|" "$T/page.html"
n_packs=$(ls tiles/*.tiles | grep -vc tileset)
# probe WIDTH [HASH]: the probe's lines, as Chromium at WIDTH pixels wide found them, into $T/probe
probe() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$1",1000 --virtual-time-budget=3000 --dump-dom "file://$T/page.html${2:-}" 2> "$T/chromium.log" \
        | sed -n '/<pre id="probe"/,/<\/pre>/p' | sed 's/^.*<pre id="probe"[^>]*>//; s/<\/pre>.*//' > "$T/probe"
    [ -s "$T/probe" ] || { echo "chromium said:"; tail -5 "$T/chromium.log"; }
}
# has WHAT LINE: the probe wrote exactly LINE
has() {
    if grep -qxF -- "$2" "$T/probe"; then ok; else bad "$1: the page lacks '$2'"; cat "$T/probe"; fi
}
for width in 800 1400; do
    probe $width
    has "$width px" "overflow no"
    has "$width px" "viewport $width scroll $width"
    has "$width px" "figures $n_tiles"
    has "$width px" "packs $n_packs"
    has "$width px: every picture at its own aspect ratio" "squeezed 0"
    has "$width px: a square at least 120 px wide" "square under 120 0"
    has "$width px: the legend's swatches" "legend 10 undrawn 0"
done
has "hover a city" "hover base.D c: 1 drawn highlighted; c: city; 1 square; 1 open side; fields touching it: f1"
has "leave it" "after base.D: 0 highlighted; Hover or focus a feature to see its facts."
has "hover a wonder's area" \
    "hover wonders_set1.stonehenge circle: 1 drawn highlighted; circle: area; 3 squares (tc, bc, br); fields touching it: city_side, south_east, west"
has "focus a field's button" "focus base.D f1: 1 drawn highlighted; f1: field; 1 square; touches c"

# Pixels: only the tiles looked at are shown (#pixels=...); the probe says
# where each picture lies and its scale, then a screenshot is read there.
looked="base.D,base.C,base.U,wonders_set1.stonehenge"
probe 1400 "#pixels=$looked"
height=$(sed -n 's/^height //p' "$T/probe")
SHOT="$T/gallery.png"
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --force-device-scale-factor=1 --window-size=1400,"${height:-1000}" --virtual-time-budget=3000 \
    --screenshot="$SHOT" "file://$T/page.html#pixels=$looked" > "$T/chromium.log" 2>&1
if [ -s "$SHOT" ] && [ -n "$height" ]; then ok; else bad "chromium took no screenshot"; cat "$T/chromium.log"; fi

# pixel TILE SQX SQY X Y: the colour at (X, Y) of square (SQX, SQY) of TILE
# (in the drawing's pixels: a 20 px margin, 100 px a square), as "R G B"
pixel() {
    set -- $(sed -n "s/^at $1 //p" "$T/probe") "$2" "$3" "$4" "$5"
    [ $# = 7 ] || return
    px=$(echo "$1 $3 $4 $6" | awk '{ printf "%d", $1 + (20 + $3 * 100 + $4) * $2 }')
    py=$(echo "$2 $3 $5 $7" | awk '{ printf "%d", $1 + (20 + $3 * 100 + $4) * $2 }')
    /usr/bin/convert "$SHOT" -crop "1x1+$px+$py" -depth 8 txt:- 2>/dev/null \
        | sed -n 's/.*(\([0-9]*\),\([0-9]*\),\([0-9]*\).*/\1 \2 \3/p' | head -1
}
# near NAME "R G B" "R G B": the colours are within 40 in each channel
near() {
    set -- "$1" $2 $3
    name=$1
    if [ $# -ne 7 ]; then bad "$name: no pixel read"; return; fi
    d1=$(( $2 - $5 )); d2=$(( $3 - $6 )); d3=$(( $4 - $7 ))
    for d in $d1 $d2 $d3; do
        if [ "${d#-}" -gt 40 ]; then bad "$name: got $2 $3 $4, expected about $5 $6 $7"; return; fi
    done
    ok
}
CITY="201 139 75"; ROAD="247 243 227"
if [ -s "$SHOT" ]; then
    near "base.D city" "$(pixel base.D 0 0 30 5)" "$CITY"
    near "base.D road" "$(pixel base.D 0 0 15 50)" "$ROAD"
    f1=$(pixel base.D 0 0 85 32); f2=$(pixel base.D 0 0 50 85)
    near "base.D field f1" "$f1" "165 212 106"
    near "base.D field f2" "$f2" "111 180 63"
    [ "$f1" != "$f2" ] && ok || bad "base.D: the two fields the road separates share a colour"
    near "base.C city" "$(pixel base.C 0 0 25 75)" "$CITY"
    near "base.U road" "$(pixel base.U 0 0 85 50)" "$ROAD"
    near "stonehenge town" "$(pixel wonders_set1.stonehenge 2 0 18 4)" "$CITY"
    near "stonehenge south road" "$(pixel wonders_set1.stonehenge 1 1 50 90)" "$ROAD"
fi
finish
