package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/sourcegraph/jsonrpc2"
)

// LSP error codes beyond JSON-RPC's own.
const (
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
	codeRequestCancelled     = -32800
)

// requestHandler answers one request. It reads only snap, the snapshot
// current when the request arrived, and must return promptly once ctx is
// cancelled ($/cancelRequest, shutdown, or the connection closing).
type requestHandler func(s *Server, ctx context.Context, snap *Snapshot, params json.RawMessage) (any, error)

// notificationHandler handles one notification, on the connection's read
// loop: messages are handled in the order they arrive, so a request that
// follows a didChange sees the change. Anything slow is sent to the
// background.
type notificationHandler func(s *Server, params json.RawMessage) error

// requests maps each request method to its handler. Dispatch is by name,
// one entry per feature file.
var requests = map[string]requestHandler{
	"shutdown":                         (*Server).shutdownRequest,
	"textDocument/hover":               method((*Server).hover),
	"textDocument/definition":          method((*Server).definition),
	"textDocument/references":          method((*Server).references),
	"textDocument/documentHighlight":   method((*Server).documentHighlight),
	"textDocument/documentSymbol":      method((*Server).documentSymbol),
	"workspace/symbol":                 method((*Server).workspaceSymbol),
	"textDocument/semanticTokens/full": method((*Server).semanticTokens),
	"textDocument/completion":          method((*Server).completion),
	"textDocument/prepareRename":       method((*Server).prepareRename),
	"textDocument/rename":              method((*Server).rename),
	"textDocument/foldingRange":        method((*Server).foldingRange),
	"textDocument/formatting":          method((*Server).formatting),
	"textDocument/codeAction":          method((*Server).codeAction),
	"textDocument/codeLens":            method((*Server).codeLens),
	"workspace/executeCommand":         method((*Server).executeCommand),
}

// quick are the requests whose work is bounded by the declaration at a
// position. Once the version they read is warm, they are answered on the
// read loop, as they arrive: a goroutine of their own would cost more than
// answering does (another thread woken to run it, a stack grown afresh).
// A request that would first have to parse, check or index the version
// still gets its own goroutine, so that it can be cancelled and nothing
// behind it waits.
var quick = map[string]bool{
	"textDocument/hover":      true,
	"textDocument/definition": true,
}

var notifications = map[string]notificationHandler{
	"initialized":                    (*Server).initialized,
	"exit":                           (*Server).exit,
	"$/cancelRequest":                (*Server).cancelRequest,
	"textDocument/didOpen":           notification((*Server).didOpen),
	"textDocument/didChange":         (*Server).didChange,
	"textDocument/didClose":          notification((*Server).didClose),
	"textDocument/didSave":           notification((*Server).didSave),
	"window/workDoneProgress/cancel": (*Server).cancelProgress,
}

// method adapts a handler with typed parameters.
func method[P any](f func(*Server, context.Context, *Snapshot, *P) (any, error)) requestHandler {
	return func(s *Server, ctx context.Context, snap *Snapshot, raw json.RawMessage) (any, error) {
		p := new(P)
		if err := decodeParams(raw, p); err != nil {
			return nil, err
		}
		return f(s, ctx, snap, p)
	}
}

func notification[P any](f func(*Server, *P) error) notificationHandler {
	return func(s *Server, raw json.RawMessage) error {
		p := new(P)
		if err := decodeParams(raw, p); err != nil {
			return err
		}
		return f(s, p)
	}
}

func decodeParams(raw json.RawMessage, p any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "invalid params: missing"}
	}
	if err := json.Unmarshal(raw, p); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "invalid params: " + err.Error()}
	}
	return nil
}

