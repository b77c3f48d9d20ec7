import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolPath, sweepSize, expandPath } from '../../src/settings';

test('the default is the command on PATH', () => {
  assert.deepEqual(toolPath('revl-lsp', { defaultValue: 'revl-lsp' }, true), { command: 'revl-lsp', source: 'default', ignored: undefined });
  assert.equal(toolPath('revl-dap', undefined, true).command, 'revl-dap');
  assert.equal(toolPath('revl', { defaultValue: '  ' }, true).command, 'revl');
});

test('no workspace picks the binary, trusted or not: the paths are machine settings', () => {
  const i = { defaultValue: 'revl-lsp', globalValue: '/home/u/go/bin/revl-lsp', workspaceValue: '/w/bin/revl-lsp', workspaceFolderValue: '/w/f/bin/revl-lsp' };
  assert.deepEqual(toolPath('revl-lsp', i, true), { command: '/home/u/go/bin/revl-lsp', source: 'user', ignored: '/w/f/bin/revl-lsp' });
  assert.deepEqual(toolPath('revl-lsp', { ...i, globalValue: undefined, workspaceFolderValue: undefined }, true),
    { command: 'revl-lsp', source: 'default', ignored: '/w/bin/revl-lsp' });
});

test('an untrusted workspace never picks the binary', () => {
  const i = { defaultValue: 'revl-dap', globalValue: '/home/u/go/bin/revl-dap', workspaceValue: './evil.sh' };
  assert.deepEqual(toolPath('revl-dap', i, false), { command: '/home/u/go/bin/revl-dap', source: 'user', ignored: './evil.sh' });
  assert.deepEqual(toolPath('revl-dap', { defaultValue: 'revl-dap', workspaceFolderValue: '/tmp/x' }, false),
    { command: 'revl-dap', source: 'default', ignored: '/tmp/x' });
});

test('sweepSize keeps to 1..100000, else 200', () => {
  assert.equal(sweepSize(40), 40);
  assert.equal(sweepSize('500'), 500);
  assert.equal(sweepSize(0), 200);
  assert.equal(sweepSize(1.5), 200);
  assert.equal(sweepSize(undefined), 200);
  assert.equal(sweepSize(100001), 200);
});

test('expandPath substitutes the workspace folder and ~', () => {
  assert.equal(expandPath('${workspaceFolder}/bin/revl-lsp', { workspaceFolder: '/w' }), '/w/bin/revl-lsp');
  assert.equal(expandPath('~/go/bin/revl', { home: '/home/u' }), '/home/u/go/bin/revl');
  assert.equal(expandPath('revl', { home: '/home/u' }), 'revl');
});
