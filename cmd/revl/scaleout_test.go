package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJUnitReport runs revl test --junit on programs that pass, fail a
// test, skip a test and fail a schedule, parses the XML back in the common
// JUnit shape and checks every counts attribute against the testcases.
func TestJUnitReport(t *testing.T) {
	leaky := `service Store { fn get(k: Str) -> Opt[Str] }
component Db provides store: Store {
  let rows = effect Map.new() undo rows.len()
  provide store { fn get(k) = rows.get(k) }
}
test "arithmetic" { assert 1 + 1 == 2 }
test "bad arithmetic" { assert 1 + 1 == 3 }
fault test "db fault" for Db { fail at step 1; assert failed; assert no residue }
`
	clean := `component A { let m = effect Map.new() undo m.drop() }
test "arithmetic" { assert 1 + 1 == 2 }
`
	twoConsumers, err := os.ReadFile("../../examples/two-consumers.rvl")
	if err != nil {
		t.Fatal(err)
	}
	type counts struct{ tests, failures, skipped int }
	tests := []struct {
		name, src string
		args      []string
		env       map[string]string
		wantCode  int
		// per suite: name and counts
		suites []string
		counts []counts
		// a failing testcase's expected failure message prefix, with its file and line
		failMsg  string
		failLine int
	}{
		{name: "clean", src: clean, args: []string{"--schedule-seeds", "5"}, wantCode: exitOK,
			suites: []string{"p.rvl tests", "p.rvl schedules"}, counts: []counts{{1, 0, 0}, {1, 0, 0}}},
		// The fault test runs (spec §9) and fails: Db's undo leaks the map.
		{name: "failing tests and a failing fault test", src: leaky, args: []string{"--schedule-seeds", "0"}, wantCode: exitFindings,
			suites: []string{"p.rvl tests"}, counts: []counts{{3, 2, 0}},
			failMsg: "assert 1 + 1 == 3 failed", failLine: 7},
		{name: "schedule failure", src: string(twoConsumers), args: []string{"--schedule-seeds", "20"}, wantCode: exitFindings,
			suites: []string{"p.rvl tests", "p.rvl schedules"}, counts: []counts{{1, 0, 0}, {1, 1, 0}},
			failMsg: "unstable: "},
		{name: "sharded by Bazel, report in XML_OUTPUT_FILE", src: string(twoConsumers), args: []string{"--schedule-seeds", "20"},
			env: map[string]string{"TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2"}, wantCode: exitFindings,
			suites: []string{"p.rvl tests", "p.rvl schedules (shard 1/2)"}, counts: []counts{{1, 0, 0}, {1, 1, 0}},
			failMsg: "unstable: "},
		{name: "exhaustive", src: string(twoConsumers), args: []string{"--exhaustive", "--json"}, wantCode: exitFindings,
			suites: []string{"p.rvl tests", "p.rvl schedules"}, counts: []counts{{1, 0, 0}, {1, 1, 0}},
			failMsg: "unstable: "},
		{name: "clean exhaustive", src: clean, args: []string{"--exhaustive"}, wantCode: exitOK,
			suites: []string{"p.rvl tests", "p.rvl schedules"}, counts: []counts{{1, 0, 0}, {1, 0, 0}}},
		{name: "replayed seed", src: clean, args: []string{"--schedule-seed", "3"}, wantCode: exitOK,
			suites: []string{"p.rvl tests", "p.rvl schedules"}, counts: []counts{{1, 0, 0}, {1, 0, 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			if err := os.WriteFile("p.rvl", []byte(tc.src), 0o666); err != nil {
				t.Fatal(err)
			}
			for _, v := range []string{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE", "JOB_COMPLETION_INDEX", "REVL_SHARDS", "XML_OUTPUT_FILE"} {
				t.Setenv(v, tc.env[v])
			}
			out := filepath.Join(dir, "report.xml")
			args := append([]string{"test"}, tc.args...)
			if tc.env != nil {
				t.Setenv("XML_OUTPUT_FILE", out)
			} else {
				args = append(args, "--junit", out)
			}
			var stderr strings.Builder
			if code := run(append(args, "p.rvl"), io.Discard, &stderr); code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.wantCode, stderr.String())
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var doc xmlSuites
			if err := xml.Unmarshal(b, &doc); err != nil {
				t.Fatalf("the report does not parse: %v\n%s", err, b)
			}
			if len(doc.Suites) != len(tc.suites) {
				t.Fatalf("%d suites, want %d:\n%s", len(doc.Suites), len(tc.suites), b)
			}
			var total counts
			sawFail := false
			for i, s := range doc.Suites {
				if s.Name != tc.suites[i] {
					t.Errorf("suite %d is %q, want %q", i, s.Name, tc.suites[i])
				}
				var got counts
				for _, c := range s.Cases {
					got.tests++
					if c.Failure != nil {
						got.failures++
						if tc.failMsg != "" && strings.HasPrefix(c.Failure.Message, tc.failMsg) {
							sawFail = true
							if c.Line != tc.failLine {
								t.Errorf("failure %q at line %d, want %d", c.Name, c.Line, tc.failLine)
							}
							if tc.failLine > 0 && c.File != "p.rvl" {
								t.Errorf("failure %q in file %q, want p.rvl", c.Name, c.File)
							}
						}
						if c.Failure.Body == "" {
							t.Errorf("failure %q has no body", c.Name)
						}
					}
					if c.Skipped != nil {
						got.skipped++
					}
				}
				if got != tc.counts[i] {
					t.Errorf("suite %q holds %+v, want %+v", s.Name, got, tc.counts[i])
				}
				if (counts{s.Tests, s.Failures, s.Skipped}) != got || s.Errors != 0 {
					t.Errorf("suite %q says tests=%d failures=%d skipped=%d errors=%d, its cases %+v",
						s.Name, s.Tests, s.Failures, s.Skipped, s.Errors, got)
				}
				total.tests += got.tests
				total.failures += got.failures
				total.skipped += got.skipped
			}
			if (counts{doc.Tests, doc.Failures, doc.Skipped}) != total {
				t.Errorf("testsuites says tests=%d failures=%d skipped=%d, the suites %+v", doc.Tests, doc.Failures, doc.Skipped, total)
			}
			if tc.failMsg != "" && !sawFail {
				t.Errorf("no failure with message %q:\n%s", tc.failMsg, b)
			}
		})
	}
}

