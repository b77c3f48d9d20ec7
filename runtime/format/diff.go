package format

import (
	"fmt"
	"strings"
)

// Diff renders the changes from a to b as a unified diff with three lines
// of context, headed `--- oldName` and `+++ newName`; "" when a == b. It
// is what `revl fmt -d` prints. The line alignment is Myers' O(ND)
// algorithm, so formatting a large file that barely changes stays cheap.
func Diff(oldName, newName string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	x, y := splitLines(string(a)), splitLines(string(b))
	ops := myers(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	const context = 3
	// Group the edit script into hunks: runs of changes with at most
	// 2*context equal lines between them.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
	a, b int // 0-based line numbers in a and b before this op
}

func writeHunk(w *strings.Builder, ops []diffOp) {
	var na, nb int
	for _, o := range ops {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	sa, sb := ops[0].a+1, ops[0].b+1
	if na == 0 {
		sa--
	}
	if nb == 0 {
		sb--
	}
	fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", sa, na, sb, nb)
	for _, o := range ops {
		w.WriteByte(o.kind)
		w.WriteString(o.line)
		if !strings.HasSuffix(o.line, "\n") {
			w.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// splitLines splits s after each newline; a last line without one is kept.
func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// maxEdits bounds the exact search: beyond it (a whole file rewritten) the
// changed middle is reported as one replacement, which is still a correct
// diff, just not a minimal one, and costs no quadratic memory.
const maxEdits = 2000

// myers computes an edit script from x to y: the shortest one when it has
// at most maxEdits changes after the common prefix and suffix.
func myers(x, y []string) []diffOp {
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	var ops []diffOp
	for i := 0; i < pre; i++ {
		ops = append(ops, diffOp{' ', x[i], i, i})
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	mid := shortest(mx, my)
	if mid == nil {
		for i, l := range mx {
			mid = append(mid, diffOp{'-', l, i, 0})
		}
		for j, l := range my {
			mid = append(mid, diffOp{'+', l, len(mx), j})
		}
	}
	for _, o := range mid {
		o.a += pre
		o.b += pre
		ops = append(ops, o)
	}
	for i := 0; i < suf; i++ {
		ops = append(ops, diffOp{' ', x[len(x)-suf+i], len(x) - suf + i, len(y) - suf + i})
	}
	return ops
}

// shortest is Myers' greedy search; nil when the script would be longer
// than maxEdits.
func shortest(x, y []string) []diffOp {
	n, m := len(x), len(y)
	if n == 0 && m == 0 {
		return []diffOp{}
	}
	maxD := min(n+m, maxEdits)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				i = v[off+k+1] // down: an insertion
			} else {
				i = v[off+k-1] + 1 // right: a deletion
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i++
				j++
			}
			v[off+k] = i
			if i >= n && j >= m {
				return backtrack(trace, x, y)
			}
		}
	}
	return nil
}

// backtrack walks the saved frontiers back from (n, m) to build the
// script. trace[d] is the frontier before round d.
func backtrack(trace [][]int, x, y []string) []diffOp {
	i, j := len(x), len(y)
	var rev []diffOp
	for d := len(trace) - 1; d > 0; d-- {
		// trace[d] holds the frontier for k in [-d-1, d+1].
		v := trace[d]
		off := d + 1
		k := i - j
		pk := k - 1
		if k == -d || k != d && v[off+k-1] < v[off+k+1] {
			pk = k + 1
		}
		pi := v[off+pk]
		pj := pi - pk
		for i > pi && j > pj {
			i--
			j--
			rev = append(rev, diffOp{' ', x[i], i, j})
		}
		if i == pi {
			j--
			rev = append(rev, diffOp{'+', y[j], i, j})
		} else {
			i--
			rev = append(rev, diffOp{'-', x[i], i, j})
		}
	}
	for i > 0 && j > 0 {
		i--
		j--
		rev = append(rev, diffOp{' ', x[i], i, j})
	}
	ops := make([]diffOp, len(rev))
	for n, o := range rev {
		ops[len(rev)-1-n] = o
	}
	return ops
}
