#!/bin/sh
# commands.sh -- command-level tests of wonderc: exit codes, messages, output
# files.  Usage: sh tests/commands.sh PATH/TO/wonderc   (run from the top)
# Ends with "N passed, N failed"; exits non-zero when any failed.
set -u
WONDERC=$1
NAME=wonderc
. tests/harness.sh
TILES=$(echo tiles/*.tiles)   # every tile source, as make regen compiles them

expect_exit 0 "help" "$WONDERC" --help
expect_out "help" "usage: wonderc check"
expect_exit 2 "no command" "$WONDERC"
expect_exit 2 "unknown command" "$WONDERC" frobnicate
expect_out "unknown command" "wonderc: unknown command 'frobnicate' (wonderc --help)"
expect_exit 2 "a misspelt command" "$WONDERC" chek tiles/base.tiles
expect_out "a misspelt command" "wonderc: unknown command 'chek'; did you mean 'check'? (wonderc --help)"
expect_exit 2 "unknown option" "$WONDERC" check --frob tiles/base.tiles
expect_out "unknown option" "wonderc: unknown option '--frob' (wonderc --help)"
expect_exit 2 "a misspelt option" "$WONDERC" check --max-erors 3 tiles/base.tiles
expect_out "a misspelt option" "wonderc: unknown option '--max-erors'; did you mean '--max-errors'? (wonderc --help)"
expect_exit 2 "an option of another command" "$WONDERC" check --rotat 90 tiles/base.tiles
expect_out "an option of another command" "wonderc: unknown option '--rotat' (wonderc --help)"
expect_exit 2 "a misspelt option of show" "$WONDERC" show --rotat 90 stonehenge
expect_out "a misspelt option of show" "did you mean '--rotate'?"
expect_exit 2 "an option without its value" "$WONDERC" check tiles/base.tiles --max-errors
expect_out "an option without its value" "wonderc: --max-errors needs a value (wonderc --help)"
[ "$(wc -l < "$T/out")" = 1 ] && ok || bad "a usage error printed more than one line"
expect_exit 2 "compile without -o" "$WONDERC" compile tiles/base.tiles
expect_exit 2 "bad --rotate" "$WONDERC" show --rotate 45 stonehenge

# the GNU form --opt=value, for every option that takes a value: the same as --opt value
same_as_spaced() { # NAME ARGS-WITH-= -- ARGS-SPACED
    name=$1; shift
    eq=""; while [ "$1" != "--" ]; do eq="$eq $1"; shift; done; shift
    "$WONDERC" $eq > "$T/eq" 2>&1; s1=$?
    "$WONDERC" "$@" > "$T/sp" 2>&1; s2=$?
    [ "$s1" = "$s2" ] && cmp -s "$T/eq" "$T/sp" && ok || bad "$name: '$eq' differs from '$*' (exit $s1, $s2)"
}
same_as_spaced "--rotate=" show --rotate=90 stonehenge -- show --rotate 90 stonehenge
same_as_spaced "--pack=" show --pack=wonders_set2 -- show --pack wonders_set2
same_as_spaced "--format= (show)" show --format=svg base.A -- show --format svg base.A
same_as_spaced "--format= (dump)" dump --format=json tiles/base.tiles -- dump --format json tiles/base.tiles
same_as_spaced "--max-errors=" check --max-errors=1 tests/diagnostics/spans.tiles -- check --max-errors 1 tests/diagnostics/spans.tiles
expect_exit 2 "a bad --rotate=" "$WONDERC" show --rotate=45 stonehenge
expect_out "a bad --rotate=" "wonderc: --rotate takes 0, 90, 180 or 270, not 45 (wonderc --help)"
expect_exit 2 "an empty --format=" "$WONDERC" show --format= stonehenge
expect_out "an empty --format=" "wonderc: --format takes text or svg, given nothing (wonderc --help)"
expect_exit 2 "an empty --rotate=" "$WONDERC" show --rotate= stonehenge
expect_out "an empty --rotate=" "wonderc: --rotate takes 0, 90, 180 or 270, given nothing (wonderc --help)"
expect_exit 2 "a flag given a value" "$WONDERC" show --wonders=yes
expect_out "a flag given a value" "wonderc: --wonders takes no value (given '--wonders=yes') (wonderc --help)"

expect_exit 0 "check the project" "$WONDERC" check $TILES
[ -s "$T/out" ] && bad "check the project: printed $(cat "$T/out")" || ok

expect_exit 0 "check -v" "$WONDERC" check -v $TILES
expect_out "check -v" "base                72 tiles in 32 kinds"
# the totals are the sum of the packs' lines, however many packs tiles/ holds
sums=$(awk '/ tiles in .* kinds/ && !/packs:/ { t += $2; k += $5; p++ } END { print t " tiles in " k " kinds, " p " packs" }' "$T/out")
expect_out "check -v" "$sums: every check and published fact holds"

expect_exit 1 "check a bad file" "$WONDERC" check tests/diagnostics/spans.tiles
expect_out "check a bad file" "tests/diagnostics/spans.tiles:11:14: error: road 'r' is not connected"
expect_out "check a bad file" "5 errors, 0 warnings"

expect_exit 2 "missing file" "$WONDERC" check "$T/nothing.tiles"
expect_out "missing file" "cannot read '$T/nothing.tiles': No such file or directory"
expect_exit 2 "directory as input" "$WONDERC" check tiles
expect_out "directory as input" "cannot read 'tiles'"

# bytes from the file are escaped in every message
printf 'pack p "P" { \033[2J }' > "$T/esc.tiles"
expect_exit 1 "a control byte" "$WONDERC" check "$T/esc.tiles"
expect_out "a control byte" 'pack p "P" { \x1b[2J }'
tr -d '\033' < "$T/out" | cmp -s - "$T/out" && ok || bad "an ESC reached the terminal"
printf '\357\273\277tileset "S" { }\n' > "$T/bom.tiles"
expect_exit 0 "a byte-order mark" "$WONDERC" check "$T/bom.tiles"
printf 'pack p "P" {\n  tile \377\376 "x" { }\n}\n' > "$T/utf8.tiles"
expect_exit 1 "invalid UTF-8" "$WONDERC" check "$T/utf8.tiles"
expect_out "invalid UTF-8" '    tile \xff\xfe "x" { }'
LC_ALL=C grep -q "$(printf '\377')" "$T/out" && bad "a byte that is not UTF-8 reached the terminal" || ok
# a 1 MB line: the quoted line is cut around the caret, with "..." where it goes on
awk 'BEGIN { printf "pack p \"P\" { "; for (i = 0; i < 100000; i++) printf "tile%05d  ", i; print "@ }" }' > "$T/long.tiles"
expect_exit 1 "a 1 MB line" "$WONDERC" check --max-errors 1 "$T/long.tiles"
expect_out "a 1 MB line" "long.tiles:1:14: error: unexpected identifier 'tile00000'"
expect_out "a 1 MB line" '  pack p "P" { tile00000  tile00001  tile00002  tile00003'
[ "$(wc -c < "$T/out")" -lt 1000 ] && ok || bad "a 1 MB line: $(wc -c < "$T/out") bytes of messages"

# one cause, one message: a file given twice is read once, with a warning
expect_exit 0 "a file given twice" "$WONDERC" check $TILES tiles/base.tiles ./tiles/base.tiles
expect_out "a file given twice" "wonderc: warning: 'tiles/base.tiles' is given twice; it is read once"
expect_out "a file given twice" "wonderc: warning: './tiles/base.tiles' is 'tiles/base.tiles' again; it is read once"
expect_out "a file given twice" "0 errors, 2 warnings"
[ "$(wc -l < "$T/out")" = 3 ] && ok || bad "a file given twice: $(wc -l < "$T/out") lines of messages"

# compile: output, determinism, all-or-nothing
mkdir "$T/gen"
expect_exit 0 "compile" "$WONDERC" compile -o "$T/gen" $TILES
[ -f "$T/gen/tiles.h" ] && [ -f "$T/gen/tiles.c" ] && ok || bad "compile wrote no files"
cp -r "$T/gen" "$T/gen1"
expect_exit 0 "compile again" "$WONDERC" compile -o "$T/gen" $TILES
cmp -s "$T/gen/tiles.c" "$T/gen1/tiles.c" && cmp -s "$T/gen/tiles.h" "$T/gen1/tiles.h" && ok \
    || bad "compile is not deterministic"
cc -std=c11 -Wall -Wextra -pedantic -Werror -Iruntime -c "$T/gen/tiles.c" -o "$T/tiles.o" && ok \
    || bad "generated C does not compile warning-free"
sed 's/count 8;/count 7;/' tiles/base.tiles > "$T/base.tiles"   # V: the fact "tiles = 72" fails
expect_exit 1 "failed compile" "$WONDERC" compile -o "$T/gen" "$T/base.tiles" tiles/inns-cathedrals.tiles
cmp -s "$T/gen/tiles.c" "$T/gen1/tiles.c" && ok || bad "a failed compile changed the output"
ls -A "$T/gen" | grep -q wonderc && bad "a failed compile left a temporary file" || ok
expect_exit 2 "compile into a file" "$WONDERC" compile -o "$T/gen/tiles.c" $TILES
expect_out "compile into a file" "output directory '$T/gen/tiles.c' is a file, not a directory"
for cmd in check compile show gallery dump; do
    expect_exit 0 "$cmd --help" "$WONDERC" $cmd --help
    expect_out "$cmd --help" "usage: wonderc $cmd"
    [ "$(grep -c '^usage:' "$T/out")" = 1 ] && ok || bad "$cmd --help printed every command's help"
done
# a missing output directory is made, with its parents (mkdir -p); all or nothing
expect_exit 0 "compile into a missing directory" "$WONDERC" compile -o "$T/nowhere/deeper" $TILES
cmp -s "$T/nowhere/deeper/tiles.c" "$T/gen1/tiles.c" && ok || bad "compile into a missing directory: wrong tiles.c"
expect_exit 0 "gallery into a missing directory" "$WONDERC" gallery -o "$T/pictures/gallery" tiles/base.tiles
[ "$(ls "$T/pictures/gallery")" = index.html ] && ok || bad "gallery into a missing directory: not the page alone"
expect_exit 0 "gallery with its pictures" "$WONDERC" gallery --pictures -o "$T/pictures/all" tiles/base.tiles
[ -f "$T/pictures/all/index.html" ] && [ -f "$T/pictures/all/base.D.svg" ] && ok \
    || bad "gallery --pictures: no pictures"
expect_exit 2 "--pictures is the gallery's" "$WONDERC" show --pictures base.D tiles/base.tiles
expect_out "--pictures is the gallery's" "unknown option '--pictures'"
: > "$T/plain"
expect_exit 2 "gallery under a file" "$WONDERC" gallery -o "$T/plain/gallery" tiles/base.tiles
expect_out "gallery under a file" "output directory '$T/plain/gallery': Not a directory"
mkdir "$T/locked" && chmod 555 "$T/locked"
if [ "$(id -u)" != 0 ]; then
    expect_exit 2 "gallery where nothing can be made" "$WONDERC" gallery -o "$T/locked/a/b" tiles/base.tiles
    expect_out "gallery where nothing can be made" "cannot create output directory '$T/locked/a'"
    [ -e "$T/locked/a" ] && bad "a failed gallery left a directory behind" || ok
fi
chmod 755 "$T/locked"
: > "$T/empty.tiles"
expect_exit 1 "check an empty file" "$WONDERC" check "$T/empty.tiles"
expect_out "check an empty file" "empty.tiles:1:1: error: the file defines nothing"
expect_exit 1 "compile an empty file" "$WONDERC" compile -o "$T/gen" "$T/empty.tiles"
cmp -s "$T/gen/tiles.c" "$T/gen1/tiles.c" && ok || bad "compiling an empty file changed the output"
expect_exit 1 "compile only the set's facts" "$WONDERC" compile -o "$T/gen" tiles/tileset.tiles
expect_out "compile only the set's facts" "error: fact does not hold: 'packs' is 0, expected"

# a full disk under standard output is an I/O failure, not a silent success
"$WONDERC" dump > /dev/full 2> "$T/out"
[ $? = 2 ] && grep -q "wonderc: cannot write standard output: No space left on device" "$T/out" && ok \
    || bad "dump > /dev/full did not fail with a message"

# dump: the readable record of the tables (whether generated/tiles.yaml is
# current is tests/generated.sh's question)
expect_exit 0 "dump" "$WONDERC" dump
cp "$T/out" "$T/dump.yaml"
grep -q '^wonders_set1.alhambra:$' "$T/dump.yaml" && ok || bad "wonderc dump lacks the Alhambra"
expect_exit 0 "dump json to a file" "$WONDERC" dump --format json -o "$T/set.json"
head -c 1 "$T/set.json" | grep -q '{' && tail -c 2 "$T/set.json" | grep -q '}' && ok || bad "dump --format json is not one object"
grep -q '"wonders_set1.alhambra": {' "$T/set.json" && ok || bad "dump --format json lacks the Alhambra"
expect_exit 2 "dump, bad format" "$WONDERC" dump --format xml
expect_out "dump, bad format" "--format takes yaml or json, not xml"
expect_exit 0 "dump -o" "$WONDERC" dump -o "$T/gen/tiles.yaml"
cmp -s "$T/gen/tiles.yaml" "$T/dump.yaml" && ok || bad "dump -o differs from dump to standard output"
# an erratum, reviewed as `git diff generated/` shows it: the tile, the number
if ! command -v git > /dev/null; then
    skip "an erratum read through git diff" "git is not installed"
else
    mkdir "$T/erratum"
    was=$(grep -o 'score tiles(..119: [0-9]*' tiles/wonders-set1.tiles | grep -o '[0-9]*$')
    now=$((was + 1))
    sed "s/score tiles(..119: $was,/score tiles(..119: $now,/" tiles/wonders-set1.tiles > "$T/wonders-set1.tiles"
    files=$(echo $TILES | sed "s|tiles/wonders-set1.tiles|$T/wonders-set1.tiles|")
    "$WONDERC" dump -o "$T/erratum/tiles.yaml" $files > /dev/null 2>&1
    git diff --no-index "$T/dump.yaml" "$T/erratum/tiles.yaml" > "$T/diff"
    grep -q "^@@ .* @@ wonders_set1.alhambra:$" "$T/diff" && ok || bad "the erratum's hunk is not headed by its tile"
    grep -q "^+      body: 'score tiles(..119: $now, 120..: [0-9]*) \\* count(meeples " "$T/diff" && ok \
        || bad "the erratum's diff does not show the new score"
fi

# show
expect_exit 0 "show a wonder" "$WONDERC" show stonehenge
expect_out "show a wonder" 'wonders_set1.stonehenge  "Stonehenge"  (wonder tile, 5 squares'
expect_out "show a wonder" "road      fork          2 squares  open ends 2"
expect_out "show a wonder" "    when a road is completed, from the owner's next turn, if current == owner and f.occupied: score 3;"
grep -q "AND arg 0" "$T/out" && bad "show a wonder: the expression tree without -v" || ok
expect_exit 0 "show -v a wonder" "$WONDERC" show -v stonehenge
# the program's nodes are numbered from where the tables put its first:
# its sixth joins the third and the fifth, wherever that is
at=$(sed -n '/^  compiled: /{n;s/^    \([0-9]*\) .*/\1/p;q;}' "$T/out")
expect_out "show -v a wonder" "    $((${at:-0} + 5)) AND arg 0 a $((${at:-0} + 2)) b $((${at:-0} + 4)) k 0"
grep -q "^  compiled: handlers \[[0-9]*: event 2 (completed(road f))" "$T/out" && ok \
    || bad "show -v a wonder: output lacks its compiled handler"
