// Launch configurations of the `revl` debugger: the attributes revl-dap
// accepts, their resolution before a session starts, and the configurations
// the extension offers. Nothing here imports vscode, so it is unit-tested
// under plain Node.

/** A launch configuration as a user writes it in launch.json. */
export interface RevlLaunchConfig {
  type?: string;
  request?: string;
  name?: string;
  /** The .rvl program. Required, except for a trace that stores its program. */
  program?: string;
  /** Replay the schedule the seeded chooser picks for this seed. */
  seed?: number | string;
  /** Replay this choice vector: [0,1,0] or "0,1,0". */
  choices?: number[] | string;
  /** Open a recorded trace (.rvt). */
  trace?: string;
  /** Shrink the schedule before debugging it (spec §6). */
  minimize?: boolean;
  /** Stop before the first decision (default true). */
  stopOnEntry?: boolean;
  /** Fill unprovided requires with auto-mocks. */
  mocks?: boolean;
  /** The scheduler's alphabet: "lifecycle" (default) or "fine" (docs/decisions.md, "Fine atoms"). */
  atoms?: 'lifecycle' | 'fine';
  /** With atoms "fine": how many times an `every` timer may fire per schedule (default 3). */
  maxFires?: number;
  /** Faults the schedule may inject, as `revl test --max-faults` (0..16, default 0). */
  maxFaults?: number;
  [key: string]: unknown;
}

/** The launch attributes revl-dap accepts, with their JSON types. */
export const LAUNCH_ATTRIBUTES = ['program', 'seed', 'choices', 'trace', 'minimize', 'stopOnEntry', 'mocks', 'memoryBudget', 'config', 'atoms', 'maxFires', 'maxFaults'] as const;

/** The scheduler's alphabets revl-dap accepts for "atoms" (as `revl test --atoms`). */
export const ATOM_MODES = ['lifecycle', 'fine'] as const;

export type ResolveResult = { config: RevlLaunchConfig; error?: undefined } | { config?: undefined; error: string };

export interface ResolveContext {
  /** The active editor's file, if any (a path). */
  activeFile?: string;
  /** What the seed of an empty configuration (F5 with no launch.json) is. */
  defaultSeed?: number;
  /**
   * False before VS Code substitutes ${file} and the like
   * (resolveDebugConfiguration): then values that may hold variables are
   * not checked yet. True (the default) after
   * (resolveDebugConfigurationWithSubstitutedVariables).
   */
  substituted?: boolean;
}

/**
 * parseChoices reads a choice vector from launch.json: an array of
 * non-negative integers, or the CLI's string form "0,1,0" (also "[0, 1, 0]"
 * and "0 1 0"). It returns the vector or an error message.
 */
export function parseChoices(v: unknown): number[] | string {
  let parts: unknown[];
  if (Array.isArray(v)) {
    parts = v;
  } else if (typeof v === 'string') {
    const s = v.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
    if (s === '') return [];
    parts = s.split(/[\s,]+/).filter((p) => p !== '');
  } else {
    return `"choices" must be an array of indexes like [0, 1, 0] or a string like "0,1,0", not ${JSON.stringify(v)}`;
  }
  const out: number[] = [];
  for (const p of parts) {
    // `V*N` is V written N times, as revl test --choices reads it: the
    // commands and launch configurations revl prints for schedules of
    // thousands of decisions shorten their runs of zeros so.
    const run = typeof p === 'string' ? /^(\d+)\*(\d+)$/.exec(p) : null;
    const n = typeof p === 'number' ? p : run ? Number(run[1]) : typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : NaN;
    if (!Number.isSafeInteger(n) || n < 0) {
      return `"choices": ${JSON.stringify(p)} is not a non-negative integer (a choice indexes the ready set)`;
    }
    const times = run ? Number(run[2]) : 1;
    if (!Number.isSafeInteger(times) || times < 1) {
      return `"choices": ${JSON.stringify(p)} wants a positive count after '*'`;
    }
    if (out.length + times > MAX_CHOICES) {
      return `"choices": ${JSON.stringify(p)} makes the vector longer than ${MAX_CHOICES} decisions`;
    }
    for (let i = 0; i < times; i++) out.push(n);
  }
  return out;
}

/** MAX_CHOICES is the longest vector parseChoices builds, as revl's own parser. */
const MAX_CHOICES = 1 << 24;

/** parseSeed reads a seed: a non-negative integer, as a number or a string of digits. */
export function parseSeed(v: unknown): number | string {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) {
    const n = Number(v.trim());
    if (Number.isSafeInteger(n)) return n;
  }
  return `"seed" must be a non-negative integer, not ${JSON.stringify(v)}`;
}

