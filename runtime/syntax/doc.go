// Package syntax is the revl frontend: the lexer, the parser and the syntax
// tree of spec sections 1–3.
//
// Every node carries its source Span, and the parser recovers from errors
// so that one pass reports several diagnostics per file, each rendered as
// `file:line:col: message` naming what was expected and what was found. The
// language server, the checker and the debugger all read this tree.
package syntax
