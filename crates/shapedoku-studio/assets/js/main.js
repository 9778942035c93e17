// The studio page: the file in an editor on the left; on the right the drawing, the solution
// count, and three ways to work on it: Set (build the puzzle with the mouse), Solve (play it
// like SudokuPad, with hints) and Generate. The file is the one truth: every drawing is an
// edit of its text, and every edit of the text redraws the picture.
import { api, $ } from './api.js';
import { Editor } from './editor.js';
import { Board } from './board.js';
import { Setting } from './setting.js';
import { Solving } from './solving.js';
import { Learn } from './learn.js';
import { Printing } from './print.js';

const state = {
  info: null,
  fileWritable: false,
  fileName: 'editor.toml',
  baseline: '', // the text as last loaded or saved: anything else is an unsaved edit
  diagnostics: [],
  clean: false,
  isPuzzle: false,
  mode: 'set',
  highlight: null, // a hint's highlight on the solving board
  boardKey: null, // cells and givens the solving board was made for
};

const studio = {
  state,
  board: new Board($('drawing')),
  editor: null,
  setting: null,
  solving: null,
  learn: null,
  puzzleBody(extra) {
    return Object.assign({ toml: this.editor.text(), name: state.fileName }, extra || {});
  },
  redraw,
  analyseSoon,
  refreshHelp,
  buildKeypad,
  setHighlight,
  stopNote,
  describeStop,
};

// ---------------------------------------------------------------------------------------------
// Problems

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
      li.addEventListener('click', () => studio.editor.jumpTo(d.line, d.column));
    }
    ul.append(li);
  }
  const badge = $('diag-count');
  badge.textContent = String(list.length);
  badge.className = list.length ? 'badge bad' : 'badge';
  studio.editor.setProblems(list, state.fileName);
}

// ---------------------------------------------------------------------------------------------
// Live analysis: check, draw and count, debounced and cancelled by newer edits

let timer = null;
let running = null; // AbortController of the requests for the current text

function analyseSoon(delay) {
  clearTimeout(timer);
  // Answers for an older text must not draw over the newer one.
  if (running) { running.abort(); running = null; }
  $('drawing').classList.add('stale');
  setCount('checking', 'Checking…', '');
  timer = setTimeout(analyse, delay === undefined ? 300 : delay);
}

function setCount(status, text, time) {
  const el = $('count-status');
  el.dataset.status = status;
  el.textContent = text;
  $('count-time').textContent = time || '';
}

function stopNote(stop, limits, used) {
  if (stop === 'cancelled') return 'Cancelled by a newer request.';
  return `Stopped: ${describeStop(stop, limits, used)}.`;
}

// `limits` are the ones the request ran under (its answer says, when it does; else the server's),
// `used` the milliseconds it took from its arrival, waiting for its turn included.
function describeStop(stop, limits, used) {
  const l = limits || state.info.limits;
  const took = used === undefined || used === null ? '' : ` after ${(used / 1000).toFixed(1)} s`;
  if (stop === 'guess_limit') return `the search stopped at its guess limit (${l.guess_limit.toLocaleString('en')} guesses)${took}`;
  if (stop === 'time_limit') return `the search stopped at its time limit (${l.time_limit_ms / 1000} s)${took}`;
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
  if (running) running.abort();
  const ctl = new AbortController();
  running = ctl;
  const signal = ctl.signal;
  const text = studio.editor.text();
  try {
    const body = { toml: text, name: state.fileName };
    const [check, render, layout] = await Promise.all([
      api('/api/check', body, signal),
      api('/api/render', body, signal),
      api('/api/layout', body, signal),
    ]);
    if (signal.aborted) return;
    if (render.ok && layout.ok) {
      studio.board.show(render.data.svg, layout.data);
      const key = JSON.stringify([layout.data.cells.length, layout.data.givens, layout.data.symbols]);
      if (key !== state.boardKey) {
        state.boardKey = key;
        // The solver's board starts afresh; the setter's selection stays while the cells do.
        const cells = layout.data.cells.length;
        if (studio.solving.n !== cells) studio.setting.sel.clear();
        studio.solving.reset(layout.data);
        studio.learn.drop();
        studio.learn.say('Click a cell, then type or tap a symbol. “Hint” shows the next step.');
        $('steps').textContent = '';
        $('rating').textContent = '';
      } else {
        studio.solving.changed();
      }
      state.highlight = null;
      buildKeypad();
      redraw();
    } else {
      $('drawing').classList.add('stale');
    }
    const r = check.data;
    showDiagnostics(r.diagnostics || []);
    state.clean = !!r.clean;
    state.isPuzzle = !!(r.facts && r.facts.is_puzzle);
    if (!r.clean) {
      studio.setting.help = null;
      setCount('error', r.diagnostics.length === 1 ? '1 problem in the file' : `${r.diagnostics.length} problems in the file`, '');
      return;
    }
    setCount('counting', 'Counting solutions…', '');
    const c = await api('/api/count', { ...body, channel: 'editor' }, signal);
    if (signal.aborted) return;
    if (c.ok) setCount(c.data.status, describeCount(c.data), `${c.data.elapsed_ms} ms`);
    else if (c.data.stopped) setCount('undecided', `Undecided: ${describeStop(c.data.stopped, c.data.limits, c.data.elapsed_ms)}`, '');
    else setCount('error', c.data.error, '');
    if (state.mode === 'set') await studio.setting.fetchHelp(signal);
  } catch (e) {
    if (e.name !== 'AbortError') setCount('error', `The studio did not answer: ${e.message}`, '');
  }
}

