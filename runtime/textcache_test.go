package runtime

import "testing"

// TestTextCacheKeepsMeasure: a reset machine hands the same cached string
// to every emission of one text and every map key of one string
// (textcache.go); what the memory budget measures (MemoryHeld) and what
// the run shows stay what a machine without the cache measures and shows,
// whatever the cache held before.
func TestTextCacheKeepsMeasure(t *testing.T) {
	// put inserts one key into two maps and emits one text: the second
	// insert's key and, at put's second call, its emission are cache hits.
	const src = `
service Log { emission fn write(line: Str) }
service Box { fn put(k: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log provides a: Box {
  let m1 = effect Map.new() undo m1.drop()
  let m2 = effect Map.new() undo m2.drop()
  provide a { fn put(k) {
    m1.insert(k, k)
    m2.insert(k, k)
    emit log.write("same")
  } }
}
component C requires a: Box {
  effect a.put("key") undo 0
  effect a.put("key") undo 0
}
`
	base, _ := machineNamed(t, "texts.rvl", src, Options{})
	base.SetSink(nil)
	atoms := parseAtoms(t, "activate Sink, activate A, activate C")
	plain := base.Clone()
	runAtoms(t, plain, atoms)
	want, wantEnd := plain.MemoryHeld(), endState(plain)
	m := base.Clone()
	for round := range 3 {
		m.ResetFrom(base)
		runAtoms(t, m, atoms)
		if got := m.MemoryHeld(); got != want {
			t.Errorf("round %d: a reset machine holds %d bytes by the measure, a fresh clone %d", round, got, want)
		}
		if got := endState(m); got != wantEnd {
			t.Errorf("round %d: the reset machine ends differently:\n%s", round, firstDiff(wantEnd, got))
		}
	}
	if m.texts == nil {
		t.Fatal("the reset machine has no text cache: the test does not test it")
	}
}
