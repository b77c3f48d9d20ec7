package runtime

import "slices"

// Accessors for one fiber or one count, so a debugger showing a page of a
// 50,000-component composition does not build the whole Snapshot or the
// whole Fibers list to read one entry.

// ProvisionCount is len(Snapshot().Provisions), without listing them.
func (m *Machine) ProvisionCount() int { return len(m.provs) }

// Provided reports whether key is live (in Snapshot().Provisions).
func (m *Machine) Provided(key string) bool {
	_, ok := m.provs[key]
	return ok
}

// FrameAt is Fibers()[i].Frame: fiber i's pending inverses, newest first.
func (m *Machine) FrameAt(i int) []string {
	f := m.fibers[i]
	fr := make([]string, len(f.frame))
	for j, inv := range f.frame {
		fr[len(f.frame)-1-j] = inv.text
	}
	return fr
}

// ProvisionKeys is Snapshot().Provisions (the live keys, sorted) without
// the rest of the snapshot, which walks every fiber, frame and resource.
func (m *Machine) ProvisionKeys() []string {
	keys := make([]string, 0, len(m.provs))
	//seam:unordered the keys are sorted below
	for k := range m.provs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
