package tui

import (
	"io"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Options configure a viewer.
type Options struct {
	// Keys and Styles default to DefaultKeyMap and DefaultStyles.
	Keys   *KeyMap
	Styles *Styles
	// Clipboard receives the OSC 52 sequence that `y` sends to copy the
	// replay command (the terminal's output, normally); nil copies
	// nothing, and the command is shown in the status line either way.
	Clipboard io.Writer
	// CanGoBack makes esc send BackMsg (the explore list uses it).
	CanGoBack bool
}

// Model is the viewer of one session: a timeline pane on top, detail
// panes below, a status line and the key help.
type Model struct {
	s     *Session
	stack []*Session // the runs a what-if fork came from, newest last

	keys   KeyMap
	st     Styles
	help   help.Model
	input  textinput.Model
	clip   io.Writer
	goBack bool

	w, h  int
	geo   geometry
	pc    map[*lipgloss.Style][2]string // paint's escapes, by style
	top   topLines                      // the header and banner
	foot  string                        // the footer, for width footW
	footW int

	timeline  timelinePane
	ready     readyPane
	fiber     fiberPane
	emissions emissionsPane
	residue   residuePane
	source    sourcePane
	events    eventsPane

	k       int // the decision at the cursor
	ev      int // the event of decision k at the cursor, -1 for the decision as a whole
	lane    int // the fiber under the cursor
	laneTop int // first lane shown
	left    int // first decision shown
	tab     int // the narrow layout's switchable pane

	showHelp  bool
	searching bool
	query     string
	status    string
	statusErr bool
}

// BackMsg asks the explore list to take over again.
type BackMsg struct{}

// New makes a viewer of s, with the cursor at the first divergence (or
// the first finding, or the start).
func New(s *Session, opts Options) *Model {
	m := &Model{s: s, keys: DefaultKeyMap(), st: DefaultStyles(), help: help.New(), clip: opts.Clipboard,
		goBack: opts.CanGoBack, w: 80, h: 24}
	if opts.Keys != nil {
		m.keys = *opts.Keys
	}
	if opts.Styles != nil {
		m.st = *opts.Styles
	}
	m.keys.Back.SetEnabled(opts.CanGoBack)
	m.help.ShortSeparator = "  "
	m.input = textinput.New()
	m.input.Prompt = "/"
	m.input.Placeholder = "text in an event line"
	m.input.CharLimit = 200
	m.s = s
	m.layout()
	m.open(s)
	return m
}

// open moves the viewer to session s and puts the cursor where the story
// is.
func (m *Model) open(s *Session) {
	m.s = s
	m.laneTop, m.left = 0, 0
	switch {
	case s.ForkedAt >= 0:
		m.goTo(s.ForkedAt)
	case s.Divergence() != nil && s.Divergence().Got != nil:
		m.goTo(s.Divergence().Got.Decision)
		m.say("at the first divergence; ← steps back to before it, y copies the replay command")
	case len(s.Findings()) > 0:
		m.goTo(s.Findings()[0].Decision)
		m.say(s.Findings()[0].Text)
	default:
		m.goTo(0)
		m.status = ""
	}
}

// Session is the run being viewed.
func (m *Model) Session() *Session { return m.s }

// Cursor is the decision and the event index at the cursor (-1: the
// decision as a whole) and the lane under it.
func (m *Model) Cursor() (decision, event, lane int) { return m.k, m.ev, m.lane }

// Status is the status line's text.
func (m *Model) Status() string { return m.status }

// Init starts nothing: the session is loaded already.
func (m *Model) Init() tea.Cmd { return nil }

func (m *Model) say(s string) { m.status, m.statusErr = s, false }

func (m *Model) fail(s string) { m.status, m.statusErr = s, true }
