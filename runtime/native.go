package runtime

import (
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/runtime/syntax"
)

// Native methods: the hook through which the provision methods of mock
// components (check.Component.Mock, derived by package mocks) are
// implemented in Go. Everything around the method stays on the normal
// paths: the mock is a fiber with a state and a frame, its activation
// publishes its key and pushes the withdrawal, a call through the key is a
// use (and, through an emission fn, an emission) with call-enter and
// call-exit events, and budgets apply. Only the body of each method is a
// single native instruction, which asks Options.Native for the result.
//
// Each method of a mock has its own value stream: a seam.SeededEntropy
// held in the machine state (and so copied by Clone), derived from the
// mock seed as the substream "revl-mock:<service>:<key>:<method>" and reset
// to its start whenever the mock activates, so a freshly derived mock is
// identical to the previous one.

// DefaultMockSeed is the seed of the mock value streams when
// Options.MockSeed is 0.
const DefaultMockSeed uint64 = 1

// Native implements the provision methods of mock components. Call must be
// deterministic: its result may depend only on the call (its method, its
// arguments) and on what it draws from c.Entropy(). It must not keep c or
// anything c returns past the call.
type Native interface {
	Call(c *NativeCall) Value
}

// NativeCall is one call of a mock's provision method, valid only during
// Native.Call.
type NativeCall struct {
	m    *Machine
	op   *nativeOp
	id   int
	args []value
	emit bool
}

// nativeOp is one method of one mock component; its index is the index of
// its value stream in the machine state.
type nativeOp struct {
	fiber  int
	comp   *check.Component
	key    string
	method *check.Method
	stream string
}

// MockStreamName is the name of the seam substream that feeds the values of
// one mock operation: `revl-mock:<service>:<key>:<method>`.
func MockStreamName(service, key, method string) string {
	return "revl-mock:" + service + ":" + key + ":" + method
}

// Fiber is the mock component the call runs in.
func (c *NativeCall) Fiber() string { return c.op.comp.Name }

// Key is the key the call went through.
func (c *NativeCall) Key() string { return c.op.key }

// Method is the service method being called (its signature gives the
// result type).
func (c *NativeCall) Method() *check.Method { return c.op.method }

// Program is the program the machine runs, for type declarations.
func (c *NativeCall) Program() *check.Program { return c.m.prog.prog }

// Emitted reports whether the call is an emission (`emit k.m(...)` or an
// emitting compensation) rather than a plain use.
func (c *NativeCall) Emitted() bool { return c.emit }

// Args are the call's arguments.
func (c *NativeCall) Args() []Value {
	out := make([]Value, len(c.args))
	for i, a := range c.args {
		out[i] = Value{a}
	}
	return out
}

// Entropy is the operation's own value stream. It advances with every
// draw, and its position is part of the machine state.
func (c *NativeCall) Entropy() seam.Entropy { return &c.m.mockRNG[c.id] }

// MapEntry is one entry of a map built by NewMap.
type MapEntry struct{ Key, Value Value }

// NewMap acquires a host map in the mock's context (`map#N.new`, then one
// `map#N.insert k` per entry; a later entry with an equal key replaces an
// earlier one) and adopts its drop into the mock's frame, as an
// `effect Map.new() undo m.drop()` in a provider method would: the map is
// released when the mock is torn down.
func (c *NativeCall) NewMap(entries []MapEntry) Value {
	m, fi := c.m, c.op.fiber
	m.host.maps = append(m.host.maps, &mapRes{own: m.token(), entries: map[string]mapEntry{}})
	id := len(m.host.maps)
	tag := hMap.tag(id)
	m.trace(fi, tag+".new", true, false)
	r := m.host.maps[id-1]
	for _, e := range entries {
		k, v := e.Key.val(), e.Value.val()
		m.trace(fi, tag+".insert "+display(k), false, false)
		r.entries[render(k)] = mapEntry{k, v}
	}
	h := vHandle{hMap, id}
	m.pushInverse(fi, &inverse{kind: invUndo, text: "undo " + tag + ".drop()",
		fn: &vClosure{code: m.prog.dropFn, up: []value{h}}, fiber: fi})
	return Value{h}
}

// StartJob starts a host job in the mock's context (`job.run NAME start`;
// it completes after the usual number of turns) and adopts its cancellation
// into the mock's frame, so a job still running when the mock is torn down
// is cancelled rather than left behind.
func (c *NativeCall) StartJob(name string) Value {
	m, fi := c.m, c.op.fiber
	m.host.jobs = append(m.host.jobs, jobRes{name: name, fiber: fi, left: jobTurns})
	m.running++
	m.trace(fi, "job.run "+name+" start", true, false)
	h := vHandle{hJob, len(m.host.jobs)}
	m.pushInverse(fi, &inverse{kind: invUndo, text: "undo " + hJob.tag(h.id) + ".cancel()",
		fn: &vClosure{code: m.prog.cancelJobFn, up: []value{h}}, fiber: fi})
	return Value{h}
}

// native runs a native method: the instruction that is the whole body of
// a mock's provision method. Its parameters are the frame's locals.
func (m *Machine) native(f *frame, id int) *Error {
	op := m.prog.natives[id]
	c := &NativeCall{m: m, op: op, id: id, args: m.vals[f.base : f.base+f.code.NParams]}
	if f.call != nil {
		c.emit = f.call.emit
	}
	v := m.opts.Native.Call(c)
	c.args = nil
	m.push(v.val())
	return nil
}

// resetMock puts the value streams of natives [lo, hi) back at their start.
func (m *Machine) resetMock(lo, hi int) {
	copy(m.mockRNG[lo:hi], m.mockFresh[lo:hi])
}

