package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func completionScript(t *testing.T, shell string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"completion", shell}, &out, &errb); code != exitOK {
		t.Fatalf("revl completion %s: exit %d: %s", shell, code, errb.String())
	}
	return out.String()
}

// TestCompletionCoversEveryFlag: each script names every command, every
// subcommand and every flag the commands define.
func TestCompletionCoversEveryFlag(t *testing.T) {
	for _, shell := range shells {
		script := completionScript(t, shell)
		for _, c := range commands() {
			if !strings.Contains(script, c.name) {
				t.Errorf("%s: no command %s", shell, c.name)
			}
			for _, s := range c.flagSets() {
				if s.sub != "" && !strings.Contains(script, s.sub) {
					t.Errorf("%s: no subcommand %s %s", shell, c.name, s.sub)
				}
				for _, f := range flagsOf(s.fs) {
					want := f.dashed()
					if shell == "fish" {
						want = "-l " + f.name
						if len(f.name) == 1 {
							want = "-s " + f.name
						}
					}
					if !strings.Contains(script, want) {
						t.Errorf("%s: %s %s: no flag %s", shell, c.name, s.sub, want)
					}
				}
			}
		}
	}
	// The definitions are the ones the commands parse: a flag of revl
	// test is among them.
	fs, _, _, _, _ := testFlagSet(nil)
	if fs.Lookup("schedule-seed") == nil || fs.Lookup("choices") == nil {
		t.Fatal("testFlagSet lacks the flags revl test takes")
	}
}

func TestCompletionUsage(t *testing.T) {
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != exitUsage || out.Len() != 0 || !strings.Contains(errb.String(), "bash, zsh") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
}

// TestBashCompletion runs the bash script: what bash offers after each
// command line.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed (Debian package bash)")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "revl.bash")
	if err := os.WriteFile(script, []byte(completionScript(t, "bash")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"app.rvl", "t.rvt", "notes.txt", "r.json"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ line, want string }{
		{"revl ", "check test report fmt trace eval completion help"},
		{"revl te", "test"},
		{"revl test --sch", "--schedule-seed --schedule-seeds"},
		{"revl test app.rvl --ch", "--choices"},
		{"revl test ", "app.rvl"},
		{"revl trace ", "record replay show export"},
		{"revl trace show --", "--at --json --window --help"},
		{"revl trace replay ", "t.rvt"},
		{"revl trace record ", "app.rvl"},
		{"revl report ", "merge"},
		{"revl report merge ", "r.json"},
		{"revl fmt -", "-d -l -w --help"},
		{"revl completion ", "bash zsh fish"},
		{"revl help ", "check test report fmt trace eval completion help"},
	} {
		words := strings.Split(c.line, " ")
		prog := `source "$1"; COMP_WORDS=(` + quoteWords(words) + `); COMP_CWORD=` + strconv.Itoa(len(words)-1) + `; _revl; echo "${COMPREPLY[*]}"`
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog, "bash", script)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.line, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.want {
			t.Errorf("%q completes to %q, want %q", c.line, got, c.want)
		}
	}
}

func quoteWords(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// TestZshFishCompletion: the zsh script parses (zsh -n) and registers
// _revl; fish completes commands, flags and subcommands from its script
// (complete -C). Each shell is skipped when it is not installed (Debian
// packages zsh, fish).
func TestZshFishCompletion(t *testing.T) {
	dir := t.TempDir()
	if zsh, err := exec.LookPath("zsh"); err != nil {
		t.Log("zsh is not installed (Debian package zsh): its script is not run")
	} else {
		path := filepath.Join(dir, "_revl")
		if err := os.WriteFile(path, []byte(completionScript(t, "zsh")), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(zsh, "-n", path).CombinedOutput(); err != nil {
			t.Errorf("zsh -n: %v\n%s", err, out)
		}
		out, err := exec.Command(zsh, "-f", "-c", `autoload -U compinit; compinit -u -D; source "$1"; print -r -- ${_comps[revl]}`, "zsh", path).CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "_revl" {
			t.Errorf("zsh: revl completes with %q (%v), want _revl", out, err)
		}
	}
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Log("fish is not installed (Debian package fish): its script is not run")
		return
	}
	path := filepath.Join(dir, "revl.fish")
	if err := os.WriteFile(path, []byte(completionScript(t, "fish")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{"revl te", "test"},
		{"revl test --sch", "--schedule-seed --schedule-seeds"},
		{"revl trace ", "export record replay show"},
		{"revl trace show --", "--at --json --window"},
		{"revl fmt -", "-d -l -w"},
		{"revl completion ", "bash fish zsh"},
	} {
		cmd := exec.Command(fish, "--no-config", "-c", `source $argv[1]; complete -C $argv[2] | string replace -r '\t.*' ''; true`, path, c.line)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.line, err, out)
		}
		if got := strings.Join(strings.Fields(string(out)), " "); got != c.want {
			t.Errorf("fish: %q completes to %q, want %q", c.line, got, c.want)
		}
	}
}
