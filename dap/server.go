// Package dap is revl-dap, the Debug Adapter Protocol server for
// time-travel stepping through schedules (docs/dap.md). A session debugs
// one schedule of one composition: the travel engine runs it, and this
// package maps the engine's positions onto DAP's threads, frames, scopes
// and stepping verbs, plus the custom revl/* requests.
package dap

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"sync"

	godap "github.com/google/go-dap"

	"revl.dev/debug/internal/wire"
)

// Options configure the server.
type Options struct {
	// Log, when set, receives a line per protocol problem (not per
	// message): decoding errors, recovered panics.
	Log func(string)
	// Token, when set, must be the launch attribute "token" of a
	// session's first launch (revl-dap --listen): nothing is read from
	// disk for a client without it.
	Token string
	// Errors, when set, also receives a line per message refused for its
	// size and, under Listen, the error that ended a session (Serve
	// returns it otherwise); revl-dap sets it to standard error.
	Errors io.Writer
}

// Serve runs one session over rw until the client disconnects or the
// stream ends. It never panics: a handler that panics answers its request
// with an error response and the session goes on.
func Serve(r io.Reader, w io.Writer, opts Options) error {
	w, wdone := pollableWriter(w)
	defer wdone()
	s := newSession(w, opts)
	r, done := pollable(r)
	defer done()
	defer s.abandonFull()
	return s.loop(bufio.NewReader(r))
}

// Listen serves one session per TCP connection on addr until ctx ends.
// An addr without a host ("4711", ":4711") listens on the loopback
// interface only; another interface must be named explicitly.
func Listen(ctx context.Context, addr string, opts Options, ready func(net.Addr)) error {
	addr = loopbackDefault(addr)
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	if ready != nil {
		ready(ln.Addr())
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			stop := context.AfterFunc(ctx, func() { conn.Close() })
			defer stop()
			if err := Serve(conn, conn, opts); err != nil {
				if opts.Log != nil {
					opts.Log("session: " + err.Error())
				}
				if opts.Errors != nil {
					fmt.Fprintf(opts.Errors, "revl-dap: session: %v\n", err)
				}
			}
		}()
	}
}

// loopbackDefault puts 127.0.0.1 in front of an address that names only a
// port.
func loopbackDefault(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		// A bare port.
		return net.JoinHostPort("127.0.0.1", addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// MaxMessage bounds the body of one client message: 4 MiB, as go-dap's
// own reader does. No DAP request carries a program's source, so nothing
// legitimate comes near it.
const MaxMessage = 4 << 20

// loop reads and dispatches messages one at a time, in order: a DAP client
// sees responses in request order, and the engine is never used
// concurrently. Frames are read by package wire, which bounds them: a
// message over MaxMessage is answered with an error response and skipped;
// a header it cannot read (no Content-Length, a negative or non-numeric
// one, a line or block too long) ends the session with that error.
//
// The session's goroutine reads each message itself: read, handle, write
// on one goroutine is one wake-up per request (the read's), where a reader
// goroutine handing messages over a channel costs a second goroutine's
// wake-up and, on a loaded machine, a wait for a core. Only a request that
// runs long enough to be cancelled (longRunning) has a message read ahead
// while it runs, so that a `cancel` can reach it (readAhead).
func (s *session) loop(r *bufio.Reader) error {
	s.in = wire.NewReader(r, MaxMessage)
	for !s.closed {
		m := s.next()
		if err := m.err; err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
				return nil
			}
			var fe *wire.Error
			if errors.As(err, &fe) {
				s.logf("bad message: %v", err)
				if fe.Recoverable {
					if s.opts.Errors != nil {
						fmt.Fprintf(s.opts.Errors, "revl-dap: bad message: %v\n", err)
					}
					// The request's seq is in the body it will not read.
					s.sendError(0, "", errMalformed, "%s", fe.Msg)
					continue
				}
				return fmt.Errorf("bad message header: %w", err)
			}
			return err
		}
		s.dispatchRaw(m.raw)
	}
	return nil
}

// read is one message from the client, or why there is none.
type read struct {
	raw []byte
	err error
}

// next is the next message: the one read ahead while the last request
// ran, if any, or the next one read now.
func (s *session) next() read {
	if s.ahead != nil {
		m := <-s.ahead
		s.ahead = nil
		return m
	}
	raw, err := s.in.Read()
	return read{raw, err}
}

// longRunning are the requests during which the client's next message is
// read ahead: the ones a cancel can stop while they run.
var longRunning = map[string]bool{cmdExplore: true}

