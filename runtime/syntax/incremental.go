package syntax

import (
	"bytes"
	"math"
	"slices"
)

// Incremental parsing. An editor changes a few bytes of a file at a time;
// Tree.Edit reparses from the first declaration the change can affect and
// keeps every declaration before it, node for node. The result is exactly
// what ParseFile gives for the new text (the same tree, positions and
// diagnostics, byte for byte; TestEditMatchesParse and FuzzEdit compare
// them): the parser is deterministic and reads its tokens in order, so
// where it stood when a declaration began depends only on the tokens it
// had read until then. Tree records that state for each declaration, with
// the furthest byte it had read (the tokens it looked ahead at, and the
// whole line of every diagnostic it kept or dropped, since a line keeps
// one diagnostic and a lexical one may come later on it); a declaration
// whose state was reached
// before reading anything the edit touched begins the same way in the new
// text, and so does everything before it.
//
// The declarations after the edit are the old ones with their positions
// moved, from the first where the new parse reaches it in the state the
// old one was in there: Edit copies them, moved, instead of parsing them
// (move.go), which costs about half what parsing them does (the copy
// allocates the same nodes; BenchmarkEditMiddle). Where they are the old
// ones at the same indices (Tree.Moved), the checker also reuses what it
// found in them.

// Tree is the parse of one file that Edit can update.
type Tree struct {
	File  *File
	Diags []Diagnostic // as ParseFile returns them

	lex    []Diagnostic // the scanner's, in its order
	syn    []Diagnostic // the parser's, in report order
	states []declState  // the parser's state where each of File.Decls began
	ntoks  int          // tokens in the file, EOF included
	steps  int          // the parser's steps over the whole file
	bailed bool         // a limit abandoned the parse
	// nmoved is how many of the last declarations Edit found to be those
	// of the tree it edited, moved (see Moved): none unless Edit made t.
	nmoved int
	// copied is how many of the last declarations Edit copied, moved,
	// from the tree it edited instead of parsing them (move.go).
	copied int
	// once is set for a parse that will never be edited (ParseFile):
	// states stays empty, which at 50,000 declarations saves a few MB
	// of a launch's peak.
	once bool
}

// maxSource is the largest file a Pos can address (a variable for tests).
var maxSource = math.MaxInt32

// declState is what the parser's future depends on, at the start of a
// declaration (see parser.decls).
type declState struct {
	i, steps, errs, nsyn, depth, provide  int
	maxSeen                               int // the furthest token read so far
	prev                                  prevTok
	harness, thenBlock, elseCloses, first bool // first: the declaration's token starts its line
	pos                                   Pos  // of the declaration's first token
	seen                                  int  // maxSeen's end offset
}

func (p *parser) state() declState {
	return declState{
		i: p.i, steps: p.steps, errs: p.errs, nsyn: len(p.diags), depth: p.depth, provide: p.provide,
		prev: p.prev, harness: p.harness, thenBlock: p.thenBlock, elseCloses: p.elseCloses,
		first: p.tok.NewlineBefore, pos: p.tok.Pos, maxSeen: p.maxSeen, seen: p.seenEnd,
	}
}

// Parse parses one file, keeping what Edit needs to reparse it.
func Parse(filename string, src []byte) *Tree {
	t, _ := parseTree(filename, src, nil, 0, false, false, nil)
	return t
}

// Edit returns the parse of src, the file's new text, after the bytes
// [start, end) of the text t parsed were replaced (start and end are
// offsets in the old text). It is identical to Parse(filename, src); t is
// not changed and shares its unchanged declarations with the result.
func (t *Tree) Edit(src []byte, start, end int) *Tree {
	tl := newTail(t, src, start, end)
	k := t.restart(start, end, len(src))
	if k < 0 {
		// Parsed anew from the start (an edit in the first declaration):
		// the ones after it may still be the old ones.
		nt, _ := parseTree(t.File.Name, src, nil, 0, false, false, tl)
		if t.editable(src, start, end) && (tl == nil || tl.at < 0) {
			nt.nmoved = len(nt.File.Decls) - nt.movedFrom(t, src, start, end, 0)
		}
		return nt
	}
	nt, _ := parseTree(t.File.Name, src, t, k, false, false, tl)
	if t.states[k].steps > stepsPerToken*(nt.ntoks+16) {
		// The whole file is now so much shorter that its step budget ends
		// before declaration k: the full parse would have stopped there.
		return Parse(t.File.Name, src)
	}
	if tl == nil || tl.at < 0 {
		nt.nmoved = len(nt.File.Decls) - nt.movedFrom(t, src, start, end, k)
	}
	return nt
}

