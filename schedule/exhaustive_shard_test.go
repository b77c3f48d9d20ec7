package schedule

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"revl.dev/debug/runtime"
)

// shardClasses runs shard i of n and returns the classes it delivered, with
// the outcome (fingerprint and findings) of each class's normal-form run.
func shardClasses(t *testing.T, w *World, i, n int) (map[uint64]string, ExhaustiveReport) {
	t.Helper()
	got := map[uint64]string{}
	rep := w.Exhaustive(ExhaustiveOptions{Distinct: true, Shard: i, Shards: n}, func(run ExhaustiveRun) {
		if _, dup := got[run.Class]; dup {
			t.Errorf("shard %d/%d: class %x delivered twice", i, n, run.Class)
		}
		got[run.Class] = outcome(w.ClassRun(run))
	})
	if rep.Classes != len(got) {
		t.Errorf("shard %d/%d reports %d classes, delivered %d", i, n, rep.Classes, len(got))
	}
	return got, rep
}

// checkShards checks, for n = 1..5, that the shards' classes are disjoint,
// that together they are exactly the unsharded search's, with the same
// outcomes, and that the split does not depend on the shard.
func checkShards(t *testing.T, w *World) {
	t.Helper()
	want := map[uint64]string{}
	full := w.Exhaustive(ExhaustiveOptions{Distinct: true}, func(run ExhaustiveRun) {
		want[run.Class] = outcome(w.ClassRun(run))
	})
	if full.Schedules != full.Classes+full.Blocked || full.Blocked > 0 && w.opts.Runtime.Atoms != runtime.AtomsFine || full.Tasks != 0 {
		t.Fatalf("the unsharded search is not optimal: %+v", full)
	}
	for n := 1; n <= 5; n++ {
		union := map[uint64]string{}
		var sum ExhaustiveReport
		tasks := -1
		for i := range n {
			got, rep := shardClasses(t, w, i, n)
			if tasks >= 0 && rep.Tasks != tasks {
				t.Errorf("n=%d: shard %d splits into %d tasks, shard 0 into %d", n, i, rep.Tasks, tasks)
			}
			tasks = rep.Tasks
			for _, c := range slices.Sorted(maps.Keys(got)) {
				o := got[c]
				if _, dup := union[c]; dup {
					t.Errorf("n=%d: class %x is in two shards", n, c)
				}
				union[c] = o
			}
			sum.Schedules += rep.Schedules
			sum.Classes += rep.Classes
			sum.Blocked += rep.Blocked
			sum.Redundant += rep.Redundant
			sum.ShardTasks += rep.ShardTasks
		}
		if len(union) != len(want) {
			t.Errorf("n=%d: the shards cover %d classes, the unsharded search %d", n, len(union), len(want))
		}
		for _, c := range slices.Sorted(maps.Keys(want)) {
			o := want[c]
			if g, ok := union[c]; !ok {
				t.Errorf("n=%d: class %x is in no shard", n, c)
			} else if g != o {
				t.Errorf("n=%d: class %x: shards give outcome %q, unsharded %q", n, c, g, o)
			}
		}
		if sum.Schedules != sum.Classes+sum.Blocked+sum.Redundant {
			t.Errorf("n=%d: %d schedules, want classes %d + blocked %d + redundant %d", n, sum.Schedules, sum.Classes, sum.Blocked, sum.Redundant)
		}
		if sum.ShardTasks != tasks {
			t.Errorf("n=%d: the shards began %d tasks of %d", n, sum.ShardTasks, tasks)
		}
	}
}

func TestExhaustiveShardsPartitionClasses(t *testing.T) {
	progs := append([]struct{ name, src string }{}, smallPrograms...)
	for _, n := range []int{2, 4} {
		progs = append(progs, struct{ name, src string }{fmt.Sprintf("independent %d", n), independentProgram(n)})
	}
	progs = append(progs,
		struct{ name, src string }{"emitters 4", emittersProgram(4)},
		struct{ name, src string }{"mixed 6", mixedProgram(6)})
	for _, tc := range progs {
		t.Run(tc.name, func(t *testing.T) {
			checkShards(t, worldOf(t, tc.name, tc.src))
		})
	}
}

func TestExhaustiveShardsRandomCompositions(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 10
	}
	for seed := range uint64(seeds) {
		src := randomProgram(seed + 1)
		w := sourceWorld(t, "random.rvl", src, Options{})
		if rep := w.Exhaustive(ExhaustiveOptions{MaxSchedules: 3000}, nil); rep.BoundedOut {
			continue
		}
		t.Run(fmt.Sprint(seed+1), func(t *testing.T) {
			checkShards(t, w)
			if t.Failed() {
				t.Logf("program:\n%s", src)
			}
		})
	}
}

// The run budget makes every atom of a run that runs out of it dependent:
// the footprints measured for the split's sleep sets must agree.
func TestExhaustiveShardsRunBudget(t *testing.T) {
	for budget := 100; budget <= 200; budget += 20 {
		w := budgetWorld(t, budget)
		t.Run(fmt.Sprint(budget), func(t *testing.T) { checkShards(t, w) })
	}
}

// TestExhaustiveShardTasks pins the split of the worked example: every
// shard computes the same task list, task k is shard k mod N's, and the
// first task is the canonical run's subtree, with no sleep set.
func TestExhaustiveShardTasks(t *testing.T) {
	w := explorerOf(t, workedExample, Options{})
	x := &explorer{w: w}
	x.rec = newFootprints(w, &x.objs)
	tasks := x.tasks(tasksPerShard * 2)
	if len(tasks) == 0 || len(tasks[0].sleep) != 0 {
		t.Fatalf("tasks: %+v", tasks)
	}
	canon := w.Baseline()
	for i, id := range tasks[0].prefix {
		if w.Label(idAtom(w, id)) != canon.Atoms[i] {
			t.Fatalf("task 0's prefix %v is not the canonical run's %v", tasks[0].prefix, canon.Atoms)
		}
	}
	again := (&explorer{w: w, rec: newFootprints(w, &objects{})}).tasks(tasksPerShard * 2)
	if len(again) != len(tasks) {
		t.Fatalf("a second split has %d tasks, the first %d", len(again), len(tasks))
	}
	for i := range tasks {
		if !slices.Equal(tasks[i].prefix, again[i].prefix) || len(tasks[i].sleep) != len(again[i].sleep) {
			t.Errorf("task %d differs between two splits", i)
		}
	}
}

// idAtom is the atom of an id (explorer.atomID's inverse).
func idAtom(w *World, id int32) runtime.Atom {
	n := int32(len(w.prog.LoadOrder))
	return runtime.Atom{Kind: runtime.AtomKind(id / n), Fiber: w.prog.LoadOrder[id%n].Name}
}
