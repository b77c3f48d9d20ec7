// The timeline webview's page. The extension fills it with webview URIs;
// the headless-Chromium test fills it with file URLs. The page loads one
// script (dist/timeline.js, bundled from src/timeline/webview.ts) and one
// stylesheet, under a Content Security Policy that allows nothing else.

export interface PageOptions {
  scriptUri: string;
  styleUri: string;
  /** webview.cspSource: where the webview may load the script and style from. */
  cspSource: string;
  nonce: string;
  title?: string;
}

/** esc escapes text and double-quoted attribute values. */
function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** timelinePage returns the HTML of the timeline view. */
export function timelinePage(o: PageOptions): string {
  const csp = [
    "default-src 'none'",
    `style-src ${o.cspSource}`,
    `script-src 'nonce-${o.nonce}'`,
    `img-src ${o.cspSource} data:`,
    `font-src ${o.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${esc(o.styleUri)}">
<title>${esc(o.title ?? 'revl timeline')}</title>
</head>
<body>
<main id="app" aria-busy="true">
  <header id="summary" aria-live="polite"><p class="empty">Waiting for a timeline: start a revl debug session or open a .rvt trace.</p></header>
  <section id="timeline" aria-label="Timeline"></section>
  <section id="detail" aria-live="polite" aria-label="Decision details"></section>
</main>
<script nonce="${esc(o.nonce)}" src="${esc(o.scriptUri)}"></script>
</body>
</html>
`;
}

/** nonce returns a random token for the script tag. */
export function makeNonce(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 32; i++) s += chars.charAt(Math.floor(random() * chars.length));
  return s;
}
