package runtime

import "strconv"

// What the debugger reads of a Value (native.go declares the type and
// its constructors): its kind, its rendering, and the parts of a
// structured value (list elements, record fields, the payload of an
// option, a result or a union constructor), so that a client can page
// through it without reading rendered text back.

// ValueKind classifies a Value.
type ValueKind uint8

const (
	UnitKind ValueKind = iota
	IntKind
	FloatKind
	StrKind
	BoolKind
	NullKind
	ListKind
	RecordKind
	OptKind    // Some(v) or None
	ResultKind // Ok(v) or Err(v)
	CtorKind   // a constructor of a declared union: Found(r), Missing
	HandleKind // a host resource: map#1, pool#2, job#1
	FnKind     // a closure or a helper fn used as a value
)

// Kind returns v's kind.
func (v Value) Kind() ValueKind {
	switch v.val().(type) {
	case vInt:
		return IntKind
	case vFloat:
		return FloatKind
	case vStr:
		return StrKind
	case vBool:
		return BoolKind
	case vNull:
		return NullKind
	case *vList:
		return ListKind
	case *vRecord:
		return RecordKind
	case vOpt:
		return OptKind
	case vResult:
		return ResultKind
	case *vCtor:
		return CtorKind
	case vHandle:
		return HandleKind
	case *vClosure:
		return FnKind
	}
	return UnitKind
}

// Display is what a template `${v}` inserts: String, except that a string
// is written bare.
func (v Value) Display() string { return display(v.val()) }

// Type names v's type as run-time errors do: Int, Str, List, record, Opt,
// Result, the constructor's name, Map, fn.
func (v Value) Type() string { return kindName(v.val()) }

// Bool returns v's truth when v is a Bool.
func (v Value) Bool() (b, ok bool) {
	x, ok := v.v.(vBool)
	return bool(x), ok
}

// Str returns the string when v is a Str.
func (v Value) Str() (string, bool) {
	s, ok := v.v.(vStr)
	return string(s), ok
}

// Int returns the integer when v is an Int.
func (v Value) Int() (int64, bool) {
	n, ok := v.v.(vInt)
	return int64(n), ok
}

// Equal is revl's `==`: structural, with 1 == 1.0.
func (v Value) Equal(w Value) bool { return equal(v.val(), w.val()) }

// Len returns the number of v's parts: a list's elements, a record's
// fields, the arguments of a constructor, 1 for Some, Ok and Err, 0 for
// everything else.
func (v Value) Len() int {
	switch x := v.v.(type) {
	case *vList:
		return len(x.elems)
	case *vRecord:
		return len(x.names)
	case vOpt:
		if x.some {
			return 1
		}
	case vResult:
		return 1
	case *vCtor:
		return len(x.args)
	}
	return 0
}

// Part returns v's i-th part (0 <= i < Len()) and its name: `[i]` for a
// list element, the field name for a record, the argument's index ("0",
// "1") for Some, Ok, Err and union constructors.
func (v Value) Part(i int) (name string, part Value) {
	switch x := v.v.(type) {
	case *vList:
		return "[" + strconv.Itoa(i) + "]", Value{x.elems[i]}
	case *vRecord:
		return x.names[i], Value{x.vals[i]}
	case vOpt:
		return "0", Value{x.v}
	case vResult:
		return "0", Value{x.v}
	case *vCtor:
		return strconv.Itoa(i), Value{x.args[i]}
	}
	panic("runtime: Value.Part of a value without parts")
}
