// The inline-completions controller in Node, on the engine's real request
// path: the app's request preparation and pipeline, the fixture models, the
// tree-sitter validator and, for escalations, a loopback OpenAI-compatible
// server. Monaco's part is played here: each keystroke is a new request
// whose signal aborts at the next one; items are shown, accepted and ended
// as Monaco reports them. The controller's clock is a fake one the tests move
// on; the engine's own timers (the validator's, the HTTP client's) stay real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type FakeServerHandle } from '../../../testing/servers/openai-server';
import { fixtureDesign } from '../../../testing/fixture-models/designs';
import { runCompletion, type CompletionResult, type EngineRequest } from './pipeline';
import { localRequestOf, prepareRequest, requestSettings } from './request';
import { secondBest } from './second-best';
import { docOf } from '../../../testing/completion/string-document';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { resolveConfig } from '../../config/merge';
import { ConfigStore } from '../../config/store';
import type { AppConfig } from '../../vocabulary/config';
import { createProtocolClient } from '../../endpoint';
import { prefillWithFim, localModelPort } from '../worker/fim-completion';
import { loadLocalModel, type LoadedModel } from '../worker/local-model';
import { fixtureModelFolder } from '../../../testing/completion/fixture-folder';
import { egressVerdict } from '../../privacy/policy';
import { createNodeValidator } from '../../syntax/node-runtime';
import type { PredictionOutcome } from '../../vocabulary/types';
import {
  CompletionController,
  type Clock,
  type CompletionControllerHooks,
  type CompletionDocument,
  type CompletionSource,
  READ_AHEAD_AFTER_MS,
} from './completion-controller';
import { followEditorSettings } from '../browser/completion-settings';

// The window's edges move in 4 KiB steps (docs/performance.md).
const GRID = 4 * 1024;

// How long a suggestion stays on screen before it counts as shown.
const SHOWN_AFTER_MS = 750;

const VALID = fixtureDesign('fixture-valid').completion;
/** What the loopback server's large model answers. */
const LARGE = 'a - b';
const BEFORE = 'def add(a, b):\n    return ';
const AFTER = '\n\nprint(add(1, 2))\n';
/** The configured wait before a request. */
const WAIT = 250;

const folder = fixtureModelFolder('completion-controller');
const models: Record<string, LoadedModel> = {};
const validator = createNodeValidator();
let server: FakeServerHandle;

beforeAll(async () => {
  for (const name of ['fixture-valid', 'fixture-uncertain']) {
    models[name] = await loadLocalModel({ model: name, source: { kind: 'bundled', root: folder.root }, device: 'cpu' });
  }
  server = await startOpenAIServer({ kind: 'ok', text: LARGE });
});
afterAll(async () => {
  await server.close();
  for (const m of Object.values(models)) await m.dispose();
});

interface Call {
  req: EngineRequest;
  signal: AbortSignal;
  /** What the call resolved to (predictions). */
  result?: Promise<CompletionResult | undefined>;
}

interface NodeEngine {
  /** The fixture model answering (its name is the result context: changing it changes the settings). */
  model: string;
  calls: { complete: Call[]; prefill: Call[]; predict: Call[]; secondBest: (Call & { first: CompletionResult })[] };
  source: CompletionSource;
}

/**
 * The engine's request path in Node, as src/completion/browser/completion-engine.ts runs
 * it in the browser, with its calls recorded: `complete` may escalate to the
 * loopback server; `predict` and `secondBest` never do.
 */
function nodeEngine(model: string, escalate = false): NodeEngine {
  const config: Pick<AppConfig, 'privacy' | 'endpoint'> = {
    privacy: DEFAULT_CONFIG.privacy,
    endpoint: escalate ? { url: server.url, model: 'big', family: 'qwen2.5-coder', timeoutMs: 5000, maxTokens: 32 } : null,
  };
  const settings = requestSettings(DEFAULT_CONFIG);
  const calls: NodeEngine['calls'] = { complete: [], prefill: [], predict: [], secondBest: [] };
  const engine: NodeEngine = {
    model,
    calls,
    source: {
      complete(req, signal) {
        calls.complete.push({ req, signal });
        const { ctx, router } = prepareRequest(req, settings);
        const egress = egressVerdict(config, { file: req.file });
        const escalation = egress.allowed && config.endpoint ? createProtocolClient(config.endpoint) : undefined;
        return runCompletion(
          ctx,
          router,
          egress,
          { local: localModelPort(models[engine.model], 'qwen2.5-coder'), syntax: validator, escalation },
          signal,
        );
      },
      prefill(req, signal) {
        calls.prefill.push({ req, signal });
        const { ctx, router } = prepareRequest(req, settings);
        prefillWithFim(models[engine.model], 'qwen2.5-coder', { ...localRequestOf(ctx, router), maxNewTokens: 0 }, signal).catch(
          () => undefined,
        );
      },
      resultContext: () => engine.model,
      predict(req, signal) {
        const { ctx, router } = prepareRequest(req, settings);
        const egress = egressVerdict(config, { file: req.file });
        const result = runCompletion(
          ctx,
          router,
          egress,
          { local: localModelPort(models[engine.model], 'qwen2.5-coder'), syntax: validator },
          signal,
        ).then((r) => (r.decision.action !== 'keep' && config.endpoint ? undefined : r));
        calls.predict.push({ req, signal, result });
        return result;
      },
      secondBest(req, first, signal) {
        const { ctx, router } = prepareRequest(req, settings);
        const result = secondBest(
          ctx,
          router,
          { local: localModelPort(models[engine.model], 'qwen2.5-coder'), syntax: validator },
          first,
          signal,
        );
        calls.secondBest.push({ req, signal, first, result });
        return result;
      },
    },
  };
  return engine;
}

