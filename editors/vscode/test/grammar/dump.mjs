// node test/grammar/dump.mjs FILE [LINE]: print each token's column and scopes.
import { readFileSync } from 'node:fs';
import { loadGrammar, tokenize } from './textmate.mjs';
const [file, only] = process.argv.slice(2);
const g = await loadGrammar();
const { lines } = tokenize(g, readFileSync(file, 'utf8'));
lines.forEach((toks, i) => {
  if (only && Number(only) !== i + 1) return;
  for (const t of toks) console.log(`${i + 1}:${t.start} ${JSON.stringify(t.text)} ${t.scopes.slice(1).join(' ')}`);
});
