#!/bin/sh
# lsp.sh -- the language server driven by real clients: a scripted session
# (tests/lsp/session.py, a small client of our own over the protocol's
# framing).  Usage: sh tests/lsp.sh PATH/TO/wonderc (from the top)
# Ends with "lsp: N passed, N failed".
set -u
WONDERC=$1
NAME=lsp
. tests/harness.sh

if command -v python3 > /dev/null; then
    python3 tests/lsp/session.py "$WONDERC" > "$T/session" 2>&1
    status=$?
    cat "$T/session"
    counts=$(sed -n 's/^lsp session: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$T/session")
    [ "$status" = 0 ] && [ -n "$counts" ] && ok || bad "the scripted session: exit $status"
    set -- $counts # the session's own counts join the suite's
    pass=$((pass + ${1:-0}))
    fail=$((fail + ${2:-0}))
else
    skip "the scripted session" "python3 is not installed (.ci/deps.sh)"
fi

finish
