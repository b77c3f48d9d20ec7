package runtime

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"
)

// Memory accounting (Options.MemoryBudget).
//
// The budget bounds the bytes of strings, lists, records, constructor
// values, closures, map entries and emissions that a machine holds. Values
// are immutable and shared, so what a machine holds is what its state
// reaches: the value stack, the frames, the fibers' configs and inverses,
// the provisions, the host maps and timers, and the emission log.
//
// Measuring that on every allocation would cost a walk of the state per
// step, so the machine keeps mem, an upper bound: the bytes held at the
// last measurement plus every byte allocated since. Each allocation is
// charged before it is made, so a single oversized one (`s + s` of a
// large s, a split into millions of parts) is refused before it happens.
// When mem passes the next trigger the machine measures what it really
// holds (liveBytes) and resets mem to that: over the budget is the
// `unbounded` finding, at the statement that allocated; under it, the
// next trigger is the budget, or a quarter of the budget further when the
// run already holds more than three quarters of it (so measuring costs at
// most a walk of the budget per quarter budget allocated, and a run never
// holds more than 5/4 of the budget between measurements).
//
// The sizes are estimates of the Go memory behind each value (a string
// its bytes plus a header, a list 16 bytes an element plus a header):
// enough to stop a run that doubles a string forty times long before the
// process runs out of memory, and deterministic, since they depend only
// on the values.

// DefaultMemoryBudget is MemoryBudget's default: 64 MiB.
const DefaultMemoryBudget = 64 << 20

// Shallow sizes of the values the machine allocates, in bytes.
const (
	sizeHeader = 32  // a string, list, record or closure header, its interface box
	sizeSlot   = 16  // one element of a list, record, constructor or capture list
	sizeEntry  = 64  // a host map entry besides its key's text
	sizeEmit   = 224 // an Emission besides its text
)

func sizeList(n int) int64   { return sizeHeader + sizeSlot*int64(n) }
func sizeString(n int) int64 { return sizeHeader + int64(n) }

// charge accounts for n bytes about to be allocated.
func (m *Machine) charge(n int64) *Error {
	m.mem += n
	if m.mem <= m.memNext() {
		return nil
	}
	live := m.liveBytes()
	m.mem = live + n
	m.memMeasured = m.mem
	if m.mem > m.opts.MemoryBudget {
		return m.memError()
	}
	return nil
}

// memNext is the value of mem that triggers the next measurement.
func (m *Machine) memNext() int64 {
	b := m.opts.MemoryBudget
	return max(b, m.memMeasured+b/4)
}

// MemoryHeld returns the bytes the machine holds by the accounting above,
// measured now.
func (m *Machine) MemoryHeld() int64 { return m.liveBytes() }

func (m *Machine) memError() *Error {
	return m.memErrorWhy("the run would hold " + formatBytes(m.mem))
}

// memErrorWhy is the budget error with its reason, at the statement that
// allocated.
func (m *Machine) memErrorWhy(why string) *Error {
	err := rtErr(KindBudget, "unbounded: memory budget of %s exceeded (%s)", formatBytes(m.opts.MemoryBudget), why)
	// The statement that allocated, not the expression inside it.
	for i := len(m.frames) - 1; i >= 0; i-- {
		if f := &m.frames[i]; f.kind == fCode {
			if f.stmt >= 0 {
				err.Span = f.span(f.stmt)
			}
			err.File = m.prog.file
			break
		}
	}
	return err
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 10<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// text renders v for the program's own use (a template, `+`, an emission,
// a map key): whole, or a budget error when its text alone would exceed
// the memory budget. A string shown bare is returned as it is. The caller
// charges what it keeps.
func (m *Machine) text(v value, quote bool) (string, *Error) {
	limit := int(min(m.opts.MemoryBudget, 1<<40))
	switch x := v.(type) {
	case vStr:
		if !quote {
			return string(x), nil
		}
		if len(x)+2 <= limit {
			// The common map key: the text writeValue gives (it quotes a
			// string as it is), built once per string a machine sees.
			return m.quotedKey(x), nil
		}
	case vInt:
		if t := strconv.FormatInt(int64(x), 10); len(t) <= limit {
			return t, nil
		}
	}
	b := textBuf{limit: limit}
	writeValue(&b, v, quote)
	if b.over {
		return "", m.memErrorWhy("a value's text alone is larger")
	}
	return b.String(), nil
}

// callText renders a call the way emissions show it: `log.write("A up")`.
// limit bounds the text (0: none); over reports that it was reached.
func callText(key, method string, args []value, limit int) (text string, over bool) {
	b := textBuf{limit: limit}
	// Reserve what the usual arguments (strings, numbers) take, so that
	// the text is one allocation rather than a growing buffer's several.
	n := len(key) + len(method) + 2
	for _, a := range args {
		n += 2
		if s, ok := a.(vStr); ok {
			n += len(s) + 2
		} else {
			n += 8
		}
	}
	if limit > 0 {
		n = min(n, limit+1)
	}
	b.Grow(n)
	b.WriteString(key)
	b.WriteByte('.')
	b.WriteString(method)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		writeValue(&b, a, true)
	}
	b.WriteByte(')')
	return b.String(), b.over
}

// sizer walks the machine's state and adds up what it reaches, each
// string, list, record, constructor value and closure once however many
// times it is shared.
type sizer struct {
	seen map[unsafe.Pointer]struct{}
	n    int64
}

func (z *sizer) first(p unsafe.Pointer) bool {
	if _, ok := z.seen[p]; ok {
		return false
	}
	z.seen[p] = struct{}{}
	return true
}

