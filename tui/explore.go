package tui

import (
	"sort"
	"strings"
	"sync"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/progress"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// SeedRow is one explored seed, as the list shows it.
type SeedRow struct {
	Seed      uint64
	OK        bool
	Signature string // the first finding's tag (and divergence), "" when it passed
	Choices   []int
	Minimized []int // the shrunk vector, nil when it passed
}

// ExploreModel runs a sweep of seeds 1..N with a progress bar, then lists
// the seeds, failing first; enter opens one in the viewer (m: its
// minimized vector) and esc in the viewer comes back.
type ExploreModel struct {
	name  string
	src   []byte
	prog  *check.Program
	seeds int
	lo    LoadOptions
	vo    Options

	worldOnce sync.Once
	world     *schedule.World
	worldErr  error

	st       Styles
	keys     KeyMap
	bar      progress.Model
	w, h     int
	rows     []SeedRow
	finished bool
	cur, top int
	loading  string
	err      string

	outcomes chan seedMsg
	viewer   *Model
}

type seedMsg struct {
	row SeedRow
	ok  bool  // false: the sweep is over
	err error // the sweep could not start
}

type loadedMsg struct {
	s   *Session
	err error
}

// NewExplore makes the sweep of seeds 1..seeds of a checked program.
func NewExplore(name string, src []byte, prog *check.Program, seeds int, lo LoadOptions, vo Options) *ExploreModel {
	vo.CanGoBack = true
	return &ExploreModel{name: name, src: src, prog: prog, seeds: seeds, lo: lo, vo: vo, st: DefaultStyles(),
		keys: DefaultKeyMap(), bar: progress.New(progress.WithoutPercentage(), progress.WithColorProfile(lipgloss.ColorProfile())),
		w: 80, h: 24, outcomes: make(chan seedMsg, 16)}
}

// Init starts the sweep on its own goroutines; outcomes arrive in seed
// order.
func (m *ExploreModel) Init() tea.Cmd {
	go m.sweep()
	return m.next
}

func (m *ExploreModel) sweep() {
	defer close(m.outcomes)
	x, err := m.prepared()
	if err != nil {
		m.outcomes <- seedMsg{err: err}
		return
	}
	x.Sweep(schedule.SweepOptions{Seeds: m.seeds}, func(o schedule.Outcome) {
		r := SeedRow{Seed: o.Seed, OK: o.Result.OK(), Signature: o.Result.Signature(), Choices: o.Result.Choices}
		if o.Shrunk != nil {
			r.Minimized = o.Shrunk.Result.Choices
		}
		m.outcomes <- seedMsg{row: r, ok: true}
	})
}

func (m *ExploreModel) next() tea.Msg {
	msg, ok := <-m.outcomes
	if !ok {
		return seedMsg{}
	}
	return msg
}

// Update follows the sweep, then drives the list or the viewer.
func (m *ExploreModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.bar.Width = max(min(m.w-4, 60), 10)
	case seedMsg:
		switch {
		case msg.err != nil:
			m.err = "the sweep could not start: " + msg.err.Error()
			return m, m.next
		case !msg.ok:
			m.finished = true
			sort.SliceStable(m.rows, func(i, j int) bool { return !m.rows[i].OK && m.rows[j].OK })
			return m, nil
		}
		m.rows = append(m.rows, msg.row)
		return m, m.next
	case loadedMsg:
		m.loading = ""
		if msg.err != nil {
			m.err = msg.err.Error()
			return m, nil
		}
		m.viewer = New(msg.s, m.vo)
		m.viewer.Update(tea.WindowSizeMsg{Width: m.w, Height: m.h})
		return m, nil
	case BackMsg:
		if m.viewer != nil {
			m.viewer.s.Close()
		}
		m.viewer = nil
		return m, nil
	}
	if m.viewer != nil {
		if ws, ok := msg.(tea.WindowSizeMsg); ok {
			m.viewer.Update(ws)
			return m, nil
		}
		_, cmd := m.viewer.Update(msg)
		return m, cmd
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		return m, m.key(k)
	}
	return m, nil
}

