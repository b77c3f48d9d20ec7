package check

import (
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// Incremental checking, for the language server. An edit usually changes
// the body of one declaration; syntax.Tree.Edit keeps every declaration
// before it node for node, and parses those after it anew (their
// positions moved). CheckIncremental keeps, per top-level declaration,
// what the checker found there (the diagnostics of its signature and of
// its bodies, the identifiers it resolved into Program.Uses, the locals
// it typed into Program.TypeOf, the suggestions it spent), and for the
// next version of the file reuses that for every declaration the parse
// kept, and for every later one whose text and tree are the old ones,
// moved (shiftDecls: its diagnostics shift, its entries are filed under
// its new nodes), checking only the others.
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
// 4, cheap, runs in full. Otherwise the check is a full one. (A moved
// declaration's results are its old ones moved: nothing the checker
// records depends on where a declaration is, but spans and nodes.)
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

// Checked is a checked Program with what CheckIncremental needs to check
// the file's next version.
type Checked struct {
	Prog *Program
	// Rechecked is how many declarations had their bodies checked: all of
	// them after a full check, fewer when earlier results were reused.
	Rechecked int

	reusable bool
	iface    []string    // per declaration of Prog.File, see iface
	faults   bool        // the file has a fault test (see iface)
	decls    []declCheck // per declaration of Prog.File
}

// declCheck is what the checker found in one declaration.
type declCheck struct {
	head  []syntax.Diagnostic // of pass 1
	diags []syntax.Diagnostic // of passes 2 and 3
	// keys are its identifiers that are keys of Prog.Uses (whichever
	// pass recorded them), typed those of Prog.TypeOf: what goes when
	// the declaration is checked again. keys holds each with the Ref it
	// was recorded with, in order (the last one of an identifier is its
	// entry), so that a declaration the edit moves can be filed under its
	// new identifiers without asking the map.
	keys  []useEntry
	typed []*syntax.Ident
	reach int // the furthest start offset of a node its keys name, -1: none
	// nodes are the declaration's nodes in walk order and starts their
	// start offsets, when an edit moved it (see shiftDecls), and at and
	// typedAt where keys and typed are among them (see moveEntries); nil
	// else.
	nodes                []syntax.Node
	starts               []int
	at                   []entryAt
	typedAt              []int32
	headSuggest, suggest int // suggestions spent in pass 1, and in passes 2 and 3
}

// reach is the furthest start offset of the nodes r names, -1: none.
func reach(r Ref) int {
	at := -1
	if r.Def != nil {
		at = r.Def.Start.Offset
	}
	if !isNil(r.Decl) {
		at = max(at, r.Decl.Range().Start.Offset)
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
// with (syntax.Tree.Edit); their results are reused when that is exact,
// and so are those of the later declarations whose text and tree did not
// change, their positions moved with the edit (see shiftDecls).
// The Program is the one Check(f) returns.
func CheckIncremental(f *syntax.File, prev *Checked) *Checked {
	if f == nil {
		f = &syntax.File{}
	}
	if prev != nil && prev.Prog.File == f {
		return prev
	}
	iface, faults := ifaces(f, prev)
	var m *remap
	if prev != nil && prev.reusable && sameIfaces(prev, f, iface) {
		m = newRemap(prev.Prog.File, f, keptDecls(prev, f))
		m.shiftDecls(prev.decls)
		if m.kept == 0 && m.nshifted == 0 {
			m = nil
		}
	}
	// (With every interface unchanged the types are too, and prev, being
	// reusable, had no cycle.)
	if m == nil && typeCycle(f) {
		return &Checked{Prog: Check(f), Rechecked: len(f.Decls)}
	}
	p := collect(f)
	out := &Checked{Prog: p, reusable: true, iface: iface, faults: faults, decls: make([]declCheck, len(f.Decls))}
	kept := 0
	reused := func(i int) bool { return i < kept || m != nil && m.shifted[i] }
	var typeOf map[*syntax.Ident]*Type
	// About an identifier per 12 bytes, a local per 96 (see Check): rest
	// is the source the declarations checked again span.
	rest := len(f.Src)
	if m != nil {
		kept = m.kept
		// The kept declarations' entries are copied wholesale (far
		// cheaper than inserting them one by one) and the others'
		// deleted; or, when the kept ones have fewer entries than the
		// others (an edit early in the file), inserted one by one into
		// new maps, which is cheaper than deleting the others'. The moved
		// ones' go in under their new identifiers, and what the reused
		// ones name after the edit follows it.
		old := prev.Prog
		before, after := 0, 0
		for i, dc := range prev.decls {
			if i < kept {
				before += len(dc.keys)
			} else {
				after += len(dc.keys)
			}
		}
		if before >= after {
			p.Uses, typeOf = maps.Clone(old.Uses), maps.Clone(old.TypeOf)
			for _, dc := range prev.decls[kept:] {
				for _, u := range dc.keys {
					delete(p.Uses, u.id)
				}
				for _, id := range dc.typed {
					delete(typeOf, id)
				}
			}
		} else {
			p.Uses, typeOf = make(map[*syntax.Ident]Ref, len(old.Uses)), make(map[*syntax.Ident]*Type, len(old.TypeOf))
			for _, dc := range prev.decls[:kept] {
				for _, u := range dc.keys {
					p.Uses[u.id] = u.ref // in order: the last Ref of an identifier is its entry
				}
				for _, id := range dc.typed {
					if t, ok := old.TypeOf[id]; ok {
						typeOf[id] = t
					}
				}
			}
		}
		rest = 0
		for i := range f.Decls {
			dc := &out.decls[i]
			if !reused(i) {
				sp := f.Decls[i].Range()
				rest += sp.End.Offset - sp.Start.Offset
				continue
			}
			*dc = prev.decls[i]
			dc.head, dc.diags = m.diags(dc.head), m.diags(dc.diags)
			if i >= kept {
				m.moveEntries(i, dc, old, p.Uses, typeOf)
				continue
			}
			if dc.reach < m.keptEnd {
				continue
			}
			dc.reach = -1
			// (The list is prev's too: it is copied before it changes, as
			// the next edit that moves this declaration reads its Refs.)
			dc.keys = slices.Clone(dc.keys)
			for k, u := range dc.keys {
				r := u.ref
				if m.moves(r.Def) || m.moves(r.Decl) {
					r.Def, _ = m.node(r.Def).(*syntax.Ident)
					r.Decl = m.node(r.Decl)
					dc.keys[k].ref = r
				}
				p.Uses[u.id] = r // in order: the last Ref of an identifier is its entry
				dc.reach = max(dc.reach, reach(r))
			}
		}
		if m.failed {
			return CheckIncremental(f, nil)
		}
	} else {
		p.Uses = make(map[*syntax.Ident]Ref, len(f.Src)/12)
	}
	trace := &checkTrace{uses: make([]useEntry, 0, rest/12+16), typed: make([]*syntax.Ident, 0, rest/96+16)}
	c := newChecker(p)
	c.trace = trace
	// Pass 1, per declaration. A reused one's results are its old ones:
	// what it reads of the others is in their interfaces.
	tests := map[string]*syntax.TestDecl{}
	for i, d := range f.Decls {
		dc := &out.decls[i]
		if reused(i) {
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
	tc := c.newTyper()
	if typeOf != nil {
		tc.locals, p.TypeOf = typeOf, typeOf
	}
	// Passes 2 and 3. The type pass of a declaration reads the trail its
	// body pass has just left (trail.go), from the declaration's index.
	c.trail.start(len(f.Decls), rest)
	for i, d := range f.Decls {
		dc := &out.decls[i]
		if reused(i) {
			p.Diagnostics = append(p.Diagnostics, dc.diags...)
			c.suggestions += dc.suggest
			continue
		}
		from, spent := len(p.Diagnostics), c.suggestions
		c.checkBody(i, d)
		tc.decl(i, d)
		dc.diags, dc.suggest = slices.Clone(p.Diagnostics[from:]), c.suggestions-spent
	}
	c.trail = trail{} // read by the type pass only
	c.checkComposition()
	syntax.SortDiagnostics(p.Diagnostics)
	if c.suggestions >= suggestBudget {
		// Some suggestion may have been refused: which one depends on
		// the order the passes ran in.
		return &Checked{Prog: Check(f), Rechecked: len(f.Decls)}
	}
	out.attribute(trace, reused)
	out.Rechecked = len(f.Decls)
	for i := range f.Decls {
		if reused(i) {
			out.Rechecked--
		}
	}
	return out
}

// attribute files what the checker recorded under the declarations that
// hold the identifiers, for those checked again (the reused ones keep
// their lists: the same passes record the same identifiers in them).
func (out *Checked) attribute(trace *checkTrace, reused func(int) bool) {
	decls := out.Prog.File.Decls
	for i := range decls {
		if !reused(i) {
			out.decls[i].reach = -1
		}
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
		if j := at(u.id); j >= 0 && !reused(j) {
			dc := &out.decls[j]
			dc.keys = append(dc.keys, u)
			dc.reach = max(dc.reach, reach(u.ref))
		}
	}
	for _, id := range trace.typed {
		if j := at(id); j >= 0 && !reused(j) {
			out.decls[j].typed = append(out.decls[j].typed, id)
		}
	}
}

// sameIfaces reports whether f has prev's declarations, one for one, with
// the same interfaces: then any declaration's results can be reused.
func sameIfaces(prev *Checked, f *syntax.File, iface []string) bool {
	return len(prev.Prog.File.Decls) == len(f.Decls) && len(prev.decls) == len(f.Decls) && slices.Equal(prev.iface, iface)
}

// keptDecls is how many leading declarations of f are prev's own nodes.
func keptDecls(prev *Checked, f *syntax.File) int {
	old := prev.Prog.File
	k := 0
	for k < len(f.Decls) && f.Decls[k] == old.Decls[k] {
		k++
	}
	return k
}

// ifaces computes iface for every declaration of f, and whether f has a
// fault test. A declaration prev's parse shares has the interface it had.
func ifaces(f *syntax.File, prev *Checked) ([]string, bool) {
	faults := false
	for _, d := range f.Decls {
		if t, ok := d.(*syntax.TestDecl); ok && t.Kind == syntax.FaultTest {
			faults = true
		}
	}
	out := make([]string, len(f.Decls))
	i := 0
	if prev != nil && prev.reusable && prev.faults == faults {
		old := prev.Prog.File.Decls
		for i < len(f.Decls) && i < len(old) && f.Decls[i] == old[i] {
			out[i] = prev.iface[i]
			i++
		}
	}
	for ; i < len(f.Decls); i++ {
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
	text := func(from, to int) string {
		if from < start || to < from || to > len(src) {
			return "?"
		}
		return string(src[from:to])
	}
	rel := func(n syntax.Node) string {
		s := n.Range()
		return strconv.Itoa(s.Start.Offset-start) + ":" + strconv.Itoa(s.Start.Line-sp.Start.Line) + ":" +
			strconv.Itoa(s.Start.Col) + ":" + text(s.Start.Offset, s.End.Offset)
	}
	var b strings.Builder
	b.WriteString(reflect.TypeOf(d).String())
	b.WriteString(" " + strconv.Itoa(sp.Start.Col) + " ")
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
	// shifted[i]: declaration i, after the kept ones, has the text and
	// the tree it had, moved (see shiftDecls); moved[i] pairs its nodes.
	shifted  []bool
	nshifted int
	moved    []movedDecl
	memo     map[syntax.Node]syntax.Node // of moveEntries, for nodes outside the declaration moved
}

// nodeKey finds a node in a declaration: its kind and its place relative
// to the declaration's start.
type nodeKey struct {
	kind       reflect.Type
	start, end int
}

func newRemap(old, new *syntax.File, kept int) *remap {
	m := &remap{old: old, new: new, kept: kept, starts: make([]int, len(old.Decls)), tables: map[int]map[nodeKey]syntax.Node{},
		memo: map[syntax.Node]syntax.Node{}}
	for i, d := range old.Decls {
		m.starts[i] = d.Range().Start.Offset
	}
	m.keptEnd = len(old.Src) + 1
	if kept < len(old.Decls) {
		m.keptEnd = m.starts[kept]
	}
	return m
}

// movedDecl is a declaration the edit moved without changing it: its
// nodes in the old and the new parse, in walk order, which is by start
// offset (starts and newStarts hold their start offsets).
type movedDecl struct {
	old, new          []syntax.Node
	starts, newStarts []int
	from, to          int // the old declaration's span
}

// shiftDecls finds the declarations after the kept ones that the edit
// only moved: the same text at the same column, and a new tree that is
// the old one node for node (kind, and span moved by the declaration's
// move). Their results are the old ones, moved: the checker reads of a
// declaration its own tree and the others' interfaces (all unchanged),
// and nothing it records depends on where the declaration is but the
// spans and nodes, which move with it. An edit in the middle of a file
// so rechecks the declaration it is in, not every one after it.
//
// Comparing the trees is what makes this exact: the parser does not
// restart at these declarations, and a state it carried into one (a
// recovery, a limit) could parse the same text differently. It costs a
// walk of the new tree, and one of the old unless the old one was itself
// moved in the previous check, whose walk left its nodes in prev (as the
// next edit in the same place finds them).
func (m *remap) shiftDecls(prev []declCheck) {
	n := len(m.new.Decls)
	m.shifted = make([]bool, n)
	m.moved = make([]movedDecl, n)
	// One backing array for the declarations' nodes, of about the size a
	// node per 4 bytes of source gives.
	size := 16
	if m.kept < n {
		size += (len(m.new.Src) - m.new.Decls[m.kept].Range().Start.Offset) / 4
	}
	news, newStarts := make([]syntax.Node, 0, size), make([]int, 0, size)
	var olds []syntax.Node
	var starts []int
	for i := m.kept; i < n; i++ {
		od, nd := m.old.Decls[i], m.new.Decls[i]
		if isNil(od) || isNil(nd) {
			continue
		}
		os, ns := od.Range(), nd.Range()
		if os.Start.Col != ns.Start.Col || !within(os, m.old.Src) || !within(ns, m.new.Src) ||
			string(m.old.Src[os.Start.Offset:os.End.Offset]) != string(m.new.Src[ns.Start.Offset:ns.End.Offset]) {
			continue
		}
		doff, dline := ns.Start.Offset-os.Start.Offset, ns.Start.Line-os.Start.Line
		oldNodes, oldStarts := prev[i].nodes, prev[i].starts
		if oldNodes == nil {
			lo := len(olds)
			sorted := true
			syntax.Inspect(od, func(x syntax.Node) bool {
				if x == nil {
					return false
				}
				at := x.Range().Start.Offset
				if len(olds) > lo && at < starts[len(starts)-1] {
					sorted = false
				}
				olds, starts = append(olds, x), append(starts, at)
				return true
			})
			if !sorted {
				continue
			}
			oldNodes, oldStarts = olds[lo:len(olds):len(olds)], starts[lo:len(starts):len(starts)]
		}
		lo, k, same := len(news), 0, true
		syntax.Inspect(nd, func(x syntax.Node) bool {
			if x == nil || !same {
				return false
			}
			if k == len(oldNodes) {
				same = false
				return false
			}
			o := oldNodes[k]
			k++
			sp := x.Range()
			if reflect.TypeOf(o) != reflect.TypeOf(x) || shiftSpan(o.Range(), doff, dline) != sp {
				same = false
				return false
			}
			if id, ok := x.(*syntax.Ident); ok && id.Name != o.(*syntax.Ident).Name {
				same = false
				return false
			}
			news, newStarts = append(news, x), append(newStarts, sp.Start.Offset)
			return true
		})
		if !same || k != len(oldNodes) {
			news, newStarts = news[:lo], newStarts[:lo]
			continue
		}
		m.shifted[i] = true
		m.nshifted++
		m.moved[i] = movedDecl{old: oldNodes, starts: oldStarts, new: news[lo:len(news):len(news)], newStarts: newStarts[lo:len(newStarts):len(newStarts)],
			from: os.Start.Offset, to: os.End.Offset}
	}
}

// within reports whether sp is a valid range of src.
func within(sp syntax.Span, src []byte) bool {
	return 0 <= sp.Start.Offset && sp.Start.Offset <= sp.End.Offset && sp.End.Offset <= len(src)
}

// shiftSpan is sp moved by doff bytes and dline lines (on a line of its
// own, so its columns stay).
func shiftSpan(sp syntax.Span, doff, dline int) syntax.Span {
	sp.Start.Offset += doff
	sp.End.Offset += doff
	sp.Start.Line += dline
	sp.End.Line += dline
	return sp
}

// index is the place of n, a node of the moved declaration i, among
// its old nodes, or -1.
func (m *remap) index(i int, n syntax.Node) int32 {
	md := &m.moved[i]
	sp := n.Range()
	if sp.Start.Offset < md.from || sp.End.Offset > md.to {
		return -1
	}
	for k, _ := slices.BinarySearch(md.starts, sp.Start.Offset); k < len(md.starts) && md.starts[k] == sp.Start.Offset; k++ {
		if md.old[k] == n {
			return int32(k)
		}
	}
	return -1
}

// lookup is the counterpart of n, a node of the moved declaration i.
func (m *remap) lookup(i int, n syntax.Node) syntax.Node {
	if k := m.index(i, n); k >= 0 {
		return m.moved[i].new[k]
	}
	m.failed = true
	return n
}

// entryAt is where one of a moved declaration's Uses entries is among its
// nodes (declCheck.nodes): the identifier, and its Ref's Def and Decl
// when they are in the declaration too (-1 when not).
type entryAt struct{ id, def, decl int32 }

// moveEntries puts the Uses and TypeOf entries of the moved declaration
// i, whose record dc is, under its new identifiers, each resolving to
// the new nodes, and makes dc's lists name them. Each entry is found
// among the declaration's nodes by its place there, searched for the
// first time the declaration moves and kept for the next.
func (m *remap) moveEntries(i int, dc *declCheck, old *Program, uses map[*syntax.Ident]Ref, typeOf map[*syntax.Ident]*Type) {
	md := &m.moved[i]
	// dc's places index its nodes, which shiftDecls compared: md.old.
	known := dc.nodes != nil && len(dc.at) == len(dc.keys) && len(dc.typedAt) == len(dc.typed)
	keys, at := make([]useEntry, 0, len(dc.keys)), make([]entryAt, 0, len(dc.keys))
	dc.reach = -1
	// What declarations name outside themselves is mostly a few
	// declarations (services, types, fns and their parts), again and
	// again: their counterparts are remembered.
	outside := func(n syntax.Node) syntax.Node {
		if n == nil {
			return n
		}
		if nn, ok := m.memo[n]; ok {
			return nn
		}
		nn := n
		if !isNil(n) {
			nn = m.node(n)
		}
		m.memo[n] = nn
		return nn
	}
	for k, u := range dc.keys {
		r := u.ref
		var a entryAt
		if known {
			a = dc.at[k]
		} else {
			a = entryAt{id: m.index(i, u.id), def: -1, decl: -1}
			if r.Def != nil {
				a.def = m.index(i, r.Def)
			}
			if !isNil(r.Decl) {
				a.decl = m.index(i, r.Decl)
			}
		}
		if a.id < 0 || int(a.id) >= len(md.old) || md.old[a.id] != syntax.Node(u.id) {
			m.failed = true
			return
		}
		nid := md.new[a.id].(*syntax.Ident)
		reach := -1
		if a.def >= 0 {
			r.Def = md.new[a.def].(*syntax.Ident)
		} else if r.Def != nil {
			r.Def, _ = outside(r.Def).(*syntax.Ident)
		}
		if r.Def != nil {
			reach = r.Def.Start.Offset
		}
		if a.decl >= 0 {
			r.Decl = md.new[a.decl]
			reach = max(reach, md.newStarts[a.decl])
		} else if r.Decl = outside(r.Decl); !isNil(r.Decl) {
			reach = max(reach, r.Decl.Range().Start.Offset)
		}
		uses[nid] = r
		keys, at = append(keys, useEntry{nid, r}), append(at, a)
		dc.reach = max(dc.reach, reach)
	}
	typed, typedAt := make([]*syntax.Ident, 0, len(dc.typed)), make([]int32, 0, len(dc.typed))
	for k, id := range dc.typed {
		j := int32(-1)
		if known {
			j = dc.typedAt[k]
		} else {
			j = m.index(i, id)
		}
		t, ok := old.TypeOf[id]
		if !ok || j < 0 || int(j) >= len(md.old) || md.old[j] != syntax.Node(id) {
			m.failed = true
			return
		}
		nid := md.new[j].(*syntax.Ident)
		typeOf[nid] = t
		typed, typedAt = append(typed, nid), append(typedAt, j)
	}
	dc.keys, dc.at, dc.typed, dc.typedAt = keys, at, typed, typedAt
	dc.nodes, dc.starts = md.new, md.newStarts
}

// moves reports whether n lies after the kept declarations (a nil node,
// or one without a place, does not move).
func (m *remap) moves(n syntax.Node) bool {
	if isNil(n) {
		return false
	}
	return n.Range().Start.Offset >= m.keptEnd
}

// declOf is the index of the old declaration holding sp, or -1.
func (m *remap) declOf(sp syntax.Span) int {
	j := sort.Search(len(m.starts), func(i int) bool { return m.starts[i] > sp.Start.Offset }) - 1
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
	if m.shifted != nil && m.shifted[j] {
		return m.lookup(j, n)
	}
	if n == syntax.Node(m.old.Decls[j]) {
		// A component or fn, whose body the edit may have changed: its
		// end moved, but it is the declaration at the same index.
		return m.new.Decls[j]
	}
	t := m.table(j)
	nn := t[nodeKey{reflect.TypeOf(n), sp.Start.Offset - m.starts[j], sp.End.Offset - m.starts[j]}]
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
	start := d.Range().Start.Offset
	syntax.Inspect(d, func(n syntax.Node) bool {
		if isNil(n) {
			return false
		}
		sp := n.Range()
		k := nodeKey{reflect.TypeOf(n), sp.Start.Offset - start, sp.End.Offset - start}
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
	out := shiftSpan(sp, to.Offset-from.Offset, to.Line-from.Line)
	if out.End.Offset > len(m.new.Src) || string(m.old.Src[sp.Start.Offset:sp.End.Offset]) != string(m.new.Src[out.Start.Offset:out.End.Offset]) {
		m.failed = true
	}
	return out
}
