// Bundles the extension (dist/extension.js, Node, vscode external) and the
// timeline webview's script (dist/timeline.js, browser) with esbuild.
import { build } from 'esbuild';

const common = { bundle: true, sourcemap: false, minify: true, logLevel: 'warning', legalComments: 'none' };
await Promise.all([
  build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node18', external: ['vscode'] }),
  build({ ...common, entryPoints: ['src/timeline/webview.ts'], outfile: 'dist/timeline.js', platform: 'browser', format: 'iife', target: 'es2020' }),
]);
console.log('built dist/extension.js and dist/timeline.js');
