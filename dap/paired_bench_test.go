package dap

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/internal/benchstat"
	"revl.dev/debug/internal/cpuclock"
	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/seam"
)

// wall times the requests: the system's clock, through the seam.
var wall seam.Clock = seam.SystemClock{}

// Like-for-like comparisons with Delve's `dlv dap` (v1.27.2; skipped
// without it on PATH), measured in the same run with revl and Delve
// alternating per iteration, so that both see the same load. Each
// iteration's figure is the sum of the wall times of its requests; the
// benchmark reports the median and quartiles of each side, their ratio,
// and the machine's load average. docs/performance.md quotes them.
//
//	go test ./dap -run XXX -bench PairedInspect -benchtime 200x -count 5
//	go test ./dap -run XXX -bench PairedLaunch -benchtime 16x -count 3

// inspectSeq is what a client asks at a stop before it can show the
// Variables pane: a stackTrace of the stopped thread, the scopes of its
// top frame and the variables of the first scope. It returns the three
// requests' wall times summed.
func inspectSeq(b *testing.B, c *daptest.Client, thread any, per *[3][]time.Duration) time.Duration {
	ok := okOrFatal(b)
	t0 := wall.Now()
	st := ok(c.Request("stackTrace", map[string]any{"threadId": thread}))
	t1 := wall.Now()
	frame := st.Body()["stackFrames"].([]any)[0].(map[string]any)["id"]
	sc := ok(c.Request("scopes", map[string]any{"frameId": frame})).Body()["scopes"].([]any)
	t2 := wall.Now()
	ref := sc[0].(map[string]any)["variablesReference"]
	vs := ok(c.Request("variables", map[string]any{"variablesReference": ref})).Body()["variables"].([]any)
	t3 := wall.Now()
	if len(vs) == 0 {
		b.Fatalf("the first scope of frame %v has no variables", frame)
	}
	c.Transcript()
	c.Drain()
	for i, d := range []time.Duration{t1.Sub(t0), t2.Sub(t1), t3.Sub(t2)} {
		per[i] = append(per[i], d)
	}
	return t3.Sub(t0)
}

