// Browser tests of the studio page in Debian's Chromium, driven by playwright-core (no browser
// download). The server must already run: STUDIO_URL names it (`.ci/run` starts
// `shapedoku studio` on a copy of a puzzle file and stops it afterwards). SHOTS_DIR, if set,
// receives the screenshots (docs/studio.md shows them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const URL = process.env.STUDIO_URL;
const SHOTS = process.env.SHOTS_DIR;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// An X-Sudoku as f-puzzles links it, with the givens its importer's test expects: from
// pcdoku/SudokuSolver (a fork of dclamage/SudokuSolver), SudokuSolverTest/FPuzzlesImportTests.cs
// at commit 1526c3f304fff86456a6d520cd4dc743e1decd3e.
const X_SUDOKU_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===';

let browser;
let page;
let original; // the classic example's text
const dialogs = [];
let dialogAnswer = true;
// A console error the current step expects (Chromium logs every 4xx answer as one): any other
// error fails the run.
let expectedConsole = null;

before(async () => {
  assert.ok(URL, 'set STUDIO_URL to the address `shapedoku studio` printed');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => { throw e; });
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (expectedConsole && expectedConsole.test(m.text())) { expectedConsole = null; return; }
    throw new Error(`console: ${m.text()}`);
  });
  page.on('dialog', (d) => { dialogs.push(d.message()); if (dialogAnswer) d.accept(); else d.dismiss(); });
  await page.goto(URL);
  await page.waitForSelector('#drawing svg');
});

after(async () => {
  await browser?.close();
});

const text = () => page.evaluate(() => window.studio.text());
const setText = (t) => page.evaluate((s) => window.studio.setText(s), t);

async function waitStatus(want) {
  await page.waitForFunction(
    (w) => document.getElementById('count-status').dataset.status === w,
    want,
    { timeout: 20000 },
  );
}

/** Waits until the editor's text satisfies `pred` (polled from here: the page's policy allows
 *  no code made from strings). */
async function waitText(pred, arg) {
  const end = Date.now() + 10000;
  for (;;) {
    const t = await text();
    if (pred(t, arg)) return t;
    if (Date.now() > end) assert.fail(`the editor's text never matched ${pred}:\n${t}`);
    await page.waitForTimeout(50);
  }
}

/** The cell's box on the screen, by its name. */
async function cellBox(name) {
  const idx = await page.evaluate((n) => window.studio.layout().cells.findIndex((c) => c.name === n), name);
  assert.ok(idx >= 0, name);
  return page.locator(`#drawing svg .cell-ids [data-cell="${idx}"]`).boundingBox();
}

async function at(name, fx = 0.5, fy = 0.5) {
  const b = await cellBox(name);
  return [b.x + fx * b.width, b.y + fy * b.height];
}

/** Drags the mouse through the centres of the cells. */
async function drag(names) {
  const [x, y] = await at(names[0]);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (const n of names.slice(1)) {
    const [nx, ny] = await at(n);
    await page.mouse.move(nx, ny, { steps: 6 });
  }
  await page.mouse.up();
}

/** A screenshot of the whole page at a height that shows the drawing whole. */
async function shot(name) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 1040 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(size);
}

async function tool(id) {
  await page.click(`#palette button[data-tool="${id}"]`);
}

async function drawn() {
  await page.waitForSelector('#drawing:not(.stale) svg');
}

test('loads a built-in example into the coloured editor and counts it unique', async () => {
  await page.selectOption('#load-select', 'e:classic');
  await waitText((t) => t.includes('variant = "classic"'));
  await waitStatus('unique');
  assert.match(await page.textContent('#count-status'), /Unique solution/);
  assert.equal(await page.locator('#drawing svg .cell-ids rect').count(), 81);
  // CodeMirror colours the TOML: strings and comments in their own spans.
  assert.ok(await page.locator('#editor .cm-editor .cm-line span').count() > 5);
  original = await text();
});

test('an error is squiggled at its column and its diagnostic jumps there', async () => {
  const broken = original.replace('variant = "classic"', 'variant = "classic"\ngivns = "x"');
  await setText(broken);
  const item = page.locator('#diagnostics li', { hasText: 'givns' });
  await item.waitFor({ timeout: 10000 });
  await waitStatus('error');
  const line = Number(await item.getAttribute('data-line'));
  assert.equal(broken.split('\n')[line - 1], 'givns = "x"');
  assert.equal(await page.locator('#editor .cm-lintRange-error', { hasText: 'givns' }).count(), 1);
  await item.click();
  assert.equal(await page.evaluate(() => window.studio.caretLine()), line);
  await setText(original);
  await waitStatus('unique');
  assert.equal(await page.locator('#diagnostics li').count(), 0);
});

