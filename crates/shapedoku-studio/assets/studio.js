// The studio page: an editor on the left; on the right the drawing, the solution count and a
// learner's board. Plain DOM and fetch, no libraries: it runs in any current browser and needs
// nothing but this server. The JSON API is documented in docs/studio.md.
'use strict';

const $ = (id) => document.getElementById(id);
const editor = $('editor');
const gutter = $('gutter');
const drawing = $('drawing');

const state = {
  info: null,
  fileWritable: false,
  fileName: 'editor.toml',
  savedText: null,
  diagnostics: [],
  clean: false,
  isPuzzle: false,
  // The learner's board, reset whenever the file changes.
  cellNames: [],
  symbols: '',
  givens: '',
  values: null, // array of characters, '.' empty
  cands: null, // array of strings or null (not tracked)
  selected: null,
  hint: null, // the last hint response with a step
  edits: null, // AbortController of the requests for the current text
};

// ---------------------------------------------------------------------------------------------
// Talking to the server

async function api(path, body, signal) {
  const init = body === undefined ? { signal } : {
    method: 'POST', signal,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (_) { data = { error: `HTTP ${res.status}` }; }
  return { ok: res.ok, status: res.status, data };
}

function puzzleBody(extra) {
  return Object.assign({ toml: editor.value, name: state.fileName }, extra || {});
}

// ---------------------------------------------------------------------------------------------
// The editor: line numbers, jumping to a diagnostic

function updateGutter() {
  const lines = editor.value.split('\n').length;
  const bad = new Set(state.diagnostics.filter((d) => d.line && d.file === state.fileName).map((d) => d.line));
  const parts = [];
  for (let i = 1; i <= lines; i++) parts.push(bad.has(i) ? `<span class="err">${i}</span>` : String(i));
  gutter.innerHTML = parts.join('\n') + '\n ';
  gutter.scrollTop = editor.scrollTop;
}

function jumpTo(line, column) {
  const lines = editor.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  // Columns count characters; JavaScript strings count UTF-16 units.
  const text = lines[line - 1] || '';
  const chars = Array.from(text).slice(0, Math.max(0, column - 1)).join('');
  offset += chars.length;
  editor.focus();
  editor.setSelectionRange(offset, offset);
  const lh = parseFloat(getComputedStyle(editor).lineHeight) || 19;
  editor.scrollTop = Math.max(0, (line - 1) * lh - editor.clientHeight / 3);
  gutter.scrollTop = editor.scrollTop;
}

function showDiagnostics(list) {
  state.diagnostics = list;
  const ul = $('diagnostics');
  ul.textContent = '';
  for (const d of list) {
    const li = document.createElement('li');
    const where = document.createElement('span');
    where.className = 'where';
    const file = d.file === state.fileName ? '' : `${d.file}:`;
    where.textContent = d.line ? `${file}${d.line}:${d.column}` : (file || 'file');
    li.append(where, document.createTextNode(d.message));
    if (d.help) {
      const help = document.createElement('span');
      help.className = 'help';
      help.textContent = `help: ${d.help}`;
      li.append(help);
    }
    if (d.line && d.file === state.fileName) {
      li.dataset.line = d.line;
      li.dataset.column = d.column;
      li.title = 'Go to this place in the file';
      li.addEventListener('click', () => jumpTo(d.line, d.column));
    }
    ul.append(li);
  }
  const badge = $('diag-count');
  badge.textContent = String(list.length);
  badge.className = list.length ? 'badge bad' : 'badge';
  updateGutter();
}

// ---------------------------------------------------------------------------------------------
// Live analysis: check, draw and count, debounced and cancelled by newer edits

let timer = null;
function scheduleAnalysis() {
  clearTimeout(timer);
  drawing.classList.add('stale');
  setCount('checking', 'Checking…', '');
  timer = setTimeout(analyse, 300);
}

function setCount(status, text, time) {
  const el = $('count-status');
  el.dataset.status = status;
  el.textContent = text;
  $('count-time').textContent = time || '';
}

// `limits` are the ones the request ran under (its answer says), `used` the milliseconds it took.
function describeStop(stop, limits, used) {
  limits = limits || state.info.limits;
  const took = used === undefined ? '' : ` after ${(used / 1000).toFixed(1)} s`;
  if (stop === 'guess_limit') return `the search stopped at its guess limit (${limits.guess_limit.toLocaleString('en')} guesses)${took}`;
  if (stop === 'time_limit') return `the search stopped at its time limit (${limits.time_limit_ms / 1000} s)${took}`;
  return 'the search was cancelled';
}

function describeCount(c) {
  switch (c.status) {
    case 'unique': return 'Unique solution';
    case 'none': return 'No solution';
    case 'several': return c.exact ? `${c.found} solutions` : `Several solutions (at least ${c.found})`;
    case 'found': return 'A variant: it has a filling (add givens to make a puzzle)';
    default: return `Undecided: ${describeStop(c.stopped, c.limits, c.elapsed_ms)} — the limit was reached, not an answer`;
  }
}

async function analyse() {
  if (state.edits) state.edits.abort();
  const ctl = new AbortController();
  state.edits = ctl;
  resetLearner();
  const signal = ctl.signal;
  try {
    const [check] = await Promise.all([
      api('/api/check', puzzleBody(), signal),
      draw(signal),
    ]);
    if (signal.aborted) return;
    const r = check.data;
    showDiagnostics(r.diagnostics || []);
    state.clean = !!r.clean;
    state.isPuzzle = !!(r.facts && r.facts.is_puzzle);
    if (!r.clean) {
      setCount('error', r.diagnostics.length === 1 ? '1 problem in the file' : `${r.diagnostics.length} problems in the file`, '');
      return;
    }
    setCount('counting', 'Counting solutions…', '');
    const c = await api('/api/count', puzzleBody({ channel: 'editor' }), signal);
    if (signal.aborted) return;
    if (c.ok) {
      setCount(c.data.status, describeCount(c.data), `${c.data.elapsed_ms} ms`);
    } else if (c.data.stopped) {
      setCount('undecided', `Undecided: ${describeStop(c.data.stopped, c.data.limits, c.data.elapsed_ms)}`, '');
    } else {
      setCount('error', c.data.error, '');
    }
  } catch (e) {
    if (e.name !== 'AbortError') setCount('error', `The studio did not answer: ${e.message}`, '');
  }
}

// ---------------------------------------------------------------------------------------------
// The drawing and the learner's board

function resetLearner() {
  state.values = null;
  state.cands = null;
  state.selected = null;
  state.hint = null;
  $('hint-text').className = 'note';
  $('hint-text').textContent = 'Click a cell, then type or tap a symbol. “Hint” shows the next step.';
  $('steps').textContent = '';
  $('rating').textContent = '';
}

function learnerBody(extra) {
  const body = puzzleBody(extra);
  if (state.values) body.values = state.values.join('');
  if (state.cands) body.candidates = state.cands;
  return body;
}

function showSvg(svg) {
  drawing.innerHTML = svg;
  drawing.classList.remove('stale');
  markSelected();
}

async function draw(signal, extra) {
  const r = await api('/api/render', learnerBody(extra), signal);
  if (signal && signal.aborted) return r;
  if (r.ok) {
    state.cellNames = r.data.cell_names;
    state.symbols = r.data.symbols;
    state.givens = r.data.givens;
    showSvg(r.data.svg);
    buildKeypad();
    if (r.data.board) state.cands = r.data.board.candidates.slice();
  } else {
    drawing.classList.add('stale');
  }
  return r;
}

function ensureBoard() {
  if (!state.values) state.values = Array.from(state.givens);
  if (!state.cands) state.cands = state.values.map(() => null);
}

function markSelected() {
  for (const el of drawing.querySelectorAll('.cell-ids rect.sel')) el.classList.remove('sel');
  if (state.selected === null) return;
  const el = drawing.querySelector(`.cell-ids rect[data-cell="${state.selected}"]`);
  if (el) el.classList.add('sel');
}

function buildKeypad() {
  const pad = $('keypad');
  if (pad.dataset.symbols === state.symbols) return;
  pad.dataset.symbols = state.symbols;
  pad.textContent = '';
  for (const s of Array.from(state.symbols)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = s;
    b.addEventListener('click', () => enter(s));
    pad.append(b);
  }
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.textContent = '⌫';
  clear.title = 'Clear the cell';
  clear.addEventListener('click', () => enter('.'));
  pad.append(clear);
}

function say(text, kind) {
  const p = $('hint-text');
  p.className = `note ${kind || ''}`;
  p.textContent = text;
  sayWhy('');
}

// The second line of a step: why it works (hidden while "say why" is off).
function sayWhy(text) {
  const p = $('hint-why');
  p.textContent = text ? `Why: ${text}` : '';
  p.hidden = !text;
}

async function enter(symbol) {
  const c = state.selected;
  if (c === null) { say('Click a cell first.'); return; }
  if (state.givens[c] !== '.') { say(`${state.cellNames[c]} is a given.`); return; }
  ensureBoard();
  if ($('mode-cands').checked && symbol !== '.') {
    const cur = state.cands[c] === null ? '' : state.cands[c];
    const set = new Set(Array.from(cur));
    if (set.has(symbol)) set.delete(symbol); else set.add(symbol);
    state.cands[c] = Array.from(state.symbols).filter((s) => set.has(s)).join('');
  } else {
    state.values[c] = symbol;
    if (symbol === '.') state.cands[c] = null;
  }
  state.hint = null;
  await draw();
}

drawing.addEventListener('click', (e) => {
  const el = e.target.closest('[data-cell]');
  if (!el) return;
  state.selected = Number(el.dataset.cell);
  markSelected();
  say(`${state.cellNames[state.selected]} selected: type or tap a symbol.`);
});

document.addEventListener('keydown', (e) => {
  if (state.selected === null || e.target === editor || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.key === 'Backspace' || e.key === 'Delete') { e.preventDefault(); enter('.'); return; }
  if (e.key.length === 1 && state.symbols.includes(e.key)) { e.preventDefault(); enter(e.key); }
});

function stopNote(stop, limits, used) {
  return stop === 'cancelled' ? 'Cancelled by a newer request.' : `Stopped: ${describeStop(stop, limits, used)}.`;
}

async function hint() {
  // Clears the previous step's text first, so neither a reader nor a test mistakes it for the
  // answer to this request.
  say('Looking for the next step…');
  const r = await api('/api/hint', learnerBody());
  if (!r.ok) { say(r.data.error, 'bad'); return null; }
  const h = r.data;
  if (h.svg) showSvg(h.svg);
  if (h.outcome === 'step') {
    state.hint = h;
    say(h.step.text, 'step');
    sayWhy(h.step.why);
    drawing.dataset.hintCells = h.step.highlight.cells.join(' ');
  } else if (h.outcome === 'mistakes') {
    say(h.mistakes.map((m) => m.text).join('; '), 'bad');
  } else if (h.outcome === 'solved') {
    say('Solved: every cell is filled and right.', 'step');
  } else if (h.outcome === 'stopped') {
    say(stopNote(h.stopped), 'bad');
  } else {
    say('No technique applies here.', 'bad');
  }
  return h;
}

async function step() {
  let h = state.hint;
  if (!h) h = await hint();
  if (!h || h.outcome !== 'step') return;
  ensureBoard();
  state.values = Array.from(h.after.values);
  // Only the cells the step narrowed start keeping candidates; the rest stay as they were, so
  // applying a step does not fill the drawing with pencil marks.
  for (const e of h.step.eliminations) state.cands[e.cell] = h.after.candidates[e.cell];
  for (const p of h.step.placements) state.cands[p.cell] = null;
  state.hint = null;
  say(`Applied: ${h.step.text}`, 'step');
  await draw();
}

async function explainAll() {
  $('steps').textContent = '';
  say('Explaining…');
  const r = await api('/api/steps', learnerBody({ channel: 'learn' }));
  if (!r.ok) { say(r.data.error, 'bad'); return; }
  const ol = $('steps');
  for (const s of r.data.steps) {
    const li = document.createElement('li');
    const lvl = document.createElement('span');
    lvl.className = 'lvl';
    lvl.textContent = ` (${s.level})`;
    const why = document.createElement('span');
    why.className = 'why';
    why.textContent = s.why;
    li.append(document.createTextNode(s.text), lvl, why);
    ol.append(li);
  }
  if (r.data.stopped) say(`${r.data.steps.length} steps, then ${stopNote(r.data.stopped, null, r.data.elapsed_ms).toLowerCase()}`, 'bad');
  else say(`${r.data.steps.length} steps${r.data.solved ? ' to the solution' : ', then no technique applies'} (${r.data.elapsed_ms} ms).`, 'step');
  if (r.data.rating) showRating(r.data.rating, 'From here');
}

function showRating(r, what) {
  $('rating').textContent = r.stopped
    ? `Rating: ${stopNote(r.stopped, null, r.elapsed_ms)}`
    : `${what}: ${r.level} (score ${r.score}${r.se ? `, SE ${r.se.toFixed(1)}` : ''}; hardest step: ${r.hardest || 'none'})`;
}

async function rate() {
  $('rating').textContent = 'Rating…';
  const r = await api('/api/rate', puzzleBody({ channel: 'rate' }));
  if (!r.ok) { $('rating').textContent = r.data.error; return; }
  showRating(r.data, 'Level');
}

async function fillCandidates() {
  ensureBoard();
  state.cands = state.cands.map(() => null);
  await draw(undefined, { fill_candidates: true });
}

async function clearEntries() {
  state.values = null;
  state.cands = null;
  state.hint = null;
  await draw();
}

// ---------------------------------------------------------------------------------------------
// Loading, saving, generating

function setText(text, name) {
  editor.value = text;
  if (name) {
    state.fileName = name;
    $('file-name').textContent = name;
  }
  editor.scrollTop = 0;
  updateGutter();
  scheduleAnalysis();
}

async function loadBuiltin(value) {
  const [kind, name] = value.split(':');
  const r = await api(`/api/${kind === 'v' ? 'variants' : 'examples'}/${encodeURIComponent(name)}`);
  if (r.ok) setText(r.data.toml);
}

async function save() {
  const res = await fetch('/api/file', {
    method: 'PUT', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ toml: editor.value }),
  });
  const data = await res.json();
  $('file-name').textContent = res.ok ? `${data.name} (saved)` : data.error;
  if (res.ok) state.savedText = editor.value;
}

