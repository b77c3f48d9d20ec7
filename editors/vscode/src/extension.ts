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
import { resolveLaunch, initialConfigurations, isRevlFile, isTraceFile, RevlLaunchConfig, parseChoices, describeSchedule } from './launch';
import { toolPath, Tool, TOOL_SETTINGS, sweepSize, expandPath } from './settings';
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

/** tool returns the command to run for a tool, honouring workspace trust. */
function tool(t: Tool, folder?: vscode.WorkspaceFolder): string {
  const cfg = vscode.workspace.getConfiguration('revl', folder?.uri);
  const p = toolPath(t, cfg.inspect<string>(TOOL_SETTINGS[t]), vscode.workspace.isTrusted);
  if (p.ignored) log(`ignoring revl.${TOOL_SETTINGS[t]} = ${p.ignored} from the workspace settings (a machine setting: only your user settings choose the program to run); using ${p.command}`);
  return expandPath(p.command, { workspaceFolder: folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, home: os.homedir() });
}

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
  const command = tool('revl-lsp');
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
          const a = (args[0] ?? {}) as { program?: string; choices?: number[] };
          let launch: RevlLaunchConfig | undefined;
          try {
            const r = (await next(command, args)) as { launch?: RevlLaunchConfig } | undefined;
            launch = r?.launch;
          } catch (e) {
            log(`revl.debugSchedule: ${(e as Error).message ?? e}; starting the debugger with the lens's vector`);
          }
          launch = launch ?? { type: 'revl', request: 'launch', name: `revl: schedule [${(a.choices ?? []).join(',')}]`, program: a.program, choices: a.choices };
          await startDebug({ ...launch, stopOnEntry: true });
          return undefined;
        }
        const result = await next(command, args);
        if (command === 'revl.runSchedules' && result) {
          const r = fromLsp(result);
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
    const msg = `revl: could not start the language server (${command}): ${(e as Error).message ?? e}`;
    log(msg);
    void vscode.window.showWarningMessage(msg + '. Set "revl.path.lsp" to its path.', 'Open Settings').then((a) => {
      if (a) void vscode.commands.executeCommand('workbench.action.openSettings', 'revl.path');
    });
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

  /** After: the attributes are checked and normalized for revl-dap. */
  resolveDebugConfigurationWithSubstitutedVariables(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.ProviderResult<vscode.DebugConfiguration> {
    const res = resolveLaunch(config as RevlLaunchConfig, { activeFile: activeFile() });
    if (res.error !== undefined) {
      log(res.error);
      void vscode.window.showErrorMessage(res.error);
      return undefined;
    }
    return res.config as vscode.DebugConfiguration;
  }
}

class AdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  createDebugAdapterDescriptor(session: vscode.DebugSession): vscode.ProviderResult<vscode.DebugAdapterDescriptor> {
    const command = tool('revl-dap', session.workspaceFolder);
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
  const text = await new Promise<string>((resolve, reject) => {
    execFile(tool('revl'), ['trace', 'show', '--json', trace], { cwd: path.dirname(trace), maxBuffer: 256 << 20 }, (err, stdout, stderr) => {
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

// ---------------------------------------------------------------- activation

export async function activate(context: vscode.ExtensionContext) {
  output = vscode.window.createOutputChannel('revl');
  context.subscriptions.push(output);
  const host: TimelineHost = { extensionUri: context.extensionUri, log, copyReplay };
  timeline = new DebugTimelinePanel(host);
  context.subscriptions.push(timeline);

  context.subscriptions.push(
    vscode.debug.registerDebugConfigurationProvider('revl', new ConfigurationProvider()),
    vscode.debug.registerDebugAdapterDescriptorFactory('revl', new AdapterFactory()),
    vscode.debug.registerDebugAdapterTrackerFactory('revl', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: (m: { type?: string; event?: string; body?: unknown }) => {
          if (m.type !== 'event') return;
          if (m.event === 'stopped') timeline.onStopped(session);
          else if (m.event === 'revl/position') timeline.onPosition(session, m.body);
        },
        onError: (e) => log(`debug adapter error: ${e.message}`),
        onExit: (code, signal) => log(`revl-dap exited (${signal ?? code})`),
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
        void vscode.window.showErrorMessage(`revl: the sweep failed: ${(e as Error).message ?? e}`);
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
    vscode.workspace.onDidOpenTextDocument((d) => void sweepOnOpen(d)),
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      // Paths from the workspace's settings may now be used.
      await client?.stop().catch(() => undefined);
      await startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
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
