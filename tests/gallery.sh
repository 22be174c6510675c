#!/bin/sh
# gallery.sh -- the pictures: every SVG wonderc writes is valid XML, a tile
# that fails its checks is still drawn with its faults marked, output files
# are written whole, docs/gallery is one page holding each picture once and
# smaller a picture than the staircase gallery, and that page, opened in a real browser
# (headless Chromium), has no horizontal scroll at 800 and 1400 pixels, each
# picture at its own aspect ratio and big enough, a legend, a feature's facts
# on hover and focus, and the right colours at known points of a few tiles;
# the pictures are smooth paths, their text is never cut or written over,
# and `wonders board` draws a tile with the same path data as the gallery.
# Usage: sh tests/gallery.sh PATH/TO/wonderc PATH/TO/wonders   (run from the top)
# Ends with "N passed, N failed"; exits non-zero when any failed.
set -u
WONDERC=$1
WONDERS=${2:-build/wonders}
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
# docs/gallery is one page holding every picture once; `--pictures` writes
# each as `show --format svg` draws it, for the checks below.
[ "$(ls docs/gallery)" = "index.html" ] && ok || bad "docs/gallery: files beside index.html: $(ls docs/gallery | tr '\n' ' ')"
expect_exit 0 "the pictures beside a page" "$WONDERC" gallery --pictures -o "$T/pics" $TILES
P="$T/pics"
n_svg=$(ls "$P"/*.svg | wc -l)
n_tiles=$(grep -c '<figure class="tile" id=' docs/gallery/index.html)
[ "$n_svg" = "$n_tiles" ] && [ "$n_svg" -gt 0 ] && ok || bad "gallery: $n_svg SVGs, $n_tiles figures"
cmp -s "$P/index.html" docs/gallery/index.html && ok || bad "gallery: --pictures changes the page"
# One xmllint for every picture (a process each cost more than the rest of
# this check); its messages name the file.  Should it fail naming none, each
# picture is checked alone.
if xmllint --noout "$P"/*.svg 2> "$T/xmllint.err"; then
    for f in "$P"/*.svg; do ok; done
else
    errs=$(cat "$T/xmllint.err")
    for f in "$P"/*.svg; do
        case $errs in
        *"$f:"*) bad "gallery: $f is not valid" ;;
        *) xmllint --noout "$f" 2>/dev/null && ok || bad "gallery: $f is not valid" ;;
        esac
    done
fi
# The pictures are inline in the page: an id repeated by two of them would
# make one picture's reference land in another.
dups=$(grep -o ' id="[^"]*"' docs/gallery/index.html | sort | uniq -d | head -3)
[ -z "$dups" ] && ok || bad "gallery page: ids repeated: $dups"
# Self-contained: nothing fetched from elsewhere.
if grep -Eq '<img|<link|<script src|src="http|href="(http|//)|url\((http|//)' docs/gallery/index.html; then bad "gallery page: refers to other files"; else ok; fi
# The page draws each tile as `show --format svg` does: the same path data.
# page_paths ID: the path data of tile ID's picture on the page
page_paths() {
    awk -v id="$1" 'index($0, "<figure class=\"tile\" id=\"" id "\"") { inf = 1 }
         inf && /<g class="tile-art"/ { ing = 1; next }
         ing && $0 == "</g>" { exit }
         ing { print }' docs/gallery/index.html | grep -o ' d="[^"]*"'
}
for t in base.I base.D wonders_set2.tikal inns_cathedrals.H; do
    page_paths "$t" > "$T/on-page"
    awk '/<g class="tile-art"/ { ing = 1; next } ing && $0 == "</g>" { exit } ing { print }' "$P/$t.svg" \
        | grep -o ' d="[^"]*"' > "$T/alone"
    [ -s "$T/on-page" ] && cmp -s "$T/on-page" "$T/alone" && ok || bad "gallery: the page draws $t unlike show --format svg"
done

# ---- the marks (issue 24) ----------------------------------------------------
# Every mark the tables hold is drawn once, as its own symbol, on the
# tile that has it: a city's goods and princess (a feature's `wine: true`
# in the dump), the tile's volcano, dragon, portal and tower (its tags), and a
# road's tunnel, which the tables do not carry (counted in the sources,
# comments left out).  Counted from the dump and the sources, never typed in.
"$WONDERC" dump $TILES > "$T/dump.yaml" 2> "$T/dump.err" && ok || bad "marks: wonderc dump failed"
for mark in wine grain cloth princess; do
    want=$(grep -c "^    [A-Za-z_0-9]*: {kind: city, .*\b$mark: true" "$T/dump.yaml")
    got=$(cat "$P"/*.svg | grep -o "<g class=\"$mark\"" | wc -l)
    [ "$got" = "$want" ] && [ "$want" -gt 0 ] && ok || bad "gallery: $got $mark symbols drawn, the tables have $want"
done
for mark in volcano dragon portal tower; do
    want=$(grep -c "^  tags: \[.*\b$mark\b" "$T/dump.yaml")
    got=$(cat "$P"/*.svg | grep -o "<g class=\"$mark\"" | wc -l)
    [ "$got" = "$want" ] && [ "$want" -gt 0 ] && ok || bad "gallery: $got $mark symbols drawn, the tables have $want"
done
# ... each on the tile that has it: the files drawing a symbol are the tiles tagged with it
for mark in volcano dragon portal tower; do
    want=$(awk -v m="$mark" '/^[a-z_0-9]*\.[A-Za-z0-9_]*:$/ { id = $1; sub(/:$/, "", id) }
                             $1 == "tags:" && index($0, m) { print id }' "$T/dump.yaml" | sort | tr '\n' ' ')
    got=$(grep -l "<g class=\"$mark\"" "$P"/*.svg | sed 's|.*/||; s|\.svg$||' | sort | tr '\n' ' ')
    [ "$got" = "$want" ] && ok || bad "gallery: $mark drawn on '$got', the tables tag '$want'"
done
want=$(sed 's/#.*//' $TILES | grep -c 'road .*tags[^;]*\btunnel\b')
got=$(cat "$P"/*.svg | grep -o '<g class="tunnel"' | wc -l)
[ "$got" = "$want" ] && [ "$want" -gt 0 ] && ok || bad "gallery: $got tunnels drawn, the sources tag $want roads"
# ... and named in the legend, whose entries the page shows only when used
for mark in wine grain cloth princess volcano dragon portal tower tunnel; do
    grep -q "<li data-legend=\"$mark\"" docs/gallery/index.html && ok || bad "gallery legend: no entry for $mark"
done

# ---- smooth paths, not staircases (issue 23) -------------------------------
# The tiles' own paths (ground, fields, cities, walls, the area, roads,
# rivers, the outline) are lines and quadratic curves, written relative:
# m, l, h, v, q and z only, and no run of little h/v steps as the
# staircase drawing had.
shapes=$(grep -h 'class="\(ground\|field[ a-z0-9]*\|city[ a-z]*\|wall\|area\|road\|road-edge\|river\|river-edge\|outline[ a-z]*\)"' "$P"/*.svg | grep -o ' d="[^"]*"')
[ -n "$shapes" ] && ok || bad "gallery: no tile paths found"
odd=$(echo "$shapes" | grep -cv '^ d="M[-0-9 .mlhvqz]*"$')
[ "$odd" = 0 ] && ok || bad "gallery: $odd tile paths with commands other than M, m, l, h, v, q, z"
curved=$(echo "$shapes" | grep -c 'q')
[ "$curved" -gt 100 ] && ok || bad "gallery: only $curved curved paths"
stairs=$(echo "$shapes" | grep -cE '([hv]-?[0-9]{1,2}(\.[0-9])?){6}')
[ "$stairs" = 0 ] && ok || bad "gallery: $stairs tile paths are staircases"
# ... and the gallery, page and all, smaller a picture than the staircase
# gallery (229726 bytes for its 67 pictures and page, commit 887d77e): the
# set has grown since.  At 6c56fb2 with 120 tiles it was 755033 bytes, the
# page inlining a second copy of every picture.
size=$(cat docs/gallery/* | wc -c)
[ $((size * 67)) -lt $((229726 * n_tiles)) ] && ok \
    || bad "gallery: $size bytes for $n_tiles pictures, not less a picture than the staircases' 229726 for 67"
# Butt ends: a road or river that ends on the outline stops there.
grep -l 'class="tile-art".*linecap\|class="road[^"]*"[^>]*linecap' "$P"/*.svg docs/gallery/index.html > "$T/caps" \
    && bad "gallery: line caps in $(cat "$T/caps")" || ok

# base.I's two city caps are two cities, each with its wall: the city's
# stroke, dashed to leave the tile's edge bare (a dash, then a gap).
walled='<path class="city" stroke-dasharray="[0-9.]* [0-9.]*'
walls=$(grep -c "$walled" "$P/base.I.svg")
[ "$walls" = 2 ] && ok || bad "base.I: $walls walled city regions, not 2"
walls=$(awk '/<figure class="tile" id="base.I"/, /<\/figure>/' docs/gallery/index.html | grep -c "$walled")
[ "$walls" = 2 ] && ok || bad "base.I on the page: $walls walled city regions, not 2"
# a city holding every edge (base.C) has no wall
grep -q '<path class="city bare"' "$P/base.C.svg" && ok || bad "base.C: its city is walled"

# Every numbered key is listed beside its tile, once (lines with each class,
# counted per picture), and each label is one feature's whole name (none run
# into another, as Terracotta Army's "south_westuth_east" did): the label
# lines of the labels group, " (!)" dropped, each word a name some element's
# data-feature holds.  One awk over every picture, a verdict a line.
awk 'function verdicts() {
         if (file == "") return
         print (keys == entries ? "ok" : "bad " file ": " keys " keys, " entries " listed")
         for (i = 1; i <= nl; i++)
             print (index(text, "data-feature=\"" label[i] "\"") ? "ok" : "bad " file ": label \x27" label[i] "\x27 names no feature")
     }
     FNR == 1 { verdicts(); file = FILENAME; keys = entries = nl = 0; text = ""; inl = 0 }
     { text = text $0 "\n" }
     index($0, "class=\"key\"") { keys++ }
     index($0, "class=\"key-entry\"") { entries++ }
     inl && /^<text x=/ {
         t = $0; sub(/^<text x=[^>]*>/, "", t); sub(/<.*/, "", t); sub(/ \(!\)$/, "", t)
         n = split(t, w, /[ \t]+/)
         for (j = 1; j <= n; j++) if (w[j] != "") label[++nl] = w[j]
     }
     inl && /<\/g>/ { inl = 0; next }
     /<g class="labels">/ && !inl { inl = 1 }
     END { verdicts() }' "$P"/*.svg > "$T/keys-labels"
