#!/bin/sh
# run.sh -- `make bench`: every benchmark once, headed by what it ran on
# (commit, date, load, pinning), and the figures section of
# docs/performance.md (between <!-- bench:begin --> and <!-- bench:end -->)
# rewritten from this one run, with each target met or not.  Figures are
# never typed into the doc by hand, so they cannot drift from a run.
# Usage: sh tests/bench/run.sh BUILD-DIR TILE-SOURCES...   (run from the top)
set -u
B=$1
shift
DOC=docs/performance.md
LC_ALL=C
export LC_ALL
out=$(mktemp /tmp/bench.XXXXXX)
fail=$out.failed   # the runs are piped through tee: a failure leaves this file
trap 'rm -f "$out" "$fail" "$DOC.tmp.$$"' EXIT

grep -q '^<!-- bench:begin -->$' "$DOC" && grep -q '^<!-- bench:end -->$' "$DOC" \
    || { echo "bench: $DOC has no <!-- bench:begin --> ... <!-- bench:end --> section" >&2; exit 2; }

# Single-threaded runs go to one core, the last, so that a neighbour's load
# on the others disturbs them less; --jobs 2 runs need both.
cores=$(nproc 2>/dev/null || echo 1)
if command -v taskset > /dev/null 2>&1 && [ "$cores" -gt 1 ]; then
    core=$((cores - 1))
    PIN="taskset -c $core"
    pinned="single-threaded runs pinned to core $core of $cores (taskset); --jobs 2 runs on all cores"
else
    PIN=
    pinned="not pinned (taskset missing or one core)"
fi
commit=$(git rev-parse --short HEAD 2> /dev/null || echo "no git")
if [ -n "$(git status --porcelain --untracked-files=no 2> /dev/null)" ]; then
    commit="$commit, with uncommitted changes"
fi

# timed NAME GAMES COMMAND...: wall time of one run, games a second
timed() {
    name=$1; games=$2; shift 2
    start=$(date +%s.%N)
    "$@" > /dev/null || { echo "bench: $name failed" >&2; touch "$fail"; return; }
    end=$(date +%s.%N)
    echo "$start $end" | awk -v n="$name" -v g="$games" \
        '{ printf "  %s: %.2f s, %.1f games/s\n", n, $2 - $1, g / ($2 - $1) }'
}
# counted WHAT PER COMMAND...: callgrind's instructions, divided by PER
counted() {
    what=$1; per=$2; shift 2
    line=$(valgrind --tool=callgrind --callgrind-out-file="$B/callgrind.out" "$@" 2>&1 > /dev/null \
        | awk -v w="$what" -v p="$per" '/Collected/ { printf "  callgrind: %.0f instructions per %s\n", $4 / p, w }')
    [ -n "$line" ] && echo "$line" || { echo "bench: callgrind of a $what failed" >&2; touch "$fail"; }
}

