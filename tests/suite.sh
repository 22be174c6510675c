#!/bin/sh
# suite.sh -- run one suite of `make check`, quietly, and keep its verdict.
# Usage: sh tests/suite.sh NAME COMMAND...   (from the top)
#
# The suite's output goes to build/check/NAME.log; its verdict, one line
# "NAME STATUS SECONDS CPU COUNTS SKIPS", to build/check/NAME.result, where
# SECONDS is its wall time, CPU the user + system time of every process it
# ran (the shell's `times` after the suite is waited for: what a slow or busy
# machine pays, which wall time under make -j hides), and COUNTS the suite's
# own closing line ("N passed, N failed", CUnit's or a script's).
# The suites run side by side under make -j, so none prints while it runs;
# a failing one prints its log's failures when it ends.  tests/summary.sh
# reads the verdicts.  This script itself fails only when it cannot record.
# A suite still running after SUITE_TIMEOUT seconds (600) is stopped and
# fails with timeout's status 124: a hang must not stall make check or CI.
set -u
name=$1
shift
dir=build/check
mkdir -p "$dir"
log=$dir/$name.log
start=$(date +%s.%N)
timeout --kill-after=10 "${SUITE_TIMEOUT:-600}" "$@" > "$log" 2>&1 < /dev/null
status=$?
end=$(date +%s.%N)
secs=$(echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }')
# times prints the shell's own user and system time, then its children's,
# as 0m1.230000s: the children's line sums the suite's whole process tree.
# Into a file, not a pipe: a pipeline's forked side starts its counts at 0.
times > "$dir/$name.times"
cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%.1f", t }' \
    "$dir/$name.times")
rm -f "$dir/$name.times"
counts=$(grep -aE '(^|: )[0-9]+ passed, [0-9]+ failed' "$log" | tail -1 | sed 's/^.*: \([0-9]* passed\)/\1/')
skips=$(grep -ac '^SKIP: ' "$log")
echo "$name $status $secs ${cpu:-0} ${counts:-no counts} $skips" > "$dir/$name.result"
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "---- $name did not end within ${SUITE_TIMEOUT:-600} s and was stopped (exit $status); $log:"
    tail -15 "$log"
elif [ "$status" != 0 ]; then
    echo "---- $name failed (exit $status); $log:"
    grep -aE '^FAIL|^SKIP|error|Error|stale|differs|ERROR|runtime error' "$log" | head -40
    tail -15 "$log"
    echo "---- end of $name"
fi
exit 0
