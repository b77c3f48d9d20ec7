package travel

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
)

func TestScaleProbe(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PROBE_N"))
	if n == 0 {
		t.Skip()
	}
	p := wide(n)
	t.Log("checked")
	var ms runtime.MemStats
	seed := uint64(7)
	e, err := New(p, Tape{Seed: &seed}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	debug.FreeOSMemory()
	runtime.ReadMemStats(&ms)
	t.Logf("decisions %d ticks %d checkpoints %d heap %d MB", len(e.Decisions()), e.EndTick(), e.Checkpoints(), ms.HeapAlloc>>20)
	before := ms.HeapAlloc
	clear(e.cps.list[1:])
	e.cps.list = e.cps.list[:1]
	debug.FreeOSMemory()
	runtime.ReadMemStats(&ms)
	t.Logf("checkpoints held %d MB (%d left)", (before-ms.HeapAlloc)>>20, ms.HeapAlloc>>20)
	runtime.KeepAlive(e)
}

func TestScaleBase(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PROBE_N"))
	if n == 0 {
		t.Skip()
	}
	p := wide(n)
	var ms runtime.MemStats
	debug.FreeOSMemory()
	runtime.ReadMemStats(&ms)
	t.Logf("program heap %d MB", ms.HeapAlloc>>20)
	e := &Engine{}
	_ = e
	m, _ := newMachineForProbe(p)
	debug.FreeOSMemory()
	runtime.ReadMemStats(&ms)
	t.Logf("compiled heap %d MB %v", ms.HeapAlloc>>20, m != nil)
}
