#!/bin/sh
# install.sh -- make install and make uninstall, into a temporary DESTDIR,
# and a program built against the installed copy with pkg-config alone.
# Usage: sh tests/install.sh   (from the top; make check runs it)
set -u
NAME=install
. tests/harness.sh
unset MAKEFLAGS MAKELEVEL MFLAGS
ROOT=$T/root
P=/usr/local
version=$(sed -n 's/^#define WH_VERSION "\(.*\)"/\1/p' runtime/wonders.h)
major=${version%%.*}

expect_exit 0 "make install" make -s --no-print-directory install DESTDIR="$ROOT" PREFIX=$P
for f in bin/wonderc bin/wonders lib/libwonders.a lib/libwonders.so.$version lib/pkgconfig/wonders.pc \
         include/wonders/wonders.h include/wonders/tables.h include/wonders/match.h include/wonders/playout.h \
         include/wonders/tileset.h include/wonders/draw.h include/wonders/lab.h include/wonders/tiles.h share/man/man1/wonderc.1 share/man/man1/wonders.1 \
         share/man/man5/wonders-tiles.5 share/man/man5/wonders-record.5; do
    [ -f "$ROOT$P/$f" ] && ok || bad "make install did not install $f"
done
[ "$(readlink "$ROOT$P/lib/libwonders.so.$major")" = "libwonders.so.$version" ] && ok || bad "no soname link"
[ "$(readlink "$ROOT$P/lib/libwonders.so")" = "libwonders.so.$major" ] && ok || bad "no development link"
readelf -d "$ROOT$P/lib/libwonders.so.$version" | grep -q "SONAME.*\[libwonders.so.$major\]" && ok \
    || bad "the shared library's soname is not libwonders.so.$major"
# only the public API is exported
nm -D --defined-only "$ROOT$P/lib/libwonders.so.$version" | awk '{ print $3 }' > "$T/exports"
grep -qx wh_game_init "$T/exports" && grep -qx wh_version "$T/exports" && grep -qx wh_tileset "$T/exports" &&
    grep -qx wh_draw_tile "$T/exports" && grep -qx wh_duel "$T/exports" && grep -qx wh_seats_new "$T/exports" && ok \
    || bad "the shared library does not export the API"
grep -vq '^wh_' "$T/exports" && bad "the shared library exports names outside wh_: $(grep -v '^wh_' "$T/exports" | head -3)" || ok
grep -qx wh_feature_squares "$T/exports" && bad "the shared library exports an internal function" || ok
grep -q '^wu_' "$T/exports" && bad "the shared library exports the renderer's internal names" || ok
grep -qx wr_duel "$T/exports" && bad "the shared library exports the lab's internal names" || ok

# a program built against the installed copy, with pkg-config only
export PKG_CONFIG_PATH="$ROOT$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$ROOT"
[ "$(pkg-config --modversion wonders)" = "$version" ] && ok || bad "pkg-config --modversion is not $version"
flags=$(pkg-config --cflags --libs wonders)
expect_exit 0 "build the example" cc -std=c11 -Wall -Wextra -pedantic -Werror docs/examples/random_game.c $flags -o "$T/random_game"
expect_exit 0 "run the example" env LD_LIBRARY_PATH="$ROOT$P/lib" "$T/random_game" 5
expect_out "run the example" "libwonders $version (built against $version), seed 5"
expect_out "run the example" "final scores: player 0"
LD_LIBRARY_PATH="$ROOT$P/lib" ldd "$T/random_game" | grep -q "libwonders.so.$major => $ROOT$P/lib" && ok \
    || bad "the example is not linked to the installed shared library"
# the lab's example: an mcts seat against a planner, 10 games, the win rate
expect_exit 0 "build the lab's example" cc -std=c11 -Wall -Wextra -pedantic -Werror docs/examples/mcts_duel.c $flags \
    -o "$T/mcts_duel"
expect_exit 0 "run the lab's example" env LD_LIBRARY_PATH="$ROOT$P/lib" "$T/mcts_duel"
expect_out "run the lab's example" "mcts (think 100) against planner: 10 games, mcts wins "
grep -Eq '^win rate: [0-9]+\.[0-9]% \(95% Wilson interval [0-9.]+% to [0-9.]+%\); mean margin [-+][0-9]+\.[0-9]{2} points a game$' \
    "$T/out" && ok || bad "the lab's example prints no win rate: $(cat "$T/out")"
LD_LIBRARY_PATH="$ROOT$P/lib" ldd "$T/mcts_duel" | grep -q "libwonders.so.$major => $ROOT$P/lib" && ok \
    || bad "the lab's example is not linked to the installed shared library"