// Moved is the index of the first of the declarations that t, made by
// Edit, shares with the tree it was edited from up to a move: from it on,
// t.File.Decls[i] is that tree's Decls[i] (both have as many) node for
// node, but for every position, each moved by the same number of bytes
// and of lines (the columns are the same). len(t.File.Decls) when no
// declaration is (or t was not made by Edit).
//
// The parse is deterministic and depends on nothing before a declaration
// but the parser's state where it begins (see Tree), and its columns only
// on the text from the start of its line: a declaration that begins a
// line after the edit, where the new parse is in the state the old one was
// in, reads the same tokens moved and parses to the same tree moved, and
// so does every one after it.
func (t *Tree) Moved() int { return len(t.File.Decls) - t.nmoved }

// movedFrom is Moved for nt, the parse of src from old's declaration k
// after old's bytes [start, end) were replaced.
func (nt *Tree) movedFrom(old *Tree, src []byte, start, end, k int) int {
	n := len(nt.File.Decls)
	if old.bailed || nt.bailed || len(old.File.Decls) != n || len(old.states) != n || len(nt.states) != n {
		return n
	}
	sh := shiftOf(old.File.Src, src, start, end)
	for j := k; j < n; j++ {
		o, s := old.states[j], nt.states[j]
		if int(o.pos.Offset)-int(o.pos.Col)+1 < end {
			continue // its line begins within the edit, or before it
		}
		if o.movedTo(s, sh) {
			return j
		}
	}
	return n
}

// editable reports whether t, a parse that kept its declarations' states
// and did not bail, had its bytes [start, end) replaced to make src: the
// declarations after the edit may then be t's, moved.
func (t *Tree) editable(src []byte, start, end int) bool {
	return !t.bailed && !t.once && len(t.states) == len(t.File.Decls) && 0 <= start && start <= end &&
		end <= len(t.File.Src) && len(src) >= len(t.File.Src)-(end-start)
}

// shift is how an edit moves a position after it: by its bytes and its
// lines (the column stays, for a position on a line after the edit's).
type shift struct{ delta, dline int32 }

// shiftOf is the shift of the edit that replaced the bytes [start, end)
// of old to make src.
func shiftOf(old, src []byte, start, end int) shift {
	delta := len(src) - len(old)
	dline := bytes.Count(src[start:end+delta], []byte("\n")) - bytes.Count(old[start:end], []byte("\n"))
	return shift{delta: int32(delta), dline: int32(dline)}
}

func (sh shift) pos(p Pos) Pos {
	if p.IsValid() {
		p.Offset, p.Line = p.Offset+sh.delta, p.Line+sh.dline
	}
	return p
}

func (sh shift) span(s Span) Span { return Span{Start: sh.pos(s.Start), End: sh.pos(s.End)} }

// movedTo reports whether s, the new parse's state where a declaration
// begins, is o, the old parse's, moved by sh: the parse from there on is
// then the old one moved (see Tree.Moved).
func (o declState) movedTo(s declState, sh shift) bool {
	return o.movedButErrors(s, sh) && s.errs == o.errs && s.nsyn == o.nsyn
}

// movedButErrors is movedTo but for the errors before the declaration.
func (o declState) movedButErrors(s declState, sh shift) bool {
	return o.first && s.first && s.pos == sh.pos(o.pos) && s.prev.Kind == o.prev.Kind && s.prev.End == sh.pos(o.prev.End) &&
		s.depth == o.depth && s.provide == o.provide &&
		s.harness == o.harness && s.thenBlock == o.thenBlock && s.elseCloses == o.elseCloses
}