// TestShardFromEnv checks the precedence of the engines' variables and
// that a malformed value is an error naming the variable.
func TestShardFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		shards  int
		want    *envShard
		wantErr string
	}{
		{name: "none", env: nil},
		{name: "bazel", env: map[string]string{"TEST_SHARD_INDEX": "2", "TEST_TOTAL_SHARDS": "3", "TEST_SHARD_STATUS_FILE": "s"},
			want: &envShard{index: 2, count: 3, from: "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS", statusFile: "s"}},
		{name: "bazel over kubernetes", env: map[string]string{"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "JOB_COMPLETION_INDEX": "5"},
			want: &envShard{index: 0, count: 2, from: "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS"}},
		{name: "kubernetes with --shards", env: map[string]string{"JOB_COMPLETION_INDEX": "1", "REVL_SHARDS": "9"}, shards: 4,
			want: &envShard{index: 1, count: 4, from: "JOB_COMPLETION_INDEX"}},
		{name: "kubernetes with REVL_SHARDS", env: map[string]string{"JOB_COMPLETION_INDEX": "3", "REVL_SHARDS": "4"},
			want: &envShard{index: 3, count: 4, from: "JOB_COMPLETION_INDEX"}},
		{name: "total zero", env: map[string]string{"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"},
			wantErr: `TEST_TOTAL_SHARDS="0": want an integer of at least 1`},
		{name: "negative index", env: map[string]string{"TEST_SHARD_INDEX": "-1", "TEST_TOTAL_SHARDS": "2"},
			wantErr: `TEST_SHARD_INDEX="-1": want an integer of at least 0`},
		{name: "index only", env: map[string]string{"TEST_SHARD_INDEX": "0"}, wantErr: "Bazel sets both or neither"},
		{name: "bad REVL_SHARDS", env: map[string]string{"JOB_COMPLETION_INDEX": "0", "REVL_SHARDS": "many"},
			wantErr: `REVL_SHARDS="many": want an integer of at least 1`},
		{name: "index past the count", env: map[string]string{"JOB_COMPLETION_INDEX": "4", "REVL_SHARDS": "4"},
			wantErr: `JOB_COMPLETION_INDEX="4": want less than the shard count 4`},
		{name: "--shards alone", shards: 2, wantErr: "--shards 2 needs JOB_COMPLETION_INDEX"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := shardFromEnv(func(k string) string { return tc.env[k] }, tc.shards)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
