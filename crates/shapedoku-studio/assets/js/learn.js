// The learner's help on the solving board: hint, step, explain all, rate, fill candidates.
// The board's centre marks are the candidates the hints read and write.
import { api, $ } from './api.js';

export class Learn {
  constructor(studio) {
    this.studio = studio;
    this.hint = null; // the last hint with a step
    $('btn-hint').addEventListener('click', () => this.askHint());
    $('btn-step').addEventListener('click', () => this.step());
    $('btn-explain').addEventListener('click', () => this.explainAll());
    $('btn-rate').addEventListener('click', () => this.rate());
    $('btn-fill').addEventListener('click', () => this.fill());
    $('show-why').addEventListener('change', (e) => document.body.classList.toggle('no-why', !e.target.checked));
  }

  body(extra) {
    return Object.assign(this.studio.puzzleBody(), this.studio.solving.learnerBody(), { order: $('hint-order').value }, extra || {});
  }

  say(text, kind) {
    const p = $('hint-text');
    p.className = `note ${kind || ''}`;
    p.textContent = text;
    this.why('');
  }

  why(text) {
    const p = $('hint-why');
    p.textContent = text ? `Why: ${text}` : '';
    p.hidden = !text;
  }

  /** Forgets the shown step (the board changed). */
  drop() {
    if (!this.hint) return;
    this.hint = null;
    this.studio.setHighlight(null);
  }

  stopNote(stop, limits, used) { return this.studio.stopNote(stop, limits, used); }

  async askHint() {
    this.say('Looking for the next step…');
    const r = await api('/api/hint', this.body());
    if (!r.ok) { this.say(r.data.error, 'bad'); return null; }
    const h = r.data;
    this.hint = null;
    if (h.outcome === 'step') {
      this.hint = h;
      this.say(h.step.text, 'step');
      this.why(h.step.why);
      $('drawing').dataset.hintCells = h.step.highlight.cells.join(' ');
      await this.studio.setHighlight(h.step.highlight);
    } else if (h.outcome === 'mistakes') {
      this.say(h.mistakes.map((m) => m.text).join('; '), 'bad');
      await this.studio.setHighlight({ cells: h.mistakes.map((m) => m.cell), shapes: [], placements: [], eliminations: [] });
    } else if (h.outcome === 'solved') {
      this.say('Solved: every cell is filled and right.', 'step');
    } else if (h.outcome === 'stopped') {
      this.say(this.stopNote(h.stopped), 'bad');
    } else {
      this.say('No technique applies here.', 'bad');
    }
    return h;
  }

  async step() {
    let h = this.hint;
    if (!h) h = await this.askHint();
    if (!h || h.outcome !== 'step') return;
    const s = this.studio.solving;
    s.snapshot();
    const after = Array.from(h.after.values);
    after.forEach((v, c) => { if (s.givens[c] === '.') s.values[c] = v; });
    for (const e of h.step.eliminations) s.centre[e.cell] = h.after.candidates[e.cell];
    for (const p of h.step.placements) { s.centre[p.cell] = ''; s.corner[p.cell] = ''; }
    this.hint = null;
    this.say(`Applied: ${h.step.text}`, 'step');
    await this.studio.setHighlight(null);
    s.changed();
  }

  async explainAll() {
    $('steps').textContent = '';
    this.say('Explaining…');
    const r = await api('/api/steps', this.body({ channel: 'learn' }));
    if (!r.ok) { this.say(r.data.error, 'bad'); return; }
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
    if (r.data.stopped) this.say(`${r.data.steps.length} steps, then ${this.stopNote(r.data.stopped, null, r.data.elapsed_ms).toLowerCase()}`, 'bad');
    else this.say(`${r.data.steps.length} steps${r.data.solved ? ' to the solution' : ', then no technique applies'} (${r.data.elapsed_ms} ms).`, 'step');
    if (r.data.rating) this.showRating(r.data.rating, 'From here');
  }

  showRating(r, what) {
    $('rating').textContent = r.stopped
      ? `Rating: ${this.stopNote(r.stopped, null, r.elapsed_ms)}`
      : `${what}: ${r.level} (score ${r.score}${r.se ? `, SE ${r.se.toFixed(1)}` : ''}; hardest step: ${r.hardest || 'none'})`;
  }

  async rate() {
    $('rating').textContent = 'Rating…';
    const r = await api('/api/rate', this.studio.puzzleBody({ channel: 'rate', order: $('hint-order').value }));
    if (!r.ok) { $('rating').textContent = r.data.error; return; }
    this.showRating(r.data, 'Level');
  }

  /** Every empty cell's candidates as centre marks. */
  async fill() {
    const s = this.studio.solving;
    const body = this.body({ fill_candidates: true });
    body.candidates = null;
    const r = await api('/api/render', body);
    if (!r.ok || !r.data.board) { this.say(r.data.error || 'No candidates.', 'bad'); return; }
    s.snapshot();
    r.data.board.candidates.forEach((cands, c) => {
      if (s.givens[c] === '.' && s.values[c] === '.') s.centre[c] = cands;
    });
    s.changed();
  }
}
