// Loads the revl TextMate grammar with vscode-textmate and the Oniguruma
// WebAssembly build, as VS Code does. Shared by the corpus test and the
// dump tool.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const here = dirname(fileURLToPath(import.meta.url));
export const grammarPath = join(here, '..', '..', 'syntaxes', 'revl.tmLanguage.json');

export async function loadGrammar() {
  const wasm = readFileSync(join(dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.revl' ? vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  return registry.loadGrammar('source.revl');
}

// tokenize returns, per line, the tokens {start, end, text, scopes} and the
// rule stack after the last line.
export function tokenize(grammar, text) {
  let stack = vsctm.INITIAL;
  const lines = text.split(/\r?\n/);
  const out = [];
  for (const line of lines) {
    const r = grammar.tokenizeLine(line, stack);
    out.push(r.tokens.map((t) => ({ start: t.startIndex, end: t.endIndex, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes })));
    stack = r.ruleStack;
  }
  // root is the stack of a grammar at the top level, for comparisons.
  const root = grammar.tokenizeLine('', vsctm.INITIAL).ruleStack;
  return { lines: out, stack, initial: root };
}
