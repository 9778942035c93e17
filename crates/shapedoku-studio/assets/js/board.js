// The drawing: the server's SVG of the file, an overlay the page draws on (selection, marks,
// a line being drawn), and where the pointer is in the puzzle's terms: which cell, how far
// across it, which canvas row and column (also outside the cells, for outside clues).

const SVG = 'http://www.w3.org/2000/svg';

export class Board {
  constructor(el) {
    this.el = el;
    this.svg = null;
    this.layout = null;
    this.boxes = []; // per cell: {x, y, w, h}
    this.byPos = new Map(); // "row,col" -> cell id
    this.affine = null; // {x0, y0, s}: canvas (row, col) to drawing units, flat layouts only
  }

  /** Shows a drawing; `layout` (from /api/layout) names the cells. */
  show(svgText, layout) {
    if (layout) this.layout = layout;
    this.el.innerHTML = svgText;
    this.svg = this.el.querySelector('svg');
    this.el.classList.remove('stale');
    this.boxes = [];
    for (const r of this.svg.querySelectorAll('.cell-ids [data-cell]')) {
      const b = r.getBBox();
      this.boxes[Number(r.dataset.cell)] = { x: b.x, y: b.y, w: b.width, h: b.height };
    }
    this.byPos = new Map();
    this.affine = null;
    const lay = this.layout;
    if (lay && lay.cells.length === this.boxes.length) {
      lay.cells.forEach((c, i) => this.byPos.set(`${c.row},${c.col}`, i));
      if (lay.flat && this.boxes.length) {
        const b = this.boxes[0];
        const c = lay.cells[0];
        this.affine = { x0: b.x - (c.col - 1) * b.w, y0: b.y - (c.row - 1) * b.h, s: b.w };
      }
    }
    // Colours go under the drawing's lines and digits, the overlay over everything.
    this.under = this.layer('under', true);
    this.over = this.layer('overlay', false);
  }

  layer(cls, below) {
    const g = document.createElementNS(SVG, 'g');
    g.setAttribute('class', cls);
    if (below) {
      // The drawing starts with its white background (and the cells' white): colours go just
      // above them, under the lines and digits.
      const back = this.svg.querySelector(':scope > path.cells') || this.svg.querySelector(':scope > rect');
      if (back) back.after(g); else this.svg.prepend(g);
    } else {
      this.svg.append(g);
    }
    return g;
  }

  clear() {
    if (!this.svg) return;
    this.under.textContent = '';
    this.over.textContent = '';
  }

  cellAt(row, col) {
    const id = this.byPos.get(`${row},${col}`);
    return id === undefined ? null : id;
  }

  /** The cell's box in drawing units. */
  box(cell) { return this.boxes[cell]; }

  centre(cell) {
    const b = this.boxes[cell];
    return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
  }

  /** A pointer event in the puzzle's terms. */
  hit(e) {
    if (!this.svg) return null;
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = pt.matrixTransform(ctm.inverse());
    const out = { x: p.x, y: p.y, cell: null, row: null, col: null, fx: 0.5, fy: 0.5 };
    if (this.affine) {
      const { x0, y0, s } = this.affine;
      const cr = (p.y - y0) / s;
      const cc = (p.x - x0) / s;
      out.row = Math.floor(cr) + 1;
      out.col = Math.floor(cc) + 1;
      out.fy = cr - Math.floor(cr);
      out.fx = cc - Math.floor(cc);
      out.vrow = cr; // canvas rows and columns counted from 0 at the first line
      out.vcol = cc;
      out.cell = this.cellAt(out.row, out.col);
    } else {
      const el = document.elementFromPoint(e.clientX, e.clientY);
      const c = el && el.closest && el.closest('[data-cell]');
      if (c) {
        out.cell = Number(c.dataset.cell);
        const b = this.boxes[out.cell];
        out.fx = (p.x - b.x) / b.w; out.fy = (p.y - b.y) / b.h;
        const lc = this.layout && this.layout.cells[out.cell];
        if (lc) { out.row = lc.row; out.col = lc.col; }
      }
    }
    return out;
  }

