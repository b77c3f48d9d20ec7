package schedule

import (
	"fmt"
	"strconv"
	"strings"
)

// maxRepeat bounds the vector a `V*N` element may spell (ParseChoices):
// more decisions than any schedule the tools run, far less memory than a
// typo of a few digits would ask for.
const maxRepeat = 1 << 24

// ParseChoices reads a choice vector as people write it: `0,1,0`,
// `[0, 1, 0]` or `0 1 0`; an element `V*N` is V written N times (`0*9996,1`
// is 9,996 zeros and a 1: the printed commands of long schedules shorten
// their runs of zeros so). It is the one parser behind every tool that takes
// a vector (revl test and trace record --choices, revl-tui --choices, the
// revl-dap launch attribute, the language server's commands), so they
// accept and refuse the same things. Errors name the element, counted from
// 1, and leave the flag or attribute name to the caller:
// `element 2 is empty`. An empty vector is refused: `0` is the canonical
// run.
func ParseChoices(s string) ([]int, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") != strings.HasSuffix(t, "]") {
		return nil, fmt.Errorf("%q: unbalanced brackets; want e.g. 0,1,0 or [0, 1, 0]", s)
	}
	t = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(t, "["), "]"))
	if t == "" {
		return nil, fmt.Errorf("empty: want a comma-separated list of indices, e.g. 0,1,0 (0 alone is the canonical run)")
	}
	var fields []string
	if strings.Contains(t, ",") {
		fields = strings.Split(t, ",")
	} else {
		fields = strings.Fields(t)
	}
	v := make([]int, 0, len(fields))
	for i, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" {
			return nil, fmt.Errorf("element %d is empty", i+1)
		}
		value, times, repeated := strings.Cut(f, "*")
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < 0 {
			if repeated {
				return nil, fmt.Errorf("element %d is %q, want a non-negative integer before '*'", i+1, f)
			}
			return nil, fmt.Errorf("element %d is %q, want a non-negative integer", i+1, f)
		}
		count := 1
		if repeated {
			count, err = strconv.Atoi(strings.TrimSpace(times))
			if err != nil || count < 1 {
				return nil, fmt.Errorf("element %d is %q, want a positive count after '*'", i+1, f)
			}
		}
		if count > maxRepeat-len(v) {
			return nil, fmt.Errorf("element %d is %q: the vector would be longer than %d decisions", i+1, f, maxRepeat)
		}
		for range count {
			v = append(v, n)
		}
	}
	return v, nil
}