test('setting: givens typed into selected cells land in place, and undo takes them back', async () => {
  const { solution } = await page.evaluate(async (toml) => (await (await fetch('/api/solve', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ toml }),
  })).json()), original);
  await tool('select');
  // r1c1 and r1c2 are empty in the example; shift-click selects both, their names are shown.
  const [x1, y1] = await at('r1c1');
  await page.mouse.click(x1, y1);
  const [x2, y2] = await at('r1c2');
  await page.keyboard.down('Shift');
  await page.mouse.click(x2, y2);
  await page.keyboard.up('Shift');
  assert.equal(await page.textContent('#selected-cells'), 'r1c1 r1c2');
  await page.mouse.click(x1, y1);
  await page.keyboard.press(solution[0]);
  const given = await waitText((t, o) => t !== o, original);
  assert.equal(given.length, original.length);
  assert.match(given, new RegExp(`givens = """\\n${solution[0]}\\.\\. \\.9\\. \\.\\.1\\n`));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(solution[1]);
  await waitText((t, s) => t.includes(`givens = """\n${s[0]}${s[1]}. .9. ..1\n`), solution);
  await waitStatus('unique');
  // Undo twice (the page's Ctrl-Z while setting is the file's undo), then redo once.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.equal(await waitText((t, o) => t === o, original), original);
  await page.click('#btn-file-redo');
  await waitText((t, o) => t !== o, original);
  await page.click('#btn-file-undo');
  await waitText((t, o) => t === o, original);
});

test('setting: a thermometer, a cage with a total, a kropki dot and a little killer drawn with the mouse', async () => {
  await setText('variant = "classic"\n# drawn with the mouse\n');
  await waitStatus('several');
  await drawn();
  await tool('thermo');
  await drag(['r1c1', 'r2c2', 'r3c3', 'r3c4']);
  let t = await waitText((s) => s.includes('thermo'));
  // The new table follows the file's last line; a comment at the very end stays at the end.
  assert.equal(t, 'variant = "classic"\n\n[[rule]]\ntype = "thermo"\ncells = "r1c1 r2c2 r3c3 r3c4"\n# drawn with the mouse\n');
  await waitStatus('several');

  await tool('cage');
  await page.fill('#opt-number', '10');
  await drawn();
  await drag(['r5c5', 'r5c6', 'r6c6']);
  t = await waitText((s) => s.includes('[[cage]]'));
  assert.match(t, /\[\[cage\]\]\nsum = 10\ncells = "r5c5 r5c6 r6c6"\n/);

  await tool('kropki-white');
  await drawn();
  // On the edge between r8c2 and r8c3: the right side of r8c2.
  const [kx, ky] = await at('r8c2', 0.97, 0.5);
  await page.mouse.click(kx, ky);
  t = await waitText((s) => s.includes('kropki'));
  assert.match(t, /\[\[rule\]\]\ntype = "kropki"\nwhite = \["r8c2 r8c3"\]\n/);

  await tool('little-killer');
  await page.fill('#opt-number', '15');
  await drawn();
  // Above column 2, nearer the square's lower right corner: the diagonal runs down-right.
  const [lx, ly] = await at('r1c2', 0.75, -0.3);
  await page.mouse.click(lx, ly);
  t = await waitText((s) => s.includes('little-killer'));
  assert.match(t, /type = "little-killer"\ntotal = 15\nat = \[0, 2\]\ndirection = "down-right"\n/);
  // The thermometer's table was not touched by the later drawings.
  assert.ok(t.startsWith('variant = "classic"\n\n[[rule]]\ntype = "thermo"\ncells = "r1c1 r2c2 r3c3 r3c4"\n'), t);
  assert.ok(t.endsWith('# drawn with the mouse\n'), t);
  // The little killer's total is drawn above column 2, with the cage and the line.
  await page.waitForFunction(() => [...document.querySelectorAll('#drawing svg .rules text')].some((t) => t.textContent === '15'), null, { timeout: 10000 });
  const svg = await page.innerHTML('#drawing');
  assert.match(svg, /class="rules-under"/);
  assert.match(svg, /class="cages"/);

  // Erasing the dot with the eraser, and bringing it back with undo.
  // True candidates on the grid, with the open cells and a suggested given.
  await page.waitForSelector('#drawing .true-cands', { timeout: 20000 });
  await page.waitForFunction(() => /Suggested next given/.test(document.getElementById('help-text').textContent), null, { timeout: 20000 });
  if (SHOTS) await shot('setting');
  // The clue outside widened the drawing's margin: the edge is found again.
  await tool('erase');
  const [ex, ey] = await at('r8c2', 0.97, 0.5);
  await page.mouse.click(ex, ey);
  t = await waitText((s) => !s.includes('kropki'));
  await page.click('#btn-file-undo');
  t = await waitText((s) => s.includes('kropki'));
  await waitStatus('several');
});

