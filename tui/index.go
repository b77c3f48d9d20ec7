package tui

import (
	"sort"

	"revl.dev/debug/timeline"
)

// index builds the read model of the run (timeline.NewView reads it
// once, in order) without its decisions, which the caches read.
func (s *Session) index(vo timeline.ViewOptions) error {
	vo.NoDecisions = true
	v, err := timeline.NewView(s.pane, vo)
	if err != nil {
		return err
	}
	s.view = v
	s.got = 0
	for s.got < len(v.Emissions) && v.Emissions[s.got].Index >= 0 {
		s.got++
	}
	return nil
}

// emitted is this run's emission rows, in order.
func (s *Session) emitted() []timeline.EmissionRow { return s.view.Emissions[:s.got] }

// EmittedBy is the number of this run's emissions made by decisions 0 to
// k.
func (s *Session) EmittedBy(k int) int {
	e := s.emitted()
	return sort.Search(len(e), func(i int) bool { return e[i].Got.Decision > k })
}

// NextEmission is the first decision after k that emits, -1 for none;
// PrevEmission the last one before k.
func (s *Session) NextEmission(k int) int {
	if i, e := s.EmittedBy(k), s.emitted(); i < len(e) {
		return e[i].Got.Decision
	}
	return -1
}

// PrevEmission is the last decision before k that emits, -1 for none.
func (s *Session) PrevEmission(k int) int {
	if i := s.EmittedBy(k-1) - 1; i >= 0 {
		return s.emitted()[i].Got.Decision
	}
	return -1
}

// NextFinding is the first finding point after decision k.
func (s *Session) NextFinding(k int) (timeline.FindingPoint, bool) {
	f := s.Findings()
	i := sort.Search(len(f), func(i int) bool { return f[i].Decision > k })
	if i < len(f) {
		return f[i], true
	}
	return timeline.FindingPoint{}, false
}

// PrevFinding is the last finding point before decision k.
func (s *Session) PrevFinding(k int) (timeline.FindingPoint, bool) {
	f := s.Findings()
	i := sort.Search(len(f), func(i int) bool { return f[i].Decision >= k }) - 1
	if i >= 0 {
		return f[i], true
	}
	return timeline.FindingPoint{}, false
}
