package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
)

// KeyMap is every key of the viewer. ShortHelp and FullHelp make it a
// help.KeyMap: the footer shows the short form, `?` the full one.
type KeyMap struct {
	Next, Prev         key.Binding // by decision
	NextStmt, PrevStmt key.Binding // by statement
	PageNext, PagePrev key.Binding
	Start, End         key.Binding
	LaneUp, LaneDown   key.Binding
	NextEmit, PrevEmit key.Binding
	NextFind, PrevFind key.Binding
	Divergence         key.Binding
	Fork, Unfork       key.Binding
	Copy               key.Binding
	Search             key.Binding
	NextMatch, PrevMat key.Binding
	Tab                key.Binding
	Back               key.Binding
	Help               key.Binding
	Quit               key.Binding
}

// DefaultKeyMap is the viewer's key map.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Next:       b("→/l", "next decision", "right", "l"),
		Prev:       b("←/h", "previous decision", "left", "h"),
		NextStmt:   b(".", "next statement", "."),
		PrevStmt:   b(",", "previous statement", ","),
		PageNext:   b("pgdn/J", "a page forward", "pgdown", "J"),
		PagePrev:   b("pgup/K", "a page back", "pgup", "K"),
		Start:      b("g/home", "start", "g", "home"),
		End:        b("G/end", "end", "G", "end"),
		LaneUp:     b("↑/k", "fiber above", "up", "k"),
		LaneDown:   b("↓/j", "fiber below", "down", "j"),
		NextEmit:   b("e", "next emission", "e"),
		PrevEmit:   b("E", "previous emission", "E"),
		NextFind:   b("f", "next finding", "f"),
		PrevFind:   b("F", "previous finding", "F"),
		Divergence: b("d", "first divergence", "d"),
		Fork:       b("c", "what-if: take another atom", "c"),
		Unfork:     b("u", "undo the what-if", "u"),
		Copy:       b("y", "copy the replay command", "y"),
		Search:     b("/", "search events", "/"),
		NextMatch:  b("n", "next match", "n"),
		PrevMat:    b("N", "previous match", "N"),
		Tab:        b("tab", "switch the detail pane", "tab"),
		Back:       b("esc", "back to the seeds", "esc"),
		Help:       b("?", "help", "?"),
		Quit:       b("q", "quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the footer, with shorter descriptions than the help
// view's.
func (k KeyMap) ShortHelp() []key.Binding {
	short := func(b key.Binding, desc string) key.Binding {
		label := b.Help().Key
		if i := strings.Index(label, "/"); i > 0 {
			label = label[:i]
		}
		nb := key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(label, desc))
		nb.SetEnabled(b.Enabled())
		return nb
	}
	return []key.Binding{short(k.Next, "step"), short(k.Prev, "back"), short(k.NextStmt, "stmt"),
		short(k.Divergence, "divergence"), short(k.Copy, "copy"), short(k.Fork, "what-if"),
		short(k.Search, "find"), short(k.Help, "help"), short(k.Quit, "quit")}
}

// FullHelp is the help view, by column: moving, then jumping and acting.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.NextStmt, k.PrevStmt, k.PageNext, k.PagePrev, k.Start, k.End, k.LaneUp, k.LaneDown, k.Tab, k.Help, k.Quit},
		{k.NextEmit, k.PrevEmit, k.NextFind, k.PrevFind, k.Divergence, k.Fork, k.Unfork, k.Copy, k.Search, k.NextMatch, k.PrevMat, k.Back},
	}
}