function refreshHelp() {
  if (!$('show-true').checked) { studio.setting.help = null; $('help-text').textContent = ''; $('btn-suggest').hidden = true; redraw(); return; }
  studio.setting.fetchHelp();
}

// ---------------------------------------------------------------------------------------------
// The drawing

function redraw() {
  const b = studio.board;
  if (!b.svg) return;
  b.clear();
  if (state.mode === 'set') studio.setting.draw(b);
  else studio.solving.draw(b, state.highlight);
}

/** Shows a hint's highlight: cells and shapes drawn by the server, the rest on the overlay. */
async function setHighlight(h) {
  state.highlight = h;
  const body = studio.puzzleBody();
  if (h) body.highlight = { cells: h.cells, shapes: h.shapes, placements: [], eliminations: [] };
  const r = await api('/api/render', body);
  if (r.ok) studio.board.show(r.data.svg);
  redraw();
}

function buildKeypad() {
  const pad = $('keypad');
  const lay = studio.board.layout;
  const symbols = lay ? lay.symbols : '';
  const key = `${symbols}|${studio.solving.mode}`;
  if (pad.dataset.key === key) return;
  pad.dataset.key = key;
  pad.textContent = '';
  for (const s of Array.from(symbols)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = s;
    b.addEventListener('click', () => studio.solving.enter(s));
    pad.append(b);
  }
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.textContent = '⌫';
  clear.title = 'Clear the selected cells';
  clear.addEventListener('click', () => studio.solving.enter('.'));
  pad.append(clear);
}

// ---------------------------------------------------------------------------------------------
// Modes, pointer and keys

function setMode(m) {
  state.mode = m;
  for (const t of document.querySelectorAll('.tabs button')) {
    const on = t.dataset.tab === m;
    t.setAttribute('aria-selected', String(on));
    $(`tab-${t.dataset.tab}`).hidden = !on;
  }
  document.body.dataset.mode = m;
  if (m === 'solve' && state.highlight === null) studio.learn.drop();
  if (m === 'set') refreshHelp();
  redraw();
}

function modeHandler() {
  return state.mode === 'set' ? studio.setting : state.mode === 'solve' ? studio.solving : null;
}

let pointerDown = false;
const drawing = $('drawing');
drawing.addEventListener('pointerdown', (e) => {
  if (e.button !== 0) return;
  const h = modeHandler();
  const hit = studio.board.hit(e);
  if (!h || !hit) return;
  pointerDown = true;
  drawing.setPointerCapture(e.pointerId);
  e.preventDefault();
  document.activeElement && document.activeElement.blur && document.activeElement.blur();
  h.pointer(hit, e, 'down');
});
drawing.addEventListener('pointermove', (e) => {
  if (!pointerDown) return;
  const h = modeHandler();
  const hit = studio.board.hit(e);
  if (h && hit) h.pointer(hit, e, 'move');
});
drawing.addEventListener('pointerup', (e) => {
  if (!pointerDown) return;
  pointerDown = false;
  const h = modeHandler();
  const hit = studio.board.hit(e);
  if (h && hit) h.pointer(hit, e, 'up');
});

