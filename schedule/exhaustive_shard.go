package schedule

import "revl.dev/debug/runtime"

// A sharded exhaustive search (`revl test --exhaustive --shard I/N`).
//
// Optimal DPOR cannot be cut up as it runs: the wakeup tree at the root is
// built from the races found in the subtrees explored before, so shards
// that do not talk to each other cannot share it. Instead the top of the
// schedule tree is enumerated with sleep sets only (Godefroid's sleep-set
// search, which needs no races): at each top node, for its enabled atoms
// e_0..e_m in ready-set order, the subtree of e_i gets the sleep set
// {e_j : j < i, e_j independent of e_i} plus the node's own sleep entries
// independent of e_i, and a node whose every enabled atom is asleep is
// dropped. The top is descended level by level until it has at least
// tasksPerShard*N leaves (or taskDepthCap levels, or the schedules end);
// the leaves, in order, are the tasks, and task k belongs to shard k mod N.
// Every shard computes the same list, from the program alone.
//
// The sleep-set search puts every class under exactly one leaf: the task
// that owns a class is the one whose prefix starts a schedule of it and
// none of whose sleep entries is an initial of the rest (owns). A task
// runs the optimal DPOR of exhaustive.go on its subtree, the state after
// its prefix taken as the start (a race whose earlier atom is in the
// prefix is not the task's to reverse: the top was enumerated whole), and
// delivers the classes it owns. So the shards' classes are disjoint and
// together they are all the classes (TestExhaustiveShardsPartitionClasses,
// on the fixtures and on generated compositions, for 1 to 5 shards).
//
// The task's sleep set is not the DPOR's initial sleep set. Optimal DPOR
// skips a wakeup sequence when a sleeping atom is a *weak* initial of it,
// which is sound only because exploring that atom's subtree inserts, at
// the same node, the wakeup sequences that reach the classes where it
// comes later; here that subtree is another task's, run elsewhere, and
// the task's DPOR seeded with the sleep set missed classes of generated
// compositions. Instead the task *avoids* its sleep entries while they are
// independent of everything run since the prefix (dnode.avoid): a free
// choice never picks an avoided atom, and a wakeup sequence of which an
// avoided atom is an initial (it is in the sequence with nothing before it
// that it depends on) is not inserted, since every class it leads to has
// that atom as an initial and is another task's. The price is redundancy
// the unsharded search does not have: a task all of whose classes are
// other tasks' still costs a sleep-blocked run, and Redundant counts any
// run of another task's class (none on the fixtures).

const (
	// tasksPerShard is how many tasks a shard gets at least, when the top of
	// the tree is wide enough: tasks differ in size, and more of them per
	// shard even the shards out.
	tasksPerShard = 8
	// taskDepthCap bounds the enumerated top, whose nodes each cost a run
	// of their prefix per enabled atom.
	taskDepthCap = 4
)

// shardTask is a subtree the sharded search runs as one DPOR: the atoms of
// its prefix and the sleep set below it.
type shardTask struct {
	prefix []int32
	sleep  []sleepEntry
}

// sharded runs this shard's tasks in task order.
func (x *explorer) sharded(opts ExhaustiveOptions, deliver func(ExhaustiveRun)) {
	tasks := x.tasks(tasksPerShard * opts.Shards)
	x.report.Tasks = len(tasks)
	ended := false
	for k, t := range tasks {
		if k%opts.Shards != opts.Shard {
			continue
		}
		if ended {
			x.report.TasksLeft++
			continue
		}
		x.report.ShardTasks++
		x.begin(t)
		ended = x.search(opts, deliver)
	}
	x.stack, x.base, x.taskSleep = nil, 0, nil
}

// owns reports whether the class of the run just analyzed is the task's:
// no atom of the task's sleep set is an initial of the run after the
// prefix (it would run before any atom it depends on), which is where the
// enumerated top put the class.
func (x *explorer) owns(t *trace, ids []int32) bool {
	for _, z := range x.taskSleep {
		for k := x.base; k < len(ids); k++ {
			if ids[k] != z.atom {
				continue
			}
			// Nothing after the prefix happens before it: then none of its
			// immediate predecessors is after the prefix either.
			initial := true
			for _, i := range t.imm(k) {
				initial = initial && int(i) < x.base
			}
			if initial {
				return false
			}
			break
		}
	}
	return true
}

