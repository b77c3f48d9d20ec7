package tui

import "github.com/charmbracelet/bubbles/key"

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
		PageNext:   b("pgdn", "a page of decisions on", "pgdown", "J"),
		PagePrev:   b("pgup", "a page of decisions back", "pgup", "K"),
		Start:      b("g/home", "start", "g", "home"),
		End:        b("G/end", "end", "G", "end"),
		LaneUp:     b("↑/k", "fiber above", "up", "k"),
		LaneDown:   b("↓/j", "fiber below", "down", "j"),
		NextEmit:   b("e", "next emission", "e"),
		PrevEmit:   b("E", "previous emission", "E"),
		NextFind:   b("f", "next finding", "f"),
		PrevFind:   b("F", "previous finding", "F"),
		Divergence: b("d", "first divergence", "d"),
		Fork:       b("c", "take another ready atom (what-if)", "c"),
		Unfork:     b("u", "back to the run before the fork", "u"),
		Copy:       b("y", "copy the replay command", "y"),
		Search:     b("/", "search events", "/"),
		NextMatch:  b("n", "next match", "n"),
		PrevMat:    b("N", "previous match", "N"),
		Tab:        b("tab", "next detail pane", "tab"),
		Back:       b("esc", "back to the seed list", "esc"),
		Help:       b("?", "help", "?"),
		Quit:       b("q", "quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the footer, with shorter descriptions than the help
// view's.
func (k KeyMap) ShortHelp() []key.Binding {
	short := func(b key.Binding, desc string) key.Binding {
		nb := key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
		nb.SetEnabled(b.Enabled())
		return nb
	}
	return []key.Binding{short(k.Next, "step"), short(k.Prev, "back"), short(k.NextStmt, "stmt"),
		short(k.Divergence, "divergence"), short(k.Fork, "what-if"), short(k.Copy, "copy"),
		short(k.Search, "search"), short(k.Help, "help"), short(k.Quit, "quit")}
}

// FullHelp is the help view, by column.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.NextStmt, k.PrevStmt, k.PageNext, k.PagePrev, k.Start, k.End},
		{k.NextEmit, k.PrevEmit, k.NextFind, k.PrevFind, k.Divergence, k.LaneUp, k.LaneDown},
		{k.Fork, k.Unfork, k.Copy, k.Search, k.NextMatch, k.PrevMat, k.Tab, k.Back, k.Help, k.Quit},
	}
}
