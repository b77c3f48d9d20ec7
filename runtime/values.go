package runtime

import (
	"strconv"
	"strings"
)

// value is a revl run-time value.
//
// Every value is immutable once built: lists, records and constructor
// values are never changed in place (an assignment to `xs[i]` or `r.f`
// builds a new value and rebinds the local). That is what makes Clone
// cheap: two machines can share every value they hold, and only the host
// resource table, which really is mutable, needs copy-on-write.
type value interface{ isValue() }

type (
	vInt   int64
	vFloat float64
	vStr   string
	vBool  bool
	vUnit  struct{}
	vNull  struct{}

	// vList is an immutable list.
	vList struct{ elems []value }

	// vRecord is an immutable record; fields keep the order of the literal
	// that built it, which is the order they render in.
	vRecord struct {
		names []string
		vals  []value
	}

	// vOpt is Some(v) or None.
	vOpt struct {
		some bool
		v    value
	}

	// vResult is Ok(v) or Err(v).
	vResult struct {
		ok bool
		v  value
	}

	// vCtor is a value of a declared union: `Found(r)`, `Missing`.
	vCtor struct {
		name string
		args []value
	}

	// vHandle names a host resource in the machine's resource table; the
	// resource's state lives there, not in the value, so a handle can be
	// copied freely and still observe drops and closes.
	vHandle struct {
		class hostClass
		id    int
	}

	// vClosure is compiled code plus the values it captured when it was
	// made: arrows, helper fns used as values, undo and compensate
	// expressions, timer bodies and provision methods.
	vClosure struct {
		code *Code
		up   []value
	}
)

func (vInt) isValue()      {}
func (vFloat) isValue()    {}
func (vStr) isValue()      {}
func (vBool) isValue()     {}
func (vUnit) isValue()     {}
func (vNull) isValue()     {}
func (*vList) isValue()    {}
func (*vRecord) isValue()  {}
func (vOpt) isValue()      {}
func (vResult) isValue()   {}
func (*vCtor) isValue()    {}
func (vHandle) isValue()   {}
func (*vClosure) isValue() {}

var (
	unit    value = vUnit{}
	null    value = vNull{}
	none    value = vOpt{}
	trueV   value = vBool(true)
	falseV  value = vBool(false)
	emptyLs       = &vList{}
)

func boolV(b bool) value {
	if b {
		return trueV
	}
	return falseV
}

// kindName is the type name used in error messages and to pick the value
// methods of check.ValueMethods.
func kindName(v value) string {
	switch v := v.(type) {
	case vInt:
		return "Int"
	case vFloat:
		return "Float"
	case vStr:
		return "Str"
	case vBool:
		return "Bool"
	case vUnit:
		return "Unit"
	case vNull:
		return "null"
	case *vList:
		return "List"
	case *vRecord:
		return "record"
	case vOpt:
		return "Opt"
	case vResult:
		return "Result"
	case *vCtor:
		return v.name
	case vHandle:
		return v.class.typeName()
	case *vClosure:
		return "fn"
	case nil:
		return "nothing"
	}
	return "value"
}

// render writes v the way emissions, events and the debugger show it:
// strings in double quotes, ints plain, lists `[1, 2]`, records `{a: 1}`.
// The language has no escapes in string literals, so neither does render.
//
// render is for people: it stops at displayLimit bytes and ends the text
// with "...". Lists may share elements (`xs = [xs, xs]` doubles the text
// at no cost in memory), so a value's text can be exponentially larger
// than the value; rendering it whole would take the process down. What
// the program computes with (templates, `+`, emission texts, map keys)
// goes through Machine.text, which is bounded by the memory budget instead.
func render(v value) string {
	b := textBuf{limit: displayLimit}
	writeValue(&b, v, true)
	if b.over {
		return b.String()[:displayLimit] + "..."
	}
	return b.String()
}

// displayLimit bounds the text of one value shown to people (see render).
const displayLimit = 1 << 20

// display is render except that a top-level string is written bare; it is
// what a template `${x}` and a host trace line insert.
func display(v value) string {
	if s, ok := v.(vStr); ok {
		return string(s)
	}
	return render(v)
}

// textBuf is a strings.Builder that stops growing past limit (0: no
// limit): writeValue checks over and returns, so rendering a value whose
// text is larger costs O(limit), whatever the value's shape.
type textBuf struct {
	strings.Builder
	limit int
	over  bool
}

func (b *textBuf) WriteString(s string) {
	if b.over {
		return
	}
	b.Builder.WriteString(s)
	b.over = b.limit > 0 && b.Len() > b.limit
}

func (b *textBuf) WriteByte(c byte) error {
	if b.over {
		return nil
	}
	b.Builder.WriteByte(c)
	b.over = b.limit > 0 && b.Len() > b.limit
	return nil
}

