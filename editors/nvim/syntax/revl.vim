" Vim syntax for revl (.rvl): the token rules of runtime/syntax/scanner.go.
if exists('b:current_syntax')
  finish
endif

syn keyword revlDeclaration service component type test lifecycle fault fn
syn keyword revlModifier    commutative emission async
syn keyword revlDependency  requires provides provide config
syn keyword revlStep        let var effect undo emit compensate every after
syn keyword revlControl     if else while for of return await fail match assert
syn keyword revlBoolean     true false
syn keyword revlNull        null None
syn keyword revlBuiltinType Str Int Float Bool Unit List Map Opt Result
syn keyword revlHost        Pool Job
syn keyword revlNoResidue   no_residue
" The last match defined wins at a position: bad numbers first, durations last.
syn match   revlBadNumber   /\<\d\+\(\.\d\+\)\=\([eE][+-]\=\d\+\)\=[A-Za-z_]\w*/
syn match   revlNumber      /\<\d\+\(\.\d\+\)\=\([eE][+-]\=\d\+\)\=\>/
syn match   revlDuration    /\<\d\+\(ms\|s\|m\|h\|d\)\>/
syn region  revlString      start=/"/ end=/"/ end=/$/ oneline
syn region  revlTemplate    start=/`/ end=/`/ end=/$/ oneline contains=revlSubst
syn region  revlSubst       matchgroup=revlSubstDelim start=/\${/ end=/}/ end=/$/ contained oneline contains=revlNumber,revlString,revlBoolean
syn match   revlOperator    /===\|!==\|==\|!=\|<=\|>=\|&&\|||\|??\|->\|=>/
syn match   revlComment     /\/\/.*$/ contains=@Spell
" The lifecycle-test words are keywords only inside lifecycle and fault
" test bodies; they are matched by their shape there (load C, advance 5s).
syn match   revlHarness     /^\s*\zs\(load\|unload\)\ze\s\+[A-Za-z_]/
syn match   revlHarness     /^\s*\zsadvance\ze\s\+\d/
syn match   revlHarness     /\<call\ze\s\+\h\w*\.\h\w*\s*(/
syn match   revlHarness     /\<with\ze\s*{/

hi def link revlDeclaration Structure
hi def link revlModifier    StorageClass
hi def link revlDependency  Keyword
hi def link revlStep        Statement
hi def link revlControl     Conditional
hi def link revlBoolean     Boolean
hi def link revlNull        Constant
hi def link revlBuiltinType Type
hi def link revlHost        Type
hi def link revlHarness     Keyword
hi def link revlNoResidue   Constant
hi def link revlDuration    Number
hi def link revlNumber      Number
hi def link revlBadNumber   Error
hi def link revlString      String
hi def link revlTemplate    String
hi def link revlSubstDelim  Special
hi def link revlOperator    Operator
hi def link revlComment     Comment

let b:current_syntax = 'revl'
