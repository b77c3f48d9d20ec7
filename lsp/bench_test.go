package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/benchstat"
	"revl.dev/debug/internal/cpuclock"
	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/seam"
)

// Benchmarks of the language server as an editor sees it: a separate
// process on stdio, a 10,000-line file open.
//
//	go test ./lsp -run XXX -bench . -benchtime 20x
//
// BenchmarkDidChangeToDiagnostics/revl-lsp and /gopls measure, per edit,
// the time from sending didChange to receiving the publishDiagnostics of
// that version, on a 10,000-line revl file and on a 10,000-line Go file
// (gopls skipped when not on PATH). Each edit toggles the last line
// between valid and an undefined name, so both servers really have new
// diagnostics to publish (gopls does not republish unchanged ones). The
// gopls line also reports gopls/revl-lsp, the ratio of the two latencies
// in this run. Both report the server's resident memory with the file
// open (MB-rss). BenchmarkEditsSideBySide runs both servers at once with
// their edits interleaved and reports medians, quartiles and the per-pair
// ratio; BenchmarkRequestsSideBySide does the same with hover and
// completion requests. BenchmarkCompletion measures completion requests on
// the open 10,000-line revl file.

const benchLines = 10000

var benchLatency sync.Map // name -> ns per edit, for the ratio

// lspProcess is a language server subprocess with a client connection.
type lspProcess struct {
	cmd  *exec.Cmd
	conn *jsonrpc2.Conn

	mu      sync.Mutex
	changed chan struct{}
	version map[protocol.DocumentURI]int32 // last published version per document
}

type procRWC struct {
	io.ReadCloser
	io.WriteCloser
}

func (p procRWC) Close() error {
	p.WriteCloser.Close()
	return p.ReadCloser.Close()
}

func startServer(b *testing.B, dir, bin string, args ...string) *lspProcess {
	b.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	p := &lspProcess{cmd: cmd, changed: make(chan struct{}), version: map[protocol.DocumentURI]int32{}}
	p.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(procRWC{stdout, stdin}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(p.handle))
	b.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		_ = p.conn.Call(ctx, "shutdown", nil, nil)
		_ = p.conn.Notify(ctx, "exit", nil)
		p.conn.Close()
		_ = cmd.Wait()
	})
	return p
}

func (p *lspProcess) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var params protocol.PublishDiagnosticsParams
		if req.Params != nil && json.Unmarshal(*req.Params, &params) == nil {
			p.mu.Lock()
			p.version[params.URI] = int32(params.Version)
			close(p.changed)
			p.changed = make(chan struct{})
			p.mu.Unlock()
		}
	case "workspace/configuration":
		var params struct{ Items []any }
		if req.Params != nil {
			_ = json.Unmarshal(*req.Params, &params)
		}
		return make([]any, len(params.Items)), nil
	}
	return nil, nil
}

// waitVersion waits until diagnostics for version v of uri arrive.
func (p *lspProcess) waitVersion(b *testing.B, ctx context.Context, uri protocol.DocumentURI, v int32) {
	for {
		p.mu.Lock()
		got, ch := p.version[uri], p.changed
		p.mu.Unlock()
		if got >= v {
			return
		}
		select {
		case <-ch:
		case <-ctx.Done():
			b.Fatalf("no diagnostics for version %d of %s (last %d)", v, uri, got)
		}
	}
}

// rssMB reads the process's resident set size from /proc (Linux).
func rssMB(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

// buildServer builds revl-lsp once per benchmark run.
var buildOnce = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "revl-lsp-bench")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "revl-lsp")
	out, err := exec.Command("go", "build", "-o", bin, "revl.dev/debug/cmd/revl-lsp").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// goProgram is a Go file of about the given number of lines, built from
