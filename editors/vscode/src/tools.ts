// Where each revl tool is found, and what to tell the user when it is not.
// VS Code's extension host does not see the PATH of the shell that started
// the editor (it takes a login shell's), so a bare command name is not
// enough: the platform-specific .vsix carries the tools in bin/, and the
// usual Go install folders are searched too. Nothing here imports vscode,
// so it is unit-tested under plain Node.

import * as fs from 'fs';
import * as path from 'path';
import { Tool } from './settings';

export const TOOLS: Tool[] = ['revl', 'revl-lsp', 'revl-dap'];

/** Where a resolved tool came from, in the order they are tried. */
export type ToolSource = 'setting' | 'bundled' | 'PATH' | 'GOBIN' | 'GOPATH' | '~/go/bin';

export interface ToolEnv {
  platform: NodeJS.Platform;
  /** The extension's bin/ folder (the platform-specific .vsix ships the tools there). */
  bundledDir?: string;
  PATH?: string;
  GOBIN?: string;
  GOPATH?: string;
  home?: string;
  /** isExecutable says whether a path is a file the user may run. */
  isExecutable: (p: string) => boolean;
}

export type Resolution =
  | { tool: Tool; command: string; source: ToolSource; tried: string[]; error?: undefined }
  | { tool: Tool; command?: undefined; source?: undefined; tried: string[]; error: string };

/** exeName is the tool's file name on the platform. */
export function exeName(tool: string, platform: NodeJS.Platform): string {
  return platform === 'win32' && !/\.exe$/i.test(tool) ? tool + '.exe' : tool;
}

function hasSeparator(p: string): boolean {
  return p.includes('/') || p.includes('\\');
}

/**
 * searchDirs lists the folders a bare command is looked for in, labelled:
 * PATH's entries, then GOBIN, each GOPATH's bin, and ~/go/bin (where
 * `go install` puts binaries when neither is set).
 */
export function searchDirs(env: ToolEnv): { dir: string; source: ToolSource }[] {
  const out: { dir: string; source: ToolSource }[] = [];
  const seen = new Set<string>();
  const add = (dir: string | undefined, source: ToolSource) => {
    if (!dir || seen.has(dir)) return;
    seen.add(dir);
    out.push({ dir, source });
  };
  const delim = env.platform === 'win32' ? ';' : ':';
  for (const d of (env.PATH ?? '').split(delim)) add(d.trim(), 'PATH');
  add(env.GOBIN, 'GOBIN');
  for (const d of (env.GOPATH ?? '').split(delim)) if (d.trim()) add(path.join(d.trim(), 'bin'), 'GOPATH');
  if (env.home) add(path.join(env.home, 'go', 'bin'), '~/go/bin');
  return out;
}

/**
 * resolveTool finds the binary to run for a tool:
 *  - a setting that is a path (it has a slash) must name a runnable file:
 *    a wrong path is an error, never silently replaced by another binary;
 *  - a setting that is a bare name is looked up like a command (PATH,
 *    GOBIN, GOPATH/bin, ~/go/bin);
 *  - with no setting: the bundled binary, then the same search.
 * `setting` is the value to use (trust already applied), or undefined.
 */
export function resolveTool(tool: Tool, setting: string | undefined, env: ToolEnv): Resolution {
  const tried: string[] = [];
  const s = setting?.trim();
  if (s && hasSeparator(s)) {
    tried.push(s);
    if (env.isExecutable(s)) return { tool, command: s, source: 'setting', tried };
    return { tool, tried, error: `${s} (from the setting revl.${settingKey(tool)}) is not an executable file` };
  }
  const name = exeName(s || tool, env.platform);
  if (!s && env.bundledDir) {
    const b = path.join(env.bundledDir, name);
    tried.push(b);
    if (env.isExecutable(b)) return { tool, command: b, source: 'bundled', tried };
  }
  for (const { dir, source } of searchDirs(env)) {
    const p = path.join(dir, name);
    tried.push(p);
    if (env.isExecutable(p)) return { tool, command: p, source: s ? 'setting' : source, tried };
  }
  return { tool, tried, error: `${name} is not bundled with this extension and not on PATH, in GOBIN or in ~/go/bin` };
}

function settingKey(tool: Tool): string {
  return tool === 'revl' ? 'path.revl' : tool === 'revl-lsp' ? 'path.lsp' : 'path.dap';
}

/** installCommand is the command that installs a tool with Go. */
export function installCommand(tool: Tool): string {
  return `go install revl.dev/debug/cmd/${tool}@latest`;
}

/** notFoundMessage is the notification for a tool that cannot be found or started. */
export function notFoundMessage(tool: Tool, why: string): string {
  return `revl: cannot run ${tool}: ${why}. Set "revl.${settingKey(tool)}" to its path, or install it with: ${installCommand(tool)}`;
}

/**
 * nodeIsExecutable is ToolEnv.isExecutable on the real file system: a
 * regular file with an execute bit (any file on Windows). A bundled binary
 * that lost its execute bit on the way (some unzip paths drop it) is given
 * it back when `repairDir` holds it.
 */
export function nodeIsExecutable(platform: NodeJS.Platform, repairDir?: string): (p: string) => boolean {
  return (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      return false;
    }
    if (!st.isFile()) return false;
    if (platform === 'win32' || (st.mode & 0o111) !== 0) return true;
    if (repairDir && path.dirname(p) === repairDir) {
      try {
        fs.chmodSync(p, st.mode | 0o755);
        return true;
      } catch {
        return false;
      }
    }
    return false;
  };
}

/**
 * parseVersion reads the line `TOOL --version` prints
 * ("revl-dap 0.3.0 (go1.26.8 linux/amd64)") and returns "0.3.0", or
 * undefined for anything else (a tool too old to know the flag).
 */
export function parseVersion(tool: string, out: string): string | undefined {
  const line = out.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  const m = /^(\S+) (\S+) \(go[^ ]* [^ ]+\)$/.exec(line);
  if (!m || m[1] !== tool) return undefined;
  return m[2];
}

/** statusText is the status-bar item's text: one version when the tools agree. */
export function statusText(versions: Partial<Record<Tool, string>>): string {
  const vs = [...new Set(TOOLS.map((t) => versions[t]).filter((v): v is string => !!v))];
  if (vs.length === 0) return 'revl';
  if (vs.length === 1) return `revl ${vs[0]}`;
  return 'revl: mixed versions';
}
