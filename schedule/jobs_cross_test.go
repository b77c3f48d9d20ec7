package schedule

import (
	"testing"

	"revl.dev/debug/runtime/syntax"
)

func TestJobsCross(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"no service", "component A { let j = effect Job.run(\"w\") undo j.cancel() }\n", false},
		{"a method returns a job", "service S { fn start() -> Job }\n", true},
		{"a parameter takes a job", "service S { fn wait(j: Job) -> Int }\n", true},
		{"inside a type argument", "service S { fn maybe() -> Opt[Job] }\n", true},
		{"a declared type", "type T = { job: Job }\n", true},
		{"the word in names only", "service Jobs { fn startJob(Job2: Int) -> Int }\ntype JobCount = Int\n", false},
		{"the word in a comment", "// a Job is never passed\nservice S { fn ping() -> Int }\n", false},
	} {
		f, diags := syntax.ParseFile("p.rvl", []byte(tc.src))
		if len(diags) > 0 {
			t.Fatalf("%s: %v", tc.name, diags[0])
		}
		if got := jobsCross(f); got != tc.want {
			t.Errorf("%s: jobsCross = %v, want %v", tc.name, got, tc.want)
		}
	}
	if !jobsCross(nil) {
		t.Error("jobsCross(nil) = false, want true (nothing known: share)")
	}
}