// Handle implements jsonrpc2.Handler. It runs on the connection's read
// loop: notifications are handled right here, in order; each request gets
// the current snapshot here and then runs on its own goroutine, so a slow
// request never holds up the ones behind it and can be cancelled (but for
// a quick one on a warm version, answered here).
func (s *Server) Handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) {
	params := s.st.params(req)
	if req.Notif {
		s.handleNotification(req.Method, params)
		return
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	reply := func(result any, err error) {
		var rpcErr *jsonrpc2.Error
		if err != nil {
			result, rpcErr = nil, toRPCError(err)
		}
		if werr := s.st.respond(req.ID, result, rpcErr); werr != nil && s.lifetime.Err() == nil {
			s.logf("replying to %s #%s: %v", req.Method, req.ID, werr)
		}
	}
	switch {
	case req.Method == "initialize":
		// Answered on the read loop: nothing else may run before it.
		reply(s.initialize(params))
		return
	case state == stateNew:
		reply(nil, &jsonrpc2.Error{Code: codeServerNotInitialized, Message: fmt.Sprintf("%s before initialize: the server is not initialized", req.Method)})
		return
	case req.Method == "shutdown":
		// Also on the read loop, so that its reply is written before an
		// exit that follows closes the connection.
		reply(s.shutdownRequest(s.lifetime, nil, params))
		return
	case state == stateShutdown:
		reply(nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: fmt.Sprintf("%s after shutdown: only exit is accepted now", req.Method)})
		return
	}
	h := requests[req.Method]
	if h == nil {
		reply(nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: fmt.Sprintf("method not found: %s", req.Method)})
		return
	}
	snap := s.snapshot()
	if quick[req.Method] && snap.warm(params) {
		reply(s.run(s.lifetime, req.Method, h, snap, params))
		return
	}
	ctx, cancel := context.WithCancel(s.lifetime)
	s.mu.Lock()
	s.inflight[req.ID] = cancel
	s.mu.Unlock()
	s.goBackground(func() {
		defer func() {
			s.mu.Lock()
			delete(s.inflight, req.ID)
			s.mu.Unlock()
			cancel()
		}()
		result, err := s.run(ctx, req.Method, h, snap, params)
		if ctx.Err() != nil && s.lifetime.Err() == nil {
			// Cancelled by the client: whatever was computed is stale.
			err = &jsonrpc2.Error{Code: codeRequestCancelled, Message: fmt.Sprintf("%s #%s was cancelled", req.Method, req.ID)}
		}
		reply(result, err)
	})
}

// run calls a handler, turning a panic into an InternalError response (with
// the stack in the log) so that one bug in one feature costs one request,
// not the session.
func (s *Server) run(ctx context.Context, name string, h requestHandler, snap *Snapshot, params json.RawMessage) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("panic in %s: %v\n%s", name, r, debug.Stack())
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error in %s: %v", name, r)}
		}
	}()
	return h(s, ctx, snap, params)
}

func (s *Server) handleNotification(method string, params json.RawMessage) {
	h := notifications[method]
	if h == nil {
		// Unknown notifications are dropped, as the specification allows
		// (and asks for `$/` ones).
		s.logf("ignoring notification %s", method)
		return
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	if state == stateNew && method != "exit" {
		s.logf("ignoring %s before initialize", method)
		return
	}
	defer func() {
		if r := recover(); r != nil {
			s.logf("panic in %s: %v\n%s", method, r, debug.Stack())
		}
	}()
	if err := h(s, params); err != nil {
		s.logf("%s: %v", method, err)
	}
}

// cancelRequest handles $/cancelRequest: the request's context is
// cancelled and it answers RequestCancelled (unless it already answered).
func (s *Server) cancelRequest(raw json.RawMessage) error {
	var p struct {
		ID jsonrpc2.ID `json:"id"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	s.mu.Lock()
	cancel := s.inflight[p.ID]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return nil
}

// toRPCError maps a handler error to its response error.
func toRPCError(err error) *jsonrpc2.Error {
	var rpc *jsonrpc2.Error
	var pos *PositionError
	var doc *unknownDocError
	switch {
	case errors.As(err, &rpc):
		return rpc
	case errors.As(err, &pos), errors.As(err, &doc):
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
	case errors.Is(err, context.Canceled):
		return &jsonrpc2.Error{Code: codeRequestCancelled, Message: "request cancelled"}
	}
	return &jsonrpc2.Error{Code: codeRequestFailed, Message: err.Error()}
}

// failf is an error a user caused (renaming a built-in, formatting a file
// that does not parse): RequestFailed with a message for them.
func failf(format string, args ...any) error {
	return &jsonrpc2.Error{Code: codeRequestFailed, Message: fmt.Sprintf(format, args...)}
}
