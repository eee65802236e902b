// The bench's copy of workers/syntax.worker.ts: the same service, port and
// yield helper, with the pause chosen by the worker's name, so the variants
// run side by side in one page. Served by Vite's dev server.
import * as Comlink from 'comlink';
import { messageYield } from '../../src/platform';
import { browserSyntaxPort } from '../../src/platform/syntax-port'; // deep: Vite-only (grammar WASM `?url` imports), so not in the platform index
import { createSyntaxService, type SyntaxServiceOptions } from '../../src/checks/syntax-service'; // deep: a browser worker; the checks index also loads the Node service (node:fs)

const YIELD_MODES = {
  /** The validator's default pause. */
  setTimeout: {},
  /** What the app's worker passes. */
  MessageChannel: { yieldToEvents: messageYield },
  /** No slices (the path before slicing): what a pause costs on top of the parse itself. */
  'one go': { sliceMs: Infinity, budgetMs: Infinity },
} satisfies Record<string, SyntaxServiceOptions>;
export type YieldMode = keyof typeof YIELD_MODES;

const options: SyntaxServiceOptions | undefined = YIELD_MODES[self.name as YieldMode];
if (!options) throw new Error(`bench syntax worker: unknown mode "${self.name}"`);
Comlink.expose(createSyntaxService(browserSyntaxPort(self.location.origin), options));
