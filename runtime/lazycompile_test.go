package runtime

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// TestLazyBodies: New compiles no activation body but the mocks'; each
// body compiles on first use, without error for every checked program in
// testdata, and clones asking for it from several goroutines at once all
// get the one compiled Code.
func TestLazyBodies(t *testing.T) {
	dirs := []string{"runtime", "faults", "fine", "mocks", "schedule", "trace", "eval"}
	var files []string
	for _, d := range dirs {
		fs, err := filepath.Glob(filepath.Join("..", "testdata", d, "*.rvl"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d programs found", len(files))
	}
	checked := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p, diags := check.Source(filepath.Base(file), src)
		if check.HasErrors(diags) {
			continue // a program that shows a check error; New refuses it
		}
		checked++
		t.Run(strings.TrimSuffix(file, ".rvl"), func(t *testing.T) {
			m, err := New(p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range p.LoadOrder {
				if got := m.prog.peek(i) != nil; got != c.IsMock() {
					t.Errorf("%s: compiled by New = %v, want %v", c.Name, got, c.IsMock())
				}
			}
			for i, c := range p.LoadOrder {
				clones := make([]*Machine, 4)
				for j := range clones {
					clones[j] = m.Clone()
				}
				codes := make([]*Code, len(clones))
				var wg sync.WaitGroup
				for j, cl := range clones {
					wg.Add(1)
					go func() {
						defer wg.Done()
						code, err := cl.prog.body(i)
						if err != nil {
							t.Errorf("%s: %v", c.Name, err)
						}
						codes[j] = code
					}()
				}
				wg.Wait()
				for j, code := range codes {
					if code == nil || code != codes[0] || code != m.prog.peek(i) {
						t.Errorf("%s: clone %d got code %p, want the one %p", c.Name, j, code, m.prog.peek(i))
					}
				}
			}
		})
	}
	if checked < 10 {
		t.Fatalf("only %d programs check", checked)
	}
}

// TestLazyBodyCompileError: a body the compiler refuses (here an
// assignment whose target was made a literal after checking, which the
// checker would have rejected) does not stop New; its activation fails
// with the compiler's positioned error, and only that one.
func TestLazyBodyCompileError(t *testing.T) {
	src := `component A {
  let m = effect Map.new() undo m.drop()
  if (1 > 0) fail "no"
}
component B {
  let m = effect Map.new() undo m.drop()
}
`
	p := program(t, "app.rvl", src)
	body := p.CompByName["A"].Decl.Body
	lit := &syntax.IntLit{Span: body.Stmts[1].Range(), Value: 2}
	body.Stmts[1] = &syntax.AssignStmt{Span: lit.Span, Target: lit, Value: lit} // `2 = 2`
	m, err := New(p, Options{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	tests := []struct {
		comp string
		want string // substring of the error; "" for none
	}{
		{"B", ""},
		{"A", "cannot compile activate A: app.rvl:3:3: cannot assign to this expression"},
	}
	for _, tc := range tests {
		err := m.Clone().Run(Atom{Kind: Activate, Fiber: tc.comp})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("activate %s: %v", tc.comp, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("activate %s: error %v, want one containing %q", tc.comp, err, tc.want)
		}
	}
	if err := m.InjectFault("A", 1); err == nil || !strings.Contains(err.Error(), "cannot assign") {
		t.Errorf("InjectFault on A: %v, want the compile error", err)
	}
}