/** isRevlFile says whether a path names a revl program. */
export function isRevlFile(p: string | undefined): p is string {
  return !!p && /\.rvl$/i.test(p);
}

/** isTraceFile says whether a path names a recorded trace. */
export function isTraceFile(p: string | undefined): p is string {
  return !!p && /\.rvt$/i.test(p);
}

/**
 * resolveLaunch completes and checks a launch configuration before the
 * session starts (DebugConfigurationProvider.resolveDebugConfiguration):
 *  - an empty configuration (F5 with no launch.json) debugs the active .rvl
 *    file with the default seed, or opens the active .rvt trace;
 *  - "program" defaults to the active .rvl file (VS Code has already
 *    substituted ${file});
 *  - "seed" and "choices" are normalized to a number and an array, and at
 *    most one of them may be given (neither means the canonical run);
 *  - "stopOnEntry" defaults to true;
 *  - unknown keys are passed through (revl-dap reports them).
 * It returns the configuration to launch, or an error message to show.
 */
export function resolveLaunch(input: RevlLaunchConfig, ctx: ResolveContext = {}): ResolveResult {
  const c: RevlLaunchConfig = { ...input };
  const empty = !c.type && !c.request && !c.name;
  if (empty) {
    if (isTraceFile(ctx.activeFile)) {
      Object.assign(c, { type: 'revl', request: 'launch', name: 'revl: open trace', trace: ctx.activeFile });
    } else if (isRevlFile(ctx.activeFile)) {
      const seed = ctx.defaultSeed ?? 1;
      Object.assign(c, { type: 'revl', request: 'launch', name: `revl: debug seed ${seed}`, program: ctx.activeFile, seed });
    } else {
      return { error: 'Open a .rvl program (or a .rvt trace) to debug it, or add a "revl" configuration to launch.json.' };
    }
  }
  c.type = c.type || 'revl';
  c.request = c.request || 'launch';
  if (c.request !== 'launch') {
    return { error: `revl: "request" must be "launch" (revl-dap does not attach), not ${JSON.stringify(c.request)}` };
  }
  if (!c.name) c.name = 'revl';
  if (c.program === undefined || c.program === '') {
    if (!c.trace && isRevlFile(ctx.activeFile)) c.program = ctx.activeFile;
  }
  if (ctx.substituted === false) {
    // Variables are still in place: only the empty configuration is filled in now.
    return { config: c };
  }
  if (typeof c.program === 'string' && c.program.includes('${')) {
    return { error: `revl: "program" still holds a variable after substitution: ${c.program}` };
  }
  if (!c.program && !c.trace) {
    return { error: 'revl: "program" is required: the path of the .rvl file to debug (for example "${file}" or "${workspaceFolder}/app.rvl").' };
  }
  if (c.program !== undefined && typeof c.program !== 'string') {
    return { error: `revl: "program" must be a path, not ${JSON.stringify(c.program)}` };
  }
  if (c.trace !== undefined && (typeof c.trace !== 'string' || c.trace === '')) {
    return { error: `revl: "trace" must be the path of a .rvt file, not ${JSON.stringify(c.trace)}` };
  }
  const hasSeed = c.seed !== undefined && c.seed !== null && c.seed !== '';
  const hasChoices = c.choices !== undefined && c.choices !== null && c.choices !== '';
  if (hasSeed && hasChoices) {
    return { error: 'revl: give "seed" or "choices", not both: a seed picks a schedule, a choice vector is one.' };
  }
  if (hasSeed) {
    const s = parseSeed(c.seed);
    if (typeof s === 'string') return { error: 'revl: ' + s };
    c.seed = s;
  } else {
    delete c.seed;
  }
  if (hasChoices) {
    const v = parseChoices(c.choices);
    if (typeof v === 'string') return { error: 'revl: ' + v };
    c.choices = v;
  } else {
    delete c.choices;
  }
  if (c.trace && (hasSeed || hasChoices)) {
    return { error: 'revl: a "trace" replays the schedule it recorded; drop "seed" and "choices" (or drop "trace").' };
  }
  if (c.minimize === true && !hasSeed) {
    return { error: 'revl: "minimize" shrinks the schedule of a "seed"; add one (a choice vector is replayed as it is).' };
  }
  for (const k of ['minimize', 'stopOnEntry', 'mocks'] as const) {
    if (c[k] !== undefined && typeof c[k] !== 'boolean') {
      return { error: `revl: "${k}" must be true or false, not ${JSON.stringify(c[k])}` };
    }
  }
  if (c.atoms !== undefined && !(ATOM_MODES as readonly unknown[]).includes(c.atoms)) {
    return { error: `revl: "atoms" must be "lifecycle" or "fine", not ${JSON.stringify(c.atoms)}` };
  }
  if (c.maxFires !== undefined) {
    // As revl-dap: a bound on timer fires means something only in the fine alphabet.
    if (typeof c.maxFires !== 'number' || !Number.isSafeInteger(c.maxFires) || c.maxFires < 1) {
      return { error: `revl: "maxFires" must be a positive integer, not ${JSON.stringify(c.maxFires)}` };
    }
    if (c.atoms !== 'fine') {
      return { error: 'revl: "maxFires" bounds the timer fires of the fine alphabet; add "atoms": "fine" (or drop "maxFires").' };
    }
  }
  if (c.maxFaults !== undefined) {
    // As revl-dap: 0..16 faults, in either alphabet.
    if (typeof c.maxFaults !== 'number' || !Number.isSafeInteger(c.maxFaults) || c.maxFaults < 0 || c.maxFaults > 16) {
      return { error: `revl: "maxFaults" must be an integer from 0 to 16, not ${JSON.stringify(c.maxFaults)}` };
    }
  }
  if (c.atoms === 'fine' && c.mocks === true) {
    return { error: 'revl: "atoms": "fine" runs the plain world only; drop "mocks".' };
  }
  if (c.stopOnEntry === undefined) c.stopOnEntry = true;
  return { config: c };
}

