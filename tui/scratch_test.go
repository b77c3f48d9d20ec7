package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"revl.dev/debug/runtime/seam"
)

func TestScratchPage(t *testing.T) {
	m := benchViewer(t, 50000)
	c := seam.SystemClock{}
	page := tea.KeyMsg{Type: tea.KeyPgDown}
	var tu, tv, tw time.Duration
	misses := 0
	for i := 0; i < 500; i++ {
		t0 := c.Now()
		m.Update(page)
		t1 := c.Now()
		if !m.s.details.has(m.k) {
			misses++
		}
		m.View()
		t2 := c.Now()
		m.s.pre.wait()
		t3 := c.Now()
		tu += t1.Sub(t0)
		tv += t2.Sub(t1)
		tw += t3.Sub(t2)
	}
	t.Logf("update %v view %v wait %v misses %d", tu/500, tv/500, tw/500, misses)
}