/** A document the way the editor gives it: the text, the cursor at `before`'s end, and what the adapter reads off the model. */
function doc(before: string, after = AFTER, more: { file?: string; language?: string; version?: () => number } = {}): CompletionDocument {
  return {
    id: `inmemory://${more.file ?? 'main.py'}`,
    text: docOf(before + after),
    cursor: before.length,
    file: () => more.file ?? 'main.py',
    language: () => more.language ?? 'python',
    version: more.version ?? (() => 1),
  };
}

/** One turn of the event loop: the promises settled so far run their continuations, real I/O gets a look in. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Fake timers for the controller (its Clock): time moves only when a test moves it. */
class TestClock implements Clock {
  private at = 0;
  private timers: { due: number; run: () => void }[] = [];

  now(): number {
    return this.at;
  }

  after(ms: number, run: () => void): () => void {
    const timer = { due: this.at + ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time on by `ms`, running the timers due on the way in their order, each followed by a turn of the event loop. */
  async advance(ms: number): Promise<void> {
    const until = this.at + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.due <= until).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.at = next.due;
      next.run();
      await turn();
    }
    this.at = until;
    await turn();
  }
}

/** The controller with its hooks recorded, and an editor that types into it: each request's signal aborts at the next keystroke. */
function editor(engine: NodeEngine, hooks: Partial<CompletionControllerHooks> = {}, options: { reuseResults?: boolean } = {}) {
  const seen = {
    results: [] as CompletionResult[],
    errors: [] as string[],
    pending: [] as boolean[],
    shown: [] as CompletionResult[],
    accepted: [] as { result: CompletionResult; partial: boolean }[],
    alternatives: [] as CompletionResult[],
    predictions: [] as PredictionOutcome[],
  };
  const clock = new TestClock();
  const controller = new CompletionController<number>(
    {
      source: () => engine.source,
      debounceMs: () => WAIT,
      adaptive: () => false,
      onResult: (r) => seen.results.push(r),
      onError: (m) => seen.errors.push(m),
      onPending: (p) => seen.pending.push(p),
      onShown: (r) => seen.shown.push(r),
      onAccepted: (result, partial) => seen.accepted.push({ result, partial }),
      onAlternative: (r) => seen.alternatives.push(r),
      onPrediction: (o) => seen.predictions.push(o),
      ...hooks,
    },
    { clock, ...options },
  );
  let keystroke: AbortController | undefined;
  const type = (d: CompletionDocument, explicit = false) => {
    keystroke?.abort();
    keystroke = new AbortController();
    return controller.provide(d, d.cursor, explicit, keystroke.signal);
  };
  return {
    controller,
    clock,
    seen,
    type,
    /** The next keystroke came (Monaco cancels the request before it asks again). */
    typeOn: () => keystroke?.abort(),
    /** A pause after typing: the wait passes, then the request runs to its end. */
    pause: async (d: CompletionDocument) => {
      const items = type(d);
      await clock.advance(WAIT);
      return items;
    },
  };
}