test('load asks before discarding unsaved edits', async () => {
  const before = await text();
  dialogAnswer = false;
  const n = dialogs.length;
  await page.selectOption('#load-select', 'e:4x4');
  await page.waitForTimeout(300);
  assert.equal(dialogs.length, n + 1);
  assert.match(dialogs[n], /not saved/);
  assert.equal(await text(), before);
  dialogAnswer = true;
  await page.selectOption('#load-select', 'e:4x4');
  await waitText((t) => t.includes('variant = "4x4"'));
});

test('solving: arrow keys, pencil marks, a conflict, to the solved moment', async () => {
  await waitStatus('unique');
  const toml = await text();
  const { solution, givens } = await page.evaluate(async (t) => {
    const post = async (path) => (await fetch(path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ toml: t }),
    })).json();
    return { givens: (await post('/api/render')).givens, solution: (await post('/api/solve')).solution };
  }, toml);
  await page.click('.tabs button[data-tab=solve]');
  const [x, y] = await at('r1c1');
  await page.mouse.click(x, y);
  let conflictShown = false;
  let marksShown = false;
  for (let c = 0; c < 16; c++) {
    if (givens[c] === '.') {
      if (!marksShown) {
        // A corner mark (shift), a centre mark (mode c), then back to values (mode z).
        await page.keyboard.press(`Shift+Digit${solution[c]}`);
        await page.keyboard.press('c');
        await page.keyboard.press(solution[c]);
        await page.keyboard.press('z');
        await page.waitForSelector('#drawing .corner-mark');
        await page.waitForSelector('#drawing .centre-mark');
        marksShown = true;
      }
      if (!conflictShown) {
        // A value its row already has is shown as a conflict, then put right.
        const row = Math.floor(c / 4);
        const clash = solution.slice(row * 4, row * 4 + 4).split('').find((s, k) => s !== solution[c] && givens[row * 4 + k] !== '.');
        if (clash) {
          await page.keyboard.press(clash);
          await page.waitForSelector('#drawing .value.conflict');
          conflictShown = true;
        }
      }
      await page.keyboard.press(solution[c]);
    }
    await page.keyboard.press('ArrowRight');
    if (c % 4 === 3) await page.keyboard.press('ArrowDown');
  }
  assert.ok(marksShown && conflictShown);
  await page.waitForSelector('#solved-banner:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#solved-banner'), /^Solved in \d+:\d\d/);
  assert.equal(await page.locator('#drawing .value.conflict').count(), 0);
  // Undo takes the last value back, and the solved moment stays recorded.
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => window.studio.solving().values.includes('.'));
});

test('solving: a hint highlights its cell and step applies it', async () => {
  await page.selectOption('#load-select', 'e:classic');
  await waitText((t) => t.includes('variant = "classic"'));
  await waitStatus('unique');
  const before = await page.locator('#drawing svg .value').count();
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-text.step');
  const hint = await page.textContent('#hint-text');
  const m = hint.match(/^r(\d+)c(\d+) = /);
  assert.ok(m, `a placement: ${hint}`);
  assert.match(await page.textContent('#hint-why'), /^Why: \S/);
  await page.waitForSelector('#drawing svg .highlight-cells rect');
  assert.equal(await page.locator('#drawing .placement circle, #drawing circle.placement').count(), 1);
  await page.click('#btn-step');
  await page.waitForFunction((n) => document.querySelectorAll('#drawing svg .value').length === n + 1, before);
  if (SHOTS) {
    // Pencil marks on the board for the screenshot: every candidate as centre marks.
    await page.click('#btn-fill');
    await page.waitForSelector('#drawing .centre-mark');
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-text.step');
    await shot('solving');
  }
  await page.click('#btn-explain');
  await page.waitForFunction(() => document.querySelectorAll('#steps li').length > 0, null, { timeout: 20000 });
  assert.match(await page.textContent('#rating'), /(easy|medium|hard|expert|extreme)/);
});