func (z *sizer) str(s string) {
	if len(s) == 0 || !z.first(unsafe.Pointer(unsafe.StringData(s))) {
		return
	}
	z.n += sizeString(len(s))
}

// fresh counts a text the machine built for one use: an emission's, a
// quoted map key. Each is counted whole, as when every one was a string of
// its own; the machine's text cache (textcache.go) may now hand the same
// string to several, and which ones depends on what the cache held, so
// counting them once would make the measure depend on that.
func (z *sizer) fresh(s string) {
	if len(s) > 0 {
		z.n += sizeString(len(s))
	}
}

// key counts a map key's text: a quoted string key is fresh, any other
// (an integer's digits, which strconv may share) as a string.
func (z *sizer) key(k string) {
	if len(k) > 0 && k[0] == '"' {
		z.fresh(k)
		return
	}
	z.str(k)
}

func (z *sizer) value(v value) {
	switch v := v.(type) {
	case vStr:
		z.str(string(v))
	case *vList:
		if z.first(unsafe.Pointer(v)) {
			z.n += sizeList(len(v.elems))
			z.values(v.elems)
		}
	case *vRecord:
		if z.first(unsafe.Pointer(v)) {
			z.n += sizeList(len(v.vals)) + sizeSlot*int64(len(v.names))
			z.values(v.vals)
		}
	case *vCtor:
		if z.first(unsafe.Pointer(v)) {
			z.n += sizeList(len(v.args))
			z.values(v.args)
		}
	case *vClosure:
		z.closure(v)
	case vOpt:
		z.n += sizeSlot
		z.value(v.v)
	case vResult:
		z.n += sizeSlot
		z.value(v.v)
	}
}

func (z *sizer) values(vs []value) {
	for _, v := range vs {
		z.value(v)
	}
}

func (z *sizer) closure(c *vClosure) {
	if c != nil && z.first(unsafe.Pointer(c)) {
		z.n += sizeList(len(c.up))
		z.values(c.up)
	}
}

// liveBytes measures what the machine holds (see the comment at the top).
func (m *Machine) liveBytes() int64 {
	z := &sizer{seen: map[unsafe.Pointer]struct{}{}}
	z.values(m.vals)
	for i := range m.frames {
		f := &m.frames[i]
		z.values(f.up)
		z.values(f.acc)
		if f.list != nil {
			z.value(f.list)
		}
		z.closure(f.fn)
	}
	for _, f := range m.fibers {
		if f.config != nil {
			z.value(f.config)
		}
		if f.override != nil {
			z.value(f.override)
		}
		for _, inv := range f.frame {
			z.closure(inv.fn)
		}
	}
	for _, p := range m.provs {
		if p == nil {
			continue
		}
		for _, fn := range p.methods {
			z.closure(fn.fn)
		}
	}
	for _, r := range m.host.maps {
		//seam:unordered a sum: the order of the terms does not change it
		for k, e := range r.entries {
			z.n += sizeEntry
			z.key(k)
			z.value(e.k)
			z.value(e.v)
		}
	}
	for _, t := range m.host.timers {
		z.closure(t.body)
	}
	for _, c := range m.emissions.chunks {
		for i := range c {
			z.n += sizeEmit
			z.fresh(c[i].Text)
			for _, a := range c[i].Args {
				z.str(a)
			}
		}
	}
	return z.n
}

// methodCost is what a value method is about to allocate, charged before
// it runs: a split of a large string into millions of parts is refused
// before the parts exist.
func methodCost(recv value, name string, args []value) int64 {
	switch r := recv.(type) {
	case vStr:
		switch name {
		case "upper", "lower":
			return sizeString(len(r))
		case "trim":
			return sizeHeader
		case "split":
			if len(args) == 1 {
				if sep, ok := args[0].(vStr); ok {
					n := strings.Count(string(r), string(sep)) + 1
					return sizeList(n) + sizeHeader*int64(n)
				}
			}
		}
	case *vList:
		if name == "push" {
			return sizeList(len(r.elems) + 1)
		}
	}
	return 0
}

// copyCost is what an assignment to an element of x copies.
func copyCost(x value) int64 {
	switch x := x.(type) {
	case *vList:
		return sizeList(len(x.elems))
	case *vRecord:
		return 2 * sizeList(len(x.names)+1)
	}
	return 0
}

// concat performs a `+` of the two values on top of the stack when it
// builds a list or a string, charging the result before building it; it
// reports false (and leaves the stack) for numbers and errors, which
// binary handles.
func (m *Machine) concat() (bool, *Error) {
	x, y := m.vals[len(m.vals)-2], m.vals[len(m.vals)-1]
	xs, xl := x.(*vList)
	ys, yl := y.(*vList)
	if xl && yl {
		if err := m.charge(sizeList(len(xs.elems) + len(ys.elems))); err != nil {
			return true, err
		}
		out := make([]value, 0, len(xs.elems)+len(ys.elems))
		m.vals = m.vals[:len(m.vals)-2]
		m.push(&vList{elems: append(append(out, xs.elems...), ys.elems...)})
		return true, nil
	}
	_, xstr := x.(vStr)
	_, ystr := y.(vStr)
	if !xstr && !ystr {
		return false, nil
	}
	a, err := m.text(x, false)
	if err != nil {
		return true, err
	}
	b, err := m.text(y, false)
	if err != nil {
		return true, err
	}
	if err := m.charge(sizeString(len(a) + len(b))); err != nil {
		return true, err
	}
	m.vals = m.vals[:len(m.vals)-2]
	m.push(vStr(a + b))
	return true, nil
}
