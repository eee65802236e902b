// The engine in someone else's app: the packages packed and installed from
// their tarballs into a fresh Vite app (testing/embedding/packed-example.ts),
// built, served on loopback, and driven in Chromium. The CodeMirror example
// and the Monaco example complete with the demo model; then the host page tries what the privacy
// rules forbid it (reading the transport or the API key, sending past the
// gate, editing the ledger).
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../testing/playwright/ide';
import type { Page } from '@playwright/test';
import { buildPackedExample, type PackedExample } from '../testing/embedding/packed-example';
import { startStaticServer, type StaticHandle } from '../testing/servers/static-server';

const API_KEY = 'sk-embed-host-must-never-read-this-9f3a';
const DOC = 'def add(a, b):\n    return';

let example: PackedExample;
let site: StaticHandle;
/** config.json as the example reads it: each test writes its own. */
const served: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Building, packing, installing and building again: minutes on a busy machine, so only a hang fails it.
  test.setTimeout(900_000);
  example = await buildPackedExample();
  site = await startStaticServer(example.dist, served);
});

test.afterAll(async () => {
  await site?.close();
  example?.remove();
});

/** The demo model on WASM, over the engine's defaults; `extra` adds or replaces top-level settings. */
function configure(model: string, extra: Record<string, unknown> = {}): void {
  served['/config.json'] = JSON.stringify({
    device: 'wasm',
    model: { id: model, family: 'qwen2.5-coder', source: { kind: 'bundled' }, dtype: { webgpu: 'fp32', wasm: 'fp32' } },
    endpoint: null,
    ...extra,
  });
}

interface Told {
  type: string;
  id: string;
  text: string;
}

async function openExample(page: Page, at = '/'): Promise<void> {
  await page.goto(site.url + at);
  await expect(page.locator('#status')).toHaveText(/ready on wasm/, { timeout: 60_000 });
  // The host's own record of the engine's events, as a host's stats would keep it.
  await page.evaluate(() => {
    type S = { id: string; edit: { text: string } };
    const w = window as unknown as { example: { engine: { on(t: string, f: (e: unknown) => void): void } }; told: Told[] };
    w.told = [];
    for (const type of ['shown', 'accepted', 'rejected'])
      w.example.engine.on(type, (e) => w.told.push({ type, id: (e as S).id, text: (e as S).edit.text }));
    w.example.engine.on('partly-accepted', (e) => {
      const { suggestion, acceptedText } = e as { suggestion: S; acceptedText: string };
      w.told.push({ type: 'partly-accepted', id: suggestion.id, text: acceptedText });
    });
  });
}

/** What the engine told the host about the suggestion that got `type` last: its events in order. */
async function storyOfLast(page: Page, type: string): Promise<string[]> {
  const told = await page.evaluate(() => (window as unknown as { told: Told[] }).told);
  const last = told.filter((t) => t.type === type).at(-1);
  return last ? told.filter((t) => t.id === last.id).map((t) => `${t.type} ${t.text}`) : [];
}

const docText = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { example: { view: { state: { doc: { toString(): string } } } } }).example.view.state.doc.toString(),
  );

