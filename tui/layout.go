package tui

// The screen, top to bottom: the header line, the findings banner, the
// timeline pane, the detail panes, the status line and the key help.
//
// The detail panes sit in two columns below 120 cells of width: ready set
// and fiber on the left, emissions and one switchable pane (tab: residue,
// source, events) on the right. From 120 cells on, three columns show all
// six.

const (
	wideAt   = 120 // width from which the detail panes sit in three columns
	cellW    = 3   // cells per decision on the timeline
	minLanes = 2
)

// tabPanes are the panes the narrow layout's switchable slot cycles.
var tabPanes = []string{"residue", "source", "events"}

// geometry is where the last layout put things, for the mouse.
type geometry struct {
	wide     bool
	laneY    int // screen row of the first lane
	laneRows int
	labelW   int // cells before the first decision column
	cols     int // decisions shown
	rulerY   int // screen row of the decision numbers
	detTop   int
	detH     int
	colW     []int // detail column widths
}

// layout sizes the panes for the window.
func (m *Model) layout() {
	w, h := max(m.w, 20), max(m.h, 8)
	g := geometry{wide: w >= wideAt}
	lanes := len(m.s.Lanes())
	avail := h - 4 // header, banner, status, help
	maxLanes := max(minLanes, (avail-4)*2/5)
	g.laneRows = max(min(lanes, maxLanes), 1)
	tlH := g.laneRows + 4 // title, ruler, choices, lanes, caret
	g.labelW = max(min(m.s.nameW, 14)+3, 9)
	g.cols = max((w-g.labelW)/cellW, 1)
	g.rulerY = 3
	g.laneY = 5
	g.detTop = 2 + tlH
	g.detH = max(h-2-g.detTop, 0)
	if g.wide {
		a := w / 3
		g.colW = []int{a - 1, a - 1, w - 2*a}
	} else {
		a := w * 2 / 5
		g.colW = []int{a, w - a - 1}
	}
	m.geo = g
	m.timeline.SetSize(w, tlH)
	top := g.detH / 2
	bottom := g.detH - top
	m.ready.SetSize(g.colW[0], top)
	m.fiber.SetSize(g.colW[0], bottom)
	m.emissions.SetSize(g.colW[1], top)
	if g.wide {
		m.residue.SetSize(g.colW[1], bottom)
		m.source.SetSize(g.colW[2], top)
		m.events.SetSize(g.colW[2], bottom)
	} else {
		m.residue.SetSize(g.colW[1], bottom)
		m.source.SetSize(g.colW[1], bottom)
		m.events.SetSize(g.colW[1], bottom)
	}
}

// hit maps a screen cell to the decision and lane there; lane is -1 on
// the ruler and choice rows.
func (g geometry) hit(x, y, left, laneTop int) (k, lane int, ok bool) {
	if x < g.labelW || y < g.rulerY || y >= g.laneY+g.laneRows {
		return 0, 0, false
	}
	col := (x - g.labelW) / cellW
	if col >= g.cols {
		return 0, 0, false
	}
	lane = -1
	if y >= g.laneY {
		lane = laneTop + y - g.laneY
	}
	return left + col, lane, true
}
