package check

import (
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"revl.dev/debug/runtime/syntax"
)

// Incremental checking, for the language server. An edit usually changes
// the body of one declaration; syntax.Tree.Edit keeps every declaration
// before it node for node. CheckIncremental keeps, per top-level
// declaration, what the checker found there (the diagnostics of its
// signature and of its bodies, the identifiers it resolved into
// Program.Uses, the locals it typed into Program.TypeOf, the suggestions
// it spent), and for the next version of the file reuses that for every
// declaration the parse kept, checking only the others.
//
// That is exact, the Program of Check byte for byte (TestCheckIncremental
// and FuzzCheckIncremental compare them), because of what a declaration
// can see of the others. The checker's passes are (1) the top level
// (names, signatures, component headers), (2) bodies and (3) types, each
// one declaration at a time, reading only the top level of the others,
// and (4) the composition, which reads component headers. What the
// others can read of a declaration is its interface (see iface); when no
// declaration's interface changed, a kept declaration's results of
// passes 1 to 3 are what they were, the others' are recomputed, and pass
// 4, cheap, runs in full. Otherwise the check is a full one.
//
// The details that keep it exact:
//   - What a kept declaration points at in a declaration after the edit
//     (a related location, the definition of a name) moved with the edit:
//     a span shifts by its declaration's move, a node is found again in
//     the new parse by its kind and its place relative to its
//     declaration. Anything not found makes the check a full one.
//   - The suggestion budget (suggestBudget) is spent in source order; a
//     check that spends all of it could spend it differently, so it is
//     redone in full, and so is one of a file whose declared types refer
//     to each other in a cycle (how far the type pass expands such types
//     depends on which body first names one).
//   - Passes 2 and 3 run per declaration here, body then types, not all
//     bodies then all types; diagnostics are sorted by position, stably,
//     pass 1's all come first as in Check, and neither pass 2 nor 3 reads
//     what the other recorded for another declaration.
//   - The Uses and TypeOf maps are cloned from the previous check and the
//     entries of the declarations checked again deleted: the checker
//     records every entry it makes (checker.trace), and each is filed
//     under the declaration holding its identifier.

// The declarations after an edit. syntax.Tree.Edit parses them again (their
// positions moved), so they are new nodes, and Program.Uses and
// Program.TypeOf, keyed by node, must be filled for them again: that costs
// about what checking them does. But their diagnostics are what they were,
// moved, when the parse says they are the old declarations moved
// (syntax.Tree.Moved) and no interface changed. CheckEdited then checks
// only the declarations between the kept ones and the moved ones, lean
// (lean.go: without Program.Uses, giving up when a question needs it, and
// also when it needs a name outside the declarations it checks), takes the
// others' diagnostics from prev, and leaves the Program to be computed
// when it is asked for (Checked.Program), from the newest complete check
// before it. An editor gets its diagnostics at the cost of the edited
// declaration; hover, completion and the rest pay for the Program on
// their first request, once per version.

// Checked is a checked Program with what CheckIncremental needs to check
// the file's next version.
type Checked struct {
	// Rechecked is how many declarations had their bodies checked: all of
	// them after a full check, fewer when earlier results were reused.
	Rechecked int

	file     *syntax.File
	prog     *Program // nil while the Program is still to be computed (base)
	reusable bool
	iface    []string    // per declaration of file, see iface
	faults   bool        // the file has a fault test (see iface)
	decls    []declCheck // per declaration of file

	// A check of moved declarations (CheckEdited) has their diagnostics,
	// and its Program is computed on first use by CheckIncremental from
	// base, the newest complete check before it; full is that check.
	diags []syntax.Diagnostic
	base  *Checked
	once  sync.Once
	full  atomic.Pointer[Checked]
}

// Program is the checked Program, Check's for the file.
func (c *Checked) Program() *Program {
	if c.base == nil {
		return c.prog
	}
	c.once.Do(func() { c.full.Store(checkKept(c.file, c.base)) })
	return c.full.Load().prog
}

