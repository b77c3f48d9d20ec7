package lsp

import (
	"context"
	"sort"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Semantic tokens: every token of the file classified by what it is, not
// just how it looks. Names are classified through the checker (a service,
// a component, a key, a method, ...), so `log` in `emit log.write` shows
// as a key and `write` as an emission method; keywords include the words
// that are keywords only in context (`load`, `with`, ... inside lifecycle
// tests; `assert`, `match` where they start a statement or expression).

var tokenTypes = []protocol.SemanticTokenTypes{
	protocol.SemanticTokenKeyword,    // 0
	protocol.SemanticTokenString,     // 1
	protocol.SemanticTokenNumber,     // 2
	protocol.SemanticTokenComment,    // 3
	protocol.SemanticTokenOperator,   // 4
	protocol.SemanticTokenInterface,  // 5 services
	protocol.SemanticTokenClass,      // 6 components, host classes
	protocol.SemanticTokenMethod,     // 7
	protocol.SemanticTokenFunction,   // 8 fn helpers
	protocol.SemanticTokenType,       // 9
	protocol.SemanticTokenEnumMember, // 10 constructors
	protocol.SemanticTokenProperty,   // 11 keys, config fields
	protocol.SemanticTokenVariable,   // 12 locals
	protocol.SemanticTokenParameter,  // 13
}

const (
	ttKeyword = iota
	ttString
	ttNumber
	ttComment
	ttOperator
	ttInterface
	ttClass
	ttMethod
	ttFunction
	ttType
	ttEnumMember
	ttProperty
	ttVariable
	ttParameter
)

var tokenModifiers = []protocol.SemanticTokenModifiers{
	protocol.SemanticTokenModifierDeclaration,    // bit 0
	protocol.SemanticTokenModifierDefaultLibrary, // bit 1: built-ins
	protocol.SemanticTokenModifierAsync,          // bit 2: async methods
	"emission",                                   // bit 3: emission methods, a revl modifier
	protocol.SemanticTokenModifierReadonly,       // bit 4: let bindings and keys
}

const (
	tmDeclaration = 1 << iota
	tmDefaultLibrary
	tmAsync
	tmEmission
	tmReadonly
)

func semanticLegend() protocol.SemanticTokensLegend {
	return protocol.SemanticTokensLegend{TokenTypes: tokenTypes, TokenModifiers: tokenModifiers}
}

// semToken is one classified token, by byte offsets.
type semToken struct {
	start, end int
	typ, mods  uint32
}

func (s *Server) semanticTokens(_ context.Context, snap *Snapshot, p *protocol.SemanticTokensParams) (any, error) {
	d, err := snap.Document(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	return &protocol.SemanticTokens{Data: encodeTokens(d, classify(d))}, nil
}

func classify(d *Document) []semToken {
	parsed := d.Parse()
	toks, comments, _ := syntax.Scan(d.Path, []byte(d.Text))
	idents := map[int]*syntax.Ident{}
	for _, id := range parsed.Idents() {
		idents[int(id.Start.Offset)] = id
	}
	// Context keywords, found in the tree.
	contextKW := map[int]bool{}
	var harness []syntax.Span // lifecycle and fault test bodies
	syntax.Inspect(parsed.File, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.AssertStmt:
			contextKW[int(n.Start.Offset)] = true
		case *syntax.MatchExpr:
			contextKW[int(n.Start.Offset)] = true
		case *syntax.TestDecl:
			if n.Kind != syntax.PureTest && n.Body != nil {
				harness = append(harness, n.Body.Span)
			}
		}
		return true
	})
	inHarness := func(off int) bool {
		for _, s := range harness {
			if int(s.Start.Offset) <= off && off < int(s.End.Offset) {
				return true
			}
		}
		return false
	}
	var out []semToken
	for _, c := range comments {
		out = append(out, semToken{int(c.Start.Offset), int(c.End.Offset), ttComment, 0})
	}
	var prev syntax.Kind
	for _, t := range toks {
		start, end := t.Pos.Offset, t.End.Offset
		if end <= start {
			continue
		}
		k := t.Kind
		switch {
		case k.IsKeyword():
			out = append(out, semToken{int(start), int(end), ttKeyword, 0})
		case k == syntax.INT || k == syntax.FLOAT || k == syntax.DURATION:
			out = append(out, semToken{int(start), int(end), ttNumber, 0})
		case k >= syntax.STRING && k <= syntax.TMPLTAIL:
			out = append(out, semToken{int(start), int(end), ttString, 0})
		case k.IsOperator():
			switch k {
			case syntax.PERIOD, syntax.COMMA, syntax.COLON, syntax.SEMICOLON, syntax.LPAREN, syntax.RPAREN,
				syntax.LBRACE, syntax.RBRACE, syntax.LBRACK, syntax.RBRACK:
			default:
				out = append(out, semToken{int(start), int(end), ttOperator, 0})
			}
		case k == syntax.IDENT:
			if typ, mods, ok := classifyIdent(parsed, idents[int(start)], t.Lit, prev, contextKW[int(start)], inHarness(int(start))); ok {
				out = append(out, semToken{int(start), int(end), typ, mods})
			}
		}
		prev = k
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

var harnessWords = map[string]bool{"load": true, "unload": true, "call": true, "advance": true, "no_residue": true, "with": true}

func classifyIdent(p *Parsed, id *syntax.Ident, lit string, prev syntax.Kind, contextKW, inHarness bool) (typ, mods uint32, ok bool) {
	if contextKW {
		return ttKeyword, 0, true
	}
	if id == nil {
		// Not a name in the tree: a lifecycle word inside a test body.
		if inHarness && harnessWords[lit] && prev != syntax.PERIOD {
			return ttKeyword, 0, true
		}
		return 0, 0, false
	}
	ref, resolved := p.Program().Uses[id]
	if !resolved {
		if prev == syntax.PERIOD {
			return ttMethod, tmDefaultLibrary, true // a host or value method
		}
		if id.Name == "config" {
			return ttKeyword, 0, true
		}
		return 0, 0, false
	}
	if ref.Def == id {
		mods |= tmDeclaration
	}
	if ref.Builtin() {
		mods |= tmDefaultLibrary
	}
	switch ref.Kind {
	case check.RefService:
		return ttInterface, mods, true
	case check.RefComponent:
		return ttClass, mods, true
	case check.RefHostClass:
		return ttClass, mods, true
	case check.RefMethod:
		if sig, ok := ref.Decl.(*syntax.MethodSig); ok {
			if sig.Emission {
				mods |= tmEmission
			}
			if sig.Async {
				mods |= tmAsync
			}
		}
		return ttMethod, mods, true
	case check.RefFn:
		return ttFunction, mods, true
	case check.RefType:
		return ttType, mods, true
	case check.RefCtor:
		return ttEnumMember, mods, true
	case check.RefKey:
		return ttProperty, mods | tmReadonly, true
	case check.RefConfig:
		return ttKeyword, 0, true
	case check.RefConfigField:
		return ttProperty, mods, true
	case check.RefLocal:
		switch decl := ref.Decl.(type) {
		case *syntax.Param, *syntax.ArrowExpr:
			return ttParameter, mods, true
		case *syntax.LetStmt:
			if !decl.Mutable {
				mods |= tmReadonly
			}
		default:
			mods |= tmReadonly
		}
		return ttVariable, mods, true
	}
	return 0, 0, false
}

// encodeTokens writes tokens in the LSP relative encoding: for each, the
// line delta, the start delta (in UTF-16 units, relative to the previous
// token on the same line), the length, the type and the modifier bits.
func encodeTokens(d *Document, toks []semToken) []uint32 {
	data := make([]uint32, 0, 5*len(toks))
	var line, char uint32
	for _, t := range toks {
		pos := d.Mapper.Position(t.start)
		length := uint32(UTF16Len(d.Text[t.start:t.end]))
		if pos.Line == line {
			data = append(data, 0, pos.Character-char, length, t.typ, t.mods)
		} else {
			data = append(data, pos.Line-line, pos.Character, length, t.typ, t.mods)
		}
		line, char = pos.Line, pos.Character
	}
	return data
}
