package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"go.lsp.dev/protocol"
)

// progress reports one long operation through $/progress (LSP work done
// progress): begin, reports, end. The token is the client's, from a
// request's workDoneToken, or one the server asks the client to create
// with window/workDoneProgress/create when the client said it supports
// that. Without either, every method is a no-op. A client may cancel the
// operation with window/workDoneProgress/cancel.
type progress struct {
	s     *Server
	token *protocol.ProgressToken
	mu    sync.Mutex
	last  int // the percentage last reported
	ended bool
}

func (s *Server) beginProgress(ctx context.Context, token *protocol.ProgressToken, title string, cancel context.CancelFunc) *progress {
	p := &progress{s: s, token: token, last: -1}
	if p.token == nil {
		s.mu.Lock()
		supported := s.caps.workDoneProgress
		s.tokenSeq++
		seq := s.tokenSeq
		s.mu.Unlock()
		conn := s.connection()
		if !supported || conn == nil {
			return p
		}
		t := protocol.NewProgressToken(fmt.Sprintf("revl-schedules-%d", seq))
		if err := conn.Call(ctx, "window/workDoneProgress/create", &protocol.WorkDoneProgressCreateParams{Token: *t}, nil); err != nil {
			s.logf("window/workDoneProgress/create: %v", err)
			return p
		}
		p.token = t
	}
	s.mu.Lock()
	s.progress[p.token.String()] = cancel
	s.mu.Unlock()
	s.notify("$/progress", &protocol.ProgressParams{Token: *p.token, Value: &protocol.WorkDoneProgressBegin{
		Kind: protocol.WorkDoneProgressKindBegin, Title: title, Cancellable: true, Percentage: 0,
	}})
	return p
}

// report sends a progress report when the percentage moved by at least
// five points, so a fast sweep does not flood the client.
func (p *progress) report(message string, percentage int) {
	if p.token == nil {
		return
	}
	p.mu.Lock()
	if p.ended || percentage < p.last+5 && percentage < 100 {
		p.mu.Unlock()
		return
	}
	p.last = percentage
	p.mu.Unlock()
	p.s.notify("$/progress", &protocol.ProgressParams{Token: *p.token, Value: &protocol.WorkDoneProgressReport{
		Kind: protocol.WorkDoneProgressKindReport, Message: message, Percentage: uint32(percentage), Cancellable: true,
	}})
}

func (p *progress) end(message string) {
	if p.token == nil {
		return
	}
	p.mu.Lock()
	if p.ended {
		p.mu.Unlock()
		return
	}
	p.ended = true
	p.mu.Unlock()
	p.s.mu.Lock()
	delete(p.s.progress, p.token.String())
	p.s.mu.Unlock()
	p.s.notify("$/progress", &protocol.ProgressParams{Token: *p.token, Value: &protocol.WorkDoneProgressEnd{
		Kind: protocol.WorkDoneProgressKindEnd, Message: message,
	}})
}

// cancelProgress handles window/workDoneProgress/cancel.
func (s *Server) cancelProgress(raw json.RawMessage) error {
	var p protocol.WorkDoneProgressCancelParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	s.mu.Lock()
	cancel := s.progress[p.Token.String()]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return nil
}
