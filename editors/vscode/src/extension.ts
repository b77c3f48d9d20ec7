// The revl extension: the language (grammar, configuration), the language
// client for revl-lsp, the `revl` debugger (revl-dap), the timeline view
// and the commands that tie them together.

import * as vscode from 'vscode';
import * as os from 'os';
import * as path from 'path';
import { execFile } from 'child_process';
import {
  LanguageClient, LanguageClientOptions, ServerOptions, ExecuteCommandRequest, State, RevealOutputChannelOn,
} from 'vscode-languageclient/node';
import { resolveLaunch, initialConfigurations, isRevlFile, isTraceFile, RevlLaunchConfig, parseChoices, describeSchedule, debugScheduleLaunch, DebugScheduleArgs } from './launch';
import { toolPath, Tool, TOOL_SETTINGS, sweepSize, expandPath } from './settings';
import { TOOLS, Resolution, resolveTool, nodeIsExecutable, notFoundMessage, installCommand, parseVersion, statusText } from './tools';
import { decisionItems, forkChoices, TimelineAnswer } from './travel';
import { adapterTracker } from './tracker';
import { replayCommand } from './replay';
import { SweepResult, fromLsp, fromCli, firstFailingSeed, failureLabel, failureDetail } from './sweep';
import { DebugTimelinePanel, TraceEditorProvider, TimelineHost } from './timeline/panel';
import { TimelineModel, choicesTaken } from './timeline/model';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
const sweeps = new Map<string, SweepResult>();

function log(line: string) {
  output?.appendLine(line);
}

// ---------------------------------------------------------------- the tools

let bundledDir = '';

/** toolSetting is the user's path for a tool (workspace trust honoured), or undefined for none. */
function toolSetting(t: Tool, folder?: vscode.WorkspaceFolder): string | undefined {
  const cfg = vscode.workspace.getConfiguration('revl', folder?.uri);
  const p = toolPath(t, cfg.inspect<string>(TOOL_SETTINGS[t]), vscode.workspace.isTrusted);
  if (p.ignored) log(`ignoring revl.${TOOL_SETTINGS[t]} = ${p.ignored} from the workspace settings (a machine setting: only your user settings choose the program to run)`);
  if (p.source === 'default') return undefined;
  return expandPath(p.command, { workspaceFolder: folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, home: os.homedir() });
}

/** resolve finds a tool: the setting, the bundled binary, then PATH, GOBIN and ~/go/bin. */
function resolve(t: Tool, folder?: vscode.WorkspaceFolder): Resolution {
  return resolveTool(t, toolSetting(t, folder), {
    platform: process.platform, bundledDir, PATH: process.env.PATH, GOBIN: process.env.GOBIN, GOPATH: process.env.GOPATH,
    home: os.homedir(), isExecutable: nodeIsExecutable(process.platform, bundledDir),
  });
}

/** ToolError is a tool that cannot be found or started; its message is the notification's. */
class ToolError extends Error {
  constructor(readonly tool: Tool, readonly why: string) {
    super(notFoundMessage(tool, why));
  }
}

/** tool returns the command to run for a tool, or throws a ToolError. */
function tool(t: Tool, folder?: vscode.WorkspaceFolder): string {
  const r = resolve(t, folder);
  if (r.error !== undefined) {
    log(`${t}: ${r.error}; tried ${r.tried.join(', ') || 'nothing'}`);
    throw new ToolError(t, r.error);
  }
  return r.command;
}

/** reportTool tells the user a tool cannot be found or started, with the two ways out. */
async function reportTool(t: Tool, why: string) {
  const msg = notFoundMessage(t, why);
  log(msg);
  const a = await vscode.window.showErrorMessage(msg, 'Open Settings', 'Copy install command');
  if (a === 'Open Settings') {
    // revl.path.* are machine settings: in a remote window they live in
    // the Remote tab (the User tab would show no such setting).
    const query = `revl.${TOOL_SETTINGS[t]}`;
    if (vscode.env.remoteName) {
      try {
        await vscode.commands.executeCommand('workbench.action.openRemoteSettings', { query });
        return;
      } catch (e) {
        log(`opening the remote settings: ${(e as Error).message ?? e}`);
      }
    }
    await vscode.commands.executeCommand('workbench.action.openSettings', query);
  }
  if (a === 'Copy install command') await copyText(installCommand(t));
}

