import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timelinePage, makeNonce } from '../../src/timeline/html';

test('the page loads one script by nonce under a strict CSP', () => {
  const html = timelinePage({ scriptUri: 'vscode-resource:/m/timeline.js', styleUri: 'vscode-resource:/m/timeline.css', cspSource: 'vscode-resource:', nonce: 'abc123', title: 'a <b>' });
  assert.match(html, /default-src 'none'/);
  assert.match(html, /script-src 'nonce-abc123'/);
  assert.match(html, /<script nonce="abc123" src="vscode-resource:\/m\/timeline.js"><\/script>/);
  assert.match(html, /<title>a &lt;b&gt;<\/title>/);
  assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
  assert.equal((html.match(/<script/g) || []).length, 1);
});

test('nonces are 32 alphanumerics', () => {
  assert.match(makeNonce(), /^[A-Za-z0-9]{32}$/);
  assert.notEqual(makeNonce(), makeNonce());
});
