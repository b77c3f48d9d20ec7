package check

import (
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime/syntax"
)

const logSink = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
`

// TestRules pins the finer points of each rule: what is allowed as well as
// what is not, scoping, and that one mistake does not cascade.
func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		codes []string
	}{
		{"guard else may hold steps", logSink + `component A requires log: Log {
  config { quiet: Bool = false }
  if (config.quiet) fail "quiet" else { emit log.write("loud") }
}`, nil},
		{"else-if is another guard", logSink + `component A requires log: Log {
  if (1 > 2) fail "x" else if (2 > 3) { emit log.write("y") }
}`, []string{"E-guard-not-fail"}},
		{"config nested in else", logSink + `component A requires log: Log {
  if (false) fail "x" else { config { a: Int = 1 } }
}`, []string{"E-config-not-first"}},
		{"config default sees no config", `component A {
  config { a: Int = 1, b: Int = config.a }
}`, []string{"E-unknown-name"}},
		{"emit in method and timer bodies", logSink + `service Tick { fn now() -> Int }
component A requires log: Log provides tick: Tick {
  every 1s { emit log.write("tick") }
  provide tick { fn now() { emit log.write("now")
    return 1 } }
}`, nil},
		{"effect in method without undo", `service C { fn put(k: Str) }
component A provides c: C {
  let m = effect Map.new() undo m.drop()
  provide c { fn put(k) { effect m.insert(k, 1) } }
}`, []string{"E-undo-missing"}},
		{"effect block", `component A {
  let n = effect {
    var i = 1
    i = i + 1
    i
  } undo 0
}`, nil},
		{"emit inside an effect block", logSink + `component A requires log: Log {
  let n = effect {
    emit log.write("x")
    1
  } undo 0
}`, []string{"E-step-not-allowed"}},
		{"effect binding is visible in its undo, not its effect", `component A {
  let m = effect Map.new() undo m.drop()
  let n = effect n undo 0
}`, []string{"E-unknown-name"}},
		{"method sees bindings before the provide", `service C { fn get(k: Str) -> Opt[Str] }
component A provides c: C {
  let m = effect Map.new() undo m.drop()
  provide c { fn get(k) = later.get(m.get(k)) }
  let later = effect Map.new() undo later.drop()
}`, []string{"E-acquire-after-provide", "E-unknown-name"}},
		{"params shadow outer bindings", `service C { fn get(m: Str) -> Opt[Str] }
component A provides c: C {
  let m = effect Map.new() undo m.drop()
  provide c { fn get(m) = Some(m) }
}`, nil},
		{"bare call in a lifecycle test", `service C { fn get(k: Str) -> Opt[Str] }
component A provides c: C { provide c { fn get(k) = None } }
lifecycle test "t" {
  load A
  call c.get("k")
}`, nil},
		{"with on a component without config", `component A { }
lifecycle test "t" { load A with { x: 1 } }`, []string{"E-config-unknown-field"}},
		{"assign to a key and a param", `service C { fn put(k: Str) }
component A provides c: C { provide c { fn put(k) { k = "x" } } }
fn f() { c = 1 }`, []string{"E-assign-immutable", "E-unknown-name"}},
		{"assign to a var", `fn f(xs: List[Int]) -> Int {
  var n = 0
  for (x of xs) { n = n + x }
  return n
}`, nil},
		{"names clash with built-ins and constructors", `type Str = { a: Int }
type T = Some(Int) | Map | Found(Int)
fn Found(x: Int) -> Int = x`, []string{"E-duplicate", "E-duplicate", "E-duplicate", "E-duplicate"}},
		{"awaitable things", `service C { async fn warm() -> Int }
component P provides c: C { provide c { fn warm() = 1 } }
component A requires c: C {
  await Job.run("w")
  await c.warm()
}
fn f() {
  let j = Job.run("x")
  await j
}`, nil},
		{"patterns", `type T = P(Int, Int) | Q(Int) | R
fn f(t: T) -> Int {
  let a = match t { P(x, y) => x + y, Q(q) => q, R => 0 }
  let b = match Some(1) { Some(v) => v, None => 0, Q => 1 }
  let c = match t { P(x, x) => x, _ => y }
  return a + b + c
}`, []string{"E-duplicate", "E-unknown-name"}},
		{"record literal fields", `fn f() = { a: 1, b: 2, a: 3 }`, []string{"E-duplicate"}},
		{"forward references", `fn a(n: Int) -> Int = n == 0 ? 0 : b(n - 1)
fn b(n: Int) -> Int = a(n)
component X requires s: Later { }
component Y provides s: Later { provide s { fn f() = Found(1) } }
service Later { fn f() -> Res }
type Res = Found(Int) | None2`, nil},
		{"unknown service does not cascade", `component A provides c: Nope {
  provide c { fn anything(x) = x }
}
component B requires c: Nope { c.whatever(1) }`, []string{"E-unknown-service", "E-unknown-service"}},
		{"compensate", logSink + `component A requires log: Log {
  emit log.write("a") compensate lg.write("b")
  emit log.write("a") compensate log.erase("b")
  emit log.write("a") compensate log.write("b", "c")
}`, []string{"E-arity", "E-emit-unknown-key", "E-unknown-method"}},
		{"value methods", `fn f(xs: List[Str]) -> Int {
  let n = xs.len() + xs.first().len()
  return xs.frobnicate()
}`, []string{"E-type-method", "E-unknown-method"}}, // Opt[Str] has no len
		{"two cycles, one report each", `service S { fn f() -> Int }
