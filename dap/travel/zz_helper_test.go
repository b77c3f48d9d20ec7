package travel

import (
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

func newMachineForProbe(p *check.Program) (*runtime.Machine, error) {
	return runtime.New(p, runtime.Options{})
}