  // -- drawing on the overlay -----------------------------------------------------------------

  el_(tag, attrs, parent, text) {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    if (text !== undefined) n.textContent = text;
    (parent || this.over).append(n);
    return n;
  }

  rect(cell, attrs, parent) {
    const b = this.boxes[cell];
    return this.el_('rect', { x: b.x, y: b.y, width: b.w, height: b.h, ...attrs }, parent);
  }

  text(x, y, str, attrs, parent) {
    return this.el_('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...attrs }, parent, str);
  }

  /** Outlines the selected cells. */
  drawSelection(cells, cursor) {
    for (const c of cells) {
      if (!this.boxes[c]) continue;
      this.rect(c, { class: 'sel', fill: '#1f5fbf', 'fill-opacity': 0.18, stroke: '#1f5fbf', 'stroke-width': 2.5, 'stroke-opacity': 0.7 });
    }
    if (cursor !== null && cursor !== undefined && this.boxes[cursor]) {
      this.rect(cursor, { class: 'cursor', fill: 'none', stroke: '#1f5fbf', 'stroke-width': 3.5 });
    }
  }

  /** A path through cell centres (a line being drawn). */
  drawPath(cells, attrs) {
    if (!cells.length) return;
    const pts = cells.map((c) => { const p = this.centre(c); return `${p.x},${p.y}`; }).join(' ');
    const s = this.boxes[cells[0]].w;
    this.el_('polyline', { points: pts, fill: 'none', stroke: '#1f5fbf', 'stroke-width': s * 0.18, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'stroke-opacity': 0.6, class: 'drawing-path', ...attrs });
    const p = this.centre(cells[0]);
    this.el_('circle', { cx: p.x, cy: p.y, r: s * 0.22, fill: '#1f5fbf', 'fill-opacity': 0.5, class: 'drawing-path' });
  }
}

/** A set of selected cells with a cursor, moved by the mouse and the arrow keys. */
export class Selection {
  constructor() { this.cells = new Set(); this.cursor = null; }
  clear() { this.cells.clear(); this.cursor = null; }
  set(list) { this.cells = new Set(list); this.cursor = list.length ? list[list.length - 1] : null; }
  add(c) { this.cells.add(c); this.cursor = c; }
  toggle(c) { if (this.cells.has(c)) this.cells.delete(c); else this.cells.add(c); this.cursor = c; }
  list() { return Array.from(this.cells).sort((a, b) => a - b); }

  /** Moves the cursor one cell (skipping holes in the canvas); `extend` keeps the others. */
  move(board, dr, dc, extend) {
    const lay = board.layout;
    if (!lay || !lay.cells.length) return;
    if (this.cursor === null) { this.set([0]); return; }
    let { row, col } = lay.cells[this.cursor];
    for (let i = 0; i < Math.max(lay.rows, lay.cols); i++) {
      row += dr; col += dc;
      if (row < 1) row = lay.rows; else if (row > lay.rows) row = 1;
      if (col < 1) col = lay.cols; else if (col > lay.cols) col = 1;
      const c = board.cellAt(row, col);
      if (c !== null) {
        if (extend) this.add(c); else this.set([c]);
        return;
      }
    }
  }

  /** Wires mouse selection on the board: click, drag, shift/ctrl-click. */
  static pointer(sel, hit, e, phase) {
    if (hit.cell === null) return false;
    if (phase === 'down') {
      if (e.ctrlKey || e.metaKey) sel.toggle(hit.cell);
      else if (e.shiftKey) sel.add(hit.cell);
      else sel.set([hit.cell]);
    } else if (phase === 'move') {
      if (!sel.cells.has(hit.cell)) sel.add(hit.cell);
    }
    return true;
  }
}
