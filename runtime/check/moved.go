package check

import (
	"slices"

	"revl.dev/debug/runtime/syntax"
)

// checkMoved is CheckEdited's check of f when its declarations from moved
// on are prev's moved (see "The declarations after an edit" in
// incremental.go), or nil when that cannot be trusted and the check is
// to be CheckIncremental's: the interfaces changed, a test among the
// declarations checked changed its name (pass 1 of a test reads the names
// of the tests before it, and a test's interface is its kind only), a
// diagnostic taken over points somewhere that did not move with its
// declaration, the lean check gave up, or the suggestions ran out.
func checkMoved(f *syntax.File, prev *Checked, moved int) *Checked {
	old := prev.file
	if !prev.reusable || old == nil || len(old.Decls) != len(f.Decls) || (moved < len(f.Decls) && !sameTail(old, f, moved)) {
		return nil
	}
	iface, faults := ifaces(f, prev, moved)
	if faults != prev.faults || !slices.Equal(iface, prev.iface) {
		return nil
	}
	kept := sharedDecls(old, f)
	if kept > moved {
		return nil
	}
	for i := kept; i < moved; i++ {
		if testKey(old.Decls[i]) != testKey(f.Decls[i]) {
			return nil
		}
	}
	p := collect(f)
	out := &Checked{file: f, reusable: true, iface: iface, faults: faults, decls: make([]declCheck, len(f.Decls)),
		base: prev.complete(), Rechecked: moved - kept}
	m := newRemap(old, f, kept)
	// What the checker found in a declaration it does not check again: its
	// diagnostics, moved, and the suggestions they spent.
	for i := range f.Decls {
		if i < kept || i >= moved {
			pd := &prev.decls[i]
			out.decls[i] = declCheck{head: m.diags(pd.head), diags: m.diags(pd.diags), headSuggest: pd.headSuggest, suggest: pd.suggest}
		}
	}
	// The lean check knows the names of the declarations it checks only:
	// a question about any other is one it cannot answer (leanUses.at).
	from, to := declStart(f, kept), declStart(f, moved)
	c := newChecker(p)
	c.lean = &leanUses{base: from, seen: make([]uint64, (to-from)/64+1)}
	c.trail.decls = true
	c.passes(out, func(i int) bool { return i >= kept && i < moved }, nil, to-from)
	if c.lean.failed && leanGaveUp != nil {
		leanGaveUp()
	}
	if m.failed || c.lean.failed || c.suggestions >= suggestBudget {
		return nil
	}
	syntax.SortDiagnostics(p.Diagnostics)
	out.diags = p.Diagnostics
	return out
}

// testKey tells a test declaration's name (and that it is one) from any
// other declaration.
func testKey(d syntax.Decl) string {
	t, ok := d.(*syntax.TestDecl)
	switch {
	case !ok || t == nil:
		return "\x00not a test"
	case t.Name == nil:
		return "\x00unnamed"
	}
	return "\x01" + t.Name.Value
}

// sameTail reports whether new's declarations from moved on can be old's
// moved: the text from the start of the line of the first to the end of
// the file is the same in both, and so are the declarations' columns.
func sameTail(old, new *syntax.File, moved int) bool {
	if moved < 0 || moved >= len(new.Decls) || isNil(old.Decls[moved]) || isNil(new.Decls[moved]) {
		return false
	}
	a, b := old.Decls[moved].Range().Start, new.Decls[moved].Range().Start
	la, lb := int(a.Offset)-int(a.Col)+1, int(b.Offset)-int(b.Col)+1
	return a.Col == b.Col && la >= 0 && lb >= 0 && la <= len(old.Src) && lb <= len(new.Src) &&
		string(old.Src[la:]) == string(new.Src[lb:])
}

// declStart is the offset where declaration i of f starts, the end of the
// file for i past the last.
func declStart(f *syntax.File, i int) int {
	if i >= len(f.Decls) {
		return len(f.Src)
	}
	return int(f.Decls[i].Range().Start.Offset)
}