expect_exit 0 "show a handler's cost" "$WONDERC" show alhambra
expect_out "show a handler's cost" "      cost: at most 96 members visited a run, 'meeples'"
expect_exit 0 "show a rule" "$WONDERC" show abu_simbel
expect_out "show a rule" "    the owner draws 2 tiles, places one and keeps the others for the next turn"
expect_exit 0 "show turned" "$WONDERC" show --rotate 270 wonders_set2.abu_simbel
expect_out "show turned" "turned 270 degrees clockwise"
expect_exit 0 "show a pack" "$WONDERC" show --pack wonders_set2
[ "$(grep -c '(wonder tile, 5 squares' "$T/out")" = 4 ] && ok || bad "show --pack did not show 4 wonders"
expect_exit 0 "show every wonder" "$WONDERC" show --wonders
expect_out "show every wonder" 'wonders_set2.terracotta_army  "Terracotta Army"  (wonder tile'
grep -q '^base\.' "$T/out" && bad "show --wonders drew a land tile" || ok
expect_exit 2 "svg of every wonder" "$WONDERC" show --wonders --format svg
expect_exit 2 "show an unknown id" "$WONDERC" show no_such_tile
expect_out "show an unknown id" "no tile id 'no_such_tile'"
expect_exit 2 "show a misspelt id" "$WONDERC" show stonhenge
expect_out "show a misspelt id" "no tile id 'stonhenge'; did you mean 'wonders_set1.stonehenge'?"
expect_exit 2 "show an id in the wrong case" "$WONDERC" show base.d
expect_out "show an id in the wrong case" "wonderc: no tile id 'base.d'; did you mean 'base.D'?"
expect_exit 2 "show a full id misspelt" "$WONDERC" show base.DD
expect_out "show a full id misspelt" "wonderc: no tile id 'base.DD'; did you mean 'base.D'?"
expect_exit 2 "show a misspelt pack" "$WONDERC" show --pack wonders_st1
expect_out "show a misspelt pack" "no pack 'wonders_st1'; did you mean 'wonders_set1'?"
expect_exit 0 "show names its segments" "$WONDERC" show base.D
expect_out "show names its segments" "|f1                       f1|"
expect_out "show names its segments" "+-----f2------------f2------+"
expect_exit 0 "show the model's facts" "$WONDERC" show base.W
expect_out "show the model's facts" "road r1 ends at junction village"
expect_exit 2 "show an ambiguous id" "$WONDERC" show A
expect_out "show an ambiguous id" "ambiguous tile id 'A'; write it as pack.id"
expect_exit 0 "show with explicit inputs" "$WONDERC" show base.D tiles/base.tiles
expect_out "show with explicit inputs" "tags: start"

