#!/bin/sh
# include_layers.sh -- every #include "..." of the sources stays inside the
# layers its file may use (docs/code.md, "Layers"):
#
#   tables   runtime/tables.h, tileset.*, generated/    may use: tables
#   rules    runtime/wonders.h, internal.h and the core  may use: tables rules
#   boxes    the effects and the expansions' files       may use: tables rules boxes
#   turn     runtime/game.c, match.*, playout.*          may use: tables rules boxes turn
#   draw     runtime/draw.h, runtime/draw/               may use: tables rules draw
#   lab      runtime/lab.h, runtime/lab/                 may use: tables rules turn lab
#   common   runtime/common/ (the commands' utilities)   may use: common
#   wonders  runtime/cli/ (the `wonders` command)        may use: all but wonderc
#   wonderc  compiler/, grammar/ (the compiler)          may use: tables rules draw common wonderc
#
# and no file but the library core's includes its private headers
# (runtime/internal.h, runtime/effect_eval.h): the lab, the drawing and the
# commands use the public API.  A file of runtime/ not named here is the
# core's ("rules"), so that a new file of the library needs no edit here.
# Usage: sh tests/include_layers.sh [ROOT]   (default: the current folder)
# Prints each include that breaks a rule as FILE:LINE and exits 1; 0 when none.
set -u
ROOT=${1:-.}
cd "$ROOT" || exit 2
LC_ALL=C
export LC_ALL

# layer PATH: the layer of a file, from where it lies ("" outside the layers)
layer() {
    case $1 in
    generated/*|runtime/tables.h|runtime/tileset.h|runtime/tileset.c) echo tables ;;
    runtime/effect_eval.h|runtime/effect_eval.c|runtime/effects.c|runtime/effect_board.c|runtime/traders.c|\
    runtime/abbot.c|runtime/inns.c|runtime/river.c|runtime/princess_dragon/*) echo boxes ;;
    runtime/game.c|runtime/match.h|runtime/match.c|runtime/playout.h|runtime/playout.c) echo turn ;;
    runtime/draw.h|runtime/draw/*) echo draw ;;
    runtime/lab.h|runtime/lab/*) echo lab ;;
    runtime/common/*) echo common ;;
    runtime/cli/*) echo wonders ;;
    runtime/*/*) echo unknown ;;
    runtime/*) echo rules ;;
    compiler/*|grammar/*|build/gen/*) echo wonderc ;;
    *) echo "" ;;
    esac
}

# may FROM TO: whether a file of layer FROM may include a header of layer TO
may() {
    case $1 in
    tables)  allowed="tables" ;;
    rules)   allowed="tables rules" ;;
    boxes)   allowed="tables rules boxes" ;;
    turn)    allowed="tables rules boxes turn" ;;
    draw)    allowed="tables rules draw" ;;
    lab)     allowed="tables rules turn lab" ;;
    common)  allowed="common" ;;
    wonders) allowed="tables rules boxes turn draw lab common wonders" ;;
    wonderc) allowed="tables rules draw common wonderc" ;;
    *)       allowed="" ;;
    esac
    for a in $allowed; do
        [ "$a" = "$2" ] && return 0
    done
    return 1
}

# resolve FILE NAME: the path an #include "NAME" in FILE reads, as the
# compiler finds it (the file's own folder, then -Iruntime -Igenerated
# -Ibuild/gen); the name as written when none is there
resolve() {
    for d in "$(dirname "$1")" runtime generated build/gen; do
        if [ -f "$d/$2" ]; then
            realpath -m --relative-to=. "$d/$2"
            return
        fi
    done
    echo "$2"
}

broken=0
files=$(find runtime compiler grammar generated -type f \( -name '*.c' -o -name '*.h' -o -name '*.y' -o -name '*.l' \) | sort)
for f in $files; do
    from=$(layer "$f")
    if [ "$from" = unknown ]; then
        echo "$f: a folder of runtime/ that has no layer (tests/include_layers.sh, docs/code.md)"
        broken=$((broken + 1))
        continue
    fi
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' > "${TMPDIR:-/tmp}/layers.$$"
    while read -r line name; do
        path=$(resolve "$f" "$name")
        to=$(layer "$path")
        case $path in
        compiler/*|grammar/*)
            case $f in runtime/*)
                echo "$f:$line: includes $path: nothing under runtime/ may include the compiler's files"
                broken=$((broken + 1)); continue ;;
            esac ;;
        esac
        [ -n "$to" ] || continue # a header outside the layers (the system's, a test's)
        if ! may "$from" "$to"; then
            echo "$f:$line: includes $path: a $from file may not use the $to layer"
            broken=$((broken + 1))
            continue
        fi
        case $path in
        runtime/internal.h|runtime/effect_eval.h)
            case $from in rules|boxes|turn) ;; *)
                echo "$f:$line: includes $path, the library core's own header: a $from file uses the public API"
                broken=$((broken + 1)) ;;
            esac ;;
        esac
    done < "${TMPDIR:-/tmp}/layers.$$"
done
rm -f "${TMPDIR:-/tmp}/layers.$$"
if [ "$broken" != 0 ]; then
    echo "include layers: $broken includes break the layers (docs/code.md)"
    exit 1
fi
echo "include layers: $(echo "$files" | wc -l) files, every include within its layers"
exit 0
