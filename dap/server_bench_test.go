package dap

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	godap "github.com/google/go-dap"
)

// BenchmarkInspectServer is what the adapter alone spends on the three
// requests of a fresh stop, as BenchmarkPairedInspect makes them: before
// each iteration a `next` or a `stepBack`, in turn (its work is in the
// profile too, as its garbage is in the adapter's heap), then stackTrace,
// scopes and variables. The client side is raw bytes (requests encoded
// once, responses framed and not decoded), so that a profile of the
// benchmark is the server's:
//
//	go test ./dap -run XXX -bench InspectServer -benchtime 5000x -cpuprofile cpu.out -memprofile mem.out
//	go tool pprof -top -focus 'onStackTrace|onScopes|onVariables|fastDecode|sendBody' dap.test cpu.out
func BenchmarkInspectServer(b *testing.B) {
	for _, p := range pairedPrograms(b) {
		b.Run(p.name, func(b *testing.B) {
			send, until, _ := rawSession(b)
			// launchAt, in raw messages.
			path, _ := json.Marshal(p.path)
			send("initialize", `{"adapterID":"revl"}`)
			until(`"command":"initialize"`)
			send("launch", `{"program":`+string(path)+`,"seed":7}`)
			until(`"event":"initialized"`)
			send("setExceptionBreakpoints", `{"filters":[]}`)
			until(`"command":"setExceptionBreakpoints"`)
			send("configurationDone", `{}`)
			until(`"event":"stopped"`)
			send(cmdGotoDecision, `{"index":`+strconv.Itoa(p.at)+`}`)
			until(`"event":"revl/position"`)
			i := 0
			for b.Loop() {
				if i%2 == 0 {
					send("next", `{"threadId":1}`)
				} else {
					send("stepBack", `{"threadId":1}`)
				}
				until(`"event":"revl/position"`)
				// A fresh stop names frame 1 and its Decision scope
				// reference 1 (handles.reset).
				send("stackTrace", `{"threadId":1}`)
				until(`"command":"stackTrace"`)
				send("scopes", `{"frameId":1}`)
				until(`"command":"scopes"`)
				send("variables", `{"variablesReference":1}`)
				until(`"command":"variables"`)
				i++
			}
		})
	}
}

// rawSession serves a session in process for a benchmark and returns a
// client of raw bytes: send writes a request (encoded once, here), until
// reads the server's messages, framed on their own goroutine (a write to
// an io.Pipe waits for its reader) and not decoded, until one contains
// marker, and fails on a response that is not a success; end closes the
// session and waits for it to finish (else the test's cleanup does).
func rawSession(b *testing.B) (send func(command, args string), until func(marker string), end func()) {
	fromServer, fromClient := servePipes(b, Options{})
	msgs := make(chan []byte, 64)
	go func() {
		defer close(msgs)
		br := bufio.NewReader(fromServer)
		for {
			m, err := godap.ReadBaseMessage(br)
			if err != nil {
				return
			}
			msgs <- m
		}
	}()
	seq := 0
	send = func(command, args string) {
		seq++
		body := `{"seq":` + strconv.Itoa(seq) + `,"type":"request","command":"` + command + `","arguments":` + args + `}`
		if err := godap.WriteBaseMessage(fromClient, []byte(body)); err != nil {
			b.Fatal(err)
		}
	}
	until = func(marker string) {
		for m := range msgs {
			if bytes.Contains(m, []byte(`"success":false`)) {
				b.Fatalf("%s", m)
			}
			if bytes.Contains(m, []byte(marker)) {
				return
			}
		}
		b.Fatal("the server ended")
	}
	end = func() {
		fromClient.Close()
		for range msgs {
		}
	}
	return send, until, end
}

// BenchmarkLaunchServer is what the adapter alone spends from launch to
// the first stop, in process, as BenchmarkPairedLaunch makes the requests:
// a session per iteration, launching the programs of BenchmarkPairedInspect
// with a seed. A profile of it is the launch's (parse, check, world,
// engine):
//
//	go test ./dap -run XXX -bench 'LaunchServer/wide=5000$' -benchtime 40x -cpuprofile cpu.out
//	go tool pprof -top -cum -focus buildLaunch dap.test cpu.out
func BenchmarkLaunchServer(b *testing.B) {
	for _, p := range pairedPrograms(b) {
		b.Run(p.name, func(b *testing.B) {
			path, _ := json.Marshal(p.path)
			for b.Loop() {
				send, until, end := rawSession(b)
				send("initialize", `{"adapterID":"revl"}`)
				until(`"command":"initialize"`)
				send("launch", `{"program":`+string(path)+`,"seed":7}`)
				until(`"event":"initialized"`)
				send("configurationDone", `{}`)
				until(`"event":"stopped"`)
				b.StopTimer()
				end() // the session's heap is not the next launch's
				b.StartTimer()
			}
		})
	}
}
