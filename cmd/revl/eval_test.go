package main

import (
	"testing"

	"revl.dev/debug/schedule"
	"revl.dev/debug/schedule/eval"
)

// TestEvalFineSamplersAskRevlTest: revl eval runs a fine mutant under the
// samplers revl test runs with --atoms fine, and the eval package's own
// answer (what CI's quick configuration, which cannot call the CLI, uses)
// agrees with it. When revl test starts taking --sampler with fine atoms,
// this fails until eval.FineSamplerRefusal says so too.
func TestEvalFineSamplersAskRevlTest(t *testing.T) {
	probe := fineSampler()
	for _, s := range schedule.SamplerNames {
		cli, pkg := probe(s), eval.FineSamplerRefusal(s)
		if cli != pkg {
			t.Errorf("sampler %s with fine atoms: revl test says %q, eval.FineSamplerRefusal %q", s, cli, pkg)
		}
		if again := probe(s); again != cli {
			t.Errorf("sampler %s: a second probe says %q, the first %q", s, again, cli)
		}
	}
	if why := probe(schedule.SamplerUniform); why != "" {
		t.Errorf("the uniform walk with fine atoms is refused: %q", why)
	}
}
