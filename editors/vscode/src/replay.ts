// The command line that replays a schedule outside the editor: what
// "Copy replay command" puts on the clipboard. It is the same command the
// CLI and the language server print (`revl test FILE --choices 0,1,0`),
// with every path quoted for the shell: a file named x$(id)y;z.rvl is
// pasted as a name, never run.

export interface ReplaySource {
  program?: string;
  seed?: number | string;
  choices?: number[] | string;
  trace?: string;
  /** The vector the run actually took (from the timeline); preferred to a seed. */
  taken?: number[];
  mocks?: boolean;
}

export interface ReplayOptions {
  /** The revl command (a path, or "revl"). */
  revl?: string;
  /** Make paths relative to this folder when they lie inside it. */
  cwd?: string;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** shellQuote quotes a word for a POSIX shell when it needs it. */
export function shellQuote(s: string): string {
  if (s !== '' && SAFE.test(s)) return s;
  return "'" + s.replace(/'/g, `'\\''`) + "'";
}

/** relativeTo makes p relative to dir when it lies inside it. */
export function relativeTo(p: string, dir?: string): string {
  if (!dir) return p;
  const d = dir.replace(/[\\/]+$/, '');
  if (p === d) return '.';
  if (p.startsWith(d + '/') || p.startsWith(d + '\\')) return p.slice(d.length + 1);
  return p;
}

/** formatChoices renders a vector as the CLI's --choices flag wants it: 0,1,0. */
export function formatChoices(v: number[]): string {
  return v.join(',');
}

/**
 * replayCommand returns the shell command that replays the schedule, or
 * undefined when there is nothing to replay. A vector that was taken beats a
 * seed (it replays the same run without the seeded chooser); a trace replays
 * with `revl trace replay`.
 */
export function replayCommand(src: ReplaySource, opts: ReplayOptions = {}): string | undefined {
  const revl = shellQuote(opts.revl || 'revl');
  if (src.trace) {
    const t = relativeTo(src.trace, opts.cwd);
    return `${revl} trace replay ${shellQuote(t.startsWith('-') ? './' + t : t)}`;
  }
  if (!src.program) return undefined;
  // A name that starts with - gets ./ so revl does not take it for a flag.
  const rel = relativeTo(src.program, opts.cwd);
  const prog = shellQuote(rel.startsWith('-') ? './' + rel : rel);
  const mocks = src.mocks ? ' --mock-requires' : '';
  if (src.taken && src.taken.length) {
    return `${revl} test ${prog} --choices ${formatChoices(src.taken)}${mocks}`;
  }
  if (src.choices !== undefined && src.choices !== '') {
    const v = Array.isArray(src.choices)
      ? src.choices
      : String(src.choices).replace(/[[\]\s]/g, ',').split(',').filter((x) => x !== '').map(Number);
    return `${revl} test ${prog} --choices ${formatChoices(v.length ? v : [0])}${mocks}`;
  }
  if (src.seed !== undefined && src.seed !== '') {
    return `${revl} test ${prog} --schedule-seed ${Number(src.seed)}${mocks}`;
  }
  return `${revl} test ${prog} --choices 0${mocks}`;
}