async function generate() {
  const src = $('gen-source').value;
  const body = { symmetry: $('gen-symmetry').value, channel: 'generate' };
  if (src === '@edited') body.toml = editor.value; else body.variant = src;
  if ($('gen-difficulty').value) body.difficulty = $('gen-difficulty').value;
  // A seed is a string of digits end to end: a JavaScript number would round one above 2^53.
  if ($('gen-seed').value.trim() !== '') body.seed = $('gen-seed').value.trim();
  const status = $('gen-status');
  status.textContent = 'Generating…';
  $('btn-generate').disabled = true;
  try {
    const r = await api('/api/generate', body);
    if (!r.ok) { status.textContent = r.data.error; return; }
    if (r.data.stopped) {
      const limits = { guess_limit: state.info.limits.guess_limit, time_limit_ms: state.info.generate_time_limit_ms };
      status.textContent = stopNote(r.data.stopped, limits, r.data.elapsed_ms);
      return;
    }
    status.textContent = `Seed ${r.data.seed}: ${r.data.givens} givens, ${r.data.level}, in ${r.data.elapsed_ms} ms. Opened in the editor.`;
    setText(r.data.toml);
  } finally {
    $('btn-generate').disabled = false;
  }
}

async function start() {
  state.info = (await api('/api/info')).data;
  const b = (await api('/api/builtins')).data;
  const sel = $('load-select');
  const group = (label, list, prefix) => {
    const g = document.createElement('optgroup');
    g.label = label;
    for (const x of list) {
      const o = document.createElement('option');
      o.value = `${prefix}:${x.name}`;
      o.textContent = x.name;
      o.title = x.description;
      g.append(o);
    }
    sel.append(g);
  };
  group('Example puzzles', b.examples, 'e');
  group('Variants', b.variants, 'v');
  for (const v of b.variants) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = v.name;
    $('gen-source').append(o);
  }
  if (state.info.file) {
    const f = await api('/api/file');
    state.fileWritable = f.ok && f.data.writable;
    $('btn-save').hidden = !state.fileWritable;
    const base = state.info.file.split(/[\\/]/).pop();
    setText(f.ok ? f.data.toml : '', base);
    $('file-name').textContent = state.info.file;
    state.savedText = editor.value;
  } else {
    const e = await api('/api/examples/classic');
    setText(e.data.toml, 'editor.toml');
    $('file-name').textContent = 'no file: started without one, so nothing is saved';
  }
}

