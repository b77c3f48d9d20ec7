// The result of a schedule sweep, from either source: the language
// server's `revl.runSchedules` command (RunSchedulesResult in lsp/commands.go)
// or the CLI's `revl test FILE --schedule-seeds N --json` dossier. The
// extension keeps the last one per program: it feeds "Debug failing
// schedule", "Copy replay command" and the generated launch configuration.

import { replayCommand } from './replay';

export interface SweepFinding {
  tag: string;
  message: string;
  /** 0-based line of the finding, when the source placed it. */
  line?: number;
}

export interface SweepFailure {
  /** The minimized choice vector. */
  choices: number[];
  /** The seeds that failed this way (empty for the canonical run). */
  seeds: number[];
  findings: SweepFinding[];
  /** The command that replays it, when the source gave one. */
  replay?: string;
}

export interface SweepResult {
  program: string;
  seeds: number;
  schedules: number;
  failing: number;
  summary: string;
  failures: SweepFailure[];
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** fromLsp reads the answer of `revl.runSchedules`. */
export function fromLsp(raw: unknown): SweepResult {
  const r = (raw ?? {}) as Record<string, unknown>;
  const failures = arr<Record<string, unknown>>(r.failures).map((f) => ({
    choices: arr<number>(f.choices),
    seeds: arr<number>(f.seeds).map(Number),
    findings: arr<Record<string, unknown>>(f.findings).map((x) => {
      const loc = (x.location ?? {}) as { range?: { start?: { line?: number } } };
      return { tag: String(x.tag ?? ''), message: String(x.message ?? ''), line: loc.range?.start?.line };
    }),
    replay: typeof f.replay === 'string' ? f.replay : undefined,
  }));
  return {
    program: String(r.program ?? ''),
    seeds: num(r.seeds),
    schedules: num(r.schedules),
    failing: num(r.failing, failures.length),
    summary: String(r.summary ?? ''),
    failures,
  };
}

/**
 * fromCli reads `revl test --json`: per_schedule lists each schedule with
 * its minimized vector; schedules with the same vector are one failure.
 */
export function fromCli(raw: unknown): SweepResult {
  const r = (raw ?? {}) as Record<string, unknown>;
  const per = arr<Record<string, unknown>>(r.per_schedule);
  const byKey = new Map<string, SweepFailure>();
  let failing = 0;
  for (const s of per) {
    if (s.ok !== false) continue;
    failing++;
    const choices = arr<number>(s.choices);
    const key = choices.join(',');
    let f = byKey.get(key);
    if (!f) {
      f = {
        choices, seeds: [],
        findings: arr<Record<string, unknown>>(s.findings).map((x) => ({ tag: String(x.tag ?? ''), message: String(x.message ?? '') })),
      };
      byKey.set(key, f);
    }
    if (typeof s.seed === 'number') f.seeds.push(s.seed);
  }
  const failures = [...byKey.values()];
  const program = String(r.program ?? '');
  for (const f of failures) f.replay = replayCommand({ program, choices: f.choices });
  return {
    program,
    seeds: num(r.seeds),
    schedules: per.length,
    failing,
    summary: `${per.length} schedules run, ${failing} failed, ${failures.length} distinct failures`,
    failures,
  };
}

/** firstFailingSeed is the smallest seed that failed, for a launch configuration. */
export function firstFailingSeed(r: SweepResult | undefined): number | undefined {
  if (!r) return undefined;
  const seeds = r.failures.flatMap((f) => f.seeds).filter((s) => Number.isInteger(s));
  return seeds.length ? Math.min(...seeds) : undefined;
}

/** failureLabel names a failure in a pick list. */
export function failureLabel(f: SweepFailure): string {
  const tags = [...new Set(f.findings.map((x) => x.tag))].join(', ') || 'failure';
  return `${tags}: [${f.choices.join(',')}]`;
}

/** failureDetail describes a failure in a pick list. */
export function failureDetail(f: SweepFailure): string {
  const seeds = f.seeds.length ? `seeds ${f.seeds.slice(0, 8).join(', ')}${f.seeds.length > 8 ? ', …' : ''}` : 'the canonical run';
  return `${seeds} — ${f.findings[0]?.message ?? ''}`;
}
