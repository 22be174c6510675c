# harness.sh -- what the command-level test scripts share; sourced by
# tests/commands.sh and tests/wonders.sh after they set NAME (their
# temporary folder's prefix and the label of their summary line).
# $T is a temporary folder removed on exit; every check counts as passed or
# failed, and `finish` prints "NAME commands: N passed, N failed" and
# returns non-zero when any failed.  KEEP=1 keeps $T to look at afterwards.
# Every check asserts the exact exit status it expects (expect_exit).
# Byte order for globs and sort, as make's $(sort) and wonderc's glob use.
LC_ALL=C
export LC_ALL
# A sanitizer's exit is never an expected status: ASan exits 86 and UBSan 87
# (halting at the first report), whatever options the caller set before.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=87:halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS UBSAN_OPTIONS
T=$(mktemp -d "/tmp/$NAME-cmd.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
# skip WHAT WHY: a check not run, said so; tests/summary.sh fails it under
# CI=true, where every tool the checks need is installed
skip() { echo "SKIP: $1: $2"; }

# copy_tree DEST: the tree from the top into DEST, with the objects make has
# built (so the copy recompiles only what its edits change), without git's
# history, the suites' logs and scratch folders, or builds no copy uses (the
# copies build and run the plain programs only: tests/new_wonder.sh)
copy_tree() {
    mkdir -p "$1"
    tar --exclude=./.git --exclude=./build/check --exclude=./build/fault --exclude=./build/pic \
        --exclude=./build/san --exclude='./build/*-san' --exclude='./build/*-fault' --exclude=./build/examples \
        --exclude=./build/fuzz --exclude='./build/regen-check*' --exclude='./build/gallery-check*' \
        -cf - . | tar -xf - -C "$1"
}

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
