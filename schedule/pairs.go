package schedule

// EmissionPair is one row of two runs' emissions side by side, as
// `unstable` compares them (spec §6): ordered (non-commutative) emissions
// pair by their index among the ordered ones; commutative ones compare as
// a multiset, so they pair by their index among the commutative ones and
// never diverge.
type EmissionPair struct {
	// Got and Canonical index the two runs' emission lists, -1 for the
	// side that has none in this row.
	Got, Canonical int
	// Ordered is the row's index among the ordered emissions, -1 for a
	// commutative row.
	Ordered     int
	Commutative bool
}

// PairEmissions lays out two runs' emissions side by side: this run's in
// order, each beside the canonical run's emission of the same class and
// index, then the canonical emissions this run lacks, in their order.
// got and canon say, per emission, whether it is commutative.
func PairEmissions(got, canon []bool) []EmissionPair {
	var ordC, comC []int // the canonical run's emissions of each class
	for j, c := range canon {
		if c {
			comC = append(comC, j)
		} else {
			ordC = append(ordC, j)
		}
	}
	at := func(list []int, k int) int {
		if k < len(list) {
			return list[k]
		}
		return -1
	}
	rows := make([]EmissionPair, 0, max(len(got), len(canon)))
	nOrd, nCom := 0, 0
	for i, c := range got {
		if c {
			rows = append(rows, EmissionPair{Got: i, Canonical: at(comC, nCom), Ordered: -1, Commutative: true})
			nCom++
		} else {
			rows = append(rows, EmissionPair{Got: i, Canonical: at(ordC, nOrd), Ordered: nOrd})
			nOrd++
		}
	}
	// The canonical emissions this run lacks, in the canonical order.
	paired := make([]bool, len(canon))
	for _, j := range ordC[:min(nOrd, len(ordC))] {
		paired[j] = true
	}
	for _, j := range comC[:min(nCom, len(comC))] {
		paired[j] = true
	}
	o := nOrd
	for j, c := range canon {
		switch {
		case paired[j]:
		case c:
			rows = append(rows, EmissionPair{Got: -1, Canonical: j, Ordered: -1, Commutative: true})
		default:
			rows = append(rows, EmissionPair{Got: -1, Canonical: j, Ordered: o})
			o++
		}
	}
	return rows
}
