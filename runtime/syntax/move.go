package syntax

import (
	"slices"
	"sort"
)

// The declarations after an edit, moved instead of parsed again. Where the
// parse of the new text reaches a declaration after the edit in the state
// the old parse was in there (see Tree.Moved for why that makes the rest
// of the parse the old one moved), Tree.Edit stops parsing and copies the
// old tree's declarations from there on, with every position moved by the
// edit's bytes and lines (move_gen.go, written from ast.go by
// TestMoveCode), and their comments, diagnostics and parser states with
// them. A copy reads no text and makes no decision, but it allocates the
// same nodes: it costs about half the parse it replaces
// (BenchmarkEditMiddle), the rest being the collector's. The result is
// still ParseFile's, byte for byte (TestEditMatchesParse and FuzzEdit).

// tailTries is how many declarations after an edit the parse looks for
// one where it can stop before it gives up and parses the rest (in chunks
// on the cores there are, where it can): an edit that changes the parser's
// state (an unclosed brace) changes it for every declaration after it.
const tailTries = 8

// moveTails is whether Edit moves the declarations after an edit where it
// can (a variable for tests and benchmarks, which parse them instead).
var moveTails = true

// tail is what the parse of an edited text needs to find where the old
// tree's declarations can be moved into the new one instead of parsed.
type tail struct {
	old   *Tree
	end   int       // in the new text, where the edit's text ends
	shift           // what the edit moves a position after it by
	tries int       // declarations after the edit looked at
	at    int       // the old declaration to move from, -1 until found
	state declState // and the new parse's state where it moves to
}

// newTail prepares the search for where old, whose bytes [start, end)
// were replaced to make src, can be moved into src's parse; nil where
// it cannot be (see editable), or is not to be (moveTails).
func newTail(old *Tree, src []byte, start, end int) *tail {
	if !moveTails || !old.editable(src, start, end) {
		return nil
	}
	sh := shiftOf(old.File.Src, src, start, end)
	return &tail{old: old, end: end + int(sh.delta), shift: sh, at: -1}
}

// stop reports whether the parser p, about to parse the declaration whose
// state is s, stops there: the old tree has a declaration there, moved, in
// the same state (tl.at is then its index), or tailTries declarations
// after the edit had none (tl.at stays -1).
func (tl *tail) stop(p *parser, s declState) bool {
	if !s.first || int(s.pos.Offset)-int(s.pos.Col)+1 < tl.end {
		return false // its line begins within the edit, or before it
	}
	old := tl.old
	want := s.pos.Offset - tl.delta
	j := sort.Search(len(old.states), func(j int) bool { return old.states[j].pos.Offset >= want })
	if j < len(old.states) && tl.same(p, s, j) {
		tl.at, tl.state = j, s
		return true
	}
	tl.tries++
	return tl.tries >= tailTries
}

// same reports whether the parse can go on from the old tree's
// declaration j, moved, where it is in state s.
func (tl *tail) same(p *parser, s declState, j int) bool {
	old, o := tl.old, tl.old.states[j]
	if !o.movedButErrors(s, tl.shift) || !errorsApart(p, s, old, o) {
		return false
	}
	// The scanner keeps at most maxDiags diagnostics, and this state does
	// not count them: the old ones after j are the new ones only if the cap
	// cuts them the same.
	cut := int(o.pos.Offset)
	lexOld := countBefore(old.lex, cut)
	if lexNew := countBefore(p.sc.diags, int(s.pos.Offset)); lexNew != lexOld && lexNew+len(old.lex)-lexOld >= maxDiags {
		return false
	}
	// Everything a diagnostic after j points at must move with it, and
	// its message may name a line ("opened at 12:5"): with lines moved,
	// one after j is found by parsing. The step budget of the new text
	// must still cover the old steps after j.
	if tl.dline != 0 && len(old.lex)+len(old.syn) > lexOld+o.nsyn {
		return false
	}
	for _, ds := range [][]Diagnostic{old.lex[lexOld:], old.syn[o.nsyn:]} {
		for _, d := range ds {
			if int(d.Span.Start.Offset) < cut {
				return false
			}
			for _, r := range d.Related {
				if int(r.Span.Start.Offset) < cut {
					return false
				}
			}
		}
	}
	ntoks := s.i + old.ntoks - o.i
	return s.steps+old.steps-o.steps <= stepsPerToken*(ntoks+16)
}

