package timeline

import (
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// model is the timeline's state between two decisions, kept up to date
// from the event stream alone: fiber states from fiber events, frames
// from push and inverse events, provisions from publish and withdraw, and
// host resources from the acquire and release trace lines. The snapshot
// and the residue counts are derived from it, so neither recording nor
// seeking needs the machine. The recorder checks the derivation against
// the machine's own snapshot at the end of every run.
type model struct {
	rvt.State
	names   []string
	index   map[string]int // fiber name -> load-order index; only looked up
	active  int
	effects int
}

func newModel(fibers []string) *model {
	m := &model{names: fibers, index: make(map[string]int, len(fibers))}
	for i, f := range fibers {
		m.index[f] = i
	}
	m.Fibers = make([]runtime.FiberState, len(fibers))
	m.Frames = make([][]string, len(fibers))
	return m
}

// load replaces the state with a checkpoint's.
func (m *model) load(s *rvt.State) {
	m.State = *s
	m.active, m.effects = 0, 0
	for i, st := range m.Fibers {
		if live(st) {
			m.active++
		}
		m.effects += len(m.Frames[i])
	}
}

// save returns a deep copy of the state, for a checkpoint.
func (m *model) save() *rvt.State {
	s := m.State
	s.Fibers = slices.Clone(m.Fibers)
	s.Frames = make([][]string, len(m.Frames))
	for i, f := range m.Frames {
		if len(f) > 0 {
			s.Frames[i] = slices.Clone(f)
		}
	}
	s.Provisions = slices.Clone(m.Provisions)
	s.Maps = slices.Clone(m.Maps)
	s.Pools = slices.Clone(m.Pools)
	s.Timers = slices.Clone(m.Timers)
	s.Jobs = slices.Clone(m.Jobs)
	s.Ready = slices.Clone(m.Ready)
	return &s
}

func (m *model) fiber(name string) int {
	if i, ok := m.index[name]; ok {
		return i
	}
	return -1
}

// live says a fiber in state st is in the registry: active, or (fine
// atoms) activating, suspended mid-activation.
func live(st runtime.FiberState) bool { return st == runtime.Active || st == runtime.Activating }

// apply updates the state with one event.
func (m *model) apply(ev *runtime.Event) {
	m.Seq, m.Time = ev.Seq, ev.Time
	m.Events++
	switch ev.Kind {
	case runtime.EvFiber:
		if i := m.fiber(ev.Fiber); i >= 0 {
			if live(m.Fibers[i]) {
				m.active--
			}
			m.Fibers[i] = ev.To
			if live(ev.To) {
				m.active++
			}
		}
	case runtime.EvPublish:
		if i, found := slices.BinarySearch(m.Provisions, ev.Key); !found {
			m.Provisions = slices.Insert(m.Provisions, i, ev.Key)
		}
	case runtime.EvWithdraw:
		if i, found := slices.BinarySearch(m.Provisions, ev.Key); found {
			m.Provisions = slices.Delete(m.Provisions, i, i+1)
		}
	case runtime.EvPush:
		if i := m.fiber(ev.Fiber); i >= 0 {
			m.Frames[i] = append(m.Frames[i], ev.Text)
			m.effects++
		}
	case runtime.EvInverse:
		if i := m.fiber(ev.Fiber); i >= 0 {
			m.pop(i, ev.Text)
		}
	case runtime.EvEmission:
		m.Emissions++
	case runtime.EvTimerFire:
		if ev.Release {
			// An after timer's only firing releases it, and its
			// cancellation leaves the owner's frame.
			tag, _, _ := strings.Cut(ev.Text, ".")
			if n, ok := serial(tag, "timer#"); ok {
				m.Timers = remove(m.Timers, n)
				if i := m.fiber(ev.Fiber); i >= 0 {
					m.pop(i, "cancel "+tag)
				}
			}
		}
	case runtime.EvHost:
		m.host(ev)
	}
}

// pop removes the newest frame entry with text t (the top, when the
// runtime drains in order).
func (m *model) pop(i int, t string) {
	f := m.Frames[i]
	for j := len(f) - 1; j >= 0; j-- {
		if f[j] == t {
			m.Frames[i] = append(f[:j], f[j+1:]...)
			m.effects--
			return
		}
	}
}

// host follows the acquire and release trace lines of spec §5.
func (m *model) host(ev *runtime.Event) {
	if !ev.Acquire && !ev.Release {
		return
	}
	t := ev.Text
	if rest, ok := strings.CutPrefix(t, "job.run "); ok {
		i := strings.LastIndexByte(rest, ' ')
		if i < 0 {
			return
		}
		name, what := rest[:i], rest[i+1:]
		switch {
		case ev.Acquire && what == "start":
			m.JobsRun++
			m.Jobs = append(m.Jobs, rvt.Job{Serial: m.JobsRun, Name: name})
		case ev.Release:
			// Trace lines name jobs, not serials: a job that ends is the
			// oldest running one of that name (jobs complete in start
			// order; see the report for cancellations of a newer one).
			for k, j := range m.Jobs {
				if j.Name == name {
					m.Jobs = slices.Delete(m.Jobs, k, k+1)
					break
				}
			}
		}
		return
	}
	tag, _, _ := strings.Cut(t, ".")
	var set *[]int
	var n int
	var ok bool
	switch {
	case strings.HasPrefix(tag, "map#"):
		n, ok = serial(tag, "map#")
		set = &m.Maps
	case strings.HasPrefix(tag, "pool#"):
		n, ok = serial(tag, "pool#")
		set = &m.Pools
	case strings.HasPrefix(tag, "timer#"):
		n, ok = serial(tag, "timer#")
		set = &m.Timers
	}
	if !ok {
		return
	}
	if ev.Acquire {
		if i, found := slices.BinarySearch(*set, n); !found {
			*set = slices.Insert(*set, i, n)
		}
	} else {
		*set = remove(*set, n)
	}
}

func serial(tag, prefix string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(tag, prefix))
	return n, err == nil && strings.HasPrefix(tag, prefix)
}

