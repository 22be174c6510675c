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

# One awk pass over every file's includes (a process per include would be
# slow where forks are: CI runners, laptops in power-save).
files=$(find runtime compiler grammar generated -type f \( -name '*.c' -o -name '*.h' -o -name '*.y' -o -name '*.l' \) | sort)
# shellcheck disable=SC2086
grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' /dev/null $files |
awk -v files="$(echo "$files" | tr '\n' ' ')" '
# the layer of a file, from where it lies ("" outside the layers)
function layer(f) {
    if (f ~ /^generated\// || f == "runtime/tables.h" || f == "runtime/tileset.h" || f == "runtime/tileset.c") return "tables"
    if (f ~ /^runtime\/(effect_eval\.h|effect_eval\.c|effects\.c|effect_board\.c|lines\.c|traders\.c|abbot\.c|inns\.c|river\.c)$/ ||
        f ~ /^runtime\/princess_dragon\//) return "boxes"
    if (f ~ /^runtime\/(game\.c|match\.h|match\.c|playout\.h|playout\.c)$/) return "turn"
    if (f == "runtime/draw.h" || f ~ /^runtime\/draw\//) return "draw"
    if (f == "runtime/lab.h" || f ~ /^runtime\/lab\//) return "lab"
    if (f ~ /^runtime\/common\//) return "common"
    if (f ~ /^runtime\/cli\//) return "wonders"
    if (f ~ /^runtime\/[^\/]*\//) return "unknown"
    if (f ~ /^runtime\//) return "rules"
    if (f ~ /^(compiler|grammar|build\/gen)\//) return "wonderc"
    return ""
}
# whether a file of layer from may include a header of layer to
function may(from, to) {
    return index(" " allowed[from] " ", " " to " ") > 0
}
# a path with its "." and ".." parts folded
function fold(path,    n, i, k, part, out) {
    n = split(path, part, "/"); k = 0
    for (i = 1; i <= n; i++) {
        if (part[i] == "." || part[i] == "") continue
        if (part[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
        out[++k] = part[i]
    }
    path = out[1]
    for (i = 2; i <= k; i++) path = path "/" out[i]
    return path
}
function exists(path,    line, ok) {
    ok = (getline line < path) >= 0
    close(path)
    return ok
}
# the path an #include "name" in file reads, as the compiler finds it (the
# file s own folder, then -Iruntime -Igenerated -Ibuild/gen); the name as
# written when none is there
function resolve(file, name,    dir, d, n, i) {
    dir = file; sub(/\/[^\/]*$/, "", dir)
    n = split(dir " runtime generated build/gen", d, " ")
    for (i = 1; i <= n; i++)
        if (exists(d[i] "/" name)) return fold(d[i] "/" name)
    return name
}
function bad(text) { print text; broken++ }
BEGIN {
    allowed["tables"] = "tables"; allowed["rules"] = "tables rules"
    allowed["boxes"] = "tables rules boxes"; allowed["turn"] = "tables rules boxes turn"
    allowed["draw"] = "tables rules draw"; allowed["lab"] = "tables rules turn lab"
    allowed["common"] = "common"; allowed["wonders"] = "tables rules boxes turn draw lab common wonders"
    allowed["wonderc"] = "tables rules draw common wonderc"
    n_files = split(files, all, " ")
    for (i = 1; i <= n_files; i++)
        if (layer(all[i]) == "unknown") {
            bad(all[i] ": a folder of runtime/ that has no layer (tests/include_layers.sh, docs/code.md)")
            unknown[all[i]] = 1
        }
}
{
    # FILE:LINE:   #include "NAME"
    f = $0; sub(/:.*/, "", f)
    rest = substr($0, length(f) + 2); line = rest; sub(/:.*/, "", line)
    if (f in unknown) next
    name = rest; sub(/^[^"]*"/, "", name); sub(/".*/, "", name)
    from = layer(f); path = resolve(f, name); to = layer(path)
    if (path ~ /^(compiler|grammar)\// && f ~ /^runtime\//) {
        bad(f ":" line ": includes " path ": nothing under runtime/ may include the compiler" "\047" "s files"); next
    }
    if (to == "") next # a header outside the layers (the system s, a test s)
    if (!may(from, to)) { bad(f ":" line ": includes " path ": a " from " file may not use the " to " layer"); next }
    if ((path == "runtime/internal.h" || path == "runtime/effect_eval.h") && from != "rules" && from != "boxes" && from != "turn")
        bad(f ":" line ": includes " path ", the library core" "\047" "s own header: a " from " file uses the public API")
}
END {
    if (broken) { print "include layers: " broken " includes break the layers (docs/code.md)"; exit 1 }
    print "include layers: " n_files " files, every include within its layers"
}'
