package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"
)

// The golden tests run the viewer in a teatest program with a pinned
// terminal size and the Ascii colour profile (what NO_COLOR gives), send
// it keys, and compare the final model's View with testdata/<test>.golden
// (go test ./tui -run Golden -update rewrites them). The final View is a
// function of the model alone, so the goldens do not depend on how the
// renderer's frames were timed.

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

const finalTimeout = 20 * time.Second

// run starts model in a w×h teatest program, sends msgs in order, quits
// and returns the final model.
func run(t *testing.T, model tea.Model, w, h int, msgs ...tea.Msg) tea.Model {
	t.Helper()
	tm := teatest.NewTestModel(t, model, teatest.WithInitialTermSize(w, h))
	for _, msg := range msgs {
		tm.Send(msg)
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	return tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout))
}

// keys turns key names into key messages: "right", "pgdown", "enter",
// "esc", "tab", "home", "end", "up", "down", or runes typed as they are.
func keys(names ...string) []tea.Msg {
	special := map[string]tea.KeyType{"right": tea.KeyRight, "left": tea.KeyLeft, "up": tea.KeyUp, "down": tea.KeyDown,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd, "enter": tea.KeyEnter,
		"esc": tea.KeyEsc, "tab": tea.KeyTab, "backspace": tea.KeyBackspace}
	var out []tea.Msg
	for _, n := range names {
		if k, ok := special[n]; ok {
			out = append(out, tea.KeyMsg{Type: k})
			continue
		}
		for _, r := range n {
			out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	return out
}

func view(t *testing.T, m tea.Model) string {
	t.Helper()
	v := m.View()
	if strings.Contains(v, "\x1b[") {
		t.Errorf("the Ascii profile's view has escape sequences:\n%q", v)
	}
	return v
}

func seed3(t *testing.T) *Session {
	return example(t, "two-consumers.rvl", Schedule{Seeded: true, Seed: 3})
}

func TestGoldenOpening(t *testing.T) {
	m := run(t, New(seed3(t), Options{}), 80, 24)
	golden.RequireEqual(t, []byte(view(t, m)))
}

func TestGoldenOpeningWide(t *testing.T) {
	m := run(t, New(seed3(t), Options{}), 140, 36)
	golden.RequireEqual(t, []byte(view(t, m)))
}

func TestGoldenHelp(t *testing.T) {
	m := run(t, New(seed3(t), Options{}), 80, 24, keys("?")...)
	v := view(t, m)
	for _, want := range []string{"next decision", "next statement", "first divergence", "copy the replay command", "search events"} {
		if !strings.Contains(v, want) {
			t.Errorf("the help view lacks %q", want)
		}
	}
	golden.RequireEqual(t, []byte(v))
}

// TestGoldenPanes renders each pane on its own at the cursor after a
// statement step into decision 3 (A's activation).
func TestGoldenPanes(t *testing.T) {
	fm := run(t, New(seed3(t), Options{}), 100, 30, keys("right", "right", ".")...).(*Model)
	if k, ev, _ := fm.Cursor(); k != 3 || ev < 0 {
		t.Fatalf("cursor at decision %d event %d, want a statement of decision 3", k, ev)
	}
	panes := map[string]interface {
		SetSize(int, int)
		View(*Model) []string
	}{"timeline": &fm.timeline, "ready": &fm.ready, "fiber": &fm.fiber, "emissions": &fm.emissions,
		"residue": &fm.residue, "source": &fm.source, "events": &fm.events}
	for _, name := range []string{"timeline", "ready", "fiber", "emissions", "residue", "source", "events"} {
		t.Run(name, func(t *testing.T) {
			p := panes[name]
			if name != "timeline" {
				p.SetSize(60, 12)
			}
			golden.RequireEqual(t, []byte(strings.Join(p.View(fm), "\n")))
		})
	}
}

// TestGoldenKeys presses each key (after the keys it needs first) from
// the opening screen.
func TestGoldenKeys(t *testing.T) {
	cases := []struct {
		name string
		keys []string
	}{
		{"next", []string{"right"}},
		{"prev", []string{"left"}},
		{"next_l", []string{"l"}},
		{"prev_h", []string{"h"}},
		{"stmt_next", []string{"."}},
		{"stmt_prev", []string{"right", "right", ".", ","}},
		{"start", []string{"g"}},
		{"end", []string{"G"}},
		{"home", []string{"end", "home"}},
		{"page_next", []string{"pgdown"}},
		{"page_prev", []string{"end", "pgup"}},
		{"lane_up", []string{"up"}},
		{"lane_down", []string{"g", "down"}},
		{"next_emission", []string{"e"}},
		{"prev_emission", []string{"end", "E"}},
		{"next_finding", []string{"g", "f"}},
		{"prev_finding", []string{"end", "F"}},
		{"divergence", []string{"end", "d"}},
		{"fork", []string{"c"}},
		{"unfork", []string{"c", "u"}},
		{"fork_single", []string{"g", "c"}},
		{"copy", []string{"y"}},
		{"search", []string{"/", "withdraw", "enter"}},
		{"search_next", []string{"g", "/", "emission", "enter", "n"}},
		{"search_prev", []string{"end", "/", "emission", "enter", "N"}},
		{"search_typing", []string{"/", "emi"}},
		{"search_cancel", []string{"/", "x", "esc"}},
		{"tab_source", []string{"tab"}},
		{"tab_events", []string{"tab", "tab"}},
		{"tab_residue", []string{"tab", "tab", "tab"}},
		{"help_closes", []string{"?", "right"}},
		{"esc_without_list", []string{"esc"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := run(t, New(seed3(t), Options{}), 80, 24, keys(c.keys...)...)
			golden.RequireEqual(t, []byte(view(t, m)))
		})
	}
}

func TestGoldenResize(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{80, 24}, {100, 30}, {60, 18}, {140, 40}} {
		t.Run(itoa(sz.w)+"x"+itoa(sz.h), func(t *testing.T) {
			// Start at another size and resize to this one.
			m := run(t, New(seed3(t), Options{}), 120, 50, tea.WindowSizeMsg{Width: sz.w, Height: sz.h})
			v := view(t, m)
			lines := strings.Split(v, "\n")
			if len(lines) != sz.h {
				t.Errorf("%d lines, want %d", len(lines), sz.h)
			}
			for i, l := range lines {
				if w := lipgloss.Width(l); w > sz.w {
					t.Errorf("line %d is %d cells wide, more than %d: %q", i, w, sz.w, l)
				}
			}
			golden.RequireEqual(t, []byte(v))
		})
	}
}