// restart picks the declaration to reparse from: the last one whose
// state was reached before the parser read anything within two bytes of
// the edit (a token's extent depends on at most the two bytes after it:
// `1.5`, `==`) and whose first token starts a line (the scanner restarts
// there with nothing carried over from the line before). -1: parse anew.
func (t *Tree) restart(start, end, n int) int {
	if t.bailed || start < 0 || end < start || end > len(t.File.Src) || start > n {
		return -1
	}
	for k := len(t.states) - 1; k > 0; k-- {
		if st := t.states[k]; st.first && st.seen+2 <= start {
			return k
		}
	}
	return -1
}

// parseTree parses src from the start, or (old non-nil) from the start of
// old's declaration k, whose text and state are unchanged in src. A tree
// parsed once is never edited, so it keeps no declaration states. What it
// parses, if large, is parsed in chunks (parallel.go). With tl, src is an
// edited text, and the parse stops where it can move the declarations of
// the tree edited instead (move.go).
func parseTree(filename string, src []byte, old *Tree, k int, once, alone bool, tl *tail) (*Tree, *parser) {
	if len(src) > maxSource {
		// A Pos is int32 (ast.go): say so instead of wrapping offsets.
		d := Diagnostic{File: filename, Span: Span{Start: Pos{Line: 1, Col: 1}, End: Pos{Line: 1, Col: 1}},
			Severity: SeverityError, Code: "E-syntax", Message: "the file is larger than 2 GiB, the most a position can address"}
		t := &Tree{File: &File{Name: filename, Src: src}, Diags: []Diagnostic{d}, syn: []Diagnostic{d}, bailed: true, once: once}
		return t, newParser(filename, src, &scanner{file: filename, src: src, line: 1, tmplErrLine: -1})
	}
	s := &scanner{file: filename, src: src, line: 1, tmplErrLine: -1}
	s.toks = make([]Token, 0, min(len(src)/2+16, compactTokens+2*fillTokens))
	p := newParser(filename, src, s)
	f := &File{Name: filename, Src: src}
	t := &Tree{once: once}
	if old != nil {
		st := old.states[k]
		a := int(st.pos.Offset)
		s.off, s.line, s.lineStart, s.nl = a, int(st.pos.Line), a-int(st.pos.Col)+1, st.first
		// What the scanner and the parser had reported before a, in the
		// order they reported it. Copies: both append to them.
		// (A parse from scratch leaves them nil until the first append.)
		s.diags = cloneSome(old.lex[:countBefore(old.lex, a)])
		s.comments = cloneSome(old.File.Comments[:commentsBefore(old.File.Comments, a)])
		p.diags = cloneSome(old.syn[:st.nsyn])
		for _, d := range p.diags {
			p.errLines[d.Span.Start.Line] = true
		}
		p.base, p.i, p.maxSeen, p.seenEnd = st.i, st.i, st.maxSeen, st.seen
		p.steps, p.errs, p.depth, p.provide = st.steps, st.errs, st.depth, st.provide
		p.prev, p.harness, p.thenBlock, p.elseCloses = st.prev, st.harness, st.thenBlock, st.elseCloses
		f.Decls = slices.Clone(old.File.Decls[:k])
		t.states = slices.Clone(old.states[:k])
	}
	p.fill()
	p.tok = p.cur(p.i)
	from, line := 0, 1
	if old != nil {
		from, line = int(old.states[k].pos.Offset), int(old.states[k].pos.Line)
	}
	if tl != nil {
		p.tail = tl
		p.decls(f, t)
		p.tail = nil
		if tl.at >= 0 {
			p.moveTail(f, t, tl)
			return t, p
		}
		from, line = int(p.tok.Pos.Offset), int(p.tok.Pos.Line)
	}
	if !alone { // alone: one core, the caller leaves the others to other work
		if nt, last, ok := parseChunks(p, f, t, src, from, line); ok {
			return nt, last
		}
	}
	p.decls(f, t)
	p.finish(f, t)
	return t, p
}

// countBefore counts the diagnostics, in scanner order, that start before
// offset a.
func countBefore(ds []Diagnostic, a int) int {
	n := 0
	for n < len(ds) && int(ds[n].Span.Start.Offset) < a {
		n++
	}
	return n
}

func commentsBefore(cs []*Comment, a int) int {
	n := 0
	for n < len(cs) && int(cs[n].Start.Offset) < a {
		n++
	}
	return n
}

// cloneSome copies s, and leaves an empty s nil.
func cloneSome[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}
