package tui

import (
	"slices"
	"sort"
	"strconv"

	"revl.dev/debug/timeline"
)

// index reads the run once, in order, for what the viewer jumps to and
// sets side by side: this run's emissions (with their decisions), the
// decisions where findings show, and the first divergence from the
// canonical run. It keeps no decision itself.
func (s *Session) index() error {
	s.emissions = s.emissions[:0]
	var points []FindingPoint
	err := s.pane.Range(0, s.pane.Len(), func(d timeline.Decision, _ []timeline.Event) error {
		if d.Error != "" {
			points = append(points, FindingPoint{d.Index, "atom failed: " + d.Error})
		}
		for _, m := range d.Marks {
			switch m.Kind {
			case "emission":
				s.emissions = append(s.emissions, Emission{Index: len(s.emissions), Decision: d.Index, Fiber: m.Fiber, Text: m.Text})
			case "not-live":
				points = append(points, FindingPoint{d.Index, "use of " + m.Text + " by " + m.Fiber + " after its withdrawal"})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.divergence()
	if d := s.div; d != nil && d.GotDecision >= 0 && d.CanonDecision >= 0 {
		for _, e := range s.emissions[min(d.Index+1, len(s.emissions)):] {
			if e.Text == d.Canon && (d.CanonFiber == "" || e.Fiber == d.CanonFiber) {
				d.overtook = true
				break
			}
		}
	}
	if s.div != nil && s.div.GotDecision >= 0 {
		points = append(points, FindingPoint{s.div.GotDecision, "first divergent emission #" + strconv.Itoa(s.div.Index)})
	}
	if s.sum != nil && s.Len() > 0 {
		last := s.Len() - 1
		for _, f := range s.sum.Findings {
			switch f.Tag {
			case "residue", "deadlock", "unbounded", "teardown-order":
				points = append(points, FindingPoint{last, f.Tag + ": " + f.Message})
			case "unstable":
				if f.Divergence < 0 {
					points = append(points, FindingPoint{last, f.Tag + ": " + f.Message})
				}
			}
		}
	}
	sort.SliceStable(points, func(i, j int) bool { return points[i].Decision < points[j].Decision })
	s.findings = slices.CompactFunc(points, func(a, b FindingPoint) bool { return a == b })
	return nil
}

// divergence sets the first divergent emission: the recorded comparison
// when the trace has one, else this run's emissions against the
// canonical run's, when those are known.
func (s *Session) divergence() {
	s.div = nil
	if s.sum != nil && s.sum.Comparison != nil {
		c := s.sum.Comparison
		if c.Divergence < 0 {
			return
		}
		d := &Divergence{Index: c.Divergence, Got: c.Got, GotDecision: c.GotDecision, Canon: c.Canonical, CanonDecision: c.CanonicalDecision}
		if c.Divergence < len(s.emissions) && c.GotDecision >= 0 {
			d.GotFiber = s.emissions[c.Divergence].Fiber
		}
		if c.Divergence < len(s.canon) && c.CanonicalDecision >= 0 {
			d.CanonFiber = s.canon[c.Divergence].Fiber
		}
		s.div = d
		return
	}
	if s.canon == nil {
		return
	}
	n := max(len(s.emissions), len(s.canon))
	for i := 0; i < n; i++ {
		d := &Divergence{Index: i, GotDecision: -1, CanonDecision: -1}
		if i < len(s.emissions) {
			e := s.emissions[i]
			d.Got, d.GotFiber, d.GotDecision = e.Text, e.Fiber, e.Decision
		}
		if i < len(s.canon) {
			e := s.canon[i]
			d.Canon, d.CanonFiber, d.CanonDecision = e.Text, e.Fiber, e.Decision
		}
		if d.GotDecision >= 0 && d.CanonDecision >= 0 && d.Got == d.Canon {
			continue
		}
		s.div = d
		return
	}
}

// EmittedBy is the number of this run's emissions made by decisions 0 to
// k.
func (s *Session) EmittedBy(k int) int {
	return sort.Search(len(s.emissions), func(i int) bool { return s.emissions[i].Decision > k })
}

// NextEmission is the first decision after k that emits, -1 for none;
// PrevEmission the last one before k.
func (s *Session) NextEmission(k int) int {
	i := s.EmittedBy(k)
	if i < len(s.emissions) {
		return s.emissions[i].Decision
	}
	return -1
}

// PrevEmission is the last decision before k that emits, -1 for none.
func (s *Session) PrevEmission(k int) int {
	i := s.EmittedBy(k-1) - 1
	if i >= 0 {
		return s.emissions[i].Decision
	}
	return -1
}

// NextFinding is the first finding point after decision k.
func (s *Session) NextFinding(k int) (FindingPoint, bool) {
	i := sort.Search(len(s.findings), func(i int) bool { return s.findings[i].Decision > k })
	if i < len(s.findings) {
		return s.findings[i], true
	}
	return FindingPoint{}, false
}

// PrevFinding is the last finding point before decision k.
func (s *Session) PrevFinding(k int) (FindingPoint, bool) {
	i := sort.Search(len(s.findings), func(i int) bool { return s.findings[i].Decision >= k }) - 1
	if i >= 0 {
		return s.findings[i], true
	}
	return FindingPoint{}, false
}
