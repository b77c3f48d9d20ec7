package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/sourcegraph/jsonrpc2"

	"revl.dev/debug/internal/wire"
)

// stream is the LSP base protocol on a byte stream: messages framed by a
// Content-Length header, as jsonrpc2.VSCodeObjectCodec writes them.
//
// Writing uses VSCodeObjectCodec itself. Reading is done here because the
// library codec hands a malformed body to the connection as a read error,
// and jsonrpc2.Conn closes the connection on any read error: one bad
// message from an editor plugin would kill the server. This reader instead
// answers a message that is not JSON with a Parse error (-32700) and one
// that is JSON but not a JSON-RPC request or response with an Invalid
// Request error (-32600), as JSON-RPC 2.0 requires, and reads on. Only a
// broken frame (a header without a length, a body cut short by the end of
// the input) ends the stream, since nothing after it can be trusted to be
// a message boundary.
//
// Frames are read by package wire, which bounds them: a message larger
// than the server's limit (Options.MaxMessage, default DefaultMaxMessage)
// is answered with an Invalid Request error and skipped, and a header line
// or block that is too long, a header without Content-Length and a
// negative or non-numeric length end the stream with an error that Serve
// returns (revl-lsp prints it on stderr).
type stream struct {
	r     *wire.Reader
	w     io.Writer
	close io.Closer
	logf  func(format string, args ...any)
	// frameErr, when set, also receives the framing errors the stream
	// survives (those that end it, Serve returns).
	frameErr func(error)

	mu sync.Mutex // one message written at a time: the Conn and our error replies

	errMu sync.Mutex
	err   error // the framing error that ended the stream
}

func newStream(rwc io.ReadWriteCloser, max int64, logf func(string, ...any)) *stream {
	return &stream{r: wire.NewReader(rwc, max), w: rwc, close: rwc, logf: logf}
}

// broken returns the framing error that ended the stream, if one did.
func (s *stream) broken() error {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	return s.err
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *stream) WriteObject(obj any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return jsonrpc2.VSCodeObjectCodec{}.WriteObject(s.w, obj)
}

// Close implements jsonrpc2.ObjectStream.
func (s *stream) Close() error { return s.close.Close() }

// ReadObject implements jsonrpc2.ObjectStream: it returns the next valid
// message, replying to invalid ones itself.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.r.Read()
		var fe *wire.Error
		if errors.As(err, &fe) {
			s.logf("%v", err)
			if fe.Recoverable {
				if s.frameErr != nil {
					s.frameErr(err)
				}
				// The length was known and the body is skipped: answer
				// (the id is in the body we will not read) and read on.
				if err := s.replyError(nil, jsonrpc2.CodeInvalidRequest, "invalid request: "+fe.Msg); err != nil {
					return err
				}
				continue
			}
			s.errMu.Lock()
			s.err = err
			s.errMu.Unlock()
		}
		if err != nil {
			return err
		}
		code, msg, id := validate(body)
		if code == 0 {
			if err := json.Unmarshal(body, v); err == nil {
				return nil
			} else {
				code, msg = jsonrpc2.CodeInvalidRequest, "invalid request: "+err.Error()
			}
		}
		s.logf("rejecting a malformed message (%s): %.200s", msg, body)
		if err := s.replyError(id, code, msg); err != nil {
			return err
		}
	}
}

// validate checks that body is one JSON-RPC 2.0 message. It returns 0 for
// a valid one, else the error code, a message and the request id when one
// could be read (nil means JSON null, as the specification asks for a
// request whose id is unknown).
func validate(body []byte) (code int64, msg string, id json.RawMessage) {
	trimmed := bytes.TrimSpace(body)
	if !json.Valid(trimmed) {
		return jsonrpc2.CodeParseError, "parse error: the message is not valid JSON", nil
	}
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return jsonrpc2.CodeInvalidRequest, "invalid request: expected a JSON object (batches are not used by LSP)", nil
	}
	var m struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  json.RawMessage `json:"method"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(trimmed, &m); err != nil {
		return jsonrpc2.CodeInvalidRequest, "invalid request: " + err.Error(), nil
	}
	if validID(m.ID) {
		id = m.ID
	}
	switch {
	case m.JSONRPC == nil || *m.JSONRPC != "2.0":
		return jsonrpc2.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`, id
	case m.Method != nil:
		var method string
		if json.Unmarshal(m.Method, &method) != nil || method == "" {
			return jsonrpc2.CodeInvalidRequest, `invalid request: "method" must be a non-empty string`, id
		}
		if m.ID != nil && !validID(m.ID) {
			return jsonrpc2.CodeInvalidRequest, `invalid request: "id" must be a non-negative integer or a string`, nil
		}
	case m.Result == nil && m.Error == nil:
		return jsonrpc2.CodeInvalidRequest, `invalid request: a message needs "method" (a request) or "result"/"error" (a response)`, id
	}
	return 0, "", nil
}

// validID reports whether raw is an id the connection can represent.
func validID(raw json.RawMessage) bool {
	if raw == nil {
		return false
	}
	var n uint64
	if json.Unmarshal(raw, &n) == nil {
		return true
	}
	var s string
	return json.Unmarshal(raw, &s) == nil
}

func (s *stream) replyError(id json.RawMessage, code int64, msg string) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	resp := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc2.Error  `json:"error"`
	}{"2.0", id, jsonrpc2.Error{Code: code, Message: msg}}
	return s.WriteObject(resp)
}