component A requires b: S provides a: S { provide a { fn f() = 1 } }
component B requires a: S provides b: S { provide b { fn f() = 1 } }
component C requires d: S provides c: S { provide c { fn f() = 1 } }
component D requires c: S provides d: S { provide d { fn f() = 1 } }`, []string{"E-cycle", "E-cycle"}},
		{"fault test", `component A { effect Map.new() undo 0 }
fault test "f" for A { fail at step 1; assert failed; assert inverses lifo }`, nil},
		{"fault test of nothing", `fault test "f" for Nothing { fail at step 1; assert failed }`, []string{"E-unknown-component"}},
		{"bare call and emission call in a lifecycle test", logSink + `lifecycle test "t" { load Sink; call log.write("x"); unload Sink }`, nil},
		{"emission fn through a required key in a method", logSink + `service C { emission fn put(k: Str) }
component A requires log: Log provides c: C {
  provide c { fn put(k) { log.write(k) } }
}`, []string{"E-call-emission"}},
		{"a plain expression as a statement", `fn f(x: Int) -> Int {
  x + 1
  return x
}`, []string{"E-step-not-allowed"}},
		{"true false null are not names to resolve", `fn f() -> Bool = true && !false && null == null`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, pd := syntax.ParseFile("t.rvl", []byte(tc.src))
			if len(pd) > 0 {
				t.Fatalf("parse errors:\n%s", render(pd))
			}
			p := Check(f)
			var codes []string
			for _, d := range p.Diagnostics {
				if d.Severity == syntax.SeverityError {
					codes = append(codes, d.Code)
				}
			}
			want := slices.Clone(tc.codes)
			slices.Sort(codes)
			slices.Sort(want)
			if !slices.Equal(codes, want) {
				t.Errorf("codes = %v, want %v\n%s", codes, want, render(p.Diagnostics))
			}
		})
	}
}

// TestHandBuiltTrees covers rules the parser already rejects in source
// (arrows outside arguments, lifecycle steps outside lifecycle tests, bare
// blocks): the checker must still report them for trees built by tools,
// and must survive nil parts anywhere.
func TestHandBuiltTrees(t *testing.T) {
	pos := func(line int) syntax.Span {
		return syntax.Span{Start: syntax.Pos{Line: int32(line), Col: 1, Offset: int32(line * 10)}, End: syntax.Pos{Line: int32(line), Col: 5, Offset: int32(line*10 + 4)}}
	}
	id := func(name string, line int) *syntax.Ident { return &syntax.Ident{Span: pos(line), Name: name} }
	f := &syntax.File{Name: "h.rvl", Decls: []syntax.Decl{
		&syntax.FnDecl{Span: pos(1), Name: id("f", 1), Body: &syntax.Block{Stmts: []syntax.Stmt{
			&syntax.LetStmt{Span: pos(2), Name: id("g", 2), Value: &syntax.ArrowExpr{Span: pos(2), Params: []*syntax.Ident{id("x", 2)}, Body: id("x", 2)}},
			&syntax.ReturnStmt{Span: pos(3), Value: id("g", 3)},
		}}},
		&syntax.TestDecl{Span: pos(4), Kind: syntax.PureTest, Name: &syntax.StringLit{Span: pos(4), Value: "t"}, Body: &syntax.Block{Stmts: []syntax.Stmt{
			&syntax.LoadStmt{Span: pos(5), Component: id("A", 5)},
			&syntax.AdvanceStmt{Span: pos(6)},
			&syntax.UnloadStmt{Span: pos(7), Component: id("A", 7)},
		}}},
		&syntax.ComponentDecl{Span: pos(8), Name: id("A", 8), Body: &syntax.Block{Stmts: []syntax.Stmt{
			&syntax.Block{Span: pos(9)},
			nil,
			&syntax.ExprStmt{Span: pos(10)},
			&syntax.EmitStmt{Span: pos(11)},
			&syntax.IfStmt{Span: pos(12)},
			&syntax.ProvideStmt{Span: pos(13)},
			&syntax.EffectStmt{Span: pos(14), Undo: &syntax.BadExpr{}},
		}}},
		&syntax.ComponentDecl{Span: pos(15)},
		&syntax.ServiceDecl{Span: pos(16), Name: id("S", 16), Methods: []*syntax.MethodSig{{Span: pos(16)}}},
		&syntax.TypeDecl{Span: pos(17), Name: id("T", 17), Type: &syntax.UnionType{Variants: []*syntax.Variant{{Name: id("V", 17)}}}},
		&syntax.FnDecl{Span: pos(18), Name: id("h", 18), ExprBody: &syntax.MatchExpr{Arms: []*syntax.MatchArm{nil, {Pattern: &syntax.CtorPat{}}}}},
		&syntax.BadDecl{},
		nil,
	}}
	p := Check(f)
	got := render(p.Diagnostics)
	for _, want := range []string{
		"h.rvl:2:1: E-arrow-position",
		"h.rvl:5:1: E-step-not-allowed 'load' is not allowed in a test body (only in lifecycle tests)",
		"h.rvl:6:1: E-step-not-allowed 'advance'",
		"h.rvl:7:1: E-step-not-allowed 'unload'",
		"h.rvl:9:1: E-step-not-allowed a nested block is not allowed in an activation body",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if Check(nil) == nil {
		t.Error("Check(nil) returned nil")
	}
}
