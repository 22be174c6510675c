#!/bin/sh
# run.sh -- run libFuzzer targets one after another (make fuzz, make fuzz-long).
# Usage: sh tests/fuzz/run.sh BUILD_DIR LIMIT TARGET...
#   LIMIT is a libFuzzer option: -max_total_time=SECONDS or -runs=N.
#
# Each target fuzzes BUILD_DIR/fuzz/TARGET/ (created when missing; what it
# grows is kept, an interrupted run included) seeded from the committed
# tests/fuzz/corpus/TARGET/.  A crash, a sanitizer report, a leak, a timeout
# or running out of memory stops that target and saves the input under
# tests/fuzz/regressions/TARGET/ (give it a line in that folder's manifest,
# tests/fuzz/regressions/README.md); the others still run, and the script
# exits 1 if any target found anything.  One line per target gives the
# executions, the coverage (edges, features), the corpus and the time.
set -u
B=$1
LIMIT=$2
shift 2
status=0
summary=""
for t in "$@"; do
    bin="$B/fuzz-$t"
    corpus="$B/fuzz/$t"
    seeds="tests/fuzz/corpus/$t"
    found="tests/fuzz/regressions/$t"
    mkdir -p "$corpus" "$seeds" "$found"
    log="$B/fuzz/$t.log"
    case $t in
        frontend | effects) max_len=8192 ;;
        records | results | lsp) max_len=16384 ;;
        *) max_len=512 ;;
    esac
    echo "fuzzing $t ($LIMIT) ..."
    start=$(date +%s)
    "$bin" "$LIMIT" -max_len=$max_len -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$found/" "$corpus" "$seeds" > "$log" 2>&1
    rc=$?
    secs=$(($(date +%s) - start))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    last=$(grep -aE '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.*corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
    line="$t: ${runs:-?} executions in ${secs} s, cov ${cov:-?} edges, ft ${ft:-?}, corpus ${corp:-?}"
    if [ "$rc" = 72 ] && grep -q "run interrupted" "$log"; then
        line="$line -- interrupted (what it grew is kept in $corpus)"
        status=1
    elif [ "$rc" != 0 ]; then
        line="$line -- FOUND SOMETHING (exit $rc): see $log and $found/"
        grep -aE "ERROR|runtime error|SUMMARY|Test unit written" "$log" | head -8
        status=1
    fi
    summary="$summary$line
"
done
printf '\n%s' "$summary"
[ "$status" = 0 ] && echo "fuzz: nothing found" || echo "fuzz: a target found something, or was interrupted"
exit "$status"