document.addEventListener('keydown', (e) => {
  if (studio.editor.hasFocus()) return;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
  // Undo and redo on the page: the file's history while setting (typing and drawings alike).
  if (state.mode === 'set' && (e.ctrlKey || e.metaKey) && ['z', 'Z', 'y'].includes(e.key)) {
    e.preventDefault();
    if (e.key === 'y' || e.shiftKey) studio.editor.redo(); else studio.editor.undo();
    return;
  }
  const h = modeHandler();
  if (h && h.key(e)) {
    e.preventDefault();
    if (state.mode === 'solve') studio.learn.drop();
  }
});

// ---------------------------------------------------------------------------------------------
// Loading, saving, importing, generating

function dirty() { return studio.editor.text() !== state.baseline; }

/** Whether the editor's text may be replaced: asks first when it has unsaved edits. */
function mayReplace(what) {
  if (!dirty()) return true;
  return window.confirm(`The file has edits that are not saved. ${what} replaces them: go on?`);
}

function setText(text, name) {
  $('import-note').textContent = '';
  studio.editor.setText(text);
  state.baseline = text;
  if (name) state.fileName = name;
  analyseSoon(0);
}

async function loadBuiltin(value) {
  const [kind, name] = value.split(':');
  if (!mayReplace('Loading')) return;
  const r = await api(`/api/${kind === 'v' ? 'variants' : 'examples'}/${encodeURIComponent(name)}`);
  if (r.ok) setText(r.data.toml);
}

async function save() {
  if (!state.fileWritable) return;
  const text = studio.editor.text();
  const res = await fetch('/api/file', {
    method: 'PUT', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ toml: text }),
  });
  const data = await res.json();
  $('file-name').textContent = res.ok ? `${data.name} (saved)` : data.error;
  if (res.ok) state.baseline = text;
}

async function importLink() {
  const link = $('import-link').value.trim();
  const note = $('import-note');
  if (!link) { note.textContent = 'Paste an f-puzzles or SudokuPad link first.'; return; }
  if (!mayReplace('Importing')) return;
  note.textContent = 'Importing…';
  const r = await api('/api/import', { link });
  if (!r.ok) { note.textContent = r.data.error; note.className = 'note bad'; return; }
  note.className = 'note';
  const extra = [];
  if (r.data.left_out.length) extra.push(`${r.data.left_out.length} drawn-only element${r.data.left_out.length > 1 ? 's' : ''} left out (listed in the file's header)`);
  if (r.data.readings.length) extra.push(`${r.data.readings.length} read as rules (check them against the rules text)`);
  note.textContent = `Imported from ${r.data.format}${extra.length ? `: ${extra.join('; ')}` : ''}. Opened in the editor; Save writes it.`;
  studio.editor.setText(r.data.toml);
  analyseSoon(0);
}

/** Exports the editor's text as a link for the chosen app; a puzzle the app cannot hold is
 *  refused with every part it cannot hold named. */
async function exportLink() {
  const out = $('export-out');
  const note = $('export-note');
  const target = $('export-target').value;
  out.hidden = true;
  note.className = 'note';
  note.textContent = 'Exporting…';
  $('btn-export').disabled = true;
  try {
    const r = await api('/api/export', { toml: studio.editor.text(), target, name: state.fileName });
    if (!r.ok) {
      note.className = 'note bad';
      const where = (r.data.diagnostics || []).slice(0, 3).map((d) => (d.line ? `line ${d.line}: ${d.message}` : d.message));
      note.textContent = [r.data.error, ...where].join('\n');
      return;
    }
    $('export-link').value = r.data.link;
    out.hidden = false;
    // The library's notes are clauses (`the rules text is written from the rules exported`).
    const solution = r.data.with_solution ? ', with the solution to check answers against' : '';
    const notes = r.data.notes.length ? `: ${r.data.notes.join('; ')}` : '';
    note.textContent = `A ${r.data.target} link${solution}${notes}.`;
  } finally {
    $('btn-export').disabled = false;
  }
}