# input that is not a tile file at all
expect_exit 1 "binary input" "$WONDERC" check "$WONDERC"
expect_out "binary input" "error:"
printf 'pack p "P" { # caf\351\n }\n' > "$T/latin1.tiles"
expect_exit 1 "invalid UTF-8" "$WONDERC" check "$T/latin1.tiles"
expect_out "invalid UTF-8" "latin1.tiles:1:19: error: invalid UTF-8 byte 0xE9"
head -c 70000000 /dev/zero | tr '\0' ' ' > "$T/huge.tiles"
expect_exit 1 "huge input" "$WONDERC" check "$T/huge.tiles"
expect_out "huge input" "file is larger than the limit of 67108864 bytes"

# what the command-line fuzz target once failed on: the exit status each
# input's line in expected-status says (never a crash), run in a scratch
# folder, since the arguments may name outputs
replayed=0
case $WONDERC in /*) w=$WONDERC ;; *) w=$(pwd)/$WONDERC ;; esac
while read -r input want; do
    case $input in '#'*|'') continue ;; esac
    f=tests/fuzz/regressions/wonderc-cli/$input
    rm -rf "$T/cli" && mkdir -p "$T/cli" && cp -r tiles "$T/cli/"
    set --
    while IFS= read -r arg || [ -n "$arg" ]; do set -- "$@" "$arg"; done < "$f"
    (cd "$T/cli" && timeout 60 "$w" "$@") > "$T/out" 2>&1
    got=$?
    [ "$got" = "$want" ] && ok || { bad "fuzz regression $f: exit $got, expected $want"; tail -3 "$T/out"; }
    replayed=$((replayed + 1))
done < tests/fuzz/regressions/wonderc-cli/expected-status
listed=$(ls tests/fuzz/regressions/wonderc-cli | grep -cv '^README.md$\|^expected-status$')
[ "$replayed" = "$listed" ] && [ "$replayed" -gt 0 ] && ok \
    || bad "fuzz regressions: replayed $replayed wonderc-cli inputs of the $listed in the folder"
echo "fuzz regressions replayed: $replayed (wonderc-cli)"

finish