/** reportError shows an error: a ToolError as the tool notification, anything else as is. */
function reportError(prefix: string, e: unknown) {
  if (e instanceof ToolError) void reportTool(e.tool, e.why);
  else void vscode.window.showErrorMessage(`${prefix}${(e as Error).message ?? e}`);
}

/**
 * probe runs `TOOL --version`: it fails only when the binary cannot be
 * started (missing, not executable, the wrong platform); a tool too old to
 * know the flag starts but has no version.
 */
function probe(t: Tool, command: string): Promise<{ version?: string; error?: string }> {
  return new Promise((done) => {
    execFile(command, ['--version'], { timeout: 15000 }, (err, stdout) => {
      const code = (err as { code?: unknown } | null)?.code;
      if (err && typeof code === 'string') done({ error: `${command} cannot be started (${err.message})` });
      else done({ version: parseVersion(t, String(stdout ?? '')) });
    });
  });
}

/** checkTool resolves and starts a tool once; on failure it notifies and returns undefined. */
async function checkTool(t: Tool, folder?: vscode.WorkspaceFolder): Promise<string | undefined> {
  const r = resolve(t, folder);
  if (r.error !== undefined) {
    log(`${t}: tried ${r.tried.join(', ') || 'nothing'}`);
    void reportTool(t, r.error);
    return undefined;
  }
  const p = await probe(t, r.command);
  if (p.error) {
    void reportTool(t, p.error);
    return undefined;
  }
  return r.command;
}

let status: vscode.StatusBarItem | undefined;

/** refreshStatus finds and starts each tool and shows their version in the status bar. */
async function refreshStatus() {
  if (!status) return;
  const versions: Partial<Record<Tool, string>> = {};
  const lines: string[] = [];
  let missing = 0;
  for (const t of TOOLS) {
    const r = resolve(t);
    if (r.error !== undefined) {
      missing++;
      lines.push(`${t}: not found (${r.error})`);
      continue;
    }
    const p = await probe(t, r.command);
    if (p.error) {
      missing++;
      lines.push(`${t}: ${p.error}`);
      continue;
    }
    if (p.version) versions[t] = p.version;
    lines.push(`${t} ${p.version ?? '(version unknown)'}: ${r.command} (${r.source})`);
  }
  status.text = (missing ? '$(warning) ' : '') + statusText(versions);
  status.tooltip = lines.join('\n');
  status.show();
  toolLines = lines;
}

let toolLines: string[] = [];

function seeds(uri?: vscode.Uri): number {
  return sweepSize(vscode.workspace.getConfiguration('revl', uri).get('sweep.seeds'));
}

function activeFile(): string | undefined {
  const ed = vscode.window.activeTextEditor;
  if (ed && ed.document.uri.scheme === 'file') return ed.document.uri.fsPath;
  const tab = vscode.window.tabGroups?.activeTabGroup.activeTab?.input as { uri?: vscode.Uri } | undefined;
  return tab?.uri?.scheme === 'file' ? tab.uri.fsPath : undefined;
}

function activeProgram(arg?: unknown): string | undefined {
  if (arg instanceof vscode.Uri) return arg.fsPath;
  if (typeof arg === 'string') return arg;
  const f = activeFile();
  return isRevlFile(f) ? f : undefined;
}

// ---------------------------------------------------------------- language client

