package main

// Running `revl test` on the engines people shard tests over: the shard
// taken from the environment Bazel or a Kubernetes Indexed Job sets, and a
// JUnit XML report that CI systems display (docs/scale-out.md).

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"strconv"
	"strings"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/schedule"
)

const scaleOutUsage = `	--shards N           the shard count under a Kubernetes Indexed Job, whose
	                     JOB_COMPLETION_INDEX gives the shard (or REVL_SHARDS)
	--junit FILE         also write a JUnit XML report to FILE (under Bazel,
	                     XML_OUTPUT_FILE when --junit is not given)
`

// scaleOutNote follows the flags in `revl test --help`.
const scaleOutNote = `
The shard comes from, first to last: --shard I/N; Bazel's
TEST_SHARD_INDEX and TEST_TOTAL_SHARDS (revl then touches
TEST_SHARD_STATUS_FILE, as Bazel's test-sharding protocol asks); a
Kubernetes Indexed Job's JOB_COMPLETION_INDEX with the count from
--shards N or REVL_SHARDS; they split a seeded sweep and --exhaustive
alike. Merge the shards' --json reports with revl report merge (see
docs/scale-out.md).
`

// envShard is the shard the environment asks for.
type envShard struct {
	index, count int
	from         string // the variables it came from, for messages
	// statusFile is Bazel's TEST_SHARD_STATUS_FILE: touching it tells
	// Bazel the test honours sharding ("" when not set).
	statusFile string
}

// shardFromEnv reads the shard from Bazel's or a Kubernetes Indexed Job's
// variables; shards is --shards (0 when not given). It returns nil when
// neither engine asks for a shard. Bazel's variables win over Kubernetes'
// since a Bazel test may itself run in a pod of an Indexed Job.
func shardFromEnv(getenv func(string) string, shards int) (*envShard, error) {
	atoi := func(name string, min int) (int, error) {
		v := getenv(name)
		n, err := strconv.Atoi(v)
		if err != nil || n < min {
			return 0, fmt.Errorf("%s=%q: want an integer of at least %d", name, v, min)
		}
		return n, nil
	}
	idx, total := getenv("TEST_SHARD_INDEX"), getenv("TEST_TOTAL_SHARDS")
	if idx != "" || total != "" {
		if idx == "" || total == "" {
			return nil, fmt.Errorf("TEST_SHARD_INDEX=%q and TEST_TOTAL_SHARDS=%q: Bazel sets both or neither", idx, total)
		}
		n, err := atoi("TEST_TOTAL_SHARDS", 1)
		if err != nil {
			return nil, err
		}
		i, err := atoi("TEST_SHARD_INDEX", 0)
		if err != nil {
			return nil, err
		}
		if i >= n {
			return nil, fmt.Errorf("TEST_SHARD_INDEX=%q: want less than TEST_TOTAL_SHARDS=%q", idx, total)
		}
		return &envShard{index: i, count: n, from: "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS", statusFile: getenv("TEST_SHARD_STATUS_FILE")}, nil
	}
	job := getenv("JOB_COMPLETION_INDEX")
	if job == "" {
		if shards > 0 {
			return nil, fmt.Errorf("--shards %d needs JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); elsewhere give --shard I/N", shards)
		}
		return nil, nil
	}
	i, err := atoi("JOB_COMPLETION_INDEX", 0)
	if err != nil {
		return nil, err
	}
	n := shards
	if n == 0 {
		if getenv("REVL_SHARDS") == "" {
			return nil, fmt.Errorf("JOB_COMPLETION_INDEX=%q: give the shard count with --shards N or REVL_SHARDS (the Job's completions)", job)
		}
		if n, err = atoi("REVL_SHARDS", 1); err != nil {
			return nil, err
		}
	}
	if i >= n {
		return nil, fmt.Errorf("JOB_COMPLETION_INDEX=%q: want less than the shard count %d", job, n)
	}
	return &envShard{index: i, count: n, from: "JOB_COMPLETION_INDEX"}, nil
}

// touch creates the file, or leaves it as it is when it exists: Bazel
// only checks that it exists.
func touch(name string) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	return f.Close()
}

// junitFailure is one distinct schedule failure, for the JUnit report.
type junitFailure struct {
	name    string // what fails: the group's key
	message string
	body    string // the text report of it, with the replay command
}

