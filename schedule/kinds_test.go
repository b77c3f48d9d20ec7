package schedule

import (
	"path/filepath"
	"reflect"
	"testing"

	"revl.dev/debug/runtime"
)

// watchAll is an observer that wants every event and keeps none: a run
// with it asks the machine for every kind, as a recorder or a debugger do.
type watchAll struct{ events int }

func (*watchAll) Decide(*Driver, int, int) {}
func (o *watchAll) Event(runtime.Event)    { o.events++ }
func (*watchAll) End(*Driver)              {}

// TestMonitorKindsSuffice: a run that only the monitor watches asks the
// machine for monitorKinds alone, so the machine skips building the other
// events. Its result must be the one the same schedule gives when every
// event is built: same findings (with their event sequence numbers), same
// emissions, states and snapshot. Over every fixture, with lifecycle and
// fine atoms and with faults.
func TestMonitorKindsSuffice(t *testing.T) {
	var paths []string
	for _, dir := range []string{"../testdata/schedule", "../testdata/fine", "../testdata/faults", "../examples"} {
		ps, err := filepath.Glob(filepath.Join(dir, "*.rvl"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, ps...)
	}
	if len(paths) < 10 {
		t.Fatalf("only %d fixtures found", len(paths))
	}
	seeds := 12
	if testing.Short() || raceEnabled {
		seeds = 3
	}
	for _, o := range []struct {
		name string
		opts Options
	}{
		{"lifecycle", Options{}},
		{"fine", fineOpts},
		{"faults", Options{MaxFaults: 1}},
	} {
		for _, path := range paths {
			t.Run(o.name+"/"+filepath.Base(path), func(t *testing.T) {
				x := explorerOf(t, path, o.opts)
				for s := uint64(1); s <= uint64(seeds); s++ {
					narrow := x.Run(NewSeeded(s))
					obs := &watchAll{}
					all := x.RunObserved(NewSeeded(s), obs, true)
					if obs.events == 0 && len(all.Choices) > 0 {
						t.Fatalf("seed %d: the observer saw no event", s)
					}
					if !reflect.DeepEqual(narrow, all) {
						t.Fatalf("seed %d: the monitor-only run differs from the fully watched one:\n%+v\n%+v", s, narrow, all)
					}
				}
			})
		}
	}
}