func remove(xs []int, n int) []int {
	if i, found := slices.BinarySearch(xs, n); found {
		return slices.Delete(xs, i, i+1)
	}
	return xs
}

// Residue counts what a snapshot holds: the residue line of the timeline.
type Residue struct {
	Registry   int `json:"registry"`
	Provisions int `json:"provisions"`
	Effects    int `json:"effects"`
	Listeners  int `json:"listeners"`
	Unreleased int `json:"unreleased"`
}

// Total is the sum of the counts.
func (r Residue) Total() int {
	return r.Registry + r.Provisions + r.Effects + r.Listeners + r.Unreleased
}

// String renders the counts as `reg 2 prov 1 eff 3 lis 0 unr 1`.
func (r Residue) String() string {
	return "reg " + strconv.Itoa(r.Registry) + " prov " + strconv.Itoa(r.Provisions) + " eff " + strconv.Itoa(r.Effects) +
		" lis " + strconv.Itoa(r.Listeners) + " unr " + strconv.Itoa(r.Unreleased)
}

func (m *model) residue() Residue {
	lis := len(m.Timers) + len(m.Jobs)
	return Residue{Registry: m.active, Provisions: len(m.Provisions), Effects: m.effects, Listeners: lis,
		Unreleased: len(m.Maps) + len(m.Pools) + lis}
}

// snapshot renders the state as runtime.Snapshot does.
func (m *model) snapshot() Snapshot {
	var s Snapshot
	for i, st := range m.Fibers {
		if live(st) {
			s.Registry = append(s.Registry, m.names[i])
		}
		for _, t := range m.Frames[i] {
			s.Effects = append(s.Effects, m.names[i]+": "+t)
		}
	}
	s.Provisions = slices.Clone(m.Provisions)
	for _, t := range m.Timers {
		s.Listeners = append(s.Listeners, "timer#"+strconv.Itoa(t))
	}
	for _, j := range m.Jobs {
		s.Listeners = append(s.Listeners, "job "+j.Name)
	}
	for _, x := range m.Maps {
		s.Unreleased = append(s.Unreleased, "map#"+strconv.Itoa(x)+" (new() with no drop())")
	}
	for _, x := range m.Pools {
		s.Unreleased = append(s.Unreleased, "pool#"+strconv.Itoa(x)+" (open() with no close())")
	}
	for _, x := range m.Timers {
		s.Unreleased = append(s.Unreleased, "timer#"+strconv.Itoa(x)+" (schedule() with no cancel())")
	}
	for _, j := range m.Jobs {
		s.Unreleased = append(s.Unreleased, "job "+j.Name+" (start with no done)")
	}
	return s
}
