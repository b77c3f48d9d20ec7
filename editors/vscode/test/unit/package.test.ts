// The contributions in package.json, checked against what the code expects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { LAUNCH_ATTRIBUTES, ATOM_MODES, resolveLaunch, initialConfigurations } from '../../src/launch';
import { TOOL_SETTINGS } from '../../src/settings';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const c = pkg.contributes;

test('the revl language, its configuration and grammar', () => {
  const lang = c.languages.find((l: { id: string }) => l.id === 'revl');
  assert.deepEqual(lang.extensions, ['.rvl']);
  const conf = JSON.parse(readFileSync(join(root, lang.configuration), 'utf8'));
  assert.equal(conf.comments.lineComment, '//');
  assert.deepEqual(conf.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
  assert.ok(conf.autoClosingPairs.some((p: { open: string }) => p.open === '`'));
  assert.ok(conf.indentationRules.increaseIndentPattern && conf.indentationRules.decreaseIndentPattern);
  assert.ok(new RegExp(conf.indentationRules.increaseIndentPattern).test('component A requires log: Log {'));
  assert.ok(new RegExp(conf.indentationRules.decreaseIndentPattern).test('  }'));
  const wp = new RegExp(`^(?:${conf.wordPattern})$`);
  for (const w of ['250ms', '30s', 'no_residue', 'x1', '1.5']) assert.ok(wp.test(w), w);
  const g = c.grammars.find((x: { language: string }) => x.language === 'revl');
  assert.equal(g.scopeName, 'source.revl');
  assert.ok(existsSync(join(root, g.path)));
  assert.ok(existsSync(join(root, c.snippets[0].path)));
});

test('the tool paths are machine settings: a repository cannot choose the program the editor runs', () => {
  const props = c.configuration.properties ?? Object.assign({}, ...[].concat(c.configuration).map((x: { properties: object }) => x.properties));
  for (const key of ['revl.path.revl', 'revl.path.lsp', 'revl.path.dap']) {
    assert.equal(props[key]?.scope, 'machine', `${key} scope`);
  }
});

test('every launch attribute has a description and a schema type, and only those revl-dap knows', () => {
  const dbg = c.debuggers.find((d: { type: string }) => d.type === 'revl');
  const props = dbg.configurationAttributes.launch.properties;
  assert.deepEqual(Object.keys(props).sort(), [...LAUNCH_ATTRIBUTES].sort());
  for (const [k, v] of Object.entries<{ type: unknown; description: string }>(props)) {
    assert.ok(v.type, `${k} has no type`);
    assert.ok(v.description && v.description.length > 20, `${k} has no description`);
  }
  assert.deepEqual(dbg.configurationAttributes.launch.required, ['program']);
  assert.deepEqual(c.breakpoints, [{ language: 'revl' }]);
});

test('the fine-atom attributes: atoms is lifecycle or fine, maxFires a positive integer, as revl-dap takes them', () => {
  const dbg = c.debuggers.find((d: { type: string }) => d.type === 'revl');
  const props = dbg.configurationAttributes.launch.properties;
  assert.equal(props.atoms.type, 'string');
  assert.deepEqual(props.atoms.enum, [...ATOM_MODES]);
  assert.equal(props.atoms.enumDescriptions.length, props.atoms.enum.length);
  assert.equal(props.atoms.default, 'lifecycle');
  assert.match(props.atoms.description, /revl test --atoms/);
  assert.equal(props.maxFires.type, 'integer');
  assert.equal(props.maxFires.minimum, 1);
  assert.match(props.maxFires.description, /"atoms": "fine"/);
  // The snippet that uses them resolves, and resolves to the fine alphabet.
  const snip = dbg.configurationSnippets.find((s: { label: string }) => s.label === 'revl: Debug a seed with fine atoms');
  assert.equal(snip.body.atoms, 'fine');
  const body = { ...snip.body, program: '/w/a.rvl', seed: 3, maxFires: 3 };
  const r = resolveLaunch(body);
  assert.equal(r.error, undefined);
  assert.equal(r.config?.atoms, 'fine');
  assert.equal(r.config?.maxFires, 3);
});

test('initial configurations (from the provider) and snippets resolve', () => {
  const dbg = c.debuggers[0];
  // The provider writes the initial configurations (with a failing seed when a sweep found one);
  // static ones would come first in launch.json and win F5 with a seed that may pass.
  assert.equal(dbg.initialConfigurations, undefined);
  for (const conf of initialConfigurations({ failingSeed: 3, failingChoices: [0, 1] })) {
    const r = resolveLaunch({ ...conf, program: '/w/a.rvl' });
    assert.equal(r.error, undefined, JSON.stringify(conf));
  }
  const labels = dbg.configurationSnippets.map((s: { label: string }) => s.label);
  assert.deepEqual(labels, ['revl: Debug a seed', 'revl: Replay a choice vector', 'revl: Open a trace', 'revl: Debug a seed with fine atoms']);
  for (const s of dbg.configurationSnippets) {
    assert.equal(s.body.type, 'revl');
    assert.equal(s.body.request, 'launch');
    for (const k of Object.keys(s.body)) {
      if (!['type', 'request', 'name'].includes(k)) assert.ok((LAUNCH_ATTRIBUTES as readonly string[]).includes(k), `snippet ${s.label}: ${k}`);
    }
  }
});

test('the four commands, with titles, are registered by the code', () => {
  const src = readFileSync(join(root, 'src', 'extension.ts'), 'utf8');
  const want: Record<string, string> = {
    'revl.runScheduleSweep': 'Run schedule sweep', 'revl.debugFailingSchedule': 'Debug failing schedule',
    'revl.showTimeline': 'Show timeline', 'revl.copyReplayCommand': 'Copy replay command',
  };
  for (const [id, title] of Object.entries(want)) {
    const cmd = c.commands.find((x: { command: string }) => x.command === id);
    assert.equal(cmd?.title, title, id);
    assert.ok(src.includes(`registerCommand('${id}'`), `${id} is not registered in src/extension.ts`);
  }
});

test('the time-travel commands are in the palette during a revl session and have keys while it is stopped', () => {
  const src = readFileSync(join(root, 'src', 'extension.ts'), 'utf8');
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const want: Record<string, string> = {
    'revl.stepBack': 'Step Back', 'revl.reverseContinue': 'Reverse Continue', 'revl.goToDecision': 'Go to Decision…', 'revl.forkHere': 'Fork Here',
  };
  for (const [id, title] of Object.entries(want)) {
    const cmd = c.commands.find((x: { command: string }) => x.command === id);
    assert.equal(cmd?.title, title, id);
    assert.equal(cmd?.category, 'revl', id);
    assert.ok(src.includes(`registerCommand('${id}'`), `${id} is not registered in src/extension.ts`);
    const palette = c.menus.commandPalette.find((m: { command: string }) => m.command === id);
    assert.equal(palette?.when, "debugType == 'revl'", `${id} in the palette`);
    assert.ok(readme.includes(`revl: ${title}`), `the README does not document "revl: ${title}"`);
  }
  const keys = new Map<string, string>();
  for (const k of c.keybindings) {
    assert.equal(k.when, "debugType == 'revl' && debugState == 'stopped'", k.command);
    assert.ok(!keys.has(k.key), `${k.key} is bound twice`);
    keys.set(k.key, k.command);
    // The README's key table names every default key.
    const shown = k.key.split('+').map((p: string) => p.length === 1 ? p.toUpperCase() : p[0].toUpperCase() + p.slice(1)).join('+');
    assert.ok(readme.includes(shown), `the README does not show ${shown} (${k.command})`);
  }
  assert.equal(keys.get('shift+alt+f10'), 'revl.stepBack');
  assert.equal(keys.get('shift+alt+f5'), 'revl.reverseContinue');
  // Step Back and Reverse Continue are VS Code's own commands, run on the revl session.
  assert.ok(src.includes("'workbench.action.debug.stepBack'") && src.includes("'workbench.action.debug.reverseContinue'"));
});

test('settings: tool paths default to empty (bundled, then PATH) and are restricted in untrusted workspaces', () => {
  const props = c.configuration.properties;
  for (const key of Object.values(TOOL_SETTINGS)) {
    assert.equal(props[`revl.${key}`].default, '');
    assert.equal(props[`revl.${key}`].type, 'string');
  }
  assert.equal(props['revl.sweep.seeds'].default, 200);
  assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.sort(), Object.values(TOOL_SETTINGS).map((k) => `revl.${k}`).sort());
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
});

test('dependencies are pinned and the entry point is the bundle', () => {
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const [name, v] of Object.entries<string>(deps)) assert.match(v, /^\d+\.\d+\.\d+$/, `${name}@${v} is not pinned`);
  }
  assert.equal(pkg.main, './dist/extension.js');
  assert.ok(pkg.icon && existsSync(join(root, pkg.icon)));
  assert.equal(c.customEditors[0].selector[0].filenamePattern, '*.rvt');
});
