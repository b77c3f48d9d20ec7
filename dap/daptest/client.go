// Package daptest is a DAP test client for revl-dap, in the manner of
// Delve's service/dap/daptest: it speaks the wire protocol to a server
// (in-process or a spawned binary), and records every message both ways as
// a transcript that tests compare with golden files.
package daptest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	godap "github.com/google/go-dap"
)

// Client talks to one DAP server.
type Client struct {
	w    io.Writer
	msgs chan json.RawMessage
	errc chan error
	seq  int
	// Replace rewrites every transcript line (absolute paths into
	// placeholders, for instance).
	Replace *strings.Replacer

	// backlog holds the events ReadUntil passed over, for Event.
	backlog []Message

	mu         sync.Mutex
	transcript []string
	// Timeout bounds every wait for a message.
	ctx context.Context
}

// New starts a client over r (from the server) and w (to the server).
// Waits for messages give up when ctx ends.
func New(ctx context.Context, r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, msgs: make(chan json.RawMessage, 1024), errc: make(chan error, 1), ctx: ctx}
	go func() {
		br := bufio.NewReader(r)
		for {
			b, err := godap.ReadBaseMessage(br)
			if err != nil {
				c.errc <- err
				close(c.msgs)
				return
			}
			c.msgs <- b
		}
	}()
	return c
}

func (c *Client) record(dir string, b []byte) {
	line := dir + " " + string(b)
	if c.Replace != nil {
		line = c.Replace.Replace(line)
	}
	c.mu.Lock()
	c.transcript = append(c.transcript, line)
	c.mu.Unlock()
}

// Transcript returns the messages so far, one per line, and starts a new
// transcript.
func (c *Client) Transcript() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := strings.Join(c.transcript, "\n") + "\n"
	c.transcript = nil
	return out
}

// Note adds a comment line to the transcript.
func (c *Client) Note(format string, args ...any) {
	c.mu.Lock()
	c.transcript = append(c.transcript, "# "+fmt.Sprintf(format, args...))
	c.mu.Unlock()
}

// SendRaw writes bytes as one message body.
func (c *Client) SendRaw(body []byte) error {
	c.record("->", body)
	return godap.WriteBaseMessage(c.w, body)
}

// Send sends a request and returns its seq.
func (c *Client) Send(command string, args any) (int, error) {
	c.seq++
	m := map[string]any{"seq": c.seq, "type": "request", "command": command}
	if args != nil {
		m["arguments"] = args
	}
	b, err := marshalSorted(m)
	if err != nil {
		return 0, err
	}
	return c.seq, c.SendRaw(b)
}

// Message is a decoded message: its JSON as a generic map.
type Message map[string]any

func (m Message) Type() string    { s, _ := m["type"].(string); return s }
func (m Message) Command() string { s, _ := m["command"].(string); return s }
func (m Message) Event() string   { s, _ := m["event"].(string); return s }
func (m Message) Success() bool   { b, _ := m["success"].(bool); return b }
func (m Message) Body() map[string]any {
	b, _ := m["body"].(map[string]any)
	return b
}

// Read returns the next message from the server.
func (c *Client) Read() (Message, error) {
	select {
	case b, ok := <-c.msgs:
		if !ok {
			return nil, <-c.errc
		}
		var m Message
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, err
		}
		sorted, _ := marshalSorted(m)
		c.record("<-", sorted)
		return m, nil
	case <-c.ctx.Done():
		return nil, fmt.Errorf("daptest: no message: %w", c.ctx.Err())
	}
}

// ReadUntil reads messages until pred accepts one and returns it with the
// messages before it.
func (c *Client) ReadUntil(pred func(Message) bool) (Message, []Message, error) {
	var seen []Message
	for {
		m, err := c.Read()
		if err != nil {
			return nil, seen, err
		}
		if pred(m) {
			return m, seen, nil
		}
		seen = append(seen, m)
		if m.Type() == "event" {
			c.backlog = append(c.backlog, m)
		}
	}
}

// Request sends a request and reads up to its response.
func (c *Client) Request(command string, args any) (Message, error) {
	seq, err := c.Send(command, args)
	if err != nil {
		return nil, err
	}
	m, _, err := c.ReadUntil(func(m Message) bool {
		rs, _ := m["request_seq"].(float64)
		return m.Type() == "response" && int(rs) == seq
	})
	return m, err
}

// Event returns the first unconsumed event of that name: one that a
// previous read passed over, or the next one read.
func (c *Client) Event(name string) (Message, error) {
	for i, m := range c.backlog {
		if m.Event() == name {
			c.backlog = append(c.backlog[:i], c.backlog[i+1:]...)
			return m, nil
		}
	}
	m, _, err := c.ReadUntil(func(m Message) bool { return m.Type() == "event" && m.Event() == name })
	return m, err
}

// Drain forgets the events passed over so far.
func (c *Client) Drain() { c.backlog = nil }

// Step sends a stepping request and reads its response, the stopped event
// and the revl/position event that follows it.
func (c *Client) Step(command string, args any) (stopped Message, err error) {
	resp, err := c.Request(command, args)
	if err != nil {
		return nil, err
	}
	if !resp.Success() {
		return nil, fmt.Errorf("%s failed: %v", command, resp["message"])
	}
	stopped, err = c.Event("stopped")
	if err != nil {
		return nil, err
	}
	_, err = c.Event("revl/position")
	return stopped, err
}

// marshalSorted renders JSON with sorted keys (encoding/json sorts map
// keys), so transcripts are stable.
func marshalSorted(v any) ([]byte, error) {
	return json.Marshal(v)
}

// Keys lists a map's keys sorted, for assertions.
func Keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
