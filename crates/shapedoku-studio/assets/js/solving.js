// Solving like SudokuPad: values, corner and centre pencil marks, cell colours, multi-cell
// selection and arrow keys, undo/redo, conflicts shown as you type, a timer and the moment the
// grid is solved (checked by the server against every rule).
import { api, $ } from './api.js';
import { Selection } from './board.js';

const COLOURS = ['#d0d0d0', '#f4a6a6', '#f7c58b', '#f5e58a', '#a8dca0', '#9fd0f0', '#c4a8e8', '#f3b6d8', '#8fd6c9'];
const MODES = ['normal', 'corner', 'centre', 'colour'];
const MODE_KEYS = { z: 'normal', x: 'corner', c: 'centre', v: 'colour' };

export class Solving {
  constructor(studio) {
    this.studio = studio;
    this.sel = new Selection();
    this.mode = 'normal';
    this.undoStack = [];
    this.redoStack = [];
    this.n = 0;
    this.reset(null);
    for (const m of MODES) $(`mode-${m}`).addEventListener('click', () => this.setMode(m));
    $('btn-undo').addEventListener('click', () => this.undo());
    $('btn-redo').addEventListener('click', () => this.redo());
    $('btn-restart').addEventListener('click', () => { this.snapshot(); this.clearBoard(); this.changed(); });
    setInterval(() => this.tick(), 500);
  }

  /** A fresh board for a layout (null: none yet). */
  reset(layout) {
    const n = layout ? layout.cells.length : 0;
    this.n = n;
    this.givens = layout ? layout.givens : '';
    this.clearBoard();
    this.undoStack = [];
    this.redoStack = [];
    this.sel.clear();
    this.started = null;
    this.solvedAt = null;
    this.conflicts = new Set();
    $('solved-banner').hidden = true;
    this.studio.board.el.classList.remove('solved');
    this.tick();
  }

  clearBoard() {
    const n = this.n;
    this.values = Array(n).fill('.');
    this.corner = Array.from({ length: n }, () => '');
    this.centre = Array.from({ length: n }, () => '');
    this.colour = Array(n).fill(-1);
    this.solvedAt = null;
    $('solved-banner').hidden = true;
  }

  setMode(m) {
    this.mode = m;
    for (const x of MODES) $(`mode-${x}`).setAttribute('aria-pressed', String(x === m));
    this.studio.buildKeypad();
  }

  // -- undo -----------------------------------------------------------------------------------

  state() { return JSON.stringify([this.values, this.corner, this.centre, this.colour]); }
  restore(s) { [this.values, this.corner, this.centre, this.colour] = JSON.parse(s); }
  snapshot() { this.undoStack.push(this.state()); this.redoStack = []; if (this.undoStack.length > 500) this.undoStack.shift(); }
  undo() { if (!this.undoStack.length) return; this.redoStack.push(this.state()); this.restore(this.undoStack.pop()); this.changed(); }
  redo() { if (!this.redoStack.length) return; this.undoStack.push(this.state()); this.restore(this.redoStack.pop()); this.changed(); }

  // -- entering -------------------------------------------------------------------------------

  /** Enters a symbol (or '.' to clear) into every selected cell, in the given mode. */
  enter(sym, mode) {
    const cells = this.sel.list().filter((c) => this.givens[c] === '.' || mode === 'colour');
    if (!cells.length) return;
    if (this.started === null) this.started = Date.now();
    this.snapshot();
    const m = mode || this.mode;
    if (sym === '.') {
      // Clearing takes the topmost layer: a value, else the marks, else the colour.
      for (const c of cells) {
        if (this.values[c] !== '.' && m !== 'colour') this.values[c] = '.';
        else if (m === 'colour') this.colour[c] = -1;
        else if (this.corner[c] || this.centre[c]) { this.corner[c] = ''; this.centre[c] = ''; } else this.colour[c] = -1;
      }
    } else if (m === 'normal') {
      const all = cells.every((c) => this.values[c] === sym);
      for (const c of cells) this.values[c] = all ? '.' : sym;
    } else if (m === 'colour') {
      const k = this.studio.board.layout.symbols.indexOf(sym) % COLOURS.length;
      const all = cells.every((c) => this.colour[c] === k);
      for (const c of cells) this.colour[c] = all ? -1 : k;
    } else {
      const marks = m === 'corner' ? this.corner : this.centre;
      const all = cells.every((c) => marks[c].includes(sym));
      const order = this.studio.board.layout.symbols;
      for (const c of cells) {
        const set = new Set(Array.from(marks[c]));
        if (all) set.delete(sym); else set.add(sym);
        marks[c] = Array.from(order).filter((s) => set.has(s)).join('');
      }
    }
    this.changed();
  }

