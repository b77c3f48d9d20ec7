package syntax

// parseType parses a named type `T`, a generic application `List[T]`,
// `Map[K, V]`, a record type `{ f: T, ... }`, each with any number of `?`
// suffixes (`T?` is OptionalType). msg says what was expected when no
// type starts here.
func (p *parser) parseType(msg string) TypeExpr {
	if !p.nest() {
		return &BadType{Span: p.here()}
	}
	defer p.unnest()
	start := p.tok.Pos
	var t TypeExpr
	switch p.tok.Kind {
	case IDENT:
		name := p.ident()
		nt := p.named.new()
		nt.Span, nt.Name = name.Span, name
		if p.tok.Kind == LBRACK && !p.tok.NewlineBefore {
			open := p.tok.Pos
			p.next()
			p.list(RBRACK, open, "type arguments", func() {
				nt.Args = append(nt.Args, p.parseType("expected type argument"))
			})
			nt.Span = p.spanFrom(start)
		}
		t = nt
	case LBRACE:
		t = p.parseRecordType()
	default:
		p.errorExpected(msg)
		return &BadType{Span: p.here()}
	}
	for {
		switch p.tok.Kind {
		case QUESTION:
			p.next()
			t = &OptionalType{Span: p.spanFrom(start), Elem: t}
		case QQ: // `T??` scans as one token: two optional suffixes
			q := p.tok.Pos
			p.next()
			inner := &OptionalType{Span: Span{start, Pos{Offset: q.Offset + 1, Line: q.Line, Col: q.Col + 1}}, Elem: t}
			t = &OptionalType{Span: p.spanFrom(start), Elem: inner}
		default:
			return t
		}
	}
}

// parseRecordType parses `{ f: T, ... }`; the current token is `{`.
func (p *parser) parseRecordType() *RecordType {
	open := p.tok.Pos
	p.next()
	r := &RecordType{}
	p.fieldList(open, true, "record type", func() {
		name := p.fieldName("field")
		if name == nil {
			return
		}
		f := &FieldType{Name: name}
		if p.expectf(COLON, "expected ':' after field '%s'", name.Name) {
			f.Type = p.parseType(msgUnless(p.tok.Kind == IDENT || p.tok.Kind == LBRACE, "expected type for field '%s'", name.Name))
		} else {
			f.Type = &BadType{Span: p.here()}
		}
		f.Span = p.spanFrom(name.Start)
		r.Fields = append(r.Fields, f)
	})
	r.Span = p.spanFrom(open)
	return r
}

// parseTypeRHS parses the right side of `type X =`: a union when it
// starts with `|`, or with a name followed by `(` or `|`; any type
// otherwise.
func (p *parser) parseTypeRHS() TypeExpr {
	if p.tok.Kind == PIPE || p.tok.Kind == IDENT && (p.peek(1).Kind == LPAREN || p.peek(1).Kind == PIPE) {
		return p.parseUnion()
	}
	return p.parseType("expected type after '='")
}

// parseUnion parses `[|] A(T) | B | C(T, U)`.
func (p *parser) parseUnion() TypeExpr {
	start := p.tok.Pos
	u := &UnionType{}
	p.got(PIPE)
	for {
		if p.tok.Kind != IDENT {
			p.errorExpected("expected variant name")
			break
		}
		name := p.ident()
		v := &Variant{Name: name}
		if p.tok.Kind == LPAREN && !p.tok.NewlineBefore {
			open := p.tok.Pos
			p.next()
			p.list(RPAREN, open, "variant payload", func() {
				v.Fields = append(v.Fields, p.parseType("expected payload type"))
			}, PIPE)
		}
		v.Span = p.spanFrom(name.Start)
		u.Variants = append(u.Variants, v)
		if !p.got(PIPE) {
			break
		}
	}
	u.Span = p.spanFrom(start)
	return u
}
