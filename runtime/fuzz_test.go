package runtime

import (
	"os"
	"path/filepath"
	goruntime "runtime"
	"strconv"
	"strings"
	"testing"

	"revl.dev/debug/runtime/check"
)

// FuzzRun runs arbitrary programs under small budgets: every test, then
// the canonical schedule. Whatever the program, the machine must not
// panic, every run must end (the step budgets), and what it holds must
// stay within the memory budget's bound (5/4 of it, see memory.go). The
// seed corpus is the project's programs plus testdata/fuzz/FuzzRun.
func FuzzRun(f *testing.F) {
	for _, pattern := range []string{"../examples/*.rvl", "../testdata/runtime/*.rvl", "../testdata/schedule/*.rvl"} {
		files, _ := filepath.Glob(pattern)
		for _, path := range files {
			if src, err := os.ReadFile(path); err == nil {
				f.Add(src)
			}
		}
	}
	const budget = 1 << 20
	opts := Options{StepBudget: 2000, CallBudget: 2000, RunBudget: 20000, MaxDepth: 64, MemoryBudget: budget}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog, diags := check.Source("fuzz.rvl", src)
		if check.HasErrors(diags) || prog == nil {
			return
		}
		for _, tc := range prog.Tests {
			RunTest(prog, tc, opts)
		}
		m, err := New(prog, opts)
		if err != nil {
			return // a program the compiler refuses (mocks without Native, ...)
		}
		for i := 0; i < 256 && m.ReadyLen() > 0; i++ {
			m.Run(m.ReadyAt(0))
			if held := m.MemoryHeld(); held > budget*5/4 {
				t.Fatalf("after atom %d the machine holds %d bytes, over 5/4 of its budget %d", i, held, budget)
			}
		}
		var ms goruntime.MemStats
		goruntime.ReadMemStats(&ms)
		if ms.HeapInuse > 1<<30 {
			t.Fatalf("the heap is at %d bytes after a run under a %d-byte budget", ms.HeapInuse, budget)
		}
	})
}

// TestFuzzRunSeeds: the hand-written seeds of FuzzRun check and hit the
// memory budget, so that the fuzzer starts from the runs it must bound.
func TestFuzzRunSeeds(t *testing.T) {
	files, _ := filepath.Glob("testdata/fuzz/FuzzRun/*")
	if len(files) == 0 {
		t.Fatal("no seeds")
	}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// A corpus file is `go test fuzz v1` and one []byte("...") line.
		lines := strings.SplitN(string(b), "\n", 3)
		src, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		m, _ := machine(t, src, Options{MemoryBudget: 1 << 20})
		runAtoms(t, m, parseAtoms(t, "activate S"))
		if err := m.Run(Atom{Kind: Activate, Fiber: "U"}); !IsBudget(err) || !strings.Contains(err.Error(), "memory budget") {
			t.Errorf("%s: activate(U) = %v, want the memory budget", filepath.Base(path), err)
		}
	}
}
