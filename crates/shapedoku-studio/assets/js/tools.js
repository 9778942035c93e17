// The setter's palette: each tool turns a gesture on the drawing (a drag through cells, a
// click on an edge, outside the grid or at a corner) into one edit of the file (POST
// /api/edit, see docs/studio.md). The file stays the one truth: a tool never draws by itself.

/** kind: select | line | arrow | area | paint | edge | outside | mark | corner | erase. */
export const TOOLS = [
  { id: 'select', group: 'Cells', label: 'Select', kind: 'select', tip: 'Select cells (click, drag, shift/ctrl-click, arrows); type a symbol to give it, Delete to clear' },
  { id: 'thermo', group: 'Lines', label: 'Thermo', kind: 'line', type: 'thermo' },
  { id: 'slow-thermo', group: 'Lines', label: 'Slow thermo', kind: 'line', type: 'slow-thermo' },
  { id: 'arrow', group: 'Lines', label: 'Arrow', kind: 'arrow', type: 'arrow', tip: 'Drag from the circle along the arrow; a pill of 2 or 3 cells: set "circle"' },
  { id: 'double-arrow', group: 'Lines', label: 'Double arrow', kind: 'line', type: 'double-arrow' },
  { id: 'whispers', group: 'Lines', label: 'Whispers', kind: 'line', type: 'whispers' },
  { id: 'renban', group: 'Lines', label: 'Renban', kind: 'line', type: 'renban' },
  { id: 'palindrome', group: 'Lines', label: 'Palindrome', kind: 'line', type: 'palindrome' },
  { id: 'between', group: 'Lines', label: 'Between', kind: 'line', type: 'between' },
  { id: 'region-sum', group: 'Lines', label: 'Region sum', kind: 'line', type: 'region-sum' },
  { id: 'entropic', group: 'Lines', label: 'Entropic', kind: 'line', type: 'entropic' },
  { id: 'modular', group: 'Lines', label: 'Modular', kind: 'line', type: 'modular' },
  { id: 'zipper', group: 'Lines', label: 'Zipper', kind: 'line', type: 'zipper' },
  { id: 'sequence', group: 'Lines', label: 'Sequence', kind: 'line', type: 'sequence', text: 'regex', textDefault: '1?2?3?4?5?6?7?8?9?', anyCells: true },
  { id: 'cage', group: 'Areas', label: 'Cage', kind: 'area', array: 'cage', number: 'total', tip: 'Drag over the cage\'s cells; its total from the box (empty: no total)' },
  { id: 'shape', group: 'Areas', label: 'Extra shape', kind: 'area', array: 'shape', tip: 'Drag over the cells of an extra no-repeat shape' },
  { id: 'region', group: 'Areas', label: 'Region', kind: 'paint', text: 'region', textDefault: 'A', tip: 'Paint cells into jigsaw region (a letter; `.` takes cells out)' },
  { id: 'kropki-white', group: 'Edges', label: 'White dot', kind: 'edge', rule: 'kropki', key: 'white' },
  { id: 'kropki-black', group: 'Edges', label: 'Black dot', kind: 'edge', rule: 'kropki', key: 'black' },
  { id: 'xv-x', group: 'Edges', label: 'X', kind: 'edge', rule: 'xv', key: 'x' },
  { id: 'xv-v', group: 'Edges', label: 'V', kind: 'edge', rule: 'xv', key: 'v' },
  { id: 'difference', group: 'Edges', label: 'Difference', kind: 'edge', rule: 'difference', key: 'pairs', number: 'value', numberDefault: '1' },
  { id: 'ratio', group: 'Edges', label: 'Ratio', kind: 'edge', rule: 'ratio', key: 'pairs', number: 'value', numberDefault: '2' },
  { id: 'little-killer', group: 'Outside', label: 'Little killer', kind: 'outside', type: 'little-killer', number: 'total', tip: 'Click outside the grid; the diagonal runs towards the corner of the square you click nearest' },
  { id: 'sandwich', group: 'Outside', label: 'Sandwich', kind: 'outside', type: 'sandwich', number: 'total' },
  { id: 'x-sum', group: 'Outside', label: 'X-sum', kind: 'outside', type: 'x-sum', number: 'total' },
  { id: 'skyscraper', group: 'Outside', label: 'Skyscraper', kind: 'outside', type: 'skyscraper', number: 'count' },
  { id: 'odd', group: 'Marks', label: 'Odd', kind: 'mark', rule: 'odd' },
  { id: 'even', group: 'Marks', label: 'Even', kind: 'mark', rule: 'even' },
  { id: 'minimum', group: 'Marks', label: 'Minimum', kind: 'mark', rule: 'minimum' },
  { id: 'maximum', group: 'Marks', label: 'Maximum', kind: 'mark', rule: 'maximum' },
  { id: 'quadruple', group: 'Marks', label: 'Quadruple', kind: 'corner', text: 'symbols', textDefault: '12', tip: 'Click a corner where four cells meet' },
  { id: 'erase', group: 'Edit', label: 'Erase', kind: 'erase', tip: 'Click what to take away: a cell (the last thing drawn over it), an edge\'s mark, an outside clue' },
];

