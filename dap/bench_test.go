package dap

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/internal/gen"
)

// Round-trip latency of `next` and `stepBack` over stdio, at decision 10
// and at decision 99,990 of a seeded 100,000-decision schedule of a
// 50,000-component composition (internal/gen.Wide), against a `next` of
// Delve's `dlv dap` on a small Go program when dlv is installed. Results
// and how to run them: docs/performance.md.
//
//	go test ./dap -run XXX -bench StepLatency -benchtime 200x

// spawn builds revl-dap, starts it on pipes and returns a client.
func spawn(b *testing.B, ctx context.Context) *daptest.Client {
	b.Helper()
	c, stop := startAdapter(b, ctx, buildAdapter(b, ctx))
	b.Cleanup(stop)
	return c
}

// roundTrip sends a stepping request and waits for its stopped and
// revl/position events: what a client waits for before it can show the
// new position.
func roundTrip(b *testing.B, c *daptest.Client, command string) {
	if _, err := c.Step(command, map[string]any{"threadId": 1}); err != nil {
		b.Fatal(err)
	}
	c.Transcript() // drop the record
	c.Drain()
}

func BenchmarkStepLatency(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	src := gen.Source(gen.Wide(50_000))
	// The same composition without its emissions: every emission after a
	// restore copies the runtime's whole emission log (docs/performance.md),
	// so this variant shows the engine's own cost apart from that.
	var quiet []string
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.Contains(line, "emit ") {
			quiet = append(quiet, line)
		}
	}
	for _, prog := range []struct {
		name string
		src  []byte
	}{{"wide", src}, {"wide-no-emissions", []byte(strings.Join(quiet, "\n"))}} {
		b.Run(prog.name, func(b *testing.B) { stepLatency(b, ctx, prog.src) })
	}
}

func stepLatency(b *testing.B, ctx context.Context, src []byte) {
	prog := filepath.Join(b.TempDir(), "wide.rvl")
	if err := os.WriteFile(prog, src, 0o644); err != nil {
		b.Fatal(err)
	}
	c := spawn(b, ctx)
	ok := okOrFatal(b)
	launchStopped(b, c, prog)
	for _, at := range []int{10, 99_990} {
		ok(c.Request(cmdGotoDecision, map[string]any{"index": at}))
		ok(c.Event("revl/position"))
		c.Transcript()
		c.Drain()
		b.Run(fmt.Sprintf("next/decision=%d", at), func(b *testing.B) {
			b.StopTimer()
			for range b.N {
				b.StartTimer()
				roundTrip(b, c, "next")
				b.StopTimer()
				roundTrip(b, c, "stepBack")
			}
		})
		b.Run(fmt.Sprintf("stepBack/decision=%d", at), func(b *testing.B) {
			b.StopTimer()
			for range b.N {
				roundTrip(b, c, "next")
				b.StartTimer()
				roundTrip(b, c, "stepBack")
				b.StopTimer()
			}
		})
	}
}

// BenchmarkDelveNext measures a `next` of Delve's DAP server on a small
// Go program, for scale. It skips when dlv is not installed
// (go install github.com/go-delve/delve/cmd/dlv@v1.27.2).
func BenchmarkDelveNext(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, thread, ok := startDelve(b, ctx)
	b.ResetTimer()
	for range b.N {
		ok(c.Request("next", map[string]any{"threadId": thread}))
		ok(c.Event("stopped"))
		c.Transcript()
		c.Drain()
	}
}

// startDelve starts `dlv dap` on the paired benchmarks' Go loop
// (buildLoop), stopped at its breakpoint, which it then clears so that
// `next` steps line by line, and returns the client, the stopped thread
// and a checker of responses. It skips when dlv is not installed.
func startDelve(b *testing.B, ctx context.Context) (*daptest.Client, any, func(daptest.Message, error) daptest.Message) {
	dlv, found := findDelve()
	if !found {
		b.Skip("dlv is not installed")
	}
	loop := buildLoop(b, ctx)
	c, thread, _ := startDelveOn(b, ctx, dlv, loop)
	ok := okOrFatal(b)
	ok(c.Request("setBreakpoints", map[string]any{"source": map[string]any{"path": filepath.Join(filepath.Dir(loop), "main.go")}, "breakpoints": []any{}}))
	c.Transcript()
	return c, thread, ok
}