/** Copies the exported link; where the clipboard is not allowed, selects it for Ctrl-C. */
async function copyLink() {
  const field = $('export-link');
  try {
    await navigator.clipboard.writeText(field.value);
    $('export-note').textContent = 'Link copied.';
  } catch (_) {
    field.select();
    $('export-note').textContent = 'Selected: press Ctrl-C to copy.';
  }
}

/** An exported link is of the text it was made from: an edit makes it stale, so it goes. */
function dropExport() {
  if ($('export-out').hidden && !$('export-note').textContent) return;
  $('export-out').hidden = true;
  $('export-note').textContent = '';
}

async function generate() {
  if (!mayReplace('Generating')) return;
  const src = $('gen-source').value;
  const body = { symmetry: $('gen-symmetry').value, channel: 'generate' };
  if (src === '@edited') body.toml = studio.editor.text(); else body.variant = src;
  if ($('gen-difficulty').value) body.difficulty = $('gen-difficulty').value;
  // A seed is a string of digits end to end: a JavaScript number would round one above 2^53.
  const seed = $('gen-seed').value.trim();
  if (seed !== '') body.seed = seed;
  const status = $('gen-status');
  status.textContent = 'Generating…';
  $('btn-generate').disabled = true;
  try {
    const r = await api('/api/generate', body);
    if (!r.ok) { status.textContent = r.data.error; return; }
    if (r.data.stopped) {
      // Generating runs under its own, longer time limit.
      const limits = { guess_limit: state.info.limits.guess_limit, time_limit_ms: state.info.generate_time_limit_ms };
      status.textContent = stopNote(r.data.stopped, limits, r.data.elapsed_ms);
      return;
    }
    $('import-note').textContent = '';
    status.textContent = `Seed ${r.data.seed}: ${r.data.givens} givens, ${r.data.level}, in ${r.data.elapsed_ms} ms. Opened in the editor.`;
    studio.editor.setText(r.data.toml);
    analyseSoon(0);
  } finally {
    $('btn-generate').disabled = false;
  }
}

async function start() {
  studio.editor = new Editor($('editor'), { onChange: () => { dropExport(); analyseSoon(); }, onSave: save });
  studio.setting = new Setting(studio);
  studio.solving = new Solving(studio);
  studio.learn = new Learn(studio);
  studio.printing = new Printing(studio);
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
  $('import-box').hidden = !state.info.import;
  if (state.info.file) {
    const f = await api('/api/file');
    state.fileWritable = f.ok && f.data.writable;
    $('btn-save').hidden = !state.fileWritable;
    setText(f.ok ? f.data.toml : '', state.info.file.split(/[\\/]/).pop());
    $('file-name').textContent = state.info.file;
  } else {
    const e = await api('/api/examples/classic');
    setText(e.data.toml, 'editor.toml');
    $('file-name').textContent = 'no file: started without one, so nothing is saved';
  }
  setMode('set');
}

$('load-select').addEventListener('change', (e) => { const v = e.target.value; e.target.value = ''; if (v) loadBuiltin(v); });
$('open-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  e.target.value = '';
  if (f && mayReplace('Opening a file')) setText(await f.text());
});
$('btn-save').addEventListener('click', save);
$('btn-import').addEventListener('click', importLink);
$('import-link').addEventListener('keydown', (e) => { if (e.key === 'Enter') importLink(); });
$('btn-generate').addEventListener('click', generate);
$('btn-export').addEventListener('click', exportLink);
$('btn-copy-link').addEventListener('click', copyLink);
$('btn-file-undo').addEventListener('click', () => studio.editor.undo());
$('btn-file-redo').addEventListener('click', () => studio.editor.redo());
for (const t of document.querySelectorAll('.tabs button')) t.addEventListener('click', () => setMode(t.dataset.tab));
window.addEventListener('beforeunload', (e) => { if (state.fileWritable && dirty()) e.preventDefault(); });

// For the browser tests and the curious: the editor's text and the page's state.
window.studio = {
  text: () => studio.editor.text(),
  setText: (t) => studio.editor.replaceText(t, 'input.paste'),
  caretLine: () => studio.editor.caretLine(),
  state,
  solving: () => studio.solving,
  layout: () => studio.board.layout,
};

start();
