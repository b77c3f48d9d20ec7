// Package format prints revl syntax trees in the canonical layout: the
// formatter behind `revl fmt` and the language server's formatting.
//
// The layout, in short:
//
//   - two spaces of indentation per level, no tabs, no trailing white space,
//     one newline at the end of the file, LF line endings;
//   - one declaration, statement, service method or provide method per line
//     inside a braced body that spans lines in the source; a body written on
//     one line (and holding no comment) stays on one line, its statements
//     joined by "; ". The choice is the author's and survives formatting, so
//     `component A requires log: Log { emit log.write("A up") }` stays as is;
//   - records, record types, config blocks and match expressions follow the
//     same rule: one line if they were on one line, else one field (or arm)
//     per line;
//   - call arguments, lists, parameters and binary expressions are joined on
//     one line (the printer never wraps long lines);
//   - one space around binary operators, `=`, `=>`, `->`, `?` and `:` of a
//     conditional; none inside brackets; `{ }` for an empty body, `{}` for an
//     empty record;
//   - blank lines between items are kept, several collapsing to one, and
//     dropped at the start and end of a body;
//   - method modifiers in the order `commutative emission async`; `===` and
//     `!==` print as `==` and `!=` (the parser reads them so).
//
// Every comment is kept, at the same token boundary it had in the source: a
// comment that followed code on its line stays at the end of that line, one
// on its own line stays on its own line (with a blank line before it if it
// had one). A comment inside an expression ends the line there, and the
// expression continues on the next line, one level deeper.
//
// Guarantees, checked by the tests over every program in the repository and
// by a fuzz target: formatting is idempotent (Source(Source(x)) ==
// Source(x)), and the output parses, without diagnostics, to the same tree
// as the input, comments included (see Tree). Source checks the second
// property on every call and refuses to return output that breaks it, so a
// formatter bug can cost a user a formatting, never their program. A file
// with syntax errors is not formatted at all: recovery guesses are not the
// author's program.
package format