{
    echo "commit $commit; $(date -u '+%Y-%m-%d %H:%M UTC'); load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $cores cores; $pinned"
    echo "$(${CC:-cc} --version | head -1)"
    echo
    $PIN "$B/bench-compiler" "$B/wonderc" "$@" || touch "$fail"
    $PIN "$B/bench-lsp" "$@" || touch "$fail"
    $PIN "$B/bench-runtime" || touch "$fail"
    $PIN "$B/bench-records" "$B/wonders" || touch "$fail"
    $PIN "$B/bench-mcts" || touch "$fail"
    timed "wonders simulate --games 100000 --packs base" 100000 \
        $PIN "$B/wonders" simulate --games 100000 --packs base --format yaml
    for j in 1 2; do
        p=$PIN; [ "$j" = 1 ] || p=
        timed "wonders simulate --games 200 --seats planner x4 --jobs $j" 200 \
            $p "$B/wonders" simulate --games 200 --seats planner,planner,planner,planner --jobs $j --format yaml
    done
    for j in 1 2; do
        p=$PIN; [ "$j" = 1 ] || p=
        # 60 games, each played with no wonder, the calibration curve's five (four
        # references and their bare tile) and the 2 candidates with their twins
        timed "wonders balance --games 60 (600 planner games x4) --jobs $j" 600 \
            $p "$B/wonders" balance --games 60 --wonders alhambra,tikal --jobs $j --format yaml
    done
    # wonderc compile of the real tile set, drawings included, tables
    # written (issue 37: 100 M instructions at most)
    compiled=$(mktemp -d /tmp/bench-compile.XXXXXX)
    counted "wonderc compile of the real tile set (tables and drawings)" 1 "$B/wonderc" compile -o "$compiled" "$@"
    rm -rf "$compiled"
    counted "4-player planner game (simulate, every wonder)" 20 \
        "$B/wonders" simulate --games 20 --seats planner,planner,planner,planner --jobs 1 --format yaml
    counted "4-player planner game (balance, one wonder at most)" 80 \
        "$B/wonders" balance --games 10 --wonders alhambra --jobs 1 --format yaml
    counted "play-out (mcts, 2000 from the opening of a 2-player base game)" 2000 "$B/bench-mcts" playouts 2000
    counted "game (1000 random base games, 2 players)" 1000 "$B/bench-runtime" games 1000
    counted "game (1000 random games of the River, base and Inns & Cathedrals, the expansions rules on, 2 players)" 1000 \
        "$B/bench-runtime" expansion-games 1000
    counted "game (1000 random games of base, Traders & Builders and The Princess & the Dragon, their rules on, 2 players)" \
        1000 "$B/bench-runtime" box-games 1000
    # The effect language (issue 22) against the menu it replaced: the same
    # games counted at 5994b48, the last commit before it, with the same
    # commands (docs/performance.md, "Effects").
    counted "4-player random game with 4 wonders (2000 games: base + Stonehenge, Alhambra, Tikal, Angkor Wat)" 2000 \
        "$B/bench-runtime" wonder-games 2000
    echo "  before the effect language (5994b48): 357737 instructions per 4-player random game with 4 wonders"
    counted "4-player planner game with 4 wonders on offer (simulate --wonders 4, 20 games)" 20 \
        "$B/wonders" simulate --games 20 --players 4 --wonders 4 --seats planner,planner,planner,planner --jobs 1 \
        --format yaml
    echo "  before the effect language (5994b48): 52043160 instructions per 4-player planner game with 4 wonders on offer"
} | tee "$out"
[ ! -e "$fail" ] && [ -s "$out" ] || { echo "bench: a run failed; $DOC left as it was" >&2; exit 1; }