// Diagnostics are those of Program, sorted, without computing the rest of
// it.
func (c *Checked) Diagnostics() []syntax.Diagnostic {
	if c.base == nil {
		return c.prog.Diagnostics
	}
	return c.diags
}

// Complete reports whether the Program is computed.
func (c *Checked) Complete() bool { return c.base == nil || c.full.Load() != nil }

// complete is a check of the same file or an earlier version whose
// Program is computed: c itself, the one computed for it, or its base.
func (c *Checked) complete() *Checked {
	if c.base == nil {
		return c
	}
	if full := c.full.Load(); full != nil {
		return full
	}
	return c.base
}

// declCheck is what the checker found in one declaration.
type declCheck struct {
	head  []syntax.Diagnostic // of pass 1
	diags []syntax.Diagnostic // of passes 2 and 3
	// keys are its identifiers that are keys of Prog.Uses (whichever
	// pass recorded them), typed those of Prog.TypeOf: what goes when
	// the declaration is checked again.
	keys                 []*syntax.Ident
	typed                []*syntax.Ident
	reach                int // the furthest start offset of a node its keys name, -1: none
	headSuggest, suggest int // suggestions spent in pass 1, and in passes 2 and 3
}

// reach is the furthest start offset of the nodes r names, -1: none.
func reach(r Ref) int {
	at := -1
	if r.Def != nil {
		at = int(r.Def.Start.Offset)
	}
	if !isNil(r.Decl) {
		at = max(at, int(r.Decl.Range().Start.Offset))
	}
	return at
}

// checkTrace is what the checker recorded, in order (checker.trace).
type checkTrace struct {
	uses  []useEntry
	typed []*syntax.Ident
}

type useEntry struct {
	id  *syntax.Ident
	ref Ref
}

// CheckIncremental checks f. prev, when not nil, is the check of an
// earlier version of the file whose parse f shares its first declarations
// with (syntax.Tree.Edit); their results are reused when that is exact.
// The Program is the one Check(f) returns.
func CheckIncremental(f *syntax.File, prev *Checked) *Checked {
	if f == nil {
		f = &syntax.File{}
	}
	if prev != nil && prev.file == f {
		return prev
	}
	if prev != nil {
		prev = prev.complete()
	}
	return checkKept(f, prev)
}

// CheckEdited is CheckIncremental for f, the parse of an edit of prev's
// file, whose declarations from moved on are prev's moved
// (syntax.Tree.Moved; none for moved = len(f.Decls)). When no interface
// changed it checks the declarations between those f shares with prev's
// file and the moved ones only, for their diagnostics, and computes the
// Program when it is first asked for (see "The declarations after an
// edit").
func CheckEdited(f *syntax.File, prev *Checked, moved int) *Checked {
	if f == nil {
		f = &syntax.File{}
	}
	if prev != nil && prev.file != f && moved >= 0 && moved <= len(f.Decls) {
		if out := checkMoved(f, prev, moved); out != nil {
			return out
		}
	}
	return CheckIncremental(f, prev)
}

