# harness.sh -- what the command-level test scripts share; sourced by
# tests/commands.sh and tests/wonders.sh after they set NAME (their
# temporary folder's prefix and the label of their summary line).
# $T is a temporary folder removed on exit; every check counts as passed or
# failed, and `finish` prints "NAME commands: N passed, N failed" and
# returns non-zero when any failed.  KEEP=1 keeps $T to look at afterwards.
# Byte order for globs and sort, as make's $(sort) and wonderc's glob use.
LC_ALL=C
export LC_ALL
T=$(mktemp -d "/tmp/$NAME-cmd.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

# expect_exit CODE NAME COMMAND...: run, keep stdout+stderr in $T/out
expect_exit() {
    want=$1; name=$2; shift 2
    "$@" > "$T/out" 2>&1
    got=$?
    if [ "$got" = "$want" ]; then ok; else bad "$name: exit $got, expected $want"; head -20 "$T/out"; fi
}
# expect_out NAME TEXT: $T/out contains TEXT
expect_out() {
    if grep -qF -- "$2" "$T/out"; then ok; else bad "$1: output lacks '$2'"; head -20 "$T/out"; fi
}

finish() {
    echo "$NAME commands: $pass passed, $fail failed"
    [ "$fail" = 0 ]
}
