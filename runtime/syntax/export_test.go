package syntax

// ParseJoined is ParseFile, and whether the file was parsed in chunks
// that were joined (for the external tests).
func ParseJoined(filename string, src []byte) (*File, []Diagnostic, bool) {
	f, diags, p := parse(filename, src)
	return f, diags, p.chunk.pos.Offset > 0
}
