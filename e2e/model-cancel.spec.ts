// A keystroke cancels the request in flight, and the model's worker must stop
// writing at once: on WASM a forward pass never yields to the worker's event
// loop, so the cancel would be read only once the whole generation was done,
// the model taking a core while the person types. The worker lets its event
// loop run before every pass (src/completion/worker/local-model.ts).
import { expect, test } from '../testing/playwright/ide';

interface Written {
  finish: string;
  tokens: unknown[];
  ms: number;
}

test('a request cancelled while the model writes stops at the next token, not at the end', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-qwen2-tiny', endpoint: null, modelExtra: { sharedWorker: false } });
  const [whole, cancelled] = await page.evaluate(async () => {
    const inference = (
      window as unknown as {
        __ide: { engine: { inference: { complete(r: object, s: AbortSignal, watchdogMs: number): Promise<Written> } } };
      }
    ).__ide.engine.inference;
    const ask = (signal: AbortSignal) =>
      inference.complete({ prefix: 'def total(xs):\n    return ', suffix: '\n', maxNewTokens: 256 }, signal, 60_000);
    // How long the model writes this request uncancelled, then the same request cancelled a third of the way in.
    const uncancelled = await ask(new AbortController().signal);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), uncancelled.ms / 3);
    return [uncancelled, await ask(ac.signal)] as const;
  });
  // The fixture writes random tokens: enough of them that a cancel a third of the way in lands mid-generation.
  expect(whole.tokens.length).toBeGreaterThanOrEqual(30);
  expect(cancelled.finish).toBe('aborted');
  expect(cancelled.tokens.length).toBeLessThan(whole.tokens.length);
});