test('imports an f-puzzles link into the editor', async () => {
  await page.click('.tabs button[data-tab=set]');
  await page.fill('#import-link', X_SUDOKU_LINK);
  await page.click('#btn-import');
  const t = await waitText((s) => s.includes('f-puzzles'));
  assert.match(await page.textContent('#import-note'), /Imported from f-puzzles/);
  await waitStatus('unique');
  // The published givens, row by row.
  const givens = await page.evaluate(async (toml) => (await (await fetch('/api/render', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ toml }),
  })).json()).givens, t);
  assert.equal(givens, '..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4');
});

test('exports the file as an f-puzzles link, and refuses a Samurai by name', async () => {
  await page.click('.tabs button[data-tab=set]');
  const t = await text(); // the X-Sudoku imported above
  await page.selectOption('#export-target', 'fpuzzles');
  await page.click('#btn-export');
  await page.waitForSelector('#export-out:not([hidden])');
  const link = await page.inputValue('#export-link');
  assert.ok(link.startsWith('https://f-puzzles.com/?load='), link);
  // The link reads back as the puzzle exported: the same givens, cell by cell.
  const post = (path, body) => page.evaluate(async ([p, b]) => (await fetch(p, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b),
  })).json(), [path, body]);
  const back = (await post('/api/import', { link })).toml;
  const givens = async (toml) => (await post('/api/render', { toml })).givens;
  assert.equal(await givens(back), await givens(t));
  assert.equal(await givens(back), '..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4');
  // Copy puts the link on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('#btn-copy-link');
  await page.waitForFunction(() => /copied/.test(document.getElementById('export-note').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  // An edit makes the link stale: it goes. A Samurai is five grids, which f-puzzles cannot hold.
  const samurai = await page.evaluate(async () => (await (await fetch('/api/examples/samurai')).json()).toml);
  await setText(samurai);
  assert.equal(await page.isHidden('#export-out'), true);
  // The refusal is a 422, which Chromium logs: expected here, once.
  expectedConsole = /status of 422/;
  await page.click('#btn-export');
  await page.waitForFunction(() => document.getElementById('export-note').classList.contains('bad'));
  await page.waitForTimeout(100);
  assert.equal(expectedConsole, null, 'the refusal should have been a 422');
  assert.match(await page.textContent('#export-note'), /cannot export: f-puzzles cannot hold this puzzle:[\s\S]*it has 5 grids/);
  assert.equal(await page.isHidden('#export-out'), true);
});

