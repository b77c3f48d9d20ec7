package check

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"revl.dev/debug/runtime/syntax"
)

// checker carries the state of one Check call. The passes run in a fixed
// order (declarations, bodies, composition) and each walks declarations in
// source order, so diagnostics come out the same on every run even before
// the final sort.
type checker struct {
	p    *Program
	file string
	// comps holds each component's state, indexed by DeclIndex: one
	// allocation for the whole program instead of a map entry and an
	// object per component.
	comps []compState
	// valueMethods is every method name the runtime offers on a plain value
	// or a live host resource; see ValueMethods.
	valueMethods map[string]bool
	suggestions  int     // spent of suggestBudget
	trail        trail   // what the name pass resolved, in order (trail.go)
	localBlock   []local // see newLocal
	scopeBlock   []scope // see newScope
	// How many of each block are handed out (counted rather than
	// resliced, which stored a pointer: a write barrier per local or
	// scope while the collector marked).
	localsUsed, scopesUsed int
	// bodyComps finds the component of each declaration the body pass
	// walks (checkBody).
	bodyComps componentCursor
	// trace, when set, records every entry that use and typer.bind make,
	// for CheckIncremental (incremental.go).
	trace *checkTrace
	// lean, when set, records uses while a CheckWith{NoUses} check has no
	// Program.Uses (lean.go).
	lean *leanUses
	// halves allows a lean check of a whole large file (leanCheck) to run
	// its declaration, body and type passes in two halves (halves.go);
	// halvesInexact says they must be run again serially.
	halves, halvesInexact bool
}

func newChecker(p *Program) *checker {
	c := &checker{p: p, valueMethods: map[string]bool{}}
	if p.File != nil {
		c.file = p.File.Name
	}
	//seam:unordered building a set; order cannot matter
	for _, ms := range ValueMethods {
		for _, m := range ms {
			c.valueMethods[m] = true
		}
	}
	//seam:unordered building a set; order cannot matter
	for _, ms := range HostMethods {
		for _, m := range ms {
			c.valueMethods[m] = true
		}
	}
	return c
}

// report appends one diagnostic on node n.
func (c *checker) report(sev syntax.Severity, n syntax.Node, code, msg string, rel []syntax.Related) {
	var sp syntax.Span
	if !isNil(n) {
		sp = n.Range()
	}
	c.p.Diagnostics = append(c.p.Diagnostics, syntax.Diagnostic{
		File: c.file, Span: sp, Severity: sev, Code: code, Message: msg, Related: rel,
	})
}

func (c *checker) err(n syntax.Node, code, msg string, rel ...syntax.Related) {
	c.report(syntax.SeverityError, n, code, msg, rel)
}

func (c *checker) warn(n syntax.Node, code, msg string, rel ...syntax.Related) {
	c.report(syntax.SeverityWarning, n, code, msg, rel)
}

// at builds a Related entry pointing at n.
func (c *checker) at(n syntax.Node, format string, args ...any) syntax.Related {
	var sp syntax.Span
	if !isNil(n) {
		sp = n.Range()
	}
	return syntax.Related{File: c.file, Span: sp, Message: fmt.Sprintf(format, args...)}
}

// use records what id names; a nil id (from a malformed tree) is ignored.
func (c *checker) use(id *syntax.Ident, r Ref) {
	if id == nil {
		return
	}
	if r.Name == "" {
		r.Name = id.Name
	}
	if c.lean != nil {
		c.useLean(id, r)
	} else {
		n := len(c.p.Uses)
		c.p.Uses[id] = r
		c.trail.record(id, r, len(c.p.Uses) > n)
	}
	if c.trace != nil {
		c.trace.uses = append(c.trace.uses, useEntry{id, r})
	}
}

// def records a declaring identifier as resolving to itself.
func (c *checker) def(id *syntax.Ident, kind RefKind, decl syntax.Node) {
	if id != nil {
		c.use(id, Ref{Kind: kind, Def: id, Decl: decl})
	}
}

// isNil reports whether an interface holds nothing or a nil pointer. The
// parser recovers from errors and a malformed tree may contain either; the
// checker must never panic on what the parser hands it.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	// An interface holding a pointer holds it as its data word; any other
	// value's data word is never nil except a nil map, chan or func, which
	// the kind test tells apart. So reflection runs only on a nil word:
	// every node of every tree passes through here, and building a
	// reflect.Value for each was a thirtieth of the check.
	if (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1] != nil {
		return false
	}
	return reflect.TypeOf(v).Kind() == reflect.Pointer
}

// q quotes a name the way every revl message does.
func q(s string) string { return "'" + s + "'" }

// plural renders "1 argument" / "2 arguments".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// list renders names as 'a', 'b' and 'c'.
func list(names []string) string {
	qs := make([]string, len(names))
	for i, n := range names {
		qs[i] = q(n)
	}
	switch len(qs) {
	case 0:
		return ""
	case 1:
		return qs[0]
	}
	return strings.Join(qs[:len(qs)-1], ", ") + " and " + qs[len(qs)-1]
}

// suggestBudget caps how many suggestions one Check computes: each costs
// a pass over the candidates, and a file of thousands of unknown names
// (a fuzzer's favourite) must still check in linear time. The first
// mistakes in a file are the ones a user reads.
const suggestBudget = 100

// didYouMean is closest, within the per-check budget.
func (c *checker) didYouMean(name string, candidates []string) string {
	if !c.canSuggest() {
		return ""
	}
	return closest(name, candidates)
}

// canSuggest spends one unit of the suggestion budget.
func (c *checker) canSuggest() bool {
	if c.suggestions >= suggestBudget {
		return false
	}
	c.suggestions++
	return true
}

// closest suggests the closest candidate to name, as "; did you mean
// 'x'?", or "" when nothing is close: within a third of the name's length
// in edits (a swap of two letters counts as one), or a case-insensitive
// prefix either way (Logger for Log). Names shorter than three letters get
// no suggestion: almost anything is close to them. Candidates are sorted
// first so the pick never depends on map order.
func closest(name string, candidates []string) string {
	if len(name) < 3 {
		return ""
	}
	lname := strings.ToLower(name)
	limit := min(max(len(name)/3, 1), 3)
	best, bestD := "", limit+1
	// The nearest, and of the nearest the first in byte order: the same
	// answer in any order of the candidates, so they need no sorting (a
	// file's every function name is one, and sorting them was most of an
	// unknown name's cost).
	for _, cand := range candidates {
		if cand == name || len(cand) < 3 {
			continue
		}
		lc := strings.ToLower(cand)
		prefix := strings.HasPrefix(lname, lc) || strings.HasPrefix(lc, lname)
		if !prefix && (len(lc) > len(lname)+limit || len(lname) > len(lc)+limit) {
			continue // too different in length to be within the limit; skip the matrix
		}
		d := editDistance(lname, lc)
		if d > limit && prefix {
			d = limit // a prefix is as good as the weakest typo
		}
		if d < bestD || (d == bestD && cand < best) {
			best, bestD = cand, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + q(best) + "?"
}

// editDistance is the optimal string alignment distance (Levenshtein plus
// adjacent swaps), used only for suggestions.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 20 // long names are never typos of each other worth suggesting
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// sortedKeys returns a map's keys in order, for messages and suggestions.
// appendKeys appends m's keys to out, in no particular order.
func appendKeys[V any](out []string, m map[string]V) []string {
	//seam:unordered the callers' answers do not depend on the order (closest)
	for k := range m {
		out = append(out, k)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
