package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"revl.dev/debug/internal/verdict"
)

var updateScripts = flag.Bool("update", false, "rewrite the cmp golden sections of the scripts")

// TestMain lets testscript run this binary as the `revl` command, so the
// scripts exercise the real CLI: flags, output and exit codes. jsonfield
// checks fields of a JSON report; revl-exit checks an exact exit status.
func TestMain(m *testing.M) {
	testscript.Main(scriptParallel{m}, map[string]func(){
		"revl":      func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
		"jsonfield": func() { os.Exit(jsonField(os.Args[1:])) },
		"revl-exit": func() { os.Exit(revlExit(os.Args[1:])) },
	})
}

// revlExit implements `revl-exit CODE ARGS...`: it runs revl with ARGS,
// passing its output through, and succeeds only when revl's exit status is
// CODE. A script's `! exec revl` only says "not 0"; this tells 1 (findings)
// from 2 (usage and I/O errors).
func revlExit(args []string) int {
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "usage: revl-exit CODE [ARGS...]")
		return 2
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "revl-exit: bad exit code %q\n", args[0])
		return 2
	}
	if got := run(args[1:], os.Stdout, os.Stderr); got != want {
		fmt.Fprintf(os.Stderr, "revl-exit: revl exited with status %d, want %d\n", got, want)
		return 1
	}
	return 0
}

// scriptParallel runs the tests with -test.parallel at least 8 unless it
// was given. A script spends most of its time waiting for the processes it
// starts (a race-enabled binary takes about a second to start on some
// machines, almost none of it on a CPU), so running more scripts at once
// than there are CPUs shortens the run severalfold.
type scriptParallel struct{ m *testing.M }

func (p scriptParallel) Run() int {
	flag.Parse()
	// The verdicts the tests' checks keep (internal/verdict) go to a
	// scratch directory, not to the user's cache.
	cache, err := os.MkdirTemp("", "revl-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer os.RemoveAll(cache)
	os.Setenv(verdict.EnvCache, cache)
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if f := flag.Lookup("test.parallel"); !given && f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n < 8 {
			_ = f.Value.Set("8")
		}
	}
	return p.m.Run()
}

// TestScripts runs testdata/script/*.txtar. Each script copies its
// programs into a scratch directory, runs revl, and matches output and
// exit codes. Examples are available under $EXAMPLES, the schedule
// fixtures under $FIXTURES. With -update, a
// failing `cmp` against a file of the script rewrites that file.
func TestScripts(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *updateScripts,
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", wd+"/../../examples")
			env.Setenv("V1TRACE", wd+"/../../timeline/testdata/v1/two-consumers-seed3.rvt")
			env.Setenv("FIXTURES", wd+"/../../testdata/schedule")
			env.Setenv("FINE", wd+"/../../testdata/fine")
			return nil
		},
	})
}

// jsonField implements `jsonfield FILE PATH...`: for each PATH, a
// dot-separated walk of FILE's JSON (object keys, array indices, and `len`
// for the length of an array or object without such a key), it prints the value found as
// compact JSON on a line of its own. It exits 1 when a path does not
// exist, 2 on a usage or read error.
func jsonField(args []string) int {
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: jsonfield FILE PATH...")
		return 2
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", args[0], err)
		return 2
	}
	for _, path := range args[1:] {
		v, err := walkJSON(doc, path)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %s: %v\n", args[0], path, err)
			return 1
		}
		out, _ := json.Marshal(v)
		fmt.Println(string(out))
	}
	return 0
}

func walkJSON(v any, path string) (any, error) {
	if path == "" || path == "." {
		return v, nil
	}
	for _, seg := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[seg]
			switch {
			case ok:
				v = next
			case seg == "len":
				v = len(x)
			default:
				return nil, fmt.Errorf("no field %q", seg)
			}
		case []any:
			if seg == "len" {
				v = len(x)
				continue
			}
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) {
				return nil, fmt.Errorf("index %q out of range (length %d)", seg, len(x))
			}
			v = x[i]
		default:
			return nil, fmt.Errorf("%q: not an object or array", seg)
		}
	}
	return v, nil
}