async function startClient(context: vscode.ExtensionContext) {
  const command = await checkTool('revl-lsp');
  if (!command) {
    client = undefined;
    return;
  }
  const serverOptions: ServerOptions = { command, args: ['-seeds', String(seeds())], options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'revl' }, { scheme: 'untitled', language: 'revl' }],
    outputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: {
      // The server's lenses are bound to its commands. `revl.debugSchedule`
      // replays the vector in the server and answers with a launch
      // configuration: start a debug session with it.
      executeCommand: async (command, args, next) => {
        if (command === 'revl.debugSchedule') {
          const a = (args[0] ?? {}) as DebugScheduleArgs;
          let launch: RevlLaunchConfig | undefined;
          try {
            const r = (await next(command, args)) as { launch?: RevlLaunchConfig } | undefined;
            launch = r?.launch;
          } catch (e) {
            log(`revl.debugSchedule: ${(e as Error).message ?? e}; starting the debugger with the lens's vector`);
          }
          // The lens's atoms, maxFires and maxFaults go into the launch: without them the vector
          // is another schedule.
          await startDebug(debugScheduleLaunch(a, launch));
          return undefined;
        }
        const result = await next(command, args);
        if (command === 'revl.runSchedules' && result) {
          const a = (args[0] ?? {}) as { atoms?: string; maxFaults?: number };
          const r = fromLsp(result);
          if (a.atoms === 'fine' || (a.maxFaults ?? 0) > 0) {
            // The fine and fault sweeps' vectors replay only with their flags, so they are not
            // kept for Debug failing schedule and the launch configurations (lifecycle vectors);
            // their own debug commands carry the flags.
            void reportModeSweep(r, result);
            return result;
          }
          if (r.program) sweeps.set(r.program, r);
          void reportSweep(r);
        }
        return result;
      },
    },
  };
  client = new LanguageClient('revl', 'revl language server', serverOptions, clientOptions);
  try {
    await client.start();
    log(`revl-lsp started: ${command}`);
    // revl-lsp sweeps on save; sweep each program once when it is opened
    // too, so that its findings show without a save.
    for (const d of vscode.workspace.textDocuments) void sweepOnOpen(d);
  } catch (e) {
    void reportTool('revl-lsp', `the language server ${command} did not start (${(e as Error).message ?? e})`);
    client = undefined;
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

// ---------------------------------------------------------------- sweeps

const sweptOnOpen = new Set<string>();

/** sweepOnOpen runs the language server's sweep of a program the first time it is opened. */
async function sweepOnOpen(doc: vscode.TextDocument) {
  if (doc.languageId !== 'revl' || doc.uri.scheme !== 'file' || !client || client.state !== State.Running) return;
  if (!vscode.workspace.getConfiguration('revl', doc.uri).get('sweep.onOpen', true)) return;
  const program = doc.uri.fsPath;
  if (sweptOnOpen.has(program)) return;
  sweptOnOpen.add(program);
  // Let the client's didOpen go first: the server sweeps an open document
  // as the document's own sweep (its findings become diagnostics).
  await new Promise((r) => setTimeout(r, 500));
  try {
    const raw = await client.sendRequest(ExecuteCommandRequest.type, { command: 'revl.runSchedules', arguments: [{ program, seeds: seeds(doc.uri) }] });
    const r = fromLsp(raw);
    sweeps.set(program, r);
    log(`sweep on open ${program}: ${r.summary}`);
  } catch (e) {
    log(`sweep on open ${program}: ${(e as Error).message ?? e}`);
  }
}

async function runSweep(program: string): Promise<SweepResult | undefined> {
  const n = seeds(vscode.Uri.file(program));
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `revl: running ${n} schedules of ${path.basename(program)}`, cancellable: true }, async (_p, token) => {
    let r: SweepResult;
    if (client && client.state === State.Running) {
      const raw = await client.sendRequest(ExecuteCommandRequest.type, { command: 'revl.runSchedules', arguments: [{ program, seeds: n }] }, token);
      r = fromLsp(raw);
    } else {
      r = fromCli(await runCli(['test', program, '--schedule-seeds', String(n), '--json'], path.dirname(program), token));
    }
    sweeps.set(program, r);
    return r;
  });
}