// readAhead reads the client's next message on its own goroutine while the
// request being handled runs, marking a `cancel` it reads (noteCancel); the
// loop takes the message from there when the request is done. One message
// is read ahead, as a client sends a cancel right after the request it
// cancels.
func (s *session) readAhead() {
	if s.ahead != nil {
		return
	}
	ch := make(chan read, 1)
	s.ahead = ch
	in := s.in
	go func() {
		raw, err := in.Read()
		if err == nil {
			s.noteCancel(raw)
		}
		ch <- read{raw, err}
	}()
}

// dispatchRaw decodes one message and runs its handler. Anything that is
// not a well-formed request of a known command gets an error response
// (when it has a seq and a command to answer to), never a crash.
//
// The four requests of every stop are decoded in one pass (fastDecode,
// decode.go); any other well-formed request by go-dap (its envelope, then
// its typed request): two decodes. Only when that fails, or gives
// something that is not a request, is the message decoded again through
// our own envelope, which names what was wrong; as go-dap's envelope holds ours
// (seq, type and command, with the same types), a message go-dap decodes
// is one that path would hand to the same handler, so the error responses
// are those of that path alone.
func (s *session) dispatchRaw(raw []byte) {
	if req, ok := fastDecode(raw); ok {
		s.handle(req)
		return
	}
	if msg, err := s.codec.DecodeMessage(raw); err == nil {
		if req, ok := msg.(godap.RequestMessage); ok {
			s.handle(req)
			return
		}
	}
	s.dispatchFailed(raw)
}

// dispatchFailed answers a message go-dap did not decode into a request:
// the error response that says why, or nothing for a response to a
// reverse request or a stray event.
func (s *session) dispatchFailed(raw []byte) {
	var head struct {
		Seq     int    `json:"seq"`
		Type    string `json:"type"`
		Command string `json:"command"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		why := "not a JSON object"
		if !json.Valid(raw) {
			why = "not valid JSON"
		}
		s.logf("malformed message: %v", err)
		s.sendError(0, "", errMalformed, "malformed message: %s", why)
		return
	}
	if head.Type != "request" {
		// Responses to reverse requests and stray events: nothing to do.
		if head.Type != "response" && head.Type != "event" {
			s.sendError(head.Seq, head.Command, errMalformed, "unknown message type %q", head.Type)
		}
		return
	}
	msg, err := s.codec.DecodeMessage(raw)
	if err != nil {
		var fe *godap.DecodeProtocolMessageFieldError
		if errors.As(err, &fe) {
			s.sendError(head.Seq, head.Command, errUnsupported, "unsupported request %q", head.Command)
			return
		}
		s.sendError(head.Seq, head.Command, errMalformed, "malformed %s request: %v", head.Command, err)
		return
	}
	req, ok := msg.(godap.RequestMessage)
	if !ok {
		s.sendError(head.Seq, head.Command, errMalformed, "not a request")
		return
	}
	s.handle(req)
}

// handle runs one request's handler, turning a panic into an error
// response: one broken request must not end the user's session.
func (s *session) handle(req godap.RequestMessage) {
	r := req.GetRequest()
	defer func() {
		s.stopCache.end()
		if p := recover(); p != nil {
			s.logf("panic in %s: %v\n%s", r.Command, p, debug.Stack())
			s.out.reset()
			s.sendError(r.Seq, r.Command, errInternal, "internal error in %s: %v", r.Command, p)
		}
	}()
	h := handlers[r.Command]
	if h == nil {
		s.sendError(r.Seq, r.Command, errUnsupported, "unsupported request %q", r.Command)
		return
	}
	key, cacheable := stopKeyOf(req)
	if cacheable {
		if b, ok := s.stopCache.get(key); ok {
			s.sendBody(r.Seq, r.Command, b)
			return
		}
		s.stopCache.begin(key)
	} else {
		// Any other request may change what the stop shows.
		s.stopCache.reset()
	}
	if longRunning[r.Command] {
		s.readAhead()
	}
	err := s.beforeHandler(req)
	if err == nil {
		err = h(s, req)
	}
	if err != nil {
		s.out.reset()
		s.sendError(r.Seq, r.Command, errFailed, "%s", err)
		return
	}
	if cacheable && len(s.out.items) == 0 {
		s.stopCache.commit()
	}
}

func (s *session) logf(format string, args ...any) {
	if s.opts.Log != nil {
		s.opts.Log(fmt.Sprintf(format, args...))
	}
}