func (m *ExploreModel) key(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Quit):
		return tea.Quit
	case !m.finished || m.loading != "":
		return nil
	case key.Matches(msg, m.keys.LaneDown):
		m.cur = min(m.cur+1, len(m.rows)-1)
	case key.Matches(msg, m.keys.LaneUp):
		m.cur = max(m.cur-1, 0)
	case msg.Type == tea.KeyEnter && len(m.rows) > 0:
		r := m.rows[m.cur]
		return m.open(Schedule{Seeded: true, Seed: r.Seed}, "seed "+itoa(int(r.Seed)))
	case msg.String() == "m" && len(m.rows) > 0 && m.rows[m.cur].Minimized != nil:
		r := m.rows[m.cur]
		return m.open(Schedule{Choices: r.Minimized}, "the minimized vector of seed "+itoa(int(r.Seed)))
	}
	return nil
}

func (m *ExploreModel) open(sch Schedule, what string) tea.Cmd {
	m.loading, m.err = "recording "+what+"…", ""
	name, src, lo := m.name, m.src, m.lo
	return func() tea.Msg {
		w, err := m.prepared()
		if err != nil {
			return loadedMsg{nil, err}
		}
		s, err := record(name, src, w, sch, lo)
		return loadedMsg{s, err}
	}
}

// prepared is the program prepared once for the sweep and every schedule
// opened from it, so the canonical baseline runs once.
func (m *ExploreModel) prepared() (*schedule.World, error) {
	m.worldOnce.Do(func() {
		m.world, m.worldErr = schedule.NewWorld(m.prog, m.lo.worldOptions())
	})
	return m.world, m.worldErr
}

// Viewer is the open viewer, nil while the list shows.
func (m *ExploreModel) Viewer() *Model { return m.viewer }

// Rows are the seeds explored so far (failing first once finished).
func (m *ExploreModel) Rows() []SeedRow { return m.rows }

// Finished reports whether the sweep is over.
func (m *ExploreModel) Finished() bool { return m.finished }

// View is the progress, the list, or the viewer.
func (m *ExploreModel) View() string {
	if m.viewer != nil {
		return m.viewer.View()
	}
	w := max(m.w, 20)
	fails := 0
	for _, r := range m.rows {
		if !r.OK {
			fails++
		}
	}
	out := []string{fit(m.st.Header.Render("revl-tui")+" "+m.name+" · exploring seeds 1–"+itoa(m.seeds), w)}
	frac := float64(len(m.rows)) / float64(max(m.seeds, 1))
	out = append(out, "", "  "+m.bar.ViewAs(frac)+" "+itoa(len(m.rows))+"/"+itoa(m.seeds),
		"  "+plural(fails, "failing seed", "failing seeds")+" so far", "")
	if m.finished {
		out[3] = "  " + plural(fails, "failing seed", "failing seeds") + " of " + itoa(len(m.rows)) + "; failing first · enter opens the seed, m its minimized vector"
	}
	if m.err != "" {
		out = append(out, m.st.StatusErr.Render("  "+m.err))
	}
	if m.loading != "" {
		out = append(out, m.st.Status.Render("  "+m.loading))
	}
	rows := max(m.h-len(out)-1, 1)
	if m.cur < m.top {
		m.top = m.cur
	}
	if m.cur >= m.top+rows {
		m.top = m.cur - rows + 1
	}
	var list []string
	for i := m.top; i < len(m.rows) && len(list) < rows; i++ {
		list = append(list, m.rowText(i))
	}
	out = append(out, box(list, w, rows)...)
	out = append(out, fit(m.st.Dim.Render("↑/↓ choose · enter open · m minimized · esc (in the viewer) back here · q quit"), w))
	return strings.Join(out, "\n")
}

func (m *ExploreModel) rowText(i int) string {
	r := m.rows[i]
	mark := "  "
	if i == m.cur && m.finished {
		mark = "> "
	}
	if r.OK {
		return m.st.Dim.Render(mark + "ok    seed " + pad(itoa(int(r.Seed)), 4) + "  " + schedule.FormatChoices(r.Choices))
	}
	t := mark + "FAIL  seed " + pad(itoa(int(r.Seed)), 4) + "  " + r.Signature
	if r.Minimized != nil {
		t += "  minimized " + schedule.FormatChoices(r.Minimized)
	}
	if i == m.cur && m.finished {
		return m.st.Selected.Render(t)
	}
	return m.st.Fail.Render(t)
}