function runCli(args: string[], cwd: string, token?: vscode.CancellationToken): Promise<unknown> {
  const command = tool('revl');
  return new Promise((resolve, reject) => {
    const p = execFile(command, args, { cwd, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      // Exit 1 means findings: the JSON is still there.
      if (err && (err as { code?: unknown }).code !== 1 && !stdout) {
        reject(new Error(`${command} ${args.join(' ')}: ${stderr || err.message}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`${command} ${args.join(' ')}: ${stderr.trim() || 'no JSON output'}`));
      }
    });
    token?.onCancellationRequested(() => p.kill());
  });
}

async function reportSweep(r: SweepResult) {
  log(`sweep ${r.program}: ${r.summary}`);
  if (!r.failures.length) {
    void vscode.window.showInformationMessage(`revl: ${r.summary || 'no failing schedule'}`);
    return;
  }
  const a = await vscode.window.showWarningMessage(`revl: ${r.summary}`, 'Debug failing schedule', 'Copy replay command');
  if (a === 'Debug failing schedule') await debugFailing(r.program);
  if (a === 'Copy replay command') await copyText(replayCommand({ program: r.program, choices: r.failures[0].choices }, { revl: 'revl', cwd: workspaceDir(r.program) })!);
}

/**
 * reportModeSweep reports a fine or fault sweep (the lenses `▶ run N fine-grained schedules` and
 * `▶ run N schedules with faults`): the server's replay command carries the sweep's flags, and
 * its debug command the launch's alphabet and fault bound.
 */
async function reportModeSweep(r: SweepResult, raw: unknown) {
  log(`sweep ${r.program}: ${r.summary}`);
  if (!r.failures.length) {
    void vscode.window.showInformationMessage(`revl: ${r.summary || 'no failing schedule'}`);
    return;
  }
  const first = ((raw as { failures?: { debug?: { command: string; arguments?: unknown[] } | null }[] }).failures ?? [])[0];
  const actions = first?.debug ? ['Debug failing schedule', 'Copy replay command'] : ['Copy replay command'];
  const a = await vscode.window.showWarningMessage(`revl: ${r.summary}`, ...actions);
  if (a === 'Debug failing schedule' && first?.debug) await vscode.commands.executeCommand(first.debug.command, ...(first.debug.arguments ?? []));
  if (a === 'Copy replay command' && r.failures[0].replay) await copyText(r.failures[0].replay);
}

async function pickFailure(program: string): Promise<{ choices: number[] } | undefined> {
  let r = sweeps.get(program);
  if (!r) r = await runSweep(program);
  if (!r) return undefined;
  if (!r.failures.length) {
    void vscode.window.showInformationMessage(`revl: no failing schedule in ${r.seeds} seeds of ${path.basename(program)}.`);
    return undefined;
  }
  if (r.failures.length === 1) return r.failures[0];
  const item = await vscode.window.showQuickPick(r.failures.map((f) => ({ label: failureLabel(f), detail: failureDetail(f), f })), { placeHolder: 'Which failing schedule?' });
  return item?.f;
}

async function debugFailing(arg?: unknown) {
  const program = activeProgram(arg);
  if (!program) {
    void vscode.window.showErrorMessage('revl: open a .rvl file to debug its failing schedule.');
    return;
  }
  const f = await pickFailure(program);
  if (!f) return;
  await startDebug({ type: 'revl', request: 'launch', name: `revl: schedule [${f.choices.join(',')}]`, program, choices: f.choices, stopOnEntry: true });
}

async function startDebug(c: RevlLaunchConfig) {
  const folder = c.program ? vscode.workspace.getWorkspaceFolder(vscode.Uri.file(String(c.program))) : vscode.workspace.workspaceFolders?.[0];
  await vscode.debug.startDebugging(folder, c as vscode.DebugConfiguration);
}

function workspaceDir(p?: string): string | undefined {
  if (!p) return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return vscode.workspace.getWorkspaceFolder(vscode.Uri.file(p))?.uri.fsPath;
}

async function copyText(text: string) {
  await vscode.env.clipboard.writeText(text);
  void vscode.window.showInformationMessage(`revl: copied \`${text}\``);
  log(`copied: ${text}`);
}

// ---------------------------------------------------------------- debugger

class ConfigurationProvider implements vscode.DebugConfigurationProvider {
  /**
   * "create a launch.json file": a configuration for the active program
   * whose seed reproduces a failure when a sweep finds one (the last sweep
   * of this program, or a quick one through the language server).
   */
  async provideDebugConfigurations(folder: vscode.WorkspaceFolder | undefined): Promise<vscode.DebugConfiguration[]> {
    const program = activeProgram();
    let r = program ? sweeps.get(program) : undefined;
    if (program && !r && client && client.state === State.Running) {
      try {
        const raw = await Promise.race([
          client.sendRequest(ExecuteCommandRequest.type, { command: 'revl.runSchedules', arguments: [{ program, seeds: seeds(vscode.Uri.file(program)) }] }),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 15000)),
        ]);
        r = fromLsp(raw);
        sweeps.set(program, r);
      } catch (e) {
        log(`no sweep for the launch configuration: ${(e as Error).message ?? e}`);
      }
    }
    const rel = program && folder && program.startsWith(folder.uri.fsPath + path.sep)
      ? '${workspaceFolder}/' + path.relative(folder.uri.fsPath, program).split(path.sep).join('/')
      : '${file}';
    return initialConfigurations({ program: rel, failingSeed: firstFailingSeed(r), failingChoices: r?.failures[0]?.choices }) as vscode.DebugConfiguration[];
  }

  /** Before variables are substituted: an empty configuration (F5 without launch.json) is filled in. */
  resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.ProviderResult<vscode.DebugConfiguration> {
    const program = activeProgram();
    const res = resolveLaunch(config as RevlLaunchConfig, { activeFile: activeFile(), defaultSeed: firstFailingSeed(program ? sweeps.get(program) : undefined), substituted: false });
    if (res.error !== undefined) {
      void vscode.window.showErrorMessage(res.error);
      return undefined;
    }
    return res.config as vscode.DebugConfiguration;
  }

  /**
   * After: the attributes are checked and normalized for revl-dap, and
   * revl-dap itself is found and started once, so that a missing adapter is
   * a notification that names it rather than a session that never starts.
   */
  async resolveDebugConfigurationWithSubstitutedVariables(folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): Promise<vscode.DebugConfiguration | undefined> {
    const res = resolveLaunch(config as RevlLaunchConfig, { activeFile: activeFile() });
    if (res.error !== undefined) {
      log(res.error);
      void vscode.window.showErrorMessage(res.error);
      return undefined;
    }
    if (!(await checkTool('revl-dap', folder))) return undefined;
    return res.config as vscode.DebugConfiguration;
  }
}

class AdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  createDebugAdapterDescriptor(session: vscode.DebugSession): vscode.ProviderResult<vscode.DebugAdapterDescriptor> {
    let command: string;
    try {
      command = tool('revl-dap', session.workspaceFolder);
    } catch (e) {
      reportError('', e);
      throw e;
    }
    log(`debug ${session.name}: ${command} (${describeSchedule(session.configuration as RevlLaunchConfig)})`);
    return new vscode.DebugAdapterExecutable(command, [], { cwd: session.workspaceFolder?.uri.fsPath ?? workspaceDir(session.configuration.program) });
  }
}

// ---------------------------------------------------------------- timeline

/**
 * loadTrace reads a .rvt file's timeline without a debug session: one
 * command, `revl trace show --json FILE`, prints the read model (the same
 * body as revl-dap's revl/timeline), canonical side included when the
 * trace's stored program can be re-run.
 */
async function loadTrace(trace: string): Promise<{ timeline: unknown; note?: string }> {
  let revl: string;
  try {
    revl = tool('revl');
  } catch (e) {
    reportError('', e);
    throw e;
  }
  const text = await new Promise<string>((resolve, reject) => {
    execFile(revl, ['trace', 'show', '--json', trace], { cwd: path.dirname(trace), maxBuffer: 256 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(stderr.trim() || err.message));
      else resolve(stdout);
    });
  });
  const timeline: unknown = JSON.parse(text);
  const note = (timeline as { canonical_known?: boolean; canonical_note?: string }).canonical_known === false
    ? (timeline as { canonical_note?: string }).canonical_note : undefined;
  return { timeline, note };
}

async function copyReplay(src: { session?: vscode.DebugSession; model?: TimelineModel; trace?: string } = {}) {
  const session = src.session ?? (vscode.debug.activeDebugSession?.type === 'revl' ? vscode.debug.activeDebugSession : undefined);
  let cmd: string | undefined;
  if (session) {
    const c = session.configuration as RevlLaunchConfig;
    const model = src.model ?? timeline.currentModel;
    const taken = model ? choicesTaken(model) : [];
    const choices = typeof c.choices === 'string' ? parseChoices(c.choices) : c.choices;
    cmd = replayCommand({ program: c.program ?? model?.program, seed: c.seed, choices: Array.isArray(choices) ? choices : undefined, trace: c.trace, taken, mocks: c.mocks }, { cwd: workspaceDir(c.program) });
  } else if (src.trace || isTraceFile(activeFile())) {
    cmd = replayCommand({ trace: src.trace ?? activeFile() }, { cwd: workspaceDir(src.trace ?? activeFile()) });
  } else {
    const program = activeProgram();
    const r = program ? sweeps.get(program) : undefined;
    if (program && r && r.failures.length) {
      cmd = replayCommand({ program, choices: r.failures[0].choices }, { cwd: workspaceDir(program) });
    } else if (program) {
      void vscode.window.showInformationMessage('revl: run a schedule sweep (or start a debug session) first: there is no schedule to replay yet.', 'Run schedule sweep').then((a) => {
        if (a) void vscode.commands.executeCommand('revl.runScheduleSweep');
      });
      return;
    }
  }
  if (!cmd) {
    void vscode.window.showErrorMessage('revl: nothing to replay: open a .rvl file or a .rvt trace, or start a revl debug session.');
    return;
  }
  await copyText(cmd);
}

let timeline: DebugTimelinePanel;

// ---------------------------------------------------------------- time travel by command

/** revlSession is the focused debug session when it is a revl one. */
function revlSession(): vscode.DebugSession | undefined {
  const s = vscode.debug.activeDebugSession;
  if (s?.type === 'revl') return s;
  void vscode.window.showInformationMessage('revl: start a revl debug session (F5 on a .rvl file) to travel through its schedule.');
  return undefined;
}

/** builtin runs one of VS Code's own debug commands (Step Back, Reverse Continue) on the revl session. */
async function builtin(id: string) {
  if (!revlSession()) return;
  await vscode.commands.executeCommand(id);
}

async function timelineOf(s: vscode.DebugSession): Promise<TimelineAnswer | undefined> {
  try {
    // A large composition's timeline is paged: ask for the decisions around
    // where the session stands (the panel's page says it is one), and once
    // more when the first answer does not hold the position.
    const held = timeline.currentSession === s ? timeline.currentModel : undefined;
    const around = (k: number) => ({ from: Math.max(0, k - 100), to: Math.max(0, k - 100) + 200 });
    let t = (await s.customRequest('revl/timeline', held?.page ? around(Math.max(0, held.position)) : {})) as TimelineAnswer;
    const k = t.position?.decision;
    const from = typeof t.from === 'number' ? t.from : 0;
    if (t.page && typeof k === 'number' && !t.position?.end && (k < from || k >= from + (t.decisions?.length ?? 0))) {
      t = (await s.customRequest('revl/timeline', around(k))) as TimelineAnswer;
    }
    return t;
  } catch (e) {
    void vscode.window.showErrorMessage(`revl: ${(e as Error).message ?? e}`);
    return undefined;
  }
}

/** goToDecision travels to a decision: the one given, or one picked from the schedule's list. */
async function goToDecision(arg?: unknown) {
  const s = revlSession();
  if (!s) return;
  let index = typeof arg === 'number' ? arg : undefined;
  if (index === undefined) {
    const t = await timelineOf(s);
    if (!t) return;
    const items = decisionItems(t).map((i) => ({ label: i.label, description: i.description, index: i.index, current: i.current }));
    const qp = vscode.window.createQuickPick<(typeof items)[number]>();
    qp.title = 'revl: Go to Decision';
    qp.placeholder = 'Travel to before which decision? (type to filter by atom)';
    qp.matchOnDescription = true;
    qp.items = items;
    qp.activeItems = items.filter((i) => i.current);
    index = await new Promise<number | undefined>((done) => {
      qp.onDidAccept(() => done(qp.selectedItems[0]?.index ?? qp.activeItems[0]?.index));
      qp.onDidHide(() => done(undefined));
      qp.show();
    });
    qp.dispose();
    if (index === undefined) return;
  }
  try {
    await s.customRequest('revl/gotoDecision', { index });
  } catch (e) {
    void vscode.window.showErrorMessage(`revl: going to decision ${index} failed: ${(e as Error).message ?? e}`);
  }
}

/** forkHere takes another ready atom at the current decision: the run forks into a new schedule. */
async function forkHere(arg?: unknown) {
  const s = revlSession();
  if (!s) return;
  const t = await timelineOf(s);
  if (!t) return;
  const f = forkChoices(t);
  if ('error' in f) {
    void vscode.window.showInformationMessage(f.error);
    return;
  }
  let index = typeof arg === 'number' ? arg : undefined;
  if (index === undefined) {
    const pick = await vscode.window.showQuickPick(f.items.map((i) => ({ ...i })), { title: `revl: Fork Here (decision ${f.decision + 1})`, placeHolder: 'Take which ready atom instead?' });
    if (!pick) return;
    index = pick.index;
  }
  try {
    const r = (await s.customRequest('revl/choose', { index })) as { command?: string } | undefined;
    void vscode.window.showInformationMessage(`revl: forked at decision ${f.decision + 1}; the schedule is now \`${r?.command ?? '?'}\`.`);
  } catch (e) {
    void vscode.window.showErrorMessage(`revl: fork failed: ${(e as Error).message ?? e}`);
  }
}

// ---------------------------------------------------------------- activation

export async function activate(context: vscode.ExtensionContext) {
  output = vscode.window.createOutputChannel('revl');
  context.subscriptions.push(output);
  bundledDir = context.asAbsolutePath('bin');
  status = vscode.window.createStatusBarItem('revl.tools', vscode.StatusBarAlignment.Right, 50);
  status.name = 'revl tools';
  status.text = 'revl';
  status.command = 'revl.showToolVersions';
  context.subscriptions.push(status);
  void refreshStatus();
  const host: TimelineHost = { extensionUri: context.extensionUri, log, copyReplay };
  timeline = new DebugTimelinePanel(host);
  context.subscriptions.push(timeline);

  context.subscriptions.push(
    vscode.debug.registerDebugConfigurationProvider('revl', new ConfigurationProvider()),
    vscode.debug.registerDebugAdapterDescriptorFactory('revl', new AdapterFactory()),
    vscode.debug.registerDebugAdapterTrackerFactory('revl', {
      createDebugAdapterTracker: (session) => adapterTracker(log, (m) => {
        if (m.type !== 'event') return;
        if (m.event === 'stopped') timeline.onStopped(session);
        else if (m.event === 'revl/position') timeline.onPosition(session, m.body);
      }),
    }),
    vscode.debug.onDidStartDebugSession((s) => {
      if (s.type !== 'revl') return;
      timeline.attach(s);
      if (vscode.workspace.getConfiguration('revl').get('timeline.openOnDebug', true)) timeline.show(true);
    }),
    vscode.debug.onDidTerminateDebugSession((s) => timeline.onEnded(s)),
    vscode.window.registerCustomEditorProvider(TraceEditorProvider.viewType, new TraceEditorProvider(host, loadTrace), {
      webviewOptions: { retainContextWhenHidden: true }, supportsMultipleEditorsPerDocument: true,
    }),
    vscode.commands.registerCommand('revl.runScheduleSweep', async (arg?: unknown) => {
      const program = activeProgram(arg);
      if (!program) {
        void vscode.window.showErrorMessage('revl: open a .rvl file to run its schedule sweep.');
        return;
      }
      const r = await runSweep(program).catch((e) => {
        reportError('revl: the sweep failed: ', e);
        return undefined;
      });
      if (r) await reportSweep(r);
    }),
    vscode.commands.registerCommand('revl.debugFailingSchedule', (arg?: unknown) => debugFailing(arg)),
    vscode.commands.registerCommand('revl.showTimeline', async (arg?: unknown) => {
      const f = arg instanceof vscode.Uri ? arg.fsPath : activeFile();
      if (!timeline.currentSession && isTraceFile(f)) {
        await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(f), TraceEditorProvider.viewType);
        return;
      }
      if (!timeline.currentSession && !vscode.debug.activeDebugSession) {
        const pick = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'revl traces': ['rvt'] }, openLabel: 'Show timeline' });
        if (pick?.[0]) await vscode.commands.executeCommand('vscode.openWith', pick[0], TraceEditorProvider.viewType);
        return;
      }
      timeline.show(false);
      if (!timeline.currentModel) await timeline.refresh();
    }),
    vscode.commands.registerCommand('revl.copyReplayCommand', () => copyReplay()),
    vscode.commands.registerCommand('revl.stepBack', () => builtin('workbench.action.debug.stepBack')),
    vscode.commands.registerCommand('revl.reverseContinue', () => builtin('workbench.action.debug.reverseContinue')),
    vscode.commands.registerCommand('revl.goToDecision', (arg?: unknown) => goToDecision(arg)),
    vscode.commands.registerCommand('revl.forkHere', (arg?: unknown) => forkHere(arg)),
    vscode.commands.registerCommand('revl.showToolVersions', async () => {
      await refreshStatus();
      for (const l of toolLines) log(l);
      output.show(true);
    }),
    vscode.workspace.onDidOpenTextDocument((d) => void sweepOnOpen(d)),
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      // Paths from the workspace's settings may now be used.
      void refreshStatus();
      await client?.stop().catch(() => undefined);
      await startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('revl.path')) void refreshStatus();
      if (e.affectsConfiguration('revl.path.lsp') || e.affectsConfiguration('revl.sweep.seeds')) {
        await client?.stop().catch(() => undefined);
        await startClient(context);
      }
    }),
  );
  await startClient(context);
}

export async function deactivate() {
  await client?.stop().catch(() => undefined);
}
