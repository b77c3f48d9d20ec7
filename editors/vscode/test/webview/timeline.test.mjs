// The timeline webview's page in headless Chromium (Debian's chromium,
// driven by playwright-core): the page the extension shows, with the same
// script, stylesheet and Content Security Policy, fed a recorded timeline
// (test/fixtures/*.timeline.json, from package timeline) through the same
// message the extension posts. DOM checks, the keyboard, the click that
// sends revl/gotoDecision, the position that follows revl/position, the
// editor's colour theme; screenshots go to test-results/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const results = join(root, 'test-results');
const skip = existsSync(chromiumPath) ? false : `${chromiumPath} is missing (apt-get install chromium), so the webview page test is skipped`;
if (skip) console.log(`# SKIP webview: ${skip}`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let browser;
let pageUrl;
const fixture = (name) => JSON.parse(readFileSync(join(root, 'test', 'fixtures', name), 'utf8'));

before(async () => {
  if (skip) return;
  const { timelinePage } = require(join(root, 'out', 'src', 'timeline', 'html.js'));
  mkdirSync(results, { recursive: true });
  const html = timelinePage({
    scriptUri: pathToFileURL(join(root, 'dist', 'timeline.js')).href,
    styleUri: pathToFileURL(join(root, 'media', 'timeline.css')).href,
    cspSource: 'file:',
    nonce: 'testnonce0123456789',
    title: 'revl timeline',
  });
  const file = join(results, 'timeline-page.html');
  writeFileSync(file, html);
  pageUrl = pathToFileURL(file).href;
  const { chromium } = require('playwright-core');
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
});

after(async () => {
  await browser?.close();
});

/** open loads the page with a stand-in for VS Code's webview API that records what the page posts. */
async function open(t, { theme = 'dark' } = {}) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.addInitScript(() => {
    window.__posted = [];
    window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: () => undefined });
  });
  await page.goto(pageUrl);
  if (theme === 'light') {
    await page.evaluate(() => {
      // As VS Code does: the theme's colours on <html>, its kind as a class on <body>.
      document.body.classList.add('vscode-light');
      const s = document.documentElement.style;
      s.setProperty('--vscode-editor-background', '#ffffff');
      s.setProperty('--vscode-foreground', '#1f1f1f');
      s.setProperty('--vscode-panel-border', '#c8c8c8');
      s.setProperty('--vscode-button-secondaryBackground', '#e5e5e5');
      s.setProperty('--vscode-button-secondaryForeground', '#1f1f1f');
    });
  }
  await page.waitForFunction(() => window.revlTimeline !== undefined);
  t.after(() => page.close());
  return { page, problems };
}

async function send(page, msg) {
  await page.evaluate((m) => window.postMessage(m, '*'), msg);
}

const posted = (page) => page.evaluate(() => window.__posted);

test('the page says it is ready and loads under its CSP without errors', { skip }, async (t) => {
  const { page, problems } = await open(t);
  assert.deepEqual(await posted(page), [{ type: 'ready' }]);
  assert.match(await page.textContent('#summary'), /Waiting for a timeline/);
  assert.deepEqual(problems, []);
});

