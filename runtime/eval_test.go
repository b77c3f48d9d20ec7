package runtime

import (
	"errors"
	"strings"
	"testing"

	"revl.dev/debug/runtime/syntax"
)

const evalSrc = `service Log { emission fn write(line: Str) }
service Api { fn greet(name: Str) -> Str }
type Row = { id: Int, name: Str }
type Outcome = Found(Row) | Missing(Str)
fn label(n: Int) -> Str { return n == 0 ? "zero" : "some" }
fn forever(n: Int) -> Int { return forever(n + 1) }
fn spin(n: Int) -> Int { return n > 0 ? spin(n - 1) : 0 }
fn count(n: Int) -> Int {
  var i = 0
  while (i < n) { i = i + 1 }
  return i
}
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log provides api: Api {
  config { ttl: Int = 300, name: Str = "a" }
  let m = effect Map.new() undo m.drop()
  provide api {
    fn greet(name) {
      let row = {id: 7, name: name}
      let xs = [1, 2, 3]
      let found = Found(row)
      let q = ` + "`say \"${name}\"`" + `
      let n = m.len()
      emit log.write(q)
      return ` + "`hello ${name} from ${config.name}`" + `
    }
  }
}
component C requires api: Api { let g = effect api.greet("c") undo api.greet("undo") }
`

// pausedInGreet returns a machine stopped at the emit in greet, called by
// C's activation.
func pausedInGreet(t testing.TB) (*Machine, *[]Event) {
	t.Helper()
	m, evs := machine(t, evalSrc, Options{})
	runAtoms(t, m, parseAtoms(t, "activate Sink, activate A"))
	if err := m.Begin(Atom{Kind: Activate, Fiber: "C"}); err != nil {
		t.Fatal(err)
	}
	for !strings.HasPrefix(at(m, evalSrc), "emit log.write(q)") {
		if done, err := m.Step(); done {
			t.Fatalf("the atom ended before the emit: %v", err)
		}
	}
	return m, evs
}

// TestEval evaluates expressions of every kind in the scope of frames of
// a paused machine: locals, parameters, captured names, config, keys,
// helper fns, constructors, bindings of an idle fiber, extra names.
func TestEval(t *testing.T) {
	m, _ := pausedInGreet(t)
	tests := []struct {
		fiber string
		frame int
		src   string
		want  string // the rendered value, or the error
	}{
		// The innermost frame, greet, running in A's context on C's behalf.
		{"", 0, "name", `"c"`},
		{"C", 0, "name", `"c"`},
		{"A", 0, "name", `"c"`},
		{"", 0, "row.id + 1", "8"},
		{"", 0, "xs[1] * 10", "20"},
		{"", 0, "match found { Found(r) => r.name, Missing(s) => s }", `"c"`},
		{"", 0, `xs.len() > 2 ? "long" : "short"`, `"long"`},
		{"", 0, "`${name}:${row.id}`", `"c:7"`},
		{"", 0, "label(0) + label(n)", `"zerozero"`},
		{"", 0, "config.ttl * 2", "600"},
		{"", 0, "config", `{ttl: 300, name: "a"}`},
		{"", 0, "{a: 1, b: [name, q]}", `{a: 1, b: ["c", "say "c""]}`},
		{"", 0, "m.get(\"k\") ?? \"none\"", `"none"`},
		{"", 0, "Some(n) ?? 5", "0"},
		{"", 0, "xs.map(x => x + n + 1)", "[2, 3, 4]"},
		{"", 0, "xs.filter(x => x != 2)", "[1, 3]"},
		{"", 0, "!(n == 0) || -n < 1", "true"},
		{"", 0, "row == {name: \"c\", id: 7}", "true"},
		{"", 0, "api.greet(\"z\")", `"hello z from a"`},
		{"", 0, "spin(50)", "0"},
		// C's activation, below it: no locals yet, C's keys.
		{"C", 1, "label(2)", `"some"`},
		{"C", 1, "api.greet(\"w\")", `"hello w from a"`},
		// A has no frame of its own here: its bindings and config.
		{"A", -1, "m", "map#1"},
		{"A", -1, "config.name", `"a"`},
		{"Sink", 0, "label(0)", `"zero"`},
		{"", -1, "Missing(\"x\")", `Missing("x")`},
		// Errors: positioned in the expression, or in the program for
		// code it called.
		{"", 0, "nope", "1:1: unknown name nope"},
		{"", 0, "row.id + nope", "1:10: unknown name nope"},
		{"", 0, "xs[9]", "1:1: index 9 out of range [0, 3)"},
		{"", 0, "1 / (n - n)", "1:1: division by zero"},
		{"", 0, "label(\"x\" / 2)", "1:7: cannot apply / to Str and Int"},
		{"", 0, "xs.filter(x => x)", "1:1: filter: the predicate returned Int, not Bool"},
		{"", 0, "row.nope", `1:1: record {id: 7, name: "c"} has no field nope`},
		{"", 0, "1 +", "1:4: expected expression after '+', found end of expression"},
		{"", 0, "$x", "1:1: unknown name $x"},
		{"", 0, "forever(0)", "app.rvl:6:36: unbounded: call depth exceeds 256"},
		{"", 0, "count(100000)", "app.rvl:10:3: unbounded: call budget of 10000 steps exceeded in eval"},
		{"", 0, "count(10)", "10"},
		{"C", 1, "name", "1:1: unknown name name"},
		{"C", 2, "1", "no frame 2 on the stack of C"},
		{"Nobody", 0, "1", "no fiber Nobody"},
	}
	for _, tt := range tests {
		v, err := m.Eval(tt.fiber, tt.frame, tt.src)
		got := v.String()
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Eval(%q, %d, %q):\n got %s\nwant %s", tt.fiber, tt.frame, tt.src, got, tt.want)
		}
	}
}