// Launch → first stop, and the first revl/timeline of the session, on
// gen.Wide(2000) with a seed: a fresh revl-dap per iteration, so each
// figure includes preparing the world and running the canonical baseline
// (once per session). docs/performance.md quotes the medians.
//
//	go test ./dap -run XXX -bench LaunchWide -benchtime 10x -count 5
func BenchmarkLaunchWide(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	prog := filepath.Join(b.TempDir(), "wide.rvl")
	if err := os.WriteFile(prog, gen.Source(gen.Wide(2000)), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := buildAdapter(b, ctx)
	ok := okOrFatal(b)
	for _, part := range []string{"first-stop", "timeline"} {
		b.Run(part, func(b *testing.B) {
			b.StopTimer()
			for range b.N {
				c, stop := startAdapter(b, ctx, bin)
				ok(c.Request("initialize", map[string]any{"adapterID": "revl"}))
				if part == "first-stop" {
					b.StartTimer()
				}
				ok(c.Request("launch", map[string]any{"program": prog, "seed": 7}))
				ok(c.Event("initialized"))
				ok(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
				ok(c.Request("configurationDone", nil))
				ok(c.Event("stopped"))
				b.StopTimer()
				c.Transcript()
				c.Drain()
				if part == "timeline" {
					b.StartTimer()
					ok(c.Request(cmdTimeline, map[string]any{"from": 0, "to": 10}))
					b.StopTimer()
				}
				stop()
			}
		})
	}
}

// buildAdapter builds revl-dap once for a benchmark.
func buildAdapter(b *testing.B, ctx context.Context) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "revl-dap")
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if out, err := exec.CommandContext(ctx, gobin, "build", "-o", bin, "revl.dev/debug/cmd/revl-dap").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startAdapter starts bin on pipes; stop ends it.
func startAdapter(b *testing.B, ctx context.Context, bin string) (*daptest.Client, func()) {
	b.Helper()
	c, _, stop := startAdapterPid(b, ctx, bin)
	return c, stop
}

// startAdapterPid is startAdapter that also returns the process id.
func startAdapterPid(b *testing.B, ctx context.Context, bin string) (*daptest.Client, int, func()) {
	b.Helper()
	c, cmd, stop := startAdapterCmd(b, ctx, bin)
	return c, cmd.Process.Pid, stop
}

// startAdapterCmd starts the adapter on pipes; stop closes its stdin and
// waits, after which cmd.ProcessState holds what the process used.
func startAdapterCmd(b *testing.B, ctx context.Context, bin string) (*daptest.Client, *exec.Cmd, func()) {
	b.Helper()
	cmd := exec.CommandContext(ctx, bin)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return daptest.New(ctx, out, in), cmd, func() {
		in.Close()
		cmd.Wait()
	}
}

// What a client asks at a stop to fill its Variables pane, on the worked
// example and on gen.Wide(5,000) and gen.Wide(50,000) (10,000 and 100,000
// decisions, ready sets thousands wide in the middle of the run): a
// stackTrace of the scheduler thread, the scopes of its frame, and the
// variables of the Decision scope, of its ready set (no count: the first
// page), of the Emissions and of the Provisions scope. Paged containers
// make it flat in the composition's size (docs/performance.md).
//
//	go test ./dap -run XXX -bench '^BenchmarkInspect$' -benchtime 200x -count 5
func BenchmarkInspect(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	bin := buildAdapter(b, ctx)
	worked, err := os.ReadFile(filepath.Join("testdata", "worked.rvl"))
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []struct {
		name string
		src  []byte
		at   int
	}{{"worked", worked, 2}, {"wide=5000", gen.Source(gen.Wide(5_000)), 5_000}, {"wide=50000", gen.Source(gen.Wide(50_000)), 50_000}} {
		b.Run(p.name, func(b *testing.B) {
			prog := filepath.Join(b.TempDir(), "prog.rvl")
			if err := os.WriteFile(prog, p.src, 0o644); err != nil {
				b.Fatal(err)
			}
			c, stop := startAdapter(b, ctx, bin)
			defer stop()
			ok := okOrFatal(b)
			launchStopped(b, c, prog)
			ok(c.Request(cmdGotoDecision, map[string]any{"index": p.at}))
			ok(c.Event("revl/position"))
			c.Transcript()
			c.Drain()
			ref := func(vs []any, name string) float64 {
				for _, v := range vs {
					if m := v.(map[string]any); m["name"] == name {
						r, _ := m["variablesReference"].(float64)
						return r
					}
				}
				b.Fatalf("no %s in %v", name, vs)
				return 0
			}
			ready, sent := 0, 0
			for b.Loop() {
				st := ok(c.Request("stackTrace", map[string]any{"threadId": 1}))
				frame := st.Body()["stackFrames"].([]any)[0].(map[string]any)["id"]
				sc := ok(c.Request("scopes", map[string]any{"frameId": frame})).Body()["scopes"].([]any)
				dec := ok(c.Request("variables", map[string]any{"variablesReference": ref(sc, "Decision")})).Body()["variables"].([]any)
				rd := ok(c.Request("variables", map[string]any{"variablesReference": ref(dec, "ready")})).Body()["variables"].([]any)
				for _, s := range sc {
					if name := s.(map[string]any)["name"].(string); strings.HasPrefix(name, "Emissions") || name == "Provisions" {
						vs := ok(c.Request("variables", map[string]any{"variablesReference": ref(sc, name)})).Body()["variables"].([]any)
						sent = max(sent, len(vs))
					}
				}
				ready, sent = len(rd), max(sent, len(rd))
				c.Transcript()
				c.Drain()
			}
			if sent > pageSize+1 {
				b.Fatalf("a variables response without a count sent %d entries", sent)
			}
			b.ReportMetric(float64(ready), "ready-entries")
		})
	}
}

// okOrFatal checks a benchmark's request: a transport error or a failed
// response ends it.
func okOrFatal(b *testing.B) func(daptest.Message, error) daptest.Message {
	return func(m daptest.Message, err error) daptest.Message {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
		if m.Type() == "response" && !m.Success() {
			b.Fatalf("%s: %v", m.Command(), m["message"])
		}
		return m
	}
}

// launchStopped launches prog with seed 7 and waits for the stop at entry.
func launchStopped(b *testing.B, c *daptest.Client, prog string) {
	b.Helper()
	ok := okOrFatal(b)
	ok(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	ok(c.Request("launch", map[string]any{"program": prog, "seed": 7}))
	ok(c.Event("initialized"))
	ok(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
	ok(c.Request("configurationDone", nil))
	ok(c.Event("stopped"))
}
