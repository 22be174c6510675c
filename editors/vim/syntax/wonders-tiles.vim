" Vim syntax file -- the tile language of the Wonders of Humanity compiler
" (docs/language.md).  Install: docs/editors.md.  The keywords are the
" scanner's (grammar/lexer.l); tests/lsp.sh checks that none is missing.
if exists("b:current_syntax")
  finish
endif

syn keyword wtDecl      pack tileset tile wonder square
" `effect` is the start of its region below (a keyword would hide the region).
syn keyword wtKind      city road river field monastery garden area junction
syn keyword wtClause    count tags sides crosses on squares arms touches ends separated
syn keyword wtClause    expect where tiles kinds edges tiles_with packs wonders
syn match   wtSide      "\<[NESW][LR]\=\>"
syn match   wtNumber    "-\=\<\d\+\>"
syn match   wtProperty  "\.\@<=\h\w*"
syn match   wtName      "\%(\<\%(pack\|tile\|wonder\)\s\+\)\@<=\h\w*"
syn region  wtString    start=+"+ skip=+\\\\\|\\"+ end=+"\|$+ oneline
syn match   wtComment   "#.*$" contains=@Spell

" Inside `effect { ... }` the words are the effect language's.
syn region  wtEffect    matchgroup=wtDecl start="\<effect\s*{" end="}" contains=@wtEffectItems
syn region  wtBlock     start="{" end="}" contained transparent contains=@wtEffectItems
syn keyword wtControl   contained on if else once for where
syn keyword wtOperator  contained and or not
syn keyword wtEffectKw  contained starts counter rule score to add set none count sum max min
syn keyword wtEffectKw  contained dist around lines players tiles
syn keyword wtKind      contained feature
syn keyword wtBuiltin   contained owner current wonder true false
syn cluster wtEffectItems contains=wtBlock,wtControl,wtOperator,wtEffectKw,wtKind,wtBuiltin,wtNumber,wtProperty,wtString,wtComment,wtSide

" Files are a few hundred lines: parse from the top, so an effect block is
" known as one wherever the screen starts.
syn sync fromstart

hi def link wtDecl      StorageClass
hi def link wtKind      Type
hi def link wtClause    Keyword
hi def link wtSide      Constant
hi def link wtNumber    Number
hi def link wtProperty  Identifier
hi def link wtName      Function
hi def link wtString    String
hi def link wtComment   Comment
hi def link wtControl   Conditional
hi def link wtOperator  Operator
hi def link wtEffectKw  Keyword
hi def link wtBuiltin   Constant

let b:current_syntax = "wonders-tiles"