// initMocks derives every mock operation's stream from the mock seed.
func (m *Machine) initMocks() error {
	if len(m.prog.natives) == 0 {
		return nil
	}
	if m.opts.Native == nil {
		return errNoNative
	}
	seed := m.opts.MockSeed
	if seed == 0 {
		seed = DefaultMockSeed
	}
	root := seam.NewSeeded(seed)
	m.mockFresh = make([]seam.SeededEntropy, len(m.prog.natives))
	for i, op := range m.prog.natives {
		m.mockFresh[i] = *root.Sub(op.stream).(*seam.SeededEntropy)
	}
	m.mockRNG = append([]seam.SeededEntropy(nil), m.mockFresh...)
	return nil
}

type nativeError string

func (e nativeError) Error() string { return string(e) }

const errNoNative = nativeError("runtime: the program has mock components but Options.Native is nil (use package mocks to run it)")

// mockBody compiles the activation of a mock component: reset its value
// streams, publish its key with one native method per method of the
// service (in declaration order), return. It has no stop point of its own:
// there is no source to stop at, and the publication and its withdrawal
// are the events a debugger shows.
func (c *compiler) mockBody(comp *check.Component) *Code {
	cp := c.cp
	mi := comp.Mock
	code := &Code{Name: "activate " + comp.Name}
	site := &provideSite{key: mi.Key, slot: cp.slotOf(mi.Key)}
	lo := len(cp.natives)
	if mi.Service != nil {
		for _, meth := range mi.Service.Methods {
			id := len(cp.natives)
			cp.natives = append(cp.natives, &nativeOp{fiber: comp.LoadIndex, comp: comp, key: mi.Key, method: meth,
				stream: MockStreamName(mi.Service.Name, mi.Key, meth.Name)})
			ch := &Code{Name: mi.Key + "." + meth.Name}
			if meth.Sig != nil {
				for _, p := range meth.Sig.Params {
					name := ""
					if p != nil && p.Name != nil {
						name = p.Name.Name
					}
					ch.Locals = append(ch.Locals, localInfo{name: name, from: -1, to: -1})
				}
			}
			ch.NParams, ch.NLocals = len(ch.Locals), len(ch.Locals)
			ch.Ops = []instr{{op: opNative, a: int32(id)}, {op: opReturn}}
			ch.Spans = make([]syntax.Span, 2)
			ch.Aux = make([]any, 2)
			code.Children = append(code.Children, ch)
			site.methods = append(site.methods, provMethod{name: meth.Name, child: len(code.Children) - 1})
		}
	}
	code.Ops = []instr{{op: opMockReset, a: int32(lo), b: int32(len(cp.natives))}, {op: opProvide}, {op: opReturnUnit}}
	code.Spans = make([]syntax.Span, 3)
	code.Aux = []any{nil, site, nil}
	if cp.mockOf == nil {
		cp.mockOf = map[string]int{}
	}
	cp.mockOf[mi.Key] = comp.LoadIndex
	return code
}

// hostInverse is the body of an inverse adopted by a native method: the
// stop point, then method on the captured handle.
func hostInverse(method string) *Code {
	return &Code{
		Name:   "undo " + method,
		Ops:    []instr{{op: opInverse}, {op: opLoadUp}, {op: opMethod, a: 0, b: 0}, {op: opPop}, {op: opReturnUnit}},
		Spans:  make([]syntax.Span, 5),
		Consts: []value{vStr(method)},
		Aux:    make([]any, 5),
		Ups:    []upDesc{{name: "handle"}},
	}
}

// Value is a run-time value as native code builds it. Values are
// immutable; the zero Value is Unit.
type Value struct{ v value }

func (v Value) val() value {
	if v.v == nil {
		return unit
	}
	return v.v
}

// String renders the value as events and emissions show it: `"a"`, `1`,
// `[1, 2]`, `{id: 1}`, `Some(2)`, `Found({id: 1})`.
func (v Value) String() string { return render(v.val()) }

// IntValue, FloatValue, StrValue and BoolValue build scalars.
func IntValue(n int64) Value     { return Value{vInt(n)} }
func FloatValue(f float64) Value { return Value{vFloat(f)} }
func StrValue(s string) Value    { return Value{vStr(s)} }
func BoolValue(b bool) Value     { return Value{boolV(b)} }

// UnitValue is `()`; NullValue is `null`, the neutral value.
func UnitValue() Value { return Value{unit} }
func NullValue() Value { return Value{null} }

// NoneValue and SomeValue build Opt values; OkValue and ErrValue Result
// values.
func NoneValue() Value        { return Value{none} }
func SomeValue(v Value) Value { return Value{vOpt{true, v.val()}} }
func OkValue(v Value) Value   { return Value{vResult{true, v.val()}} }
func ErrValue(v Value) Value  { return Value{vResult{false, v.val()}} }

// ListValue builds a list.
func ListValue(vs []Value) Value {
	if len(vs) == 0 {
		return Value{emptyLs}
	}
	return Value{&vList{elems: vals(vs)}}
}

// RecordValue builds a record with the fields in the order given.
func RecordValue(names []string, vs []Value) Value {
	return Value{&vRecord{names: append([]string(nil), names...), vals: vals(vs)}}
}

// CtorValue builds a value of a declared union: `Found(r)`, `Missing`.
func CtorValue(name string, args []Value) Value {
	return Value{&vCtor{name: name, args: vals(args)}}
}

func vals(vs []Value) []value {
	out := make([]value, len(vs))
	for i, v := range vs {
		out[i] = v.val()
	}
	return out
}

// argTexts renders call arguments one by one, for a mocked emission's
// record.
func argTexts(args []value) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = render(a)
	}
	return out
}
