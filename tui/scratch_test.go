package tui

import (
	"fmt"
	"os"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

func TestScratchView(t *testing.T) {
	lipgloss.SetColorProfile(termenv.Ascii)
	src, _ := os.ReadFile("../examples/two-consumers.rvl")
	s, diags, err := LoadProgram("examples/two-consumers.rvl", src, Schedule{Seeded: true, Seed: 3}, LoadOptions{})
	if err != nil || diags != nil {
		t.Fatal(err, diags)
	}
	m := New(s, Options{})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	fmt.Println(m.View())
	m.Update(tea.KeyMsg{Type: tea.KeyTab})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'.'}})
	fmt.Println(m.View())
	m.Update(tea.WindowSizeMsg{Width: 130, Height: 30})
	fmt.Println(m.View())
}
