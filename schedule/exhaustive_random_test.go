package schedule

import (
	"fmt"
	"strings"
	"testing"
)

// lcg is a tiny deterministic generator for test programs (the seam's
// sources are for schedules; these programs only need variety).
type lcg uint64

func (g *lcg) intn(n int) int {
	*g = *g*6364136223846793005 + 1442695040888963407
	return int(uint64(*g>>33) % uint64(n))
}

// randomProgram builds a small composition from a menu of steps that
// touch every part of the dependency relation: ordered and commutative
// emissions, a shared map behind a provider (reads and writes), maps and
// pools of the consumer's own, refused pools (failed activations), jobs
// (awaited or cancelled) and timers.
func randomProgram(seed uint64) string {
	g := lcg(seed)
	var b strings.Builder
	b.WriteString(`service Log { emission fn write(line: Str) }
commutative service Metrics { emission fn count(name: Str) }
service Kv { fn get(k: Str) -> Opt[Str]
  fn put(k: Str, v: Str) }
component Sink provides log: Log, m: Metrics { provide log { fn write(line) { } }
  provide m { fn count(name) { } } }
component Store provides kv: Kv {
  let t = effect Map.new() undo t.drop()
  provide kv { fn get(k) = t.get(k)
    fn put(k, v) { t.insert(k, v) } }
}
`)
	n := 2 + g.intn(3)
	for i := range n {
		var req []string
		switch g.intn(4) {
		case 0:
			req = []string{"log: Log"}
		case 1:
			req = []string{"m: Metrics", "kv: Kv"}
		case 2:
			req = []string{"log: Log", "kv: Kv"}
		}
		fmt.Fprintf(&b, "component U%d", i)
		if len(req) > 0 {
			b.WriteString(" requires " + strings.Join(req, ", "))
		}
		b.WriteString(" {\n")
		has := func(k string) bool { return strings.Contains(strings.Join(req, ","), k+":") }
		for s := range 1 + g.intn(3) {
			switch g.intn(8) {
			case 0:
				if has("log") {
					fmt.Fprintf(&b, "  emit log.write(\"U%d %d\")\n", i, s)
				}
			case 1:
				if has("m") {
					fmt.Fprintf(&b, "  emit m.count(\"U%d\")\n", i)
				}
			case 2:
				if has("kv") {
					fmt.Fprintf(&b, "  effect kv.get(\"k%d\") undo 0\n", g.intn(2))
				}
			case 3:
				if has("kv") {
					fmt.Fprintf(&b, "  effect kv.put(\"k%d\", \"U%d\") undo kv.put(\"k%d\", \"gone\")\n", g.intn(2), i, g.intn(2))
				}
			case 4:
				fmt.Fprintf(&b, "  let m%d = effect Map.new() undo m%d.drop()\n", s, s)
			case 5:
				fmt.Fprintf(&b, "  let p%d = effect Pool.open(\"%s://u%d\", 1) undo p%d.close()\n", s, []string{"pg", "pg", "boom"}[g.intn(3)], i, s)
			case 6:
				fmt.Fprintf(&b, "  let j%d = effect Job.run(\"w%d\") undo j%d.cancel()\n", s, i, s)
				if g.intn(2) == 0 {
					fmt.Fprintf(&b, "  await j%d\n", s)
				}
			case 7:
				if has("log") {
					fmt.Fprintf(&b, "  after 5s { emit log.write(\"late U%d\") }\n", i)
				}
			}
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// TestExhaustiveRandomCompositions checks the search against the naive
// enumeration on generated compositions.
func TestExhaustiveRandomCompositions(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 12
	}
	checked := 0
	for seed := range uint64(seeds) {
		src := randomProgram(seed + 1)
		w := sourceWorld(t, "random.rvl", src, Options{})
		// Skip what the naive enumeration cannot finish quickly.
		if _, complete := naiveEnumerate(w, 2000, func(*Result, uint64) {}); !complete {
			continue
		}
		checked++
		t.Run(fmt.Sprint(seed+1), func(t *testing.T) {
			checkAgainstNaive(t, w)
			if t.Failed() {
				t.Logf("program:\n%s", src)
			}
		})
	}
	if checked < seeds/3 {
		t.Errorf("only %d of %d generated compositions were small enough to check", checked, seeds)
	}
}
