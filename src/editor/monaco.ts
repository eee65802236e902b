// Monaco with only the pieces we use: the editor API, the languages we
// complete, and its editor worker (bundled by Vite). Its TypeScript worker
// runs apart, for the semantic check only: src/editor/typescript-worker.ts.
import * as monaco from 'monaco-editor/editor/editor.api';
import './monaco-features';
// Each language folder registers its own (src/languages/<id>/monaco.ts).
import.meta.glob('../languages/*/monaco.ts', { eager: true });
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { dropMonacoCancellations } from './monaco-cancellations';
import { dropMonacoInputLatency } from './monaco-input-latency';
import { patchInlineSuggestionsForLargeFiles } from './suggestion-snapshots';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
patchInlineSuggestionsForLargeFiles();
dropMonacoCancellations();
dropMonacoInputLatency();

export { monaco };