// BenchmarkPairedInspect times inspectSeq on revl-dap (spawned, on
// stdio) stopped in the middle of the worked example and of
// gen.Wide(5_000), and on Delve stopped in a small Go loop. Before each
// iteration every side is moved to a fresh stop, not timed: revl-dap
// steps forward a decision (`next`) and back again (`stepBack`) in turn,
// so that it stays near the decision launched at; Delve steps over a line
// of add (`next`) and continues to the breakpoint at its top in turn, so
// that the stop stays in add, whose Locals are the first scope. The
// three requests are then what a client sends once per stop, answered
// from nothing kept of an earlier stop (the stop cache of revl-dap is
// empty). The same three
// requests are then sent again at that stop, timed apart and reported as
// *-again-*: what a client's redraw at one stop costs. CPU is each
// server's run time over the timed requests only, not over the steps.
//
// With REVL_DAP_BASELINE naming another revl-dap binary (an older build,
// say), that binary is a third side of the same rotation, reported as
// base-* with the ratio of the two adapters' CPU: a before/after
// comparison under one load.
func BenchmarkPairedInspect(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	bin := buildAdapter(b, ctx)
	base := os.Getenv("REVL_DAP_BASELINE")
	for _, p := range pairedPrograms(b) {
		b.Run(p.name, func(b *testing.B) {
			var sides []*pairedSide
			add := func(c *daptest.Client, thread any, pid int, step func(i int) any) *pairedSide {
				s := &pairedSide{c: c, thread: thread, pid: pid, step: step}
				sides = append(sides, s)
				return s
			}
			c, rpid, stop := startAdapterPid(b, ctx, bin)
			defer stop()
			launchAt(b, c, p.path, p.at)
			revl := add(c, schedulerThread, rpid, revlStep(b, c))
			var old, delve *pairedSide
			if base != "" {
				bc, bpid, bstop := startAdapterPid(b, ctx, base)
				defer bstop()
				launchAt(b, bc, p.path, p.at)
				old = add(bc, schedulerThread, bpid, revlStep(b, bc))
			}
			if dlv, ok := findDelve(); ok {
				loop := buildLoop(b, ctx)
				dc, thread, dpid := startDelveOn(b, ctx, dlv, loop)
				delve = add(dc, thread, dpid, delveStep(b, dc, thread))
			}
			i := 0
			for b.Loop() {
				// Who goes first rotates, so that no side always follows
				// another's burst of work.
				for k := range sides {
					sides[(i+k)%len(sides)].iteration(b, i)
				}
				i++
			}
			var dfresh, dagain []time.Duration
			var dcpu, dagainCPU time.Duration
			if delve != nil {
				dfresh, dagain, dcpu, dagainCPU = delve.fresh, delve.again, delve.cpu, delve.againCPU
			}
			reportPaired(b, revl.fresh, dfresh)
			reportCPU(b, i, revl.cpu, dcpu, delve != nil)
			for j, name := range []string{"stackTrace", "scopes", "variables"} {
				b.ReportMetric(benchstat.Ms(quantile(revl.per[j], 0.5)), "revl-"+name+"-p50-ms")
				if delve != nil {
					b.ReportMetric(benchstat.Ms(quantile(delve.per[j], 0.5)), "delve-"+name+"-p50-ms")
				}
			}
			if i > 0 {
				// Secondary: the same three requests again at that stop.
				b.ReportMetric(benchstat.Ms(quantile(revl.again, 0.5)), "revl-again-p50-ms")
				b.ReportMetric(float64(revl.againCPU)/1e3/float64(i), "revl-again-cpu-µs")
				if delve != nil {
					b.ReportMetric(benchstat.Ms(quantile(dagain, 0.5)), "delve-again-p50-ms")
					b.ReportMetric(float64(dagainCPU)/1e3/float64(i), "delve-again-cpu-µs")
					if dagainCPU > 0 {
						b.ReportMetric(float64(revl.againCPU)/float64(dagainCPU), "again-cpu-ratio")
					}
				}
			}
			if old != nil && i > 0 {
				b.ReportMetric(benchstat.Ms(quantile(old.fresh, 0.5)), "base-p50-ms")
				b.ReportMetric(float64(old.cpu)/1e3/float64(i), "base-cpu-µs")
				if old.cpu > 0 {
					b.ReportMetric(float64(revl.cpu)/float64(old.cpu), "cpu-ratio-base")
				}
				if delve != nil && dcpu > 0 {
					b.ReportMetric(float64(old.cpu)/float64(dcpu), "base-cpu-ratio")
				}
			}
		})
	}
}

// pairedSide is one debugger of BenchmarkPairedInspect and what was
// measured of it.
type pairedSide struct {
	c      *daptest.Client
	thread any
	pid    int
	// step moves the debugger to a fresh stop (iteration i) and returns
	// the thread it stopped.
	step func(i int) any

	fresh, again  []time.Duration // wall times: first at a stop, again at it
	cpu, againCPU time.Duration   // the server's CPU time over each
	per           [3][]time.Duration
}

// iteration takes a fresh stop, not timed, then times the three requests
// at it and the same three again.
func (s *pairedSide) iteration(b *testing.B, i int) {
	s.thread = s.step(i)
	c0 := cpuclock.Of(s.pid)
	s.fresh = append(s.fresh, inspectSeq(b, s.c, s.thread, &s.per))
	c1 := cpuclock.Of(s.pid)
	var per [3][]time.Duration
	s.again = append(s.again, inspectSeq(b, s.c, s.thread, &per))
	c2 := cpuclock.Of(s.pid)
	s.cpu += c1 - c0
	s.againCPU += c2 - c1
}

// revlStep steps revl-dap forward a decision on even iterations and back
// on odd ones.
func revlStep(b *testing.B, c *daptest.Client) func(int) any {
	return func(i int) any {
		cmd := "next"
		if i%2 == 1 {
			cmd = "stepBack"
		}
		st, err := c.Step(cmd, map[string]any{"threadId": schedulerThread})
		if err != nil {
			b.Fatal(err)
		}
		c.Transcript()
		c.Drain()
		return st.Body()["threadId"]
	}
}

