package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
)

// TestParseFiles parses the valid programs under testdata (the spec's §2
// example, the §6 worked example and a program using every construct),
// requires no diagnostics, and compares the tree with its golden dump.
func TestParseFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/*.rvl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, diags := ParseFile(filepath.Base(path), src)
			if len(diags) > 0 {
				t.Errorf("unexpected diagnostics:\n%s", renderDiags(diags))
			}
			if err := checkTree(f, diags); err != nil {
				t.Error(err)
			}
			golden(t, strings.TrimSuffix(path, ".rvl")+".golden", Dump(f))
		})
	}
}

type parseCase struct {
	name string
	src  string
}

// parseGroups are small programs, each dumped with its diagnostics into
// testdata/<group>.golden. Every construct of spec §2–3 appears here in
// isolation, together with the grammar decisions of parser.go.
var parseGroups = []struct {
	name  string
	cases []parseCase
}{
	{"decls", []parseCase{
		{"service", "service Log { emission fn write(line: Str) }"},
		{"service modifiers any order", "commutative service M {\n  async emission fn a()\n  emission commutative fn b(x: Int) -> Int; fn c()\n}"},
		{"record type", "type Row = { id: Int, name: Str\n  tags: List[Str] }"},
		{"union", "type Outcome = Found(Row) | Missing(Str) | None"},
		{"union leading pipe", "type P =\n  | A(Int, Str)\n  | B"},
		{"one-case union", "type W = Only(Int)"},
		{"alias and generics", "type M = Map[Str, List[Int?]]??"},
		{"component", "component A requires log: Log, c: Cache provides s: Store { }"},
		{"component provides first", "component A provides s: Store requires log: Log {}"},
		{"component bare", "component Empty {}"},
		{"fn block", "fn f(a: Int, b) -> Int { return a }"},
		{"fn expr", "fn g() = 1\nfn h(x: Int) -> Bool = x > 0"},
		{"tests", "test \"p\" { }\nlifecycle test \"l\" { }\nfault test \"f\" for A { }"},
		{"semicolons between decls", "type A = Int; type B = Str;"},
	}},
	{"stmts", []parseCase{
		{"config", "component C { config { ttl: Int = 300, url: Str\n retries: Int? } }"},
		{"let var typed", "fn f() { let a = 1; var b: Int = 2; let c: List[Int] = [] }"},
		{"effect unbound and bound", "component C {\n  effect open() undo close()\n  let p = effect Pool.open(\"u\", 1) undo p.close()\n}"},
		{"effect block", "component C { let x = effect { let a = 1; a + 1 } undo x }"},
		{"effect block without value", "component C { effect { log(1) ; let a = 2 } undo a }"},
		{"effect without undo", "component C { effect open() }"},
		{"emit compensate", "component C { emit log.write(\"a\") compensate log.write(\"b\") }"},
		{"fail", "component C { fail `bad ${x}` }"},
		{"if fail", "component C { if (x > 1) fail \"too big\" }"},
		{"if else chain", "fn f() { if (a) { return 1 } else if (b) { return 2 } else { return 3 } }"},
		{"if else on new lines", "fn f() {\n  if (a) {\n    x = 1\n  }\n  else {\n    x = 2\n  }\n}"},
		{"timers", "component C { every 30s { emit l.w(\"t\") }\n after 250ms {} }"},
		{"provide", "component C provides s: S { provide s { fn a(x) { return x } fn b(y: Int) -> Int = y + 1\n fn c() {} } }"},
		{"while for return", "fn f(xs) { while (i < 3) { i = i + 1 } for (x of xs) { return x } return }"},
		{"assignments", "fn f() { x = 1; r.f = 2; xs[0] = 3 }"},
		{"expression statements", "fn f() { log(1); await Job.run(\"w\"); x.m() }"},
		{"assert", "test \"t\" { assert x == 1\n assert (y) }"},
	}},
	{"harness", []parseCase{
		{"lifecycle steps", "lifecycle test \"t\" {\n  load A with { url: \"x\", n: 1 }\n  load B\n  let v = call k.get(\"a\")\n  assert v == Some(\"x\")\n  advance 5s\n  unload A\n  assert no_residue\n}"},
		{"fault test clauses", "fault test \"f\" for Store with { url: \"pg://x\" } {\n  fail at step 3 // a comment\n  assert failed\n  assert no residue\n  assert no emissions\n  assert inverses lifo\n  assert siblings unaffected\n}"},
		{"fault test at effect", "fault test \"g\" for Store { fail at effect pool; assert failed }"},
		{"fault words are names elsewhere", "fn f(at, step, no, residue, lifo) = at + step + no + residue + lifo"},
		{"lifecycle words are names elsewhere", "fn f(load, with) { let call = load + with; let advance = no_residue; return call }"},
		{"lifecycle words after dot", "lifecycle test \"t\" { let v = call k.load(); assert x.with == 1 }"},
		{"call in expression", "lifecycle test \"t\" { assert call k.n() + 1 == 2 }"},
		{"step shapes outside lifecycle tests", "test \"t\" {\n  load A with { n: 1 }\n  advance 5s\n  let x = call k.m()\n  unload A\n  load(1)\n}"},
	}},
	{"exprs", []parseCase{
		{"precedence", "fn f() = a ?? b || c && d == e < f + g * h"},
		{"precedence left assoc", "fn f() = a - b - c * d / e % g"},
		{"ternary right assoc", "fn f() = a ? b : c ? d : e"},
		{"unary and await", "fn f() = !-x + -await y"},
		{"strict equality normalized", "fn f() = a === b && c !== d"},
		{"postfix chain", "fn f() = a.b(c)[d].e(f, g)"},
		{"records and lists", "fn f() = { a: 1, b: [1, 2,], c: {}\n d: [] }"},
		{"literals", "fn f() = [1, 2.5, 3e2, \"s\", true, false, null, 5m, `t`]"},
		{"templates", "fn f() = `a ${b} c ${ `d ${e}` } f`"},
		{"paren", "fn f() = (a + b) * c"},
		{"arrows", "fn f() = xs.map(x => x + 1).fold(0, (a, b) => a + b).each(() => 0, (a,) => a)"},
		{"match", "fn f() = match o { Found(r) => r.id, Missing(_) => 0\n None => -1\n 1 => 2, -2.5 => 3, \"s\" => 4, true => 5, null => 6, x => x, _ => 7 }"},
		{"nested match", "fn f() = match match a { _ => b } { Some(Pair(x, _)) => x, _ => 0 }"},
		{"config selector", "component C { config { a: Int } let x = config.a }"},
	}},
	{"newlines", []parseCase{
		{"statements on lines", "component A requires log: Log {\n  emit log.write(\"A up\")\n  emit log.write(\"again\")\n}"},
		{"binary continues", "fn f() {\n  let x = a\n    + b\n    * c\n  return x\n}"},
		{"dot continues", "fn f() {\n  let y = xs\n    .map(x => x)\n    .len()\n}"},
		{"paren on new line starts a statement", "fn f() {\n  g()\n  (a)\n}"},
		{"bracket on new line starts a statement", "fn f() {\n  let x = y\n  [1].len()\n}"},
		{"bare return", "fn f() {\n  return\n  g()\n}"},
		{"ternary across lines", "fn f() = c\n  ? a\n  : b"},
		{"effect undo on next line", "component C {\n  let a = effect open()\n    undo close()\n}"},
		{"emit compensate on next line", "component C {\n  emit l.w(1)\n    compensate l.w(2)\n}"},
		{"crlf", "component C {\r\n  emit l.w(1)\r\n  emit l.w(2)\r\n}\r\n"},
	}},
	{"context_words", []parseCase{
		{"assert as a name", "fn f() {\n  let assert = 1\n  assert = 2\n  let y = assert + 1\n  assert\n  g(assert)\n}"},
		{"assert at line end is a name", "fn f() {\n  assert\n  x == 1\n}"},
		{"match as a name", "fn f() {\n  let match = 1\n  let y = match + 1\n  let z = match - 1\n  match(x)\n  return match\n}"},
		{"match keyword", "fn f() {\n  let m = match -x { 1 => 2 }\n  let n = match (a) { _ => b }\n}"},
		{"reserved word as field is an error", "fn f() = {type: 1}"},
	}},
}

func TestParseGroups(t *testing.T) {
	for _, g := range parseGroups {
		t.Run(g.name, func(t *testing.T) {
			var b strings.Builder
			for _, c := range g.cases {
				f, diags := ParseFile("t.rvl", []byte(c.src))
				if err := checkTree(f, diags); err != nil {
					t.Errorf("%s: %v", c.name, err)
				}
				b.WriteString("=== " + c.name + "\n" + c.src + "\n---\n")
				for _, d := range f.Decls {
					b.WriteString(Dump(d))
				}
				b.WriteString(renderDiags(diags))
			}
			golden(t, filepath.Join("testdata", g.name+".golden"), b.String())
		})
	}
}

// body parses src as the body of a component and returns its statements.
func body(t *testing.T, src string) []Stmt {
	t.Helper()
	f, diags := ParseFile("t.rvl", []byte("component C {\n"+src+"\n}"))
	if len(diags) > 0 {
		t.Fatalf("%q: unexpected diagnostics:\n%s", src, renderDiags(diags))
	}
	return f.Decls[0].(*ComponentDecl).Body.Stmts
}

// TestGrammarDecisions pins the decisions documented in parser.go with
// direct assertions (the goldens show the same trees in full).
func TestGrammarDecisions(t *testing.T) {
	t.Run("two emits on two lines", func(t *testing.T) {
		s := body(t, "emit log.write(\"A up\")\nemit log.write(\"B up\")")
		if len(s) != 2 {
			t.Fatalf("%d statements, want 2", len(s))
		}
		for _, st := range s {
			if _, ok := st.(*EmitStmt); !ok {
				t.Errorf("%T, want *EmitStmt", st)
			}
		}
	})
	t.Run("effect block value", func(t *testing.T) {
		e := body(t, "effect { let a = 1; a + 1 } undo x")[0].(*EffectStmt)
		b := e.Effect.(*BlockExpr)
		if len(b.Stmts) != 1 || b.Value == nil || e.Undo == nil || e.Name != nil {
			t.Errorf("block %s", Dump(e))
		}
		if _, ok := b.Value.(*BinaryExpr); !ok {
			t.Errorf("value %T, want *BinaryExpr", b.Value)
		}
	})
	t.Run("bound effect", func(t *testing.T) {
		e := body(t, "let m = effect Map.new() undo m.drop()")[0].(*EffectStmt)
		if e.Name == nil || e.Name.Name != "m" || fmtSpan(e.Span) != "2:1-2:39" {
			t.Errorf("%s", Dump(e))
		}
	})
	t.Run("implicit if body", func(t *testing.T) {
		s := body(t, "if (c) fail \"x\"")[0].(*IfStmt)
		if !s.Then.Implicit || len(s.Then.Stmts) != 1 || s.Then.Span != s.Then.Stmts[0].Range() {
			t.Errorf("%s", Dump(s))
		}
	})
	t.Run("strict equality", func(t *testing.T) {
		x := body(t, "a === b")[0].(*ExprStmt).X.(*BinaryExpr)
		if x.Op != "==" {
			t.Errorf("op %q", x.Op)
		}
	})
	t.Run("assert and match as names", func(t *testing.T) {
		s := body(t, "let match = 1\nlet y = match + 1\nassert = 3\nlet z = assert")
		if y := s[1].(*LetStmt).Value.(*BinaryExpr); y.X.(*Ident).Name != "match" {
			t.Errorf("match + 1: %s", Dump(y))
		}
		if a, ok := s[2].(*AssignStmt); !ok || a.Target.(*Ident).Name != "assert" {
			t.Errorf("assert = 3: %T", s[2])
		}
	})
	t.Run("match expression", func(t *testing.T) {
		m := body(t, "let r = match x { A(v) => v, _ => 0 }")[0].(*LetStmt).Value.(*MatchExpr)
		if len(m.Arms) != 2 {
			t.Errorf("%s", Dump(m))
		}
		if _, ok := m.Arms[0].Pattern.(*CtorPat); !ok {
			t.Errorf("pattern %T", m.Arms[0].Pattern)
		}
	})
	t.Run("lifecycle words are names outside tests", func(t *testing.T) {
		s := body(t, "let load = 1\nlet call = load")
		if s[1].(*LetStmt).Value.(*Ident).Name != "load" {
			t.Errorf("%s", Dump(s[1]))
		}
	})
	t.Run("harness call", func(t *testing.T) {
		f, diags := ParseFile("t.rvl", []byte("lifecycle test \"t\" { let x = call k.m(1) }"))
		if len(diags) > 0 {
			t.Fatal(renderDiags(diags))
		}
		let := f.Decls[0].(*TestDecl).Body.Stmts[0].(*LetStmt)
		if hc, ok := let.Value.(*HarnessCallExpr); !ok || len(hc.Call.Args) != 1 {
			t.Errorf("%s", Dump(let))
		}
	})
	t.Run("garbage gives a file", func(t *testing.T) {
		for _, src := range []string{"", "}", "{{{{", "\x00", "component", "`${", "match match match"} {
			f, _ := ParseFile("t.rvl", []byte(src))
			if f == nil || f.Name != "t.rvl" || string(f.Src) != src {
				t.Errorf("%q: bad file %+v", src, f)
			}
		}
	})
}

// TestErrorLimits checks the cascade rules: one report per line, a cap per
// file, and nesting bounded without a stack overflow.
func TestErrorLimits(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 200; i++ {
		b.WriteString("component {\n")
	}
	_, diags := ParseFile("t.rvl", []byte(b.String()))
	if len(diags) != maxDiags {
		t.Errorf("%d diagnostics, want the cap %d", len(diags), maxDiags)
	}

	_, diags = ParseFile("t.rvl", []byte("fn f() = ((((( ) ) ) ) ) ] } @ + +"))
	if len(diags) != 1 {
		t.Errorf("one line, want one diagnostic:\n%s", renderDiags(diags))
	}

	deep := "fn f() = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000)
	f, diags := ParseFile("t.rvl", []byte(deep))
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "levels of nesting") {
		t.Errorf("deep nesting:\n%s", renderDiags(diags))
	}
	if err := checkTree(f, diags); err != nil {
		t.Error(err)
	}
	// Pathological shapes: each must stay one diagnostic (one line) and
	// keep the tree well-formed.
	for _, src := range []string{
		"fn f() = " + strings.Repeat("-", 5000) + "1",
		"fn f() = " + strings.Repeat("match ", 5000),
		"fn f() = " + strings.Repeat("match x { _ => ", 5000),
		"fn f() = " + strings.Repeat("a ? b : ", 5000),
		"fn f() = " + strings.Repeat("`${", 5000),
		"type T = " + strings.Repeat("List[", 5000),
		"component A { if (a) {} " + strings.Repeat("else if (a) {} ", 5000) + "}",
		"component A {" + strings.Repeat("{", 5000),
		strings.Repeat("@ ) ] , : = => ", 5000),
	} {
		f, diags := ParseFile("t.rvl", []byte(src))
		if len(diags) != 1 {
			t.Errorf("%.30q...: %d diagnostics:\n%s", src, len(diags), renderDiags(diags))
		}
		if err := checkTree(f, diags); err != nil {
			t.Errorf("%.30q...: %v", src, err)
		}
	}
}

// TestStepBudget measures the parser's work per token over every test
// input: the budget (stepsPerToken) must leave a wide margin, since
// exceeding it abandons the parse.
func TestStepBudget(t *testing.T) {
	var inputs []string
	for _, g := range parseGroups {
		for _, c := range g.cases {
			inputs = append(inputs, c.src)
		}
	}
	for _, pattern := range []string{"testdata/*.rvl", corpusDir + "/*.rvl", "../../examples/*.rvl"} {
		files, _ := filepath.Glob(pattern)
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, string(src))
		}
	}
	inputs = append(inputs, string(synth.Program(2000)))
	worst := 0.0
	for _, src := range inputs {
		_, _, p := parse("t.rvl", []byte(src))
		if p.bailed && p.depth < maxDepth {
			t.Errorf("parse abandoned for %.40q", src)
		}
		if r := float64(p.steps) / float64(p.base+len(p.toks)+16); r > worst {
			worst = r
		}
	}
	t.Logf("worst steps per token: %.1f (budget %d)", worst, stepsPerToken)
	if worst > stepsPerToken/4 {
		t.Errorf("worst steps per token %.1f leaves less than a 4x margin under %d", worst, stepsPerToken)
	}
}
