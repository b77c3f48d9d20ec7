package version

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestNumber(t *testing.T) {
	tests := []struct {
		name      string
		ldflags   string
		buildInfo string // Main.Version; "-" for no build information
		want      string
	}{
		{"linker flag wins", "0.3.0", "v9.9.9", "0.3.0"},
		{"module version", "", "v1.2.3", "1.2.3"},
		{"pseudo-version", "", "v0.0.0-20261201085641-10eff1cabcde+dirty", "0.0.0-20261201085641-10eff1cabcde+dirty"},
		{"devel build", "", "(devel)", "devel"},
		{"no build information", "", "-", "devel"},
		{"linker flag with v", "v0.4.0", "", "0.4.0"},
		{"a v that is not a version", "", "vnext", "vnext"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saved, savedRead := Version, readBuildInfo
			defer func() { Version, readBuildInfo = saved, savedRead }()
			Version = tt.ldflags
			readBuildInfo = func() (*debug.BuildInfo, bool) {
				if tt.buildInfo == "-" {
					return nil, false
				}
				return &debug.BuildInfo{Main: debug.Module{Path: "revl.dev/debug", Version: tt.buildInfo}}, true
			}
			if got := Number(); got != tt.want {
				t.Errorf("Number() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	saved := Version
	defer func() { Version = saved }()
	Version = "0.3.0"
	want := "revl-dap 0.3.0 (" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")"
	if got := String("revl-dap"); got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

func TestRequested(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"--version"}, true},
		{[]string{"-version"}, true},
		{[]string{}, false},
		{[]string{"--version", "x.rvl"}, false},
		{[]string{"-V=full"}, false},
		{[]string{"version"}, false},
	}
	for _, tt := range tests {
		if got := Requested(tt.args); got != tt.want {
			t.Errorf("Requested(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
