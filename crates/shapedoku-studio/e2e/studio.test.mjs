// Browser tests of the studio page in Debian's Chromium, driven by playwright-core (no browser
// download). The server must already run: STUDIO_URL names it (`.ci/run` starts
// `shapedoku studio` on a copy of a puzzle file and stops it afterwards). SHOTS_DIR, if set,
// receives the screenshots.
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

let browser;
let page;
let original; // the classic example's text

before(async () => {
  assert.ok(URL, 'set STUDIO_URL to the address `shapedoku studio` printed');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => { throw e; });
  await page.goto(URL);
  await page.waitForSelector('#drawing svg');
});

after(async () => {
  await browser?.close();
});

const status = () => page.getAttribute('#count-status', 'data-status');

async function waitStatus(want) {
  await page.waitForFunction(
    (w) => document.getElementById('count-status').dataset.status === w,
    want,
    { timeout: 20000 },
  );
}

test('loads a built-in example and counts it unique', async () => {
  await page.selectOption('#load-select', 'e:classic');
  await page.waitForFunction(() => document.getElementById('editor').value.includes('variant = "classic"'));
  await waitStatus('unique');
  assert.match(await page.textContent('#count-status'), /Unique solution/);
  assert.match(await page.textContent('#count-time'), /\d+(\.\d+)? ms/);
  assert.equal(await page.locator('#drawing svg .cell-ids rect').count(), 81);
  original = await page.inputValue('#editor');
});

test('an error shows as a diagnostic that jumps to its line', async () => {
  const broken = original.replace('variant = "classic"', 'variant = "classic"\ngivns = "x"');
  await page.fill('#editor', broken);
  const item = page.locator('#diagnostics li', { hasText: 'givns' });
  await item.waitFor({ timeout: 10000 });
  await waitStatus('error');
  const line = Number(await item.getAttribute('data-line'));
  assert.equal(broken.split('\n')[line - 1], 'givns = "x"');
  assert.equal(await page.locator('#gutter .err').first().textContent(), String(line));
  await item.click();
  const caretLine = await page.evaluate(() => {
    const e = document.getElementById('editor');
    return e.value.slice(0, e.selectionStart).split('\n').length;
  });
  assert.equal(caretLine, line);
});

test('fixing it brings back "unique"', async () => {
  await page.fill('#editor', original);
  await waitStatus('unique');
  assert.equal(await page.locator('#diagnostics li').count(), 0);
});

