// Printing: the puzzle in the editor as a PDF page, and a booklet of the puzzles added to it
// (POST /api/print; the server makes the pages and the PDF with the library, as `render -o
// x.pdf` and `shapedoku booklet` do). The PDF comes back base64-encoded and is saved as a file.
import { api, $ } from './api.js';

export class Printing {
  constructor(studio) {
    this.studio = studio;
    this.booklet = []; // {toml, label}: the puzzles added, in order
    $('btn-print').addEventListener('click', () => this.print([this.studio.editor.text()], false));
    $('btn-booklet-add').addEventListener('click', () => this.add());
    $('btn-booklet').addEventListener('click', () => this.print(this.booklet.map((p) => p.toml), true));
    $('btn-booklet-clear').addEventListener('click', () => { this.booklet = []; this.show(); this.say('The booklet is empty.'); });
  }

  say(text, kind) {
    const p = $('print-note');
    p.textContent = text;
    p.className = `note ${kind || ''}`;
  }

  show() {
    const n = this.booklet.length;
    $('btn-booklet').textContent = `Print booklet (${n})`;
    $('btn-booklet').disabled = n === 0;
    $('btn-booklet-clear').hidden = n === 0;
  }

  /** Adds the editor's puzzle as it is now (a copy: later edits do not change it). */
  add() {
    const st = this.studio.state;
    if (!st.clean || !st.isPuzzle) {
      this.say('Only a puzzle without problems can go in the booklet (a variant file has no givens).', 'bad');
      return;
    }
    this.booklet.push({ toml: this.studio.editor.text() });
    this.show();
    this.say(`Added as puzzle ${this.booklet.length} of the booklet.`, 'ok');
  }

  async print(puzzles, booklet) {
    const body = { puzzles, booklet, channel: 'print' };
    if (booklet) body.per_page = Number($('booklet-per-page').value);
    this.say(booklet ? `Proving, rating and printing ${puzzles.length} puzzle${puzzles.length > 1 ? 's' : ''}…` : 'Printing…');
    for (const id of ['btn-print', 'btn-booklet']) $(id).disabled = true;
    try {
      const r = await api('/api/print', body);
      if (!r.ok) {
        const where = (r.data.diagnostics || []).slice(0, 3).map((d) => (d.line ? `line ${d.line}: ${d.message}` : d.message));
        this.say([r.data.error, ...where].join('\n'), 'bad');
        return;
      }
      const bytes = Uint8Array.from(atob(r.data.pdf), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = booklet ? 'booklet.pdf' : `${(this.studio.state.fileName || 'puzzle').replace(/\.toml$/i, '')}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      const notes = r.data.puzzles.filter((p) => p.note).map((p, i) => `${i + 1}: ${p.note}`);
      const stopped = r.data.stopped ? ' A limit stopped some proofs: those puzzles are printed as undecided, without solutions.' : '';
      this.say(`${a.download}: ${r.data.pages} page${r.data.pages > 1 ? 's' : ''}${notes.length ? ` (${notes.join('; ')})` : ''}.${stopped}`, r.data.stopped ? 'bad' : 'ok');
    } finally {
      $('btn-print').disabled = false;
      this.show();
    }
  }
}