  key(e) {
    const lay = this.studio.board.layout;
    if (!lay) return false;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[e.key]) {
      this.sel.move(this.studio.board, ...arrows[e.key], e.shiftKey || e.ctrlKey || e.metaKey);
      this.studio.redraw();
      return true;
    }
    if ((e.ctrlKey || e.metaKey) && (e.key === 'z' || e.key === 'Z')) { if (e.shiftKey) this.redo(); else this.undo(); return true; }
    if ((e.ctrlKey || e.metaKey) && e.key === 'y') { this.redo(); return true; }
    if (!e.ctrlKey && !e.metaKey && !e.altKey && MODE_KEYS[e.key] && !lay.symbols.includes(e.key)) { this.setMode(MODE_KEYS[e.key]); return true; }
    if (e.key === 'Backspace' || e.key === 'Delete') { this.enter('.'); return true; }
    // Shift+digit gives "!" and the like: the code says which digit it was.
    let sym = e.key.length === 1 ? e.key : null;
    if (e.code && /^(Digit|Numpad)\d$/.test(e.code)) sym = e.code.slice(-1);
    if (sym === null || e.altKey) return false;
    if (!lay.symbols.includes(sym)) sym = sym.toUpperCase();
    if (!lay.symbols.includes(sym)) return false;
    const mode = e.shiftKey ? 'corner' : (e.ctrlKey || e.metaKey) ? 'centre' : this.mode;
    this.enter(sym, mode);
    return true;
  }

  pointer(hit, e, phase) {
    if (phase !== 'up' && Selection.pointer(this.sel, hit, e, phase)) this.studio.redraw();
  }

  // -- conflicts, timer, solved ---------------------------------------------------------------

  /** The board's values with the givens, one character per cell. */
  board() { return Array.from(this.givens).map((g, c) => (g !== '.' ? g : this.values[c])); }

  findConflicts() {
    const lay = this.studio.board.layout;
    const vals = this.board();
    const bad = new Set();
    const value = (s) => lay.values[lay.symbols.indexOf(s)];
    for (const sh of lay.shapes) {
      const seen = new Map();
      let total = 0; let full = true;
      for (const c of sh.cells) {
        const v = vals[c];
        if (v === '.') { full = false; continue; }
        total += value(v);
        if (sh.no_repeat) {
          if (seen.has(v)) { bad.add(c); bad.add(seen.get(v)); } else seen.set(v, c);
        }
      }
      if (full && sh.sum !== null && sh.sum !== undefined && total !== sh.sum) for (const c of sh.cells) bad.add(c);
    }
    return bad;
  }

  changed() {
    this.conflicts = this.findConflicts();
    this.studio.redraw();
    this.checkSolved();
  }

  async checkSolved() {
    const vals = this.board();
    if (this.solvedAt || vals.includes('.') || this.conflicts.size) return;
    const r = await api('/api/count', { toml: this.studio.editor.text(), name: this.studio.state.fileName, values: vals.join(''), limit: 1 });
    if (!r.ok || r.data.found !== 1 || this.board().join('') !== vals.join('')) return;
    this.solvedAt = Date.now();
    if (this.started === null) this.started = this.solvedAt;
    const banner = $('solved-banner');
    banner.textContent = `Solved in ${this.clock(this.solvedAt - this.started)}: every rule holds.`;
    banner.hidden = false;
    this.studio.board.el.classList.add('solved');
    setTimeout(() => this.studio.board.el.classList.remove('solved'), 1500);
    this.tick();
  }

  clock(ms) {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600);
    const mm = String(Math.floor(s / 60) % 60).padStart(h ? 2 : 1, '0');
    const ss = String(s % 60).padStart(2, '0');
    return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
  }

  tick() {
    const t = $('timer');
    if (!t) return;
    const end = this.solvedAt || Date.now();
    t.textContent = this.started === null ? '0:00' : this.clock(end - this.started);
  }

  // -- hints: the learner's board in the API's terms -------------------------------------------

  /** Values and candidates (the centre marks) for the hint endpoints. */
  learnerBody() {
    return {
      values: this.board().join(''),
      candidates: this.centre.map((m, c) => (m && this.values[c] === '.' && this.givens[c] === '.' ? m : null)),
    };
  }

  // -- the overlay ----------------------------------------------------------------------------

  draw(board, highlight) {
    const lay = board.layout;
    if (!lay || lay.cells.length !== this.n) return;
    for (let c = 0; c < this.n; c++) {
      const b = board.box(c);
      if (!b) continue;
      if (this.colour[c] >= 0) board.rect(c, { fill: COLOURS[this.colour[c]], 'fill-opacity': 0.7, class: 'colour' }, board.under);
      const bad = this.conflicts.has(c);
      if (bad && this.givens[c] !== '.') board.rect(c, { fill: '#c62828', 'fill-opacity': 0.18, class: 'conflict' }, board.under);
      const cx = b.x + b.w / 2; const cy = b.y + b.h / 2;
      if (this.values[c] !== '.' && this.givens[c] === '.') {
        board.text(cx, cy + b.h * 0.02, this.values[c], { class: bad ? 'value conflict' : 'value', 'font-size': b.h * 0.62, fill: bad ? '#c62828' : '#1f5fbf' });
        continue;
      }
      if (this.givens[c] !== '.') continue;
      const corner = Array.from(this.corner[c]);
      const spots = [[0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8], [0.5, 0.2], [0.5, 0.8], [0.2, 0.5], [0.8, 0.5], [0.5, 0.5]];
      corner.forEach((s, i) => {
        const [fx, fy] = spots[Math.min(i, spots.length - 1)];
        board.text(b.x + fx * b.w, b.y + fy * b.h, s, { class: 'corner-mark', 'font-size': b.h * 0.24, fill: '#1f5fbf' });
      });
      if (this.centre[c]) {
        const len = this.centre[c].length;
        board.text(cx, cy, this.centre[c], { class: 'centre-mark', 'font-size': b.h * Math.min(0.3, 1.5 / Math.max(5, len)), fill: '#1f5fbf' });
      }
    }
    if (highlight) {
      for (const p of highlight.placements || []) {
        const b = board.box(p.cell);
        if (!b) continue;
        board.el_('circle', { cx: b.x + b.w / 2, cy: b.y + b.h / 2, r: b.w * 0.36, fill: 'none', stroke: '#1e7d3a', 'stroke-width': 3, class: 'placement' });
        if (this.values[p.cell] === '.') board.text(b.x + b.w / 2, b.y + b.h / 2, p.symbol, { class: 'placement', 'font-size': b.h * 0.4, fill: '#1e7d3a' });
      }
      const byCell = new Map();
      for (const e of highlight.eliminations || []) byCell.set(e.cell, (byCell.get(e.cell) || '') + e.symbol);
      for (const [c, syms] of byCell) {
        const b = board.box(c);
        if (!b) continue;
        const t = board.text(b.x + b.w / 2, b.y + b.h * 0.86, syms, { class: 'elimination', 'font-size': b.h * 0.22, fill: '#c62828' });
        const w = b.w * 0.12 * syms.length;
        board.el_('line', { x1: b.x + b.w / 2 - w / 2, x2: b.x + b.w / 2 + w / 2, y1: b.y + b.h * 0.86, y2: b.y + b.h * 0.86, stroke: '#c62828', 'stroke-width': 1.5, class: 'elimination' });
        void t;
      }
    }
    board.drawSelection(this.sel.list(), this.sel.cursor);
  }
}
