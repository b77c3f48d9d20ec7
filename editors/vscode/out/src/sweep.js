"use strict";
// The result of a schedule sweep, from either source: the language
// server's `revl.runSchedules` command (RunSchedulesResult in lsp/commands.go)
// or the CLI's `revl test FILE --schedule-seeds N --json` dossier. The
// extension keeps the last one per program: it feeds "Debug failing
// schedule", "Copy replay command" and the generated launch configuration.
Object.defineProperty(exports, "__esModule", { value: true });
exports.fromLsp = fromLsp;
exports.fromCli = fromCli;
exports.firstFailingSeed = firstFailingSeed;
exports.failureLabel = failureLabel;
exports.failureDetail = failureDetail;
const arr = (v) => (Array.isArray(v) ? v : []);
const num = (v, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
/** fromLsp reads the answer of `revl.runSchedules`. */
function fromLsp(raw) {
    const r = (raw ?? {});
    const failures = arr(r.failures).map((f) => ({
        choices: arr(f.choices),
        seeds: arr(f.seeds).map(Number),
        findings: arr(f.findings).map((x) => {
            const loc = (x.location ?? {});
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
function fromCli(raw) {
    const r = (raw ?? {});
    const per = arr(r.per_schedule);
    const byKey = new Map();
    let failing = 0;
    for (const s of per) {
        if (s.ok !== false)
            continue;
        failing++;
        const choices = arr(s.choices);
        const key = choices.join(',');
        let f = byKey.get(key);
        if (!f) {
            f = {
                choices, seeds: [],
                findings: arr(s.findings).map((x) => ({ tag: String(x.tag ?? ''), message: String(x.message ?? '') })),
            };
            byKey.set(key, f);
        }
        if (typeof s.seed === 'number')
            f.seeds.push(s.seed);
    }
    const failures = [...byKey.values()];
    const program = String(r.program ?? '');
    for (const f of failures)
        f.replay = `revl test ${program} --choices ${f.choices.join(',')}`;
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
function firstFailingSeed(r) {
    if (!r)
        return undefined;
    const seeds = r.failures.flatMap((f) => f.seeds).filter((s) => Number.isInteger(s));
    return seeds.length ? Math.min(...seeds) : undefined;
}
/** failureLabel names a failure in a pick list. */
function failureLabel(f) {
    const tags = [...new Set(f.findings.map((x) => x.tag))].join(', ') || 'failure';
    return `${tags}: [${f.choices.join(',')}]`;
}
/** failureDetail describes a failure in a pick list. */
function failureDetail(f) {
    const seeds = f.seeds.length ? `seeds ${f.seeds.slice(0, 8).join(', ')}${f.seeds.length > 8 ? ', …' : ''}` : 'the canonical run';
    return `${seeds} — ${f.findings[0]?.message ?? ''}`;
}
//# sourceMappingURL=sweep.js.map