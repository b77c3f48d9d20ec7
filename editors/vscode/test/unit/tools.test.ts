import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveTool, searchDirs, exeName, parseVersion, statusText, notFoundMessage, installCommand, nodeIsExecutable, ToolEnv } from '../../src/tools';

/** env builds a ToolEnv over a set of runnable paths. */
function env(runnable: string[], over: Partial<ToolEnv> = {}): ToolEnv {
  const set = new Set(runnable);
  return { platform: 'linux', bundledDir: '/ext/bin', PATH: '/usr/local/bin:/usr/bin', home: '/home/u', isExecutable: (p) => set.has(p), ...over };
}

test('resolveTool: the order is setting, bundled, PATH, GOBIN, GOPATH/bin, ~/go/bin', () => {
  const cases: { name: string; setting?: string; runnable: string[]; over?: Partial<ToolEnv>; want: { command?: string; source?: string; error?: RegExp } }[] = [
    { name: 'a path in the setting wins over everything', setting: '/opt/revl-dap', runnable: ['/opt/revl-dap', '/ext/bin/revl-dap', '/usr/bin/revl-dap'], want: { command: '/opt/revl-dap', source: 'setting' } },
    { name: 'a setting that names a missing file is an error, not a fallback', setting: '/nope/revl-dap', runnable: ['/ext/bin/revl-dap'], want: { error: /\/nope\/revl-dap \(from the setting revl\.path\.dap\) is not an executable file/ } },
    { name: 'no setting: the bundled binary first', runnable: ['/ext/bin/revl-dap', '/usr/bin/revl-dap'], want: { command: '/ext/bin/revl-dap', source: 'bundled' } },
    { name: 'then PATH, in order', runnable: ['/usr/bin/revl-dap', '/usr/local/bin/revl-dap'], want: { command: '/usr/local/bin/revl-dap', source: 'PATH' } },
    { name: 'then GOBIN', runnable: ['/gobin/revl-dap', '/home/u/go/bin/revl-dap'], over: { GOBIN: '/gobin' }, want: { command: '/gobin/revl-dap', source: 'GOBIN' } },
    { name: 'then each GOPATH bin', runnable: ['/gp2/bin/revl-dap'], over: { GOPATH: '/gp1:/gp2' }, want: { command: '/gp2/bin/revl-dap', source: 'GOPATH' } },
    { name: 'then ~/go/bin (go install without GOBIN or GOPATH)', runnable: ['/home/u/go/bin/revl-dap'], over: { PATH: '' }, want: { command: '/home/u/go/bin/revl-dap', source: '~/go/bin' } },
    { name: 'a bare name in the setting is looked up, not bundled', setting: 'revl-dap-dev', runnable: ['/ext/bin/revl-dap', '/usr/bin/revl-dap-dev'], want: { command: '/usr/bin/revl-dap-dev', source: 'setting' } },
    { name: 'nothing anywhere', runnable: [], want: { error: /revl-dap is not bundled with this extension and not on PATH, in GOBIN or in ~\/go\/bin/ } },
    { name: 'Windows: .exe and ; in PATH', runnable: ['C:\\go\\bin\\revl-dap.exe'.replace(/\\/g, path.sep)], over: { platform: 'win32', bundledDir: undefined, PATH: ['C:\\tools', 'C:\\go\\bin'].map((p) => p.replace(/\\/g, path.sep)).join(';') }, want: { command: path.join('C:\\go\\bin'.replace(/\\/g, path.sep), 'revl-dap.exe'), source: 'PATH' } },
  ];
  for (const c of cases) {
    const r = resolveTool('revl-dap', c.setting, env(c.runnable, c.over));
    if (c.want.error) {
      assert.equal(r.command, undefined, c.name);
      assert.match(r.error ?? '', c.want.error, c.name);
    } else {
      assert.equal(r.error, undefined, c.name);
      assert.equal(r.command, c.want.command, c.name);
      assert.equal(r.source, c.want.source, c.name);
    }
    assert.ok(r.tried.length > 0, `${c.name}: says where it looked`);
  }
});

test('searchDirs drops duplicates and empty PATH entries', () => {
  const dirs = searchDirs({ platform: 'linux', PATH: '/a::/b:/a', GOBIN: '/b', home: '/h', isExecutable: () => false });
  assert.deepEqual(dirs.map((d) => d.dir), ['/a', '/b', '/h/go/bin']);
  assert.equal(exeName('revl', 'win32'), 'revl.exe');
  assert.equal(exeName('revl.exe', 'win32'), 'revl.exe');
  assert.equal(exeName('revl', 'darwin'), 'revl');
});

test('nodeIsExecutable: files with an execute bit; a bundled binary gets its bit back', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'revl-tools-'));
  try {
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    const plain = path.join(dir, 'plain');
    const bundled = path.join(bin, 'revl');
    fs.writeFileSync(plain, '#!/bin/sh\n', { mode: 0o644 });
    fs.writeFileSync(bundled, '#!/bin/sh\n', { mode: 0o644 });
    const isExec = nodeIsExecutable('linux', bin);
    assert.equal(isExec(plain), false, 'no execute bit');
    assert.equal(isExec(dir), false, 'a folder');
    assert.equal(isExec(path.join(dir, 'missing')), false, 'missing');
    assert.equal(isExec(bundled), true, 'bundled, repaired');
    assert.notEqual(fs.statSync(bundled).mode & 0o111, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('parseVersion reads `TOOL --version`; statusText shows one version', () => {
  assert.equal(parseVersion('revl-dap', 'revl-dap 0.3.0 (go1.26.8 linux/amd64)\n'), '0.3.0');
  assert.equal(parseVersion('revl-lsp', 'revl-lsp devel (go1.26.8 darwin/arm64)'), 'devel');
  assert.equal(parseVersion('revl-dap', 'revl-lsp 0.3.0 (go1.26.8 linux/amd64)'), undefined, 'another tool');
  assert.equal(parseVersion('revl-dap', 'usage: revl-dap [--stdio]'), undefined, 'a tool too old for the flag');
  assert.equal(statusText({}), 'revl');
  assert.equal(statusText({ 'revl-lsp': '0.3.0', 'revl-dap': '0.3.0', revl: '0.3.0' }), 'revl 0.3.0');
  assert.equal(statusText({ 'revl-lsp': '0.3.0', 'revl-dap': '0.2.0' }), 'revl: mixed versions');
});

test('the notification names the tool, the setting and the install command', () => {
  const m = notFoundMessage('revl-dap', '/x/revl-dap (from the setting revl.path.dap) is not an executable file');
  assert.match(m, /^revl: cannot run revl-dap: \/x\/revl-dap/);
  assert.ok(m.includes('"revl.path.dap"'));
  assert.ok(m.includes(installCommand('revl-dap')));
  assert.equal(installCommand('revl-lsp'), 'go install revl.dev/debug/cmd/revl-lsp@latest');
});