// TestEvalErrors: the kinds of error Eval returns.
func TestEvalErrors(t *testing.T) {
	m, _ := pausedInGreet(t)
	_, err := m.Eval("", 0, "f(")
	var pe *syntax.ExprError
	if !errors.As(err, &pe) || pe.Span.Start.Col != 3 {
		t.Errorf("a parse error: got %#v, want a *syntax.ExprError at column 3", err)
	}
	_, err = m.Eval("", 0, "forever(1)")
	if !IsBudget(err) {
		t.Errorf("endless recursion: got %v, want a budget error", err)
	}
	var re *Error
	if _, err = m.Eval("", 0, "nope"); !errors.As(err, &re) || re.Kind != KindEval || re.File != "" {
		t.Errorf("a name not in scope: got %#v, want an eval *Error positioned in the expression", err)
	}
}

// TestEvalExtra: bindings the debugger adds, `$` names included.
func TestEvalExtra(t *testing.T) {
	m, _ := pausedInGreet(t)
	extra := []Binding{
		{"$decision", IntValue(4)},
		{"$state", RecordValue([]string{"A", "C"}, []Value{StrValue("active"), StrValue("pending")})},
		{"name", StrValue("shadowed")},
	}
	tests := []struct{ src, want string }{
		{"$decision + 1", "5"},
		{"$state.C == \"pending\"", "true"},
		{"`${$decision}: ${name}`", `"4: shadowed"`},
	}
	for _, tt := range tests {
		v, err := m.Eval("", 0, tt.src, extra...)
		if err != nil || v.String() != tt.want {
			t.Errorf("Eval(%q) = %v, %v; want %s", tt.src, v, err, tt.want)
		}
	}
}

// TestEvalLeavesTheSessionAlone: whatever the expression does, a call
// whose provider emits, a host operation, a recursion into its budget, the
// machine goes on exactly as a clone taken before it.
func TestEvalLeavesTheSessionAlone(t *testing.T) {
	exprs := []string{
		`api.greet("z")`,     // emits log.write in greet
		`m.insert("k", "v")`, // changes the map
		`forever(0)`,         // runs into the call budget
		`[api.greet("a"), api.greet("b")].len()`,
		`xs.map(x => api.greet("m"))`,
	}
	for _, src := range exprs {
		m, evs := pausedInGreet(t)
		ref := m.Clone()
		var refEvs []Event
		ref.SetSink(func(e Event) { refEvs = append(refEvs, e) })
		emissions, steps, snap := m.EmissionCount(), m.Steps(), m.Snapshot().String()
		n := len(*evs)
		_, _ = m.Eval("", 0, src)
		if len(*evs) != n {
			t.Errorf("%s: Eval sent %d events to the session's sink", src, len(*evs)-n)
		}
		if m.EmissionCount() != emissions || m.Steps() != steps || m.Snapshot().String() != snap {
			t.Errorf("%s: the session changed: emissions %d→%d, steps %d→%d, snapshot %s→%s",
				src, emissions, m.EmissionCount(), steps, m.Steps(), snap, m.Snapshot())
		}
		if v, err := m.Eval("", 0, `m.get("k") ?? "none"`); err != nil || v.String() != `"none"` {
			t.Errorf("%s: the map changed: m.get(\"k\") = %v, %v", src, v, err)
		}
		// Both machines run C's activation to its end and on: the same
		// events, the same emissions.
		*evs = nil
		for _, mm := range []*Machine{m, ref} {
			for {
				if done, err := mm.Step(); done {
					if err != nil {
						t.Fatal(err)
					}
					break
				}
			}
			runAtoms(t, mm, parseAtoms(t, "teardown C, teardown A"))
		}
		if got, want := eventLines(*evs), eventLines(refEvs); got != want {
			t.Errorf("%s: after Eval the run differs:\n%s", src, firstDiff(want, got))
		}
		if m.EmissionCount() != ref.EmissionCount() {
			t.Errorf("%s: %d emissions, want %d", src, m.EmissionCount(), ref.EmissionCount())
		}
	}
}