// the same kinds of pieces as the revl one: types, functions with loops and
// conditionals, method calls, formatted strings.
func goProgram(lines int) string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n")
	n := 7
	for i := 0; n < lines-3; i++ {
		fmt.Fprintf(&b, `// Row%[1]d is unit %[1]d.
type Row%[1]d struct {
	ID   int
	Name string
	Tags []string
	Meta map[string]*int
}

type Store%[1]d interface {
	Get(key string) (string, bool)
	Put(key, value string)
}

type cache%[1]d struct{ m map[string]string }

func (c *cache%[1]d) Get(key string) (string, bool) { v, ok := c.m[key]; return v, ok }
func (c *cache%[1]d) Put(key, value string) {
	n := 0
	for _, x := range []int{1, 2, 3} {
		n += x * 2
	}
	for n > 0 {
		n--
	}
	if key == "" {
		return
	}
	c.m[key] = value
}

func describe%[1]d(r Row%[1]d) string {
	if r.ID == 0 {
		return "empty"
	}
	return fmt.Sprintf("row %%d: %%s", r.ID, strings.Join(r.Tags, ","))
}

func score%[1]d(xs []int) int {
	total := 0
	for _, x := range xs {
		if x%%2 == 0 {
			total += x * 3
		}
	}
	if total > 10 && len(xs) != 0 {
		return total
	}
	return -total
}

`, i)
		n += 50
	}
	b.WriteString("func main() {}\n\nvar benchToggle = 0\n")
	return b.String()
}

func BenchmarkDidChangeToDiagnostics(b *testing.B) {
	b.Run("revl-lsp", func(b *testing.B) {
		bin, err := buildOnce()
		if err != nil {
			b.Fatal(err)
		}
		src := string(synth.Program(benchLines)) + "fn bench_toggle() -> Int = 0\n"
		benchEdits(b, "revl-lsp", bin, nil, "app.rvl", src, nil,
			"fn bench_toggle() -> Int = 0", "fn bench_toggle() -> Int = undefinedName")
	})
	b.Run("gopls", func(b *testing.B) {
		bin, err := exec.LookPath("gopls")
		if err != nil {
			b.Skip("gopls is not on PATH (go install golang.org/x/tools/gopls@v0.23.0)")
		}
		files := map[string]string{"go.mod": "module bench\n\ngo 1.26\n"}
		benchEdits(b, "gopls", bin, []string{"serve"}, "main.go", goProgram(benchLines), files,
			"var benchToggle = 0", "var benchToggle = undefinedName")
	})
}

// benchEdits opens name in a fresh server and times didChange ->
// publishDiagnostics, alternating the last line between valid and invalid.
func benchEdits(b *testing.B, label, bin string, args []string, name, src string, extra map[string]string, valid, invalid string) {
	s := openForEdits(b, bin, args, name, src, extra, valid, invalid)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.edit()
	}
	b.StopTimer()
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	benchLatency.Store(label, ns)
	b.ReportMetric(float64(strings.Count(src, "\n")), "lines")
	b.ReportMetric(rssMB(s.p.cmd.Process.Pid), "MB-rss")
	if label == "gopls" {
		if ours, ok := benchLatency.Load("revl-lsp"); ok {
			b.ReportMetric(ns/ours.(float64), "gopls/revl-lsp")
		}
	}
}

// editSession is a server with one file open one of whose lines each
// edit toggles between valid and invalid.
type editSession struct {
	b              *testing.B
	p              *lspProcess
	ctx            context.Context
	uri            protocol.DocumentURI
	from           protocol.Position
	valid, invalid string
	current        string
	version        int32
}

