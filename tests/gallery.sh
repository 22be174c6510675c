#!/bin/sh
# gallery.sh -- the pictures: every SVG wonderc writes is valid XML, a tile
# that fails its checks is still drawn with its faults marked, output files
# are written whole, and docs/gallery/index.html, opened in a real browser
# (headless Chromium), shows the right colours at known points of a few
# tiles.  Usage: sh tests/gallery.sh PATH/TO/wonderc   (run from the top)
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
n_tiles=$(grep -c '<figure id=' docs/gallery/index.html)
[ "$n_svg" = "$n_tiles" ] && [ "$n_svg" -gt 0 ] && ok || bad "gallery: $n_svg SVGs, $n_tiles figures"
for f in docs/gallery/*.svg; do
    xmllint --noout "$f" 2>/dev/null || bad "gallery: $f is not valid"
done
ok

# ---- the page in a browser ------------------------------------------------
# The page's grid (compiler/svg.c): a 40 px heading, then 4 columns of 560 x
# 580 px cells; each picture has a 20 px margin and 100 px per square.
SHOT="$T/gallery.png"
if ! command -v chromium > /dev/null || [ ! -x /usr/bin/convert ]; then
    skip "the gallery in a browser" "chromium or ImageMagick's convert is not installed (.ci/deps.sh)"
    finish
    exit
fi
# Only the figures looked at below, in the page's own order: the whole
# gallery is taller than the 16384 px a headless browser draws at once.
# A <base> makes the pictures' relative addresses reach docs/gallery/.
PAGE="$T/gallery.html"
SHOWN='"base.C"\|"base.D"\|"base.U"\|"wonders_set1.stonehenge"'
sed -e "s|<head>|<head><base href=\"file://$(pwd)/docs/gallery/\">|" docs/gallery/index.html \
    | grep -v '^<figure' > "$T/frame.html"
grep "^<figure id=\($SHOWN\)" docs/gallery/index.html > "$T/figures.html"
sed -e "/^<div class=\"grid\">/r $T/figures.html" "$T/frame.html" > "$PAGE"
n_tiles=$(grep -c '<figure id=' "$PAGE")
page="file://$PAGE"
rows=$(( (n_tiles + 3) / 4 ))
height=$(( 40 + rows * 580 ))
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --force-device-scale-factor=1 --window-size=2240,"$height" --screenshot="$SHOT" "$page" \
    > "$T/chromium.log" 2>&1
if [ -s "$SHOT" ]; then ok; else bad "chromium took no screenshot"; cat "$T/chromium.log"; fi

# pixel TILE SQX SQY X Y: the colour at (X, Y) of square (SQX, SQY) of TILE, as "R G B"
pixel() {
    index=$(grep -o '<figure id="[^"]*"' "$PAGE" | grep -n "\"$1\"" | cut -d: -f1)
    index=$((index - 1))
    px=$(( (index % 4) * 560 + 20 + $2 * 100 + $4 ))
    py=$(( 40 + (index / 4) * 580 + 20 + $3 * 100 + $5 ))
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