while read -r verdict rest; do
    if [ "$verdict" = ok ]; then ok; else bad "$rest"; fi
done < "$T/keys-labels"
[ "$(sed -n '/<g class="labels">/,/<\/g>/p' "$P/base.D.svg" | grep -c '^<text x=')" -ge 3 ] && ok \
    || bad "base.D: fewer than 3 labels found"
[ "$(grep -c 'class="key"' "$P/wonders_set2.terracotta_army.svg")" -gt 0 ] && ok \
    || bad "terracotta: its crowded corner has no numbered key"
# The key list says what its numbers are, each entry 'N = name'.
grep -q '<text class="key-title"[^>]*>names</text>' "$P/wonders_set2.terracotta_army.svg" && ok \
    || bad "terracotta: its key list has no heading"
grep -q '<text class="key-entry"[^>]*>[0-9]* = [a-z_]*</text>' "$P/wonders_set2.terracotta_army.svg" && ok \
    || bad "terracotta: a key entry does not read 'N = name'"
# base.A's names all fit on the tile: the monastery's beside it, off the road,
# so no key floats beside the tile.
[ "$(grep -c 'class="key' "$P/base.A.svg")" = 0 ] && ok || bad "base.A: a numbered key, its names do not all fit"
# A declared separation is not drawn in the red of a fault.
grep '<circle class="separation"' "$P"/*.svg > "$T/rings"
[ -s "$T/rings" ] && ! grep -q 'e00000' "$T/rings" && ok || bad "separations: none drawn, or drawn in red"
# Square names keep a white halo, legible over a wall.
grep -q '<text class="square"[^>]*paint-order="stroke"' "$P/wonders_set1.circus_maximus.svg" && ok \
    || bad "circus maximus: its square names have no halo"

# ---- one renderer: the board draws a tile as the gallery does -----------
# tile_paths FILE [ID]: the path data of the tile-art group (of tile ID on a board)
tile_paths() {
    awk -v id="${2:-}" 'id == "" || index($0, "<g class=\"tile\" data-tile=\"" id "\"") { inb = 1 }
         inb && /<g class="tile-art"/ { ing = 1; next }
         ing && $0 == "</g>" { exit }
         ing { print }' "$1" | grep -o ' d="[^"]*"'
}
expect_exit 0 "a game to draw" "$WONDERS" play --players 2 --seed 7 --record "$T/game.yaml" --quiet
expect_exit 0 "its board" "$WONDERS" board "$T/game.yaml" --format svg -o "$T/board.svg"
# On a board every field is one green (a field spanning tiles is one colour),
# where the gallery tints a tile's fields apart.
[ "$(grep -c 'class="field t[0-9]' "$T/board.svg")" = 0 ] && grep -q 'class="field"' "$T/board.svg" && ok \
    || bad "board: its fields drawn in several tints"
same=0
for id in $(grep -o '<g class="tile" data-tile="[^"]*" data-rotation="[0-9]*"' "$T/board.svg" \
            | sed 's/.*data-tile="\([^"]*\)" data-rotation="\([0-9]*\)"/\1:\2/' | sort -u -t: -k1,1 | head -12); do
    tile=${id%%:*}
    tile_paths "$T/board.svg" "$tile" > "$T/on-board"
    tile_paths "$P/$tile.svg" > "$T/in-gallery"
    if [ -s "$T/on-board" ] && cmp -s "$T/on-board" "$T/in-gallery"; then
        same=$((same + 1))
    else
        bad "board and gallery draw $tile (turned ${id#*:}) differently"; diff "$T/on-board" "$T/in-gallery" | head -4
    fi
done
[ "$same" -ge 8 ] && ok || bad "compared only $same tiles of the board with the gallery"
# a wonder too, turned: Tikal lies at 180 degrees in this position
expect_exit 0 "a board with Tikal" "$WONDERS" board tests/positions/tikal.yaml --format svg -o "$T/tikal.svg"
tile_paths "$T/tikal.svg" wonders_set2.tikal > "$T/on-board"
tile_paths "$P/wonders_set2.tikal.svg" > "$T/in-gallery"
[ -s "$T/on-board" ] && cmp -s "$T/on-board" "$T/in-gallery" && ok || bad "board and gallery draw Tikal differently"
grep -q 'data-tile="wonders_set2.tikal" data-rotation="180"' "$T/tikal.svg" && ok || bad "Tikal is not turned on that board"

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
    # every entry the page shows (one per kind of mark its pictures draw) has
    # its swatch drawn from them
    if grep -qx -- 'legend [1-9][0-9]* undrawn 0' "$T/probe"; then ok
    else bad "$width px: the legend's swatches: the page lacks 'legend N undrawn 0'"; cat "$T/probe"; fi
done
has "hover a city" "hover base.D c: 1 drawn highlighted; c: city; 1 open side; fields touching it: f1"
has "leave it" "after base.D: 0 highlighted; Hover or focus a feature to see its facts."
# the area is drawn twice, its region and its emblem: both light up
has "hover a wonder's area" \
    "hover wonders_set1.stonehenge circle: 2 drawn highlighted; circle: area; 3 squares (tc, bc, br); fields touching it: city_side, south_east, west"
has "focus a field's button" "focus base.D f1: 1 drawn highlighted; f1: field; touches c"

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

# Captions and key lists are never cut: each picture drawn 200 px wider than
# it says it is has no ink right of its own width.
uncut() { # NAME SVG
    w=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1/p' "$2")
    h=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\2/p' "$2")
    sed "1s/ width=\"$w\"\(.*\)viewBox=\"0 0 $w /  width=\"$((w + 200))\"\1viewBox=\"0 0 $((w + 200)) /" "$2" > "$T/wide.svg"
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size=$((w + 200)),"$h" --screenshot="$T/wide.png" "file://$T/wide.svg" > /dev/null 2>&1
    ink=$(/usr/bin/convert "$T/wide.png" -crop "200x$h+$w+0" -threshold 50% -format '%[fx:minima.r]' info: 2>/dev/null)
    [ "$ink" = 1 ] && ok || bad "$1: something is drawn beyond the picture's width $w (minimum $ink)"
}
uncut "Circus Maximus" "$P/wonders_set1.circus_maximus.svg"
uncut "Terracotta Army" "$P/wonders_set2.terracotta_army.svg"
uncut "a one-square tile" "$P/inns_cathedrals.H.svg"
"$WONDERC" show --format svg --rotate 90 alhambra $TILES > "$T/turned.svg" 2> "$T/err"
got=$?; [ "$got" = 0 ] && ok || bad "show a turned tile: exit $got, expected 0"
uncut "a turned tile" "$T/turned.svg"
# a tile that fails its checks is still drawn, and the command says it failed
"$WONDERC" show --format svg crossing tests/diagnostics/geometry.tiles 2> /dev/null > "$T/failing.svg"
got=$?; [ "$got" = 1 ] && ok || bad "show a failing tile: exit $got, expected 1"
uncut "a failing tile" "$T/failing.svg"

# base.I in a browser: the corner between its two caps is field, not city;
# Tikal's road divides inner_bend from outer (two greens, no tint across).
for t in base.I wonders_set2.tikal; do
    w=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$P/$t.svg")
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$w" --screenshot="$T/$t.png" "file://$P/$t.svg" > /dev/null 2>&1
done
at() { /usr/bin/convert "$T/$1.png" -crop "1x1+$2+$3" -depth 8 txt:- 2>/dev/null \
        | sed -n 's/.*(\([0-9]*\),\([0-9]*\),\([0-9]*\).*/\1 \2 \3/p' | head -1; }
FIELD1="165 212 106"
near "base.I north cap" "$(at base.I 70 22)" "$CITY"
near "base.I west cap" "$(at base.I 22 70)" "$CITY"
near "base.I between the caps" "$(at base.I 30 30)" "$FIELD1"
# 20 px of margin, then tile units: the road `long` runs east along y = 50 of square tl.
above=$(at wonders_set2.tikal 80 58); below=$(at wonders_set2.tikal 80 82)
near "tikal: outer, north of the road" "$above" "$FIELD1"
near "tikal: inner_bend, south of it" "$below" "207 229 155"
[ "$above" != "$below" ] && ok || bad "tikal: one tint on both sides of the road"
finish