/**
 * initialConfigurations are what "create a launch.json file" writes for a
 * folder: one configuration per way to pick a schedule. failingSeed, when a
 * sweep found one, makes the first configuration reproduce a failure.
 */
export function initialConfigurations(opts: { program?: string; failingSeed?: number; failingChoices?: number[] } = {}): RevlLaunchConfig[] {
  const program = opts.program ?? '${file}';
  const seed = opts.failingSeed ?? 1;
  const configs: RevlLaunchConfig[] = [
    { type: 'revl', request: 'launch', name: `revl: debug seed ${seed}`, program, seed, stopOnEntry: true },
  ];
  if (opts.failingChoices && opts.failingChoices.length) {
    configs.push({
      type: 'revl', request: 'launch', name: `revl: replay [${opts.failingChoices.join(',')}]`, program,
      choices: opts.failingChoices, stopOnEntry: true,
    });
  }
  return configs;
}

/** describeSchedule names the schedule a configuration debugs, for titles. */
export function describeSchedule(c: RevlLaunchConfig): string {
  if (c.trace) return `trace ${baseName(String(c.trace))}`;
  // A trace carries its own alphabet; otherwise a fine schedule says so, since its vector means
  // something else than the same vector over the lifecycle alphabet.
  const fine = c.atoms === 'fine' ? ' (fine atoms)' : '';
  if (c.seed !== undefined) return `seed ${c.seed}${fine}`;
  if (c.choices !== undefined) {
    const v = parseChoices(c.choices);
    if (typeof v !== 'string') return `choices [${v.join(', ')}]${fine}`;
  }
  return `the canonical run${fine}`;
}

export function baseName(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i >= 0 ? p.slice(i + 1) : p;
}

/**
 * The argument of the language server's `revl.debugSchedule` command, which its debug lenses and
 * the `debug` command of each sweep failure carry (DebugScheduleArgs in lsp/commands.go): the
 * vector and the mode of the sweep that found it, named as revl-dap's launch attributes.
 */
export interface DebugScheduleArgs {
  program?: string;
  choices?: number[];
  atoms?: 'lifecycle' | 'fine';
  maxFires?: number;
  maxFaults?: number;
}

/**
 * debugScheduleLaunch is the launch configuration the extension starts for a `revl.debugSchedule`
 * lens: the server's answer (its `launch`) when there is one, else one built from the lens's
 * arguments. Either way it keeps the lens's mode: a fine vector is another schedule over the
 * lifecycle alphabet, and a vector that crashes a fiber picks a crash(F) only a world with
 * `maxFaults` lists, so dropping them would debug another schedule than the one that failed.
 */
export function debugScheduleLaunch(a: DebugScheduleArgs, answered?: RevlLaunchConfig): RevlLaunchConfig {
  const launch: RevlLaunchConfig = answered
    ? { ...answered }
    : { type: 'revl', request: 'launch', name: `revl: schedule [${(a.choices ?? []).join(',')}]`, program: a.program, choices: a.choices };
  if (a.atoms === 'fine' && launch.atoms === undefined) {
    launch.atoms = 'fine';
    if (a.maxFires && launch.maxFires === undefined) launch.maxFires = a.maxFires;
  }
  if (a.maxFaults && launch.maxFaults === undefined) launch.maxFaults = a.maxFaults;
  launch.stopOnEntry = true;
  return launch;
}