editor.addEventListener('input', () => { updateGutter(); scheduleAnalysis(); });
editor.addEventListener('scroll', () => { gutter.scrollTop = editor.scrollTop; });
editor.addEventListener('keydown', (e) => {
  if (e.key === 'Tab') {
    e.preventDefault();
    const { selectionStart: a, selectionEnd: b } = editor;
    editor.setRangeText('    ', a, b, 'end');
    editor.dispatchEvent(new Event('input'));
  }
  if ((e.ctrlKey || e.metaKey) && e.key === 's' && state.fileWritable) { e.preventDefault(); save(); }
});
$('load-select').addEventListener('change', (e) => { if (e.target.value) loadBuiltin(e.target.value); e.target.value = ''; });
$('open-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) setText(await f.text());
  e.target.value = '';
});
$('btn-save').addEventListener('click', save);
$('btn-hint').addEventListener('click', hint);
$('btn-step').addEventListener('click', step);
$('show-why').addEventListener('change', (e) => document.body.classList.toggle('no-why', !e.target.checked));
$('btn-explain').addEventListener('click', explainAll);
$('btn-rate').addEventListener('click', rate);
$('btn-fill').addEventListener('click', fillCandidates);
$('btn-clear').addEventListener('click', clearEntries);
$('btn-generate').addEventListener('click', generate);
for (const t of document.querySelectorAll('.tabs button')) {
  t.addEventListener('click', () => {
    for (const u of document.querySelectorAll('.tabs button')) {
      u.setAttribute('aria-selected', String(u === t));
      $(`tab-${u.dataset.tab}`).hidden = u !== t;
    }
  });
}
window.addEventListener('beforeunload', (e) => {
  if (state.fileWritable && state.savedText !== null && editor.value !== state.savedText) e.preventDefault();
});
start();
