package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run this binary as the `revl` command, so the
// scripts exercise the real CLI: flags, output and exit codes.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"revl": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar. Each script copies its
// programs into a scratch directory, runs revl, and matches output and
// exit codes. Examples are available under $EXAMPLES.
func TestScripts(t *testing.T) {
	examples, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", examples+"/../../examples")
			return nil
		},
	})
}
