package dap

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"

	gojson "github.com/goccy/go-json"
	godap "github.com/google/go-dap"

	"revl.dev/debug/internal/wire"
)

// Error ids of error responses (ErrorMessage.id), documented in docs/dap.md.
const (
	errMalformed   = 1001 // not JSON, not a DAP message, bad arguments
	errUnsupported = 1002 // unknown command
	errFailed      = 1003 // the request was understood and refused (bad program, no session, ...)
	errInternal    = 1004 // a recovered panic
)

// granularity is the unit a step moves by; stepBack repeats the last one.
type granularity int

const (
	byDecision  granularity = iota // next on the scheduler thread
	byStatement                    // next on a fiber thread: over calls
	byStop                         // stepIn: one stop point, into provider methods
	byOut                          // stepOut: to the caller, or the end of the atom
)

// session is one client connection.
type session struct {
	opts   Options
	frames *wire.Writer
	wmu    sync.Mutex // guards seq and frames
	seq    int
	codec  *godap.Codec
	closed bool

	in    *wire.Reader // the client's messages, read by the session's goroutine
	ahead chan read    // while not nil, the next message, read ahead (readAhead)

	// From initialize.
	lines1, cols1 bool // lines and columns start at 1
	progress      bool // the client shows progress events

	// From launch: replaced whole by every launch and restart.
	launchState
	started bool // configurationDone handled: the first stop was reported
	authed  bool // a launch gave Options.Token

	bps     breakpoints
	lastGr  granularity
	stop    stopInfo // why the session is stopped where it is
	handles handles  // variable references and frame ids of this stop
	// stopCache keeps the bodies of this stop's stackTrace, scopes,
	// variables and threads responses.
	stopCache stopCache
	out       outbox // output produced while a request runs, sent after its response
	// replaying: requests are being answered again unsent (settle).
	replaying bool

	cmu    sync.Mutex // guards cancel: the read-ahead goroutine marks, handlers read
	cancel cancels
}

func newSession(w io.Writer, opts Options) *session {
	warmJSON.Do(warmCodecs)
	s := &session{frames: wire.NewWriter(w), opts: opts, codec: godap.NewCodec(), lines1: true, cols1: true}
	s.bps.exc = defaultFilters()
	for cmd, ctor := range customRequests {
		if err := s.codec.RegisterRequest(cmd, ctor, func() godap.Message { return &godap.Response{} }); err != nil {
			panic(err)
		}
	}
	return s
}

// send writes one message with the next sequence number.
func (s *session) send(m godap.Message) {
	if s.replaying {
		return
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	s.seq++
	switch v := m.(type) {
	case godap.ResponseMessage:
		v.GetResponse().Seq = s.seq
		v.GetResponse().Type = "response"
	case godap.EventMessage:
		v.GetEvent().Seq = s.seq
		v.GetEvent().Type = "event"
	}
	if err := s.write(m); err != nil {
		s.closed = true
	}
}

// write encodes m and writes it framed.
func (s *session) write(m godap.Message) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return s.frames.Write(body)
}

// response fills a response header for req.
func response(req godap.RequestMessage) godap.Response {
	r := req.GetRequest()
	return godap.Response{RequestSeq: r.Seq, Success: true, Command: r.Command}
}

// reply sends a response with an optional body (any JSON value). The
// body is encoded on its own and framed by sendBody, so that a body the
// stop cache keeps (stopcache.go) is sent again without encoding it.
func (s *session) reply(req godap.RequestMessage, body any) {
	if body == nil {
		resp := response(req)
		s.send(&resp)
		return
	}
	b, err := marshalBody(body)
	if err != nil {
		// What json.Marshal of the whole response does with such a body:
		// nothing is sent, and the session ends with the writer.
		s.closed = true
		return
	}
	r := req.GetRequest()
	s.stopCache.keep(r.Command, b)
	s.sendBody(r.Seq, r.Command, b)
}

// marshalBody encodes a response's body. The bodies of the four requests
// of every stop (threads, stackTrace, scopes, variables) are encoded by
// goccy/go-json, whose output for these types is encoding/json's byte for
// byte (TestMarshalBody checks it on every pane the tests show, and on
// the strings either library escapes: HTML characters, U+2028, control
// characters, invalid UTF-8) at a fraction of its reflection; every other
// body is encoding/json's.
func marshalBody(body any) ([]byte, error) {
	switch body.(type) {
	case godap.ThreadsResponseBody, godap.StackTraceResponseBody, godap.ScopesResponseBody, godap.VariablesResponseBody:
		return gojson.Marshal(body)
	}
	return json.Marshal(body)
}

// warmJSON runs warmCodecs once per process.
var warmJSON sync.Once

// warmCodecs has goccy/go-json build its encoders and decoders of the
// stop's types when a session starts: it builds them on first use (about a
// millisecond, and half a megabyte of tables and garbage), which was the
// first stop's first stackTrace otherwise.
func warmCodecs() {
	for _, b := range []any{godap.ThreadsResponseBody{}, godap.StackTraceResponseBody{}, godap.ScopesResponseBody{}, godap.VariablesResponseBody{}} {
		marshalBody(b)
	}
	for _, cmd := range []string{"threads", "stackTrace", "scopes", "variables"} {
		fastDecode([]byte(`{"seq":1,"type":"request","command":"` + cmd + `","arguments":{}}`))
	}
}