// openForEdits starts bin in a fresh directory holding name and extra,
// opens name, and makes two edits to warm up (the first edit may load
// more than the next ones). The edits toggle the line valid is on.
func openForEdits(b *testing.B, bin string, args []string, name, src string, extra map[string]string, valid, invalid string) *editSession {
	dir := b.TempDir()
	for f, text := range extra {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	p := startServer(b, dir, bin, args...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*timeout)
	b.Cleanup(cancel)
	init := map[string]any{
		"processId": os.Getpid(), "rootUri": string(pathURI(dir)),
		"capabilities":          map[string]any{},
		"initializationOptions": map[string]any{"diagnosticsDelay": "0s"}, // gopls: no debounce
	}
	if err := p.conn.Call(ctx, "initialize", init, nil); err != nil {
		b.Fatal(err)
	}
	_ = p.conn.Notify(ctx, "initialized", map[string]any{})
	uri := pathURI(path)
	_ = p.conn.Notify(ctx, "textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: protocol.LanguageIdentifier(strings.TrimSuffix(filepath.Ext(name), ".")), Version: 1, Text: src}})
	p.waitVersion(b, ctx, uri, 1)
	// The toggled line is the one valid is on (once in src); it is ASCII,
	// so its end is its start plus its length.
	start := strings.Index(src, valid)
	if start < 0 || strings.Count(src, valid) != 1 {
		b.Fatalf("%q is not once in %s", valid, name)
	}
	s := &editSession{b: b, p: p, ctx: ctx, uri: uri, from: NewMapper(src).Position(start), valid: valid, invalid: invalid, current: valid, version: 1}
	s.edit()
	s.edit()
	return s
}

// edit toggles the line and waits for the diagnostics of the new
// version.
func (s *editSession) edit() {
	text := s.invalid
	if s.current == s.invalid {
		text = s.valid
	}
	s.version++
	to := s.from
	to.Character += uint32(len(s.current))
	_ = s.p.conn.Notify(s.ctx, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": s.uri, "version": s.version},
		"contentChanges": []any{map[string]any{"range": protocol.Range{Start: s.from, End: to}, "text": text}},
	})
	s.p.waitVersion(s.b, s.ctx, s.uri, s.version)
	s.current = text
}

// The files of the side-by-side benchmark, with the toggled line at the
// end of the file, in its middle (before the middle unit of the revl
// program, the middle group of the Go one) or at its start (the first
// declaration; in Go, after the imports).
const (
	revlValid, revlInvalid = "fn bench_toggle() -> Int = 0", "fn bench_toggle() -> Int = undefinedName"
	goValid, goInvalid     = "var benchToggle = 0", "var benchToggle = undefinedName"
)

func revlToggled(where string) string {
	base := string(synth.Program(benchLines))
	switch where {
	case "middle":
		at := strings.Index(base, fmt.Sprintf("// unit %d\n", strings.Count(base, "// unit ")/2))
		return base[:at] + revlValid + "\n" + base[at:]
	case "start":
		return revlValid + "\n" + base
	}
	return base + revlValid + "\n"
}

func goToggled(where string) string {
	base := strings.TrimSuffix(goProgram(benchLines), goValid+"\n")
	at := len(base)
	switch where {
	case "middle":
		at = strings.Index(base, fmt.Sprintf("// Row%d is unit", strings.Count(base, "// Row")/2))
	case "start":
		at = strings.Index(base, ")\n\n") + len(")\n\n")
	}
	if at == len(base) {
		return base + goValid + "\n"
	}
	return base[:at] + goValid + "\n\n" + base[at:]
}

// BenchmarkEditsSideBySide runs revl-lsp and gopls at once, each with its
// 10,000-line file open (those of BenchmarkDidChangeToDiagnostics), and
// interleaves their edits, which toggle one line between valid and an
// undefined name, so that both see the same machine load: the last line
// (end), a declaration inserted in the middle of the file (middle), or
// the first declaration (start). It reports the median and quartiles of
// each server's didChange -> publishDiagnostics latency and of the
// per-pair ratio revl-lsp/gopls. Skipped without gopls on PATH. With
// REVL_LSP_BASELINE, that revl-lsp build is the peer, on the same revl
// file (see BenchmarkRequestsSideBySide).
//
//	go test ./lsp -run XXX -bench SideBySide -benchtime 40x -count 4
func BenchmarkEditsSideBySide(b *testing.B) {
	bin, peer := peerServer(b)
	for _, where := range []string{"end", "middle", "start"} {
		b.Run(where, func(b *testing.B) {
			revl := openForEdits(b, bin, nil, "app.rvl", revlToggled(where), nil, revlValid, revlInvalid)
			sideBySide(b, peer.name, revl, peer.open(b, where))
		})
	}
}

// peer is the server the side-by-side benchmarks compare revl-lsp with:
// gopls on the Go file, or with REVL_LSP_BASELINE another revl-lsp build
// on the revl one.
type peer struct {
	name string // "gopls" or "base", in the metrics' names
	bin  string
}

// peerServer is the revl-lsp binary and the peer; it skips b when the
// peer is gopls and gopls is not on PATH.
func peerServer(b *testing.B) (revl string, p peer) {
	if base := os.Getenv("REVL_LSP_BASELINE"); base != "" {
		revl, err := buildOnce()
		if err != nil {
			b.Fatal(err)
		}
		return revl, peer{"base", base}
	}
	revl, gopls := bothServers(b)
	return revl, peer{"gopls", gopls}
}

// source is the peer's file with the toggled line where says.
func (p peer) source(where string) string {
	if p.name == "gopls" {
		return goToggled(where)
	}
	return revlToggled(where)
}

// open starts the peer with its file open (source(where)).
func (p peer) open(b *testing.B, where string) *editSession {
	if p.name == "gopls" {
		return openForEdits(b, p.bin, []string{"serve"}, "main.go", p.source(where), map[string]string{"go.mod": "module bench\n\ngo 1.26\n"},
			goValid, goInvalid)
	}
	return openForEdits(b, p.bin, nil, "app.rvl", p.source(where), nil, revlValid, revlInvalid)
}

// bothServers is the revl-lsp binary and gopls's path, for the
// side-by-side benchmarks; it skips b when gopls is not on PATH.
func bothServers(b *testing.B) (revl, gopls string) {
	gopls, err := exec.LookPath("gopls")
	if err != nil {
		b.Skip("gopls is not on PATH (go install golang.org/x/tools/gopls@v0.23.0)")
	}
	revl, err = buildOnce()
	if err != nil {
		b.Fatal(err)
	}
	return revl, gopls
}

// sideBySide times pairs of edits, one to each server, and reports them.
func sideBySide(b *testing.B, name string, revl, other *editSession) {
	timePairs(b, name, revl.edit, other.edit)
	b.ReportMetric(rssMB(revl.p.cmd.Process.Pid), "revl-MB-rss")
	b.ReportMetric(rssMB(other.p.cmd.Process.Pid), name+"-MB-rss")
}

// timePairs times pairs, one call of revl and one of other in each, and
// reports both medians and quartiles and the per-pair ratio, other's
// under its name.
func timePairs(b *testing.B, name string, revl, other func()) {
	var clock seam.Clock = seam.SystemClock{}
	timed := func(do func()) float64 {
		t0 := clock.Now()
		do()
		return float64(clock.Now().Sub(t0).Microseconds()) / 1000
	}
	var revlMs, peerMs, ratio []float64
	for i := 0; b.Loop(); i++ {
		// Alternate which server goes first, so neither always runs right
		// after the other's garbage.
		var r, p float64
		if i%2 == 0 {
			r, p = timed(revl), timed(other)
		} else {
			p, r = timed(other), timed(revl)
		}
		revlMs, peerMs, ratio = append(revlMs, r), append(peerMs, p), append(ratio, r/p)
	}
	benchstat.ReportQuartiles(b, revlMs, "revl-ms")
	benchstat.ReportQuartiles(b, peerMs, name+"-ms")
	benchstat.ReportQuartiles(b, ratio, "revl/"+name)
}

// BenchmarkRequestsSideBySide runs revl-lsp and gopls at once, each with
// its 10,000-line file open (those of BenchmarkEditsSideBySide), and
// interleaves the same kind of request to both at the same kind of place
// in the middle of the file, a selector of something the file declares:
// hover on its member (revl: `write` in `emit log96.write(…)`, a method
// of the file's service Log; Go: `m` in `c.m[key] = value`, a field of
// the file's type cache96), and completion right after its dot; and, as
// the round trip's floor, a method neither has ("refused"). It reports
// each server's median and quartiles, the per-pair ratio and each
// server's CPU a request, and fails if a server answers with nothing.
// Skipped without gopls on PATH.
//
// With REVL_LSP_BASELINE naming another revl-lsp binary (an older build,
// say), that one is the peer instead of gopls, on the same revl file:
// "base-ms" and "revl/base" then compare two builds in one run.
//
//	go test ./lsp -run XXX -bench RequestsSideBySide -benchtime 1000x -count 3
//	git stash && go build -o /tmp/revl-lsp-base ./cmd/revl-lsp && git stash pop
//	REVL_LSP_BASELINE=/tmp/revl-lsp-base go test ./lsp -run XXX -bench RequestsSideBySide -benchtime 1000x -count 3
func BenchmarkRequestsSideBySide(b *testing.B) {
	revlSrc := revlToggled("end")
	// The first selector after the middle of each file that follows
	// prefix: the offset of its dot.
	dotAfterMiddle := func(src, prefix string) int {
		i := strings.Index(src[len(src)/2:], prefix)
		if i < 0 {
			b.Fatalf("no %q after the middle of the file", prefix)
		}
		i += len(src)/2 + len(prefix)
		return i + strings.IndexByte(src[i:], '.')
	}
	revlDot := dotAfterMiddle(revlSrc, "emit log")
	bin, peerOf := peerServer(b)
	peerName, peerSrc := peerOf.name, peerOf.source("end")
	peerDot := revlDot
	if peerName == "gopls" {
		peerDot = dotAfterMiddle(peerSrc, "\tc")
	}
	other := peerOf.open(b, "end")
	revl := openForEdits(b, bin, nil, "app.rvl", revlSrc, nil, revlValid, revlInvalid)
	for _, kind := range []string{"hover", "completion", "refused"} {
		b.Run(kind, func(b *testing.B) {
			ask := func(s *editSession, src string, dot int) func() {
				at := dot + 1 // completion: right after the dot; hover: on the member's first letter
				pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: s.uri}, Position: NewMapper(src).Position(at)}
				return func() {
					var answered bool
					var err error
					switch kind {
					case "refused":
						// The round trip's floor: a method neither server
						// has, refused as it arrives.
						var rerr *jsonrpc2.Error
						if e := s.p.conn.Call(s.ctx, "revl/noSuchMethod", &pos, nil); !errors.As(e, &rerr) || rerr.Code != jsonrpc2.CodeMethodNotFound {
							b.Fatalf("an unknown method: %v, want MethodNotFound", e)
						}
						return
					case "hover":
						var h protocol.Hover
						err = s.p.conn.Call(s.ctx, "textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: pos}, &h)
						answered = h.Contents.Value != ""
					default:
						var list protocol.CompletionList
						err = s.p.conn.Call(s.ctx, "textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: pos}, &list)
						answered = len(list.Items) > 0
					}
					if err != nil || !answered {
						b.Fatalf("%s at %d:%d: no answer (%v)", kind, pos.Position.Line+1, pos.Position.Character+1, err)
					}
				}
			}
			revlAsk, peerAsk := ask(revl, revlSrc, revlDot), ask(other, peerSrc, peerDot)
			revlAsk() // the first of a version may compute what later ones read
			peerAsk()
			revlCPU, peerCPU := cpuclock.Of(revl.p.cmd.Process.Pid), cpuclock.Of(other.p.cmd.Process.Pid)
			timePairs(b, peerName, revlAsk, peerAsk)
			// Each server's CPU a request, its threads' time from /proc.
			b.ReportMetric(float64(cpuclock.Of(revl.p.cmd.Process.Pid)-revlCPU)/1e3/float64(b.N), "revl-cpu-us")
			b.ReportMetric(float64(cpuclock.Of(other.p.cmd.Process.Pid)-peerCPU)/1e3/float64(b.N), peerName+"-cpu-us")
		})
	}
}

// BenchmarkCompletion times completion requests on the open 10,000-line
// file: after `key.` (the methods of the key's service) and at the start
// of a statement (keywords and names in scope).
func BenchmarkCompletion(b *testing.B) {
	bin, err := buildOnce()
	if err != nil {
		b.Fatal(err)
	}
	src := string(synth.Program(benchLines))
	dir := b.TempDir()
	path := filepath.Join(dir, "app.rvl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	p := startServer(b, dir, bin)
	ctx, cancel := context.WithTimeout(context.Background(), 10*timeout)
	defer cancel()
	if err := p.conn.Call(ctx, "initialize", map[string]any{"processId": os.Getpid(), "capabilities": map[string]any{}}, nil); err != nil {
		b.Fatal(err)
	}
	_ = p.conn.Notify(ctx, "initialized", map[string]any{})
	uri := pathURI(path)
	_ = p.conn.Notify(ctx, "textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "revl", Version: 1, Text: src}})
	p.waitVersion(b, ctx, uri, 1)
	m := NewMapper(src)
	// The emit of the unit in the middle of the file.
	mid := strings.Index(src[len(src)/2:], "  emit log") + len(src)/2
	member := m.Position(mid + len("  emit log") + strings.Index(src[mid+len("  emit log"):], ".") + 1)
	stmt := m.Position(mid + 2)
	for _, c := range []struct {
		name string
		pos  protocol.Position
	}{{"member", member}, {"statement", stmt}} {
		b.Run(c.name, func(b *testing.B) {
			params := &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: c.pos}}
			var list protocol.CompletionList
			for i := 0; i < b.N; i++ {
				if err := p.conn.Call(ctx, "textDocument/completion", params, &list); err != nil {
					b.Fatal(err)
				}
			}
			if len(list.Items) == 0 {
				b.Fatal("no completion items")
			}
			b.ReportMetric(float64(len(list.Items)), "items")
			b.ReportMetric(rssMB(p.cmd.Process.Pid), "MB-rss")
		})
	}
}
