package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir holds the invalid programs, one per lexical or syntax error
// class (NN_<class>.rvl), each with its exact diagnostics in a .golden file.
const corpusDir = "../../testdata/syntax"

func TestErrorCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.rvl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 15 {
		t.Fatalf("%d corpus files in %s, want at least 15", len(files), corpusDir)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, diags := ParseFile(name, src)
			if len(diags) == 0 {
				t.Error("no diagnostics for an invalid program")
			}
			if err := checkTree(f, diags); err != nil {
				t.Error(err)
			}
			golden(t, strings.TrimSuffix(path, ".rvl")+".golden", renderDiags(diags))
		})
	}
}
