"use strict";
// The timeline webview's page. The extension fills it with webview URIs;
// the headless-Chromium test fills it with file URLs. The page loads one
// script (media/timeline.js, bundled from src/timeline/webview.ts) and one
// stylesheet, under a Content Security Policy that allows nothing else.
Object.defineProperty(exports, "__esModule", { value: true });
exports.timelinePage = timelinePage;
exports.makeNonce = makeNonce;
/** esc escapes text and double-quoted attribute values. */
function esc(s) {
    return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
/** timelinePage returns the HTML of the timeline view. */
function timelinePage(o) {
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
function makeNonce(random = Math.random) {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    for (let i = 0; i < 32; i++)
        s += chars.charAt(Math.floor(random() * chars.length));
    return s;
}
//# sourceMappingURL=html.js.map