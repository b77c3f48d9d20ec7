// Package x is outside the deterministic packages: seam leaks are reported,
// map ranges are not.
package x

import (
	crand "crypto/rand"
	"math/rand"
	randv2 "math/rand/v2"
	"time"
)

func clock() {
	_ = time.Now()                   // want `time.Now called outside the seam: use seam.Clock \(spec §8\)`
	_ = time.Since(time.Time{})      // want `time.Since called outside the seam`
	_ = time.Until(time.Time{})      // want `time.Until called outside the seam`
	time.Sleep(time.Second)          // want `time.Sleep called outside the seam`
	<-time.After(time.Second)        // want `time.After called outside the seam`
	time.AfterFunc(time.Second, nil) // want `time.AfterFunc called outside the seam`
	_ = time.NewTimer(time.Second)   // want `time.NewTimer called outside the seam`
	_ = time.NewTicker(time.Second)  // want `time.NewTicker called outside the seam`
	_ = time.Tick(time.Second)       // want `time.Tick called outside the seam`
}

// The pure parts of package time stay allowed.
func pureTime(t time.Time) time.Duration {
	u := time.Unix(0, 0).Add(3 * time.Second)
	var tm *time.Timer
	_ = tm
	_, _ = time.ParseDuration("5s")
	return t.Sub(u)
}

func random() {
	_ = rand.Intn(3)                 // want `math/rand.Intn called outside the seam: use seam.Entropy \(spec §8\)`
	r := rand.New(rand.NewSource(1)) // want `math/rand.New called` `math/rand.NewSource called`
	_ = r.Intn(3)                    // want `\(\*math/rand.Rand\).Intn called outside the seam`
	g := r.Float64                   // want `\(\*math/rand.Rand\).Float64 referenced outside the seam`
	_ = g
	_ = randv2.IntN(3)                       // want `math/rand/v2.IntN called outside the seam`
	_ = randv2.N[time.Duration](time.Second) // want `math/rand/v2.N called outside the seam`
	_, _ = crand.Read(make([]byte, 4))       // want `crypto/rand.Read called outside the seam`
	_ = crand.Reader                         // want `crypto/rand.Reader referenced outside the seam`
	var _ *rand.Rand                         // want `math/rand.Rand referenced outside the seam`
}

// An alias hides the package name but not the object it denotes.
type source = randv2.Source // want `math/rand/v2.Source referenced outside the seam`

func viaAlias(s source) uint64 {
	return s.Uint64() // want `\(math/rand/v2.Source\).Uint64 called outside the seam`
}

// Function values leak the clock just as calls do.
func values() {
	f := time.Now // want `time.Now referenced outside the seam: use seam.Clock`
	_ = f
	sleep := time.Sleep // want `time.Sleep referenced outside the seam`
	_ = sleep
	call(time.Since) // want `time.Since referenced outside the seam`
}

func call(func(time.Time) time.Duration) {}
