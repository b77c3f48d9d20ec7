package check

import "revl.dev/debug/runtime/syntax"

// A lean check: the same diagnostics and the same Program, without
// Program.Uses. The map of every identifier is what the language server
// navigates by (definition, references, rename, hover, semantic tokens);
// the runtime, the scheduler and the debugger never read it, and at
// 50,000 components it was 64 MB and a third of the check's CPU (its
// inserts, a cache miss each). The checker itself asks it little: the type
// pass reads what the name pass resolved from the trail (trail.go), and
// only what the trail does not hold is asked of the map. A lean check
// keeps only the trail; when a question needs the map after all, it gives
// up and the file is checked again in full (Check), so its answers are
// always the map's and a lean check reports what a full one reports
// (TestLeanMatchesFull). gen.Wide never needs the map.
//
// The map's one other service is telling a name recorded twice (its later
// Ref wins, and the trail is then not read). A lean check tells it by the
// identifier's offset instead, in a bit set over the source: two names at
// one offset — the same identifier twice, a hand-built tree, or a name the
// parser made up — and it gives up too.

// Options are what CheckWith keeps.
type Options struct {
	// NoUses leaves Program.Uses nil (and with it References and the
	// uses TypeOfIdent finds): for callers that run the program and never
	// navigate it (the debugger's launch, revl test, schedule worlds).
	NoUses bool
	// Alone checks on one core (no halves, halves.go), and SourceWith
	// parses on one (syntax.ParseFileAlone): for a check in the background
	// that leaves the other cores to the foreground (the debugger's
	// header-first launch). The result is the same.
	Alone bool
}

// CheckWith is Check with options.
func CheckWith(f *syntax.File, o Options) *Program {
	if !o.NoUses {
		return Check(f)
	}
	if f == nil {
		f = &syntax.File{}
	}
	c := leanCheck(f, !o.Alone)
	if c.halvesInexact {
		// The suggestion budget ran out across the halves: serially.
		c = leanCheck(f, false)
	}
	p := c.p
	if c.lean.failed {
		if leanGaveUp != nil {
			leanGaveUp()
		}
		p = Check(f)
	}
	p.Uses = nil
	return p
}

// leanCheck runs a lean check of f, in halves when halves allows and f is
// large (halves.go).
func leanCheck(f *syntax.File, halves bool) *checker {
	c := newChecker(collect(f))
	c.lean = &leanUses{seen: make([]uint64, len(f.Src)/64+1)}
	c.trail.decls = true
	c.halves = halves
	check(c)
	return c
}

// SourceWith is Source with options.
func SourceWith(filename string, src []byte, o Options) (*Program, []syntax.Diagnostic) {
	parse := syntax.ParseFile
	if o.Alone {
		parse = syntax.ParseFileAlone
	}
	f, diags := parse(filename, src)
	p := CheckWith(f, o)
	all := append(append([]syntax.Diagnostic{}, diags...), p.Diagnostics...)
	syntax.SortDiagnostics(all)
	return p, all
}

// leanUses is what a lean check keeps instead of Program.Uses.
type leanUses struct {
	seen []uint64 // by identifier offset from base: a name was recorded there
	base int      // the first offset seen covers (CheckEdited checks some declarations only)
	// lo and hi (when not 0) fence a half of a check in halves (halves.go)
	// into its own declarations' offsets: outside them it has no answer.
	lo, hi int
	failed bool // a question needed the map: check again in full
}

// leanGaveUp, when set (by tests), is told each time a lean check gives up.
var leanGaveUp func()

// at is the word and bit of seen for id's offset; ok is false for an
// offset outside the source.
func (l *leanUses) at(id *syntax.Ident) (w *uint64, bit uint64, ok bool) {
	off := int(id.Start.Offset) - l.base
	if off < 0 || off/64 >= len(l.seen) || l.fenced(id) {
		return nil, 0, false
	}
	return &l.seen[off/64], uint64(1) << (off % 64), true
}

// fenced reports whether id lies outside the fence of a half (lo, hi).
func (l *leanUses) fenced(id *syntax.Ident) bool {
	off := int(id.Start.Offset)
	return off < l.lo || (l.hi > 0 && off >= l.hi)
}

// fresh reports whether no name was recorded at id's offset yet, and marks
// it.
func (l *leanUses) fresh(id *syntax.Ident) bool {
	w, bit, ok := l.at(id)
	if !ok || *w&bit != 0 {
		return false
	}
	*w |= bit
	return true
}

// useLean is use's recording while the check is lean.
func (c *checker) useLean(id *syntax.Ident, r Ref) {
	if !c.lean.fresh(id) {
		c.lean.failed = true
		return
	}
	c.trail.record(id, r, true)
}

// useOf is Program.Uses[id] during the check, lean or not. A lean check
// knows that a name never recorded resolved to nothing (no bit at its
// offset: unresolved names, parts of broken code); for one recorded and
// not on the trail it has no answer: it gives up.
func (c *checker) useOf(id *syntax.Ident) (Ref, bool) {
	if l := c.lean; l != nil {
		if w, bit, ok := l.at(id); ok && *w&bit == 0 {
			return Ref{}, false
		}
		l.failed = true
		return Ref{}, false
	}
	r, ok := c.p.Uses[id]
	return r, ok
}

// typeOfIdent is Program.TypeOfIdent during the type pass, asking the
// trail first.
func (tc *typer) typeOfIdent(id *syntax.Ident) *Type {
	p := tc.c.p
	if id == nil || p.TypeOf == nil {
		return nil
	}
	if t := p.TypeOf[id]; t != nil {
		return t
	}
	if kind, def, ok := tc.ref(id); ok && kind == RefLocal && def != nil {
		return tc.localOf(def)
	}
	return nil
}

// localOf is the type the pass gave local def. A half of a check in halves
// (halves.go) types its own declarations' locals only: for any other it
// has no answer, and the check gives up its lean set.
func (tc *typer) localOf(def *syntax.Ident) *Type {
	if l := tc.c.lean; l != nil && def != nil && l.fenced(def) {
		l.failed = true
		return nil
	}
	return tc.locals[def]
}