describe('the result cache', () => {
  it('reuses the result of an identical request: same file, language and text, no wait, no engine call', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const first = await e.pause(doc(BEFORE));
    expect(first.map((i) => i.insertText)).toEqual([VALID]);
    expect(engine.calls.complete).toHaveLength(1);
    e.controller.ended(first[0], false);
    const again = await e.type(doc(BEFORE));
    expect(again.map((i) => i.insertText)).toEqual([VALID]);
    expect(engine.calls.complete).toHaveLength(1);
    expect(e.seen.results).toHaveLength(2);
    expect(e.seen.results[1]).toBe(e.seen.results[0]);
  });

  it('asks again when any part of the key differs: file, language, text before or after the cursor, settings', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    await e.pause(doc(BEFORE));
    const variants = [
      doc(BEFORE, AFTER, { file: 'other.py' }),
      doc(BEFORE, AFTER, { language: 'javascript' }),
      doc(`# header\n${BEFORE}`),
      doc(BEFORE, `${AFTER}print(add(3, 4))\n`),
    ];
    for (const [i, d] of variants.entries()) {
      await e.pause(d);
      expect(engine.calls.complete).toHaveLength(i + 2);
    }
    expect(engine.calls.complete.map((c) => [c.req.file, c.req.language])).toContainEqual(['other.py', 'python']);
    expect(engine.calls.complete.map((c) => c.req.language)).toContain('javascript');
    // Another model (another resultContext): every kept result is dropped, the first text's included.
    engine.model = 'fixture-uncertain';
    await e.pause(doc(BEFORE));
    expect(engine.calls.complete).toHaveLength(variants.length + 2);
    expect(e.seen.results.at(-1)!.local.model).toContain('fixture-uncertain');
    await e.pause(doc(BEFORE, `${AFTER}print(add(3, 4))\n`));
    expect(engine.calls.complete).toHaveLength(variants.length + 3);
  });

  it('keys a window of a large file by its place: the same text around the cursor elsewhere in the file is another request', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    // Lines above the cursor, then the same text before and after it; one window step more of them shifts the window, not its text.
    const line = 'x = 100\n';
    const lines = (n: number) => line.repeat(n);
    const a = doc(lines(13_000) + BEFORE);
    const b = doc(lines(13_000 + GRID / line.length) + BEFORE);
    const first = await e.pause(a);
    expect(first).toHaveLength(1);
    const [req] = engine.calls.complete.map((c) => c.req);
    expect(req.window?.start).toBeGreaterThan(0);
    e.controller.ended(first[0], false);
    await e.pause(b);
    expect(engine.calls.complete).toHaveLength(2);
    const [wa, wb] = engine.calls.complete.map((c) => c.req);
    expect(wb.prefix).toBe(wa.prefix);
    expect(wb.suffix).toBe(wa.suffix);
    expect(wb.window!.start - wa.window!.start).toBe(GRID);
  });

  it('shows a failed escalation but does not keep it: the same place asked again asks again', async () => {
    server.setMode({ kind: 'status', status: 503, body: '{"error":"model is loading"}' });
    try {
      const engine = nodeEngine('fixture-uncertain', true);
      const e = editor(engine);
      const items = await e.pause(doc(BEFORE));
      expect(e.seen.results[0].route).toBe('failed');
      expect(items.map((i) => i.insertText)).toEqual([fixtureDesign('fixture-uncertain').completion]);
      e.controller.ended(items[0], false);
      await e.pause(doc(BEFORE));
      expect(engine.calls.complete).toHaveLength(2);
    } finally {
      server.setMode({ kind: 'ok', text: LARGE });
    }
  });
});

