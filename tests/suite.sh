#!/bin/sh
# suite.sh -- run one suite of `make check`, quietly, and keep its verdict.
# Usage: sh tests/suite.sh NAME COMMAND...   (from the top)
#
# The suite's output goes to build/check/NAME.log; its verdict, one line
# "NAME STATUS SECONDS COUNTS", to build/check/NAME.result, where COUNTS is
# the suite's own closing line ("N passed, N failed", CUnit's or a script's).
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
counts=$(grep -aE '(^|: )[0-9]+ passed, [0-9]+ failed' "$log" | tail -1 | sed 's/^.*: \([0-9]* passed\)/\1/')
skips=$(grep -ac '^SKIP: ' "$log")
echo "$name $status $secs ${counts:-no counts} $skips" > "$dir/$name.result"
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