// delveStep steps Delve over the first line of add on even iterations
// and continues to the breakpoint there on odd ones.
func delveStep(b *testing.B, c *daptest.Client, thread any) func(int) any {
	ok := okOrFatal(b)
	return func(i int) any {
		cmd := "next"
		if i%2 == 1 {
			cmd = "continue"
		}
		ok(c.Request(cmd, map[string]any{"threadId": thread}))
		thread = ok(c.Event("stopped")).Body()["threadId"]
		c.Transcript()
		c.Drain()
		return thread
	}
}

// BenchmarkPairedLaunch times launch → first stop: from the launch
// request to the stopped event, with the configuration requests between
// (revl: setExceptionBreakpoints; Delve: setBreakpoints in main), on a
// fresh process each iteration whose start and initialize are not timed.
// revl launches the worked example and gen.Wide(5_000); Delve launches
// the small Go loop, built beforehand.
func BenchmarkPairedLaunch(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	bin := buildAdapter(b, ctx)
	dlv, haveDelve := findDelve()
	var loop string
	if haveDelve {
		loop = buildLoop(b, ctx)
	}
	for _, p := range pairedPrograms(b) {
		b.Run(p.name, func(b *testing.B) {
			var revl, delve []time.Duration
			var rcpu, dcpu time.Duration
			i := 0
			for b.Loop() {
				if i%2 == 0 || !haveDelve {
					revl = append(revl, launchRevl(b, ctx, bin, p.path, &rcpu))
				}
				if haveDelve {
					delve = append(delve, launchDelve(b, ctx, dlv, loop, &dcpu))
					if i%2 == 1 {
						revl = append(revl, launchRevl(b, ctx, bin, p.path, &rcpu))
					}
				}
				i++
			}
			reportPaired(b, revl, delve)
			reportCPU(b, i, rcpu, dcpu, haveDelve)
		})
	}
}

type pairedProgram struct {
	name, path string
	at         int // the decision inspected
}

// pairedPrograms writes the programs both benchmarks debug.
func pairedPrograms(b *testing.B) []pairedProgram {
	worked, err := os.ReadFile(filepath.Join("testdata", "worked.rvl"))
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var out []pairedProgram
	for _, p := range []struct {
		name string
		src  []byte
		at   int
	}{{"worked", worked, 2}, {"wide=5000", gen.Source(gen.Wide(5_000)), 5_000}} {
		path := filepath.Join(dir, strings.ReplaceAll(p.name, "=", "")+".rvl")
		if err := os.WriteFile(path, p.src, 0o644); err != nil {
			b.Fatal(err)
		}
		out = append(out, pairedProgram{p.name, path, p.at})
	}
	return out
}

// launchAt launches prog with seed 7 and goes to decision at.
func launchAt(b *testing.B, c *daptest.Client, prog string, at int) {
	ok := okOrFatal(b)
	launchStopped(b, c, prog)
	ok(c.Request(cmdGotoDecision, map[string]any{"index": at}))
	ok(c.Event("revl/position"))
	c.Transcript()
	c.Drain()
}