describe('the wait before asking', () => {
  it('asks once the configured wait has passed, and the model reads the prompt ahead meanwhile', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const items = e.type(doc(BEFORE));
    // The read-ahead starts after the keystroke's frame, not in it.
    expect(engine.calls.prefill).toHaveLength(0);
    await e.clock.advance(READ_AHEAD_AFTER_MS);
    expect(engine.calls.prefill.map((c) => c.req.prefix)).toEqual([BEFORE]);
    await e.clock.advance(WAIT - READ_AHEAD_AFTER_MS - 1);
    expect(engine.calls.complete).toHaveLength(0);
    await e.clock.advance(1);
    expect(engine.calls.complete).toHaveLength(1);
    expect((await items).map((i) => i.insertText)).toEqual([VALID]);
    expect(e.seen.pending).toEqual([true, false]);
  });

  it('follows the typing pace: after quick keys the wait is shorter than the configured one', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine, { adaptive: () => true });
    const typed: Promise<unknown[]>[] = [];
    for (let i = 1; i <= 10; i++) {
      typed.push(e.type(doc(BEFORE.slice(0, BEFORE.length - 10 + i))));
      await e.clock.advance(40);
    }
    // Every keystroke but the last was cancelled by the next: nothing asked for them.
    expect(await Promise.all(typed.slice(0, -1))).toEqual(Array(9).fill([]));
    expect(engine.calls.complete).toHaveLength(0);
    // Gaps of 40 ms: the wait is the pace's floor (100 ms), well under the configured 250; 40 of it are gone.
    await e.clock.advance(100 - 40 - 1);
    expect(engine.calls.complete).toHaveLength(0);
    await e.clock.advance(1);
    expect(engine.calls.complete).toHaveLength(1);
    expect(engine.calls.complete[0].req.prefix).toBe(BEFORE);
  });

  it('an editor that tells its keys: the pace reads every key, not only the ones a request followed', async () => {
    // As Monaco does: it asks only once typing has paused for 50 ms, so twelve keys 40 ms apart make one request.
    const burst = async (e: ReturnType<typeof editor>, tell: boolean) => {
      for (let k = 0; k < 12; k++) {
        if (tell) e.controller.keyTyped();
        if (k < 11) await e.clock.advance(40);
      }
      return { items: e.type(doc(BEFORE)) };
    };
    for (const tell of [false, true]) {
      const engine = nodeEngine('fixture-valid');
      const e = editor(engine, { adaptive: () => true });
      const { items } = await burst(e, tell);
      await e.clock.advance(99);
      // Told, eleven gaps of 40 ms: the pace's floor. Not told, the one request is all it saw: the configured wait.
      expect(engine.calls.complete).toHaveLength(0);
      await e.clock.advance(1);
      expect(engine.calls.complete).toHaveLength(tell ? 1 : 0);
      await e.clock.advance(WAIT);
      expect(engine.calls.complete).toHaveLength(1);
      await items;
    }
  });

  it('a suggestion stopped for and taken does not lengthen the wait: the gap it appeared in is no typing gap', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine, { adaptive: () => true });
    const line = async (n: number) => {
      const typed: ReturnType<typeof e.type>[] = [];
      for (let k = 1; k <= 12; k++) {
        typed.push(e.type(doc(`${BEFORE}n${n}${'x'.repeat(k)}`)));
        if (k < 12) await e.clock.advance(40);
      }
      const asked = engine.calls.complete.length;
      await e.clock.advance(99);
      const waitedFloor = engine.calls.complete.length === asked;
      await e.clock.advance(1);
      return { waitedFloor, askedAtFloor: engine.calls.complete.length > asked, typed };
    };
    for (let n = 0; n < 4; n++) {
      const { typed } = await line(n);
      await e.clock.advance(600);
      const [item] = await typed[11];
      expect(item.insertText).toBe(VALID);
      e.controller.didShow(item);
      // Read for 700 ms, taken; the next line 300 ms later.
      await e.clock.advance(700);
      e.controller.ended(item, true);
      void e.type(doc(`${BEFORE}n${n}${'x'.repeat(12)}${VALID}`));
      await e.clock.advance(300);
    }
    // Eleven gaps of 40 ms and one of 300 a line: the pace's floor. Counting each stop (the wait and 700 ms) would make it 600.
    const last = await line(4);
    expect(last).toMatchObject({ waitedFloor: true, askedAtFloor: true });
    await e.clock.advance(600);
    await Promise.all(last.typed);
  });

  it("once the pace is known, a burst's keys start no read-ahead: it waits until the next key is late", async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine, { adaptive: () => true });
    const typed: Promise<unknown[]>[] = [];
    for (let i = 1; i <= 20; i++) {
      typed.push(e.type(doc(BEFORE.slice(0, BEFORE.length - 20 + i))));
      if (i === 10) engine.calls.prefill.length = 0;
      if (i < 20) await e.clock.advance(40);
    }
    // Gaps of 40 ms: the read-ahead would start 48 ms after a key (1.2 x the gaps), so no key of the burst started one.
    expect(engine.calls.prefill).toHaveLength(0);
    await e.clock.advance(47);
    expect(engine.calls.prefill).toHaveLength(0);
    await e.clock.advance(1);
    expect(engine.calls.prefill.map((c) => c.req.prefix)).toEqual([BEFORE]);
    // It still reads ahead of the request: the wait is the pace's floor, 100 ms.
    expect(engine.calls.complete).toHaveLength(0);
    await e.clock.advance(100 - 48);
    expect(engine.calls.complete).toHaveLength(1);
    await Promise.all(typed);
  });

  it('an explicit request does not wait, and completes where typing would not: in a comment, or with completions off', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine, { enabled: () => false });
    expect(await e.pause(doc(BEFORE))).toEqual([]);
    expect(engine.calls.complete).toHaveLength(0);
    const asked = await e.type(doc(BEFORE), true);
    expect(asked.map((i) => i.insertText)).toEqual([VALID]);
    expect(engine.calls.prefill).toHaveLength(0);

    const on = editor(engine);
    const comment = doc('# add(1, 2) is ');
    expect(await on.pause(comment)).toEqual([]);
    expect(engine.calls.complete).toHaveLength(1);
    await on.type(comment, true);
    expect(engine.calls.complete).toHaveLength(2);
  });
});

describe('cancellation by typing on', () => {
  it('during the wait: the engine is never asked, the read-ahead stops, nothing is shown', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const items = e.type(doc(BEFORE));
    await e.clock.advance(WAIT / 2);
    e.typeOn();
    expect(await items).toEqual([]);
    expect(engine.calls.prefill[0].signal.aborted).toBe(true);
    await e.clock.advance(WAIT * 4);
    expect(engine.calls.complete).toHaveLength(0);
    expect(e.seen).toMatchObject({ results: [], pending: [], errors: [] });
  });

  it('while the engine runs: the request is aborted, no result and no error is reported', async () => {
    // The large model never answers: the request is in flight until the keystroke.
    server.setMode({ kind: 'hang' });
    try {
      const engine = nodeEngine('fixture-uncertain', true);
      const e = editor(engine);
      const arrived = server.requests.length;
      const items = e.type(doc(BEFORE));
      await e.clock.advance(WAIT);
      while (server.requests.length === arrived) await turn();
      e.typeOn();
      expect(engine.calls.complete[0].signal.aborted).toBe(true);
      expect(await items).toEqual([]);
      expect(e.seen).toMatchObject({ results: [], errors: [], pending: [true, false] });
    } finally {
      server.setMode({ kind: 'ok', text: LARGE });
    }
  });

  it('an edit that arrived while the engine ran: the result is not shown, but kept for that text', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    let version = 1;
    const d = doc(BEFORE, AFTER, { version: () => version });
    const items = e.type(d);
    version = 2;
    await e.clock.advance(WAIT);
    expect(await items).toEqual([]);
    expect(e.seen.results).toEqual([]);
    expect((await e.type(d)).map((i) => i.insertText)).toEqual([VALID]);
    expect(engine.calls.complete).toHaveLength(1);
  });
});

