package syntax

import "embed"

// Sources are this package's Go files, so that a verdict on a program (one
// that checked clean) can name the exact parser and checker that gave it
// (check.Fingerprint): tools built from the same sources share verdicts,
// and a change to either package ends them.
//
//go:embed *.go
var Sources embed.FS
