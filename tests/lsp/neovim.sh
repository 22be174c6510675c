# neovim.sh -- sourced by tests/lsp.sh: Neovim's built-in client, set up by
# the snippet of docs/editors.md (editors/nvim/wonders.lua), attaches to
# `wonderc lsp` headless and shows the diagnostic of a broken file, at the
# place and with the message `wonderc check` gives.
if ! command -v nvim > /dev/null; then
    skip "Neovim's client" "nvim is not installed (.ci/deps.sh)"
else
    # the first feature with a `sides` clause gets a square its tile lacks
    sed '0,/\(city\|road\|field\|river\) [A-Za-z_0-9]* { sides /s//&zz:N, /' tiles/wonders-set1.tiles > "$T/broken.tiles"
    "$WONDERC" check "$T/broken.tiles" > "$T/check" 2>&1
    [ $? = 1 ] && ok || bad "neovim: wonderc check should fail on the broken file"
    want=$(sed -n "s|^$T/broken.tiles:\([0-9]*:[0-9]*: error: .*\)|\1|p" "$T/check" | head -1)
    line=$(grep -n 'zz:N' "$T/broken.tiles" | head -1 | cut -d: -f1)
    case $want in "$line":*) ok ;; *) bad "neovim: the error is not on the line of zz:N ($line): $want" ;; esac
    NVIM_OUT="$T/nvim.out" WONDERC="$WONDERC" XDG_STATE_HOME="$T/state" XDG_DATA_HOME="$T/data" \
        timeout 60 nvim --headless --clean -c "luafile editors/nvim/wonders.lua" -c "edit $T/broken.tiles" \
        -c "luafile tests/lsp/neovim_wait.lua" > "$T/nvim.log" 2>&1
    status=$?
    [ "$status" = 0 ] && ok || { bad "neovim: exit $status"; cat "$T/nvim.log"; }
    grep -qx "client wonderc" "$T/nvim.out" 2> /dev/null && ok || { bad "neovim: the client did not attach"; cat "$T/nvim.out" "$T/nvim.log"; }
    grep -qxF -- "$want" "$T/nvim.out" 2> /dev/null && ok || { bad "neovim does not show '$want'"; cat "$T/nvim.out"; }
fi

# The Vim syntax file (editors/vim/): a pack's keyword, and a word of the
# effect language inside an effect block (`score`, the first handler's
# statement) and outside one (in a comment), as Vim's syntax engine sees them.
if command -v nvim > /dev/null; then
    timeout 60 nvim --headless --clean --cmd "set rtp^=editors/vim" -c "syntax on" -c "filetype on" \
        tiles/wonders-set1.tiles -c 'call search("^pack")' \
        -c 'let a = synIDattr(synID(line("."), 1, 1), "name")' \
        -c 'call search("^ *on .*{ score ")' -c 'call search("score", "", line("."))' \
        -c 'let b = synIDattr(synID(line("."), col("."), 1), "name")' \
        -c "call writefile([&filetype, a, b], '$T/syn.out')" -c 'qa!' > "$T/vim.log" 2>&1 < /dev/null
    printf 'wonders-tiles\nwtDecl\nwtEffectKw\n' | cmp -s - "$T/syn.out" 2> /dev/null && ok \
        || { bad "the Vim syntax file: filetype, 'pack', 'score' in an effect are not wonders-tiles, wtDecl, wtEffectKw"; cat "$T/syn.out" "$T/vim.log"; }
fi