// errorsApart reports whether the diagnostics before a declaration leave
// the parse after it the same in both parses (s is the new parse's state
// there, p its parser, o the old one's), whatever their number: the parser
// reads them only through the cap of maxDiags (which neither parse may
// reach unless they have as many) and the lines that already have one
// (none before the declaration, in either parse, may lie on its line or
// after: a line keeps one diagnostic). Its error counts are read only as
// differences.
func errorsApart(p *parser, s declState, old *Tree, o declState) bool {
	if s.nsyn != o.nsyn && (len(old.syn) >= maxDiags || s.nsyn+len(old.syn)-o.nsyn >= maxDiags) {
		return false
	}
	for _, d := range p.diags[:s.nsyn] {
		if d.Span.Start.Line >= s.pos.Line {
			return false
		}
	}
	for _, d := range old.syn[:o.nsyn] {
		if d.Span.Start.Line >= o.pos.Line {
			return false
		}
	}
	return true
}

// moveTail completes f and t, parsed by p up to the state tl.state where
// the old tree's declaration tl.at begins moved, with that declaration and every
// one after it moved, and what the old parse found in them.
func (p *parser) moveTail(f *File, t *Tree, tl *tail) {
	old, j, s := tl.old, tl.at, tl.state
	o := old.states[j]
	cut, newCut := int(o.pos.Offset), int(s.pos.Offset)
	m := &mover{tail: tl}
	n := len(old.File.Decls) - j
	f.Decls = slices.Grow(f.Decls, n)
	for _, d := range old.File.Decls[j:] {
		f.Decls = append(f.Decls, m.moveDecl(d))
	}
	dtok, dsteps, derrs, dsyn := s.i-o.i, s.steps-o.steps, s.errs-o.errs, s.nsyn-o.nsyn
	states := make([]declState, len(t.states), len(t.states)+n)
	copy(states, t.states)
	// Declaration j's state is the new parse's: what it had read (seen)
	// may lie before the edit. Every later one has read into the tail.
	states = append(states, s)
	for _, st := range old.states[j+1:] {
		st.i, st.maxSeen, st.steps, st.errs, st.nsyn = st.i+dtok, st.maxSeen+dtok, st.steps+dsteps, st.errs+derrs, st.nsyn+dsyn
		st.pos, st.prev.End, st.seen = tl.pos(st.pos), tl.pos(st.prev.End), st.seen+int(tl.delta)
		states = append(states, st)
	}
	t.states = states
	comments := p.sc.comments[:commentsBefore(p.sc.comments, newCut)]
	oldComments := old.File.Comments[commentsBefore(old.File.Comments, cut):]
	if len(comments)+len(oldComments) > 0 {
		all := make([]*Comment, 0, len(comments)+len(oldComments))
		all = append(all, comments...)
		for _, c := range oldComments {
			all = append(all, m.moveComment(c))
		}
		f.Comments = all
	}
	t.lex = append(cloneSome(p.sc.diags[:countBefore(p.sc.diags, newCut)]), tl.diags(old.lex[countBefore(old.lex, cut):])...)
	t.syn = append(p.diags[:s.nsyn:s.nsyn], tl.diags(old.syn[o.nsyn:])...)
	f.Span = Span{Start: Pos{Offset: 0, Line: 1, Col: 1}, End: tl.pos(old.File.End)}
	t.File = f
	t.ntoks = s.i + old.ntoks - o.i
	t.steps = s.steps + old.steps - o.steps
	t.Diags = mergeDiags(t.lex, t.syn)
	t.copied = n
	if len(f.Decls) == len(old.File.Decls) {
		t.nmoved = n // the same declarations at the same indices: Moved
	}
}

// diags is ds moved, nil for none.
func (tl *tail) diags(ds []Diagnostic) []Diagnostic {
	if len(ds) == 0 {
		return nil
	}
	out := make([]Diagnostic, len(ds))
	for i, d := range ds {
		d.Span = tl.span(d.Span)
		if d.Related != nil {
			rs := make([]Related, len(d.Related))
			for k, r := range d.Related {
				r.Span = tl.span(r.Span)
				rs[k] = r
			}
			d.Related = rs
		}
		out[i] = d
	}
	return out
}

// mover copies nodes with their positions moved (move_gen.go has a method
// for each node type, every one that implements a node interface, which
// TestMoveCode holds to ast.go), taking the nodes from blocks of each type
// as the parser does.
type mover struct {
	*tail
	moverBlocks
}