const name = (lay, c) => lay.cells[c].name;

/** Whether two cells touch, orthogonally or diagonally. */
function touch(lay, a, b) {
  const p = lay.cells[a]; const q = lay.cells[b];
  return Math.max(Math.abs(p.row - q.row), Math.abs(p.col - q.col)) === 1;
}

/** The cell under the pointer, when the pointer is near enough its centre to mean it (so a
 *  drag along a diagonal does not pick up the corner cells it brushes). */
export function centralCell(hit) {
  if (hit.cell === null) return null;
  const dx = hit.fx - 0.5; const dy = hit.fy - 0.5;
  return dx * dx + dy * dy <= 0.42 * 0.42 ? hit.cell : null;
}

/** Grows a line's path by the cell under the pointer: a touching new cell is added, the one
 *  before the last takes the last back (drawing back undoes). */
export function extendPath(lay, path, cell, anyCells) {
  if (cell === null) return false;
  const last = path[path.length - 1];
  if (cell === last) return false;
  if (path.length >= 2 && cell === path[path.length - 2]) { path.pop(); return true; }
  if (path.includes(cell)) return false;
  if (!anyCells && !touch(lay, last, cell)) return false;
  path.push(cell);
  return true;
}

/** The neighbour across the nearest side of the cell under the pointer, with the distance to
 *  that side (0 on it, 0.5 at the centre). */
export function edgeAt(board, hit) {
  if (hit.cell === null || hit.row === null) return null;
  const sides = [[hit.fy, -1, 0], [1 - hit.fy, 1, 0], [hit.fx, 0, -1], [1 - hit.fx, 0, 1]];
  sides.sort((a, b) => a[0] - b[0]);
  const [d, dr, dc] = sides[0];
  const other = board.cellAt(hit.row + dr, hit.col + dc);
  return other === null ? null : { a: hit.cell, b: other, d };
}

/** The diagonal a little killer at (row, col) reads, preferring the corner nearest the
 *  pointer, among those that enter the cells. */
export function killerDirection(board, hit) {
  const lay = board.layout;
  const prefs = [[hit.fy >= 0.5 ? 1 : -1, hit.fx >= 0.5 ? 1 : -1]];
  prefs.push([prefs[0][0], -prefs[0][1]], [-prefs[0][0], prefs[0][1]], [-prefs[0][0], -prefs[0][1]]);
  for (const [dr, dc] of prefs) {
    let r = hit.row + dr; let c = hit.col + dc;
    for (let i = 0; i < 2 && r >= 0 && c >= 0 && r <= lay.rows + 1 && c <= lay.cols + 1; i++) {
      if (board.cellAt(r, c) !== null) return `${dr > 0 ? 'down' : 'up'}-${dc > 0 ? 'right' : 'left'}`;
      r += dr; c += dc;
    }
  }
  return null;
}

/** The four cells around the grid corner nearest the pointer (a quadruple's cells). */
export function cornerCells(board, hit) {
  if (hit.vrow === undefined) return null;
  const vr = Math.round(hit.vrow); const vc = Math.round(hit.vcol);
  const cells = [[vr, vc], [vr, vc + 1], [vr + 1, vc], [vr + 1, vc + 1]].map(([r, c]) => board.cellAt(r, c));
  if (cells.some((c) => c === null)) return null;
  return { ref: `r${vr}-${vr + 1}c${vc}-${vc + 1}`, cells };
}

