package syntax

import (
	"bytes"
	"runtime"
	"sync"
)

// Parsing a large file on several cores. A large file parsed from its
// start (ParseFile, and Parse: the language server's open and its edits in
// the first declaration), and the large part of a file that Tree.Edit
// parses again (from the declaration it restarts at, where its first
// chunk's parser resumes), is cut into chunks at the starts of top-level
// declarations, and the chunks are parsed at once, each by its own parser
// from the state a declaration usually begins in: at top level, nothing
// open, no error so far, the token before it a `}` alone on its line. The
// parse is deterministic and reads its tokens in order (see Tree), so a
// chunk's parse is exactly what the parse of the whole file does there when
// the parser of the chunk before it stops in that same state, at that same
// token. joinable checks this for every cut; when it holds the trees,
// comments and token counts are joined, and the result is ParseFile's, node
// for node (TestParallelParseMatches and FuzzParallelParse compare them).
// When it does not hold, or any chunk has a diagnostic (one per line, the
// cap of 50 and recovery all read across declarations), the first chunk's
// parser, which is the whole file's up to where it stopped, parses the
// rest alone: the other chunks only cost the cores they ran on. A launch
// of 50,000 components spends more than half its CPU parsing.
//
// A tree to be edited (Parse) also keeps the parser's state where each
// declaration began (Tree). A chunk's parser counts its tokens and steps
// from its chunk's start, and on a join those of the chunks before it are
// added to its states: the whole file's parser, in the same state at the
// same token, has read exactly those tokens and taken exactly those steps
// before; the furthest token it had read is the furthest of either
// (sameAsWhole compares the states with a whole parse's, and
// TestParallelParseStates edits trees parsed in chunks).

// parallelChunk is the least number of bytes worth a chunk of its own,
// and parallelCores how many chunks a file is cut into at most (variables
// for tests).
var (
	parallelChunk = 64 << 10
	parallelCores = func() int { return min(runtime.GOMAXPROCS(0), 8) }
)

// parseChunks parses src on from the position p stands at, the start of
// the file or of the declaration Edit restarts from (from is its offset,
// line its line; f and t hold the declarations and states before it), in
// chunks on the cores there are, the first of them by p. ok false: it did
// not (no cut, or the chunks do not join); p then stands where it
// stopped, at the end of its chunk or where it began, and parses on from
// there alone. It also returns the last chunk's parser, which parseTree
// returns for tests.
func parseChunks(p *parser, f *File, t *Tree, src []byte, from, line int) (nt *Tree, last *parser, ok bool) {
	cuts := chunkCuts(src, from, parallelCores())
	if len(cuts) == 0 {
		return nil, nil, false
	}
	// Chunk k runs from starts[k] to starts[k+1] (the last to the end).
	starts := append([]int{from}, cuts...)
	ps := make([]*parser, len(starts))
	files := make([]*File, len(starts))
	trees := make([]*Tree, len(starts))
	ps[0], files[0], trees[0] = p, f, t
	p.stop = cuts[0]
	defer func() { p.stop = 0 }()
	var wg sync.WaitGroup
	for k := 1; k < len(starts); k++ {
		line += bytes.Count(src[starts[k-1]:starts[k]], []byte("\n")) // of starts[k]
		ps[k], files[k] = chunkParser(p.file, src, starts, k, line)
		trees[k] = &Tree{once: t.once}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ps[k].decls(files[k], trees[k])
		}()
	}
	p.decls(f, t)
	wg.Wait()
	for k := 1; k < len(ps); k++ {
		if !joinable(ps[k-1], ps[k]) {
			return nil, nil, false
		}
	}
	last = ps[len(ps)-1]
	if !last.clean() {
		return nil, nil, false
	}
	jf := &File{Name: f.Name, Src: src}
	ntoks, ncomments, ndecls := 0, 0, 0
	for k, p := range ps[:len(ps)-1] {
		ntoks += p.i
		ncomments += commentsBefore(p.sc.comments, starts[k+1])
		ndecls += len(files[k].Decls)
	}
	jf.Decls = make([]Decl, 0, ndecls+len(files[len(ps)-1].Decls))
	var comments []*Comment
	if n := ncomments + len(last.sc.comments); n > 0 {
		comments = make([]*Comment, 0, n)
	}
	nt = &Tree{once: t.once}
	if !t.once {
		nt.states = make([]declState, 0, ndecls+len(files[len(ps)-1].Decls))
	}
	// Of the chunks before chunk k: tokens and steps, and the furthest
	// token read and its end (their lookahead may read into chunk k). The
	// first chunk's parser counts from the file's start.
	toks, steps, maxSeen, seen := 0, 0, 0, 0
	for k, p := range ps {
		jf.Decls = append(jf.Decls, files[k].Decls...)
		for _, st := range trees[k].states {
			st.i, st.steps = st.i+toks, st.steps+steps
			st.maxSeen, st.seen = max(maxSeen, st.maxSeen+toks), max(seen, st.seen)
			nt.states = append(nt.states, st)
		}
		maxSeen, seen = max(maxSeen, p.maxSeen+toks), max(seen, p.seenEnd)
		toks, steps = toks+p.i, steps+p.steps
		if k < len(ps)-1 {
			comments = append(comments, p.sc.comments[:commentsBefore(p.sc.comments, starts[k+1])]...)
		}
	}
	comments = append(comments, last.sc.comments...)
	last.finish(jf, nt)
	jf.Comments = comments
	nt.ntoks += ntoks
	nt.steps = steps
	return nt, last, true
}