test('the worked example, seed 3: lanes, atoms, emissions, residue and the divergence', { skip }, async (t) => {
  const { page, problems } = await open(t);
  // Recorded from revl-dap: its revl/timeline answer for seed 3, stopped on entry.
  await send(page, { type: 'timeline', timeline: fixture('two-consumers-seed3.dap.json'), source: 'debug', title: 'revl: debug seed 3', position: -1 });
  await page.waitForSelector('table.tl');
  const lanes = await page.$$eval('tr.lane th', (ths) => ths.map((th) => th.childNodes[0].textContent));
  assert.deepEqual(lanes, ['Sink', 'A', 'B']);
  const glyphs = await page.$$eval('tr.lane', (rows) => rows.map((r) => [...r.querySelectorAll('td .glyph')].map((g) => g.textContent).join('')));
  assert.deepEqual(glyphs, ['^||||v', '...^v ', '.^v   ']);
  const decisions = await page.$$eval('button.dec', (bs) => bs.map((b) => b.getAttribute('aria-label')));
  assert.equal(decisions.length, 6);
  assert.equal(decisions[1], 'decision 1: activate(B), choice 1 of 2, not the canonical choice, emits log.write("B up"), residue 2/1/1/0/0');
  const stars = await page.$$eval('th.off-canonical', (ths) => ths.map((th) => Number(th.dataset.index)));
  assert.deepEqual(stars, [1, 2]);
  const diverges = await page.$$eval('th.diverges', (ths) => ths.map((th) => Number(th.dataset.index)));
  assert.deepEqual(diverges, [1]);
  const residue = await page.$$eval('tr.residue td', (tds) => tds.map((td) => Number(td.dataset.total)));
  assert.deepEqual(residue, [3, 4, 3, 4, 3, 0]);
  const emissions = await page.$$eval('tr.emissions td', (tds) => tds.map((td) => [...td.querySelectorAll('.emission')].map((e) => e.title).join('')));
  assert.deepEqual(emissions, ['', 'log.write("B up")', '', 'log.write("A up")', '', '']);
  const canon = await page.$$eval('tr.canonical td', (tds) => tds.map((td) => td.classList.contains('differs')));
  assert.deepEqual(canon, [false, true, true, false, false, false]);
  const summary = await page.textContent('#summary');
  assert.match(summary, /taken \[0, 1, 1, 0, 0, 0\]/);
  assert.match(summary, /unstable: emission #0 differs from the canonical run/);
  assert.match(summary, /first divergent emission #0: log.write\("B up"\) at decision 1, canonical log.write\("A up"\) at decision 1/);
  assert.match(await page.textContent('#detail'), /Before the first decision/);
  // The emissions beside the canonical run's, row by row as the read model pairs them.
  const rows = await page.$$eval('table.emissions-vs tbody tr', (trs) => trs.map((tr) => [tr.className, ...[...tr.cells].map((c) => c.textContent)]));
  assert.deepEqual(rows, [
    ['diverges first', '0', 'B log.write("B up") @1', 'A log.write("A up") @1'],
    ['diverges', '1', 'A log.write("A up") @3', 'B log.write("B up") @2'],
  ]);
  await page.screenshot({ path: join(results, 'timeline-dark.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

test('it follows revl/position and a click asks for revl/gotoDecision', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: fixture('two-consumers-seed3.dap.json'), source: 'debug' });
  await page.waitForSelector('th.current[data-index="0"]');
  await send(page, { type: 'position', decision: 2 });
  await page.waitForSelector('th.current[data-index="2"]');
  assert.equal(await page.getAttribute('button.dec[data-index="2"]', 'aria-current'), 'step');
  assert.equal(await page.$$eval('[aria-current="step"]', (e) => e.length), 1);
  assert.equal(await page.evaluate(() => document.body.dataset.position), '2');
  assert.match(await page.textContent('#detail'), /decision 2: teardown\(B\)/);
  await page.click('tr.lane[data-lane="1"] td[data-index="3"]');
  const msgs = await posted(page);
  assert.deepEqual(msgs[msgs.length - 1], { type: 'gotoDecision', index: 3 });
  // In a debug session the view moves only when the adapter says so.
  assert.equal(await page.evaluate(() => document.body.dataset.position), '2');
  assert.match(await page.textContent('#detail'), /decision 3: activate\(A\)/);
  await send(page, { type: 'position', decision: 3 });
  await page.waitForSelector('th.current[data-index="3"]');
});

test('keyboard: Tab reaches the decisions, arrows, Home and End move, Enter goes', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: fixture('two-consumers-seed3.timeline.json'), source: 'debug', position: 1 });
  await page.waitForSelector('table.tl');
  // Tab from the top of the page: the toolbar button, then the decision strip (one tab stop).
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'copy-replay');
  await page.keyboard.press('Tab');
  const focused = () => page.evaluate(() => document.activeElement.classList.contains('dec') ? Number(document.activeElement.dataset.index) : -1);
  assert.equal(await focused(), 1);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 2);
  await page.keyboard.press('End');
  assert.equal(await focused(), 5);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 5);
  await page.keyboard.press('Home');
  assert.equal(await focused(), 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const msgs = await posted(page);
  assert.deepEqual(msgs[msgs.length - 1], { type: 'gotoDecision', index: 1 });
  assert.equal(await page.$$eval('button.dec[tabindex="0"]', (b) => b.length), 1);
  // The focus stays on the strip when the position moves.
  await send(page, { type: 'position', decision: 4 });
  await page.waitForSelector('th.current[data-index="4"]');
  assert.equal(await focused(), 4);
  await page.keyboard.press('Space');
  const m2 = await posted(page);
  assert.deepEqual(m2[m2.length - 1], { type: 'gotoDecision', index: 4 });
  await page.screenshot({ path: join(results, 'timeline-keyboard.png') });
});

