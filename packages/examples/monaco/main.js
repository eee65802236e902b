// A host page: Monaco with the engine's inline completions, configured by the
// same config.json as the CodeMirror example. Built from the packed packages
// by e2e/embedding.spec.ts; docs/embedding.md walks through it.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/contrib/inlineCompletions/browser/inlineCompletions.contribution';
import { isCancellationError } from 'monaco-editor/base/common/errors';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { createEngine } from '@router-ide/completion-engine';
import { registerCompletionKeys, registerInlineCompletions, startInlineCompletionsNow } from '@router-ide/monaco';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
// The standalone editor leaves its own cancelled promises unhandled; they are no errors.
addEventListener('unhandledrejection', (e) => isCancellationError(e.reason) && e.preventDefault());

const config = await (await fetch('/config.json')).json();
const engine = createEngine(config);

const status = document.getElementById('status');
engine.ready.then(
  (m) => (status.textContent = `Model ${m.model} ready on ${m.device}`),
  (e) => (status.textContent = `The model did not load: ${e.message}`),
);

const badge = document.getElementById('badge');
const completions = registerInlineCompletions(monaco, {
  engine,
  language: () => 'python',
  file: () => 'main.py',
  onBadge(provenance) {
    badge.dataset.route = provenance?.route ?? 'none';
    badge.textContent = provenance ? `${provenance.route}: ${provenance.summary}` : 'No suggestion';
  },
});

const editor = monaco.editor.create(document.getElementById('editor'), {
  value: 'def add(a, b):\n    return',
  language: 'python',
  minimap: { enabled: false },
  inlineSuggest: { enabled: true },
});
// Monaco makes the inline-completions controller only once the browser is idle: make it now, so early keys ask too.
startInlineCompletionsNow(editor);
// The IDE's keys: Alt+] / Alt+[ cycle the suggestions (the badge follows), Alt+\ asks now, Shift+Tab takes a line.
registerCompletionKeys(monaco, editor, () => completions.cycled(editor));

window.example = { engine, editor };
