package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Options configure a Server.
type Options struct {
	// Seeds is the number of seeds a schedule sweep runs when the command
	// does not say (on save, in the code lenses). 0 means 200.
	Seeds int
	// Workers is the number of schedules run in parallel. 0 means one less
	// than GOMAXPROCS (at least one), so the editor stays responsive.
	Workers int
	// SweepOnSave runs a sweep in the background on didOpen and on every
	// didSave. The revl-lsp command sets it; tests turn it off to sweep on
	// demand.
	SweepOnSave bool
	// Log receives the server's own log lines; nil discards them.
	Log io.Writer
	// MaxMessage bounds the body of one message from the client. 0 means
	// DefaultMaxMessage.
	MaxMessage int64
	// Errors receives a line per message refused for its size, whether or
	// not Log is set (a malformed header ends the session and Serve
	// returns it); revl-lsp sets it to standard error.
	Errors io.Writer

	// fullReparse parses and checks every version from scratch instead
	// of from the previous one: the baseline of the incremental parse's
	// and check's tests and benchmarks.
	fullReparse bool
}

// DefaultMaxMessage is the default bound of a client message: 64 MiB,
// room for a didOpen of the largest program the tools read
// (fileio.DefaultMaxSize, 32 MiB) with every byte escaped.
const DefaultMaxMessage int64 = 64 << 20

func (o Options) maxMessage() int64 {
	if o.MaxMessage > 0 {
		return o.MaxMessage
	}
	return DefaultMaxMessage
}

func (o Options) seeds() int {
	if o.Seeds > 0 {
		return o.Seeds
	}
	return 200
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return max(1, runtime.GOMAXPROCS(0)-1)
}

// serverState is where the server is in the LSP lifecycle.
type serverState int

const (
	stateNew          serverState = iota // before initialize
	stateInitializing                    // initialize answered, initialized not yet received
	stateRunning
	stateShutdown // shutdown received: only exit is accepted
)

// Server is one revl language server session on one connection.
type Server struct {
	opts Options
	st   *stream // set by Serve before the connection reads; read on its read loop and by replies

	mu        sync.Mutex
	conn      *jsonrpc2.Conn
	state     serverState
	snap      *Snapshot
	snapID    uint64
	inflight  map[jsonrpc2.ID]context.CancelFunc
	caps      clientCaps
	roots     []string                               // workspace folders, as paths
	sweeps    map[protocol.DocumentURI]*sweepRun     // the latest sweep of each document
	progress  map[string]context.CancelFunc          // cancellable progress tokens
	published map[protocol.DocumentURI]publishedDiag // what the client last got, to skip repeats
	tokenSeq  int
	exited    chan struct{} // closed by exit
	shutdown  bool          // shutdown was received before exit

	lifetime context.Context // cancelled when the connection ends
	stop     context.CancelFunc

	pubMu sync.Mutex // publishDiagnostics for one server go out one at a time, newest state last
	wg    sync.WaitGroup
}

// clientCaps is what the server uses of the client's capabilities.
type clientCaps struct {
	workDoneProgress bool // window.workDoneProgress
	codeLensRefresh  bool // workspace.codeLens.refreshSupport
}

// NewServer returns a server ready to Serve one connection.
func NewServer(opts Options) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{
		opts:      opts,
		snap:      &Snapshot{docs: map[protocol.DocumentURI]*Document{}},
		inflight:  map[jsonrpc2.ID]context.CancelFunc{},
		sweeps:    map[protocol.DocumentURI]*sweepRun{},
		progress:  map[string]context.CancelFunc{},
		published: map[protocol.DocumentURI]publishedDiag{},
		exited:    make(chan struct{}),
		lifetime:  ctx,
		stop:      cancel,
	}
}

// ErrNoShutdown is returned by Serve when the client sent exit (or closed
// the connection) without a shutdown request first; revl-lsp exits 1 then,
// as the LSP specification asks.
var ErrNoShutdown = errors.New("the connection ended without a shutdown request")

// Serve runs the server on rwc (stdin and stdout for revl-lsp) until the
// client sends exit, the connection closes, or ctx is cancelled. It waits
// for every handler and background sweep to stop before returning.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	st := newStream(rwc, s.opts.maxMessage(), s.logf)
	if w := s.opts.Errors; w != nil {
		st.frameErr = func(err error) { fmt.Fprintf(w, "revl-lsp: %v\n", err) }
	}
	s.st = st
	conn := jsonrpc2.NewConn(s.lifetime, st, s, jsonrpc2.SetLogger(logAdapter{s}))
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	select {
	case <-conn.DisconnectNotify():
	case <-s.exited:
	case <-ctx.Done():
	}
	s.stop()
	conn.Close()
	s.wg.Wait()
	if err := st.broken(); err != nil {
		return fmt.Errorf("reading the client's messages: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.shutdown {
		return ErrNoShutdown
	}
	return nil
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "revl-lsp: "+format+"\n", args...)
	}
}

// logAdapter gives jsonrpc2 a logger that writes where the server logs.
type logAdapter struct{ s *Server }

func (l logAdapter) Printf(format string, args ...any) { l.s.logf(format, args...) }

// snapshot returns the current snapshot.
func (s *Server) snapshot() *Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snap
}

// connection returns the connection; nil before Serve.
func (s *Server) connection() *jsonrpc2.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn
}

// notify sends a notification to the client, logging a failure (the
// client may be gone; nothing else can be done about it).
func (s *Server) notify(method string, params any) {
	conn := s.connection()
	if conn == nil {
		return
	}
	if err := conn.Notify(s.lifetime, method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.logf("sending %s: %v", method, err)
	}
}

// goBackground runs f on its own goroutine, tracked so that Serve waits
// for it.
func (s *Server) goBackground(f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

// showMessage tells the user something through the client's UI.
func (s *Server) showMessage(typ protocol.MessageType, format string, args ...any) {
	s.notify("window/showMessage", &protocol.ShowMessageParams{Type: typ, Message: fmt.Sprintf(format, args...)})
}
