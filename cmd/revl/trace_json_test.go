package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"revl.dev/debug/dap"
	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline"
)

// TestTraceShowJSONIsTheDAPBody: `revl trace show --json` prints the body
// the debugger answers revl/timeline with for the same run (less the
// session's position), for the whole run and for a window, so the VS
// Code trace editor and the debug session's timeline show the same model.
func TestTraceShowJSONIsTheDAPBody(t *testing.T) {
	for _, tc := range []struct {
		program string
		cfg     timeline.Config
		show    []string       // flags after the trace
		dap     map[string]any // revl/timeline arguments
	}{
		{"../../examples/two-consumers.rvl", timeline.Config{Seeded: true, Seed: 3}, nil, nil},
		{"../../examples/two-consumers.rvl", timeline.Config{Choices: []int{0, 1}}, []string{"--at", "2", "--window", "1"}, map[string]any{"from": 1, "to": 4}},
		{"../../testdata/schedule/commutative.rvl", timeline.Config{Choices: []int{0, 1}}, nil, nil},
		{"../../testdata/schedule/residue_leak.rvl", timeline.Config{Seeded: true, Seed: 1}, nil, nil},
		{"../../testdata/schedule/deadlock_failed.rvl", timeline.Config{Seeded: true, Seed: 1}, nil, nil},
		// Fine atoms: the lanes' resumes and suspended spans are the same body too.
		{"../../testdata/fine/resume_lost_update.rvl", timeline.Config{Choices: []int{0, 0, 0, 0, 1}, Options: runtime.Options{Atoms: runtime.AtomsFine}}, nil, nil},
	} {
		t.Run(filepath.Base(tc.program)+fmt.Sprint(tc.show), func(t *testing.T) {
			src, err := os.ReadFile(tc.program)
			if err != nil {
				t.Fatal(err)
			}
			cfg := tc.cfg
			cfg.Program, cfg.Source, cfg.Recorder = tc.program, src, "test"
			path := filepath.Join(t.TempDir(), "run.rvt")
			if _, err := recordFile(path, cfg); err != nil {
				t.Fatal(err)
			}
			var out, errs bytes.Buffer
			if code := run(append([]string{"trace", "show", "--json", path}, tc.show...), &out, &errs); code != exitOK {
				t.Fatalf("revl trace show --json: exit %d: %s", code, errs.String())
			}
			var shown map[string]any
			if err := json.Unmarshal(out.Bytes(), &shown); err != nil {
				t.Fatal(err)
			}
			body := dapTimeline(t, map[string]any{"trace": path, "program": tc.program}, tc.dap)
			if _, ok := body["position"]; !ok {
				t.Fatalf("revl/timeline has no position: %v", body)
			}
			delete(body, "position")
			if !reflect.DeepEqual(shown, body) {
				a, _ := json.MarshalIndent(shown, "", " ")
				b, _ := json.MarshalIndent(body, "", " ")
				t.Fatalf("revl trace show --json:\n%s\nrevl/timeline:\n%s", a, b)
			}
			if tc.cfg.Options.Atoms == runtime.AtomsFine && !strings.Contains(out.String(), `"state": "suspended"`) {
				t.Errorf("a fine trace's body has no suspended lane: %s", out.String())
			}
			if len(shown["emissions"].([]any)) == 0 && filepath.Base(tc.program) == "two-consumers.rvl" {
				t.Errorf("no emission rows in %s", out.String())
			}
		})
	}
}

