package check

import "revl.dev/debug/runtime/syntax"

// Check resolves f and reports every rule violation into
// Program.Diagnostics (sorted by position). The Program is usable even when
// there are diagnostics, so that editors keep working on broken files; the
// runtime refuses programs with errors.
func Check(f *syntax.File) *Program {
	if f == nil {
		f = &syntax.File{}
	}
	p := collect(f)
	// Sized from the source (about one resolved name per 13 bytes of
	// code): grown from empty, the map's rehashing was a fifth of Check.
	p.Uses = make(map[*syntax.Ident]Ref, len(f.Src)/12)
	check(newChecker(p))
	return p
}

// check runs the passes of Check and CheckWith.
func check(c *checker) {
	if m := c.halvesCut(); m > 0 {
		c.prepareComponents()
		c.halvesInexact = !c.inHalves(m)
	} else {
		c.checkDecls()
		c.prepareComponents()
		c.checkBodies()
		c.checkTypes()
	}
	c.trail = trail{} // read by the type pass only
	c.checkComposition()
	syntax.SortDiagnostics(c.p.Diagnostics)
}

// Source parses and checks one file, returning the program and all
// diagnostics, the parser's first.
func Source(filename string, src []byte) (*Program, []syntax.Diagnostic) {
	f, diags := syntax.ParseFile(filename, src)
	p := Check(f)
	all := append(append([]syntax.Diagnostic{}, diags...), p.Diagnostics...)
	syntax.SortDiagnostics(all)
	return p, all
}

// HasErrors reports whether any diagnostic is an error.
func HasErrors(ds []syntax.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == syntax.SeverityError {
			return true
		}
	}
	return false
}
