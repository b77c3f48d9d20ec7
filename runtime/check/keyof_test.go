package check

import (
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/runtime/syntax"
)

// TestKeyOf: KeyOf finds each key of a header, provided or required, the
// first of a name written twice, nothing for other names; with a few keys
// (a scan) and with many (a map), and on a copy whose key lists are
// copies (package mocks), which must get its own keys, not the original's.
func TestKeyOf(t *testing.T) {
	for _, n := range []int{1, manyKeys, manyKeys + 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var req []string
			for i := range n {
				req = append(req, fmt.Sprintf("r%d: S", i))
			}
			src := "service S { fn m() }\ncomponent P provides p: S {\n  provide p { fn m() { } }\n}\n" +
				"component C provides p2: S, p2: S requires " + strings.Join(req, ", ") + " {\n  provide p2 { fn m() { } }\n}\n"
			f, _ := syntax.ParseFile("k.rvl", []byte(src))
			c := Check(f).CompByName["C"]
			if c == nil {
				t.Fatal("no component C")
			}
			if k := c.KeyOf("p2"); k == nil || k != c.Provides[0] || len(c.Provides) != 1 {
				t.Fatalf("KeyOf(p2) = %v, provides %d: want the first binding, once", k, len(c.Provides))
			}
			for i := range n {
				name := fmt.Sprintf("r%d", i)
				if k := c.KeyOf(name); k == nil || k.Name != name || k.Provided || k.Component != c {
					t.Fatalf("KeyOf(%s) = %+v", name, k)
				}
			}
			if k := c.KeyOf("p"); k != nil {
				t.Fatalf("KeyOf(p) = %+v, want nil: P's key", k)
			}
			cc := *c
			cc.Requires = nil
			for _, k := range c.Requires {
				nk := *k
				nk.Component = &cc
				cc.Requires = append(cc.Requires, &nk)
			}
			if k := cc.KeyOf("r0"); k == nil || k.Component != &cc {
				t.Fatalf("the copy's KeyOf(r0) = %+v, want the copy's key", k)
			}
		})
	}
}