test('three hints, each highlighting the cell it places', async () => {
  for (let i = 0; i < 3; i++) {
    const before = await page.locator('#drawing svg .entries text').count();
    await page.click('#btn-hint');
    await page.waitForSelector('#hint-text.step');
    const text = await page.textContent('#hint-text');
    const m = text.match(/^r(\d+)c(\d+) = /);
    assert.ok(m, `a placement: ${text}`);
    // The second line says why the step works, naming the placed cell.
    const why = await page.textContent('#hint-why');
    assert.match(why, /^Why: \S/);
    assert.ok(why.includes(`r${m[1]}c${m[2]}`), `why names the cell: ${why}`);
    assert.ok(await page.isVisible('#hint-why'));
    const [row, col] = [Number(m[1]), Number(m[2])];
    const cells = await page.$$eval('#drawing svg .highlight-cells rect', (rs) => rs.map((r) => ({
      id: r.dataset.cell, x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')),
    })));
    assert.ok(cells.length >= 1, 'some cell highlighted');
    // The drawing's cells are 48 px with a 24 px margin: the placed cell is among the
    // highlighted ones, where its row and column say.
    assert.ok(cells.some((c) => c.x === 24 + (col - 1) * 48 && c.y === 24 + (row - 1) * 48),
      `r${row}c${col} not highlighted: ${JSON.stringify(cells)}`);
    const listed = (await page.getAttribute('#drawing', 'data-hint-cells')).split(' ').sort();
    assert.deepEqual(cells.map((c) => c.id).sort(), listed);
    assert.equal(await page.locator('#drawing svg .placements circle').count(), 1);
    await page.click('#btn-step');
    await page.waitForFunction((n) => document.querySelectorAll('#drawing svg .entries text').length === n + 1, before);
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/desktop.png` });
});

test('a wrong entry typed into a cell is pointed out, and explain all lists the steps', async () => {
  const { givens, solution } = await page.evaluate(async (toml) => {
    const post = async (path) => (await fetch(path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ toml }),
    })).json();
    return { givens: (await post('/api/render')).givens, solution: (await post('/api/solve')).solution };
  }, original);
  // An empty cell the hints have not filled: no entry is drawn at its centre.
  const taken = new Set(await page.$$eval('#drawing svg .entries text', (ts) => ts.map((t) => t.getAttribute('x') + ',' + Math.round(Number(t.getAttribute('y')) / 48))));
  let cell = -1;
  for (let c = 80; c >= 0 && cell < 0; c--) {
    const [r, k] = [Math.floor(c / 9), c % 9];
    const key = String(24 + k * 48 + 24) + ',' + Math.round((24 + r * 48 + 24 + 10) / 48);
    if (givens[c] === '.' && !taken.has(key)) cell = c;
  }
  assert.ok(cell >= 0);
  const wrong = solution[cell] === '1' ? '2' : '1';
  const entries = await page.locator('#drawing svg .entries text').count();
  await page.click(`#drawing svg .cell-ids rect[data-cell="${cell}"]`);
  await page.keyboard.press(wrong);
  await page.waitForFunction((n) => document.querySelectorAll('#drawing svg .entries text').length === n + 1, entries);
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-text.bad');
  assert.match(await page.textContent('#hint-text'), /is not the solution's value/);
  await page.click(`#drawing svg .cell-ids rect[data-cell="${cell}"]`);
  await page.keyboard.press('Backspace');
  await page.waitForFunction((n) => document.querySelectorAll('#drawing svg .entries text').length === n, entries);
  await page.click('#btn-explain');
  await page.waitForFunction(() => document.querySelectorAll('#steps li').length > 0, null, { timeout: 20000 });
  // Every listed step says why it works; "say why" hides and shows those lines.
  const whys = await page.$$eval('#steps li', (ls) => ls.map((l) => l.querySelector('.why')?.textContent || ''));
  assert.ok(whys.every((w) => w.length > 20), JSON.stringify(whys.slice(0, 3)));
  assert.ok(await page.locator('#steps li .why').first().isVisible());
  await page.uncheck('#show-why');
  assert.equal(await page.locator('#steps li .why').first().isVisible(), false);
  await page.check('#show-why');
  assert.ok(await page.locator('#steps li .why').first().isVisible());
  assert.match(await page.textContent('#rating'), /(easy|medium|hard|expert|extreme)/);
});

test('generates a puzzle into the editor', async () => {
  await page.click('.tabs button[data-tab=generate]');
  await page.selectOption('#gen-source', 'classic');
  await page.selectOption('#gen-symmetry', 'rotate180');
  // A seed above 2^53, as the command line prints them: it must reach the server unrounded.
  await page.fill('#gen-seed', '13339356320099245831');
  await page.click('#btn-generate');
  await page.waitForFunction(() => /Opened in the editor/.test(document.getElementById('gen-status').textContent), null, { timeout: 30000 });
  const text = await page.inputValue('#editor');
  assert.match(text, /^# Generated by the shapedoku studio: seed 13339356320099245831, symmetry rotate180/);
  assert.match(await page.textContent('#gen-status'), /^Seed 13339356320099245831:/);
  assert.match(text, /variant = "classic"/);
  await waitStatus('unique');
});

test('saves to the command line file', async () => {
  await page.click('#btn-save');
  await page.waitForFunction(() => /\(saved\)/.test(document.getElementById('file-name').textContent));
  const saved = await page.evaluate(async () => (await (await fetch('/api/file')).json()).toml);
  assert.equal(saved, await page.inputValue('#editor'));
});

test('a screenshot shows the drawing', async () => {
  await page.waitForSelector('#drawing:not(.stale) svg');
  const shot = await page.locator('#drawing svg').screenshot();
  if (SHOTS) (await import('node:fs')).writeFileSync(`${SHOTS}/drawing.png`, shot);
  // Count dark pixels in the page itself: lines and digits, neither blank nor solid.
  const dark = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 300) n++;
    return { w: c.width, h: c.height, share: n / (c.width * c.height) };
  }, shot.toString('base64'));
  assert.ok(dark.w >= 300 && dark.h >= 300, JSON.stringify(dark));
  assert.ok(dark.share > 0.02 && dark.share < 0.5, `dark share ${dark.share}`);
});

test('fits a phone screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('.tabs button[data-tab=learn]');
  await page.waitForTimeout(200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 390, `page is ${overflow} px wide`);
  const box = await page.locator('#drawing svg').boundingBox();
  assert.ok(box.width <= 390 && box.width > 250, JSON.stringify(box));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
});
