" The tile language of the Wonders of Humanity compiler (docs/editors.md).
autocmd BufRead,BufNewFile *.tiles setfiletype wonders-tiles
