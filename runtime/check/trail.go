package check

import "revl.dev/debug/runtime/syntax"

// The trail: what the name pass resolved, in the order it resolved it, for
// the type pass to read back. The type pass asks what a callee, a
// receiver or a name in an expression resolved to, about one question per
// call; asked of Program.Uses (a map of every identifier, 64 MB at 50,000
// components) each question was a cache miss or two and together a fifth
// of Check. The type pass walks the declarations in the same order as the
// name pass, so the identifier it asks about is almost always at, or a
// few entries after, the one it asked about last: a short scan forward of
// a slice read in order. The trail holds what the body pass resolved, and
// where each declaration's part of it starts, so that the type pass starts
// each declaration where the name pass did. Anything else — an identifier the walks visit in
// another order, or one the name pass recorded as a declaration — is
// asked of the map, so the trail changes how fast an answer comes, never
// what it is.

// trailEntry is one name the name pass resolved: the part of its Ref the
// type pass reads.
type trailEntry struct {
	id, def *syntax.Ident
	kind    RefKind
}

// trailWindow is how far ahead of its last hit the type pass looks.
const trailWindow = 8

// trail is the checker's record; see the comment above.
type trail struct {
	entries []trailEntry
	starts  []int // by index in File.Decls: where its entries begin; nil before the body pass
	at      int   // the last hit
	decl    int   // the declaration the type pass is in (seek)
	// decls, in a lean check, puts declarations on the trail too (the
	// type pass asks about pattern bindings), and a miss in the window is
	// looked for in the whole declaration's part (lean.go).
	decls bool
	// broken is set when an identifier was recorded twice: the map then
	// holds the later Ref and the trail may hold the earlier one first,
	// so the trail is not read at all.
	broken bool
}

// record notes r for id, and says whether it did. fresh says whether id
// was new to Program.Uses.
func (t *trail) record(id *syntax.Ident, r Ref, fresh bool) bool {
	if !fresh {
		t.broken = true
	}
	if (r.Def == id && !t.decls) || t.broken || t.starts == nil || int(r.Kind) >= len(typerAsks) || !typerAsks[r.Kind] {
		return false // a declaration (the type pass binds it without asking), outside the body pass, or never asked
	}
	t.entries = append(t.entries, trailEntry{id: id, def: r.Def, kind: r.Kind})
	return true
}

// trailAudit, when set (by tests), sees every answer the trail gives.
var trailAudit func(id *syntax.Ident, kind RefKind, def *syntax.Ident)

// typerAsks is the kinds of name the type pass asks about (in ident,
// call and patterns); methods, services, types and the rest it finds by
// name, so they stay out of the trail.
var typerAsks = [...]bool{RefLocal: true, RefKey: true, RefHostClass: true, RefConfig: true, RefCtor: true, RefFn: true}

// start readies the trail for a body pass over decls declarations
// walking srcLen bytes of source (all of it in Check, what it rechecks in
// CheckIncremental).
func (t *trail) start(decls, srcLen int) {
	t.starts = make([]int, decls)
	// About one entry per 32 bytes of source (gen.Wide: 300,000 in
	// 10 MB), so that a large file does not grow it a quarter at a time.
	per := 32
	if t.decls {
		per = 24 // a lean check's trail holds declarations too: 350,000 entries at 50,000 components
	}
	t.entries = make([]trailEntry, 0, srcLen/per)
}

// begin marks the start of declaration i's entries (the body pass); a
// declaration never begun (one CheckIncremental kept) has no entries,
// and the type pass does not type it either.
func (t *trail) begin(i int) {
	if i < len(t.starts) {
		t.starts[i] = len(t.entries)
	}
}

// seek moves to the start of declaration i's entries (the type pass).
func (t *trail) seek(i int) {
	if i < len(t.starts) {
		t.at, t.decl = t.starts[i], i
	}
}

// inDecl looks for id in the whole of the current declaration's part, for
// a lean check (whose names are each recorded once, so the first found is
// the one).
func (t *trail) inDecl(id *syntax.Ident) (trailEntry, bool) {
	if t.decl >= len(t.starts) {
		return trailEntry{}, false
	}
	end := len(t.entries)
	if t.decl+1 < len(t.starts) {
		end = t.starts[t.decl+1]
	}
	for k := t.starts[t.decl]; k < end; k++ {
		if t.entries[k].id == id {
			return t.entries[k], true
		}
	}
	return trailEntry{}, false
}

// ref is what id resolved to (kind and declaring identifier), and whether
// the name pass resolved it at all.
func (tc *typer) ref(id *syntax.Ident) (RefKind, *syntax.Ident, bool) {
	t := &tc.c.trail
	if !t.broken {
		for k := t.at; k < len(t.entries) && k < t.at+trailWindow; k++ {
			if e := &t.entries[k]; e.id == id {
				t.at = k
				if trailAudit != nil {
					trailAudit(id, e.kind, e.def)
				}
				return e.kind, e.def, true
			}
		}
	}
	if tc.c.lean != nil && !t.broken {
		if e, ok := t.inDecl(id); ok {
			if trailAudit != nil {
				trailAudit(id, e.kind, e.def)
			}
			return e.kind, e.def, true
		}
	}
	r, ok := tc.c.useOf(id)
	return r.Kind, r.Def, ok
}

func (tc *typer) refKind(id *syntax.Ident) RefKind {
	kind, _, _ := tc.ref(id)
	return kind
}
