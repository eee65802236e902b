// A host page: CodeMirror 6 with the engine's ghost text, configured by a
// config.json in the IDE's schema. Built from the packed packages by
// e2e/embedding.spec.ts; docs/embedding.md walks through it.
import { createEngine } from '@router-ide/completion-engine';
import { inlineCompletion } from '@router-ide/codemirror';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';

const config = await (await fetch('./config.json')).json();
const engine = createEngine(config);

const status = document.getElementById('status');
engine.ready.then(
  (m) => (status.textContent = `Model ${m.model} ready on ${m.device}`),
  (e) => (status.textContent = `The model did not load: ${e.message}`),
);

const badge = document.getElementById('badge');
const view = new EditorView({
  parent: document.getElementById('editor'),
  state: EditorState.create({
    doc: 'def add(a, b):\n    return',
    extensions: [
      lineNumbers(),
      inlineCompletion({
        engine,
        language: 'python',
        file: 'main.py',
        onBadge(provenance) {
          badge.dataset.route = provenance?.route ?? 'none';
          badge.textContent = provenance ? `${provenance.route}: ${provenance.summary}` : 'No suggestion';
        },
      }),
    ],
  }),
});

// For the console (and the end-to-end test): the host's own handles, nothing of the engine's insides.
window.example = { engine, view };
