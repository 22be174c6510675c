#!/bin/sh
# wonders_usage.sh -- the golden messages of `wonders`: every command line
# of tests/usage/wonders.cases run from the top of the tree, its standard
# output and error together and its exact exit status compared with
# tests/usage/wonders.expected (UPDATE_GOLDEN=1 rewrites the file; review
# the diff).  Then the man page, --help and the exit statuses agree: the
# EXIT STATUS section of wonders(1) says what `wonders --help` says, each
# command's unknown-option message lists exactly the options its --help
# names, and the golden cases give the status the man page promises (2 for
# usage and for a file that cannot be read).
# The lists a message draws from the tile set -- the wonders, the packs'
# tiles, the land packs -- stand in the golden file as {WONDERS}, {TILES}
# and {PACKS}, their number as {N}: each must be exactly what wonderc compiles from tiles/, and
# a new wonder or pack in tiles/ needs no edit here (tests/new_wonder.sh).
# Usage: sh tests/wonders_usage.sh PATH/TO/wonders   (run from the top;
# wonderc is taken from the same folder)
set -u
W=$1
NAME=wonders-usage
. tests/harness.sh
WC=$(dirname "$W")/wonderc

# the tile set's lists, as the compiler says them
wonders=$("$WC" show --wonders | sed -n 's/^\([a-z0-9_]*\.[a-z0-9_]*\)  ".*(wonder tile.*/\1/p' | paste -sd, | sed 's/,/, /g')
tiles=$("$WC" dump | sed -n 's/^\([a-z0-9_]*\)\.\([A-Za-z0-9_]*\):$/\1 \2/p' \
    | awk '$1 != p { if (p != "") { printf "%s%s.%s to %s.%s", sep, p, first, p, last; sep = ", " } p = $1; first = $2 }
           { last = $2 } END { printf "%s%s.%s to %s.%s\n", sep, p, first, p, last }')
packs=$("$WC" check -v tiles/*.tiles | awk 'NF > 4 && $3 == "tiles" && $6 != "(wonders)" && !/packs:/ { print $1 }' \
    | paste -sd, | sed 's/,/, /g')
n_wonders=$(echo "$wonders" | tr ',' '\n' | grep -c .)
[ -n "$wonders" ] && [ -n "$tiles" ] && [ -n "$packs" ] && ok || bad "cannot read the tile set's lists from $WC"
# placeholders LIST: the lists replaced by their names (fixed strings)
placeholders() {
    awk -v w="$wonders" -v t="$tiles" -v p="$packs" -v n="has $n_wonders wonders; give a number from 0 to $n_wonders" '
        function swap(line, s, r,   i) {
            while ((i = index(line, s)) > 0) line = substr(line, 1, i - 1) r substr(line, i + length(s))
            return line
        }
        { $0 = swap($0, w, "{WONDERS}"); $0 = swap($0, t, "{TILES}"); $0 = swap($0, n, "has {N} wonders; give a number from 0 to {N}")
          print swap($0, "(" p ")", "({PACKS})") }'
}

CASES=tests/usage/wonders.cases
EXPECTED=tests/usage/wonders.expected

# one case: "$ wonders ARGS", its output, "[exit N]", a blank line
grep -v '^#' "$CASES" | grep -v '^[[:space:]]*$' | while IFS= read -r line; do
    eval "set -- $line"
    printf '$ wonders %s\n' "$line"
    "$W" "$@" < /dev/null > "$T/one" 2>&1
    status=$?
    cat "$T/one"
    printf '[exit %s]\n\n' "$status"
done | placeholders > "$T/found"
if [ -n "${UPDATE_GOLDEN:-}" ]; then
    cp "$T/found" "$EXPECTED"
    echo "rewrote $EXPECTED (review it with git diff)"
fi
if cmp -s "$EXPECTED" "$T/found"; then
    ok
else
    bad "the messages differ from $EXPECTED (UPDATE_GOLDEN=1 sh tests/wonders_usage.sh $W rewrites it)"
    diff -u "$EXPECTED" "$T/found" | head -60
fi
# each case: one line of message, and for a usage error the pointer to --help
awk '/^\$ wonders /{n=0; next} /^\[exit /{ if ($2 == "2]" && n > 2) print "more than two lines: " prev; next}
     {n++; prev=$0}' "$T/found" > "$T/long"
[ -s "$T/long" ] && { bad "a message longer than its line and the pointer"; cat "$T/long"; } || ok
awk '/^\$ wonders /{cmd=$0; msg=""; next} /^wonders: /{msg=$0} /^\[exit 2\]/{ if (msg != "" && !ptr) print cmd }
     /--help lists the/{ptr=1} /^$/{ptr=0}' "$T/found" > "$T/nopointer"
# (a file that cannot be read is an I/O failure, not usage: no pointer)
grep -v "nonexist\|tests/usage\$" "$T/nopointer" > "$T/nopointer2"
[ -s "$T/nopointer2" ] && { bad "a usage error without the pointer to --help"; cat "$T/nopointer2"; } || ok

# the man page's EXIT STATUS is the text of `wonders --help`
sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' docs/man/wonders.1 | sed '1d;$d' | sed 's/\\-/-/g' | tr '\n' ' ' \
    | tr -s ' ' | sed 's/ $//' > "$T/man-status"
"$W" --help | sed -n '/^exit status:/,$p' | sed 's/^exit status: //' | tr '\n' ' ' | tr -s ' ' | sed 's/ $//' \
    > "$T/help-status"
if [ -s "$T/man-status" ] && cmp -s "$T/man-status" "$T/help-status"; then
    ok
else
    bad "wonders(1) EXIT STATUS and wonders --help say different things"
    echo "man:  $(cat "$T/man-status")"; echo "help: $(cat "$T/help-status")"
fi
# what the text promises, the golden cases do: usage and unreadable files 2, bad records 1
grep -q "; 2 bad usage" "$T/help-status" && grep -q "input or output failure (a file that cannot be read" "$T/help-status" \
    && grep -q "^0 success; 1 a bad record" "$T/help-status" && ok || bad "the exit statuses are not the ones checked here"
for c in "score nonexist.yaml" "score tests/usage" "simulate --merge nonexist.yaml" "balance --merge nonexist.yaml" \
         "check nonexist.yaml" "play --players" "frobnicate"; do
    grep -A3 -F "\$ wonders $c" "$T/found" | grep -q '^\[exit 2\]' && ok || bad "wonders $c: not exit 2 as wonders(1) says"
done
grep -A2 -F '$ wonders score tests/usage/invalid-utf8.yaml' "$T/found" | grep -q '^\[exit 1\]' && ok \
    || bad "a bad record: not exit 1 as wonders(1) says"

# the GNU form --opt=value: every option that takes a value, in every command,
# reads as --opt value (the same output and exit status)
spaced() { printf '%s\n' "$*" | sed 's/\(--[a-z-]*\)=/\1 /g'; }
P=tests/positions/tikal.yaml
for line in \
    "play --players=2 --seed=3 --seats=planner,mcts --think=20 --variant=2 --packs=base --rules=abbot --wonders=2 --record=$T/r.yaml" \
    "play --players=2 --seats=greedy,random --think-ms=1 --seed=5 --packs=base --wonders=tikal --quiet" \
    "score $P --format=yaml" "board $P --format=svg" "moves $P --tile=base.V" "check $P" \
    "simulate --games=2 --players=2 --seed=4 --wonders=3 --variant=1 --packs=base --rules=none --seats=greedy,random --think=5 --jobs=1 --shard=0/2 --format=yaml" \
    "balance --games=2 --players=2 --seed=2 --wonders=tikal,stonehenge --baseline=none --seats=random,random --think=5 --packs=base --rules=abbot --jobs=1 --shard=0/1 --format=yaml --report=$T/report" \
    "duel --seats=greedy,random --games=2 --think=5 --think-ms=100 --seed=7 --packs=base --jobs=1 --sprt=0.5,0.6 --alpha=0.1 --beta=0.1"; do
    "$W" $line > "$T/eq" 2>&1; s1=$?
    rm -rf "$T/report"
    "$W" $(spaced "$line") > "$T/sp" 2>&1; s2=$?
    rm -rf "$T/report"
    [ "$s1" = "$s2" ] && cmp -s "$T/eq" "$T/sp" && ok || { bad "wonders $line: not the same as $(spaced "$line")"; diff "$T/sp" "$T/eq" | head -5; }
done

# each command's options: its --help and its unknown-option message name the same
for cmd in play score check moves board simulate balance; do
    "$W" $cmd --no-such-option 2>&1 | sed -n '1s/.*(\(.*\))$/\1/p' | tr -d ',' | tr ' ' '\n' | grep -v '^--help$' \
        | sort -u > "$T/listed"
    "$W" $cmd --help | grep -oE -- '--[a-z]+(-[a-z]+)*|(^|[ [])-o( |$)' | tr -d ' [' | sort -u > "$T/helped"
    if [ -s "$T/listed" ] && cmp -s "$T/listed" "$T/helped"; then ok; else
        bad "wonders $cmd: --help and the unknown-option message name different options"
        diff "$T/helped" "$T/listed"
    fi
    "$W" $cmd --help > /dev/null 2>&1; [ $? = 0 ] && ok || bad "wonders $cmd --help: not exit 0"
done

finish