describe('a request that gets no answer', () => {
  it('is told with the time it ran (the stats count it as failed); one the next keystroke cancelled is not', async () => {
    const clock = new TestClock();
    const errors: [string, number][] = [];
    const rejects: ((e: Error) => void)[] = [];
    // The local model's worker as the engine meets it when its watchdog gives up: the call rejects, late.
    const source: CompletionSource = { complete: () => new Promise((_, reject) => rejects.push(reject)) };
    const c = new CompletionController<number>(
      {
        source: () => source,
        debounceMs: () => WAIT,
        adaptive: () => false,
        onResult: () => {},
        onError: (m, ms) => errors.push([m, ms]),
        onPending: () => {},
      },
      { clock },
    );
    const d = doc(BEFORE);
    const failed = c.provide(d, d.cursor, false, new AbortController().signal);
    await clock.advance(WAIT);
    await clock.advance(30_000);
    rejects[0](new Error('The local model made no progress for 30000 ms; its worker is being restarted.'));
    expect(await failed).toEqual([]);
    expect(errors).toEqual([['The local model made no progress for 30000 ms; its worker is being restarted.', 30_000]]);
    const typing = new AbortController();
    const cancelled = c.provide(doc(`${BEFORE}a`), d.cursor + 1, false, typing.signal);
    await clock.advance(WAIT);
    typing.abort();
    rejects[1](new Error('aborted'));
    expect(await cancelled).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});

describe('typing through a suggestion', () => {
  it('keeps the rest on screen while the typed characters match it, with no request; a differing one lets go', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    for (let n = 1; n < VALID.length; n++) {
      const items = await e.type(doc(BEFORE + VALID.slice(0, n)));
      expect(items.map((i) => i.insertText)).toEqual([VALID.slice(n)]);
    }
    expect(engine.calls.complete).toHaveLength(1);
    expect(engine.calls.prefill).toHaveLength(1);
    // A character the suggestion does not have: an ordinary request, with its wait.
    const differs = `${BEFORE}${VALID[0]}!`;
    expect(VALID.startsWith(differs.slice(BEFORE.length))).toBe(false);
    const items = e.type(doc(differs));
    await e.clock.advance(READ_AHEAD_AFTER_MS);
    expect(engine.calls.prefill).toHaveLength(2);
    await e.clock.advance(WAIT - READ_AHEAD_AFTER_MS);
    await items;
    expect(engine.calls.complete.map((c) => c.req.prefix)).toEqual([BEFORE, differs]);
  });

  it('a dismissed suggestion is not brought back by typing its next character', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    e.controller.ended(item, false);
    const next = e.type(doc(BEFORE + VALID[0]));
    await e.clock.advance(READ_AHEAD_AFTER_MS);
    expect(engine.calls.prefill).toHaveLength(2);
    await e.clock.advance(WAIT - READ_AHEAD_AFTER_MS);
    await next;
    expect(engine.calls.complete).toHaveLength(2);
  });
});

