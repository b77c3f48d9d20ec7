// The grammar over the project's real programs: examples/*.rvl and every
// .rvl under testdata/. Programs the lexer accepts must tokenize with no
// invalid scope and end with the grammar back at its root (every block and
// template it opened is closed); in the broken programs of testdata/syntax
// each lexical error the scanner reports (the E-lex lines of the .golden
// files) must show as an invalid scope at that line and column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGrammar, tokenize } from './textmate.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const grammar = await loadGrammar();

function rvlFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...rvlFiles(p));
    else if (name.endsWith('.rvl')) out.push(p);
  }
  return out;
}

const syntaxDir = join(repo, 'testdata', 'syntax');
const lexMessages = /unterminated string|unterminated template|invalid duration unit|found invalid character|malformed number|invalid UTF-8/;
const all = [...rvlFiles(join(repo, 'examples')), ...rvlFiles(join(repo, 'testdata'))];

test('the corpus is there', () => {
  assert.ok(all.some((f) => f.endsWith('two-consumers.rvl')), 'examples/two-consumers.rvl not found under ' + repo);
  assert.ok(all.length >= 10, `only ${all.length} .rvl files found`);
});

// lexErrors reads the golden's lexical diagnostics as [line, col] (1-based).
function lexErrors(golden) {
  if (!existsSync(golden)) return null;
  const out = [];
  for (const l of readFileSync(golden, 'utf8').split('\n')) {
    const m = /^[^:]+\.rvl:(\d+):(\d+): (.*)$/.exec(l);
    if (m && lexMessages.test(m[3])) out.push([Number(m[1]), Number(m[2]), m[3]]);
  }
  return out;
}

function hasLexError(file) {
  const errs = lexErrors(file.replace(/\.rvl$/, '.golden'));
  return errs !== null && errs.length > 0;
}

for (const file of all) {
  const name = relative(repo, file);
  const broken = file.startsWith(syntaxDir + '/');
  test(`grammar: ${name}`, () => {
    const src = readFileSync(file, 'utf8');
    const { lines, stack, initial } = tokenize(grammar, src);
    const textLines = src.split(/\r?\n/);
    lines.forEach((toks, i) => {
      const covered = toks.length ? toks[toks.length - 1].end : 0;
      assert.ok(covered >= textLines[i].length, `${name}:${i + 1}: tokens stop at column ${covered}`);
    });
    if (!broken || !hasLexError(file)) {
      if (!broken) {
        for (const [i, toks] of lines.entries()) {
          for (const t of toks) {
            const bad = t.scopes.find((s) => s.startsWith('invalid.'));
            assert.equal(bad, undefined, `${name}:${i + 1}:${t.start + 1}: ${JSON.stringify(t.text)} is ${bad}`);
          }
        }
        assert.ok(stack.equals(initial), `${name}: the grammar does not return to its root at the end of the file (an unclosed block or template)`);
      }
      return;
    }
    for (const [line, col, msg] of lexErrors(file.replace(/\.rvl$/, '.golden'))) {
      const toks = lines[line - 1] || [];
      const at = toks.find((t) => t.start <= col - 1 && col - 1 < Math.max(t.end, t.start + 1));
      const scopes = at ? at.scopes : [];
      assert.ok(scopes.some((s) => s.startsWith('invalid.')),
        `${name}:${line}:${col}: the scanner reports "${msg}" but the grammar gives ${JSON.stringify(at && at.text)} the scopes ${scopes.join(' ')}`);
    }
  });
}
