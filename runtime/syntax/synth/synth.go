// Package synth generates large, valid revl programs for benchmarks and
// scale tests of the parser, the checker, the formatter and the language
// server, so that every figure in docs/performance.md is measured on the
// same input.
package synth

import (
	"fmt"
	"strings"
)

// Program returns a valid revl program of about the given number
// of lines, cycling through every kind of declaration and most statement
// and expression forms so that a benchmark exercises the whole parser. The
// output depends only on lines.
func Program(lines int) []byte {
	var b strings.Builder
	n := 0
	emit := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
		n++
	}
	for i := 0; n < lines; i++ {
		emit("// unit %d", i)
		emit("service Log%d { emission fn write(line: Str) }", i)
		emit("service Store%d {", i)
		emit("  fn get(key: Str) -> Opt[Str]")
		emit("  commutative emission fn put(key: Str, value: Str)")
		emit("  async fn warm() -> Int")
		emit("}")
		emit("type Row%d = { id: Int, name: Str, tags: List[Str], meta: Map[Str, Int?] }", i)
		emit("type Outcome%d = Found%d(Row%d) | Missing%d(Str) | Empty%d", i, i, i, i, i)
		emit("component Sink%d provides log%d: Log%d {", i, i, i)
		emit("  provide log%d { fn write(line) { } }", i)
		emit("}")
		emit("component Cache%d requires log%d: Log%d provides store%d: Store%d {", i, i, i, i, i)
		emit("  config { ttl: Int = %d, url: Str = \"mem://%d\" }", 300+i, i)
		emit("  let m = effect Map.new() undo m.drop()")
		emit("  let pool = effect Pool.open(config.url, 4) undo pool.close()")
		emit("  let ready = effect {")
		emit("    let fresh = Map.new()")
		emit("    fresh")
		emit("  } undo ready.drop()")
		emit("  emit log%d.write(`cache %d up, ttl ${config.ttl}`) compensate log%d.write(\"down\")", i, i, i)
		emit("  if (config.ttl < 1) fail \"ttl must be positive\"")
		emit("  every 30s { emit log%d.write(\"tick\") }", i)
		emit("  provide store%d {", i)
		emit("    fn get(key) = m.get(key)")
		emit("    fn put(key, value) {")
		emit("      var n = 0")
		emit("      for (x of [1, 2, 3]) { n = n + x * 2 }")
		emit("      while (n > 0) { n = n - 1 }")
		emit("      if (key == \"\") { return } else { m.insert(key, value) }")
		emit("    }")
		emit("    fn warm() -> Int { return await Job.run(\"w%d\") }", i)
		emit("  }")
		emit("}")
		emit("fn describe%d(o: Outcome%d) -> Str = match o {", i, i)
		emit("  Found%d(r) => `row ${r.id}: ${r.name}`,", i)
		emit("  Missing%d(why) => why", i)
		emit("  _ => \"empty\"")
		emit("}")
		emit("fn score%d(xs: List[Int]) -> Int {", i)
		emit("  let total = xs.filter(x => x %% 2 == 0).map(x => x * 3).len()")
		emit("  return total > 10 && xs.len() != 0 ? total : (xs.first() ?? 0) - 1 - total")
		emit("}")
		emit("test \"score %d\" { assert score%d([1, 2, 3]) == -2 }", i, i)
		emit("lifecycle test \"cache %d\" {", i)
		emit("  load Sink%d", i)
		emit("  load Cache%d with { url: \"mem://x\" }", i)
		emit("  let v = call store%d.get(\"k\")", i)
		emit("  advance 65s")
		emit("  unload Cache%d", i)
		emit("  unload Sink%d", i)
		emit("  assert no_residue")
		emit("}")
	}
	return []byte(b.String())
}
