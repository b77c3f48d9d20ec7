package schedule

func Ready(m map[string]bool) (out []string) {
	for k, ok := range m { // want `range over map m in deterministic package`
		if ok {
			out = append(out, k)
		}
	}
	return out
}