// begin sets the stack up for a task: its prefix as fixed decisions, each
// with the one branch the prefix takes, and its sleep set on the last of
// them, whence the first new decision inherits it (the entries are
// independent of the prefix's last atom, so all of them).
func (x *explorer) begin(t shardTask) {
	x.stack = x.stack[:0]
	for _, id := range t.prefix {
		x.stack = append(x.stack, &dnode{kids: []*wuNode{{atom: id}}})
	}
	if n := len(t.prefix); n > 0 {
		x.stack[n-1].avoid = t.sleep
	}
	x.taskSleep = t.sleep
	x.base, x.fixed = len(t.prefix), len(t.prefix)
}

// tasks enumerates the top of the schedule tree with sleep sets until it
// has at least want leaves, and returns them in order.
func (x *explorer) tasks(want int) []shardTask {
	level := []shardTask{{}}
	for depth := 0; depth < taskDepthCap && len(level) < want; depth++ {
		var next []shardTask
		grew := false
		for _, nd := range level {
			ready, ended := x.probe(nd.prefix)
			if ended {
				next = append(next, nd) // a whole schedule: a task of one run
				continue
			}
			var done []sleepEntry // the node's earlier subtrees
			for _, e := range ready {
				if asleep(nd.sleep, e) {
					continue // its subtree's classes are an earlier sibling's
				}
				fp := x.footprintAt(nd.prefix, e)
				var s []sleepEntry
				for _, z := range nd.sleep {
					if !z.fp.Dependent(&fp) {
						s = append(s, z)
					}
				}
				for _, z := range done {
					if !z.fp.Dependent(&fp) {
						s = append(s, z)
					}
				}
				next = append(next, shardTask{prefix: append(append([]int32(nil), nd.prefix...), e), sleep: s})
				done = append(done, sleepEntry{e, fp})
				grew = true
			}
			// A node whose every enabled atom is asleep leads to no class
			// that is not an earlier task's: no task.
		}
		level = next
		if !grew {
			break
		}
	}
	return level
}

// probe runs path from the world's pristine machine and returns the ids of
// the atoms ready after it, in ready-set order, and whether the schedule
// ends there.
func (x *explorer) probe(path []int32) ([]int32, bool) {
	d := x.runPath(path, false)
	if d.AtEnd() {
		return nil, true
	}
	ready := make([]int32, d.M.ReadyLen())
	for i := range ready {
		ready[i] = x.atomID(d.M.ReadyAt(i))
	}
	return ready, false
}

// footprintAt is the footprint atom e has when it runs after path.
func (x *explorer) footprintAt(path []int32, e int32) Footprint {
	x.runPath(append(append([]int32(nil), path...), e), true)
	fp := x.rec.fps[len(path)]
	// The recorder reuses its buffers: keep a copy.
	fp.acc = append(fp.acc[:0:0], fp.acc...)
	fp.ready = append(fp.ready[:0:0], fp.ready...)
	return fp
}

// runPath runs the atoms path names, unchecked, recording footprints.
func (x *explorer) runPath(path []int32, complete bool) *Driver {
	x.rec.reset()
	d := newDriver(x.w, &followChooser{x: x, ids: path}, x.rec, Monitor{})
	for range path {
		d.RunAtom()
	}
	if complete {
		for !d.AtEnd() {
			d.RunAtom()
		}
	}
	return d
}

// followChooser picks the atoms ids names, in order (the first ready atom
// past their end, or when one is not ready).
type followChooser struct {
	x   *explorer
	d   *Driver
	ids []int32
}

func (c *followChooser) bindDriver(d *Driver) { c.d = d }

func (c *followChooser) Choose(n int) int {
	if c.d.Decision >= len(c.ids) {
		return 0
	}
	dc := dporChooser{x: c.x, d: c.d}
	return max(dc.indexOf(c.ids[c.d.Decision], n), 0)
}

// ClassRun is the run of the class's lexicographic normal form: run's own
// result when it is that, otherwise a replay of it. An exhaustive report
// shows it so that a sharded search, which may run another schedule of
// the class, reports the class in the same bytes.
func (w *World) ClassRun(run ExhaustiveRun) *Result {
	if run.Canonical {
		return run.Result
	}
	x := &explorer{w: w}
	var obs Observer
	if w.opts.Runtime.Atoms == runtime.AtomsFine {
		// Fine atom ids name jobs by what the recorder saw start.
		x.rec = newFootprints(w, &x.objs)
		obs = x.rec
	}
	r, _ := w.run(&followChooser{x: x, ids: run.Normal}, NewMonitor(w), obs)
	return r
}
