package runtime

import "slices"

// Accessors for one fiber or one count, so a debugger showing a page of a
// 50,000-component composition does not build the whole Snapshot or the
// whole Fibers list to read one entry.

// ProvisionCount is len(Snapshot().Provisions), without listing them.
func (m *Machine) ProvisionCount() int { return m.nprovs }

// Provided reports whether key is live (in Snapshot().Provisions).
func (m *Machine) Provided(key string) bool {
	return m.provOf(key) != nil
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
	keys := make([]string, 0, m.nprovs)
	for slot, p := range m.provs {
		if p != nil {
			keys = append(keys, m.prog.keyNames[slot])
		}
	}
	slices.Sort(keys)
	return keys
}
