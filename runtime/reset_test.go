package runtime

import (
	"os"
	"reflect"
	"testing"
)

// TestResetFromEqualsClone: a machine reset from a source with ResetFrom
// runs exactly as a clone of the source does (same events, same end
// state), however many schedules it ran before, and a clone taken of it
// before a reset is not disturbed by what the reset machine does next.
func TestResetFromEqualsClone(t *testing.T) {
	for _, name := range []string{"worked", "cache", "failure", "timers", "jobs", "uaf", "budget"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(goldenDir + "/" + name + ".rvl")
			if err != nil {
				t.Fatal(err)
			}
			base, _ := machineNamed(t, name+".rvl", string(src), parseOptions(t, header(string(src), "options")))
			base.SetSink(nil)
			atoms := parseAtoms(t, header(string(src), "atoms"))
			// run drives m through the script and returns its events and end.
			run := func(m *Machine, from int) (string, string) {
				var evs []Event
				m.SetSink(func(e Event) { evs = append(evs, e) })
				end := finish(t, m, atoms, from)
				m.SetSink(nil)
				checkFrameSlots(t, m)
				return eventLines(evs), end
			}
			wantEvents, wantEnd := run(base.Clone(), 0)

			reused := base.Clone()
			for round := range 4 {
				if round > 0 {
					reused.ResetFrom(base)
				}
				if gotEvents, gotEnd := run(reused, 0); gotEvents != wantEvents || gotEnd != wantEnd {
					t.Fatalf("round %d: the reset machine runs differently:\n%s%s", round, firstDiff(wantEvents, gotEvents), firstDiff(wantEnd, gotEnd))
				}
			}

			// A clone taken in the middle of a schedule of the reused
			// machine shares its fibers, maps and emissions; resetting and
			// running the reused machine must leave the clone as it was.
			reused.ResetFrom(base)
			runAtoms(t, reused, atoms[:len(atoms)/2])
			mid := reused.Clone()
			midWant := finish(t, mid.Clone(), atoms, len(atoms)/2)
			reused.ResetFrom(base)
			if gotEvents, gotEnd := run(reused, 0); gotEvents != wantEvents || gotEnd != wantEnd {
				t.Fatalf("after a clone: the reset machine runs differently:\n%s%s", firstDiff(wantEvents, gotEvents), firstDiff(wantEnd, gotEnd))
			}
			if got := finish(t, mid, atoms, len(atoms)/2); got != midWant || checkFrameSlots(t, mid) {
				t.Fatalf("the clone was changed by the reset machine:\n%s", firstDiff(midWant, got))
			}

			// A debugger's step back: the live machine, past a checkpoint
			// frozen from it, is reset from the checkpoint (ReuseFrom) and
			// runs on from there as a clone of it would; the checkpoint
			// is left as it was, twice over.
			live := base.Clone()
			runAtoms(t, live, atoms[:len(atoms)/2])
			checkpoint := live.Clone()
			cpEvents, cpEnd := run(checkpoint.Clone(), len(atoms)/2)
			run(live, len(atoms)/2)
			for round := range 2 {
				live.ReuseFrom(checkpoint)
				if gotEvents, gotEnd := run(live, len(atoms)/2); gotEvents != cpEvents || gotEnd != cpEnd {
					t.Fatalf("round %d: reused from a checkpoint, the machine runs differently:\n%s%s", round, firstDiff(cpEvents, gotEvents), firstDiff(cpEnd, gotEnd))
				}
			}
			live.ReuseFrom(base) // back to the start: the first chunk of emissions is reused
			if gotEvents, gotEnd := run(live, 0); gotEvents != wantEvents || gotEnd != wantEnd {
				t.Fatalf("reused from the start: the machine runs differently:\n%s%s", firstDiff(wantEvents, gotEvents), firstDiff(wantEnd, gotEnd))
			}
			if gotEvents, gotEnd := run(checkpoint.Clone(), len(atoms)/2); gotEvents != cpEvents || gotEnd != cpEnd {
				t.Fatalf("the checkpoint was changed by the machine reused from it:\n%s%s", firstDiff(cpEvents, gotEvents), firstDiff(cpEnd, gotEnd))
			}

			// From a paused source: the same as a clone of it.
			paused := base.Clone()
			runAtoms(t, paused, atoms[:len(atoms)/2])
			if len(atoms)/2 < len(atoms) {
				if err := paused.Begin(atoms[len(atoms)/2]); err == nil {
					paused.Step()
				}
			}
			pausedWant, pausedEnd := run(paused.Clone(), len(atoms)/2+1)
			reused.ResetFrom(paused)
			if gotEvents, gotEnd := run(reused, len(atoms)/2+1); gotEvents != pausedWant || gotEnd != pausedEnd {
				t.Fatalf("from a paused source: the reset machine runs differently:\n%s%s", firstDiff(pausedWant, gotEvents), firstDiff(pausedEnd, gotEnd))
			}
		})
	}
}

// checkFrameSlots fails t unless the frame slots past framesHW (and past
// the stack) are zero: pushFrame clears only the slots below framesHW,
// and a reset no longer clears them first. It reports false, to be
// or-ed into a condition.
func checkFrameSlots(t *testing.T, m *Machine) bool {
	t.Helper()
	if m.framesHW < len(m.frames) {
		t.Fatalf("framesHW %d below the %d frames", m.framesHW, len(m.frames))
	}
	all := m.frames[:cap(m.frames)]
	for i := m.framesHW; i < len(all); i++ {
		if !reflect.ValueOf(all[i]).IsZero() {
			t.Fatalf("frame slot %d, past framesHW %d, is not zero: %+v", i, m.framesHW, all[i])
		}
	}
	return false
}