// checkKept is CheckIncremental with prev complete: the declarations f
// shares with prev's file keep their results, the others are checked.
func checkKept(f *syntax.File, prev *Checked) *Checked {
	iface, faults := ifaces(f, prev, len(f.Decls))
	kept := 0
	if prev != nil && prev.reusable {
		kept = keptDecls(prev, f, iface)
	}
	// (With every interface unchanged the types are too, and prev, being
	// reusable, had no cycle.)
	if kept == 0 && typeCycle(f) {
		return &Checked{file: f, prog: Check(f), Rechecked: len(f.Decls)}
	}
	p := collect(f)
	out := &Checked{file: f, prog: p, reusable: true, iface: iface, faults: faults, decls: make([]declCheck, len(f.Decls))}
	var m *remap
	var typeOf map[*syntax.Ident]*Type
	if kept > 0 {
		// The kept declarations' entries are copied wholesale (far
		// cheaper than inserting them one by one), the others' deleted,
		// and what the kept ones name after the edit follows it.
		m = newRemap(prev.file, f, kept)
		p.Uses, typeOf = maps.Clone(prev.prog.Uses), maps.Clone(prev.prog.TypeOf)
		for _, dc := range prev.decls[kept:] {
			for _, id := range dc.keys {
				delete(p.Uses, id)
			}
			for _, id := range dc.typed {
				delete(typeOf, id)
			}
		}
		for i := range kept {
			dc := &out.decls[i]
			*dc = prev.decls[i]
			dc.head, dc.diags = m.diags(dc.head), m.diags(dc.diags)
			if dc.reach < m.keptEnd {
				continue
			}
			dc.reach = -1
			for _, id := range dc.keys {
				r := p.Uses[id]
				if m.moves(r.Def) || m.moves(r.Decl) {
					r.Def, _ = m.node(r.Def).(*syntax.Ident)
					r.Decl = m.node(r.Decl)
					p.Uses[id] = r
				}
				dc.reach = max(dc.reach, reach(r))
			}
		}
		if m.failed {
			return checkKept(f, nil)
		}
	} else {
		p.Uses = make(map[*syntax.Ident]Ref, len(f.Src)/12)
	}
	// About an identifier per 12 bytes, a local per 96 (see Check).
	rest := len(f.Src)
	if kept > 0 && kept < len(f.Decls) {
		rest -= int(f.Decls[kept].Range().Start.Offset)
	}
	trace := &checkTrace{uses: make([]useEntry, 0, rest/12+16), typed: make([]*syntax.Ident, 0, rest/96+16)}
	c := newChecker(p)
	c.trace = trace
	c.passes(out, func(i int) bool { return i >= kept }, typeOf, rest)
	syntax.SortDiagnostics(p.Diagnostics)
	if c.suggestions >= suggestBudget {
		// Some suggestion may have been refused: which one depends on
		// the order the passes ran in.
		return &Checked{file: f, prog: Check(f), Rechecked: len(f.Decls)}
	}
	out.attribute(trace, kept)
	out.Rechecked = len(f.Decls) - kept
	return out
}

// passes runs the checker's passes over out's file, per declaration:
// those again selects are checked and what the checker found there filed
// in out.decls; the others keep what out.decls holds for them already
// (their diagnostics, moved, and the suggestions they spent), and a kept
// test is still told to the tests after it. locals is the type pass's map
// to go on filling (nil: a new one for rest bytes of source, what the
// passes walk).
func (c *checker) passes(out *Checked, again func(int) bool, locals map[*syntax.Ident]*Type, rest int) {
	p, f := c.p, out.file
	// Pass 1, per declaration. A kept one's results are its old ones: what
	// it reads of the others is in their interfaces.
	tests := map[string]*syntax.TestDecl{}
	for i, d := range f.Decls {
		dc := &out.decls[i]
		if !again(i) {
			if t, ok := d.(*syntax.TestDecl); ok && t.Name != nil && tests[t.Name.Value] == nil {
				tests[t.Name.Value] = t
			}
			p.Diagnostics = append(p.Diagnostics, dc.head...)
			c.suggestions += dc.headSuggest
			continue
		}
		from, spent := len(p.Diagnostics), c.suggestions
		c.checkDecl(d, tests)
		dc.head, dc.headSuggest = slices.Clone(p.Diagnostics[from:]), c.suggestions-spent
	}
	c.prepareComponents()
	if locals == nil {
		locals = localsFor(rest)
	}
	tc := c.newTyperWith(locals)
	// Passes 2 and 3. The type pass of a declaration reads the trail its
	// body pass has just left (trail.go), from the declaration's index.
	c.trail.start(len(f.Decls), rest)
	for i, d := range f.Decls {
		dc := &out.decls[i]
		if !again(i) {
			p.Diagnostics = append(p.Diagnostics, dc.diags...)
			c.suggestions += dc.suggest
			continue
		}
		from, spent := len(p.Diagnostics), c.suggestions
		c.bodyThenTypes(tc, i, d)
		dc.diags, dc.suggest = slices.Clone(p.Diagnostics[from:]), c.suggestions-spent
	}
	c.trail = trail{} // read by the type pass only
	// Pass 4, in full: it reads component headers only.
	c.checkComposition()
}