// chunkCuts is where the chunks of src from offset from begin after the
// first: up to n-1 offsets, each the start of a line that begins with a
// letter (or `_`) and follows a line holding only `}`, at least
// parallelChunk bytes apart and from either end. None: parse src whole.
func chunkCuts(src []byte, from, n int) []int {
	size := len(src) - from
	if n < 2 || size < 2*parallelChunk {
		return nil
	}
	n = min(n, size/parallelChunk)
	var cuts []int
	for k := 1; k < n; k++ {
		at := from + k*size/n
		if len(cuts) > 0 {
			at = max(at, cuts[len(cuts)-1]+parallelChunk)
		}
		a := nextCut(src, at)
		if a < 0 || len(src)-a < parallelChunk {
			break
		}
		cuts = append(cuts, a)
	}
	return cuts
}

// nextCut is the first cut (see chunkCuts) at or after from, -1 if none.
func nextCut(src []byte, from int) int {
	for from < len(src) {
		i := bytes.Index(src[from:], []byte("\n}\n"))
		if i < 0 {
			return -1
		}
		if a := from + i + 3; a < len(src) && isLetter(src[a]) {
			return a
		}
		from += i + 1
	}
	return -1
}

// chunkStart is where and in what state the parser of a chunk began.
type chunkStart struct {
	kind    Kind
	pos     Pos
	newline bool
	prev    prevTok
}

// chunkParser is a parser of chunk k (see parseChunks; k > 0: the first
// chunk's parser is the caller's), which begins on line line, ready to
// parse its declarations, and the file they go to, in the state their
// first declaration begins in when the one before ends in a `}` alone on
// its line.
func chunkParser(filename string, src []byte, starts []int, k, line int) (*parser, *File) {
	a, end := starts[k], len(src)
	if k+1 < len(starts) {
		end = starts[k+1]
	}
	s := &scanner{file: filename, src: src, off: a, line: line, lineStart: a, nl: true, tmplErrLine: -1}
	s.toks = make([]Token, 0, min((end-a)/2+16, compactTokens+2*fillTokens))
	p := newParser(filename, src, s)
	p.prev = prevTok{Kind: RBRACE, End: Pos{Offset: int32(a - 1), Line: int32(line - 1), Col: 2}}
	if end < len(src) {
		p.stop = end
	}
	p.fill()
	p.tok = p.cur(p.i)
	p.chunk = chunkStart{kind: p.tok.Kind, pos: p.tok.Pos, newline: p.tok.NewlineBefore, prev: p.prev}
	return p, &File{Name: filename, Src: src}
}

// joinable reports whether p, the parser of a chunk, stopped where next,
// the parser of the chunk after it, began, in the state next began in, and
// neither reported anything: then next's declarations are those the parse
// of the whole file finds there.
func joinable(p, next *parser) bool {
	start := next.chunk
	return p.clean() && next.clean() &&
		p.tok.Kind == start.kind && p.tok.Pos == start.pos && p.tok.NewlineBefore == start.newline &&
		p.prev == start.prev &&
		!p.harness && p.provide == 0 && p.depth == 0 && !p.thenBlock && !p.elseCloses
}

// clean reports that p's chunk was parsed without a diagnostic (the
// scanner's, read ahead past the chunk, included) and to its end.
func (p *parser) clean() bool {
	return p.errs == 0 && len(p.diags) == 0 && len(p.sc.diags) == 0 && !p.bailed
}
