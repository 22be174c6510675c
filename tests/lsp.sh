#!/bin/sh
# lsp.sh -- the language server driven by real clients: a scripted session
# (tests/lsp/session.py, a small client of our own over the protocol's
# framing), then Neovim's built-in client attached to it headless
# (tests/lsp/neovim.sh), then the editors' grammars against the scanner's
# keywords.  Usage: sh tests/lsp.sh PATH/TO/wonderc (from the top)
# Ends with "lsp: N passed, N failed".
set -u
WONDERC=$1
NAME=lsp
. tests/harness.sh

# the command line of the server: its help, and what it refuses
expect_exit 0 "lsp --help" "$WONDERC" lsp --help
expect_out "lsp --help" "usage: wonderc lsp [--stdio]"
expect_exit 2 "lsp with an unknown option" "$WONDERC" lsp --frob
expect_out "lsp with an unknown option" "wonderc: unknown option '--frob'"
expect_exit 2 "lsp given a file" "$WONDERC" lsp tiles/base.tiles
expect_out "lsp given a file" "lsp reads no files; the editor sends them: tiles/base.tiles"
# an empty input: no shutdown, so status 1 (the protocol's rule), nothing written
expect_exit 1 "lsp on an empty input" sh -c "'$WONDERC' lsp < /dev/null"
[ -s "$T/out" ] && bad "lsp on an empty input wrote $(head -c 200 "$T/out")" || ok

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

. tests/lsp/neovim.sh

# Every keyword of the scanner (compiler/lsp/words.sh reads them) is coloured
# by the VS Code grammar and the Vim syntax file.
sh compiler/lsp/words.sh grammar/lexer.l docs/language.md | sed -n 's/^    "\([a-z_]*\)",$/\1/p' | sort -u > "$T/keywords"
[ -s "$T/keywords" ] && ok || bad "no keyword read from grammar/lexer.l"
for f in editors/vscode/syntaxes/wonders-tiles.tmLanguage.json editors/vim/syntax/wonders-tiles.vim; do
    missing=$(while read -r k; do grep -qE "(^|[^a-z_])$k([^a-z_]|\$)" "$f" || echo "$k"; done < "$T/keywords")
    [ -z "$missing" ] && ok || bad "$f lacks the keywords: $(echo $missing)"
done
command -v python3 > /dev/null && {
    python3 -c 'import json, sys; [json.load(open(f)) for f in sys.argv[1:]]' editors/vscode/package.json \
        editors/vscode/language-configuration.json editors/vscode/syntaxes/wonders-tiles.tmLanguage.json \
        && ok || bad "editors/vscode/: a file that is not JSON"
}
finish
