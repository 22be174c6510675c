#!/bin/sh
# tests/mutants/run.sh [LIST [N...]] -- mutation testing (docs/testing.md,
# "Mutation testing").  Each line of LIST (tests/mutants/list) is
#
#     FILE | SED EXPRESSION | THE RULE IT SHOULD BREAK
#
# Every mutant is applied to a fresh copy of a pristine copy of the tree --
# sources plus the already built build/rel objects, so a mutant recompiles
# only its own file and relinks -- then the suites that should catch it run
# there: the unit tests (golden diagnostics included) for every mutant, and
# `wonders check tests/positions/*.yaml` for a runtime mutant.  A suite that
# fails, crashes or runs past MUTANT_TIMEOUT seconds (a loop) kills it.  A
# mutant whose expression does not change exactly one line, or whose file
# no longer compiles, is invalid: the list is wrong, and the run fails.
# N... (numbers of lines of LIST) runs only those mutants.
# Exit 1 when fewer than 95% of the valid mutants are killed.
set -u
list=${1:-tests/mutants/list}
[ $# -gt 0 ] && shift
only=" $* "
limit=${MUTANT_TIMEOUT:-120}
root=$(pwd)
[ -f "$list" ] || { echo "mutants: no list $list" >&2; exit 2; }
[ -x build/unit-tests ] && [ -x build/wonders ] || { echo "mutants: build build/unit-tests and build/wonders first" >&2; exit 2; }
# the outer make's jobserver is not ours to use; each build here runs 2 jobs
unset MAKEFLAGS MFLAGS MAKELEVEL
start=$(date +%s)

scratch=$(mktemp -d "${TMPDIR:-/tmp}/wh-mutants.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
# only the rel objects are used: the other variants would only cost copying
tar -cf - --exclude=./.git --exclude=./build/san --exclude=./build/fault --exclude=./build/pic \
    --exclude=./build/fuzz . | (mkdir "$scratch/pristine" && tar -xf - -C "$scratch/pristine") || exit 2

killed=0 survived=0 invalid=0 n=0 line=0
survivors=
while IFS= read -r entry || [ -n "$entry" ]; do
    line=$((line + 1))
    case $entry in '#'* | '') continue ;; esac
    case $only in '  ') ;; *" $line "*) ;; *) continue ;; esac
    file=${entry%% | *}
    rule=${entry##* | }
    expr=${entry#"$file | "}
    expr=${expr%" | $rule"}
    n=$((n + 1))
    work=$scratch/m
    rm -rf "$work" && cp -a "$scratch/pristine" "$work"
    verdict=
    if ! [ -f "$work/$file" ] || ! sed -i -e "$expr" "$work/$file" 2>/dev/null; then
        verdict="invalid (no such file, or a bad expression)"
    else
        changed=$(diff "$scratch/pristine/$file" "$work/$file" | grep -c '^<')
        [ "$changed" -eq 1 ] || verdict="invalid (the expression changes $changed lines, not 1)"
    fi
    if [ -z "$verdict" ]; then
        obj=build/rel/${file%.c}.o
        if ! make -s -C "$work" "$obj" > "$scratch/log" 2>&1; then
            verdict="invalid (does not compile)"
        elif ! timeout "$limit" make -s -j2 -C "$work" build/unit-tests build/wonders > "$scratch/log" 2>&1; then
            # the mutant compiles, but the build's own use of it failed:
            # wonderc rejected the shipped tiles
            verdict="killed (the build: wonderc on tiles/)"
        else
            # the braces take the shell's own crash report into the log too
            rc=$( { cd "$work/tests" && timeout "$limit" ../build/unit-tests --quiet; } > "$scratch/log" 2>&1; echo $?)
            if [ $rc -eq 124 ]; then
                verdict="killed (unit tests: timeout)"
            elif [ $rc -ne 0 ]; then
                verdict="killed (unit tests)"
            else
                case $file in
                runtime/*)
                    rc=$( { cd "$work" && timeout "$limit" build/wonders check tests/positions/*.yaml; } > "$scratch/log" 2>&1; echo $?)
                    if [ $rc -eq 124 ]; then
                        verdict="killed (positions: timeout)"
                    elif [ $rc -ne 0 ]; then
                        verdict="killed (positions)"
                    fi
                    ;;
                esac
            fi
        fi
        [ -n "$verdict" ] || verdict=survived
    fi
    case $verdict in
    killed*) killed=$((killed + 1)) ;;
    survived) survived=$((survived + 1)); survivors="$survivors
  line $line: $file: $expr ($rule)" ;;
    *) invalid=$((invalid + 1)) ;;
    esac
    printf 'mutant %d (line %d, %s): %s -- %s\n' "$n" "$line" "$file" "$verdict" "$rule"
done < "$list"

valid=$((killed + survived))
elapsed=$(( $(date +%s) - start ))
if [ $valid -gt 0 ]; then
    rate=$(awk -v k=$killed -v v=$valid 'BEGIN { printf "%.1f", 100 * k / v }')
else
    rate=0
fi
echo "mutants: $n, killed $killed, survived $survived, invalid $invalid; kill rate $rate% ($elapsed s)"
[ -z "$survivors" ] || printf 'survivors:%s\n' "$survivors"
status=0
[ $invalid -eq 0 ] || { echo "mutants: FAIL: $invalid invalid mutants (fix the list)"; status=1; }
[ $valid -gt 0 ] && [ $((killed * 100)) -ge $((valid * 95)) ] || { echo "mutants: FAIL: kill rate below 95%"; status=1; }
exit $status