// attribute files what the checker recorded under the declarations that
// hold the identifiers, for those after the first kept ones (which keep
// their lists: the same passes record the same identifiers in them).
func (out *Checked) attribute(trace *checkTrace, kept int) {
	decls := out.file.Decls
	for i := kept; i < len(decls); i++ {
		out.decls[i].reach = -1
	}
	last := 0
	at := func(id *syntax.Ident) int {
		off := id.Start.Offset
		if last < len(decls) && decls[last].Range().Start.Offset <= off && off < decls[last].Range().End.Offset+1 {
			return last
		}
		j := sort.Search(len(decls), func(i int) bool { return decls[i].Range().Start.Offset > off }) - 1
		if j < 0 || off > decls[j].Range().End.Offset {
			out.reusable = false // an identifier outside every declaration
			return -1
		}
		last = j
		return j
	}
	for _, u := range trace.uses {
		if j := at(u.id); j >= kept {
			dc := &out.decls[j]
			dc.keys = append(dc.keys, u.id)
			dc.reach = max(dc.reach, reach(u.ref))
		}
	}
	for _, id := range trace.typed {
		if j := at(id); j >= kept {
			out.decls[j].typed = append(out.decls[j].typed, id)
		}
	}
}

// keptDecls is how many leading declarations of f are prev's own nodes
// whose check can be reused: 0 unless every declaration's interface is
// unchanged.
func keptDecls(prev *Checked, f *syntax.File, iface []string) int {
	if len(prev.file.Decls) != len(f.Decls) || !slices.Equal(prev.iface, iface) {
		return 0
	}
	return sharedDecls(prev.file, f)
}

// sharedDecls is how many leading declarations new shares with old, node
// for node.
func sharedDecls(old, new *syntax.File) int {
	k := 0
	for k < len(new.Decls) && k < len(old.Decls) && new.Decls[k] == old.Decls[k] {
		k++
	}
	return k
}

// ifaces computes iface for every declaration of f, and whether f has a
// fault test. A declaration prev's parse shares has the interface it had,
// and so do those from moved on (prev's moved, when moved < len(f.Decls)).
func ifaces(f *syntax.File, prev *Checked, moved int) ([]string, bool) {
	faults := false
	for _, d := range f.Decls {
		if t, ok := d.(*syntax.TestDecl); ok && t.Kind == syntax.FaultTest {
			faults = true
		}
	}
	out := make([]string, len(f.Decls))
	i := 0
	reuse := prev != nil && prev.reusable && prev.faults == faults
	if reuse {
		i = sharedDecls(prev.file, f)
		copy(out, prev.iface[:i])
	}
	for ; i < len(f.Decls); i++ {
		if reuse && i >= moved && i < len(prev.iface) {
			out[i] = prev.iface[i]
			continue
		}
		out[i] = iface(f.Src, f.Decls[i], faults)
	}
	return out, faults
}

