package mocks

import (
	"math"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/runtime/syntax"
)

// Generator is the runtime.Native of every mock: it answers a call of a
// mock's method with a value of the method's declared result type, drawn
// from the operation's own stream (runtime.NativeCall.Entropy), or, for an
// async method, with a job. It keeps no state: everything it draws from
// lives in the machine, so clones and replays see the same values.
type Generator struct{}

var _ runtime.Native = Generator{}

// Call implements runtime.Native.
func (Generator) Call(c *runtime.NativeCall) runtime.Value {
	m := c.Method()
	if m.Async {
		return c.StartJob(c.Key() + "." + m.Name)
	}
	var t syntax.TypeExpr
	if m.Sig != nil {
		t = m.Sig.Result
	}
	g := &gen{prog: c.Program(), e: c.Entropy(), newMap: c.NewMap}
	return g.value(t, 0)
}

// Value draws one value of type t (nil: Unit) from e, exactly as a mock's
// operation does. Maps are built with newMap (a mock builds a host map it
// owns; see runtime.NativeCall.NewMap). It is what the golden tests pin.
func Value(p *check.Program, t syntax.TypeExpr, e seam.Entropy, newMap func([]runtime.MapEntry) runtime.Value) runtime.Value {
	g := &gen{prog: p, e: e, newMap: newMap}
	return g.value(t, 0)
}

// maxDepth bounds nesting: past it an Opt is None, a List or Map empty, a
// union its first case without fields (when it has one), and anything else
// the neutral value. Recursive types therefore always end.
const maxDepth = 6

// The edge values an Int favours, and a Float's.
var (
	intEdges   = []int64{0, 1, -1, math.MinInt64, math.MaxInt64}
	floatEdges = []float64{0, 1, -1, 0.5}
)

type gen struct {
	prog   *check.Program
	e      seam.Entropy
	newMap func([]runtime.MapEntry) runtime.Value
}

func (g *gen) n(k int) int { return seam.Intn(g.e, k) }

// neutral is the value of a type the generator cannot build (a Pool, a
// malformed type): `null`, which `??` and a None pattern treat as absent.
func neutral() runtime.Value { return runtime.NullValue() }

// value draws a value of t. The draws each form makes are part of the
// determinism contract (docs/mocks.md): changing them changes every
// recorded mock value.
func (g *gen) value(t syntax.TypeExpr, depth int) runtime.Value {
	if t == nil {
		return runtime.UnitValue()
	}
	switch t := t.(type) {
	case *syntax.NamedType:
		if t.Name == nil {
			return neutral()
		}
		switch t.Name.Name {
		case "Int":
			if k := g.n(10); k < len(intEdges) {
				return runtime.IntValue(intEdges[k])
			}
			return runtime.IntValue(int64(g.n(2001)) - 1000)
		case "Float":
			if k := g.n(8); k < len(floatEdges) {
				return runtime.FloatValue(floatEdges[k])
			}
			return runtime.FloatValue(float64(g.n(200001)-100000) / 100)
		case "Bool":
			return runtime.BoolValue(g.n(2) == 1)
		case "Str":
			return runtime.StrValue(g.str())
		case "Unit":
			return runtime.UnitValue()
		case "Opt":
			return g.opt(arg(t, 0), depth)
		case "List":
			if depth >= maxDepth {
				return runtime.ListValue(nil)
			}
			items := make([]runtime.Value, g.n(5))
			for i := range items {
				items[i] = g.value(arg(t, 0), depth+1)
			}
			return runtime.ListValue(items)
		case "Map":
			if g.newMap == nil {
				return neutral()
			}
			if depth >= maxDepth {
				return g.newMap(nil)
			}
			entries := make([]runtime.MapEntry, g.n(5))
			for i := range entries {
				k := g.value(arg(t, 0), depth+1)
				entries[i] = runtime.MapEntry{Key: k, Value: g.value(arg(t, 1), depth+1)}
			}
			return g.newMap(entries)
		case "Result":
			if depth >= maxDepth {
				return neutral()
			}
			if g.n(4) == 0 {
				return runtime.ErrValue(g.value(arg(t, 1), depth+1))
			}
			return runtime.OkValue(g.value(arg(t, 0), depth+1))
		}
		if g.prog != nil {
			if ti := g.prog.TypeByName[t.Name.Name]; ti != nil && ti.Decl != nil && len(t.Args) == 0 {
				return g.value(ti.Decl.Type, depth+1)
			}
		}
		return neutral() // Pool, Job, an unknown name
	case *syntax.OptionalType:
		return g.opt(t.Elem, depth)
	case *syntax.RecordType:
		if depth >= maxDepth {
			return neutral()
		}
		var names []string
		var vals []runtime.Value
		for _, f := range t.Fields {
			if f == nil || f.Name == nil {
				continue
			}
			names = append(names, f.Name.Name)
			vals = append(vals, g.value(f.Type, depth+1))
		}
		return runtime.RecordValue(names, vals)
	case *syntax.UnionType:
		var cases []*syntax.Variant
		for _, v := range t.Variants {
			if v != nil && v.Name != nil {
				cases = append(cases, v)
			}
		}
		if len(cases) == 0 {
			return neutral()
		}
		if depth >= maxDepth {
			for _, v := range cases {
				if len(v.Fields) == 0 {
					return runtime.CtorValue(v.Name.Name, nil)
				}
			}
			return neutral()
		}
		v := cases[g.n(len(cases))]
		args := make([]runtime.Value, len(v.Fields))
		for i, ft := range v.Fields {
			args[i] = g.value(ft, depth+1)
		}
		return runtime.CtorValue(v.Name.Name, args)
	}
	return neutral()
}

// opt is None one time in four, else Some of an element.
func (g *gen) opt(elem syntax.TypeExpr, depth int) runtime.Value {
	if depth >= maxDepth || g.n(4) == 0 {
		return runtime.NoneValue()
	}
	return runtime.SomeValue(g.value(elem, depth+1))
}

// str is empty one time in five, else 1 to 8 lowercase letters.
func (g *gen) str() string {
	if g.n(5) == 0 {
		return ""
	}
	b := make([]byte, 1+g.n(8))
	for i := range b {
		b[i] = byte('a' + g.n(26))
	}
	return string(b)
}

// arg is the i-th type argument of t; a missing one is a malformed type,
// whose value is neutral.
func arg(t *syntax.NamedType, i int) syntax.TypeExpr {
	if i < len(t.Args) && t.Args[i] != nil {
		return t.Args[i]
	}
	return &syntax.BadType{}
}
