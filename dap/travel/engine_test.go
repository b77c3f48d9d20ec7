package travel

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// fixtures are every schedulable program of the repository.
func fixtures(t testing.TB) map[string]*check.Program {
	t.Helper()
	out := map[string]*check.Program{}
	for _, pat := range []string{"../../testdata/schedule/*.rvl", "../../testdata/runtime/*.rvl", "../../examples/*.rvl", "../testdata/*.rvl"} {
		names, _ := filepath.Glob(pat)
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			p, diags := check.Source(filepath.Base(name), src)
			if check.HasErrors(diags) {
				continue
			}
			out[name] = p
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d fixtures", len(out))
	}
	return out
}

func sorted[M ~map[string]V, V any](m M) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// joined renders findings the way schedule.Result does: one per tag, in
// tag order, messages of one tag joined.
func joined(fs []Finding) []string {
	by := map[string][]string{}
	for _, f := range fs {
		by[f.Tag] = append(by[f.Tag], f.Message)
	}
	var out []string
	for _, tag := range schedule.Tags {
		if len(by[tag]) > 0 {
			out = append(out, tag+": "+strings.Join(by[tag], "; "))
		}
	}
	return out
}

func explorerFindings(r *schedule.Result) []string { return schedule.FindingLines(r.Findings) }

// worldOf prepares p for the engine.
func worldOf(t testing.TB, p *check.Program) *schedule.World {
	t.Helper()
	w, err := schedule.NewWorld(p, schedule.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestMatchesExplorer runs every fixture under several seeds and checks
// that the engine takes the scheduler's decisions and finds exactly its
// findings, with the same words.
func TestMatchesExplorer(t *testing.T) {
	t.Parallel()
	for _, name := range sorted(fixtures(t)) {
		p := fixtures(t)[name]
		x, err := schedule.NewWorld(p, schedule.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed <= 12; seed++ {
			tape := Tape{}
			want := x.Baseline()
			if seed > 0 {
				s := seed
				tape.Seed = &s
				want = x.Explore(seed, false).Result
			}
			e, err := New(x, tape, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Choices(); !slices.Equal(got, want.Choices) {
				t.Errorf("%s seed %d: choices %v, explorer %v", name, seed, got, want.Choices)
			}
			if got, w := joined(e.AllFindings()), explorerFindings(want); !slices.Equal(got, w) {
				t.Errorf("%s seed %d: findings\n%s\nexplorer\n%s", name, seed, strings.Join(got, "\n"), strings.Join(w, "\n"))
			}
			var texts []string
			for _, em := range e.AllEmissions() {
				texts = append(texts, em.Text)
			}
			var wt []string
			for _, em := range want.Emissions {
				wt = append(wt, em.Text)
			}
			if !slices.Equal(texts, wt) {
				t.Errorf("%s seed %d: emissions %v, explorer %v", name, seed, texts, wt)
			}
		}
	}
}

// TestReadySetMatchesRuntime checks that the engine's view of the ready
// set (the runtime's incremental one, read by index) lists Machine.Ready at
// every decision boundary.
func TestReadySetMatchesRuntime(t *testing.T) {
	t.Parallel()
	for _, name := range sorted(fixtures(t)) {
		p := fixtures(t)[name]
		for seed := uint64(1); seed <= 6; seed++ {
			s := seed
			e, err := New(worldOf(t, p), Tape{Seed: &s}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for d := range e.Decisions() {
				e.Goto(e.DecisionTick(d))
				want := e.Machine().Ready()
				var got []runtime.Atom
				for i := 0; i < e.ReadyLen(); i++ {
					got = append(got, e.ReadyAt(i))
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s seed %d decision %d: ready %v, runtime %v", name, seed, d, got, want)
				}
			}
		}
	}
}

// TestCarriedEvents: every event of a schedule reaches a position a user
// can stop at, in order: in the Events of the op that led there, or in its
// Carried when the ops before it led where no one can stop. Going back
// shows each position exactly the events going forward showed it.
func TestCarriedEvents(t *testing.T) {
	t.Parallel()
	render := func(o *Op) string {
		if o == nil {
			return ""
		}
		var b strings.Builder
		for _, evs := range [][]runtime.Event{o.Carried, o.Events} {
			for _, ev := range evs {
				b.WriteString(ev.String() + "\n")
			}
		}
		return b.String()
	}
	for _, name := range sorted(fixtures(t)) {
		p := fixtures(t)[name]
		for seed := uint64(1); seed <= 3; seed++ {
			s := seed
			e, err := New(worldOf(t, p), Tape{Seed: &s}, Options{Spacing: 7})
			if err != nil {
				t.Fatal(err)
			}
			var all strings.Builder
			e.Forward(func(o *Op) bool {
				for _, ev := range o.Events {
					all.WriteString(ev.String() + "\n")
				}
				return false
			})
			e.Goto(0)
			fwd := map[int64]string{}
			var stops strings.Builder
			for !e.AtEnd() {
				o, _ := e.Forward(func(*Op) bool { return true })
				fwd[e.Tick()] = render(o)
				stops.WriteString(fwd[e.Tick()])
			}
			if stops.String() != all.String() {
				t.Fatalf("%s seed %d: the stoppable positions saw\n%s\nthe ops made\n%s", name, seed, stops.String(), all.String())
			}
			back := map[int64]string{e.Tick(): fwd[e.Tick()]} // the end: where going back starts
			for e.Tick() > 0 {
				if _, ok := e.Back(func(o *Op) bool {
					back[e.Tick()] = render(o)
					return true
				}); !ok {
					break
				}
			}
			for _, tick := range slices.Sorted(maps.Keys(fwd)) {
				want := fwd[tick]
				if got, ok := back[tick]; !ok || got != want {
					t.Fatalf("%s seed %d tick %d: back saw\n%s\nforward\n%s", name, seed, tick, got, want)
				}
			}
		}
	}
}