describe('the suggestion ready on accept', () => {
  it('is computed while a suggestion is shown, and served on accept without asking the engine or waiting', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    expect(engine.calls.predict.map((c) => [c.req.prefix, c.req.suffix])).toEqual([[BEFORE + VALID, AFTER]]);
    e.controller.ended(item, true);
    const next = await e.type(doc(BEFORE + VALID));
    expect(next).toHaveLength(1);
    expect(engine.calls.complete).toHaveLength(1);
    expect(engine.calls.prefill).toHaveLength(1);
    expect(e.controller.predictionStats()).toMatchObject({ started: 1, served: 1, cancelled: 0 });
    expect(e.seen.results).toHaveLength(2);
    expect(e.seen.results[1]).toBe(await engine.calls.predict[0].result);
    // One outcome per prediction, told once its result is in: served.
    expect(e.seen.predictions).toEqual([{ outcome: 'served', ms: expect.any(Number) }]);
  });

  it('is cancelled by any other edit; that edit gets an ordinary request', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    const { signal } = engine.calls.predict[0];
    const other = `${BEFORE}b`;
    const items = e.type(doc(other));
    expect(signal.aborted).toBe(true);
    expect(e.controller.predictionStats()).toMatchObject({ started: 1, served: 0, cancelled: 1 });
    expect(e.seen.predictions).toEqual([{ outcome: 'cancelled', ms: e.controller.predictionStats().wastedMs }]);
    await e.clock.advance(WAIT);
    await items;
    expect(engine.calls.complete.map((c) => c.req.prefix)).toEqual([BEFORE, other]);
  });

  it('one the route would escalate is not kept: told as such once it ends, and the accept asks the engine', async () => {
    const engine = nodeEngine('fixture-uncertain', true);
    const e = editor(engine);
    const items = await e.pause(doc(BEFORE));
    e.controller.didShow(items[0]);
    expect(engine.calls.predict).toHaveLength(1);
    expect(await engine.calls.predict[0].result).toBeUndefined();
    await turn();
    expect(e.seen.predictions).toEqual([{ outcome: 'not-kept', ms: expect.any(Number) }]);
    expect(e.controller.predictionStats()).toMatchObject({ started: 1, served: 0, cancelled: 0, notKept: 1 });
  });

  it('is not made for a text whose result is kept already', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [after] = await e.pause(doc(BEFORE + VALID));
    e.controller.ended(after, false);
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    expect(engine.calls.predict).toHaveLength(0);
    e.controller.ended(item, true);
    expect(await e.type(doc(BEFORE + VALID))).toHaveLength(1);
    expect(engine.calls.complete).toHaveLength(2);
  });

  it('is not made with the setting off', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine, { predictOnAccept: () => false });
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    expect(engine.calls.predict).toHaveLength(0);
  });
});

describe('settings followed from the config store (completion-settings.ts)', () => {
  const withEditor = (base: AppConfig, editor: Partial<AppConfig['editor']>) => resolveConfig(base, { editor }).config;

  it('a change in the store reaches the controller on its next decision, with no new controller or hooks', async () => {
    const engine = nodeEngine('fixture-valid');
    const store = new ConfigStore(withEditor(DEFAULT_CONFIG, { debounceMs: 400, adaptiveDebounce: false }));
    const followed = followEditorSettings(store);
    const e = editor(engine, followed.readers);
    const first = e.type(doc(BEFORE));
    await e.clock.advance(399);
    expect(engine.calls.complete).toHaveLength(0);
    await e.clock.advance(1);
    expect(engine.calls.complete).toHaveLength(1);
    const [item] = await first;
    e.controller.didShow(item);
    expect(engine.calls.predict).toHaveLength(1);
    e.controller.ended(item, false);

    // Saved in the Settings panel: a shorter wait, and no suggestion prepared ahead of an accept.
    store.set(withEditor(store.get(), { debounceMs: 100, predictOnAccept: false }));
    const second = e.type(doc(BEFORE, AFTER, { file: 'other.py' }));
    await e.clock.advance(99);
    expect(engine.calls.complete).toHaveLength(1);
    await e.clock.advance(1);
    expect(engine.calls.complete).toHaveLength(2);
    const [next] = await second;
    e.controller.didShow(next);
    expect(engine.calls.predict).toHaveLength(1);
    followed.dispose();
  });

  it('after dispose the store is no longer followed: a later change does not reach the controller', async () => {
    const engine = nodeEngine('fixture-valid');
    const store = new ConfigStore(withEditor(DEFAULT_CONFIG, { debounceMs: 100, adaptiveDebounce: false }));
    const followed = followEditorSettings(store);
    const e = editor(engine, followed.readers);
    followed.dispose();
    store.set(withEditor(store.get(), { debounceMs: 600, predictOnAccept: false }));
    const items = e.type(doc(BEFORE));
    await e.clock.advance(100);
    expect(engine.calls.complete).toHaveLength(1);
    const [item] = await items;
    e.controller.didShow(item);
    expect(engine.calls.predict).toHaveLength(1);
  });
});

