package schedule

import (
	"hash/fnv"
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