// sendBody sends a successful response whose body is already encoded: the
// bytes json.Marshal gives for bodyResponse, written without reflection.
// TestSendBody checks that they are the same.
func (s *session) sendBody(reqSeq int, command string, body []byte) {
	if s.replaying {
		return
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	s.seq++
	// The response's members before the body; the body is framed as it
	// is, not copied in after them first.
	var head [128]byte
	b := append(head[:0], `{"seq":`...)
	b = strconv.AppendInt(b, int64(s.seq), 10)
	b = append(b, `,"type":"response","request_seq":`...)
	b = strconv.AppendInt(b, int64(reqSeq), 10)
	b = append(b, `,"success":true,"command":`...)
	b = appendJSONString(b, command)
	b = append(b, `,"body":`...)
	if err := s.frames.Write(b, body, closeBrace); err != nil {
		s.closed = true
	}
}

// closeBrace ends a JSON object.
var closeBrace = []byte{'}'}

// appendJSONString appends s as json.Marshal writes it: a command name is
// plain ASCII, which needs no escape; anything else is left to
// encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

type bodyResponse struct {
	godap.Response
	Body any `json:"body"`
}

// sendError answers a request with an error. showUser asks the client to
// raise a notification as well (VS Code does when the error has a format
// and showUser is true); an evaluate's error is its answer, shown where the
// expression was typed (the Debug Console, the Watch view, the hover), so
// it is not raised a second time.
func (s *session) sendError(seq int, command string, id int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.send(&godap.ErrorResponse{
		Response: godap.Response{RequestSeq: seq, Command: command, Message: msg},
		Body:     godap.ErrorResponseBody{Error: &godap.ErrorMessage{Id: id, Format: msg, ShowUser: command != "evaluate"}},
	})
}

func event(name string) godap.Event { return godap.Event{Event: name} }

// customEvent is an event with any body.
type customEvent struct {
	godap.Event
	Body any `json:"body,omitempty"`
}

func (s *session) sendEvent(name string, body any) {
	s.send(&customEvent{Event: event(name), Body: body})
}

// output queues a line for the debug console. Output made while a request
// runs is sent after its response and before its stopped event.
func (s *session) output(category, text string) {
	s.out.add(category, text)
}

// outbox holds output events until the request that made them has been
// answered.
type outbox struct{ items []godap.OutputEventBody }

func (o *outbox) add(category, text string) {
	o.items = append(o.items, godap.OutputEventBody{Category: category, Output: text})
}
func (o *outbox) reset() { o.items = nil }

func (s *session) flush() {
	for _, b := range s.out.items {
		s.send(&godap.OutputEvent{Event: event("output"), Body: b})
	}
	s.out.reset()
}

// handler runs one request. It sends its own response (and events after
// it); a returned error becomes the error response instead.
type handler func(*session, godap.RequestMessage) error

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"initialize":              (*session).onInitialize,
		"launch":                  (*session).onLaunch,
		"attach":                  (*session).onAttach,
		"configurationDone":       (*session).onConfigurationDone,
		"disconnect":              (*session).onDisconnect,
		"terminate":               (*session).onTerminate,
		"restart":                 (*session).onRestart,
		"setBreakpoints":          validated((*session).onSetBreakpoints),
		"setFunctionBreakpoints":  validated((*session).onSetFunctionBreakpoints),
		"setExceptionBreakpoints": validated((*session).onSetExceptionBreakpoints),
		"breakpointLocations":     validated((*session).onBreakpointLocations),
		"exceptionInfo":           validated((*session).onExceptionInfo),
		"threads":                 validated((*session).onThreads),
		"stackTrace":              validated((*session).onStackTrace),
		"scopes":                  validated((*session).onScopes),
		"variables":               validated((*session).onVariables),
		"evaluate":                validated((*session).onEvaluate),
		"source":                  validated((*session).onSource),
		"next":                    validated((*session).onNext),
		"stepIn":                  validated((*session).onStepIn),
		"stepOut":                 validated((*session).onStepOut),
		"stepBack":                validated((*session).onStepBack),
		"continue":                validated((*session).onContinue),
		"reverseContinue":         validated((*session).onReverseContinue),
		"pause":                   validated((*session).onPause),
		cmdGotoDecision:           validated((*session).onGotoDecision),
		cmdChoose:                 validated((*session).onChoose),
		cmdTimeline:               validated((*session).onTimeline),
		cmdExplore:                validated((*session).onExplore),
		"cancel":                  (*session).onCancel,
		"gotoTargets":             validated((*session).onGotoTargets),
		"goto":                    validated((*session).onGoto),
		"restartFrame":            validated((*session).onRestartFrame),
		"setVariable":             validated((*session).onSetVariable),
		"dataBreakpointInfo":      validated((*session).onDataBreakpointInfo),
		"setDataBreakpoints":      validated((*session).onSetDataBreakpoints),
		"completions":             validated((*session).onCompletions),
	}
}

// decodeArgs unmarshals a request's arguments (a raw JSON field of the
// request struct) strictly enough to report a type error.
func decodeArgs(raw json.RawMessage, v any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("bad arguments: %v", err)
	}
	return nil
}

// needLaunch is the error of a request that needs a launched program.
func (s *session) needLaunch() error {
	if s.eng == nil {
		return fmt.Errorf("no program is being debugged: launch one first")
	}
	return nil
}
