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
// Frames are written by wire.Writer, in one piece, where VSCodeObjectCodec
// writes the header and the body apart. Reading is done here because the
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
// A message is decoded once, here. jsonrpc2.Request's decoder turns a
// request's params into generic maps and encodes them again (the didOpen
// of a 10,000-line file takes three times as long from its frame to its
// handler so: BenchmarkReceive), so the connection is handed the request
// without its params, and the server takes them as they came (params). The library
// calls its handler on the goroutine that reads, right after each read,
// which is what makes one slot enough. Responses to requests are written
// here too (respond), for the same reason, in one encoding of the result.
//
// Frames are read by package wire, which bounds them: a message larger
// than the server's limit (Options.MaxMessage, default DefaultMaxMessage)
// is answered with an Invalid Request error and skipped, and a header line
// or block that is too long, a header without Content-Length and a
// negative or non-numeric length end the stream with an error that Serve
// returns (revl-lsp prints it on stderr).
type stream struct {
	r     *wire.Reader
	close io.Closer
	logf  func(format string, args ...any)
	// frameErr, when set, also receives the framing errors the stream
	// survives (those that end it, Serve returns).
	frameErr func(error)

	// The request ReadObject returned last: its method and its params as
	// they came (nil when it had none). Only the reading goroutine uses
	// them.
	lastMethod string
	lastParams json.RawMessage

	mu sync.Mutex // one message written at a time (the Conn's, our replies); guards w
	w  *wire.Writer

	errMu sync.Mutex
	err   error // the framing error that ended the stream
}

func newStream(rwc io.ReadWriteCloser, max int64, logf func(string, ...any)) *stream {
	return &stream{r: wire.NewReader(rwc, max), w: wire.NewWriter(rwc), close: rwc, logf: logf}
}

// broken returns the framing error that ended the stream, if one did.
func (s *stream) broken() error {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	return s.err
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *stream) WriteObject(obj any) error {
	body, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(body)
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
		env, code, msg, id := validate(body)
		if code == 0 {
			if env.Method != nil {
				// A request or a notification: the connection gets it
				// without its params, which wait in the slot.
				s.lastMethod, s.lastParams = env.method, env.Params
				body = append(append([]byte(`{"jsonrpc":"2.0","method":`), env.Method...), '}')
				if env.ID != nil {
					body = append(append(append(body[:len(body)-1], `,"id":`...), env.ID...), '}')
				}
			}
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

// params returns the params of req, the request ReadObject returned last,
// and forgets them; nil when it had none. It must be called on the
// goroutine that reads, before the next read.
func (s *stream) params(req *jsonrpc2.Request) json.RawMessage {
	p := s.lastParams
	if req.Method != s.lastMethod {
		// Not the request last read: a change in how the connection
		// calls its handler. Its own decode of the params is all there is.
		s.logf("the params of %s were not the last read (%s)", req.Method, s.lastMethod)
		p = nil
		if req.Params != nil {
			p = *req.Params
		}
	}
	s.lastMethod, s.lastParams = "", nil
	return p
}

// envelope is the JSON-RPC members of a message, kept as they came.
type envelope struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`

	method string // Method, decoded
}

// validate checks that body is one JSON-RPC 2.0 message, decoding it in
// one pass. It returns code 0 for a valid one, else the error code, a
// message and the request id when one could be read (nil means JSON
// null, as the specification asks for a request whose id is unknown).
func validate(body []byte) (env envelope, code int64, msg string, id json.RawMessage) {
	trimmed := bytes.TrimSpace(body)
	if err := json.Unmarshal(trimmed, &env); err != nil {
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &syntaxErr):
			return env, jsonrpc2.CodeParseError, "parse error: the message is not valid JSON", nil
		case len(trimmed) == 0 || trimmed[0] != '{':
			return env, jsonrpc2.CodeInvalidRequest, "invalid request: expected a JSON object (batches are not used by LSP)", nil
		}
		return env, jsonrpc2.CodeInvalidRequest, "invalid request: " + err.Error(), nil
	}
	if validID(env.ID) {
		id = env.ID
	}
	switch {
	case env.JSONRPC == nil || *env.JSONRPC != "2.0":
		return env, jsonrpc2.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`, id
	case env.Method != nil:
		if json.Unmarshal(env.Method, &env.method) != nil || env.method == "" {
			return env, jsonrpc2.CodeInvalidRequest, `invalid request: "method" must be a non-empty string`, id
		}
		if env.ID != nil && !validID(env.ID) {
			return env, jsonrpc2.CodeInvalidRequest, `invalid request: "id" must be a non-negative integer or a string`, nil
		}
	case env.Result == nil && env.Error == nil:
		return env, jsonrpc2.CodeInvalidRequest, `invalid request: a message needs "method" (a request) or "result"/"error" (a response)`, id
	}
	return env, 0, "", nil
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

// replyError answers the request id (raw JSON; nil: null) with an error.
func (s *stream) replyError(id json.RawMessage, code int64, msg string) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	return s.replyErr(id, &jsonrpc2.Error{Code: code, Message: msg})
}

// respond answers the request id with result, or with rerr when it is not
// nil: the result is encoded once, and the response built around it, where
// the connection's Reply encodes it three times over.
func (s *stream) respond(id jsonrpc2.ID, result any, rerr *jsonrpc2.Error) error {
	rawID, err := json.Marshal(id)
	if err != nil {
		return err
	}
	if rerr != nil {
		return s.replyErr(rawID, rerr)
	}
	res, err := json.Marshal(result)
	if err != nil {
		return s.replyErr(rawID, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "internal error: encoding the result: " + err.Error()})
	}
	var head [64]byte
	b := append(head[:0], `{"jsonrpc":"2.0","id":`...)
	b = append(b, rawID...)
	b = append(b, `,"result":`...)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b, res, closeBrace)
}

// closeBrace ends a JSON object.
var closeBrace = []byte{'}'}

// replyErr answers the request id (raw JSON) with the error e.
func (s *stream) replyErr(id json.RawMessage, e *jsonrpc2.Error) error {
	resp := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", id, e}
	return s.WriteObject(resp)
}
