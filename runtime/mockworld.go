package runtime

import "slices"

// Mock world in lifecycle tests. A program derived by package mocks has a
// mock component per mocked key (check.Component.Mock). Those that stand
// in for a key nothing provides are the key's provider like any other; the
// standby ones of keys a real component provides serve only when a test
// loads a consumer while no provider of the key is loaded. Either way a
// test derives a mock when it loads a consumer, shares it between the
// consumers of its key, and tears it down after its last consumer:
//
//   - `load C`, for each key k that C requires (in its requires order):
//     C uses a real provider of k if one is loaded (waiting or active) and
//     no mock of k is live; otherwise it shares the live mock of k (one more
//     reference) or, when there is none, derives it: the mock fiber is
//     marked loaded with one reference (a mock that went down before is
//     first reset to pending, and its activation resets its value streams,
//     so the new mock is identical to the old one). The settle that follows
//     activates the mock like any loaded fiber.
//   - `unload C` tears C down (when active), then releases C's references;
//     every mock left without one is torn down, in reverse load order, and
//     a settle follows, so a real provider that waited for its key to be
//     free (see keyHeld) activates now.
//
// A real provider is never replaced while it serves: the choice is made
// when the consumer loads, and a real provider loaded while a mock holds
// its key waits until the mock is gone.

// deriveMocks binds fiber fi, just loaded, to a mock for every required
// key that no loaded provider serves.
func (m *Machine) deriveMocks(fi int) {
	if m.prog.mockOf == nil {
		return
	}
	reqs := m.fibers[fi].comp.Requires
	var via []int
	for j, k := range reqs {
		mi, ok := m.prog.mockOf[k.Name]
		if !ok {
			continue
		}
		live := m.fibers[mi].refs > 0 || m.fibers[mi].state == Active
		if real := k.Provider; real != nil && real.Mock == nil && !live {
			if rf := m.fibers[real.LoadIndex]; rf.loaded || rf.state == Active {
				continue
			}
		}
		if !live && m.fibers[mi].state != Pending {
			m.setState(mi, Pending, nil) // a fresh mock: identical to the last one
			m.wfiber(mi).err = nil
		}
		w := m.wfiber(mi)
		w.loaded = true
		w.refs++
		if via == nil {
			via = make([]int, len(reqs))
			for x := range via {
				via[x] = -1
			}
		}
		via[j] = mi
	}
	if via != nil {
		m.wfiber(fi).via = via
	}
}

// releaseMocks pushes the driver that releases fiber fi's mocks once what
// is pushed after it (fi's teardown) has run.
func (m *Machine) releaseMocks(fi int) {
	if len(m.fibers[fi].via) == 0 {
		return
	}
	*m.pushFrame() = frame{kind: fRelease, base: len(m.vals), fib: fi}
}

// resumeRelease drops the unloaded consumer's references, then tears down,
// one atom at a time, each mock left without a consumer; it ends with a
// settle when a mock went down.
func (m *Machine) resumeRelease() {
	f := m.top()
	if !f.released {
		f.released = true
		via := m.fibers[f.fib].via
		m.wfiber(f.fib).via = nil
		var gone []int
		for _, mi := range via {
			if mi < 0 {
				continue
			}
			w := m.wfiber(mi)
			if w.refs--; w.refs == 0 {
				w.loaded = false
				gone = append(gone, mi)
			}
		}
		slices.Sort(gone)
		slices.Reverse(gone) // reverse load order: the teardown order
		f.mocks = gone
	}
	for len(f.mocks) > 0 {
		mi := f.mocks[0]
		f.mocks = f.mocks[1:]
		if m.fibers[mi].state == Active {
			f.mockDown = true
			m.pushAtom(Atom{Kind: Teardown, Fiber: m.fibers[mi].comp.Name}, mi)
			return
		}
	}
	settle := f.mockDown
	m.popFrame()
	if settle {
		*m.pushFrame() = frame{kind: fSettle, base: len(m.vals)}
	}
}

// keyHeld says why fiber i cannot activate although its requires are met
// ("" when it can): a key it provides is still published by another fiber,
// which in a mock world is a mock a lifecycle test derived before the real
// provider was loaded.
func (m *Machine) keyHeld(i int) string {
	for _, k := range m.fibers[i].comp.Provides {
		if pv := m.provOf(k.Name); pv != nil && pv.fiber != i {
			return "key " + k.Name + " is held by " + m.fiberName(pv.fiber)
		}
	}
	return ""
}

// MockRefs returns, for a mock component, how many loaded consumers of a
// lifecycle test share it (0 for any other fiber or a mock not derived).
func (m *Machine) MockRefs(name string) int {
	i := m.fiberIndex(name)
	if i < 0 {
		return 0
	}
	return m.fibers[i].refs
}
