// Which binary to run for each tool, with workspace trust respected: in a
// workspace the user has not trusted, a path set in the workspace's (or the
// folder's) settings is never run, only the user's own setting or the
// default (the command on PATH). package.json also lists these settings
// under capabilities.untrustedWorkspaces.restrictedConfigurations, so VS
// Code itself ignores them in Restricted Mode; this is the second lock.

/** The shape of WorkspaceConfiguration.inspect(key). */
export interface Inspected<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

export type Tool = 'revl' | 'revl-lsp' | 'revl-dap';

/** The setting key for each tool's path, under the "revl" section. */
export const TOOL_SETTINGS: Record<Tool, string> = {
  'revl': 'path.revl',
  'revl-lsp': 'path.lsp',
  'revl-dap': 'path.dap',
};

export interface ToolPath {
  /** What to run: a path, or the bare name to find on PATH. */
  command: string;
  /** Where the value came from. */
  source: 'default' | 'user' | 'workspace' | 'workspaceFolder';
  /** A workspace value that was set but ignored because the workspace is untrusted. */
  ignored?: string;
}

/**
 * toolPath picks the command for a tool from the inspected setting. Blank
 * values count as unset. The revl.path.* settings are machine-scoped
 * (package.json): a program to run is the user's choice, never a
 * repository's, so a workspace or folder value is ignored, trusted or not,
 * and reported in `ignored`. (VS Code itself does not apply a workspace
 * value of a machine setting; this keeps it so should one be reported.)
 */
export function toolPath(tool: Tool, inspected: Inspected<string> | undefined, _trusted: boolean): ToolPath {
  const clean = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const i = inspected ?? {};
  const folder = clean(i.workspaceFolderValue);
  const ws = clean(i.workspaceValue);
  const user = clean(i.globalValue);
  const ignored = folder ?? ws;
  if (user) return { command: user, source: 'user', ignored };
  return { command: clean(i.defaultValue) ?? tool, source: 'default', ignored };
}

/** sweepSize reads revl.sweep.seeds: an integer from 1 to 100000, else 200. */
export function sweepSize(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100000) return 200;
  return n;
}

/**
 * expandHome and the workspace variable: settings may say
 * "${workspaceFolder}/bin/revl-lsp" or "~/go/bin/revl-lsp".
 */
export function expandPath(p: string, vars: { workspaceFolder?: string; home?: string }): string {
  let out = p;
  if (vars.workspaceFolder) out = out.split('${workspaceFolder}').join(vars.workspaceFolder);
  if (vars.home && (out === '~' || out.startsWith('~/'))) out = vars.home + out.slice(1);
  return out;
}