# The targets the issues set, against this run (docs/performance.md says
# where each comes from).
targets() {
    awk '
    function row(target, found, met) { printf "| %s | %s | %s |\n", target, found, met ? "met" : "**not met**" }
    /^real tile set .* no drawings/ { for (i = 1; i <= NF; i++) if ($i == "median") ms = $(i + 1); files = $4; sub(/^\(/, "", files) }
    /^real tile set .*check\+drawings/ { for (i = 1; i <= NF; i++) if ($i == "median") drawn_ms = $(i + 1) }
    /instructions per wonderc compile of the real tile set/ { compile_instr = $2 }
    $1 == 10000 && $NF == "1x)" { mbs = $4 }
    $NF == "1x)" { ratio[++nr] = $(NF - 2); sub(/x$/, "", ratio[nr]); rss = $6; sub(/x$/, "", rss); if (rss + 0 > maxrss) maxrss = rss + 0 }
    /^lsp: a change answered/ { for (i = 1; i <= NF; i++) if ($i == "percentile") lsp95 = $(i + 1); lspfiles = $6 }
    /^  game state:/ { state = $3 }
    /legal placements on a 100-tile board/ { land = $10; wonder = $16 }
    /random games, 2 players, 72 base tiles:/ { base = $8 }
    /with effects .* games\/s.*time ratio/ { matches = $3; effratio = $NF }
    /reading a 200-turn YAML record/ { rec = $(NF - 1) }
    /planner x4 --jobs 2:/ { sim2 = $(NF - 1) }
    /balance .* --jobs 2:/ { bal2 = $(NF - 1) }
    /instructions per game \(1000 random base games/ { instr = $2 }
    /instructions per game \(1000 random games of base, Traders/ { boxes = $2 }
    /play-outs from the opening of a 2-player base game:/ { mcts = $10 }
    /instructions per play-out \(mcts/ { mcts_instr = $2 }
    /instructions per 4-player random game with 4 wonders \(/ { fx_random = $2 }
    /instructions per 4-player planner game with 4 wonders on offer \(/ { fx_planner = $2 }
    /^  before the effect language .* random game/ { fx_random0 = $6 }
    /^  before the effect language .* planner game/ { fx_planner0 = $6 }
    END {
        print "| target | this run | |"
        print "|---|---|---|"
        row("the real tile set reads, parses and checks in a few milliseconds, drawings off (5 ms at most)", ms " ms (" files " files; " drawn_ms " ms with the drawings)", ms != "" && ms + 0 <= 5)
        row("wonderc compile of tiles/: 100 M instructions at most", sprintf("%.1f M", compile_instr / 1e6), compile_instr != "" && compile_instr + 0 <= 100000000)
        row("at least 20 MB/s of source on one core, 10,000 definitions", mbs " MB/s", mbs + 0 >= 20)
        row("time linear in input size (1x, 4x, 16x; within a quarter)", "1 : " ratio[2] " : " ratio[3], ratio[2] + 0 <= 5 && ratio[3] + 0 <= 20)
        row("peak memory under 20x the input", maxrss "x at most", maxrss < 20)
        row("the language server answers a change within 50 ms, every tile file open (95th percentile)", lsp95 " ms (" lspfiles " files)", lsp95 != "" && lsp95 + 0 <= 50)
        row("legal placements of a land tile, 100-tile board: 1 us at most", land " us", land + 0 <= 1)
        row("legal placements of a wonder, 100-tile board: 20 us at most", wonder " us", wonder + 0 <= 20)
        row("random 2-player base games: 120,000 instructions a game at most (issue 37)", instr, instr != "" && instr + 0 <= 120000)
        row("random 2-player base games: 20,000 a second or more", base " games/s", base + 0 >= 20000)
        row("random 2-player games of base and both boxes, their rules on: 400,000 instructions a game at most (issue 37)", boxes, boxes != "" && boxes + 0 <= 400000)
        row("mcts: 50,000 play-outs a second or more from the opening of a 2-player base game, one core", mcts " play-outs/s (" mcts_instr " instructions each)", mcts + 0 >= 50000)
        row("a game state fits in 64 KiB", state " bytes", state + 0 <= 65536)
        row("whole matches with the track and every effect: 10,000 a second or more", matches " games/s", matches + 0 >= 10000)
        row("... at most 1.5x the time of the same matches without effects", effratio "x", effratio + 0 <= 1.5)
        row("reading a 200-turn record in under a millisecond", rec " ms", rec + 0 < 1)
        row("4-player planner games, --jobs 2: 300 a second or more (simulate)", sim2 " games/s", sim2 + 0 >= 300)
        row("... (balance)", bal2 " games/s", bal2 + 0 >= 300)
        r1 = fx_random0 ? fx_random / fx_random0 : 99; r2 = fx_planner0 ? fx_planner / fx_planner0 : 99
        row("effects: 4-player games with 4 wonders, at most 1.1x the instructions before the effect language", sprintf("%.3fx (%s against %s)", r1, fx_random, fx_random0), r1 <= 1.1)
        row("... the same for 4-player planner games (every figure tried: game-end effects evaluated per trial)", sprintf("%.3fx (%s against %s)", r2, fx_planner, fx_planner0), r2 <= 1.1)
    }' "$out"
}

# The doc: everything outside the markers kept, the section between them
# replaced; written beside it and renamed, so it is never half written.
{
    sed '/^<!-- bench:begin -->$/q' "$DOC"
    echo
    echo '```'
    cat "$out"
    echo '```'
    echo
    targets
    echo
    sed -n '/^<!-- bench:end -->$/,$p' "$DOC"
} > "$DOC.tmp.$$" && mv "$DOC.tmp.$$" "$DOC" || { echo "bench: cannot rewrite $DOC" >&2; exit 1; }
echo "bench: $DOC rewritten from this run"
