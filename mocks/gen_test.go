package mocks

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/runtime/syntax"
)

// forms declares one method per type form the generator builds.
const forms = `
type Row = { id: Int, name: Str }
type Outcome = Found(Row) | Missing(Str) | Gone
type Tree = Leaf | Node(Tree, Tree)
type Id = Int

service Gen {
  fn int() -> Int
  fn float() -> Float
  fn bool() -> Bool
  fn str() -> Str
  fn unit() -> Unit
  fn none()
  fn opt() -> Opt[Int]
  fn maybe() -> Str?
  fn list() -> List[Str]
  fn map() -> Map[Str, Int]
  fn row() -> Row
  fn inline() -> { left: Int, right: Bool }
  fn outcome() -> Outcome
  fn result() -> Result[Int, Str]
  fn alias() -> Id
  fn tree() -> Tree
  fn nested() -> List[Opt[Row]]
  fn pool() -> Pool
  fn job() -> Job
}
`

// fakeMap renders a map as Map({key: k, value: v}, ...), since a real one
// is a host resource that only a machine can hold.
func fakeMap(entries []runtime.MapEntry) runtime.Value {
	args := make([]runtime.Value, len(entries))
	for i, e := range entries {
		args[i] = runtime.RecordValue([]string{"key", "value"}, []runtime.Value{e.Key, e.Value})
	}
	return runtime.CtorValue("Map", args)
}

// draws is how many values each form's golden shows.
const draws = 16

// TestValuesPerTypeForm draws values of every type form from the stream a
// mock operation uses (seed 1, `revl-mock:Gen:g:<method>`), checks each
// against its form's shape, and pins them in a golden file: the values are
// part of the determinism contract, the same on every run, process and
// platform.
func TestValuesPerTypeForm(t *testing.T) {
	p := source(t, "forms.rvl", forms)
	shapes := []struct {
		method string
		shape  string // every rendered value must match
		wants  []string
	}{
		{"int", `^-?\d+$`, []string{"0", "1", "-1", "-9223372036854775808", "9223372036854775807"}},
		{"float", `^-?\d+(\.\d+)?(e[+-]\d+)?$|^-?\d+\.\d+$`, []string{"0.0", "1.0", "-1.0", "0.5"}},
		{"bool", `^(true|false)$`, []string{"true", "false"}},
		{"str", `^"[a-z]{0,8}"$`, []string{`""`}},
		{"unit", `^\(\)$`, nil},
		{"none", `^\(\)$`, nil},
		{"opt", `^(None|Some\(-?\d+\))$`, []string{"None"}},
		{"maybe", `^(None|Some\("[a-z]{0,8}"\))$`, []string{"None"}},
		{"list", `^\[("[a-z]{0,8}"(, "[a-z]{0,8}"){0,3})?\]$`, []string{"[]"}},
		{"map", `^Map(\(\{key: "[a-z]{0,8}", value: -?\d+\}(, \{key: "[a-z]{0,8}", value: -?\d+\}){0,3}\))?$`, nil},
		{"row", `^\{id: -?\d+, name: "[a-z]{0,8}"\}$`, nil},
		{"inline", `^\{left: -?\d+, right: (true|false)\}$`, nil},
		{"outcome", `^(Found\(\{id: -?\d+, name: "[a-z]{0,8}"\}\)|Missing\("[a-z]{0,8}"\)|Gone)$`, []string{"Gone"}},
		{"result", `^(Ok\(-?\d+\)|Err\("[a-z]{0,8}"\))$`, nil},
		{"alias", `^-?\d+$`, nil},
		{"tree", `^[A-Za-z(), ]+$`, []string{"Leaf"}},
		{"nested", `^\[.*\]$`, nil},
		{"pool", `^null$`, nil},
		{"job", `^null$`, nil},
	}
	svc := p.ServiceByID["Gen"]
	root := seam.NewSeeded(runtime.DefaultMockSeed)
	var b strings.Builder
	for _, s := range shapes {
		m := svc.MethodByID[s.method]
		if m == nil {
			t.Fatalf("no method %s", s.method)
		}
		var typ syntax.TypeExpr
		if m.Sig.Result != nil {
			typ = m.Sig.Result
		}
		e := root.Sub(runtime.MockStreamName("Gen", "g", s.method))
		re := regexp.MustCompile(s.shape)
		seen := map[string]bool{}
		var vals []string
		for range 200 {
			v := Value(p, typ, e, fakeMap).String()
			if !re.MatchString(v) {
				t.Errorf("%s: %s is not of shape %s", s.method, v, s.shape)
			}
			seen[v] = true
			if len(vals) < draws {
				vals = append(vals, v)
			}
		}
		for _, w := range s.wants {
			if !seen[w] {
				t.Errorf("%s: 200 draws never gave %s", s.method, w)
			}
		}
		fmt.Fprintf(&b, "%s:\n", s.method)
		for i, v := range vals {
			fmt.Fprintf(&b, "  %2d %s\n", i+1, v)
		}
	}
	golden(t, "generator.golden", b.String())
}

// TestValueFallsBackToNeutral: a type the generator cannot build gives
// null, never an error or a panic.
func TestValueFallsBackToNeutral(t *testing.T) {
	p := source(t, "forms.rvl", forms)
	e := seam.NewSeeded(7)
	for _, typ := range []syntax.TypeExpr{
		&syntax.BadType{},
		&syntax.NamedType{},
		&syntax.NamedType{Name: &syntax.Ident{Name: "Nope"}},
		&syntax.NamedType{Name: &syntax.Ident{Name: "Pool"}},
		&syntax.NamedType{Name: &syntax.Ident{Name: "Map"}}, // no newMap
		&syntax.UnionType{},
	} {
		if got := Value(p, typ, e, nil).String(); got != "null" {
			t.Errorf("%T %v: got %s, want null", typ, typ, got)
		}
	}
	// A missing type argument is a malformed type: its part is neutral.
	if got := Value(p, &syntax.NamedType{Name: &syntax.Ident{Name: "Result"}}, seam.NewSeeded(2), nil).String(); got != "Ok(null)" && got != "Err(null)" {
		t.Errorf("Result without arguments: got %s", got)
	}
}

// TestValueStreamsAreIndependent: what one operation draws does not
// depend on how much any other drew, and the same stream gives the same
// values every time.
func TestValueStreamsAreIndependent(t *testing.T) {
	p := source(t, "forms.rvl", forms)
	row := p.ServiceByID["Gen"].MethodByID["row"].Sig.Result
	str := p.ServiceByID["Gen"].MethodByID["str"].Sig.Result
	seq := func(other int) []string {
		root := seam.NewSeeded(runtime.DefaultMockSeed)
		a := root.Sub(runtime.MockStreamName("Gen", "g", "row"))
		b := root.Sub(runtime.MockStreamName("Gen", "g", "str"))
		var out []string
		for i := range 10 {
			for range other * i {
				Value(p, str, b, nil)
			}
			out = append(out, Value(p, row, a, nil).String())
		}
		return out
	}
	base := seq(0)
	for _, other := range []int{1, 3, 7} {
		if got := seq(other); strings.Join(got, "|") != strings.Join(base, "|") {
			t.Errorf("draws of str changed the values of row:\n%v\n%v", base, got)
		}
	}
}