// TestEvalValues: what the debugger reads of a value.
func TestEvalValues(t *testing.T) {
	m, _ := pausedInGreet(t)
	type part struct{ name, value string }
	tests := []struct {
		src   string
		kind  ValueKind
		typ   string
		parts []part
	}{
		{"q", StrKind, "Str", nil},
		{"xs", ListKind, "List", []part{{"[0]", "1"}, {"[1]", "2"}, {"[2]", "3"}}},
		{"row", RecordKind, "record", []part{{"id", "7"}, {"name", `"c"`}}},
		{"found", CtorKind, "Found", []part{{"0", `{id: 7, name: "c"}`}}},
		{"Some(1)", OptKind, "Opt", []part{{"0", "1"}}},
		{"None", OptKind, "Opt", nil},
		{"Err(\"x\")", ResultKind, "Result", []part{{"0", `"x"`}}},
		{"m", HandleKind, "Map", nil},
		{"label", FnKind, "fn", nil},
		{"null", NullKind, "null", nil},
		{"1.5", FloatKind, "Float", nil},
		{"n == 0", BoolKind, "Bool", nil},
	}
	for _, tt := range tests {
		v, err := m.Eval("", 0, tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		var parts []part
		for i := range v.Len() {
			n, p := v.Part(i)
			parts = append(parts, part{n, p.String()})
		}
		if v.Kind() != tt.kind || v.Type() != tt.typ || len(parts) != len(tt.parts) {
			t.Errorf("%s: kind %d type %s parts %v; want %d %s %v", tt.src, v.Kind(), v.Type(), parts, tt.kind, tt.typ, tt.parts)
			continue
		}
		for i := range parts {
			if parts[i] != tt.parts[i] {
				t.Errorf("%s: part %d is %v, want %v", tt.src, i, parts[i], tt.parts[i])
			}
		}
	}
	// A string with quotes in it is itself, not its rendering.
	v, _ := m.Eval("", 0, "q")
	if s, ok := v.Str(); !ok || s != `say "c"` || v.Display() != `say "c"` {
		t.Errorf("q = %q (%v), display %q; want say \"c\"", s, ok, v.Display())
	}
	// Stack frames carry the values of their locals.
	for _, l := range m.Stack("")[0].Locals {
		if l.Val.String() != l.Value {
			t.Errorf("local %s: value %s, rendered %s", l.Name, l.Val, l.Value)
		}
	}
}

// FuzzEval: whatever the expression, Eval returns (a value or an error)
// without panicking and leaves the machine as it was.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"name", "xs[1]", "api.greet(name)", "forever(0)", "xs.map(x => xs.map(y => y))",
		"match found { Found(r) => r, _ => 0 }", "m.insert(q, q)", "config", "$x", "[1, [2, {a: None}]]", "count(5) / 0"} {
		f.Add(s)
	}
	m, _ := pausedInGreet(f)
	want := m.Snapshot().String()
	steps, emissions := m.Steps(), m.EmissionCount()
	f.Fuzz(func(t *testing.T, src string) {
		_, _ = m.Eval("", 0, src)
		if m.Snapshot().String() != want || m.Steps() != steps || m.EmissionCount() != emissions {
			t.Fatalf("Eval(%q) changed the machine", src)
		}
	})
}
