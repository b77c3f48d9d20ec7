package runtime

// emissionLog is the append-only list of a machine's emissions, kept in
// fixed-size chunks so that Clone shares every full chunk and copies only
// the last, partial one. A debugger restores a checkpoint and emits again
// at any point of a long run; with one flat slice, that first append
// copied the whole log (megabytes at 100,000 decisions) and kept the old
// array alive in every checkpoint.
type emissionLog struct {
	chunks [][]Emission // every chunk but the last is full and never changes
	n      int
}

const emissionChunk = 256

func (l *emissionLog) append(e Emission) {
	if k := len(l.chunks); k == 0 || len(l.chunks[k-1]) == emissionChunk {
		// Start small: most schedules emit a handful of times, and a
		// full chunk up front cost a 50 KB allocation per schedule. The
		// chunk grows by append up to emissionChunk.
		l.chunks = append(l.chunks, make([]Emission, 0, 4))
	}
	last := len(l.chunks) - 1
	l.chunks[last] = append(l.chunks[last], e)
	l.n++
}

// clone shares the full chunks and copies the partial one, which both
// machines would otherwise append to.
func (l *emissionLog) clone() emissionLog {
	var fresh emissionLog
	return fresh.resetFrom(l)
}

// resetFrom returns a clone of src, in l's arrays where it can:
// l's list of chunks, and its last chunk when that is not full, which
// takes src's partial last chunk (or, src having no emissions, starts the
// log). A full chunk may be another log's too (clone shares every full
// one: a clone of l's machine, or the source l was reset from last, a
// debugger's checkpoint); a partial one never is. l is not used
// afterwards, and src is not changed.
func (l *emissionLog) resetFrom(src *emissionLog) emissionLog {
	var spare []Emission
	if k := len(l.chunks); k > 0 && len(l.chunks[k-1]) < emissionChunk {
		spare = l.chunks[k-1]
		clear(spare[:cap(spare)])
	}
	clear(l.chunks)
	c := emissionLog{chunks: append(l.chunks[:0], src.chunks...), n: src.n}
	switch k := len(c.chunks); {
	case k > 0 && len(c.chunks[k-1]) < emissionChunk:
		c.chunks[k-1] = append(spare[:0], c.chunks[k-1]...)
	case k == 0 && spare != nil:
		c.chunks = append(c.chunks, spare[:0])
	}
	return c
}

// Len is the number of emissions.
func (l *emissionLog) Len() int { return l.n }

// at returns emission i.
func (l *emissionLog) at(i int) Emission { return l.chunks[i/emissionChunk][i%emissionChunk] }

// all returns a copy of every emission in order.
func (l *emissionLog) all() []Emission {
	out := make([]Emission, 0, l.n)
	for _, c := range l.chunks {
		out = append(out, c...)
	}
	return out
}

// EmissionCount returns how many emissions the machine has made; with
// EmissionAt it reads the log without copying it, as a debugger does at
// every stop of a long run.
func (m *Machine) EmissionCount() int { return m.emissions.Len() }

// EmissionAt returns emission i (0-based, in the order they happened).
func (m *Machine) EmissionAt(i int) Emission { return m.emissions.at(i) }
