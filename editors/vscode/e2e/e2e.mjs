// The user's path through a real VS Code (code-server), driven in Debian's
// Chromium by playwright-core. Run by e2e/run.sh, which starts code-server
// with the .vsix installed and the worked example in the workspace.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ext = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ext, 'package.json'));
const { chromium } = require('playwright-core');

const URL = process.env.URL;
const WS = process.env.WS;
const OUT = process.env.OUT || join(ext, 'test-results', 'e2e');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

let page;
let shot = 0;
let passed = 0;
const log = (s) => console.log(`e2e: ${s}`);
async function snap(name) {
  const file = join(OUT, `${String(++shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  log(`screenshot ${file}`);
}
function ok(what) {
  passed++;
  console.log(`PASS e2e: ${what}`);
}

async function palette(command) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill('>' + command);
  await page.waitForTimeout(400);
  await page.keyboard.press('Enter');
}

/** The timeline webview's frame: the frame whose document has the timeline table. */
async function timelineFrame(timeout = 30000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    for (const f of page.frames()) {
      try {
        if (await f.evaluate(() => !!document.querySelector('table.tl'))) return f;
      } catch {
        // a frame that went away
      }
    }
    await page.waitForTimeout(300);
  }
  throw new Error('the timeline view did not show a timeline');
}

async function position(frame) {
  return Number(await frame.evaluate(() => document.body.dataset.position));
}

async function waitPosition(want, what, timeout = 15000) {
  const end = Date.now() + timeout;
  let got;
  while (Date.now() < end) {
    const f = await timelineFrame(timeout);
    got = await position(f);
    if (want(got)) return got;
    await page.waitForTimeout(200);
  }
  throw new Error(`the timeline did not follow ${what}: it stands at ${got}`);
}

async function toolbar(label) {
  // The debug toolbar, floating or docked in the Run view's title.
  const b = page.locator(`.debug-toolbar .action-label[aria-label^="${label}"], .debug-view-content ~ * .action-label[aria-label^="${label}"], .pane-header .action-label[aria-label^="${label}"], .title-actions .action-label[aria-label^="${label}"], .action-label[aria-label^="${label}"]`).first();
  await b.waitFor({ state: 'visible', timeout: 15000 });
  await b.click();
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: process.env.HEADFUL !== '1',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new globalThis.URL(URL).origin });
  page = await context.newPage();
  page.setDefaultTimeout(30000);
  try {
    await page.goto(URL);
    await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
    await page.waitForTimeout(3000);
    ok('code-server loaded the workbench');

    // Open the worked example.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('two-consumers.rvl');
    await page.waitForTimeout(800);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.monaco-editor .view-lines');
    await page.waitForSelector('.tab.active[aria-label*="two-consumers.rvl"], .tab.active:has-text("two-consumers.rvl")');
    // The grammar: keywords get a colour of their own (a token class other than mtk1).
    const tokenClass = await page.locator('.view-line span span:text-is("component")').first().getAttribute('class');
    if (!tokenClass || tokenClass === 'mtk1') throw new Error(`"component" is not highlighted (class ${tokenClass})`);
    ok(`the revl grammar highlights the file ("component" is ${tokenClass})`);

    // The finding, as a diagnostic: the squiggle and the Problems panel.
    await page.waitForSelector('.squiggly-error, .squiggly-warning, .squiggly-info', { timeout: 90000 });
    await page.keyboard.press('Control+Shift+M');
    await page.waitForSelector('.markers-panel .monaco-list-row');
    await page.waitForFunction(() => /unstable/.test(document.querySelector('.markers-panel')?.textContent || ''), null, { timeout: 60000 });
    const problem = await page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'unstable' }).first().textContent();
    ok(`the finding is a diagnostic: ${problem.trim().slice(0, 120)}`);
    await snap('finding');

    // The generated launch configuration: Run and Debug, "create a launch.json file", revl.
    await page.keyboard.press('Control+Shift+D');
    const create = page.getByText('create a launch.json file', { exact: false }).first();
    await create.waitFor({ state: 'visible' });
    await create.click();
    // VS Code asks which debugger unless the active file's language picks it (revl does).
    const qi = page.locator('.quick-input-widget');
    if (await qi.waitFor({ state: 'visible', timeout: 5000 }).then(() => true, () => false)) {
      await page.locator('.quick-input-widget input').fill('revl');
      await page.waitForTimeout(500);
      await page.keyboard.press('Enter');
    }
    const launchJson = join(WS, '.vscode', 'launch.json');
    const t0 = Date.now();
    while (!existsSync(launchJson) && Date.now() - t0 < 30000) await page.waitForTimeout(300);
    await page.waitForTimeout(1500);
    // VS Code opens launch.json with the suggestions open: close them, save.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await page.waitForTimeout(800);
    const generated = readFileSync(launchJson, 'utf8');
    log(`launch.json:\n${generated}`);
    const seed = /"seed":\s*(\d+)/.exec(generated);
    if (!seed || !/"type":\s*"revl"/.test(generated)) throw new Error('the generated launch.json has no revl configuration with a seed');
    ok(`the generated launch configuration debugs seed ${seed[1]}`);
    await snap('launch-json');

    // F5 with the example in front.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('two-consumers.rvl');
    await page.waitForTimeout(600);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    // F5 (in a browser the page may take F5 itself: use the command it is bound to).
    await palette('Debug: Start Debugging');
    // Depending on the version that runs the selected configuration, or asks which one.
    const picker = page.locator('.quick-input-widget');
    if (await picker.isVisible()) {
      const item = picker.locator('.monaco-list-row', { hasText: `revl: debug seed ${seed[1]}` }).first();
      await item.click();
    }
    await page.locator('.action-label[aria-label^="Step Over"]').first().waitFor({ state: 'visible', timeout: 30000 });
    const frame = await timelineFrame(45000);
    const start = await position(frame);
    ok(`the debugger started and the timeline opened (at decision ${start})`);
    await snap('started');

    // Step forward twice, then back once, with the debug toolbar.
    await toolbar('Step Over');
    const p1 = await waitPosition((p) => p > start, 'Step Over');
    await toolbar('Step Over');
    const p2 = await waitPosition((p) => p > p1, 'the second Step Over');
    ok(`Step Over moved the timeline: ${start} -> ${p1} -> ${p2}`);
    await snap('stepped-forward');
    await toolbar('Step Back');
    const p3 = await waitPosition((p) => p < p2, 'Step Back');
    ok(`Step Back moved the timeline back: ${p2} -> ${p3}`);
    await snap('stepped-back');

    // A click on a decision travels there.
    const f = await timelineFrame();
    const target = Math.min(4, Number(await f.evaluate(() => document.body.dataset.decisions)) - 1);
    await f.click(`button.dec[data-index="${target}"]`);
    await waitPosition((p) => p === target, `a click on decision ${target}`);
    ok(`a click on decision ${target} in the timeline moved the debugger there`);
    await snap('clicked');

    await page.keyboard.press('Shift+F5');
    await page.waitForTimeout(1000);
    console.log(`e2e: ${passed} passed, 0 failed`);
  } catch (e) {
    console.log(`FAIL e2e: ${e.message}`);
    await snap('failure').catch(() => undefined);
    console.log(`e2e: ${passed} passed, 1 failed`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

await main();
