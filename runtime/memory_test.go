package runtime

import (
	goruntime "runtime"
	"strings"
	"testing"
)

// TestMemoryBudget: a run that grows a value without bound ends as the
// `unbounded` finding at the statement that allocated, long before the
// process runs out of memory; a run that holds little, however much it
// allocates over its life, is not stopped.
func TestMemoryBudget(t *testing.T) {
	cases := []struct {
		name   string
		body   string // the body of S's method grow(), returning an Int
		budget int64  // 0: the default
		want   string // "" for success, else the error
		line   int    // the line of the statement that allocated (the body starts on line 3)
	}{
		{name: "string doubled forty times", body: `
    var s = "x"
    var i = 0
    while (i < 40) {
      s = s + s
      i = i + 1
    }
    return s.len()`,
			want: "unbounded: memory budget of 64 MiB exceeded", line: 8},
		{name: "list doubled forty times", body: `
    var xs = [1]
    var i = 0
    while (i < 40) {
      xs = xs + xs
      i = i + 1
    }
    return xs.len()`,
			want: "unbounded: memory budget of 64 MiB exceeded", line: 8},
		{name: "template doubling", body: `
    var s = "ab"
    var i = 0
    while (i < 40) {
      s = ` + "`${s}${s}`" + `
      i = i + 1
    }
    return s.len()`,
			want: "unbounded: memory budget of 1 MiB exceeded", budget: 1 << 20, line: 8},
		{name: "a shared list rendered into a string", body: `
    var xs = []
    var i = 0
    while (i < 40) {
      xs = [xs, xs]
      i = i + 1
    }
    var s = "" + xs
    return s.len()`,
			want: "unbounded: memory budget of 1 MiB exceeded", budget: 1 << 20, line: 11},
		{name: "split into millions of parts", body: `
    var s = "a"
    var i = 0
    while (i < 22) {
      s = s + s
      i = i + 1
    }
    return s.split("").len()`,
			want: "unbounded: memory budget of 16 MiB exceeded", budget: 16 << 20, line: 11},
		{name: "much allocated, little held", body: `
    var s = ""
    var i = 0
    while (i < 3000) {
      s = "0123456789012345678901234567890123456789" + i
      i = i + 1
    }
    return s.len()`,
			budget: 64 << 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "service G { fn grow() -> Int }\ncomponent S provides g: G {\n  provide g {\n  fn grow() {" + c.body + "\n  }\n  }\n}\n" +
				"component U requires g: G { effect g.grow() undo 0 }\n"
			m, _ := machine(t, src, Options{MemoryBudget: c.budget, StepBudget: 1e6, CallBudget: 1e6})
			runAtoms(t, m, parseAtoms(t, "activate S"))
			var before, after goruntime.MemStats
			goruntime.ReadMemStats(&before)
			err := m.Run(Atom{Kind: Activate, Fiber: "U"})
			goruntime.ReadMemStats(&after)
			if c.want == "" {
				if err != nil {
					t.Fatalf("grow() = %v, want success", err)
				}
				return
			}
			if !IsBudget(err) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("grow() = %v, want a budget error %q", err, c.want)
			}
			e := err.(*Error)
			if int(e.Span.Start.Line) != c.line {
				t.Errorf("error at line %d (%v), want the statement at line %d", e.Span.Start.Line, err, c.line)
			}
			budget := c.budget
			if budget == 0 {
				budget = DefaultMemoryBudget
			}
			// Allocated while running: a few times the budget at most
			// (a doubling is refused before it is made).
			if got := after.TotalAlloc - before.TotalAlloc; got > uint64(8*budget) {
				t.Errorf("the run allocated %d bytes for a budget of %d", got, budget)
			}
		})
	}
}

// TestMemoryHeldIsShared: a value shared many times is counted once.
func TestMemoryHeldIsShared(t *testing.T) {
	src := `service G { fn grow() -> Int }
component S provides g: G {
  provide g {
  fn grow() {
    var s = "0123456789"
    var i = 0
    while (i < 10) {
      s = s + s
      i = i + 1
    }
    var xs = []
    i = 0
    while (i < 1000) {
      xs = xs.push(s)
      i = i + 1
    }
    return xs.len()
  }
  }
}
component U requires g: G { effect g.grow() undo 0 }
`
	// 1,000 references to one 10 KB string: about 16 KB of list and the
	// string once, never 10 MB.
	m, _ := machine(t, src, Options{MemoryBudget: 256 << 10, StepBudget: 1e6, CallBudget: 1e6})
	runAtoms(t, m, parseAtoms(t, "activate S, activate U"))
	if err := m.Run(Atom{Kind: Teardown, Fiber: "U"}); err != nil {
		t.Fatal(err)
	}
}

// TestMemoryBudgetEmission: an emission whose text alone would exceed the
// budget (a list sharing itself, 2^30 elements in print) is refused at
// the emit, and a watched run (with a sink) fails exactly as an unwatched
// one, since what is only shown is capped instead.
func TestMemoryBudgetEmission(t *testing.T) {
	src := `service Log { emission fn write(xs: List[Int]) }
service G { fn grow() -> List[Int] }
component Sink provides log: Log { provide log { fn write(xs) { } } }
component S provides g: G {
  provide g {
    fn grow() {
      var xs = []
      var i = 0
      while (i < 30) {
        xs = [xs, xs]
        i = i + 1
      }
      return xs
    }
  }
}
component U requires g: G, log: Log { emit log.write(g.grow()) }
`
	for _, watched := range []bool{false, true} {
		m, _ := machine(t, src, Options{MemoryBudget: 1 << 20, StepBudget: 1e6, CallBudget: 1e6})
		if !watched {
			m.SetSink(nil)
		}
		runAtoms(t, m, parseAtoms(t, "activate Sink, activate S"))
		err := m.Run(Atom{Kind: Activate, Fiber: "U"})
		if !IsBudget(err) || !strings.Contains(err.Error(), "app.rvl:17:39: unbounded: memory budget of 1 MiB exceeded (the emission's text alone is larger)") {
			t.Errorf("watched=%v: activate(U) = %v", watched, err)
		}
	}
}
