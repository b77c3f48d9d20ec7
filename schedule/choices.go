package schedule

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseChoices reads a choice vector as people write it: `0,1,0`,
// `[0, 1, 0]` or `0 1 0`. It is the one parser behind every tool that takes
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
	v := make([]int, len(fields))
	for i, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" {
			return nil, fmt.Errorf("element %d is empty", i+1)
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("element %d is %q, want a non-negative integer", i+1, f)
		}
		v[i] = n
	}
	return v, nil
}
