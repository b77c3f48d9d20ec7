package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wideEmitters is a wider composition for the sharding tests: three
// consumers emitting on one ordered log (six orders, failing `unstable` at
// emission 0 or 1) and two components that each create a Map (whose
// serials do not commute).
const wideEmitters = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
component C requires log: Log { emit log.write("C up") }
component M { let m = effect Map.new() undo m.drop() }
component N { let m = effect Map.new() undo m.drop() }
`

// shardEngine runs shard i of n the way one engine asks for it.
type shardEngine struct {
	name string
	args func(i, n int) []string
	env  func(i, n int, dir string) map[string]string
}

var shardEngines = []shardEngine{
	{name: "--shard", args: func(i, n int) []string { return []string{"--shard", fmt.Sprintf("%d/%d", i, n)} }},
	{name: "bazel", env: func(i, n int, dir string) map[string]string {
		return map[string]string{"TEST_SHARD_INDEX": fmt.Sprint(i), "TEST_TOTAL_SHARDS": fmt.Sprint(n),
			"TEST_SHARD_STATUS_FILE": filepath.Join(dir, fmt.Sprintf("status-%d", i))}
	}},
	{name: "kubernetes, REVL_SHARDS", env: func(i, n int, _ string) map[string]string {
		return map[string]string{"JOB_COMPLETION_INDEX": fmt.Sprint(i), "REVL_SHARDS": fmt.Sprint(n)}
	}},
	{name: "kubernetes, --shards", args: func(_, n int) []string { return []string{"--shards", fmt.Sprint(n)} },
		env: func(i, _ int, _ string) map[string]string {
			return map[string]string{"JOB_COMPLETION_INDEX": fmt.Sprint(i)}
		}},
}

var engineVars = []string{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE", "JOB_COMPLETION_INDEX", "REVL_SHARDS", "XML_OUTPUT_FILE"}

// verdictPart is a dossier without its search-cost line: what a merged
// sharded search must give byte for byte.
func verdictPart(b []byte) string {
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, `  "search": `) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

type searchCost struct {
	Search struct {
		Schedules    int `json:"schedules"`
		SleepBlocked int `json:"sleep_blocked"`
		Redundant    int `json:"redundant"`
		Replayed     int `json:"replayed_atoms"`
		Peak         int `json:"peak_tree_nodes"`
		Shards       int `json:"shards"`
		Tasks        int `json:"tasks"`
		ShardTasks   int `json:"shard_tasks"`
	} `json:"search"`
	Exhaustive struct {
		Classes int `json:"classes"`
	} `json:"exhaustive"`
}

func readCost(t *testing.T, b []byte) searchCost {
	t.Helper()
	var c searchCost
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return c
}

// TestExhaustiveShardsMerge runs the shards of an exhaustive search as each
// engine asks for them, merges their dossiers and checks that the merge is
// the one-machine dossier byte for byte but for the search's cost, which
// is the shards' summed.
func TestExhaustiveShardsMerge(t *testing.T) {
	twoConsumers, err := os.ReadFile("../../examples/two-consumers.rvl")
	if err != nil {
		t.Fatal(err)
	}
	residue, err := os.ReadFile("../../testdata/schedule/residue_order.rvl")
	if err != nil {
		t.Fatal(err)
	}
	programs := []struct{ name, src string }{
		{"worked example", string(twoConsumers)},
		{"residue order", string(residue)},
		{"wide emitters", wideEmitters},
	}
	for _, p := range programs {
		for _, eng := range shardEngines {
			for _, n := range []int{2, 3, 4} {
				if eng.name != "--shard" && n != 3 {
					continue
				}
				t.Run(fmt.Sprintf("%s/%s/%d", p.name, eng.name, n), func(t *testing.T) {
					checkShardMerge(t, p.src, eng, n)
				})
			}
		}
	}
}

func checkShardMerge(t *testing.T, src string, eng shardEngine, n int) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("p.rvl", []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, v := range engineVars {
		t.Setenv(v, "")
	}
	runRevl := func(args ...string) ([]byte, int) {
		var out, stderr bytes.Buffer
		code := run(args, &out, &stderr)
		if code != exitOK && code != exitFindings {
			t.Fatalf("revl %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		return out.Bytes(), code
	}
	single, singleCode := runRevl("test", "--exhaustive", "--json", "p.rvl")
	var files []string
	var sum searchCost
	for i := range n {
		args := []string{"test", "--exhaustive", "--json"}
		if eng.args != nil {
			args = append(args, eng.args(i, n)...)
		}
		var env map[string]string
		if eng.env != nil {
			env = eng.env(i, n, dir)
		}
		for _, v := range engineVars {
			t.Setenv(v, env[v])
		}
		out, _ := runRevl(append(args, "p.rvl")...)
		if f := env["TEST_SHARD_STATUS_FILE"]; f != "" {
			if _, err := os.Stat(f); err != nil {
				t.Errorf("shard %d did not touch TEST_SHARD_STATUS_FILE: %v", i, err)
			}
		}
		c := readCost(t, out)
		if c.Search.Shards != n || c.Search.Tasks == 0 {
			t.Errorf("shard %d/%d: search %+v", i, n, c.Search)
		}
		if i > 0 && c.Search.Tasks != sum.Search.Tasks {
			t.Errorf("shard %d splits into %d tasks, shard 0 into %d", i, c.Search.Tasks, sum.Search.Tasks)
		}
		sum.Search.Tasks = c.Search.Tasks
		sum.Search.Schedules += c.Search.Schedules
		sum.Search.SleepBlocked += c.Search.SleepBlocked
		sum.Search.Redundant += c.Search.Redundant
		sum.Search.Replayed += c.Search.Replayed
		sum.Search.Peak += c.Search.Peak
		sum.Search.ShardTasks += c.Search.ShardTasks
		sum.Exhaustive.Classes += c.Exhaustive.Classes
		name := fmt.Sprintf("shard-%d.json", i)
		if err := os.WriteFile(name, out, 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	for _, v := range engineVars {
		t.Setenv(v, "")
	}
	// In reverse order: the merge does not care which file holds which shard.
	rev := make([]string, 0, len(files))
	for i := len(files) - 1; i >= 0; i-- {
		rev = append(rev, files[i])
	}
	merged, code := runRevl(append([]string{"report", "merge"}, rev...)...)
	if code != singleCode {
		t.Errorf("the merge exits %d, the one-machine search %d", code, singleCode)
	}
	if got, want := verdictPart(merged), verdictPart(single); got != want {
		t.Fatalf("the merged report differs from the one-machine report:\n--- merged\n%s\n--- one machine\n%s", got, want)
	}
	m := readCost(t, merged)
	sum.Search.Shards = n
	if m.Search != sum.Search {
		t.Errorf("merged search %+v, the shards' sum %+v", m.Search, sum.Search)
	}
	if m.Exhaustive.Classes != sum.Exhaustive.Classes {
		t.Errorf("merged %d classes, the shards %d", m.Exhaustive.Classes, sum.Exhaustive.Classes)
	}
	if m.Search.Schedules != m.Exhaustive.Classes+m.Search.SleepBlocked+m.Search.Redundant {
		t.Errorf("merged: %d schedules, want classes + blocked + redundant: %+v", m.Search.Schedules, m)
	}
	if m.Search.ShardTasks != m.Search.Tasks {
		t.Errorf("the shards began %d of %d tasks", m.Search.ShardTasks, m.Search.Tasks)
	}
}
