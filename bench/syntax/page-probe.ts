// Loaded into the running app page by the bench (served by Vite): opens a
// 5 MB Python document in a syntax worker while checks on a small Java
// document are sent every 50 ms (or none), and times both from this page,
// as the editor sees them (each check from its send to its answer, the open
// from its send to its reply). The workers: the bench's copy of the app's worker
// with each pause (browser-worker.ts), and the app's own (through
// `window.__ide.engine`).
import * as Comlink from 'comlink';
import type { SyntaxRequest } from '../../src/vocabulary';
import type { SyntaxWorkerApi } from '../../src/checks';
import type { YieldMode } from './browser-worker';
import { syntheticFile } from './synthetic';

export type Variant = YieldMode | 'app worker';

export interface OpenRun {
  /** Send of openDocument to its reply. */
  openMs: number;
  opened: boolean;
  /** The small-document checks sent while the document was being opened: send to answer, in ms. */
  checks: number[];
  /** Checks whose verdict was not the expected one (or not checked). */
  wrong: number;
}

const BIG = 'bench://big.py';
const SMALL = 'bench://Small.java';

export function install() {
  const big = syntheticFile('python', 0, 5 * 1024 * 1024);
  const small = syntheticFile('java', 100);
  const workers = new Map<Variant, SyntaxWorkerApi>();
  const worker = (variant: Variant): SyntaxWorkerApi => {
    let api = workers.get(variant);
    if (!api) {
      if (variant === 'app worker') {
        const engine = (window as unknown as { __ide?: { engine?: { syntaxDocuments: unknown } } }).__ide?.engine;
        if (!engine) throw new Error('the app exposes no engine (window.__ide.engine)');
        api = engine.syntaxDocuments as SyntaxWorkerApi; // the worker's whole comlink proxy
      } else {
        api = Comlink.wrap<SyntaxWorkerApi>(new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module', name: variant }));
      }
      workers.set(variant, api);
    }
    return api;
  };
  // Even checks are valid, odd ones leave a bracket open.
  const smallReq = (i: number): SyntaxRequest => ({
    language: 'java',
    prefix: small.text.slice(0, small.offset),
    completion: i % 2 ? 'a + (b' : small.completion,
    suffix: small.text.slice(small.offset),
    documentId: SMALL,
    version: 1,
  });

  const bench = {
    codeUnits: () => big.text.length,

    /** Runtime and both grammars loaded, the small document held: nothing of that is timed later. */
    async warm(variant: Variant) {
      const w = worker(variant);
      await w.openDocument(SMALL, 'java', small.text, 1);
      for (let i = 0; i < 5; i++) await w.validate(smallReq(i));
      await w.validate({ language: 'python', prefix: 'x = ', completion: '1', suffix: '\n' });
    },

    /** `everyMs` 0: no checks meanwhile, the open alone. */
    async open(variant: Variant, everyMs = 50): Promise<OpenRun> {
      const w = worker(variant);
      const checks: number[] = [];
      const answers: Promise<void>[] = [];
      let wrong = 0;
      let done = false;
      const t0 = performance.now();
      const opening = w.openDocument(BIG, 'python', big.text, 1).then((r) => {
        done = true;
        return { r, ms: performance.now() - t0 };
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const send = (i: number) => {
        if (done) return;
        const sent = performance.now();
        answers.push(
          w.validate(smallReq(i)).then((v) => {
            checks.push(performance.now() - sent);
            if (!v.checked || v.valid !== (i % 2 === 0)) wrong++;
          }),
        );
        timer = setTimeout(() => send(i + 1), Math.max(0, t0 + 10 + (i + 1) * everyMs - performance.now()));
      };
      if (everyMs > 0) timer = setTimeout(() => send(0), 10);
      const { r, ms } = await opening;
      clearTimeout(timer);
      await Promise.all(answers);
      await w.closeDocument(BIG);
      return { openMs: ms, opened: r.ok, checks, wrong };
    },
  };
  (window as unknown as { __syntaxBench: typeof bench }).__syntaxBench = bench;
  return Object.keys(bench);
}
