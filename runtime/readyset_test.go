package runtime

import (
	"fmt"
	"slices"
	"testing"

	"revl.dev/debug/runtime/seam"
)

// TestReadySetMatchesScan drives many pseudo-random schedules of every
// example and fixture program, and at every decision compares the
// incrementally kept ready set with the definition (a scan of every fiber),
// also on clones taken mid-schedule.
func TestReadySetMatchesScan(t *testing.T) {
	progs := corpusPrograms(t, "../examples/*.rvl", "../testdata/schedule/*.rvl", "../testdata/runtime/*.rvl")
	if len(progs) < 10 {
		t.Fatalf("found only %d programs", len(progs))
	}
	checked := 0
	for _, c := range progs {
		name, p, base := c.name, c.prog, c.base
		for seed := uint64(1); seed <= 20; seed++ {
			rng := seam.NewSeeded(seed)
			m := base.Clone()
			var clones []*Machine
			for d := 0; d < 4*len(p.Components)+4; d++ {
				// ReadyLen first: it answers from the set as it stands when
				// nothing changed, and must not need a Ready to be current.
				want := m.readyScan(nil)
				if n := m.ReadyLen(); n != len(want) {
					t.Fatalf("%s seed %d decision %d: ReadyLen %d before Ready, scan has %d", name, seed, d, n, len(want))
				}
				got := m.Ready()
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s seed %d decision %d: incremental ready set %v, scan %v", name, seed, d, got, want)
				}
				if n := m.ReadyLen(); n != len(got) {
					t.Fatalf("%s seed %d decision %d: ReadyLen %d, Ready has %d", name, seed, d, n, len(got))
				}
				for i, a := range got {
					if at := m.ReadyAt(i); at != a {
						t.Fatalf("%s seed %d decision %d: ReadyAt(%d) = %v, Ready has %v", name, seed, d, i, at, a)
					}
					_, wfi, ok := m.ReadyFiberAt(i)
					if !ok {
						wfi = -1
					}
					at := Atom{Kind: Harness, Fiber: "stale", JobName: "stale"}
					if fi := m.ReadyAtomAt(i, &at); at != a || fi != wfi {
						t.Fatalf("%s seed %d decision %d: ReadyAtomAt(%d) = %v, %d; Ready has %v, ReadyFiberAt %d", name, seed, d, i, at, fi, a, wfi)
					}
				}
				// BeginAt trusts an up-to-date set's membership instead of
				// asking notReady: it must refuse and accept as notReady says.
				for i := range m.fibers {
					c := m.Clone()
					c.ReadyLen()
					why := c.notReady(i)
					err := c.BeginAt(Atom{Kind: Activate, Fiber: p.LoadOrder[i].Name}, i)
					if (err == nil) != (why == "") {
						t.Fatalf("%s seed %d decision %d: BeginAt(activate(%s)) = %v, notReady %q", name, seed, d, p.LoadOrder[i].Name, err, why)
					}
				}
				checked++
				if len(got) == 0 {
					break
				}
				if d%3 == 1 {
					clones = append(clones, m.Clone())
				}
				_ = m.Run(got[seam.Intn(rng, len(got))])
			}
			for _, c := range clones {
				if got, want := c.Ready(), c.readyScan(nil); !slices.Equal(got, want) {
					t.Fatalf("%s seed %d: a clone's ready set %v, scan %v", name, seed, got, want)
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("compared only %d ready sets", checked)
	}
}

// TestReadyChangesFollowTheSet keeps a copy of the ready set from
// ReadyChanges alone (listing only when it says it cannot tell) over
// pseudo-random schedules of every example and fixture program, and at
// every decision compares the copy with the definition (a scan). Some runs
// skip reading for several decisions, and some continue on a clone, whose
// first answer must be "list".
func TestReadyChangesFollowTheSet(t *testing.T) {
	checked, incremental := 0, 0
	for _, c := range corpusPrograms(t, "../examples/*.rvl", "../testdata/schedule/*.rvl", "../testdata/runtime/*.rvl") {
		name, p, base := c.name, c.prog, c.base
		for seed := uint64(1); seed <= 10; seed++ {
			rng := seam.NewSeeded(seed)
			m := base.Clone()
			copySet := map[Atom]bool{}
			list := func() {
				clear(copySet)
				for i := range m.ReadyLen() {
					copySet[m.ReadyAt(i)] = true
				}
			}
			for d := 0; d < 4*len(p.Components)+4; d++ {
				if seed%3 == 0 && d%4 != 0 {
					m.ReadyLen() // a decision nobody reads the changes of
				} else {
					changes, ok := m.ReadyChanges()
					if !ok {
						list()
					} else {
						incremental++
						for _, c := range changes {
							a := Atom{Kind: c.Kind, Fiber: p.LoadOrder[c.Fiber].Name}
							if c.In {
								copySet[a] = true
							} else {
								delete(copySet, a)
							}
						}
					}
					want := m.readyScan(nil)
					if len(copySet) != len(want) {
						t.Fatalf("%s seed %d decision %d: changes give %d atoms, scan %v", name, seed, d, len(copySet), want)
					}
					for _, a := range want {
						if !copySet[a] {
							t.Fatalf("%s seed %d decision %d: changes lost %v (scan %v)", name, seed, d, a, want)
						}
					}
					checked++
				}
				got := m.Ready()
				if len(got) == 0 {
					break
				}
				if d == 5 && seed%2 == 0 {
					m = m.Clone()
					if _, ok := m.ReadyChanges(); ok {
						t.Fatalf("%s seed %d: a clone's first ReadyChanges claims to know the changes", name, seed)
					}
					list()
				}
				_ = m.Run(got[seam.Intn(rng, len(got))])
			}
		}
	}
	if checked < 300 || incremental < checked/2 {
		t.Fatalf("compared %d ready sets, only %d from changes", checked, incremental)
	}
}

// TestBeginAtHint: BeginAt with the right load index, a wrong one, one out
// of range or none begins the same atom as Begin, with the same events.
func TestBeginAtHint(t *testing.T) {
	src := `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
`
	for _, tc := range []struct {
		name string
		hint func(right int) int
	}{
		{"right", func(r int) int { return r }},
		{"another fiber", func(r int) int { return (r + 1) % 3 }},
		{"out of range", func(int) int { return 99 }},
		{"none", func(int) int { return -1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, wantEvs := machine(t, src, Options{})
			got, gotEvs := machine(t, src, Options{})
			for d := 0; want.ReadyLen() > 0; d++ {
				a := want.ReadyAt(0)
				_, fi, ok := got.ReadyFiberAt(0)
				if !ok {
					t.Fatal("ReadyFiberAt: not the machine's own ready set")
				}
				werr, gerr := want.Begin(a), got.BeginAt(a, tc.hint(fi))
				if (werr == nil) != (gerr == nil) {
					t.Fatalf("decision %d: Begin %v, BeginAt %v", d, werr, gerr)
				}
				for _, m := range []*Machine{want, got} {
					for done := false; !done; {
						done, _ = m.Step()
					}
				}
			}
			if len(*wantEvs) == 0 {
				t.Fatal("no events")
			}
			if w, g := eventLines(*wantEvs), eventLines(*gotEvs); w != g {
				t.Errorf("events differ: %s", firstDiff(w, g))
			}
		})
	}
	m, _ := machine(t, src, Options{})
	if err := m.BeginAt(Atom{Kind: Activate, Fiber: "Nope"}, 0); err == nil {
		t.Error("BeginAt of an unknown fiber with a valid index: no error")
	}
}

// TestSetMember compares setMember with slices' search, insert and
// delete on ascending sets of every size up to past the hand-moved
// shifts, adding and removing every value below, between, on and above
// the members.
func TestSetMember(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for x := int32(-1); x <= int32(2*n+1); x++ {
			for _, in := range []bool{true, false} {
				s := make([]int32, n)
				for i := range s {
					s[i] = int32(2 * i)
				}
				want := slices.Clone(s)
				i, found := slices.BinarySearch(want, x)
				changed := in != found
				if in && !found {
					want = slices.Insert(want, i, x)
				} else if !in && found {
					want = slices.Delete(want, i, i+1)
				}
				got, ch := setMember(slices.Clone(s), x, in)
				if !slices.Equal(got, want) || ch != changed {
					t.Fatalf("setMember(%v, %d, %v) = %v, %v; want %v, %v", s, x, in, got, ch, want, changed)
				}
			}
		}
	}
}