/** Puts the cursor at the end of the document and types `text`. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('the packed packages: ESM with one type declaration file each, side-effect free, the workers beside the entry', async () => {
  for (const t of example.tarballs) expect(t.bytes, t.name).toBeGreaterThan(0);
  const pkg = JSON.parse(fs.readFileSync(path.join(example.installed, 'package.json'), 'utf8'));
  expect(pkg.sideEffects).toBe(false);
  expect(pkg.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
  const entry = fs.readFileSync(path.join(example.installed, 'dist/index.js'), 'utf8');
  // The one value the package exports; everything else is a type.
  expect(entry.match(/^export \{([^}]*)\};?\s*$/m)?.[1].trim()).toBe('createEngine');
  expect(entry).toContain('new Worker(new URL("./inference.worker.js", import.meta.url)');
  expect(fs.readFileSync(path.join(example.installed, 'dist/index.d.ts'), 'utf8')).toMatch(/complete\(input: CompletionInput/);
  // The host's build emitted the runtimes the workers name.
  const assets = fs.readdirSync(path.join(example.dist, 'assets'));
  expect(assets.some((f) => /^ort-wasm-simd-threaded.*\.wasm$/.test(f))).toBe(true);
  expect(assets.some((f) => /^tree-sitter-python.*\.wasm$/.test(f))).toBe(true);
});

test('CodeMirror 6 from the packed packages: ghost text from the demo model, Tab accepts, Escape dismisses, Ctrl+Right takes a word', async ({
  page,
}) => {
  configure('fixture-valid');
  await openExample(page);

  await typeAtEnd(page, ' ');
  await expect(page.locator('.cm-ghostText')).toHaveText('a + b');
  await expect(page.locator('#badge')).toHaveAttribute('data-route', 'local');
  await expect(page.locator('#badge')).toContainText('local on wasm');
  await page.keyboard.press('Tab');
  expect(await docText(page)).toBe(`${DOC} a + b`);
  await expect.poll(() => storyOfLast(page, 'accepted')).toEqual(['shown a + b', 'accepted a + b']);

  // A new line, a new suggestion: dismissed with Escape.
  await page.keyboard.press('Enter');
  await page.keyboard.type('    return ');
  await expect(page.locator('.cm-ghostText')).toHaveText('a + b');
  await page.keyboard.press('Escape');
  await expect(page.locator('.cm-ghostText')).toHaveCount(0);
  await expect(page.locator('#badge')).toHaveAttribute('data-route', 'none');
  await expect.poll(() => storyOfLast(page, 'rejected')).toEqual(['shown a + b', 'rejected a + b']);

  // Typing on asks again; Ctrl+Right takes the first word and leaves the rest on screen.
  await page.keyboard.press('Backspace');
  await page.keyboard.type(' ');
  await expect(page.locator('.cm-ghostText')).toHaveText('a + b');
  await page.keyboard.press('Control+ArrowRight');
  await expect(page.locator('.cm-ghostText')).toHaveText(' + b');
  expect(await docText(page)).toBe(`${DOC} a + b\n    return a`);
  await page.keyboard.press('Tab');
  expect(await docText(page)).toBe(`${DOC} a + b\n    return a + b`);
  // Taken word by word and then whole: partly accepted, accepted, never rejected.
  await expect.poll(() => storyOfLast(page, 'partly-accepted')).toEqual(['shown a + b', 'partly-accepted a', 'accepted a + b']);
});

test('privacy from the host side: results but never the transport, no way past the gate, no API key read back, no ledger edits', async ({
  page,
  server,
}) => {
  // The uncertain model escalates: the organisation's server (a loopback one) answers.
  configure('fixture-uncertain', {
    endpoint: { url: server.url, model: 'big-coder', family: 'qwen2.5-coder', timeoutMs: 10_000, maxTokens: 32, apiKey: API_KEY },
  });
  await openExample(page);
  const seen = await page.evaluate(
    async ({ key, doc }) => {
      type Suggestion = { edit: { text: string }; provenance: Record<string, unknown> };
      type Engine = {
        complete(input: object): AsyncIterable<Suggestion>;
        settings: { endpoint: Record<string, unknown> };
        ledger: { entries(): Record<string, unknown>[]; export(): string } & Record<string, unknown>;
      };
      const engine = (window as unknown as { example: { engine: Engine } }).example.engine;
      const all = async (input: object) => {
        const out: Suggestion[] = [];
        for await (const s of engine.complete(input)) out.push(s);
        return out;
      };
      const [escalated] = await all({ text: `${doc} `, cursor: doc.length + 1, language: 'python', file: 'main.py' });

      // Everything the host can reach from the engine and its results: own properties (getters read), prototypes.
      const reached = new Set<unknown>();
      const strings: string[] = [];
      const queue: unknown[] = [engine, escalated];
      while (queue.length) {
        const v = queue.pop();
        if (typeof v === 'string') strings.push(v);
        if (v === null || (typeof v !== 'object' && typeof v !== 'function') || reached.has(v)) continue;
        reached.add(v);
        for (const k of Reflect.ownKeys(v)) {
          const d = Object.getOwnPropertyDescriptor(v, k)!;
          if ('value' in d) queue.push(d.value);
          else if (d.get) {
            try {
              queue.push(d.get.call(v));
            } catch {
              // a built-in's getter on the wrong receiver
            }
          }
        }
        queue.push(Object.getPrototypeOf(v));
      }

      const entries = engine.ledger.entries();
      const edits = {
        setEntryField: Reflect.set(entries[0], 'destination', 'elsewhere'),
        deleteEntry: Reflect.deleteProperty(entries, '0'),
        replaceLedger: Reflect.set(engine, 'ledger', { entries: () => [] }),
        replaceComplete: Reflect.set(engine, 'complete', () => undefined),
        setEndpoint: Reflect.set(engine.settings.endpoint, 'url', 'http://elsewhere.example/v1'),
        push: (() => {
          try {
            (entries as unknown[]).push({});
            return true;
          } catch {
            return false;
          }
        })(),
      };

      // Past the gate: a never-send file and a credential in the text. Both stay local.
      const neverSend = (await all({ text: `${doc} `, cursor: doc.length + 1, language: 'python', file: '.env' }))[0];
      const secretText = `AWS_KEY = "AKIAQWERTYUIOPASDFGH"\n\n${doc} `;
      const secret = (await all({ text: secretText, cursor: secretText.length, language: 'python', file: 'main.py' }))[0];

      return {
        escalated: escalated.provenance,
        frozen: [
          escalated,
          escalated.edit,
          escalated.provenance,
          engine,
          engine.settings,
          engine.settings.endpoint,
          entries,
          entries[0],
        ].map((o) => Object.isFrozen(o)),
        keyReached: strings.filter((s) => s.includes(key)).length,
        reachedObjects: reached.size,
        engineKeys: Object.keys(engine).sort(),
        ledgerKeys: Object.keys(engine.ledger).sort(),
        endpoint: engine.settings.endpoint,
        edits,
        ledgerAfter: engine.ledger.entries().map((e) => ({ destination: e.destination, bytes: e.bytes, outcome: e.outcome })),
        exportHasKey: engine.ledger.export().includes(key),
        neverSend: neverSend?.provenance ?? null,
        secret: secret?.provenance ?? null,
      };
    },
    { key: API_KEY, doc: DOC },
  );

  // The host got the result and its provenance, and nothing else.
  expect(seen.escalated).toMatchObject({ route: 'escalated', delivery: 'delivered', reasons: ['confidence'] });
  expect(seen.escalated.bytesSent).toBeGreaterThan(0);
  expect(seen.frozen).toEqual(Array(8).fill(true));
  expect(seen.engineKeys).toEqual(
    ['accepted', 'complete', 'dispose', 'ledger', 'on', 'partlyAccepted', 'prefill', 'ready', 'rejected', 'settings', 'shown'].sort(),
  );
  expect(seen.ledgerKeys).toEqual(['entries', 'export', 'totals']);
  // The key went to the server, and nowhere the host can read it.
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  expect(seen.reachedObjects).toBeGreaterThan(20);
  expect(seen.keyReached).toBe(0);
  expect(seen.endpoint).not.toHaveProperty('apiKey');
  expect(seen.endpoint).toMatchObject({ hasApiKey: true, url: server.url });
  expect(seen.exportHasKey).toBe(false);
  // No edit took: the ledger still says what happened.
  expect(seen.edits).toEqual({
    setEntryField: false,
    deleteEntry: false,
    replaceLedger: false,
    replaceComplete: false,
    setEndpoint: false,
    push: false,
  });
  expect(seen.ledgerAfter).toEqual([{ destination: seen.escalated.destination, bytes: seen.escalated.bytesSent, outcome: 'ok' }]);
  // The gate stood between the host's requests and the network: nothing more reached the server.
  expect(seen.neverSend).toMatchObject({ route: 'blocked', blockedBy: 'never-send', bytesSent: 0, delivery: 'none' });
  expect(seen.secret).toMatchObject({ route: 'blocked', blockedBy: 'secret', bytesSent: 0, delivery: 'none' });
  expect(server.requests).toHaveLength(1);
});

test('several suggestions for one request as range edits; an abort ends the iteration with an AbortError', async ({ page }) => {
  configure('fixture-valid');
  await openExample(page);
  const seen = await page.evaluate(async (doc) => {
    type Suggestion = { index: number; edit: { from: number; to: number; text: string }; provenance: { source: string; route: string } };
    type Engine = { complete(input: object, options?: object): AsyncIterable<Suggestion> };
    const { engine } = (window as unknown as { example: { engine: Engine } }).example;
    const input = { text: `${doc} `, cursor: doc.length + 1, language: 'python', file: 'main.py' };
    const two: Suggestion[] = [];
    for await (const s of engine.complete(input, { alternatives: 2 })) two.push(s);

    const ending = async (signal: AbortSignal) => {
      try {
        for await (const s of engine.complete(input, { signal })) void s;
        return 'ended without an error';
      } catch (e) {
        return (e as Error).name;
      }
    };
    const midway = new AbortController();
    const running = ending(midway.signal);
    midway.abort();
    const before = new AbortController();
    before.abort();

    return {
      two: two.map((s) => ({ index: s.index, edit: s.edit, source: s.provenance.source, route: s.provenance.route })),
      abortedMidway: await running,
      abortedBefore: await ending(before.signal),
    };
  }, DOC);

  const at = DOC.length + 1;
  expect(seen.two[0]).toEqual({ index: 0, edit: { from: at, to: at, text: 'a + b' }, source: 'local', route: 'local' });
  expect(seen.two).toHaveLength(2);
  expect(seen.two[1]).toMatchObject({ index: 1, edit: { from: at, to: at }, source: 'second-best' });
  expect(seen.two[1].edit.text).not.toBe('a + b');
  expect(seen.abortedMidway).toBe('AbortError');
  expect(seen.abortedBefore).toBe('AbortError');
});

test('Monaco from the packed packages: inline completion from the demo model, Tab accepts, Escape dismisses, Ctrl+Right takes a word, Alt+\\ asks in a comment', async ({
  page,
}) => {
  configure('fixture-valid');
  await openExample(page, '/monaco/index.html');
  type Editor = {
    getValue(): string;
    focus(): void;
    setPosition(p: object): void;
    getModel(): { getLineCount(): number; getLineMaxColumn(l: number): number };
  };
  const text = () => page.evaluate(() => (window as unknown as { example: { editor: Editor } }).example.editor.getValue());
  const ghost = page.locator('.ghost-text-decoration, .ghost-text');
  await page.evaluate(() => {
    const { editor } = (window as unknown as { example: { editor: Editor } }).example;
    const last = editor.getModel().getLineCount();
    editor.focus();
    editor.setPosition({ lineNumber: last, column: editor.getModel().getLineMaxColumn(last) });
  });

  await page.keyboard.type(' ');
  await expect(ghost.first()).toContainText('a + b');
  await expect(page.locator('#badge')).toHaveAttribute('data-route', 'local');
  await page.keyboard.press('Tab');
  await expect.poll(text).toBe(`${DOC} a + b`);
  await expect.poll(() => storyOfLast(page, 'accepted')).toEqual(['shown a + b', 'accepted a + b']);

  // A new line (whatever indentation Monaco gives it is selected and typed over), a new suggestion: dismissed with Escape.
  await page.keyboard.press('Enter');
  await page.evaluate(() => {
    const { editor } = (window as unknown as { example: { editor: Editor & { setSelection(r: object): void } } }).example;
    const last = editor.getModel().getLineCount();
    editor.setSelection({
      startLineNumber: last,
      startColumn: 1,
      endLineNumber: last,
      endColumn: editor.getModel().getLineMaxColumn(last),
    });
  });
  await page.keyboard.type('    return ');
  await expect(ghost.first()).toContainText('a + b');
  await page.keyboard.press('Escape');
  await expect(ghost).toHaveCount(0);
  await expect.poll(() => storyOfLast(page, 'rejected')).toEqual(['shown a + b', 'rejected a + b']);

  await page.keyboard.press('Backspace');
  await page.keyboard.type(' ');
  await expect(ghost.first()).toContainText('a + b');
  await page.keyboard.press('Control+ArrowRight');
  await expect.poll(text).toBe(`${DOC} a + b\n    return a`);
  await expect.poll(() => storyOfLast(page, 'partly-accepted')).toEqual(['shown a + b', 'partly-accepted a']);

  // The IDE's keys, from the package: in a comment typing asks nothing (the IDE's rule), and Alt+\ asks now.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('# note: ');
  await page.waitForTimeout(1500); // well past the pause before a request (250 ms)
  await expect(ghost).toHaveCount(0);
  await page.keyboard.press('Alt+Backslash');
  await expect(ghost.first()).toContainText('a + b');
});
