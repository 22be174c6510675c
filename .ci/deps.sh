#!/bin/sh
# deps.sh -- make sure the build dependencies are installed.
# As root, installs what is missing with apt-get; otherwise prints the exact
# command to run and fails.
set -eu

missing=""
command -v flex >/dev/null 2>&1 || missing="$missing flex"
command -v bison >/dev/null 2>&1 || missing="$missing bison"
command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
[ -f /usr/include/yaml.h ] || missing="$missing libyaml-dev"
[ -f /usr/include/CUnit/CUnit.h ] || missing="$missing libcunit1-dev"
# wonderc lsp: the Language Server Protocol's JSON-RPC, read and written by jansson.
[ -f /usr/include/jansson.h ] || missing="$missing libjansson-dev"
# The language server's scripted session (tests/lsp/session.py) is its client.
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
# Neovim's built-in client attached to it headless (tests/lsp/neovim.sh).
command -v nvim >/dev/null 2>&1 || missing="$missing neovim"
# The install test: a program built with pkg-config; man pages checked by groff.
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkgconf"
command -v groff >/dev/null 2>&1 || missing="$missing groff-base"
# The gallery test: SVG validity, and pixels of the page as a browser draws it.
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
[ -x /usr/bin/convert ] || missing="$missing imagemagick"
fc-list 2>/dev/null | grep -qi dejavu || missing="$missing fonts-dejavu-core"
# The playground: wonderc built to WebAssembly (make playground; tests/pages.sh
# compares the build with the committed docs/playground/wonderc.js).
command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
# The balance lab's local recipe: shards run side by side by GNU parallel.
command -v parallel >/dev/null 2>&1 || missing="$missing parallel"
# The progress line on a terminal: `script` gives the command one.
command -v script >/dev/null 2>&1 || missing="$missing bsdutils"

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ]; then
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
else
    echo "missing build dependencies:$missing"
    echo "install them with:"
    echo "    sudo apt-get install -y$missing"
    exit 1
fi
