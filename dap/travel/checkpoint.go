package travel

import "sort"

// Checkpoints are frozen cursors. Going to tick t restores the latest
// checkpoint at or before t and runs forward, so the cost of a jump is the
// distance to that checkpoint, not to the start: stepping back costs the
// same at decision 10 and at decision 100,000.
//
// Where they are kept:
//   - tick 0, always;
//   - every `spacing` ops while the engine runs forward (a backbone that
//     bounds the replay of a far jump);
//   - every position the user stops at (Engine.Mark), so stepping back
//     over what was just stepped through restores a checkpoint exactly and
//     replays nothing.
//
// A checkpoint holds a machine clone, which shares compiled code, values
// and untouched fibers with the live machine but copies the fiber and host
// tables (about 24 bytes a component). When the store exceeds its budget
// it drops the checkpoint that leaves the smallest gap, sparing the ones
// made or used most recently: density stays high where the user is and
// thins out elsewhere.

type checkpoint struct {
	c     *cursor // frozen: never advanced
	stamp int64   // last made or used; larger is more recent
}

type store struct {
	list    []checkpoint // by tick
	spacing int64
	max     int
	clock   int64
	recent  int // how many of the most recent checkpoints thinning spares
}

func (s *store) tick(i int) int64 { return s.list[i].c.tick }

// at returns the index of the latest checkpoint at or before t.
func (s *store) at(t int64) int {
	i := sort.Search(len(s.list), func(i int) bool { return s.tick(i) > t })
	return i - 1
}

// add stores a frozen copy of c unless one exists at its tick.
func (s *store) add(c *cursor) {
	s.clock++
	i := s.at(c.tick)
	if i >= 0 && s.tick(i) == c.tick {
		s.list[i].stamp = s.clock
		return
	}
	s.list = append(s.list, checkpoint{})
	copy(s.list[i+2:], s.list[i+1:])
	s.list[i+1] = checkpoint{c: c.frozen(), stamp: s.clock}
	for len(s.list) > s.max {
		s.thin()
	}
}

// use marks checkpoint i as just used.
func (s *store) use(i int) {
	s.clock++
	s.list[i].stamp = s.clock
}

// due reports whether a backbone checkpoint should be taken at tick t.
func (s *store) due(t int64) bool {
	i := s.at(t)
	return i < 0 || t-s.tick(i) >= s.spacing
}

// thin drops one checkpoint: of those not among the most recent, the one
// whose removal leaves the smallest gap; tick 0 always stays.
func (s *store) thin() {
	stamps := make([]int64, 0, len(s.list))
	for _, cp := range s.list {
		stamps = append(stamps, cp.stamp)
	}
	sort.Slice(stamps, func(i, j int) bool { return stamps[i] > stamps[j] })
	cut := int64(-1)
	if s.recent < len(stamps) {
		cut = stamps[s.recent]
	}
	best, bestGap := -1, int64(-1)
	for i := 1; i < len(s.list); i++ {
		if s.list[i].stamp > cut {
			continue
		}
		gap := int64(1) << 62
		if i+1 < len(s.list) {
			gap = s.tick(i+1) - s.tick(i-1)
		}
		if best < 0 || gap < bestGap {
			best, bestGap = i, gap
		}
	}
	if best < 0 {
		best = len(s.list) - 1
	}
	s.list = append(s.list[:best], s.list[best+1:]...)
	s.list[:len(s.list)+1][len(s.list)] = checkpoint{} // let the dropped cursor go
}

// truncate drops every checkpoint after tick t.
func (s *store) truncate(t int64) {
	n := s.at(t) + 1
	clear(s.list[n:])
	s.list = s.list[:n]
}
