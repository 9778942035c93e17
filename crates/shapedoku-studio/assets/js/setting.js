// Setting: building a puzzle with the mouse. The palette's tools edit the file through the
// server (so the editor shows each drawing where it lands, and undo covers it), typing gives
// the selected cells, and the help shows the true candidates, the cells still open and a
// suggested next given.
import { api, $ } from './api.js';
import { Selection } from './board.js';
import { TOOLS, centralCell, extendPath, pathEdit, clickEdit } from './tools.js';

export class Setting {
  constructor(studio) {
    this.studio = studio; // main's object: board, editor, state, analyse()
    this.sel = new Selection();
    this.tool = TOOLS[0];
    this.path = null; // cells of the line or area being drawn
    this.help = null; // the last /api/candidates answer
    this.buildPalette();
    $('show-true').addEventListener('change', () => this.studio.refreshHelp());
    $('btn-suggest').addEventListener('click', () => this.giveSuggestion());
  }

  buildPalette() {
    const pal = $('palette');
    let group = null;
    for (const t of TOOLS) {
      if (!group || group.dataset.group !== t.group) {
        group = document.createElement('div');
        group.className = 'tool-group';
        group.dataset.group = t.group;
        const h = document.createElement('span');
        h.className = 'tool-group-name';
        h.textContent = t.group;
        group.append(h);
        pal.append(group);
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t.label;
      b.dataset.tool = t.id;
      b.title = t.tip || `Draw: ${t.label}`;
      b.setAttribute('aria-pressed', String(t === this.tool));
      b.addEventListener('click', () => this.choose(t.id));
      group.append(b);
    }
    this.showOptions();
  }

  choose(id) {
    this.tool = TOOLS.find((t) => t.id === id) || TOOLS[0];
    for (const b of document.querySelectorAll('#palette button')) b.setAttribute('aria-pressed', String(b.dataset.tool === id));
    this.path = null;
    this.showOptions();
    this.say(this.tool.tip || `${this.tool.label}: ${this.hintFor(this.tool)}`);
    this.studio.redraw();
  }

  hintFor(t) {
    switch (t.kind) {
      case 'line': return 'drag through the cells, in order (the bulb or first cell first).';
      case 'edge': return 'click on the edge between two cells; again to take it away.';
      case 'outside': return 'click outside the grid, by the row or column the clue reads.';
      case 'mark': return 'click cells to mark them; again to unmark.';
      default: return '';
    }
  }

  showOptions() {
    const t = this.tool;
    $('opt-number-wrap').hidden = !t.number;
    $('opt-number-label').textContent = t.number || '';
    if (t.number && t.numberDefault && $('opt-number').value === '') $('opt-number').value = t.numberDefault;
    $('opt-text-wrap').hidden = !t.text;
    $('opt-text-label').textContent = t.text || '';
    if (t.text && $('opt-text').dataset.for !== t.id) {
      $('opt-text').value = t.textDefault || '';
      $('opt-text').dataset.for = t.id;
    }
    $('opt-pill-wrap').hidden = t.kind !== 'arrow';
    $('selected-wrap').hidden = t.kind !== 'select';
  }

  opts() {
    return { number: $('opt-number').value.trim(), text: $('opt-text').value.trim(), pill: $('opt-pill').value };
  }

  say(text, kind) {
    const p = $('set-note');
    p.textContent = text;
    p.className = `note ${kind || ''}`;
  }

  // -- the pointer ----------------------------------------------------------------------------

  pointer(hit, e, phase) {
    const t = this.tool;
    const lay = this.studio.board.layout;
    if (!lay) return;
    if (t.kind === 'select') {
      if (phase !== 'up' && Selection.pointer(this.sel, hit, e, phase)) {
        this.showSelection();
        this.studio.redraw();
      }
      return;
    }
    if (!lay.flat) {
      if (phase === 'down') this.say('Drawing tools need a flat layout; edit this one in the file.', 'bad');
      return;
    }
    const drags = ['line', 'arrow', 'area', 'paint', 'mark'].includes(t.kind);
    if (drags) {
      if (phase === 'down') {
        const c = hit.cell;
        this.path = c === null ? null : [c];
      } else if (phase === 'move' && this.path) {
        const c = ['line', 'arrow'].includes(t.kind) ? centralCell(hit) : hit.cell;
        const changed = ['line', 'arrow'].includes(t.kind)
          ? extendPath(lay, this.path, c, t.anyCells)
          : (c !== null && !this.path.includes(c) && this.path.push(c) > 0);
        if (changed) this.studio.redraw();
      } else if (phase === 'up' && this.path) {
        const path = this.path;
        this.path = null;
        const r = pathEdit(t, lay, path, this.opts());
        this.studio.redraw();
        if (r.edit) this.apply(r.edit); else if (r.message) this.say(r.message, 'bad');
      }
      return;
    }
    if (phase === 'up') {
      const r = clickEdit(t, this.studio.board, hit, this.opts());
      if (r.edit) this.apply(r.edit, r.fallback); else if (r.message) this.say(r.message, 'bad');
    }
  }

  /** Sends one edit; the answer replaces the editor's text by its one change. */
  async apply(edit, fallback) {
    const ed = this.studio.editor;
    const sent = ed.text();
    const r = await api('/api/edit', { toml: sent, name: this.studio.state.fileName, edit });
    if (!r.ok) { this.say(r.data.error, 'bad'); return false; }
    if (ed.text() !== sent) { this.say('The file changed while that was being written; draw it again.', 'bad'); return false; }
    if (!r.data.changed && fallback) return this.apply(fallback);
    if (!r.data.changed) { this.say(r.data.note ? `Nothing changed: ${r.data.note}.` : 'Nothing changed.'); return false; }
    ed.replaceText(r.data.toml);
    this.say(r.data.note ? `Written into the file: ${r.data.note}.` : 'Written into the file.', 'ok');
    this.studio.analyseSoon(0);
    return true;
  }

  // -- keys -----------------------------------------------------------------------------------

  key(e) {
    const lay = this.studio.board.layout;
    if (!lay) return false;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[e.key]) {
      this.sel.move(this.studio.board, ...arrows[e.key], e.shiftKey || e.ctrlKey);
      this.showSelection();
      this.studio.redraw();
      return true;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || !this.sel.cells.size) return false;
    let sym = null;
    if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '.' || e.key === '0' && !lay.symbols.includes('0')) sym = '.';
    else if (e.key.length === 1 && lay.symbols.includes(e.key)) sym = e.key;
    else if (e.key.length === 1 && lay.symbols.includes(e.key.toUpperCase())) sym = e.key.toUpperCase();
    if (sym === null) return false;
    const cells = this.sel.list().map((c) => [lay.cells[c].name, sym]);
    this.apply({ op: 'set_givens', cells });
    return true;
  }

  showSelection() {
    const lay = this.studio.board.layout;
    const names = this.sel.list().map((c) => lay.cells[c].name);
    $('selected-cells').textContent = names.length ? names.join(' ') : 'none';
  }

  // -- help toward uniqueness -----------------------------------------------------------------

  async fetchHelp(signal) {
    this.help = null;
    const st = this.studio.state;
    const out = $('help-text');
    if (!$('show-true').checked || !st.clean || !st.isPuzzle) {
      out.textContent = st.isPuzzle || !st.clean ? '' : 'A variant file: give some cells to see its true candidates.';
      $('btn-suggest').hidden = true;
      return;
    }
    out.textContent = 'Finding the true candidates…';
    const r = await api('/api/candidates', { toml: this.studio.editor.text(), name: st.fileName, channel: 'candidates' }, signal);
    if (signal && signal.aborted) return;
    if (!r.ok) { out.textContent = r.data.error; return; }
    const h = r.data;
    this.help = h;
    const parts = [];
    if (h.solutions_found === 0 && h.complete) parts.push('No solution: no candidate is true.');
    else if (!h.open.length && h.complete) parts.push('Every cell has one true candidate: the solution is unique.');
    else parts.push(`${h.open.length} cell${h.open.length === 1 ? ' is' : 's are'} still open (shaded).`);
    if (!h.complete) {
      const why = h.stopped ? this.studio.describeStop(h.stopped, null, h.elapsed_ms) : 'a limit stopped the search';
      parts.push(h.capped ? `Stopped after ${h.solutions_found} solutions: some candidates are undecided.` : `Some candidates are undecided: ${why}.`);
    }
    if (h.suggestion) {
      const s = h.suggestion;
      parts.push(`Suggested next given: ${s.symbol} at ${s.name} (keeps ${s.keeps} of the ${s.of} solutions found).`);
    }
    out.textContent = parts.join(' ');
    $('btn-suggest').hidden = !h.suggestion;
    this.studio.redraw();
  }

  giveSuggestion() {
    const s = this.help && this.help.suggestion;
    if (s) this.apply({ op: 'set_givens', cells: [[s.name, s.symbol]] });
  }

  // -- the overlay ----------------------------------------------------------------------------

  draw(board) {
    const h = this.help;
    const lay = board.layout;
    if (h && $('show-true').checked && lay && h.possible.length === lay.cells.length) {
      const open = new Set(h.open);
      h.possible.forEach((syms, c) => {
        if (lay.givens[c] !== '.' || !board.box(c)) return;
        const b = board.box(c);
        if (open.has(c)) board.rect(c, { fill: '#f5a623', 'fill-opacity': 0.16, class: 'open-cell' }, board.under);
        const big = syms.length === 1 && !h.undecided[c];
        board.text(b.x + b.w / 2, b.y + b.h / 2, big ? syms : syms + (h.undecided[c] ? '?' : ''), {
          class: 'true-cands', 'font-size': big ? b.h * 0.5 : b.h * Math.min(0.26, 1.4 / Math.max(4, syms.length + 1)),
          fill: big ? '#9aa3b2' : '#b26a00',
        });
      });
      if (h.suggestion && board.box(h.suggestion.cell)) {
        const b = board.box(h.suggestion.cell);
        board.el_('circle', { cx: b.x + b.w / 2, cy: b.y + b.h / 2, r: b.w * 0.42, fill: 'none', stroke: '#1e7d3a', 'stroke-width': 3, class: 'suggestion' });
      }
    }
    if (this.tool.kind === 'select') board.drawSelection(this.sel.list(), this.sel.cursor);
    if (this.path && this.path.length) {
      if (['line', 'arrow'].includes(this.tool.kind)) board.drawPath(this.path);
      else for (const c of this.path) board.rect(c, { fill: '#1f5fbf', 'fill-opacity': 0.25, class: 'drawing-path' });
    }
  }
}