// launchRevl starts revl-dap and times its launch → first stop; it adds
// the adapter's CPU time over that span to cpu.
func launchRevl(b *testing.B, ctx context.Context, bin, prog string, cpu *time.Duration) time.Duration {
	ok := okOrFatal(b)
	c, pid, stop := startAdapterPid(b, ctx, bin)
	defer stop()
	ok(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	c0 := cpuclock.Of(pid)
	defer func() { *cpu += cpuclock.Of(pid) - c0 }()
	t0 := wall.Now()
	ok(c.Request("launch", map[string]any{"program": prog, "seed": 7}))
	ok(c.Event("initialized"))
	ok(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
	ok(c.Request("configurationDone", nil))
	ok(c.Event("stopped"))
	return wall.Now().Sub(t0)
}

// launchDelve starts `dlv dap` and times its launch → first stop at the
// breakpoint in the loop; it adds dlv's CPU time over that span to cpu
// (not the debuggee's, which runs until the breakpoint in its own
// process).
func launchDelve(b *testing.B, ctx context.Context, dlv, loop string, cpu *time.Duration) time.Duration {
	ok := okOrFatal(b)
	c, pid, stopDlv := dialDelve(b, ctx, dlv)
	defer stopDlv()
	main := filepath.Join(filepath.Dir(loop), "main.go")
	ok(c.Request("initialize", map[string]any{"adapterID": "go", "linesStartAt1": true, "columnsStartAt1": true}))
	c0 := cpuclock.Of(pid)
	t0 := wall.Now()
	ok(c.Request("launch", map[string]any{"mode": "exec", "program": loop}))
	ok(c.Event("initialized"))
	ok(c.Request("setBreakpoints", map[string]any{"source": map[string]any{"path": main}, "breakpoints": []any{map[string]any{"line": loopLine}}}))
	ok(c.Request("configurationDone", nil))
	ok(c.Event("stopped"))
	d := wall.Now().Sub(t0)
	*cpu += cpuclock.Of(pid) - c0
	ok(c.Request("disconnect", map[string]any{"terminateDebuggee": true}))
	return d
}

// findDelve looks for dlv on PATH.
func findDelve() (string, bool) {
	dlv, err := exec.LookPath("dlv")
	return dlv, err == nil
}

// loopLine is the line of the loop's breakpoint: in add, whose locals
// and arguments (s; x, i and the result) are what Delve's Locals scope
// lists. (Delve v1.27.2 shows no locals in main's loop of a binary built
// by Go 1.26.)
const loopLine = 12

// buildLoop builds the small Go program Delve debugs, without
// optimizations, and returns the binary's path; main.go is beside it.
func buildLoop(b *testing.B, ctx context.Context) string {
	dir := b.TempDir()
	src := "package main\n\nfunc main() {\n\tx := 0\n\tfor i := 0; ; i++ {\n\t\tx = add(x, i)\n\t}\n}\n\nfunc add(x, i int) int {\n\ts := x + i\n\treturn s ^ i\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module loop\n\ngo 1.22\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, "loop")
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	build := exec.CommandContext(ctx, gobin, "build", "-gcflags=all=-N -l", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// dialDelve starts `dlv dap` on a loopback port and connects to it.
func dialDelve(b *testing.B, ctx context.Context, dlv string) (*daptest.Client, int, func()) {
	cmd := exec.CommandContext(ctx, dlv, "dap", "--listen", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	// A debuggee outlives a killed dlv, and a running loop then spins on a
	// core for good: its children go first, when the benchmark ends it
	// and when the context is cancelled.
	cmd.Cancel = func() error {
		killChildren(cmd.Process.Pid)
		return cmd.Process.Kill()
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	kill := func() {
		killChildren(cmd.Process.Pid)
		cmd.Process.Kill()
		cmd.Wait()
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		kill()
		b.Fatal(err)
	}
	addr := strings.TrimSpace(line[strings.LastIndex(line, " ")+1:])
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		kill()
		b.Fatal(err)
	}
	return daptest.New(ctx, conn, conn), cmd.Process.Pid, func() {
		conn.Close()
		kill()
	}
}

// killChildren kills the processes whose parent is pid (Linux: read from
// /proc; elsewhere nothing).
func killChildren(pid int) {
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		child, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		raw, err := os.ReadFile(filepath.Join("/proc", p.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after its ')'.
		if f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:])); len(f) > 1 && f[1] == strconv.Itoa(pid) {
			if proc, err := os.FindProcess(child); err == nil {
				proc.Kill()
			}
		}
	}
}

// startDelveOn starts Delve on loop, stopped at the breakpoint in the
// loop (which stays set: delveStep continues to it), and returns the
// client, the stopped thread and dlv's process id.
func startDelveOn(b *testing.B, ctx context.Context, dlv, loop string) (*daptest.Client, any, int) {
	ok := okOrFatal(b)
	c, pid, stop := dialDelve(b, ctx, dlv)
	b.Cleanup(stop)
	main := filepath.Join(filepath.Dir(loop), "main.go")
	ok(c.Request("initialize", map[string]any{"adapterID": "go", "linesStartAt1": true, "columnsStartAt1": true}))
	ok(c.Request("launch", map[string]any{"mode": "exec", "program": loop}))
	ok(c.Event("initialized"))
	ok(c.Request("setBreakpoints", map[string]any{"source": map[string]any{"path": main}, "breakpoints": []any{map[string]any{"line": loopLine}}}))
	ok(c.Request("configurationDone", nil))
	thread := ok(c.Event("stopped")).Body()["threadId"]
	c.Transcript()
	c.Drain()
	return c, thread, pid
}

// reportPaired reports the quartiles of both sides in milliseconds, the
// ratio revl/Delve of the medians and of the quartiles, and the load
// average at the end (Linux; omitted elsewhere).
func reportPaired(b *testing.B, revl, delve []time.Duration) {
	for _, q := range []struct {
		name string
		p    float64
	}{{"p25", 0.25}, {"p50", 0.5}, {"p75", 0.75}} {
		b.ReportMetric(benchstat.Ms(quantile(revl, q.p)), "revl-"+q.name+"-ms")
		if len(delve) > 0 {
			b.ReportMetric(benchstat.Ms(quantile(delve, q.p)), "delve-"+q.name+"-ms")
			b.ReportMetric(float64(quantile(revl, q.p))/float64(quantile(delve, q.p)), "ratio-"+q.name)
		}
	}
	if la, ok := loadAverage(); ok {
		b.ReportMetric(la, "load1")
	}
}

// reportCPU reports the servers' CPU time per iteration (n of them) in
// microseconds and their ratio: unlike the wall times, it does not count
// the waits for a core of a loaded machine. Without a CPU clock (not
// Linux) nothing is reported.
func reportCPU(b *testing.B, n int, revl, delve time.Duration, haveDelve bool) {
	if n == 0 || cpuclock.Of(os.Getpid()) == 0 {
		return
	}
	b.ReportMetric(float64(revl)/1e3/float64(n), "revl-cpu-µs")
	if haveDelve {
		b.ReportMetric(float64(delve)/1e3/float64(n), "delve-cpu-µs")
		b.ReportMetric(float64(revl)/float64(delve), "cpu-ratio")
	}
}

// quantile is the nearest-rank quantile p of ds, the rank rounded to the
// nearest (benchstat.Quantile rounds it down): the rule every figure of
// this package's paired benchmarks in docs/performance.md was taken with.
func quantile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1)+0.5)]
}