test('the editor colour theme: the page takes the --vscode-* colours', { skip }, async (t) => {
  const { page } = await open(t, { theme: 'light' });
  await send(page, { type: 'timeline', timeline: fixture('residue-leak.timeline.json'), source: 'debug', position: 1 });
  await page.waitForSelector('table.tl');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(255, 255, 255)');
  const fg = await page.evaluate(() => getComputedStyle(document.querySelector('h1')).color);
  assert.equal(fg, 'rgb(31, 31, 31)');
  assert.match(await page.textContent('#summary'), /residue: unreleased: map#1/);
  const residue = await page.$$eval('tr.residue td', (tds) => tds.map((td) => Number(td.dataset.total)));
  assert.deepEqual(residue, [3, 1]);
  await page.screenshot({ path: join(results, 'timeline-light.png'), fullPage: true });
});

test('a trace without the debugger: clicks move the view itself', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: fixture('cache-seed2.timeline.json'), source: 'trace', title: 'cache-seed2.rvt' });
  await page.waitForSelector('table.tl');
  assert.match(await page.textContent('h1'), /cache-seed2.rvt\s*trace/);
  assert.ok(await page.$('#debug-trace'));
  await page.click('button.dec[data-index="5"]');
  await page.waitForSelector('th.current[data-index="5"]');
  const msgs = await posted(page);
  assert.deepEqual(msgs[msgs.length - 1], { type: 'gotoDecision', index: 5 });
  await page.click('#debug-trace');
  assert.deepEqual((await posted(page)).pop(), { type: 'debugTrace' });
  const lanes = await page.$$eval('tr.lane th', (ths) => ths.map((th) => th.childNodes[0].textContent));
  assert.deepEqual(lanes, ['Audit', 'Db', 'Cache', 'Api']);
  // A mark with a source position links back to the program.
  const link = await page.$('#detail button.link');
  if (link) {
    await link.click();
    const last = (await posted(page)).pop();
    assert.equal(last.type, 'reveal');
    assert.ok(last.line > 0);
  }
  await page.screenshot({ path: join(results, 'timeline-trace.png'), fullPage: true });
});

test('the page draws the lane states the body gives, and derives none', { skip }, async (t) => {
  const { page } = await open(t);
  const body = fixture('two-consumers-seed3.timeline.json');
  // Say that A is active throughout: the page must draw exactly that.
  body.info.lanes[1].states = [{ from: 0, to: 6, state: 'active' }];
  body.divergence = null;
  await send(page, { type: 'timeline', timeline: body, source: 'trace' });
  await page.waitForSelector('table.tl');
  const glyphs = await page.$$eval('tr.lane', (rows) => rows.map((r) => [...r.querySelectorAll('td .glyph')].map((g) => g.textContent).join('')));
  assert.deepEqual(glyphs, ['^||||v', '||||||', '.^v   ']);
  assert.equal(await page.$$eval('th.diverges', (ths) => ths.length), 0);
  assert.doesNotMatch(await page.textContent('#summary'), /first divergent emission/);
});

test('fine atoms: resume and complete cells, a suspended lane, and their legend', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: fixture('fine-resume.timeline.json'), source: 'trace', title: 'fine-resume.rvt' });
  await page.waitForSelector('table.tl');
  const glyphs = await page.$$eval('tr.lane', (rows) => rows.map((r) => [...r.querySelectorAll('td .glyph')].map((g) => g.textContent).join('')));
  // As `revl trace show` draws it (testdata/trace/fine-resume.show.golden).
  assert.deepEqual(glyphs, ['^||||||v  ', '.^|||||||v', '..^j:>v   ', '....^|||v ']);
  const warm = await page.$$eval('tr.lane[data-lane="2"] td', (tds) => tds.map((td) => [td.dataset.state, td.className.includes('k-resume'), td.className.includes('k-complete'), td.title]));
  assert.equal(warm[4][0], 'suspended');
  assert.match(warm[4][3], /Warm at decision 4: suspended at await/);
  assert.ok(warm[3][2] && /its job completed here \(complete\(job warmup\)\)/.test(warm[3][3]), warm[3][3]);
  assert.ok(warm[5][1] && /resumed here \(resume\(Warm\)\)/.test(warm[5][3]), warm[5][3]);
  assert.match(await page.textContent('.legend'), /> resumed {2}t timer fired {2}j job completed {2}: suspended at await/);
  await page.screenshot({ path: join(results, 'timeline-fine.png'), fullPage: true });
});

test('a lifecycle timeline has no fine legend', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: fixture('two-consumers-seed3.timeline.json'), source: 'trace' });
  await page.waitForSelector('table.tl');
  assert.doesNotMatch(await page.textContent('.legend'), /resumed|suspended/);
});

