package gen

import (
	"os"
	"strconv"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

func TestScaleProbe(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PROBE_N"))
	if n == 0 {
		t.Skip()
	}
	fan, _ := strconv.Atoi(os.Getenv("PROBE_FAN"))
	src := Source(Shape{Components: n, Fanout: fan, Resources: true})
	t.Logf("source %d bytes", len(src))
	p, diags := check.Source("gen.rvl", src)
	if check.HasErrors(diags) {
		t.Fatal(diags[0].Error())
	}
	t.Logf("checked")
	m, err := runtime.New(p, runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compiled")
	evs := 0
	m.SetSink(func(runtime.Event) { evs++ })
	d, maxw := 0, 0
	for {
		r := m.Ready()
		if len(r) == 0 {
			break
		}
		maxw = max(maxw, len(r))
		if err := m.Run(r[0]); err != nil {
			t.Fatal(err)
		}
		d++
	}
	t.Logf("decisions %d events %d max ready %d", d, evs, maxw)
}