// junitRun is what a `revl test` run reports in JUnit XML.
type junitRun struct {
	program string
	shard   *schedule.ShardInfo
	tests   []testLine
	// swept: a schedule part ran; failures are its distinct failures, or
	// when the mode keeps no groups, failed says whether it found one.
	swept    bool
	mode     string
	failures []junitFailure
	failed   bool
}

// The JUnit XML elements, in the shape that GitHub Actions reporters,
// GitLab and Jenkins read (the common schema of Ant's JUnit task).
type xmlSuites struct {
	XMLName  xml.Name   `xml:"testsuites"`
	Name     string     `xml:"name,attr"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Errors   int        `xml:"errors,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Suites   []xmlSuite `xml:"testsuite"`
}

type xmlSuite struct {
	Name     string    `xml:"name,attr"`
	Tests    int       `xml:"tests,attr"`
	Failures int       `xml:"failures,attr"`
	Errors   int       `xml:"errors,attr"`
	Skipped  int       `xml:"skipped,attr"`
	Cases    []xmlCase `xml:"testcase"`
}

type xmlCase struct {
	Name      string      `xml:"name,attr"`
	Classname string      `xml:"classname,attr"`
	File      string      `xml:"file,attr,omitempty"`
	Line      int         `xml:"line,attr,omitempty"`
	Failure   *xmlFailure `xml:"failure"`
	Skipped   *xmlSkipped `xml:"skipped"`
}

type xmlFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",cdata"`
}

type xmlSkipped struct {
	Message string `xml:"message,attr"`
}

// ran records that the schedule part ran in mode and whether it found a
// failure; a nil run (no --junit) ignores it.
func (r *junitRun) ran(mode string, found bool) {
	if r == nil {
		return
	}
	r.swept, r.mode, r.failed = true, mode, found
}

// xml renders the run: a suite of the file's tests, and one of the
// schedules when they ran.
func (r *junitRun) xml() ([]byte, error) {
	tests := xmlSuite{Name: r.program + " tests"}
	for _, l := range r.tests {
		c := xmlCase{Name: l.name, Classname: r.program}
		switch {
		case l.skipped:
			tests.Skipped++
			c.Skipped = &xmlSkipped{Message: l.message}
		case !l.passed:
			tests.Failures++
			c.File, c.Line = positionFileLine(l.position)
			c.Failure = &xmlFailure{Message: l.message, Type: l.kind,
				Body: fmt.Sprintf("%s: %s", l.position, l.message)}
		}
		tests.Cases = append(tests.Cases, c)
	}
	tests.Tests = len(tests.Cases)
	all := xmlSuites{Name: r.program, Suites: []xmlSuite{tests}}
	if r.swept {
		name := r.program + " schedules"
		if r.shard != nil {
			name += fmt.Sprintf(" (shard %d/%d)", r.shard.Index, r.shard.Count)
		}
		s := xmlSuite{Name: name}
		class := r.program + ".schedules"
		for _, f := range r.failures {
			s.Cases = append(s.Cases, xmlCase{Name: f.name, Classname: class,
				Failure: &xmlFailure{Message: f.message, Type: "schedule", Body: f.body}})
		}
		if len(r.failures) == 0 {
			c := xmlCase{Name: r.mode, Classname: class}
			if r.failed {
				c.Failure = &xmlFailure{Message: "a schedule failed; see the text report", Type: "schedule"}
			}
			s.Cases = append(s.Cases, c)
		}
		for _, c := range s.Cases {
			if c.Failure != nil {
				s.Failures++
			}
		}
		s.Tests = len(s.Cases)
		all.Suites = append(all.Suites, s)
	}
	for _, s := range all.Suites {
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Skipped += s.Skipped
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// positionFileLine splits file:line:col (a file name may hold colons).
func positionFileLine(pos string) (string, int) {
	parts := strings.Split(pos, ":")
	if len(parts) < 3 {
		return pos, 0
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return pos, 0
	}
	return strings.Join(parts[:len(parts)-2], ":"), line
}

// write writes the report to name whole or not at all.
func (r *junitRun) write(name string) error {
	b, err := r.xml()
	if err != nil {
		return err
	}
	w, err := fileio.Create(name)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.Abort()
		return err
	}
	return w.Commit()
}