# and statically, with what pkg-config --static adds (libm, threads)
expect_exit 0 "build the lab's example statically" cc -std=c11 docs/examples/mcts_duel.c \
    $(pkg-config --cflags wonders) "$ROOT$P/lib/libwonders.a" $(pkg-config --static --libs-only-l wonders | sed 's/-lwonders//') \
    -o "$T/mcts_duel_static"
expect_exit 0 "run the static example" "$T/mcts_duel_static" 2 10
expect_out "run the static example" "mcts (think 10) against planner: 2 games"
expect_exit 0 "installed wonders" "$ROOT$P/bin/wonders" play --quiet --players 2 --seed 2

# man pages: no groff warnings, and every option --help names is documented
for page in "$ROOT$P"/share/man/man1/*.1 "$ROOT$P"/share/man/man5/*.5; do
    groff -ww -man -Tutf8 "$page" > /dev/null 2> "$T/groff"
    [ $? = 0 ] && [ ! -s "$T/groff" ] && ok || { bad "groff warns about $(basename "$page")"; head -3 "$T/groff"; }
done
for opt in $(build/wonderc --help | grep -o -- '--[a-z-]*' | sort -u); do
    grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$ROOT$P/share/man/man1/wonderc.1" && ok || bad "wonderc.1 lacks $opt"
done
for cmd in play score check moves board simulate balance duel; do
    for opt in $(build/wonders $cmd --help | grep -o -- '--[a-z-]*' | sort -u); do
        grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$ROOT$P/share/man/man1/wonders.1" && ok \
            || bad "wonders.1 lacks $opt (wonders $cmd)"
    done
done

# the installed wonderc reads the installed tile sources from any folder, as
# the installed wonders has its tables wherever it runs (issue 35)
for f in tiles/*.tiles; do
    cmp -s "$f" "$ROOT$P/share/wonders/$f" && ok || bad "$f is not installed in share/wonders/tiles"
done
tikal=$(build/wonderc show tikal 2>&1 | head -1)
(cd "$T" && "$ROOT$P/bin/wonderc" show tikal) > "$T/show" 2>&1
status=$?
[ "$status" = 0 ] && ok || { bad "wonderc show tikal outside the checkout: exit $status"; head -3 "$T/show"; }
[ -n "$tikal" ] && [ "$(head -1 "$T/show")" = "$tikal" ] && ok || bad "wonderc show tikal outside the checkout: not the checkout's tile"
(cd "$T" && "$ROOT$P/bin/wonderc" check -v "$ROOT$P"/share/wonders/tiles/*.tiles) > "$T/check" 2>&1 && ok \
    || bad "the installed tile sources do not check"
built=$(pwd)/build/wonderc # beside no share/wonders/tiles, but in this checkout
(cd "$T" && "$built" show tikal) > "$T/built" 2>&1
status=$?
[ "$status" = 0 ] && [ "$(head -1 "$T/built")" = "$tikal" ] && ok \
    || { bad "a built wonderc outside the checkout: exit $status, not the checkout's tikal"; head -3 "$T/built"; }
mkdir -p "$T/lone/bin" && cp "$built" "$T/lone/bin/wonderc" # beside neither
(cd "$T" && "$T/lone/bin/wonderc" show tikal) > "$T/none" 2>&1
[ $? = 2 ] && grep -q "no input files, and no tiles/\*.tiles here, in $T/lone/bin/../share/wonders/tiles or in a checkout's tiles/ beside this wonderc" "$T/none" && ok \
    || { bad "a wonderc beside no tiles, outside the checkout: not the message"; cat "$T/none"; }

# uninstall removes what install put there, and nothing else
echo "not ours" > "$ROOT$P/bin/other"
expect_exit 0 "make uninstall" make -s --no-print-directory uninstall DESTDIR="$ROOT" PREFIX=$P
left=$(find "$ROOT" -type f -o -type l | grep -v "/bin/other$")
[ -z "$left" ] && ok || bad "make uninstall left: $(echo "$left" | head -3)"
[ -f "$ROOT$P/bin/other" ] && ok || bad "make uninstall removed a file it did not install"
[ -d "$ROOT$P/include/wonders" ] && bad "make uninstall left include/wonders" || ok

# a destination that cannot be written: the path is named, the exit is not 0
echo "a file" > "$T/afile"
expect_exit 2 "install into a file" make -s --no-print-directory install DESTDIR="$T/afile" PREFIX=$P
expect_out "install into a file" "$T/afile"

finish
