#!/bin/sh
# words.sh -- the language server's word lists, made at build time from the
# compiler's own sources so that they cannot drift from them:
#   - the keywords, from the scanner's rules (grammar/lexer.l): those of a
#     tile file, and those inside an `effect` block (the <EFF> rules);
#   - the lines of docs/language.md that explain a word: each row of its
#     tables, under the word (or words) in backticks in its first cell, and
#     each line of its Grammar block, under every "word" quoted in it.
# Usage: sh compiler/lsp/words.sh grammar/lexer.l docs/language.md > lsp_words.h
set -eu
lexer=$1
doc=$2
cesc() { sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'; }

echo "/* lsp_words.h -- made by compiler/lsp/words.sh from $lexer and $doc; do not edit. */"
echo "static const char *const lsp_file_keywords[] = {"
sed -n 's/^"\([a-z_]*\)"[[:space:]]*{ return [A-Z_]*; }.*/    "\1",/p' "$lexer"
echo "};"
echo "static const char *const lsp_effect_keywords[] = {"
sed -n 's/^<EFF>"\([a-z_]*\)"[[:space:]]*{ return [A-Z_]*; }.*/    "\1",/p' "$lexer"
echo "};"
echo "static const lsp_doc_line lsp_doc_lines[] = {"
awk '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function cesc(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return s }
/^## / { section = substr($0, 4); grammar = (section == "Grammar"); }
/^### / { section = substr($0, 5) }
/^```/ { fence = !fence; next }
fence && grammar {
    line = trim($0)
    rest = line
    while (match(rest, /"[a-z_]+"/)) {
        w = substr(rest, RSTART + 1, RLENGTH - 2)
        key = w SUBSEP line
        if (!(key in seen)) { seen[key] = 1; printf "    {\"%s\", \"Grammar: %s\"},\n", w, cesc(line) }
        rest = substr(rest, RSTART + RLENGTH)
    }
    next
}
/^\|/ {
    if (!intable) { intable = 1; next }          # the header row
    if ($0 ~ /^\|[-| :]+\|?$/) next             # the rule under it
    n = split($0, cell, "|")
    text = ""
    for (i = 2; i < n; i++) { c = trim(cell[i]); if (c == "") continue; text = text (text == "" ? "" : " — ") c }
    first = cell[2]
    while (match(first, /`[a-z_]+/)) {
        w = substr(first, RSTART + 1, RLENGTH - 1)
        key = w SUBSEP text
        if (!(key in seen)) { seen[key] = 1; printf "    {\"%s\", \"%s: %s\"},\n", w, cesc(section), cesc(text) }
        first = substr(first, RSTART + RLENGTH)
    }
    next
}
{ intable = 0 }
' "$doc"
echo "};"
