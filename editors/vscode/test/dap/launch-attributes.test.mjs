// Every launch attribute package.json declares is accepted by the real
// revl-dap: the initial configuration, each snippet and one configuration
// per attribute are launched through @vscode/debugadapter-testsupport, as
// VS Code would send them (after resolveLaunch, with ${file} substituted).
// Then the protocol the timeline view relies on: revl/timeline answers a
// timeline, stepping and revl/gotoDecision report revl/position.
//
// REVL_DAP=/path/to/revl-dap node --test test/dap/launch-attributes.test.mjs
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repo = join(root, '..', '..');
const dap = process.env.REVL_DAP;
const skip = !dap ? 'REVL_DAP is not set (REVL_DAP=/path/to/revl-dap), so the launch-attribute test is skipped'
  : !existsSync(dap) ? `REVL_DAP=${dap} does not exist` : false;
if (skip) console.log(`# SKIP dap: ${skip}`);

const { DebugClient } = require('@vscode/debugadapter-testsupport');
const { resolveLaunch, LAUNCH_ATTRIBUTES, initialConfigurations, debugScheduleLaunch } = require(join(root, 'out', 'src', 'launch.js'));
const { readTimeline, positionOf, choicesTaken, cellGlyph } = require(join(root, 'out', 'src', 'timeline', 'model.js'));

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const debuggerContrib = pkg.contributes.debuggers.find((d) => d.type === 'revl');
const program = join(repo, 'examples', 'two-consumers.rvl');
const trace = join(root, 'test', 'fixtures', 'two-consumers-seed3.rvt');

/** expand does what VS Code does to a snippet body and a configuration: variables, then placeholders. */
function expand(value) {
  if (typeof value === 'string') {
    let s = value;
    const raw = s.startsWith('^');
    if (raw) s = s.slice(1);
    s = s.replace(/\$\{(\d+):([^}]*)\}/g, '$2').replace(/\\\$/g, '$');
    s = s.replace(/\$\{file\}/g, program).replace(/\$\{workspaceFolder\}\/app\.rvl/g, program)
      .replace(/\$\{workspaceFolder\}\/trace\.rvt/g, trace).replace(/\$\{workspaceFolder\}/g, repo);
    return raw ? JSON.parse(s) : s;
  }
  if (Array.isArray(value)) return value.map(expand);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v)]));
  return value;
}

function resolved(config) {
  const r = resolveLaunch(expand(config), { activeFile: program });
  assert.equal(r.error, undefined, `resolveLaunch refused ${JSON.stringify(config)}: ${r.error}`);
  return r.config;
}

async function withClient(fn) {
  const dc = new DebugClient('/bin/sh', join(root, 'test', 'dap', 'run-dap.sh'), 'revl', { env: { ...process.env, REVL_DAP: dap }, cwd: repo });
  dc.defaultTimeout = 15000;
  await dc.start();
  try {
    await fn(dc);
  } finally {
    await dc.stop();
  }
}

