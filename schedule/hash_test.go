package schedule

import (
	"hash/fnv"
	"slices"
	"strconv"
	"testing"
)

// TestHashIsFNV1a: Hash is FNV-1a 64 in hex, as hash/fnv computes it (shard
// reports written before the inline version must still merge).
func TestHashIsFNV1a(t *testing.T) {
	for _, s := range []string{"", "a", "0,1,0,0", "log.write(\"A up\")\x00\xff", string(make([]byte, 1000))} {
		h := fnv.New64a()
		h.Write([]byte(s))
		if got, want := Hash(s), strconv.FormatUint(h.Sum64(), 16); got != want {
			t.Errorf("Hash(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestScheduleKey(t *testing.T) {
	for _, c := range []struct {
		choices []int
		want    string
	}{
		{nil, ""},
		{[]int{0}, "0"},
		{[]int{0, 1, 12, 0}, "0,1,12,0"},
		{[]int{-1, 1234567890123}, "-1,1234567890123"},
	} {
		if got := ScheduleKey(c.choices); got != c.want {
			t.Errorf("ScheduleKey(%v) = %q, want %q", c.choices, got, c.want)
		}
	}
}

// TestStreamedHashes: the hashes a sweep streams (fingerprintHash,
// scheduleHash) are Hash of the keys they no longer build, for runs that
// pass and fail, with commutative, timer and faulted emissions.
func TestStreamedHashes(t *testing.T) {
	for _, c := range []struct {
		path string
		opts Options
	}{
		{workedExample, Options{}},
		{fixtureDir + "/commutative.rvl", Options{}},
		{fixtureDir + "/residue_leak.rvl", Options{}},
		{fixtureDir + "/unstable.rvl", Options{}},
		{fixtureDir + "/layered_clean.rvl", fineOpts},
		{fixtureDir + "/undo_through_crashed.rvl", Options{MaxFaults: 1, Failures: true}},
	} {
		x := explorerOf(t, c.path, c.opts)
		for seed := uint64(1); seed <= 12; seed++ {
			r := x.Run(NewSeeded(seed))
			// The monitor's multiset check hands its verdict on: only a run
			// whose sorted commutative texts are the canonical run's.
			if fp := FingerprintOf(r); r.sortedComm != nil && !slices.Equal(r.sortedComm, fp.Commutative) {
				t.Errorf("%s seed %d: sortedComm %q, the run's %q", c.path, seed, r.sortedComm, fp.Commutative)
			} else if r.sortedComm == nil && r.OK() && len(fp.Commutative) > 0 {
				t.Errorf("%s seed %d: a passing run with commutative emissions has no sortedComm", c.path, seed)
			}
			if got, want := fingerprintHash(r), Hash(FingerprintOf(r).Key()); got != want {
				t.Errorf("%s seed %d: fingerprintHash = %s, Hash(Key) = %s", c.path, seed, got, want)
			}
			if got, want := scheduleHash(r.Choices), Hash(ScheduleKey(r.Choices)); got != want {
				t.Errorf("%s seed %d: scheduleHash = %s, Hash(ScheduleKey) = %s", c.path, seed, got, want)
			}
		}
	}
	for _, v := range [][]int{nil, {0}, {-1, 1234567890123, 0}} {
		if got, want := scheduleHash(v), Hash(ScheduleKey(v)); got != want {
			t.Errorf("scheduleHash(%v) = %s, want %s", v, got, want)
		}
	}
}
