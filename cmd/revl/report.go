package main

import (
	"flag"
	"fmt"
	"io"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/schedule"
)

func reportCommand() *command {
	return &command{
		name:  "report",
		short: "merge the JSON reports of a sharded sweep or exhaustive search",
		usage: `usage: revl report merge [-o FILE] REPORT.json...

Merge combines the JSON dossiers of the shards of one sweep (revl test
--shard I/N --json) into exactly the dossier one machine would have written
for the whole sweep: the canonical schedule once, every seed in order, and
counts recomputed, distinct fingerprints and schedules included.

The shards of an exhaustive search (revl test --exhaustive --shard I/N
--json) merge into the one-machine search's dossier: the same classes in
the same order, the same verdict and the same failures with the same
shrunk schedules. Only its "search" object differs: what the sharded
search cost, summed over the shards.

It refuses reports of different programs or sweep sizes, a seeded sweep
among exhaustive shards, overlapping or repeated shards and an incomplete
set of shards.

Flags:
	-o FILE   write the merged dossier to FILE instead of stdout

Exit status: 0 when the merged sweep found nothing, 1 when it has failing
schedules, 2 on a usage or I/O error or reports that do not merge.
`,
		run: runReport,
		flagSets: func() []flagSet {
			fs, _ := reportFlagSet(io.Discard)
			return []flagSet{{sub: "merge", fs: fs, files: "json"}}
		},
	}
}

func reportFlagSet(stderr io.Writer) (*flag.FlagSet, *string) {
	fs := newFlagSet("report", stderr)
	return fs, fs.String("o", "", "write the merged dossier to FILE")
}

func runReport(args []string, stdout, stderr io.Writer) int {
	fs, outName := reportFlagSet(stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	if fs.NArg() < 2 || fs.Arg(0) != "merge" {
		fmt.Fprint(stderr, "revl report: want `revl report merge REPORT.json...` (see revl report --help)\n")
		return exitUsage
	}
	var ds []*schedule.Dossier
	for _, name := range fs.Args()[1:] {
		d, err := schedule.ReadDossier(name)
		if err != nil {
			fmt.Fprintf(stderr, "revl report merge: %v\n", err)
			return exitUsage
		}
		ds = append(ds, d)
	}
	merged, err := schedule.Merge(ds)
	if err != nil {
		fmt.Fprintf(stderr, "revl report merge: %v\n", err)
		return exitUsage
	}
	w := stdout
	var f *fileio.File
	if *outName != "" {
		var err error
		if f, err = fileio.Create(*outName); err != nil {
			fmt.Fprintf(stderr, "revl report merge: %v\n", err)
			return exitUsage
		}
		defer f.Abort()
		w = f
	}
	err = merged.Write(w)
	if err == nil && f != nil {
		err = f.Commit()
	}
	if err != nil {
		fmt.Fprintf(stderr, "revl report merge: %v\n", err)
		return exitUsage
	}
	if merged.Counts.Failures > 0 {
		return exitFindings
	}
	return exitOK
}