// loadAverage is the one-minute load average from /proc/loadavg.
func loadAverage() (float64, bool) {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(raw))
	if len(f) == 0 {
		return 0, false
	}
	la, err := strconv.ParseFloat(f[0], 64)
	return la, err == nil
}

// BenchmarkInspectInProcess is inspectSeq on an in-process server over
// pipes, with no process or scheduler hop: what revl-dap itself spends,
// and the benchmark to profile (-cpuprofile). In the "again" runs every
// iteration asks at the same stop, as the again figures of
// BenchmarkPairedInspect do, and after the first the stop cache answers; in the "fresh" runs a `pause`
// (not timed) empties the cache before each, so that the three requests
// build their answers as the first at a stop does.
//
//	go test ./dap -run XXX -bench InspectInProcess -benchtime 2000x -cpuprofile cpu.out
func BenchmarkInspectInProcess(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	for _, p := range pairedPrograms(b) {
		for _, fresh := range []bool{false, true} {
			name := p.name + "/again"
			if fresh {
				name = p.name + "/fresh"
			}
			b.Run(name, func(b *testing.B) {
				fromServer, fromClient := servePipes(b, Options{})
				c := daptest.New(ctx, fromServer, fromClient)
				launchAt(b, c, p.path, p.at)
				ok := okOrFatal(b)
				var per [3][]time.Duration
				for b.Loop() {
					if fresh {
						ok(c.Request("pause", map[string]any{"threadId": schedulerThread}))
					}
					inspectSeq(b, c, schedulerThread, &per)
				}
				for j, name := range []string{"stackTrace", "scopes", "variables"} {
					b.ReportMetric(float64(quantile(per[j], 0.5))/1e3, name+"-p50-µs")
				}
			})
		}
	}
}
