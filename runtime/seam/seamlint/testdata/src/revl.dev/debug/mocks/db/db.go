package db

func Rows(m map[int]string) (out []string) {
	for _, v := range m { // want `range over map m in deterministic package`
		out = append(out, v)
	}
	return out
}