// dapTimeline launches a session of the debug adapter in process and
// returns its revl/timeline body.
func dapTimeline(t *testing.T, launch, args map[string]any) map[string]any {
	t.Helper()
	cr, cw := io.Pipe() // client -> server
	sr, sw := io.Pipe() // server -> client
	done := make(chan error, 1)
	go func() {
		done <- dap.Serve(cr, sw, dap.Options{})
		sw.Close()
	}()
	defer func() {
		cw.Close()
		<-done
	}()
	// Read every message as it comes: the server blocks on a write nobody
	// reads (events after a response) otherwise.
	msgs := make(chan map[string]any, 1024)
	go func() {
		defer close(msgs)
		rd := bufio.NewReader(sr)
		for {
			hdr, err := textproto.NewReader(rd).ReadMIMEHeader()
			if err != nil {
				return
			}
			n, _ := strconv.Atoi(hdr.Get("Content-Length"))
			b := make([]byte, n)
			if _, err := io.ReadFull(rd, b); err != nil {
				return
			}
			var m map[string]any
			if json.Unmarshal(b, &m) == nil {
				msgs <- m
			}
		}
	}()
	seq := 0
	request := func(command string, arguments any) map[string]any {
		seq++
		msg := map[string]any{"seq": seq, "type": "request", "command": command}
		if arguments != nil {
			msg["arguments"] = arguments
		}
		b, _ := json.Marshal(msg)
		if _, err := fmt.Fprintf(cw, "Content-Length: %d\r\n\r\n%s", len(b), b); err != nil {
			t.Fatal(err)
		}
		for m := range msgs {
			if m["type"] == "response" && m["request_seq"] == float64(seq) {
				if m["success"] != true {
					t.Fatalf("%s: %v", command, m["message"])
				}
				body, _ := m["body"].(map[string]any)
				return body
			}
		}
		t.Fatalf("%s: the server stopped before answering", command)
		return nil
	}
	request("initialize", map[string]any{"adapterID": "revl"})
	launch["stopOnEntry"] = true
	request("launch", launch)
	request("configurationDone", nil)
	body := request("revl/timeline", args)
	request("disconnect", nil)
	return body
}

// TestVSCodeFixtures: the timelines the VS Code extension's tests render
// (editors/vscode/test/fixtures) are what `revl trace show --json` and
// revl/timeline answer today. -update rewrites them.
func TestVSCodeFixtures(t *testing.T) {
	t.Chdir("../..") // the programs' names, as the fixtures record them, are relative to the repository
	dir := filepath.Join("editors", "vscode", "test", "fixtures")
	for _, tc := range []struct {
		fixture, program string
		cfg              timeline.Config
	}{
		{"two-consumers-seed3.timeline.json", "examples/two-consumers.rvl", timeline.Config{Seeded: true, Seed: 3}},
		{"cache-seed2.timeline.json", "examples/cache.rvl", timeline.Config{Seeded: true, Seed: 2}},
		{"residue-leak.timeline.json", "testdata/schedule/residue_leak.rvl", timeline.Config{Choices: []int{0}}},
		{"deadlock-failed.timeline.json", "testdata/schedule/deadlock_failed.rvl", timeline.Config{Choices: []int{0}}},
		{"two-consumers-seed3.dap.json", "examples/two-consumers.rvl", timeline.Config{Choices: []int{0, 1, 1, 0, 0, 0}}},
		// Fine atoms: Warm suspended from its activate to its resume.
		{"fine-resume.timeline.json", "testdata/fine/resume_lost_update.rvl", timeline.Config{Choices: []int{0, 0, 0, 0, 1, 0, 0, 0, 0, 0},
			Options: runtime.Options{Atoms: runtime.AtomsFine}}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			var got []byte
			if strings.HasSuffix(tc.fixture, ".dap.json") {
				// A debug session's answer, stopped on entry.
				body := dapTimeline(t, map[string]any{"program": tc.program, "choices": tc.cfg.Choices}, nil)
				// The adapter records the absolute path: keep the fixture
				// independent of where the repository is.
				hdr := body["info"].(map[string]any)["header"].(map[string]any)
				if p, _ := hdr["program"].(string); !filepath.IsAbs(p) || !strings.HasSuffix(p, tc.program) {
					t.Fatalf("revl/timeline names the program %q, want the absolute path of %s", p, tc.program)
				}
				hdr["program"] = tc.program
				b, err := json.MarshalIndent(body, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				got = append(b, '\n')
			} else {
				src, err := os.ReadFile(tc.program)
				if err != nil {
					t.Fatal(err)
				}
				cfg := tc.cfg
				cfg.Program, cfg.Source, cfg.Recorder = tc.program, src, "revl trace record"
				path := filepath.Join(t.TempDir(), "run.rvt")
				if _, err := recordFile(path, cfg); err != nil {
					t.Fatal(err)
				}
				var out, errs bytes.Buffer
				if code := run([]string{"trace", "show", "--json", path}, &out, &errs); code != exitOK {
					t.Fatalf("exit %d: %s", code, errs.String())
				}
				got = out.Bytes()
			}
			checkFixture(t, filepath.Join(dir, tc.fixture), got, "revl")
		})
	}
}

// checkFixture compares got with the editor fixture at name (what, the
// producer, names it in the failure), or rewrites the fixture under
// -update: the extension's tests read these files, so they must stay
// what revl answers.
func checkFixture(t *testing.T, name string, got []byte, what string) {
	t.Helper()
	if *updateScripts {
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what %s answers today; rerun with -update and check the diff", name, what)
	}
}
