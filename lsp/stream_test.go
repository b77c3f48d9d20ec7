package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"strings"
	"sync"
	"testing"

	"github.com/sourcegraph/jsonrpc2"

	"revl.dev/debug/internal/wire"
)

// TestStreamParams: a connection on the stream hands its handler each
// request with the stream's own params beside it, the bytes the client
// sent (the library's decoder would have re-encoded them), the request
// after a notification or a response still its own; and respond writes
// what a JSON-RPC client decodes.
func TestStreamParams(t *testing.T) {
	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"a","params":{"z":"<&>","a":[1, 2]}}`,
		`{"jsonrpc":"2.0","method":"n"}`,
		`{"jsonrpc":"2.0","id":99,"result":{"k":1}}`,
		`{"jsonrpc":"2.0","id":"s","method":"b","params":null}`,
		`{"jsonrpc":"2.0","method":"c","params":[3]}`,
	}
	var in bytes.Buffer
	for _, m := range msgs {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	var out bytes.Buffer
	st := newStream(nopCloser{&in, &out}, 1<<20, func(string, ...any) {})
	var mu sync.Mutex
	var got []string
	done := make(chan struct{})
	conn := jsonrpc2.NewConn(context.Background(), st, jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		p := st.params(req)
		mu.Lock()
		got = append(got, fmt.Sprintf("%s %v %s", req.Method, req.Notif, p))
		mu.Unlock()
		if req.Method == "c" {
			close(done)
		}
		return nil, nil
	}), jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("the connection did not hand on the last request")
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{
		`a false {"z":"<&>","a":[1, 2]}`,
		`n true `,
		`b false null`,
		`c true [3]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the handler saw\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// respond, for a result and for an error, read back as a client does.
	var w bytes.Buffer
	rs := newStream(nopCloser{strings.NewReader(""), &w}, 1<<20, func(string, ...any) {})
	if err := rs.respond(jsonrpc2.ID{Num: 7}, map[string]string{"v": "<x>"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := rs.respond(jsonrpc2.ID{Str: "q", IsString: true}, nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: "no"}); err != nil {
		t.Fatal(err)
	}
	if err := rs.respond(jsonrpc2.ID{Num: 8}, func() {}, nil); err != nil {
		t.Fatal(err)
	}
	r := wire.NewReader(&w, 1<<20)
	for _, want := range []string{
		`{"id":7,"jsonrpc":"2.0","result":{"v":"<x>"}}`,
		`{"error":{"code":-32803,"message":"no"},"id":"q","jsonrpc":"2.0"}`,
		`{"error":{"code":-32603,"message":"internal error: encoding the result: json: unsupported type: func()"},"id":8,"jsonrpc":"2.0"}`,
	} {
		body, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		var resp jsonrpc2.Response
		if err := json.Unmarshal(body, &resp); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		var v any
		_ = json.Unmarshal(body, &v)
		canon, _ := json.Marshal(v)
		if got := strings.ReplaceAll(string(canon), `\u003c`, "<"); strings.ReplaceAll(got, `\u003e`, ">") != want {
			t.Errorf("respond wrote %s, want %s", body, want)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("after the three responses: %v, want io.EOF", err)
	}
}
