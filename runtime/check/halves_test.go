package check

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/syntax"
)

// misspelt is a program of n components that each emit through a key
// they do not have, whose diagnostic suggests the one they do: n
// suggestions, in the declarations after the first `from`.
func misspelt(n, from int) []byte {
	var b strings.Builder
	b.WriteString("service Log { emission fn write(line: Str) }\n\ncomponent Sink provides log: Log {\n  provide log { fn write(line) { } }\n}\n")
	for i := range n {
		key := "log"
		if i >= from {
			key = "logger"
		}
		fmt.Fprintf(&b, "\ncomponent App%d requires log: Log {\n  emit %s.write(\"up\")\n}\n", i, key)
	}
	return []byte(b.String())
}

// TestHalvesMatchSerial checks that a lean check in halves (halves.go)
// reports what the serial lean check reports — the same diagnostics in the
// same order, the same locals' types, the same load order — and what the
// full check reports, on every program of the corpus cut in two, on
// gen.Wide, on programs whose second half alone has diagnostics with
// suggestions, and on one whose halves together spend more than the
// suggestion budget (checked again serially).
func TestHalvesMatchSerial(t *testing.T) {
	type input struct {
		name  string
		src   []byte
		exact bool // the halves' result stands (no serial re-check)
		lean  bool // the check must not give up its lean set
	}
	inputs := []input{
		{"wide-2000", WideForTest(2000), true, true},
		{"synth-3000", synth.Program(3000), true, false},
		{"second-half-suggests", misspelt(40, 30), true, true},
		{"both-halves-suggest", misspelt(60, 0), true, true},
		{"budget-spent-across-halves", misspelt(3*suggestBudget, 0), false, true},
		{"headers-suggest", []byte(strings.ReplaceAll(string(misspelt(40, 40)), "requires log: Log", "requires log: Lgo")), true, true},
		{"header-budget-spent", []byte(strings.ReplaceAll(string(misspelt(3*suggestBudget, 3*suggestBudget)), "requires log: Log", "requires log: Lgo")), false, true},
		{"tests-named-twice", append(WideForTest(300), "\ntest \"t\" { }\ntest \"t\" { }\n"...), true, false},
	}
	for _, c := range readCorpus(t) {
		inputs = append(inputs, input{c.name, c.src, true, false})
	}
	defer func(from int, cores func() bool) {
		halvesFrom, halvesCores, halvesAudit, leanGaveUp = from, cores, nil, nil
	}(halvesFrom, halvesCores)
	halvesFrom = 0
	ran := 0
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			f, _ := syntax.ParseFile(in.name, in.src)
			halvesCores, halvesAudit = func() bool { return false }, nil
			serial := CheckWith(f, Options{NoUses: true})
			var audits []bool
			halvesCores = func() bool { return true }
			halvesAudit = func(m int, exact bool) {
				if m <= 0 || m >= len(f.Decls) {
					t.Errorf("cut at %d of %d declarations", m, len(f.Decls))
				}
				audits = append(audits, exact)
			}
			gave := false
			leanGaveUp = func() { gave = true }
			halves := CheckWith(f, Options{NoUses: true})
			leanGaveUp = nil
			if in.lean && gave {
				t.Error("the check in halves gave up its lean set")
			}
			if len(f.Decls) >= 2 && len(audits) != 1 {
				t.Fatalf("%d checks in halves, want 1", len(audits))
			}
			if len(audits) == 1 {
				ran++
				if audits[0] != in.exact {
					t.Errorf("halves' result stood: %v, want %v", audits[0], in.exact)
				}
			}
			if !reflect.DeepEqual(halves.Diagnostics, serial.Diagnostics) {
				t.Errorf("diagnostics differ:\n--- halves\n%s\n--- serial\n%s", render(halves.Diagnostics), render(serial.Diagnostics))
			}
			if got, want := summary(halves), summary(serial); got != want {
				t.Errorf("halves differ:\n--- halves\n%s\n--- serial\n%s", got, want)
			}
			if got, want := summary(halves), summary(Check(f)); got != want {
				t.Errorf("halves differ from the full check:\n--- halves\n%s\n--- full\n%s", got, want)
			}
		})
	}
	if ran < len(inputs)/2 {
		t.Errorf("%d of %d inputs checked in halves", ran, len(inputs))
	}
}

// TestHalvesFromSize checks when a lean check runs in halves: a large file
// on two cores, not a small one, not on one core.
func TestHalvesFromSize(t *testing.T) {
	defer func(cores func() bool) { halvesCores, halvesAudit = cores, nil }(halvesCores)
	wide, _ := syntax.ParseFile("wide.rvl", WideForTest(2000))
	small, _ := syntax.ParseFile("small.rvl", WideForTest(20))
	if len(wide.Src) < halvesFrom || len(small.Src) >= halvesFrom {
		t.Fatalf("sizes %d and %d do not straddle %d", len(wide.Src), len(small.Src), halvesFrom)
	}
	for _, tc := range []struct {
		name  string
		f     *syntax.File
		cores bool
		want  int
	}{
		{"large, two cores", wide, true, 1},
		{"large, one core", wide, false, 0},
		{"small, two cores", small, true, 0},
	} {
		n := 0
		halvesCores = func() bool { return tc.cores }
		halvesAudit = func(int, bool) { n++ }
		CheckWith(tc.f, Options{NoUses: true})
		Check(tc.f) // a full check never runs in halves
		if n != tc.want {
			t.Errorf("%s: %d checks in halves, want %d", tc.name, n, tc.want)
		}
	}
}

// FuzzHalves checks arbitrary input in halves and serially: the same
// diagnostics, locals' types and load order.
func FuzzHalves(f *testing.F) {
	addCheckSeeds(f)
	defer func(from int, cores func() bool) { halvesFrom, halvesCores = from, cores }(halvesFrom, halvesCores)
	halvesFrom = 0
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := syntax.ParseFile("fuzz.rvl", src)
		halvesCores = func() bool { return false }
		serial := CheckWith(file, Options{NoUses: true})
		halvesCores = func() bool { return true }
		halves := CheckWith(file, Options{NoUses: true})
		if !reflect.DeepEqual(halves.Diagnostics, serial.Diagnostics) {
			t.Fatalf("diagnostics differ:\n--- halves\n%s\n--- serial\n%s", render(halves.Diagnostics), render(serial.Diagnostics))
		}
		if got, want := summary(halves), summary(serial); got != want {
			t.Fatalf("halves differ:\n--- halves\n%s\n--- serial\n%s", got, want)
		}
	})
}

// TestLeanFence checks the fence of a half's lean set: no answer for an
// identifier outside [lo, hi), an answer inside.
func TestLeanFence(t *testing.T) {
	l := &leanUses{seen: make([]uint64, 4), lo: 64, hi: 128}
	for _, tc := range []struct {
		off  int32
		want bool
	}{{0, false}, {63, false}, {64, true}, {127, true}, {128, false}, {200, false}} {
		_, _, ok := l.at(&syntax.Ident{Span: syntax.Span{Start: syntax.Pos{Offset: tc.off}}})
		if ok != tc.want {
			t.Errorf("offset %d: answer %v, want %v", tc.off, ok, tc.want)
		}
	}
	l.hi = 0 // no upper fence
	if _, _, ok := l.at(&syntax.Ident{Span: syntax.Span{Start: syntax.Pos{Offset: 200}}}); !ok {
		t.Error("offset 200 without an upper fence: no answer")
	}
}
