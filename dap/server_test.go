package dap

import (
	"context"
	"net"
	"testing"

	"revl.dev/debug/dap/daptest"
)

func TestLoopbackDefault(t *testing.T) {
	for in, want := range map[string]string{
		"4711": "127.0.0.1:4711", ":4711": "127.0.0.1:4711", "127.0.0.1:4711": "127.0.0.1:4711",
		"0.0.0.0:4711": "0.0.0.0:4711", "[::1]:0": "[::1]:0",
	} {
		if got := loopbackDefault(in); got != want {
			t.Errorf("loopbackDefault(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestListen serves two sessions at once over TCP on the loopback
// interface; each is independent.
func TestListen(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- Listen(ctx, "127.0.0.1:0", Options{}, func(a net.Addr) { addrc <- a }) }()
	addr := <-addrc
	var clients []*daptest.Client
	for i := 0; i < 2; i++ {
		var d net.Dialer
		conn, err := d.DialContext(ctx, "tcp", addr.String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		clients = append(clients, daptest.New(ctx, conn, conn))
	}
	for i, c := range clients {
		prog := []string{"worked.rvl", "store.rvl"}[i]
		launch(t, c, map[string]any{"program": program(prog)}, nil)
	}
	for i, c := range clients {
		st := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
		name := st.Body()["stackFrames"].([]any)[0].(map[string]any)["name"]
		if name != "decision 0: activate(Sink)" {
			t.Errorf("session %d: %v", i, name)
		}
		must(t)(c.Request("disconnect", nil))
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