// iface is what the other declarations' bodies can read of d, and where
// (its start column, and positions relative to its start, since
// diagnostics elsewhere may point into it): a service or a type whole;
// a fn's signature; a component's header, its config step and, when the
// file has a fault test (which names steps by number and effects by
// name), its top-level steps; of a test, its kind.
func iface(src []byte, d syntax.Decl, faults bool) string {
	if isNil(d) {
		return "nil"
	}
	sp := d.Range()
	start := sp.Start.Offset
	text := func(from, to int32) string {
		if from < start || to < from || int(to) > len(src) {
			return "?"
		}
		return string(src[from:to])
	}
	rel := func(n syntax.Node) string {
		s := n.Range()
		return strconv.Itoa(int(s.Start.Offset-start)) + ":" + strconv.Itoa(int(s.Start.Line-sp.Start.Line)) + ":" +
			strconv.Itoa(int(s.Start.Col)) + ":" + text(s.Start.Offset, s.End.Offset)
	}
	var b strings.Builder
	b.WriteString(reflect.TypeOf(d).String())
	b.WriteString(" " + strconv.Itoa(int(sp.Start.Col)) + " ")
	switch d := d.(type) {
	case *syntax.FnDecl:
		end := sp.End.Offset
		if d.Body != nil {
			end = d.Body.Start.Offset
		} else if !isNil(d.ExprBody) {
			end = d.ExprBody.Range().Start.Offset
		}
		b.WriteString(text(start, end))
	case *syntax.ComponentDecl:
		if d.Body == nil {
			b.WriteString(text(start, sp.End.Offset))
			break
		}
		b.WriteString(text(start, d.Body.Start.Offset))
		for i, s := range d.Body.Stmts {
			if cfg, ok := s.(*syntax.ConfigStmt); ok && cfg != nil {
				b.WriteString("\x00config " + strconv.Itoa(i) + " " + rel(cfg))
				break
			}
		}
		if !faults {
			break
		}
		b.WriteString("\x00steps " + strconv.Itoa(len(d.Body.Stmts)))
		for _, s := range d.Body.Stmts {
			if e, ok := s.(*syntax.EffectStmt); ok && e != nil && e.Name != nil {
				b.WriteString("\x00effect " + rel(e.Name) + " " + rel(e))
			}
		}
	case *syntax.TestDecl:
		b.WriteString(strconv.Itoa(int(d.Kind)))
	default:
		b.WriteString(text(start, sp.End.Offset))
	}
	return b.String()
}

// typeCycle reports whether some declared type refers back to itself
// through declared types.
func typeCycle(f *syntax.File) bool {
	refs := map[string][]string{}
	var order []string
	for _, d := range f.Decls {
		t, ok := d.(*syntax.TypeDecl)
		if !ok || t == nil || t.Name == nil {
			continue
		}
		if _, seen := refs[t.Name.Name]; seen {
			continue // the first declaration is the one types resolve to
		}
		names := []string{}
		if !isNil(t.Type) {
			syntax.Inspect(t.Type, func(n syntax.Node) bool {
				if nt, ok := n.(*syntax.NamedType); ok && nt != nil && nt.Name != nil {
					names = append(names, nt.Name.Name)
				}
				return true
			})
		}
		refs[t.Name.Name] = names
		order = append(order, t.Name.Name)
	}
	const (
		unvisited = iota
		onPath
		done
	)
	state := map[string]int{}
	var visit func(string) bool
	visit = func(name string) bool {
		switch state[name] {
		case onPath:
			return true
		case done:
			return false
		}
		state[name] = onPath
		for _, r := range refs[name] {
			if _, declared := refs[r]; declared && visit(r) {
				return true
			}
		}
		state[name] = done
		return false
	}
	for _, name := range order {
		if visit(name) {
			return true
		}
	}
	return false
}

// remap carries references from the old parse into the new one: a node
// or span in one of the first kept declarations is shared by both; one in
// a later declaration moved with the edit, which (the interfaces being
// equal) left its place within its declaration alone.
type remap struct {
	old, new *syntax.File
	kept     int
	keptEnd  int   // where the first declaration not kept starts, in the old text
	starts   []int // old declarations' start offsets
	tables   map[int]map[nodeKey]syntax.Node
	failed   bool
}

// nodeKey finds a node in a declaration: its kind and its place relative
// to the declaration's start.
type nodeKey struct {
	kind       reflect.Type
	start, end int
}