func writeValue(b *textBuf, v value, quote bool) {
	if b.over {
		return
	}
	switch v := v.(type) {
	case vInt:
		b.WriteString(strconv.FormatInt(int64(v), 10))
	case vFloat:
		b.WriteString(formatFloat(float64(v)))
	case vStr:
		if quote {
			b.WriteByte('"')
			b.WriteString(string(v))
			b.WriteByte('"')
		} else {
			b.WriteString(string(v))
		}
	case vBool:
		b.WriteString(strconv.FormatBool(bool(v)))
	case vUnit:
		b.WriteString("()")
	case vNull:
		b.WriteString("null")
	case *vList:
		b.WriteByte('[')
		for i, e := range v.elems {
			if b.over {
				return
			}
			if i > 0 {
				b.WriteString(", ")
			}
			writeValue(b, e, true)
		}
		b.WriteByte(']')
	case *vRecord:
		b.WriteByte('{')
		for i, n := range v.names {
			if b.over {
				return
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(n)
			b.WriteString(": ")
			writeValue(b, v.vals[i], true)
		}
		b.WriteByte('}')
	case vOpt:
		if !v.some {
			b.WriteString("None")
			return
		}
		b.WriteString("Some(")
		writeValue(b, v.v, true)
		b.WriteByte(')')
	case vResult:
		if v.ok {
			b.WriteString("Ok(")
		} else {
			b.WriteString("Err(")
		}
		writeValue(b, v.v, true)
		b.WriteByte(')')
	case *vCtor:
		b.WriteString(v.name)
		if len(v.args) > 0 {
			b.WriteByte('(')
			for i, a := range v.args {
				if b.over {
					return
				}
				if i > 0 {
					b.WriteString(", ")
				}
				writeValue(b, a, true)
			}
			b.WriteByte(')')
		}
	case vHandle:
		b.WriteString(v.class.tag(v.id))
	case *vClosure:
		b.WriteString("<fn ")
		b.WriteString(v.code.Name)
		b.WriteByte('>')
	case nil:
		b.WriteString("<unset>")
	}
}

// formatFloat keeps a Float recognisable as one: 2.0 renders as `2.0`, not
// `2`, so `${x}` of a Float never reads like an Int.
func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") { // n/N: NaN, Inf
		s += ".0"
	}
	return s
}

// equal is structural equality. Int and Float compare by numeric value so
// that `x == 1` works for a Float x.
func equal(a, b value) bool {
	switch a := a.(type) {
	case vInt:
		switch b := b.(type) {
		case vInt:
			return a == b
		case vFloat:
			return float64(a) == float64(b)
		}
		return false
	case vFloat:
		switch b := b.(type) {
		case vInt:
			return float64(a) == float64(b)
		case vFloat:
			return a == b
		}
		return false
	case *vList:
		b, ok := b.(*vList)
		if !ok || len(a.elems) != len(b.elems) {
			return false
		}
		for i := range a.elems {
			if !equal(a.elems[i], b.elems[i]) {
				return false
			}
		}
		return true
	case *vRecord:
		b, ok := b.(*vRecord)
		if !ok || len(a.names) != len(b.names) {
			return false
		}
		// Field order is presentation only: {a: 1, b: 2} == {b: 2, a: 1}.
		for i, n := range a.names {
			bv, ok := b.field(n)
			if !ok || !equal(a.vals[i], bv) {
				return false
			}
		}
		return true
	case vOpt:
		b, ok := b.(vOpt)
		return ok && a.some == b.some && (!a.some || equal(a.v, b.v))
	case vResult:
		b, ok := b.(vResult)
		return ok && a.ok == b.ok && equal(a.v, b.v)
	case *vCtor:
		b, ok := b.(*vCtor)
		if !ok || a.name != b.name || len(a.args) != len(b.args) {
			return false
		}
		for i := range a.args {
			if !equal(a.args[i], b.args[i]) {
				return false
			}
		}
		return true
	case *vClosure:
		return a == b
	}
	// Scalars, handles, unit and null compare as Go values.
	return a == b
}

func (r *vRecord) field(name string) (value, bool) {
	for i, n := range r.names {
		if n == name {
			return r.vals[i], true
		}
	}
	return nil, false
}

// with returns a copy of r whose field name is v (appended when new).
func (r *vRecord) with(name string, v value) *vRecord {
	out := &vRecord{names: r.names, vals: append([]value(nil), r.vals...)}
	for i, n := range r.names {
		if n == name {
			out.vals[i] = v
			return out
		}
	}
	out.names = append(append([]string(nil), r.names...), name)
	out.vals = append(out.vals, v)
	return out
}

var emptyRecord = &vRecord{}