describe('alternatives', () => {
  it("offers the large model's and the local answer; cycling moves the badge, typing through and the accept to the one on screen", async () => {
    const engine = nodeEngine('fixture-uncertain', true);
    const e = editor(engine);
    const items = await e.pause(doc(BEFORE));
    expect(items.map((i) => i.insertText)).toEqual([LARGE, fixtureDesign('fixture-uncertain').completion]);
    expect(e.seen.results.map((r) => r.alternative?.source)).toEqual(['escalated']);
    e.controller.didShow(items[0]);
    expect(e.seen.alternatives).toEqual([]);
    // Alt+] asks again at the same place before it cycles: the same items, no request.
    expect(await e.type(doc(BEFORE), true)).toBe(items);
    e.controller.cycledTo(items[1]);
    e.controller.cycledTo(items[0]);
    e.controller.cycledTo(items[1]);
    expect(e.seen.alternatives.map((r) => [r.alternative?.source, r.text])).toEqual([
      ['local', items[1].insertText],
      ['escalated', LARGE],
      ['local', items[1].insertText],
    ]);
    expect(e.seen.alternatives[0].summary).toContain("local model's suggestion");
    // Typing through follows the local answer on screen, which the large model's does not share.
    const typed = items[1].insertText.slice(0, 3);
    expect(LARGE.startsWith(typed)).toBe(false);
    const rest = await e.type(doc(BEFORE + typed));
    expect(rest.map((i) => i.insertText)).toEqual([items[1].insertText.slice(3)]);
    e.controller.ended(items[0], false);
    e.controller.ended(items[1], false);
    e.controller.didShow(rest[0]);
    e.controller.ended(rest[0], true);
    expect(e.seen.accepted.map((a) => [a.result.alternative?.source, a.partial])).toEqual([['local', false]]);
    expect(engine.calls.complete).toHaveLength(1);
  });

  it('takes the list of alternatives from the function it is given', async () => {
    const engine = nodeEngine('fixture-uncertain', true);
    const e = editor(engine);
    const only = new CompletionController<number>(
      { source: () => engine.source, debounceMs: () => 0, onResult: () => {}, onError: () => {}, onPending: () => {} },
      { alternatives: (r) => [r] },
    );
    const mine = await only.provide(doc(BEFORE), 0, true, new AbortController().signal);
    expect(mine.map((i) => i.insertText)).toEqual([LARGE]);
    expect((await e.type(doc(BEFORE), true)).length).toBe(2);
  });
});

describe('the second-best alternative', () => {
  const runnerUp = fixtureDesign('fixture-valid').runnerUp!.text;

  it('where a request has one answer, Alt+] asks the local model for its second-best start, once, and offers it next', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const items = await e.pause(doc(BEFORE));
    expect(items.map((i) => i.insertText)).toEqual([VALID]);
    const [first] = items;
    e.controller.didShow(first);
    // Not asked while typing: only where the user asks for another.
    expect(engine.calls.secondBest).toHaveLength(0);
    const { signal: predicting } = engine.calls.predict[0];
    const asked = await e.type(doc(BEFORE), true);
    expect(engine.calls.secondBest).toHaveLength(1);
    expect(engine.calls.secondBest[0].first).toBe(e.seen.results[0]);
    expect(engine.calls.secondBest[0].req).toMatchObject({ prefix: BEFORE, suffix: AFTER, file: 'main.py', language: 'python' });
    // The model serves one run at a time: the prediction in flight gave way.
    expect(predicting.aborted).toBe(true);
    expect(e.seen.predictions.map((p) => p.outcome)).toEqual(['cancelled']);
    // The item on screen stays the same object (the editor keeps it selected); the second-best one follows it.
    expect(asked[0]).toBe(first);
    expect(asked.map((i) => i.insertText)).toEqual([VALID, runnerUp + VALID.slice(1)]);
    expect(e.seen.alternatives.map((r) => r.alternative)).toEqual([{ index: 1, count: 2, source: 'local' }]);
    expect(e.seen.pending.slice(-2)).toEqual([true, false]);
    // Asked again at the same place: the same two items, no second ask.
    expect(await e.type(doc(BEFORE), true)).toBe(asked);
    expect(engine.calls.secondBest).toHaveLength(1);
    e.controller.cycledTo(asked[1]);
    expect(e.seen.alternatives.at(-1)).toMatchObject({ text: runnerUp + VALID.slice(1), alternative: { index: 2, source: 'second-best' } });
    expect(e.seen.alternatives.at(-1)!.summary).toContain('second-best');
    // Accepting it counts the second-best one, as one suggestion.
    e.controller.ended(asked[0], false);
    e.controller.ended(asked[1], true);
    expect(e.seen.accepted.map((a) => a.result.alternative?.source)).toEqual(['second-best']);
    expect(engine.calls.complete).toHaveLength(1);
  });

  it('is not asked where the request has two answers already', async () => {
    const engine = nodeEngine('fixture-uncertain', true);
    const e = editor(engine);
    const items = await e.pause(doc(BEFORE));
    expect(items).toHaveLength(2);
    e.controller.didShow(items[0]);
    expect(await e.type(doc(BEFORE), true)).toBe(items);
    expect(items).toHaveLength(2);
    expect(engine.calls.secondBest).toHaveLength(0);
  });

  it('an ask cut short by typing on adds nothing, and is asked again next time', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const items = await e.pause(doc(BEFORE));
    e.controller.didShow(items[0]);
    const asking = e.type(doc(BEFORE), true);
    e.typeOn();
    expect(engine.calls.secondBest[0].signal.aborted).toBe(true);
    expect((await asking).map((i) => i.insertText)).toEqual([VALID]);
    expect(e.seen.alternatives).toEqual([]);
    const again = await e.type(doc(BEFORE), true);
    expect(engine.calls.secondBest).toHaveLength(2);
    expect(again.map((i) => i.insertText)).toEqual([VALID, runnerUp + VALID.slice(1)]);
  });
});