func newRemap(old, new *syntax.File, kept int) *remap {
	m := &remap{old: old, new: new, kept: kept, starts: make([]int, len(old.Decls)), tables: map[int]map[nodeKey]syntax.Node{}}
	for i, d := range old.Decls {
		m.starts[i] = int(d.Range().Start.Offset)
	}
	m.keptEnd = len(old.Src) + 1
	if kept < len(old.Decls) {
		m.keptEnd = m.starts[kept]
	}
	return m
}

// moves reports whether n lies after the kept declarations (a nil node,
// or one without a place, does not move).
func (m *remap) moves(n syntax.Node) bool {
	if isNil(n) {
		return false
	}
	return int(n.Range().Start.Offset) >= m.keptEnd
}

// declOf is the index of the old declaration holding sp, or -1.
func (m *remap) declOf(sp syntax.Span) int {
	j := sort.Search(len(m.starts), func(i int) bool { return m.starts[i] > int(sp.Start.Offset) }) - 1
	if j < 0 || sp.End.Offset > m.old.Decls[j].Range().End.Offset {
		return -1
	}
	return j
}

// node is n's counterpart in the new parse.
func (m *remap) node(n syntax.Node) syntax.Node {
	if isNil(n) {
		return n
	}
	sp := n.Range()
	j := m.declOf(sp)
	if j < 0 {
		m.failed = true
		return n
	}
	if j < m.kept {
		return n
	}
	t := m.table(j)
	nn := t[nodeKey{reflect.TypeOf(n), int(sp.Start.Offset) - m.starts[j], int(sp.End.Offset) - m.starts[j]}]
	if isNil(nn) {
		m.failed = true
		return n
	}
	return nn
}

// table indexes the nodes of the new declaration j by nodeKey; a key two
// nodes share maps to nil (not found).
func (m *remap) table(j int) map[nodeKey]syntax.Node {
	if t, ok := m.tables[j]; ok {
		return t
	}
	t := map[nodeKey]syntax.Node{}
	d := m.new.Decls[j]
	start := int(d.Range().Start.Offset)
	syntax.Inspect(d, func(n syntax.Node) bool {
		if isNil(n) {
			return false
		}
		sp := n.Range()
		k := nodeKey{reflect.TypeOf(n), int(sp.Start.Offset) - start, int(sp.End.Offset) - start}
		if _, dup := t[k]; dup {
			t[k] = nil
		} else {
			t[k] = n
		}
		return true
	})
	m.tables[j] = t
	return t
}

// diags is ds with every span moved with its declaration.
func (m *remap) diags(ds []syntax.Diagnostic) []syntax.Diagnostic {
	if len(ds) == 0 {
		return ds
	}
	out := make([]syntax.Diagnostic, len(ds))
	for j, d := range ds {
		d.Span = m.span(d.Span)
		if len(d.Related) > 0 {
			d.Related = slices.Clone(d.Related)
			for k := range d.Related {
				d.Related[k].Span = m.span(d.Related[k].Span)
			}
		}
		out[j] = d
	}
	return out
}

// span is sp moved with its declaration (its text there unchanged).
func (m *remap) span(sp syntax.Span) syntax.Span {
	if !sp.Start.IsValid() {
		return sp
	}
	j := m.declOf(sp)
	if j < 0 {
		m.failed = true
		return sp
	}
	if j < m.kept {
		return sp
	}
	from, to := m.old.Decls[j].Range().Start, m.new.Decls[j].Range().Start
	doff, dline := to.Offset-from.Offset, to.Line-from.Line
	out := sp
	out.Start.Offset += doff
	out.End.Offset += doff
	out.Start.Line += dline
	out.End.Line += dline
	if int(out.End.Offset) > len(m.new.Src) || string(m.old.Src[sp.Start.Offset:sp.End.Offset]) != string(m.new.Src[out.Start.Offset:out.End.Offset]) {
		m.failed = true
	}
	return out
}