test('generates a puzzle into the editor', async () => {
  await page.click('.tabs button[data-tab=generate]');
  await page.selectOption('#gen-source', 'classic');
  await page.selectOption('#gen-symmetry', 'rotate180');
  // A seed above 2^53, as the command line prints them: it must reach the server unrounded.
  await page.fill('#gen-seed', '13339356320099245831');
  await page.click('#btn-generate');
  await page.waitForFunction(() => /Opened in the editor/.test(document.getElementById('gen-status').textContent), null, { timeout: 30000 });
  const t = await text();
  assert.match(t, /^# Generated by the shapedoku studio: seed 13339356320099245831, symmetry rotate180/);
  assert.match(await page.textContent('#gen-status'), /^Seed 13339356320099245831:/);
  assert.match(t, /variant = "classic"/);
  await waitStatus('unique');
});

test('prints the puzzle as a PDF, and a booklet with the solutions at the back', async () => {
  await page.click('.tabs button[data-tab=set]');
  const example = (n) => page.evaluate(async (name) => (await (await fetch(`/api/examples/${name}`)).json()).toml, n);
  /** Clicks a print button and reads the PDF the page saves: its bytes as text (Latin-1). */
  async function printed(button) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    const fs = await import('node:fs/promises');
    return { name: download.suggestedFilename(), pdf: (await fs.readFile(await download.path())).toString('latin1') };
  }
  /** The page count a PDF's page tree states, and the page objects it holds. */
  const pageCount = (pdf) => {
    const counts = [...pdf.matchAll(/\/Type\s*\/Pages\b[\s\S]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
    const objects = (pdf.match(/\/Type\s*\/Page\b(?!s)/g) || []).length;
    assert.equal(counts.length, 1, 'one page tree');
    assert.equal(counts[0], objects, 'the tree counts its page objects');
    return objects;
  };
  await setText(await example('classic'));
  await waitStatus('unique');
  let out = await printed('#btn-print');
  assert.ok(out.pdf.startsWith('%PDF-'), 'a PDF');
  assert.match(out.name, /\.pdf$/);
  assert.equal(pageCount(out.pdf), 1);
  // A booklet of two puzzles, one a page: two puzzle pages, then one page of solutions.
  await page.click('#btn-booklet-add');
  await setText(await example('4x4'));
  await waitStatus('unique');
  await page.click('#btn-booklet-add');
  assert.equal(await page.textContent('#btn-booklet'), 'Print booklet (2)');
  await page.selectOption('#booklet-per-page', '1');
  out = await printed('#btn-booklet');
  assert.equal(out.name, 'booklet.pdf');
  assert.ok(out.pdf.startsWith('%PDF-'), 'a PDF');
  assert.equal(pageCount(out.pdf), 3);
  // Each puzzle's difficulty, as the booklet prints it beside its title.
  assert.match(await page.textContent('#print-note'), /^booklet\.pdf: 3 pages \(1: \w+, score \d+; 2: \w+, score \d+\)\.$/);
  await page.click('#btn-booklet-clear');
  assert.equal(await page.isDisabled('#btn-booklet'), true);
});

test('setting: an arrow with a pill, an X, an odd mark, a sandwich and a quadruple, each undone in turn', async () => {
  await page.click('.tabs button[data-tab=set]');
  await setText('variant = "classic"\n');
  await waitStatus('several');
  await drawn();
  await tool('arrow');
  await page.selectOption('#opt-pill', '2');
  await drag(['r1c1', 'r1c2', 'r2c3', 'r3c3']);
  let t = await waitText((s) => s.includes('arrow'));
  assert.match(t, /\[\[rule\]\]\ntype = "arrow"\ncircle = "r1c1 r1c2"\ncells = "r2c3 r3c3"\n/);
  await tool('xv-x');
  await drawn();
  const [xx, xy] = await at('r5c1', 0.5, 0.97); // the edge below r5c1
  await page.mouse.click(xx, xy);
  t = await waitText((s) => s.includes('"xv"'));
  assert.match(t, /type = "xv"\nx = \["r5c1 r6c1"\]\n/);
  await tool('odd');
  await drawn();
  const [ox, oy] = await at('r9c9');
  await page.mouse.click(ox, oy);
  t = await waitText((s) => s.includes('"odd"'));
  assert.match(t, /type = "odd"\ncells = "r9c9"\n/);
  await tool('sandwich');
  await page.fill('#opt-number', '7');
  await drawn();
  const [sx, sy] = await at('r4c1', -0.5, 0.5); // left of row 4
  await page.mouse.click(sx, sy);
  t = await waitText((s) => s.includes('sandwich'));
  assert.match(t, /type = "sandwich"\ntotal = 7\nat = \[4, 0\]\n/);
  await tool('quadruple');
  await page.fill('#opt-text', '19');
  await drawn();
  const [qx, qy] = await at('r7c7', 0.98, 0.98); // the corner r7c7, r7c8, r8c7, r8c8 share
  await page.mouse.click(qx, qy);
  t = await waitText((s) => s.includes('quadruple'));
  assert.match(t, /type = "quadruple"\ncells = "r7-8c7-8"\nsymbols = "19"\n/);
  // The tables in the order drawn, and undo takes them away last first.
  const order = ['"arrow"', '"xv"', '"odd"', '"sandwich"', '"quadruple"'].map((k) => t.indexOf(k));
  assert.deepEqual([...order].sort((a, b) => a - b), order, t);
  for (const k of ['quadruple', 'sandwich', '"odd"', '"xv"', 'arrow']) {
    await page.click('#btn-file-undo');
    await waitText((s, kk) => !s.includes(kk), k);
  }
  assert.equal(await text(), 'variant = "classic"\n');
});

test('saves to the command line file', async () => {
  await page.click('#btn-save');
  await page.waitForFunction(() => /\(saved\)/.test(document.getElementById('file-name').textContent));
  const saved = await page.evaluate(async () => (await (await fetch('/api/file')).json()).toml);
  assert.equal(saved, await text());
});

test('fits a phone screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('.tabs button[data-tab=solve]');
  await page.waitForTimeout(200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 390, `page is ${overflow} px wide`);
  const box = await page.locator('#drawing svg').boundingBox();
  assert.ok(box.width <= 390 && box.width > 250, JSON.stringify(box));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
});
