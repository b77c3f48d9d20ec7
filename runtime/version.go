package runtime

// Version is the semantic version of the runtime's behaviour: what a
// program does, event by event, under given options. Traces carry it
// (timeline/rvt), and a replay refuses a trace recorded by a runtime of
// another major or minor version, whose events may differ for reasons
// that are not the program's. The patch number changes for fixes that
// change no event of any run that completed before.
//
// 1.0.0 is the runtime of the first trace format; the memory budget
// (Options.MemoryBudget) came with no change to any run that completed
// within it.
const Version = "1.0.0"
