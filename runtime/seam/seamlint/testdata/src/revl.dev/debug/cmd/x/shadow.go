package x

// Neither of these is package time or math/rand; a name-based check would
// report them, a type-based one must not.

type fakeClock struct{}

func (fakeClock) Now() int     { return 0 }
func (fakeClock) Sleep(int)    {}
func (fakeClock) Intn(int) int { return 0 }

func shadowed() {
	time := fakeClock{}
	_ = time.Now()
	time.Sleep(1)
	rand := fakeClock{}
	_ = rand.Intn(3)
	_ = Now2()
}

func Now2() int { return 0 }
