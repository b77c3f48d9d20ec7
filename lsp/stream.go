package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
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
type stream struct {
	r     *bufio.Reader
	w     io.Writer
	close io.Closer
	logf  func(format string, args ...any)

	mu sync.Mutex // one message written at a time: the Conn and our error replies
}

func newStream(rwc io.ReadWriteCloser, logf func(string, ...any)) *stream {
	return &stream{r: bufio.NewReader(rwc), w: rwc, close: rwc, logf: logf}
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
		body, err := s.readFrame()
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

// readFrame reads one header block and its body. Header lines may end in
// "\r\n" (the specification) or a bare "\n" (some hand-written clients).
func (s *stream) readFrame() ([]byte, error) {
	length := -1
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			if err == io.EOF && line == "" && length < 0 {
				return nil, io.EOF // the client closed the stream between messages
			}
			return nil, io.ErrUnexpectedEOF
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if length < 0 {
				continue // a stray blank line before a header
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("malformed header line %q: expected 'Name: value'", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("malformed Content-Length %q", value)
			}
			length = n
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body, nil
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
