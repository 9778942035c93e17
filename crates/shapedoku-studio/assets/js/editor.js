// The file's editor: CodeMirror 6 (vendored, see editor-bundle/README.md) with TOML colouring,
// line numbers, the file's problems as squiggles at their columns, and one undo history for
// typing and for the drawings written into the text.
import {
  EditorState, EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars, defaultKeymap, history, historyKeymap, undo, redo,
  indentWithTab, StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching,
  toml, lintGutter, setDiagnostics, searchKeymap, highlightSelectionMatches, EditorSelection,
} from '../vendor/codemirror.js';

/** The smallest single change turning `a` into `b`, never splitting a surrogate pair. */
export function textDiff(a, b) {
  const m = Math.min(a.length, b.length);
  let s = 0;
  while (s < m && a.charCodeAt(s) === b.charCodeAt(s)) s++;
  if (s > 0 && s < m && a.charCodeAt(s - 1) >= 0xd800 && a.charCodeAt(s - 1) <= 0xdbff) s--;
  let e = 0;
  while (e < m - s && a.charCodeAt(a.length - 1 - e) === b.charCodeAt(b.length - 1 - e)) e++;
  if (e > 0 && a.length - e < a.length && a.charCodeAt(a.length - e) >= 0xdc00 && a.charCodeAt(a.length - e) <= 0xdfff) e--;
  return { from: s, to: a.length - e, insert: b.slice(s, b.length - e) };
}

export class Editor {
  constructor(parent, { onChange, onSave }) {
    this.onChange = onChange;
    const save = () => { onSave(); return true; };
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: '',
        extensions: [
          lineNumbers(), highlightActiveLineGutter(), highlightSpecialChars(), history(),
          drawSelection(), bracketMatching(), highlightActiveLine(), highlightSelectionMatches(),
          StreamLanguage.define(toml), syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          keymap.of([{ key: 'Mod-s', run: save, preventDefault: true }, indentWithTab,
            ...defaultKeymap, ...historyKeymap, ...searchKeymap]),
          EditorView.updateListener.of((u) => { if (u.docChanged) this.onChange(u); }),
          EditorView.contentAttributes.of({ 'aria-label': 'Puzzle file (TOML)' }),
        ],
      }),
    });
  }

  text() { return this.view.state.doc.toString(); }

  /** Replaces the whole text (loading a file); undo can bring the old text back. */
  setText(text) {
    const cur = this.text();
    this.view.dispatch({
      changes: { from: 0, to: cur.length, insert: text },
      selection: EditorSelection.cursor(0),
      scrollIntoView: true,
      userEvent: 'input.load',
    });
  }

  /** Applies a new text as the one change that differs, shown where it happened. */
  replaceText(text, userEvent) {
    const d = textDiff(this.text(), text);
    if (d.from === d.to && d.insert === '') return;
    this.view.dispatch({
      changes: d,
      selection: EditorSelection.cursor(d.from + d.insert.length),
      scrollIntoView: true,
      userEvent: userEvent || 'input.draw',
    });
  }

  /** An offset in the text from a 1-based line and column (columns count characters). */
  offset(line, column) {
    const doc = this.view.state.doc;
    const l = doc.line(Math.max(1, Math.min(line, doc.lines)));
    const chars = Array.from(l.text).slice(0, Math.max(0, column - 1)).join('');
    return l.from + chars.length;
  }

  /** Shows the file's problems as squiggles (only those in this file, with a place). */
  setProblems(list, fileName) {
    const doc = this.view.state.doc;
    const diags = [];
    for (const d of list) {
      if (!d.line || d.file !== fileName) continue;
      const from = this.offset(d.line, d.column || 1);
      let to = d.end_line ? this.offset(d.end_line, d.end_column || 1) : from;
      if (to <= from) to = Math.min(doc.lineAt(from).to, from + 1);
      if (to <= from) to = from;
      diags.push({ from, to, severity: 'error', message: d.help ? `${d.message}\nhelp: ${d.help}` : d.message });
    }
    this.view.dispatch(setDiagnostics(this.view.state, diags));
  }

  jumpTo(line, column) {
    const at = this.offset(line, column);
    this.view.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
    this.view.focus();
  }

  /** The caret's 1-based line. */
  caretLine() {
    const s = this.view.state;
    return s.doc.lineAt(s.selection.main.head).number;
  }

  undo() { return undo(this.view); }
  redo() { return redo(this.view); }
  hasFocus() { return this.view.hasFocus; }
}