test('an answer that is not a timeline shows an error', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: { nope: 1 }, source: 'debug' });
  await page.waitForSelector('.error-banner');
  assert.match(await page.textContent('.error-banner'), /not a revl timeline/);
});

test('a page of a large composition: what it holds of what, more lanes and rows, decisions around the selection', { skip }, async (t) => {
  const { page, problems } = await open(t);
  // gen.Wide(5000), seed 7: lanes 1–20, rows 1–10, decisions 0–29 of 10,000 (test/fixtures/wide5000-*.json).
  await send(page, { type: 'timeline', timeline: fixture('wide5000-page.timeline.json'), source: 'debug', position: 3 });
  await page.waitForSelector('table.tl');
  assert.equal(await page.textContent('.page-lanes'), 'lanes 1–20 of 5,000');
  assert.equal(await page.textContent('.page-emissions'), 'emission rows 1–10 of 9,998');
  assert.equal(await page.textContent('.page-decisions'), 'decisions 1–30 of 10,000');
  assert.match(await page.textContent('#summary'), /10,000 decisions/);
  assert.equal(await page.$$eval('tr.lane', (r) => r.length), 20);
  assert.equal(await page.$$eval('button.dec', (b) => b.length), 30);
  assert.equal(await page.$$eval('table.emissions-vs tbody tr', (r) => r.length), 10);
  assert.equal(await page.evaluate(() => document.body.dataset.decisions), '10000');
  // The ready set is cut: its size is said.
  await page.click('button.dec[data-index="3"]');
  assert.match(await page.textContent('#detail'), /the first 3 of 4,999 ready atoms; taken: ready\[1481\], activate\(C0_1482\)/);
  // "more lanes": the extension answers the next lanes merged in (as panel.ts does with mergePage).
  await page.click('#more-lanes');
  let msgs = await posted(page);
  assert.deepEqual(msgs[msgs.length - 1], { type: 'page', want: { what: 'lanes' } });
  assert.ok(await page.$eval('#more-emissions', (b) => b.disabled), 'one page at a time');
  const { readTimeline, mergePage } = require(join(root, 'out', 'src', 'timeline', 'model.js'));
  const more = mergePage(readTimeline(fixture('wide5000-page.timeline.json')), { what: 'lanes' }, fixture('wide5000-lanes2.timeline.json'));
  await send(page, { type: 'timeline', timeline: more.view, source: 'debug', position: 3, merged: true });
  await page.waitForFunction(() => document.querySelectorAll('tr.lane').length === 40);
  assert.equal(await page.textContent('.page-lanes'), 'lanes 1–40 of 5,000');
  const laneIdx = await page.$$eval('tr.lane', (r) => r.map((x) => Number(x.dataset.lane)));
  assert.deepEqual(laneIdx, [...Array(40).keys()]);
  assert.equal(await page.getAttribute('th.selected', 'data-index'), '3', 'a merged page keeps the selection');
  // The keyboard past the decisions held asks for the page around the selection.
  await page.focus('button.dec[data-index="3"]');
  await page.keyboard.press('End');
  msgs = await posted(page);
  assert.deepEqual(msgs[msgs.length - 1], { type: 'page', want: { what: 'decisions', around: 9999 } });
  const dec = mergePage(more, { what: 'decisions', around: 5010 }, fixture('wide5000-decisions.timeline.json'));
  await send(page, { type: 'timeline', timeline: dec.view, source: 'debug', position: 5010, merged: true });
  await page.waitForSelector('button.dec[data-index="5010"]');
  assert.equal(await page.textContent('.page-decisions'), 'decisions 5,001–5,030 of 10,000');
  await send(page, { type: 'position', decision: 5012 });
  await page.waitForSelector('th.current[data-index="5012"]');
  await page.screenshot({ path: join(results, 'timeline-page.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

test('a trace file\'s page offers no "more" (the debugger pages), and the selection stays in it', { skip }, async (t) => {
  const { page } = await open(t);
  await send(page, { type: 'timeline', timeline: fixture('wide5000-page.timeline.json'), source: 'trace', title: 'wide.rvt' });
  await page.waitForSelector('table.tl');
  assert.equal(await page.$('#more-lanes'), null);
  assert.match(await page.textContent('.page'), /debug this trace to see the rest/);
  await page.focus('button.dec[data-index="0"]');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '29');
  assert.ok(!(await posted(page)).some((m) => m.type === 'page'));
});
