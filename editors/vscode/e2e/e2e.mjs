// The user's path through a real VS Code (code-server), driven in Debian's
// Chromium by playwright-core. Run by e2e/run.sh, which starts code-server
// with the platform .vsix installed (the tools inside it, no revl setting)
// and the worked example in the workspace.
//
// Every wait is on what the UI shows (a selector, a text, the timeline's
// position, a file on disk), never on time: a fresh machine is slow and a
// fixed pause is either too short there or wasted everywhere else.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ext = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ext, 'package.json'));
const { chromium } = require('playwright-core');

const URL = process.env.URL;
const WS = process.env.WS;
const SETTINGS = process.env.SETTINGS; // the user settings.json code-server reads
const VERSION = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8')).version;
const OUT = process.env.OUT || join(ext, 'test-results', 'e2e');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

let page;
let shot = 0;
let passed = 0;
const t0 = Date.now();
const log = (s) => console.log(`e2e: ${s}`);
async function snap(name) {
  const file = join(OUT, `${String(++shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  log(`screenshot ${file}`);
}
function ok(what) {
  passed++;
  console.log(`PASS e2e: ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** poll waits until fn() returns a truthy value (state outside the page: files on disk). */
async function poll(fn, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * pick types into a quick input and accepts the row whose label is exactly
 * `label`, once the list shows it (the list fills in after the typing:
 * pressing Enter at once picks whatever was there before).
 */
async function pick(text, label, timeout) {
  const widget = page.locator('.quick-input-widget');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout });
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({
    has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRe(label)}\\s*$`) }),
  }).first();
  // The row shows, or the quick input closes (the focus moved): whichever comes first.
  const closed = widget.waitFor({ state: 'hidden', timeout }).then(() => { throw new Error('the quick input closed'); });
  const shown = (async () => {
    await input.fill(text, { timeout });
    await row.waitFor({ state: 'visible', timeout });
  })();
  closed.catch(() => undefined);
  shown.catch(() => undefined);
  await Promise.race([shown, closed]);
  // A click that times out never happened (the row went away): safe to try again.
  await row.click({ timeout: 5000 });
  // Accepted: the quick input closes, or (a command that asks next, like
  // revl: Fork Here) shows its own list in the same widget, emptied.
  await page.waitForFunction((typed) => {
    const w = document.querySelector('.quick-input-widget');
    const i = document.querySelector('.quick-input-widget .quick-input-box input');
    return !w || getComputedStyle(w).display === 'none' || !i || i.value !== typed;
  }, text, { timeout });
}

/**
 * quickPick opens a quick input with `open` and picks `label` in it. A
 * quick input closes when the focus moves, and a debug stop moves it to the
 * stopped line a moment after the timeline has moved: then it is opened
 * again.
 */
async function quickPick(open, text, label, done) {
  for (let attempt = 1; ; attempt++) {
    await open();
    try {
      await pick(text, label, 30000);
      return;
    } catch (e) {
      // A pick that timed out may still have been accepted (a slow
      // machine): when the caller can see the command's effect, it ran.
      if (done && await done().catch(() => false)) {
        log(`"${label}" ran though its pick timed out (${e.message.split('\n')[0]})`);
        return;
      }
      if (attempt === 3) throw e;
      log(`the quick input closed before "${label}" was picked (${e.message.split('\n')[0]}); again`);
      if (await page.locator('.quick-input-widget').isVisible()) await page.keyboard.press('Escape');
    }
  }
}

/** palette runs a command by its title in the Command Palette; done, when given, tells whether the command has run (see quickPick). */
async function palette(title, done) {
  await quickPick(() => page.keyboard.press('Control+Shift+P'), '>' + title, title, done);
}

/** openFile opens a workspace file with Quick Open and waits for its editor. */
async function openFile(name) {
  await quickPick(() => page.keyboard.press('Control+P'), name, name);
  await page.locator(`.tab.active[data-resource-name="${name}"], .tab.active[aria-label*="${name}"]`).first().waitFor({ state: 'visible' });
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().waitFor({ state: 'visible' });
}

/**
 * focusEditor puts the keyboard in the source editor (keys must not land in
 * the timeline webview). The source is in the first editor group and the
 * timeline beside it; "the active group" is whichever was last clicked or
 * revealed, so after a click in the timeline it is the webview's group, or
 * not, depending on whether the debugger's reveal of the stop came after.
 */
async function focusEditor() {
  await palette('View: Focus First Editor Group');
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ state: 'visible' });
}

/**
 * contextMenu opens the context menu of `target` and runs its item `label`.
 * A click that lands while the menu is still settling leaves it open with
 * the item only highlighted (seen in CI): the menu staying open is what
 * shows that, so the item is clicked again until the menu closes.
 */
async function contextMenu(target, label) {
  const menu = page.locator('.monaco-menu').first();
  const item = page.locator('.monaco-menu .action-item:not(.disabled) .action-label', { hasText: new RegExp(`^${label}$`) }).first();
  await target.click({ button: 'right' });
  for (let attempt = 1; ; attempt++) {
    await item.waitFor({ state: 'visible' });
    await item.click();
    if (await menu.waitFor({ state: 'hidden', timeout: 3000 }).then(() => true, () => false)) return;
    if (attempt === 3) throw new Error(`the context menu stayed open after three clicks on "${label}"`);
    log(`the context menu stayed open after a click on "${label}"; again`);
  }
}

/** closeSettings closes the Settings editor (a modal in recent versions, an editor tab in older ones). */
async function closeSettings() {
  const editor = page.locator('.settings-editor');
  await page.keyboard.press('Escape');
  if (await editor.waitFor({ state: 'hidden', timeout: 3000 }).then(() => true, () => false)) return;
  await palette('View: Close Editor');
  await editor.waitFor({ state: 'hidden' });
}

/** The timeline webview's frame: the frame whose document has the timeline table. */
async function timelineFrame(timeout = 30000) {
  return poll(async () => {
    for (const f of page.frames()) {
      try {
        if (await f.evaluate(() => !!document.querySelector('table.tl'))) return f;
      } catch {
        // a frame that went away
      }
    }
    return undefined;
  }, 'the timeline view to show a timeline', timeout);
}

async function position() {
  const f = await timelineFrame();
  return Number(await f.evaluate(() => document.body.dataset.position));
}

/** waitPosition waits until the timeline's position satisfies want. */
async function waitPosition(want, what, timeout = 20000) {
  let got;
  try {
    const r = await poll(async () => {
      got = await position();
      return want(got) ? { at: got } : undefined; // decision 0 is falsy
    }, what, timeout);
    return r.at;
  } catch {
    throw new Error(`the timeline did not follow ${what}: it stands at ${got}`);
  }
}

/** decisionOf is the index of the decision whose atom is `atom` (its timeline button's title). */
async function decisionOf(atom) {
  const f = await timelineFrame();
  const k = await f.evaluate((a) => {
    const b = [...document.querySelectorAll('button.dec')].find((x) => (x.getAttribute('title') || '').includes(`: ${a}`));
    return b ? Number(b.dataset.index) : -1;
  }, atom);
  if (k < 0) throw new Error(`the timeline shows no decision ${atom}`);
  return k;
}

/** cursorTo puts the editor's cursor at the start of `line` (Go to Line). */
async function cursorTo(line) {
  await focusEditor();
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}`);
  await page.locator('.quick-input-widget', { hasText: new RegExp(`line ${line}\\b`, 'i') }).waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page.locator('.editor-group-container.active .monaco-editor.focused .current-line').first().waitFor({ state: 'visible' });
}

/** pausedOn waits until the Call Stack shows a thread paused with a label matching re, and answers it. */
async function pausedOn(re, what) {
  const label = page.locator('.debug-call-stack .monaco-list-row .state', { hasText: re }).first();
  try {
    await label.waitFor({ state: 'visible' });
  } catch {
    const all = await page.locator('.debug-call-stack .monaco-list-row .state').allTextContents();
    throw new Error(`the Call Stack does not show ${what} (${re}): it shows ${JSON.stringify(all)}`);
  }
  return (await label.textContent()).trim();
}

async function toolbar(label) {
  // The debug toolbar, docked in the Run view's title (debug.toolBarLocation).
  const b = page.locator(`.action-label[aria-label^="${label}"]`).first();
  await b.waitFor({ state: 'visible', timeout: 15000 });
  await b.click();
}

/** stopped waits until the session is paused (the toolbar offers Continue, not Pause). */
async function stopped() {
  await page.locator('.action-label[aria-label^="Continue"]').first().waitFor({ state: 'visible' });
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
    await page.waitForSelector('.monaco-workbench', { timeout: 120000 });
    // The workbench is ready for input once the explorer lists the workspace.
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'two-consumers.rvl' }).first().waitFor({ state: 'visible', timeout: 90000 });
    ok('code-server loaded the workbench');

    // Open the worked example: the extension activates and finds its bundled tools.
    await openFile('two-consumers.rvl');
    const keyword = page.locator('.view-line span span:text-is("component")').first();
    await keyword.waitFor({ state: 'visible' });
    await poll(async () => !['', 'mtk1', null].includes(await keyword.getAttribute('class')), 'the grammar to colour "component"');
    ok(`the revl grammar highlights the file ("component" is ${await keyword.getAttribute('class')})`);

    const item = page.locator('.statusbar-item', { hasText: new RegExp(`revl ${escapeRe(VERSION)}`) }).first();
    await item.waitFor({ state: 'visible', timeout: 60000 });
    ok(`the tools were found without any setting: the status bar shows "${(await item.textContent()).trim()}" (the bundled build's version)`);

    // The finding, as a diagnostic: the squiggle and the Problems panel.
    await page.waitForSelector('.squiggly-error, .squiggly-warning, .squiggly-info', { timeout: 90000 });
    await page.keyboard.press('Control+Shift+M');
    const problem = page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'unstable' }).first();
    await problem.waitFor({ state: 'visible', timeout: 60000 });
    ok(`the finding is in Problems: ${(await problem.textContent()).trim().slice(0, 120)}`);
    await snap('finding');

    // The generated launch configuration: Run and Debug, "create a launch.json file", revl.
    await page.keyboard.press('Control+Shift+D');
    const create = page.getByText('create a launch.json file', { exact: false }).first();
    await create.waitFor({ state: 'visible' });
    await create.click();
    const launchJson = join(WS, '.vscode', 'launch.json');
    // VS Code asks which debugger unless the active file's language picks it (revl does).
    const asked = page.locator('.quick-input-widget .monaco-list-row');
    const generated = await poll(async () => {
      if (await asked.first().isVisible().catch(() => false)) {
        await pick('revl', 'revl', 10000).catch(() => undefined);
      }
      if (!existsSync(launchJson)) return undefined;
      const text = readFileSync(launchJson, 'utf8');
      return /"type":\s*"revl"/.test(text) ? text : undefined;
    }, 'launch.json with a revl configuration', 60000);
    log(`launch.json:\n${generated}`);
    const seed = /"seed":\s*(\d+)/.exec(generated);
    if (!seed) throw new Error('the generated launch.json has no revl configuration with a seed');
    ok(`the generated launch configuration debugs seed ${seed[1]}`);
    const launchTab = page.locator('.tab.active[data-resource-name="launch.json"], .tab.active[aria-label*="launch.json"]').first();
    await launchTab.waitFor({ state: 'visible' });
    // VS Code then puts the cursor on a new line in "configurations" and opens
    // the suggestions there: close them (once they show) and save the file.
    const suggest = page.locator('.editor-widget.suggest-widget.visible');
    if (await suggest.waitFor({ state: 'visible', timeout: 15000 }).then(() => true, () => false)) {
      await page.keyboard.press('Escape');
      await suggest.waitFor({ state: 'hidden' });
    } else {
      log('no suggestions opened in launch.json');
    }
    await page.keyboard.press('Control+S');
    await page.locator('.tab.active.dirty').waitFor({ state: 'hidden' });
    await snap('launch-json');

    // F5 (a browser may take the F5 key itself: run the command it is bound to).
    await openFile('two-consumers.rvl');
    await palette('Debug: Start Debugging');
    await stopped();
    const start = await position();
    ok(`F5 started the debugger with seed ${seed[1]} and the timeline opened (at decision ${start})`);
    await snap('started');

    // Forward on the toolbar.
    await toolbar('Step Over');
    const p1 = await waitPosition((p) => p > start, 'Step Over');
    await stopped();
    await toolbar('Step Over');
    const p2 = await waitPosition((p) => p > p1, 'the second Step Over');
    await stopped();
    ok(`Step Over moved the timeline: ${start} -> ${p1} -> ${p2}`);

    // Back by command, then by key.
    await palette('revl: Step Back');
    const p3 = await waitPosition((p) => p < p2, 'revl: Step Back');
    await stopped();
    ok(`revl: Step Back (Command Palette) moved the timeline back: ${p2} -> ${p3}`);
    await focusEditor();
    await page.keyboard.press('Shift+Alt+F10');
    const p4 = await waitPosition((p) => p < p3, 'Shift+Alt+F10');
    await stopped();
    ok(`Shift+Alt+F10 stepped back: ${p3} -> ${p4}`);
    await snap('stepped-back');

    await toolbar('Step Over');
    const p5 = await waitPosition((p) => p > p4, 'Step Over');
    await stopped();
    await palette('revl: Reverse Continue');
    const p6 = await waitPosition((p) => p < p5, 'revl: Reverse Continue');
    await stopped();
    ok(`revl: Reverse Continue (Command Palette) went back to the start: ${p5} -> ${p6}`);
    await toolbar('Step Over');
    const p7 = await waitPosition((p) => p > p6, 'Step Over');
    await stopped();
    await focusEditor();
    await page.keyboard.press('Shift+Alt+F5');
    const p8 = await waitPosition((p) => p < p7, 'Shift+Alt+F5');
    await stopped();
    ok(`Shift+Alt+F5 reverse-continued: ${p7} -> ${p8}`);

    // A click on a decision in the timeline travels there.
    const f = await timelineFrame();
    const target = Math.min(3, Number(await f.evaluate(() => document.body.dataset.decisions)) - 1);
    await f.click(`button.dec[data-index="${target}"]`);
    await waitPosition((p) => p === target, `a click on decision ${target}`);
    await stopped();
    ok(`a click on decision ${target} in the timeline moved the debugger there`);
    await quickPick(() => palette('revl: Go to Decision…'), '1. activate', '1. activate(Sink)');
    await waitPosition((p) => p === 0, 'revl: Go to Decision… 1');
    await stopped();
    ok('revl: Go to Decision… travelled back to decision 1');
    await snap('travelled');

    // Jump to Cursor (revl-dap's gotoTargets/goto): the cursor on A's and
    // B's emit lines (10 and 11) travels to the decision that runs that
    // line. The schedule runs each once; whichever of A and B it activates
    // later is a jump forward from decision 1, the other then a jump back.
    const lines = { A: 10, B: 11 };
    const at = { A: await decisionOf('activate(A)'), B: await decisionOf('activate(B)') };
    const [earlier, later] = at.A < at.B ? ['A', 'B'] : ['B', 'A'];
    for (const [who, dir] of [[later, 'forward'], [earlier, 'back']]) {
      const from = await position();
      await cursorTo(lines[who]);
      await palette('Debug: Jump to Cursor');
      await waitPosition((p) => p === at[who], `Jump to Cursor on line ${lines[who]} (activate(${who}) is decision ${at[who]})`);
      const how = await pausedOn(new RegExp(`^${dir} to ${lines[who]}:\\d+ emit`), `a jump ${dir} to line ${lines[who]}`);
      await page.locator('.debug-call-stack .monaco-list-row', { hasText: new RegExp(`${lines[who]}:\\d+`) }).first().waitFor({ state: 'visible' });
      await stopped();
      ok(`Jump to Cursor on line ${lines[who]} went ${dir} ${from} -> ${at[who]}, the decision that runs it: "${how}"`);
    }
    await snap('jumped');

    // A data breakpoint on the log.write channel (Break on Value Change on
    // an emission in the scheduler's Emissions scope): Continue stops at the
    // later emission, Reverse Continue back at the earlier one. The first
    // emission is also where "unstable" becomes known, and a violation is
    // the stop revl-dap reports before a data breakpoint at the same op: the
    // "unstable" exception breakpoint is off meanwhile, so the stop shows
    // the data breakpoint's own description. A's and B's atoms end inside
    // their emit, where no one can stop: the hit is seen at the next
    // decision's boundary.
    const unstable = page.locator('.debug-breakpoints .monaco-list-row').filter({ has: page.locator('.name', { hasText: /^\s*unstable\s*$/ }) }).locator('[role="checkbox"]').first();
    const isOn = async () => (await unstable.getAttribute('aria-checked')) === 'true';
    const setUnstable = async (on) => {
      try {
        await unstable.waitFor({ state: 'visible' });
      } catch {
        throw new Error(`the Breakpoints view shows no "unstable" exception breakpoint: ${JSON.stringify(await page.locator('.debug-breakpoints .monaco-list-row').allInnerTexts())}`);
      }
      if ((await isOn()) !== on) await unstable.click();
      await poll(async () => (await isOn()) === on, `the "unstable" exception breakpoint to be ${on ? 'on' : 'off'}`);
    };
    await setUnstable(false);
    await toolbar('Step Over'); // the earlier emission runs: the scheduler at the next boundary, one emission so far
    const e1 = await waitPosition((p) => p > at[earlier], 'Step Over the earlier emission');
    await stopped();
    const emissions = page.locator('.debug-variables .monaco-list-row', { hasText: /^\s*Emissions \(1\)/ }).first();
    await emissions.waitFor({ state: 'visible' });
    await emissions.click();
    const emission = page.locator('.debug-variables .monaco-list-row', { hasText: `log.write("${earlier} up")` }).first();
    await emission.waitFor({ state: 'visible' });
    await contextMenu(emission, 'Break on Value Change');
    const dataBp = page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'log.write' }).first();
    await dataBp.waitFor({ state: 'visible' });
    ok(`Break on Value Change on an emission set a data breakpoint: "${(await dataBp.innerText()).replace(/\s+/g, ' ').trim()}"`);
    await palette('Debug: Continue');
    const d1 = await waitPosition((p) => p > e1, 'Continue to the data breakpoint');
    const hit1 = await pausedOn(new RegExp(`^channel:log\\.write: log\\.write\\("${later} up"\\) by ${later}`), `a data breakpoint hit by ${later}'s emission`);
    await stopped();
    if (d1 !== at[later] + 1) throw new Error(`Continue stopped at decision ${d1}, not at the boundary after ${later}'s (${at[later]})`);
    ok(`Continue stopped at the data breakpoint: ${e1} -> ${d1} "${hit1}"`);
    await snap('data-breakpoint');
    await palette('revl: Reverse Continue');
    const d2 = await waitPosition((p) => p < d1, 'Reverse Continue to the data breakpoint');
    const hit2 = await pausedOn(new RegExp(`^channel:log\\.write: log\\.write\\("${earlier} up"\\) by ${earlier}`), `a data breakpoint hit by ${earlier}'s emission`);
    await stopped();
    if (d2 !== at[earlier] + 1) throw new Error(`Reverse Continue stopped at decision ${d2}, not at the boundary after ${earlier}'s (${at[earlier]})`);
    ok(`revl: Reverse Continue stopped back at the data breakpoint: ${d1} -> ${d2} "${hit2}"`);
    // Remove it (its context menu in Breakpoints) and go back to decision 1: the rest of the flow starts where it did.
    await contextMenu(dataBp, 'Remove Breakpoint');
    await dataBp.waitFor({ state: 'hidden' });
    await setUnstable(true);
    await quickPick(() => palette('revl: Go to Decision…'), '1. activate', '1. activate(Sink)');
    await waitPosition((p) => p === 0, 'revl: Go to Decision… 1');
    await stopped();

    // A line breakpoint: B's emission (line 11); Continue stops there.
    await focusEditor();
    await page.keyboard.press('Control+G');
    const goto = page.locator('.quick-input-widget .quick-input-box input');
    await goto.waitFor({ state: 'visible' });
    await goto.fill(':11');
    await page.locator('.quick-input-widget', { hasText: /line 11/i }).waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await page.keyboard.press('F9');
    await page.locator('.codicon-debug-breakpoint').first().waitFor({ state: 'visible' });
    await palette('Debug: Continue');
    const frameRow = page.locator('.debug-call-stack .monaco-list-row', { hasText: /11:\d+/ }).first();
    await frameRow.waitFor({ state: 'visible' });
    await page.getByText(/paused on breakpoint/i).first().waitFor({ state: 'visible' });
    ok(`Continue stopped at the line breakpoint: ${(await frameRow.textContent()).trim()} (timeline at ${await position()})`);
    await snap('breakpoint');

    // A name not in scope, in the Debug Console: the answer is there, and no notification.
    await page.locator('.part.panel .composite.title .action-label', { hasText: /^Debug Console$/i }).first().click();
    await page.locator('.repl .repl-input-wrapper .monaco-editor').first().click();
    await page.locator('.repl .repl-input-wrapper .monaco-editor.focused').waitFor({ state: 'visible' });
    await page.keyboard.type('nope');
    await page.keyboard.press('Enter');
    await page.locator('.repl .monaco-list-row', { hasText: 'unknown name nope' }).first().waitFor({ state: 'visible' });
    const toasts = await page.locator('.notification-toast', { hasText: 'unknown name nope' }).count();
    if (toasts) throw new Error('"unknown name nope" raised a notification as well as its Debug Console line');
    ok('a name not in scope is answered in the Debug Console only (no notification)');

    // Fork Here: take activate(A) where the schedule took activate(B).
    await quickPick(() => palette('revl: Fork Here'), 'activate(A)', 'activate(A)');
    const forked = page.locator('.notification-toast', { hasText: 'revl: forked at decision' }).first();
    await forked.waitFor({ state: 'visible' });
    ok(`revl: Fork Here forked the run: ${(await forked.locator('.notification-list-item-message').textContent()).trim()}`);
    await stopped();

    await palette('Debug: Stop');
    await page.locator('.action-label[aria-label^="Step Over"]').first().waitFor({ state: 'hidden' });
    ok('the session stopped');

    // A tool that is missing: revl.path.dap, set in the Settings editor,
    // names no file. The status bar warns once the setting is read; F5 then
    // names the tool.
    await palette('Preferences: Open User Settings', () => page.locator('.settings-editor').first().isVisible());
    await page.locator('.settings-editor .suggest-input-container .monaco-editor.focused').waitFor({ state: 'visible' });
    await page.keyboard.type('revl.path.dap');
    // revl.path.* are machine settings: in a remote window (code-server is
    // one) they are set in the Remote tab, not in the local User settings.
    await page.locator('.settings-editor .settings-tabs-widget .action-label', { hasText: /^Remote/ }).first().click();
    const field = page.locator('.settings-editor .setting-item-contents', { hasText: 'revl-dap' }).locator('input').first();
    await field.waitFor({ state: 'visible' });
    await field.fill('/nonexistent/revl-dap');
    const machine = join(dirname(dirname(SETTINGS)), 'Machine', 'settings.json');
    await poll(() => existsSync(machine) && /"revl\.path\.dap":\s*"\/nonexistent\/revl-dap"/.test(readFileSync(machine, 'utf8')), 'the setting to be saved in the remote machine settings');
    await closeSettings();
    await page.locator('.statusbar-item', { hasText: /revl/ }).filter({ has: page.locator('.codicon-warning') }).first().waitFor({ state: 'visible', timeout: 60000 });
    await palette('Debug: Start Debugging');
    const toast = page.locator('.notification-toast', { hasText: 'cannot run revl-dap' }).first();
    await toast.waitFor({ state: 'visible' });
    const text = (await toast.locator('.notification-list-item-message').textContent()).trim();
    if (!text.includes('/nonexistent/revl-dap') || !text.includes('go install revl.dev/debug/cmd/revl-dap@latest')) throw new Error(`the notification does not name the path and the install command: ${text}`);
    await toast.locator('.monaco-button', { hasText: 'Copy install command' }).waitFor({ state: 'visible' });
    await snap('missing-tool');
    await toast.locator('.monaco-button', { hasText: 'Open Settings' }).click();
    await page.locator('.settings-editor .setting-item-contents', { hasText: 'revl-dap' }).first().waitFor({ state: 'visible' });
    ok(`a missing revl-dap is a notification with Open Settings and Copy install command: "${text.slice(0, 100)}…"`);
    if (await page.locator('.action-label[aria-label^="Step Over"]').first().isVisible()) throw new Error('a debug session started with a missing revl-dap');

    console.log(`e2e: ${passed} passed, 0 failed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.log(`FAIL e2e: ${e.message}`);
    await snap('failure').catch(() => undefined);
    console.log(`e2e: ${passed} passed, 1 failed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

await main();
