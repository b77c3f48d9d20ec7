package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Update handles keys, mouse clicks on the timeline and resizes.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.layout()
		m.scroll()
		return m, nil
	case tea.MouseMsg:
		from := m.k
		m.mouse(msg)
		m.prefetch(from)
		return m, nil
	case tea.KeyMsg:
		from := m.k
		var cmd tea.Cmd
		if m.searching {
			cmd = m.searchKey(msg)
		} else {
			cmd = m.key(msg)
		}
		m.prefetch(from)
		return m, cmd
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	if m.showHelp && !key.Matches(msg, k.Quit) {
		// Any key closes the help, and does only that.
		m.showHelp = false
		return nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp = true
	case key.Matches(msg, k.Back):
		return func() tea.Msg { return BackMsg{} }
	case key.Matches(msg, k.Next):
		m.step(1)
	case key.Matches(msg, k.Prev):
		m.step(-1)
	case key.Matches(msg, k.NextStmt):
		m.stepStmt(1)
	case key.Matches(msg, k.PrevStmt):
		m.stepStmt(-1)
	case key.Matches(msg, k.PageNext):
		m.goTo(m.k + max(m.geo.cols-1, 1))
	case key.Matches(msg, k.PagePrev):
		m.goTo(m.k - max(m.geo.cols-1, 1))
	case key.Matches(msg, k.Start):
		m.goTo(0)
		m.say("the start of the run")
	case key.Matches(msg, k.End):
		m.goTo(m.s.Len() - 1)
		m.say("the end of the run")
	case key.Matches(msg, k.LaneUp):
		m.moveLane(-1)
	case key.Matches(msg, k.LaneDown):
		m.moveLane(1)
	case key.Matches(msg, k.NextEmit):
		m.jumpEmission(1)
	case key.Matches(msg, k.PrevEmit):
		m.jumpEmission(-1)
	case key.Matches(msg, k.NextFind):
		m.jumpFinding(1)
	case key.Matches(msg, k.PrevFind):
		m.jumpFinding(-1)
	case key.Matches(msg, k.Divergence):
		m.jumpDivergence()
	case key.Matches(msg, k.Fork):
		m.fork()
	case key.Matches(msg, k.Unfork):
		m.unfork()
	case key.Matches(msg, k.Copy):
		return m.copyCommand()
	case key.Matches(msg, k.Search):
		m.searching = true
		m.input.SetValue("")
		return m.input.Focus()
	case key.Matches(msg, k.NextMatch):
		m.findNext(1)
	case key.Matches(msg, k.PrevMat):
		m.findNext(-1)
	case key.Matches(msg, k.Tab):
		m.tab = (m.tab + 1) % len(tabPanes)
	}
	return nil
}

func (m *Model) step(d int) {
	n := m.s.Len()
	switch {
	case m.k+d >= n:
		m.say("the end of the run (decision " + itoa(n-1) + ")")
		m.ev = -1
		return
	case m.k+d < 0:
		m.say("the start of the run")
		m.ev = -1
		return
	}
	m.goTo(m.k + d)
	m.status = ""
}

func (m *Model) jumpEmission(dir int) {
	k := m.s.NextEmission(m.k)
	what := "no emission after decision " + itoa(m.k)
	if dir < 0 {
		k = m.s.PrevEmission(m.k)
		what = "no emission before decision " + itoa(m.k)
	}
	if k < 0 {
		m.say(what)
		return
	}
	m.goTo(k)
	i := m.s.EmittedBy(k) - 1
	m.say("emission #" + itoa(i) + ": " + m.s.Emissions()[i].Got.Text)
}

func (m *Model) jumpFinding(dir int) {
	p, ok := m.s.NextFinding(m.k)
	if dir < 0 {
		p, ok = m.s.PrevFinding(m.k)
	}
	if !ok {
		if len(m.s.Findings()) == 0 {
			m.say("this run has no findings")
		} else if dir > 0 {
			m.say("no finding after decision " + itoa(m.k))
		} else {
			m.say("no finding before decision " + itoa(m.k))
		}
		return
	}
	m.goTo(p.Decision)
	m.say("decision " + itoa(p.Decision) + ": " + p.Text)
}

func (m *Model) jumpDivergence() {
	d := m.s.Divergence()
	switch {
	case d == nil && m.s.CanonicalNote() != "" && (m.s.Summary() == nil || m.s.Summary().Comparison == nil):
		m.say("no divergence known: " + m.s.CanonicalNote())
		return
	case d == nil:
		m.say("no divergence: the emissions are the canonical run's")
		return
	case d.Got == nil:
		m.goTo(m.s.Len() - 1)
		canon := ""
		if d.Canonical != nil {
			canon = " (canonical " + d.Canonical.Text + ")"
		}
		m.say("this run ends before its emission #" + itoa(d.Ordered) + canon)
		return
	}
	m.goTo(d.Got.Decision)
	m.say(divergenceText(d))
}

// mouse: a click on the timeline moves the cursor there (and onto the
// lane clicked); the wheel steps.
func (m *Model) mouse(msg tea.MouseMsg) {
	switch msg.Button {
	case tea.MouseButtonWheelUp, tea.MouseButtonWheelLeft:
		if msg.Action == tea.MouseActionPress {
			m.step(-1)
		}
		return
	case tea.MouseButtonWheelDown, tea.MouseButtonWheelRight:
		if msg.Action == tea.MouseActionPress {
			m.step(1)
		}
		return
	case tea.MouseButtonLeft:
	default:
		return
	}
	if msg.Action != tea.MouseActionPress || m.showHelp {
		return
	}
	k, lane, ok := m.geo.hit(msg.X, msg.Y, m.left, m.laneTop)
	if !ok || k >= m.s.Len() {
		return
	}
	m.goTo(k)
	if lane >= 0 && lane < len(m.s.Lanes()) {
		m.lane = lane
		m.scroll()
	}
	m.status = ""
}
