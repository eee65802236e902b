// KV-cache reuse in the browser, on WebGPU and on WASM: over a typing replay
// of a real file, the app's engine with reuse on gives exactly the tokens it
// gives with reuse off, while computing a fraction of each prompt; reading
// ahead while typing (prefill) is stopped by the next keystroke and its work
// is kept. Same comparison as src/completion/worker/prompt-reuse.test.ts in Node.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { documentAt, pausesOf, typingReplay } from '../testing/completion/typing-replay';
import { expect, modelReady, test } from '../testing/playwright/ide';

// A fixed copy of a real TypeScript file (the router, as it once was): the replay's reuse depends
// on where its edits fall, so the text does not follow the code.
const source = readFileSync(new URL('../testing/playwright/replay-source.ts.txt', import.meta.url), 'utf8');
const replay = typingReplay(source, { seed: 7, lines: 6 });
const pauses = pausesOf(replay, 250)
  .slice(0, 6)
  .map((s) => documentAt(replay, s));
// The step before each pause: what the read-ahead sees while the user is still typing.
const MODEL = { reuseCache: true, maxPromptTokens: 256, maxNewTokens: 6, latencyTargetMs: { webgpu: 0, wasm: 0 } };

interface Run {
  ids: number[];
  promptTokens: number;
  reusedTokens: number;
}

async function runReplay(page: Page, readAhead: boolean): Promise<Run[]> {
  return page.evaluate(
    async ({ docs, readAhead }) => {
      type Engine = {
        complete(
          r: object,
          s: AbortSignal,
        ): Promise<{ local: { tokens: { id: number }[]; stats?: { promptTokens: number; reusedTokens: number } } }>;
        prefill(r: object, s: AbortSignal): void;
      };
      const engine = (window as unknown as { __ide: { engine: Engine } }).__ide.engine;
      const out: Run[] = [];
      for (const d of docs) {
        const req = { ...d, language: 'typescript', file: 'router.ts' };
        if (readAhead) {
          // A read-ahead stopped by a "keystroke" at once, then one left to run before the request.
          const stopped = new AbortController();
          engine.prefill({ ...req, prefix: d.prefix.slice(0, -1) }, stopped.signal);
          stopped.abort();
          engine.prefill(req, new AbortController().signal);
        }
        const r = await engine.complete(req, new AbortController().signal);
        out.push({
          ids: r.local.tokens.map((t) => t.id),
          promptTokens: r.local.stats!.promptTokens,
          reusedTokens: r.local.stats!.reusedTokens,
        });
      }
      return out;
    },
    { docs: pauses, readAhead },
  );
}

test(
  'reuse gives the tokens of a fresh computation over a typing replay, computing a fraction of the prompt',
  { tag: '@device' },
  async ({ page, openIde }) => {
    test.setTimeout(300_000);
    await openIde({ model: 'fixture-qwen2-tiny', endpoint: null, modelExtra: MODEL });
    const reused = await runReplay(page, true);

    await page.evaluate(
      (model) => {
        const settings = JSON.parse(localStorage.getItem('router-ide.settings')!);
        localStorage.setItem('router-ide.settings', JSON.stringify({ ...settings, model: { ...settings.model, ...model } }));
      },
      { ...MODEL, reuseCache: false },
    );
    await page.reload();
    await modelReady(page);
    const fresh = await runReplay(page, false);

    expect(reused.map((r) => r.ids)).toEqual(fresh.map((r) => r.ids));
    expect(fresh.every((r) => r.reusedTokens === 0)).toBe(true);
    // After the first pause, the read-ahead and the cache leave little to compute.
    const computed = reused.slice(1).map((r) => r.promptTokens - r.reusedTokens);
    const full = fresh.slice(1).map((r) => r.promptTokens);
    expect(Math.max(...computed)).toBeLessThan(Math.min(...full) / 2);
  },
);
