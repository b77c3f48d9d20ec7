package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

func TestMapper(t *testing.T) {
	// Line 0: "a🎉b" — the emoji is 4 bytes and 2 UTF-16 units.
	// Line 1: "é\r" then "\n" — CRLF; é is 2 bytes, 1 unit.
	// Line 2: "x\xffy" — an invalid byte counts as one unit.
	// Line 3: empty, after the final newline.
	text := "a🎉b\né\r\nx\xffy\n"
	m := NewMapper(text)
	if m.LineCount() != 4 {
		t.Fatalf("LineCount = %d", m.LineCount())
	}
	cases := []struct {
		off  int
		pos  protocol.Position
		back int // Offset(pos), when it differs from off
	}{
		{0, protocol.Position{Line: 0, Character: 0}, -1},
		{1, protocol.Position{Line: 0, Character: 1}, -1},
		{3, protocol.Position{Line: 0, Character: 1}, 1}, // inside the emoji
		{5, protocol.Position{Line: 0, Character: 3}, -1},
		{6, protocol.Position{Line: 0, Character: 4}, -1}, // the '\n'
		{7, protocol.Position{Line: 1, Character: 0}, -1},
		{9, protocol.Position{Line: 1, Character: 1}, -1}, // the '\r' belongs to the break
		{10, protocol.Position{Line: 1, Character: 1}, 9}, // the '\n'
		{13, protocol.Position{Line: 2, Character: 2}, -1},
		{15, protocol.Position{Line: 3, Character: 0}, -1},
		{99, protocol.Position{Line: 3, Character: 0}, 15},
	}
	for _, c := range cases {
		if got := m.Position(c.off); got != c.pos {
			t.Errorf("Position(%d) = %v, want %v", c.off, got, c.pos)
		}
		back := c.back
		if back < 0 {
			back = c.off
		}
		if got, err := m.Offset(c.pos); err != nil || got != back {
			t.Errorf("Offset(%v) = %d, %v; want %d", c.pos, got, err, back)
		}
	}
	// Inside the surrogate pair: the start of the emoji.
	if got, _ := m.Offset(protocol.Position{Line: 0, Character: 2}); got != 1 {
		t.Errorf("Offset(0:2) = %d, want 1", got)
	}
	// Past the end of a line: the end of that line.
	if got, _ := m.Offset(protocol.Position{Line: 1, Character: 40}); got != 9 {
		t.Errorf("Offset(1:40) = %d, want 9", got)
	}
	if _, err := m.Offset(protocol.Position{Line: 4, Character: 0}); err == nil {
		t.Error("Offset past the last line: no error")
	}
	if n := UTF16Len("a🎉é"); n != 4 {
		t.Errorf("UTF16Len = %d", n)
	}
}

func TestMinimalEdits(t *testing.T) {
	d := newDocument("file:///x.rvl", 1, "a\nb\nc\nd\n")
	edits := minimalEdits(d, "a\nB\nC\nd\n")
	if len(edits) != 1 || edits[0].NewText != "B\nC\n" ||
		edits[0].Range != (protocol.Range{Start: protocol.Position{Line: 1}, End: protocol.Position{Line: 3}}) {
		t.Errorf("edits = %+v", edits)
	}
	if e := minimalEdits(d, d.Text); len(e) != 0 {
		t.Errorf("no change gave %+v", e)
	}
}
