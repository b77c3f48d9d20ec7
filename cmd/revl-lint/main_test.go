package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run this binary as revl-lint.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"revl-lint": main})
}

// TestScripts runs testdata/*.txtar: revl-lint's usage calls it revl-lint.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata", RequireExplicitExec: true})
}
