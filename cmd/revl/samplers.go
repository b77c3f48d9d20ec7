package main

import (
	"flag"
	"fmt"
	"io"

	"revl.dev/debug/schedule"
)

// The samplers of revl test (--sampler, --depth): how each seed of a sweep
// draws its schedule. See schedule/samplers.go and docs/decisions.md,
// "Samplers".

const samplerUsage = `	--sampler NAME       how each seed draws its schedule: uniform (default:
	                     a uniform pick among the ready atoms), pct
	                     (priorities with change points), pos (partial order
	                     sampling) or urw (uniform over interleavings); a
	                     failing seed still replays as its --choices vector
	--depth D            the bug depth pct targets (default 2); the summary
	                     prints the probability pct guarantees for it
`

// samplerFlags are --sampler and --depth as given.
type samplerFlags struct {
	name  string
	depth int
	value schedule.Sampler // once parsed
}

func (s *samplerFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.name, "sampler", schedule.SamplerUniform, "how each seed draws its schedule: uniform, pct, pos or urw")
	fs.IntVar(&s.depth, "depth", 0, "the bug depth pct targets (default 2)")
}

// parse checks the flags against the rest of the command line: a sampler
// draws seeds, so it means nothing to a vector or an exhaustive search,
// and the coverage estimate assumes the uniform walk.
func (s *samplerFlags) parse(set map[string]bool, f *testFlags) error {
	if set["depth"] && s.depth < 1 {
		// --depth 0 is refused, not taken for "not given".
		return fmt.Errorf("--depth must be 1 or more, got %d", s.depth)
	}
	v, err := schedule.ParseSampler(s.name, s.depth)
	if err != nil {
		return err
	}
	s.value = v
	if !set["sampler"] && !set["depth"] {
		return nil
	}
	switch {
	case f.hasChoices:
		return fmt.Errorf("--sampler draws seeds; --choices replays the same under any sampler, drop --sampler")
	case f.exhaustive:
		return fmt.Errorf("--sampler draws seeds; --exhaustive runs every class, drop --sampler")
	case f.coverage && !v.Uniform():
		return fmt.Errorf("--coverage estimates the classes of the uniform walk; it cannot be combined with --sampler %s", v.Kind)
	}
	return nil
}

// writeSamplerLine names the sampler after a sweep or a seed's replay,
// unless it is the default, with what it guarantees: PCT's probability
// bound for its depth.
func (s *sweepPrinter) writeSamplerLine(w io.Writer) {
	switch s.sampler.Kind {
	case "", schedule.SamplerUniform:
	case schedule.SamplerPCT:
		fmt.Fprintln(w, schedule.PCTBoundLine(s.x, s.sampler.Depth))
	case schedule.SamplerPOS:
		fmt.Fprintln(w, "pos: partial order sampling (a random priority per atom, re-drawn for the atoms that race with the one run)")
	case schedule.SamplerURW:
		fmt.Fprintln(w, "urw: each ready atom weighted by the atoms its fiber has left (uniform over the interleavings of independent fibers)")
	}
}