/** launch runs the whole start-up handshake and returns the first stop. */
async function launchAndStop(dc, config) {
  await dc.initializeRequest({ adapterID: 'revl', clientID: 'vscode', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path', supportsRunInTerminalRequest: false });
  // Listen before the requests: testsupport drops events nobody waits for yet.
  const initialized = dc.waitForEvent('initialized');
  const stopped = config.stopOnEntry !== false ? dc.waitForEvent('stopped') : undefined;
  stopped?.catch(() => undefined);
  const launched = dc.launch(config);
  launched.catch(() => undefined);
  await Promise.race([initialized, launched]); // a refused launch throws here
  await initialized;
  await dc.configurationDoneRequest();
  await launched;
  return stopped;
}

const configs = () => {
  const out = [];
  for (const c of initialConfigurations({ failingSeed: 3, failingChoices: [0, 1, 0, 0, 0, 0] })) out.push([`initial configuration "${c.name}"`, c]);
  for (const s of debuggerContrib.configurationSnippets) out.push([`snippet "${s.label}"`, s.body]);
  const base = { type: 'revl', request: 'launch', name: 'attr', program: '${file}' };
  const values = {
    program: {}, seed: { seed: 3 }, choices: { choices: [0, 1, 0, 0, 0, 0] }, trace: { trace },
    minimize: { seed: 3, minimize: true }, stopOnEntry: { stopOnEntry: true }, mocks: { mocks: false },
    memoryBudget: { memoryBudget: '256MiB' }, config: { config: {} },
    atoms: { seed: 3, atoms: 'fine' }, maxFires: { seed: 3, atoms: 'fine', maxFires: 2 },
    maxFaults: { seed: 3, maxFaults: 1 },
  };
  for (const a of LAUNCH_ATTRIBUTES) out.push([`attribute ${a}`, { ...base, ...values[a] }]);
  out.push(['choices as the CLI string', { ...base, choices: '0,1,0,0,0,0' }]);
  // What a debug lens of a fault sweep and of a fine sweep starts (the server unreachable).
  out.push(['a fault sweep\'s debug lens', debugScheduleLaunch({ program: '${file}', choices: [0, 0, 1, 0], maxFaults: 1 })]);
  out.push(['a fine sweep\'s debug lens', debugScheduleLaunch({ program: '${file}', choices: [0, 0, 1], atoms: 'fine', maxFires: 2 })]);
  out.push(['stopOnEntry false', { ...base, stopOnEntry: false }]);
  out.push(['mocks true (todo while revl-dap has no auto-mocks)', { ...base, mocks: true }]);
  return out;
};

before(() => {
  if (!skip) console.log(`# revl-dap: ${dap}`);
});

test('package.json declares exactly the attributes of docs/dap.md', { skip }, () => {
  const props = Object.keys(debuggerContrib.configurationAttributes.launch.properties).sort();
  assert.deepEqual(props, [...LAUNCH_ATTRIBUTES].sort());
  const doc = join(repo, 'docs', 'dap.md');
  if (existsSync(doc)) {
    const text = readFileSync(doc, 'utf8');
    for (const p of props) assert.ok(text.includes(`\`${p}\``), `docs/dap.md does not mention \`${p}\``);
  }
});

for (const [name, config] of configs()) {
  // A trace launch and mocks need parts of revl-dap that may not be built yet;
  // report them as todo rather than failing the run when the adapter says so.
  test(`revl-dap accepts ${name}`, { skip }, async (t) => {
    const c = resolved(config);
    await withClient(async (dc) => {
      try {
        const stop = await launchAndStop(dc, c);
        if (stop) assert.equal(stop.body.reason, 'entry');
      } catch (e) {
        if (/not available yet/.test(String(e.message))) {
          t.todo(`revl-dap: ${e.message}`);
          return;
        }
        throw e;
      }
    });
  });
}

test('revl-dap refuses a program that does not exist, with a message', { skip }, async () => {
  await withClient(async (dc) => {
    await dc.initializeRequest({ adapterID: 'revl', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    await assert.rejects(dc.launch({ type: 'revl', request: 'launch', name: 'x', program: join(repo, 'no-such.rvl') }), /no-such\.rvl|no such file/);
  });
});

test('revl/timeline, stepping, revl/gotoDecision and revl/position (seed 3 of the worked example)', { skip }, async () => {
  await withClient(async (dc) => {
    const positions = [];
    dc.on('revl/position', (e) => positions.push(e.body));
    const caps = await dc.initializeRequest({ adapterID: 'revl', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    assert.equal(caps.body.supportsStepBack, true, 'revl-dap should support stepBack');
    const initialized = dc.waitForEvent('initialized');
    const entry = dc.waitForEvent('stopped');
    const launched = dc.launch(resolved({ type: 'revl', request: 'launch', name: 'seed 3', program: '${file}', seed: 3 }));
    await initialized;
    await dc.configurationDoneRequest();
    await launched;
    await entry;
    const r = await dc.customRequest('revl/timeline', {});
    const m = readTimeline(r.body);
    assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'A', 'B']);
    assert.deepEqual(m.lanes.map((l) => m.decisions.map((d) => cellGlyph(l, d)).join('')), ['^||||v', '...^v ', '.^v   ']);
    assert.equal(m.view.divergence.overtook, true);
    assert.equal(m.position, 0);
    assert.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
    assert.deepEqual(choicesTaken(m), [0, 1, 1, 0, 0, 0]);
    const threads = await dc.threadsRequest();
    const threadId = threads.body.threads[0].id;
    const moved = dc.waitForEvent('revl/position');
    const stop = dc.waitForEvent('stopped');
    await dc.customRequest('revl/gotoDecision', { index: 3 });
    const p = await moved;
    assert.equal(positionOf(p.body), 3, `revl/position after revl/gotoDecision 3: ${JSON.stringify(p.body)}`);
    await stop;
    const back = dc.waitForEvent('revl/position');
    await dc.stepBackRequest({ threadId });
    const b = await back;
    assert.ok(positionOf(b.body) <= 3, `revl/position after stepBack: ${JSON.stringify(b.body)}`);
    assert.ok(positions.length >= 2);
  });
});
