package lsp

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/syntax"
)

// Mapper converts between the two coordinate systems of one document
// version: byte offsets, which the revl frontend uses (syntax.Pos counts
// bytes), and LSP positions, whose character is a count of UTF-16 code
// units within the line. Any text outside ASCII (a string "日本", an emoji in
// a comment) makes the two differ, so every position that crosses the
// protocol goes through a Mapper, as gopls's protocol.Mapper does.
//
// Line breaks are "\n" (a preceding "\r" belongs to the break, not to the
// line). A byte that is not valid UTF-8 counts as one code unit, as the
// U+FFFD an editor shows for it does.
type Mapper struct {
	text  string
	lines []int // byte offset of the start of each line; the last line may be empty
}

// NewMapper indexes the line starts of text.
func NewMapper(text string) *Mapper {
	lines := make([]int, 1, 1+len(text)/32)
	// strings.IndexByte scans many bytes at a time: every edit indexes
	// the whole new version.
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		lines = append(lines, i)
	}
	return &Mapper{text: text, lines: lines}
}

// LineCount is the number of lines; a text ending in "\n" has an empty
// last line, where the end-of-file position lies.
func (m *Mapper) LineCount() int { return len(m.lines) }

// lineBounds returns the byte range of line l without its line break.
func (m *Mapper) lineBounds(l int) (start, end int) {
	start = m.lines[l]
	if l+1 < len(m.lines) {
		end = m.lines[l+1] - 1 // the '\n'
		if end > start && m.text[end-1] == '\r' {
			end--
		}
	} else {
		end = len(m.text)
	}
	return start, end
}

// PositionError is a position outside the document; handlers turn it
// into an InvalidParams response.
type PositionError struct {
	Pos   protocol.Position
	Lines int
}

func (e *PositionError) Error() string {
	return fmt.Sprintf("position %d:%d is outside the document (it has %d lines, numbered from 0)",
		e.Pos.Line, e.Pos.Character, e.Lines)
}

// Offset converts an LSP position to a byte offset. A line past the end
// of the document is an error; a character past the end of its line means
// the end of the line, as the LSP specification says. A character in the
// middle of a surrogate pair maps to the start of that character.
func (m *Mapper) Offset(p protocol.Position) (int, error) {
	if int(p.Line) >= len(m.lines) {
		return 0, &PositionError{Pos: p, Lines: len(m.lines)}
	}
	start, end := m.lineBounds(int(p.Line))
	units := 0
	for i := start; i < end; {
		if units >= int(p.Character) {
			return i, nil
		}
		r, size := utf8.DecodeRuneInString(m.text[i:end])
		n := utf16Len(r)
		if units+n > int(p.Character) {
			return i, nil // inside a surrogate pair
		}
		units += n
		i += size
	}
	return end, nil
}

// Position converts a byte offset to an LSP position. Offsets are clamped
// to the text, and an offset inside a multi-byte character maps to the
// start of that character.
func (m *Mapper) Position(off int) protocol.Position {
	off = max(0, min(off, len(m.text)))
	l := sort.Search(len(m.lines), func(i int) bool { return m.lines[i] > off }) - 1
	start, end := m.lineBounds(l)
	if off > end {
		off = end // inside the "\r\n"
	}
	units := 0
	for i := start; i < off; {
		r, size := utf8.DecodeRuneInString(m.text[i:end])
		if i+size > off {
			break
		}
		units += utf16Len(r)
		i += size
	}
	return protocol.Position{Line: uint32(l), Character: uint32(units)}
}

// Range converts the byte range [start, end) to an LSP range.
func (m *Mapper) Range(start, end int) protocol.Range {
	return protocol.Range{Start: m.Position(start), End: m.Position(end)}
}

// SpanRange converts a syntax span. Only offsets are read: they are exact,
// and the frontend's byte columns would need the line's text anyway.
func (m *Mapper) SpanRange(s syntax.Span) protocol.Range {
	return m.Range(int(s.Start.Offset), int(s.End.Offset))
}

// Offsets converts an LSP range to byte offsets.
func (m *Mapper) Offsets(r protocol.Range) (start, end int, err error) {
	if start, err = m.Offset(r.Start); err != nil {
		return 0, 0, err
	}
	if end, err = m.Offset(r.End); err != nil {
		return 0, 0, err
	}
	if end < start {
		return 0, 0, fmt.Errorf("range %d:%d-%d:%d ends before it starts", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
	}
	return start, end, nil
}

// UTF16Len is the length of s in UTF-16 code units.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Len(r)
	}
	return n
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}
