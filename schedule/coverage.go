package schedule

// Coverage is how much of the space of equivalence classes a seeded sweep
// covered: the distinct classes its schedules hit, and an estimate of how
// many there are in all, with its spread.
type Coverage struct {
	Classes  int     `json:"classes"`
	Estimate float64 `json:"estimate"`
	Spread   float64 `json:"spread"`
	Samples  int     `json:"samples"`
}
