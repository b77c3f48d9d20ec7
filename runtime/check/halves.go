package check

import (
	"runtime"
	"sort"
	"sync"

	"revl.dev/debug/runtime/syntax"
)

// The passes of a large file on two cores. In a lean check
// (CheckWith{NoUses}: the debugger's launch, revl check) the declaration,
// body and type passes are most of the check — at 50,000 components about
// 190 of its 280 ms — and each declaration's part of them reads only what
// collect built (the program's tables) and every component's config step
// (prepareComponents), and writes only its own: the names it resolves (the
// trail and the lean bit set, at its own identifiers' offsets), its
// locals' types, its component's provisions, its diagnostics. The one
// exception, a test's name taken by an earlier test, is checked first,
// for all tests. So the declarations are cut in two at about half the
// source, and the second half is checked by a checker of its own on
// another core while the first runs here: each half's declaration pass,
// then each declaration's body pass followed by its type pass, as
// CheckIncremental runs them. The composition pass runs after, on the
// whole.
//
// The result is the serial check's: the same diagnostics (sorted by
// position at the end; within a declaration the passes keep their order),
// the same locals' types. What could tell the halves apart is fenced off:
//   - the suggestion budget is spent in pass order; when the two halves
//     together reach it, which suggestion was refused depends on that
//     order, and the file is checked again serially (as CheckIncremental
//     does);
//   - a half that asks about an identifier outside its own declarations
//     (the lean bit set, or a local's type; no pass does today) gets no
//     answer, and the check gives up its lean set and checks in full, as
//     for any question the set cannot answer;
//   - each half has its own type cache, so the two halves' locals may hold
//     equal types built twice; nothing compares types across declarations
//     (and only the language server reads Program.TypeOf, from a full
//     check, which never runs in halves).
// TestHalvesMatchSerial and FuzzHalves compare the halves with the serial
// check, and the race detector runs them.

// halvesFrom is the least source, in bytes, checked in halves (a variable
// for tests): below it a second goroutine costs more than it saves.
var halvesFrom = 256 << 10

// halvesCores is whether there is a second core to check on (a variable
// for tests).
var halvesCores = func() bool { return runtime.GOMAXPROCS(0) >= 2 }

// halvesAudit, when set (by tests), is told of each check in halves: the
// cut, and whether the halves' result stood.
var halvesAudit func(m int, exact bool)

// halvesCut is the index of the first declaration of the second half, or
// 0 when c's file is not checked in halves.
func (c *checker) halvesCut() int {
	f := c.p.File
	if !c.halves || len(f.Src) < halvesFrom || len(f.Decls) < 2 || !halvesCores() {
		return 0
	}
	half := int32(len(f.Src) / 2)
	m := sort.Search(len(f.Decls), func(i int) bool { return !isNil(f.Decls[i]) && f.Decls[i].Range().Start.Offset >= half })
	m = min(max(m, 1), len(f.Decls)-1)
	if isNil(f.Decls[m]) || f.Decls[m].Range().Start.Offset <= 0 {
		return 0 // a hand-built tree: no offset to fence the halves at
	}
	return m
}

// inHalves runs the declaration, body and type passes in two halves cut
// before declaration m (see above). exact is false when the suggestion
// budget ran out: the check must then be run again serially.
func (c *checker) inHalves(m int) (exact bool) {
	f := c.p.File
	cut := int(f.Decls[m].Range().Start.Offset)
	// The one question the declaration pass asks across declarations: a
	// test's name taken by an earlier test.
	tests := map[string]*syntax.TestDecl{}
	for _, d := range f.Decls {
		if t, ok := d.(*syntax.TestDecl); ok {
			c.checkDecl(t, tests)
		}
	}
	// The second half's checker: the same program tables and component
	// states, its own diagnostics, locals, trail and lean bit set.
	second := *c.p
	second.Diagnostics = nil
	base := cut &^ 63 // a word of its own: the halves never write one word
	h := &checker{p: &second, file: c.file, comps: c.comps, valueMethods: c.valueMethods, suggestions: c.suggestions,
		lean: &leanUses{seen: make([]uint64, (len(f.Src)-base)/64+1), base: base, lo: cut}}
	h.trail.decls = c.trail.decls
	c.lean.hi = cut
	start := c.suggestions
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.passesOver(m, len(f.Decls), len(f.Src)-cut)
	}()
	c.passesOver(0, m, cut)
	wg.Wait()
	c.lean.hi = 0
	locals := c.p.TypeOf
	//seam:unordered merging two sets of locals; order cannot matter
	for id, t := range second.TypeOf {
		locals[id] = t
	}
	c.p.Diagnostics = append(c.p.Diagnostics, second.Diagnostics...)
	c.suggestions += h.suggestions - start
	if h.lean.failed {
		c.lean.failed = true
	}
	exact = c.suggestions < suggestBudget
	if halvesAudit != nil {
		halvesAudit(m, exact)
	}
	return exact
}

// passesOver runs the declaration pass over the declarations from..to-1
// but tests (inHalves checks their names), which span about srcLen bytes
// of source, and then the body pass and the type pass of each.
func (c *checker) passesOver(from, to, srcLen int) {
	decls := c.p.File.Decls
	for _, d := range decls[from:to] {
		if _, ok := d.(*syntax.TestDecl); !ok {
			c.checkDecl(d, nil)
		}
	}
	c.trail.start(len(decls), srcLen)
	tc := c.newTyperWith(localsFor(srcLen))
	for i := from; i < to; i++ {
		c.bodyThenTypes(tc, i, decls[i])
	}
}
