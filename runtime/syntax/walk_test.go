package syntax

import (
	"fmt"
	"strings"
	"testing"
)

// visits renders an Inspect traversal: one `Type@line:col` per node, `)`
// for each f(nil).
func visits(n Node, f func(Node) bool) string {
	var out []string
	Inspect(n, func(n Node) bool {
		if n == nil {
			out = append(out, ")")
			return true
		}
		s := fmt.Sprintf("%T@%d:%d", n, n.Range().Start.Line, n.Range().Start.Col)
		out = append(out, strings.TrimPrefix(s, "*syntax."))
		if f != nil {
			return f(n)
		}
		return true
	})
	return strings.Join(out, " ")
}

func TestInspectOrder(t *testing.T) {
	src := "// head\ncomponent A provides s: S requires l: L { // open\n  emit l.w(1) // tail\n}\n// end\n"
	f, diags := ParseFile("t.rvl", []byte(src))
	if len(diags) > 0 {
		t.Fatal(renderDiags(diags))
	}
	got := visits(f, nil)
	want := "File@1:1 Comment@1:1 ) ComponentDecl@2:1 Ident@2:11 ) " +
		"KeyBinding@2:22 Ident@2:22 ) Ident@2:25 ) ) " + // provides first: source order
		"KeyBinding@2:36 Ident@2:36 ) Ident@2:39 ) ) " +
		"Block@2:41 Comment@2:43 ) EmitStmt@3:3 CallExpr@3:8 SelectorExpr@3:8 Ident@3:8 ) Ident@3:10 ) ) IntLit@3:12 ) ) ) " +
		"Comment@3:15 ) ) ) Comment@5:1 ) )"
	if got != want {
		t.Errorf("visits:\n%s\nwant:\n%s", got, want)
	}
}

func TestInspectSkip(t *testing.T) {
	src := "component A { emit l.w(1) // inside\n}\nfn f() = 1 // after\n"
	f, _ := ParseFile("t.rvl", []byte(src))
	got := visits(f, func(n Node) bool {
		_, isComp := n.(*ComponentDecl)
		return !isComp
	})
	want := "File@1:1 ComponentDecl@1:1 FnDecl@3:1 Ident@3:4 ) IntLit@3:10 ) ) Comment@3:12 ) )"
	if got != want {
		t.Errorf("visits:\n%s\nwant:\n%s", got, want)
	}
}

func TestInspectNil(t *testing.T) {
	calls := 0
	count := func(Node) bool { calls++; return true }
	Inspect(nil, count)
	var typed *CallExpr
	Inspect(typed, count)
	Inspect(&EmitStmt{Call: nil, Compensate: nil}, count)
	Inspect(&IfStmt{Cond: (*Ident)(nil)}, count)
	if calls != 4 { // EmitStmt and its f(nil), IfStmt and its f(nil)
		t.Errorf("%d calls, want 4", calls)
	}
}