describe('shown and accepted', () => {
  it(`counts a suggestion as shown after ${SHOWN_AFTER_MS} ms on screen, once; accepted once, word by word first`, async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    await e.clock.advance(SHOWN_AFTER_MS - 1);
    expect(e.seen.shown).toEqual([]);
    await e.clock.advance(1);
    expect(e.seen.shown).toEqual([e.seen.results[0]]);
    e.controller.didShow(item);
    await e.clock.advance(SHOWN_AFTER_MS * 2);
    expect(e.seen.shown).toHaveLength(1);
    e.controller.partiallyAccepted(item);
    e.controller.partiallyAccepted(item);
    e.controller.ended(item, true);
    expect(e.seen.accepted).toEqual([{ result: e.seen.results[0], partial: true }]);
  });

  it('a suggestion dismissed sooner never counts as shown; one accepted sooner does', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [dismissed] = await e.pause(doc(BEFORE));
    e.controller.didShow(dismissed);
    await e.clock.advance(SHOWN_AFTER_MS / 2);
    // Shown again (cycling back to it) before it is dismissed: still one wait, stopped by the dismissal.
    e.controller.didShow(dismissed);
    await e.clock.advance(SHOWN_AFTER_MS / 2 - 1);
    e.controller.ended(dismissed, false);
    await e.clock.advance(SHOWN_AFTER_MS * 2);
    expect(e.seen.shown).toEqual([]);

    const [taken] = await e.type(doc(BEFORE));
    e.controller.didShow(taken);
    e.controller.ended(taken, true);
    expect(e.seen.shown).toHaveLength(1);
    expect(e.seen.accepted).toMatchObject([{ partial: false }]);
    await e.clock.advance(SHOWN_AFTER_MS * 2);
    expect(e.seen.shown).toHaveLength(1);
  });

  it('a suggestion typed through is one suggestion: shown once, accepted once, with its own result', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine);
    const [first] = await e.pause(doc(BEFORE));
    e.controller.didShow(first);
    const [rest] = await e.type(doc(BEFORE + VALID[0]));
    // Monaco ends the first item once the rest replaces it.
    e.controller.ended(first, false);
    e.controller.didShow(rest);
    await e.clock.advance(SHOWN_AFTER_MS);
    e.controller.ended(rest, true);
    expect(e.seen.shown).toEqual([e.seen.results[0]]);
    expect(e.seen.accepted).toEqual([{ result: e.seen.results[0], partial: false }]);
    expect(e.seen.results).toHaveLength(1);
  });
});

describe('what a host is told (the Monaco package reads these hooks)', () => {
  it('the suggestion on screen at once, each part taken with its text, each whole accept, and gone', async () => {
    const engine = nodeEngine('fixture-valid');
    const told: string[] = [];
    const e = editor(engine, {
      onScreen: (r) => told.push(r ? `screen ${r.text}` : 'screen none'),
      onPartlyAccepted: (r, text) => told.push(`part ${text} of ${r.text}`),
      onTaken: (r) => told.push(`taken ${r.text}`),
      onRejected: (r) => told.push(`rejected ${r.text}`),
    });
    const [item] = await e.pause(doc(BEFORE));
    e.controller.didShow(item);
    expect(told).toEqual([`screen ${VALID}`]);
    e.controller.partiallyAccepted(item, 1);
    e.controller.partiallyAccepted(item, 3);
    e.controller.ended(item, true);
    expect(told).toEqual([
      `screen ${VALID}`,
      `part ${VALID.slice(0, 1)} of ${VALID}`,
      `part ${VALID.slice(0, 3)} of ${VALID}`,
      `taken ${VALID}`,
      'screen none',
    ]);
    // Told once per part, and the stats' acceptance once per suggestion.
    expect(e.seen.accepted).toEqual([{ result: e.seen.results[0], partial: true }]);
  });

  it('rejected once, only for a suggestion that was on screen and of which nothing was taken', async () => {
    const engine = nodeEngine('fixture-valid');
    const rejected: string[] = [];
    const e = editor(engine, { onRejected: (r) => rejected.push(r.text) });
    const [never] = await e.pause(doc(BEFORE));
    e.controller.ended(never, false);
    expect(rejected).toEqual([]);
    const [seen] = await e.type(doc(BEFORE));
    e.controller.didShow(seen);
    e.controller.ended(seen, false);
    expect(rejected).toEqual([VALID]);
    const [part] = await e.type(doc(BEFORE));
    e.controller.didShow(part);
    e.controller.partiallyAccepted(part, 1);
    e.controller.ended(part, false);
    expect(rejected).toEqual([VALID]);
  });

  it('with reuseResults off, an identical request asks the engine again', async () => {
    const engine = nodeEngine('fixture-valid');
    const e = editor(engine, {}, { reuseResults: false });
    const [first] = await e.pause(doc(BEFORE));
    e.controller.ended(first, false);
    const again = await e.pause(doc(BEFORE));
    expect(again.map((i) => i.insertText)).toEqual([VALID]);
    expect(engine.calls.complete).toHaveLength(2);
    expect(e.seen.results[1]).not.toBe(e.seen.results[0]);
  });
});
