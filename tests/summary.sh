#!/bin/sh
# summary.sh -- the end of `make check`: one line per suite, its wall and
# CPU time and counts, then the totals; exits 1 when a suite failed, was not run, or (under
# CI=true, where every tool is installed) skipped a check.
# Usage: sh tests/summary.sh SUITE...   (from the top; reads build/check/)
set -u
dir=build/check
status=0
total_pass=0
total_fail=0
total_skip=0
total_cpu=0
printf '%-14s %8s %8s  %s\n' suite seconds cpu result
for name in "$@"; do
    if [ ! -f "$dir/$name.result" ]; then
        printf '%-14s %8s %8s  %s\n' "$name" - - "NOT RUN"
        status=1
        continue
    fi
    read -r _ code secs cpu rest < "$dir/$name.result"
    skips=${rest##* }
    counts=${rest% *}
    verdict=ok
    [ "$code" = 0 ] || { verdict="FAILED (exit $code)"; status=1; }
    if [ "$skips" != 0 ]; then
        verdict="$verdict, $skips skipped"
        [ "${CI:-}" = true ] && { verdict="$verdict (a skip fails under CI=true)"; status=1; }
        grep -a '^SKIP: ' "$dir/$name.log" | sed 's/^/    /'
    fi
    printf '%-14s %8s %8s  %s  %s\n' "$name" "$secs" "$cpu" "$counts" "$verdict"
    total_cpu=$(echo "$total_cpu $cpu" | awk '{ printf "%.1f", $1 + $2 }')
    set -- $counts
    if [ "${2:-}" = passed, ] && [ "${4:-}" = failed ]; then
        total_pass=$((total_pass + $1))
        total_fail=$((total_fail + $3))
    elif [ "$code" != 0 ]; then
        total_fail=$((total_fail + 1))
    fi
    total_skip=$((total_skip + skips))
done
[ "$status" = 0 ] && [ "$total_fail" != 0 ] && status=1
[ "$status" = 0 ] && echo "make check: all tests passed" || echo "make check: FAILED (logs in $dir/)"
echo "check: $total_pass passed, $total_fail failed, $total_skip skipped; the suites' cpu (user + system): $total_cpu s"
exit "$status"
