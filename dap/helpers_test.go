package dap

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"revl.dev/debug/dap/daptest"
	goldenfile "revl.dev/debug/internal/golden"
	"revl.dev/debug/internal/verdict"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// TestMain keeps the verdicts of the run's launches (internal/verdict) in
// a directory of the run's own, unless REVL_CACHE names one: a test that
// needs a verdict, or none, sets its own.
func TestMain(m *testing.M) {
	if os.Getenv(verdict.EnvCache) != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "revl-dap-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(verdict.EnvCache, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// start serves one in-process session and returns a client on it.
func start(t *testing.T) *daptest.Client {
	t.Helper()
	return startWith(t, Options{Log: func(s string) { t.Log(s) }})
}

// startWith is start with server options.
func startWith(t *testing.T, opts Options) *daptest.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	fromServer, fromClient := servePipes(t, opts)
	t.Cleanup(cancel)
	c := daptest.New(ctx, fromServer, fromClient)
	dir, _ := filepath.Abs("testdata")
	c.Replace = strings.NewReplacer(dir, "$TESTDATA")
	return c
}

// servePipes serves one in-process session over pipes and returns the
// client's ends: what the server writes, and where to write to it. The
// session ends, and servePipes waits for it, when the test does.
func servePipes(tb testing.TB, opts Options) (fromServer io.Reader, fromClient io.WriteCloser) {
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(toServer, toClient, opts)
		toClient.Close()
	}()
	tb.Cleanup(func() {
		fromClient.Close()
		<-done
	})
	return fromServer, fromClient
}

func program(name string) string {
	p, _ := filepath.Abs(filepath.Join("testdata", name))
	return p
}

// golden compares a transcript with testdata/transcripts/name.txt.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", "transcripts", name+".txt"), got, *update)
}

// must fails the test on an error or an unsuccessful response.
func must(t *testing.T) func(daptest.Message, error) daptest.Message {
	return func(m daptest.Message, err error) daptest.Message {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if m.Type() == "response" && !m.Success() {
			t.Fatalf("%s failed: %v", m.Command(), m["message"])
		}
		return m
	}
}

// launch runs initialize, launch, the configuration and configurationDone,
// up to the first stop.
func launch(t *testing.T, c *daptest.Client, args map[string]any, configure func()) daptest.Message {
	t.Helper()
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl", "linesStartAt1": true, "columnsStartAt1": true, "supportsProgressReporting": true}))
	must(t)(c.Request("launch", args))
	must(t)(c.Event("initialized"))
	if configure != nil {
		configure()
	}
	must(t)(c.Request("configurationDone", nil))
	st := must(t)(c.Event("stopped"))
	must(t)(c.Event("revl/position"))
	return st
}

// fails asserts an error response.
func fails(t *testing.T) func(daptest.Message, error) daptest.Message {
	return func(m daptest.Message, err error) daptest.Message {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if m.Success() {
			t.Fatalf("%s succeeded; want an error response", m.Command())
		}
		return m
	}
}