/** The edit a finished line or area makes, or a message saying what is missing. */
export function pathEdit(tool, lay, path, opts) {
  const names = path.map((c) => name(lay, c));
  if (tool.kind === 'line') {
    if (path.length < 2) return { message: 'Drag through two cells or more to draw a line.' };
    const table = { type: tool.type, cells: names.join(' ') };
    if (tool.text === 'regex') {
      if (!opts.text) return { message: 'A sequence line needs a regular expression (the box beside the tools).' };
      table.regex = opts.text;
    }
    return { edit: { op: 'add', array: 'rule', table } };
  }
  if (tool.kind === 'arrow') {
    const pill = Math.max(1, Math.min(3, Number(opts.pill) || 1));
    if (path.length < pill + 1) return { message: `Drag from the circle (${pill} cell${pill > 1 ? 's' : ''}) along the arrow.` };
    return { edit: { op: 'add', array: 'rule', table: { type: 'arrow', circle: names.slice(0, pill).join(' '), cells: names.slice(pill).join(' ') } } };
  }
  if (tool.kind === 'area') {
    if (!path.length) return { message: 'Drag over the cells.' };
    const table = { cells: names.join(' ') };
    if (tool.array === 'cage' && opts.number !== '') {
      const n = Number(opts.number);
      if (!Number.isInteger(n)) return { message: 'The cage total must be a whole number.' };
      table.sum = n;
    }
    return { edit: { op: 'add', array: tool.array, table } };
  }
  if (tool.kind === 'paint') {
    return { edit: { op: 'paint_region', cells: names, region: opts.text || 'A' } };
  }
  if (tool.kind === 'mark') {
    return { edit: { op: 'toggle_cells', rule: tool.rule, cells: names } };
  }
  return { message: '' };
}

/** The edit a click makes with a click tool, or a message. */
export function clickEdit(tool, board, hit, opts) {
  const lay = board.layout;
  if (tool.kind === 'edge') {
    const e = edgeAt(board, hit);
    if (!e) return { message: 'Click on the edge between two cells.' };
    const edit = { op: 'toggle_mark', rule: tool.rule, key: tool.key, pair: [name(lay, e.a), name(lay, e.b)] };
    if (tool.number) {
      const n = Number(opts.number || tool.numberDefault);
      if (!Number.isInteger(n)) return { message: `The ${tool.number} must be a whole number.` };
      edit.value = n;
    }
    return { edit };
  }
  if (tool.kind === 'outside') {
    if (hit.row === null) return { message: 'Outside clues need a flat grid.' };
    if (hit.cell !== null) return { message: 'Click outside the grid, beside the row or column the clue reads.' };
    const n = Number(opts.number);
    if (opts.number === '' || !Number.isInteger(n)) return { message: `Type the clue's ${tool.number} in the box first.` };
    const table = { type: tool.type, at: [hit.row, hit.col], [tool.number]: n };
    if (tool.type === 'little-killer') {
      const dir = killerDirection(board, hit);
      if (!dir) return { message: 'No diagonal from there enters the grid.' };
      table.direction = dir;
    }
    return { edit: { op: 'add', array: 'rule', table } };
  }
  if (tool.kind === 'corner') {
    const q = cornerCells(board, hit);
    if (!q) return { message: 'Click a corner where four cells meet.' };
    if (!opts.text) return { message: 'Type the quadruple\'s symbols in the box first.' };
    return { edit: { op: 'add', array: 'rule', table: { type: 'quadruple', cells: q.ref, symbols: opts.text } } };
  }
  if (tool.kind === 'erase') {
    if (hit.cell === null) {
      if (hit.row === null) return { message: '' };
      return { edit: { op: 'erase', at: [hit.row, hit.col] } };
    }
    const e = edgeAt(board, hit);
    const cell = { op: 'erase', cell: name(lay, hit.cell) };
    if (e && e.d < 0.18) return { edit: { op: 'erase', pair: [name(lay, e.a), name(lay, e.b)] }, fallback: cell };
    return { edit: cell };
  }
  return { message: '' };
}
