package tui

import (
	"revl.dev/debug/runtime"
)

// goTo puts the cursor on decision k as a whole, on the fiber whose atom
// ran there.
func (m *Model) goTo(k int) {
	n := m.s.Len()
	if n == 0 {
		m.k, m.ev, m.lane = 0, -1, 0
		return
	}
	m.k = min(max(k, 0), n-1)
	m.ev = -1
	if c := m.s.cells.at(m.k); c.lane >= 0 {
		m.lane = int(c.lane)
	}
	m.scroll()
}

// scroll keeps the cursor's column and lane in view.
func (m *Model) scroll() {
	cols, rows := m.geo.cols, m.geo.laneRows
	if cols > 0 {
		margin := min(3, cols/4)
		if m.k < m.left+margin {
			m.left = m.k - margin
		}
		if m.k > m.left+cols-1-margin {
			m.left = m.k - cols + 1 + margin
		}
		m.left = min(m.left, m.s.Len()-cols)
		m.left = max(m.left, 0)
	}
	if rows > 0 {
		if m.lane < m.laneTop {
			m.laneTop = m.lane
		}
		if m.lane >= m.laneTop+rows {
			m.laneTop = m.lane - rows + 1
		}
		m.laneTop = max(min(m.laneTop, len(m.s.Lanes())-rows), 0)
	}
}

// stmts are the indexes of decision k's statement events.
func (m *Model) stmts(k int) []int {
	d := m.s.details.at(k)
	if d == nil {
		return nil
	}
	var out []int
	for i, e := range d.events {
		if e.Kind == runtime.EvStmt {
			out = append(out, i)
		}
	}
	return out
}

// stepStmt moves to the next (dir 1) or previous (dir -1) statement,
// across decisions; a decision without statements is a stop of its own.
func (m *Model) stepStmt(dir int) {
	st := m.stmts(m.k)
	if dir > 0 {
		for _, i := range st {
			if i > m.ev {
				m.ev = i
				return
			}
		}
		if m.k+1 >= m.s.Len() {
			m.say("the last statement of the run")
			return
		}
		m.goTo(m.k + 1)
		if st := m.stmts(m.k); len(st) > 0 {
			m.ev = st[0]
		}
		return
	}
	for j := len(st) - 1; j >= 0; j-- {
		if st[j] < m.ev {
			m.ev = st[j]
			return
		}
	}
	if m.ev >= 0 && len(st) == 0 {
		m.ev = -1
		return
	}
	if m.k == 0 {
		m.ev = -1
		m.say("the first statement of the run")
		return
	}
	m.goTo(m.k - 1)
	if st := m.stmts(m.k); len(st) > 0 {
		m.ev = st[len(st)-1]
	}
}

// moveLane selects the fiber d lanes down (up when negative).
func (m *Model) moveLane(d int) {
	m.lane = max(min(m.lane+d, len(m.s.Lanes())-1), 0)
	m.scroll()
}

// block is the alignment of the prefetcher's requests behind the cursor.
const block = 32

// prefetch asks for what the next frames will need after the cursor moved
// from decision from: the decisions ahead in the direction of travel (or
// around a jump) and the cell chunks beyond the window's edges. Nothing is
// asked when all of it is held.
func (m *Model) prefetch(from int) {
	s := m.s
	n := s.Len()
	if n == 0 || s.pre == nil {
		return
	}
	k := m.k
	var f fetch
	switch {
	case k == from+1 || k == from:
		f = fetch{from: k + 1, to: min(k+1+block, n), near: k + 1}
	case k == from-1:
		b0 := max(k-1, 0) / block * block
		f = fetch{from: max(b0-block, 0), to: k, near: max(b0-block, 0)}
	default:
		// Around a jump, and as far again, for the next page.
		f = fetch{from: max(k-block/2, 0), to: min(k+block/2+1, n), near: k}
		if d := k - from; d > 0 {
			f.to = min(max(f.to, k+d+1), n)
		} else {
			f.from = max(min(f.from, k+d), 0)
		}
	}
	right := min(m.left+m.geo.cols+chunkSize/4, n-1) / chunkSize
	leftc := max(m.left-chunkSize/4, 0) / chunkSize
	for _, ci := range []int{right, leftc} {
		if !s.cells.has(ci) {
			f.chunks = append(f.chunks, ci)
		}
	}
	if len(f.chunks) == 0 && !s.details.missing(f.from, f.to) {
		return
	}
	s.pre.request(f)
}
