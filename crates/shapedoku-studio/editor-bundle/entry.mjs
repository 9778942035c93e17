// The parts of CodeMirror 6 the studio's editor uses, bundled into one ES module
// (assets/vendor/codemirror.js) so the page loads nothing from elsewhere. Rebuild with
// `npm ci && npm run build` in this folder (see README.md).
export { EditorState, EditorSelection, StateEffect, StateField, Transaction, Annotation } from '@codemirror/state';
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars, Decoration,
} from '@codemirror/view';
export {
  defaultKeymap, history, historyKeymap, undo, redo, indentWithTab, undoDepth, redoDepth,
} from '@codemirror/commands';
export {
  StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching, indentOnInput,
} from '@codemirror/language';
export { toml } from '@codemirror/legacy-modes/mode/toml';
export { linter, lintGutter, setDiagnostics, forceLinting } from '@codemirror/lint';
export { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
