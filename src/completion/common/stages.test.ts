// Each stage on its own, with real parts: a fixture model through the app's
// loader, the tree-sitter validator, a loopback OpenAI-compatible server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type FakeServerHandle } from '../../../testing/servers/openai-server';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { createProtocolClient } from '../../endpoint';
import { localModelPort } from '../worker/fim-completion';
import { loadLocalModel, type LoadedModel } from '../worker/local-model';
import { createNodeValidator } from '../../syntax/node-runtime';
import { AbortedError, escalate, escalationDraft, generateLocal, judge, route } from './stages';
import type { LocalModelPort, RouterConfig } from '../../vocabulary/types';

const dir = mkdtempSync(join(tmpdir(), 'stages-fixtures-'));
let model: LoadedModel;
let port: LocalModelPort;
let server: FakeServerHandle;
const router: RouterConfig = { policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean' };
const prefix = 'def add(a, b):\n    return ';
const ctx = { prefix, suffix: '\n\nprint(add(1, 2))\n', language: 'python', maxNewTokens: 16, earlyEscalation: false };
const rules = { neverSend: DEFAULT_CONFIG.privacy.neverSend, secrets: DEFAULT_CONFIG.privacy.secrets };

beforeAll(async () => {
  await writeFixtureModels(dir);
  model = await loadLocalModel({ model: 'fixture-valid', source: { kind: 'bundled', root: dir }, device: 'cpu' });
  port = localModelPort(model, 'qwen2.5-coder');
  server = await startOpenAIServer({ kind: 'ok', text: 'max(a, b))' });
});
afterAll(async () => {
  await server.close();
  await model.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('generateLocal', () => {
  it("post-processes the model's text and says which filters changed it; the tokens stay the model's", async () => {
    const out = await generateLocal({ ...ctx, suffix: 'b)\n' }, router, port, new AbortController().signal);
    expect(out).toMatchObject({ text: 'a + ', raw: 'a + b', filters: ['trim-suffix-overlap'] });
    expect(out.tokens.map((t) => t.text).join('')).toBe('a + b');
  });

  it('leaves no raw text or filters when post-processing changed nothing', async () => {
    const out = await generateLocal(ctx, router, port, new AbortController().signal);
    expect(out.text).toBe('a + b');
    expect(out).not.toHaveProperty('raw');
    expect(out).not.toHaveProperty('filters');
  });

  it('a cancelled request throws rather than return a partial text', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(generateLocal(ctx, router, port, ac.signal)).rejects.toBeInstanceOf(AbortedError);
  });
});

describe('judge: the checks', () => {
  // A policy that reads the semantic check, and a finished local completion: judge asks every check it was given.
  const semanticRouter: RouterConfig = { ...router, policy: 'syntax+confidence+semantic' };
  const local = (text: string) => ({
    text,
    tokens: [{ id: 1, text, prob: 0.99 }],
    finish: 'stop' as const,
    device: 'wasm' as const,
    model: 'm',
    ms: 0,
  });
  const check = (at: Parameters<typeof judge>[0], text: string, ports: Parameters<typeof judge>[3]) =>
    judge(at, local(text), semanticRouter, ports, new AbortController().signal);

  it('asks the semantic check only when given its port', async () => {
    const validator = createNodeValidator();
    const asked: string[] = [];
    const semantic = {
      check: async (r: { completion: string; language: string }) => (
        asked.push(r.completion),
        { language: r.language, checked: false, findings: [], checks: [], ms: 0 }
      ),
    };
    const without = await check(ctx, 'a +', { syntax: validator });
    expect(without.syntax).toMatchObject({ checked: true, valid: false });
    expect(without).not.toHaveProperty('semantic');
    const withIt = await check(ctx, 'a + b', { syntax: validator, semantic });
    expect(withIt.syntax.valid).toBe(true);
    expect(withIt.semantic).toMatchObject({ checked: false });
    expect(asked).toEqual(['a + b']);
  });

  it("gives the semantic check the workspace's names and classes, and the syntax check only the text", async () => {
    const seen: object[] = [];
    const record =
      <T>(answer: T) =>
      async (r: object) => (seen.push(r), answer);
    const semantics = { names: ['helper'], classes: [{ local: 'C', module: 'm', name: 'C', file: 'm.py', members: ['run'] }] };
    await check({ ...ctx, semantics, file: 'src/a.py' }, 'a + b', {
      syntax: { validate: record({ checked: true, valid: true, errors: [], preexistingErrors: 0, ms: 0, language: 'python' }) },
      semantic: { check: record({ language: 'python', checked: true, findings: [], checks: [], ms: 0 }) },
    });
    expect(seen[0]).not.toHaveProperty('workspaceNames');
    expect(seen[1]).toMatchObject({
      completion: 'a + b',
      workspaceNames: ['helper'],
      workspaceClasses: semantics.classes,
      file: 'src/a.py',
    });
  });
});

describe('route', () => {
  const tokens = [{ id: 1, text: 'a', prob: 0.99 }];
  const syntax = { checked: true, valid: true, errors: [], preexistingErrors: 0, ms: 0, language: 'python' };
  it('keeps a confident, valid, finished completion', () => {
    expect(route({ tokens, finish: 'stop' }, { syntax }, router).action).toBe('keep');
  });
  it('never keeps a completion stopped early: the early reason becomes a failing reason of its kind', () => {
    const d = route({ tokens, finish: 'early', earlyReason: 'syntax: ")" closes "[" after 1 token(s)' }, { syntax }, router);
    expect(d.action).toBe('escalate');
    expect(d.escalateBecause).toEqual(['syntax']);
    expect(d.reasons.at(-1)!.message).toMatch(/^local generation stopped early: "\)" closes/);
  });
});

describe('escalate', () => {
  it("post-processes the large model's answer as the local one is", async () => {
    const client = createProtocolClient({ url: server.url, model: 'big', family: 'qwen2.5-coder', timeoutMs: 2000, maxTokens: 32 });
    const res = await escalate(client, escalationDraft({ prefix: 'm = ', suffix: ')\n' }, rules), new AbortController().signal);
    expect(res).toMatchObject({ text: 'max(a, b)', raw: 'max(a, b))', filters: ['trim-suffix-overlap'] });
  });

  it('drafts the window, the file and the snippets of a prepared request', () => {
    const draft = escalationDraft(
      {
        prefix: 'p',
        suffix: 's',
        window: { before: 'B', after: 'A', start: 1, startLine: 0, documentLength: 4 },
        context: {
          file: 'a.py',
          share: 0.3,
          snippets: [{ file: 'b.py', text: 'x = 1', source: 'x = 1\n', startLine: 0, reason: 'import', score: 1 }],
        },
      },
      rules,
    );
    expect(draft).toMatchObject({
      prefix: 'p',
      suffix: 's',
      around: { before: 'B', after: 'A' },
      file: 'a.py',
      extra: [{ filename: 'b.py', text: 'x = 1', source: 'x = 1\n', startLine: 0 }],
    });
  });
});
