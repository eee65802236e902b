// The second-best start with real parts: a fixture model through the app's
// loader (fixture-valid ranks "b" second at its first step) and the
// tree-sitter validator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDesign } from '../../../testing/fixture-models/designs';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { localModelPort } from '../worker/fim-completion';
import { loadLocalModel, type LoadedModel } from '../worker/local-model';
import { createNodeValidator } from '../../syntax/node-runtime';
import { secondBest, type SecondBestPorts } from './second-best';
import { AbortedError } from './stages';
import type { LocalModelPort } from '../../vocabulary/types';
import type { CompletionRequest, RouterConfig } from '../../vocabulary/types';

const dir = mkdtempSync(join(tmpdir(), 'second-best-fixtures-'));
const models: Record<string, LoadedModel> = {};
const asked: CompletionRequest[] = [];
let ports: (name: string) => SecondBestPorts;
const router: RouterConfig = { policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean' };
const ctx = { prefix: 'def add(a, b):\n    return ', suffix: '\n', language: 'python', maxNewTokens: 64, earlyEscalation: true };
const first = { text: 'a + b' };
const signal = () => new AbortController().signal;

beforeAll(async () => {
  await writeFixtureModels(dir);
  for (const name of ['fixture-valid', 'fixture-invalid']) {
    models[name] = await loadLocalModel({ model: name, source: { kind: 'bundled', root: dir }, device: 'cpu' });
  }
  const syntax = createNodeValidator();
  ports = (name) => {
    const port = localModelPort(models[name], 'qwen2.5-coder');
    // The port's requests are recorded; its answers are the model's own.
    const local: LocalModelPort = { complete: (req, s) => (asked.push(req), port.complete(req, s)) };
    return { local, syntax: { validate: (r) => syntax.validate(r) } };
  };
});
afterAll(async () => {
  await Promise.all(Object.values(models).map((m) => m.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

describe('secondBest', () => {
  it("starts with the model's second-ranked first token, checked and routed, and says so; nothing leaves", async () => {
    const design = fixtureDesign('fixture-valid');
    const r = await secondBest(ctx, router, ports('fixture-valid'), first, signal());
    expect(r).toBeDefined();
    expect(r!.text).toBe(design.runnerUp!.text + design.completion.slice(1));
    expect(r!.local.tokens[0].text).toBe(design.runnerUp!.text);
    expect(Math.abs(r!.local.tokens[0].prob - design.runnerUp!.prob)).toBeLessThan(1e-4);
    expect(r!.syntax).toMatchObject({ checked: true, valid: true });
    expect(r!.route).toBe('local');
    expect(r!.bytesSent).toBe(0);
    expect(r!.decision.confidence).toBeLessThan(0.9);
    expect(r!.summary).toContain('second-best');
    expect(r!.summary).toContain(`confidence ${r!.decision.confidence.toFixed(2)}`);
    expect(r!.summary).toContain('syntax valid');
    // One short bounded generation, without early escalation (its first token is unlikely by design).
    const req = asked.at(-1)!;
    expect(req.firstTokenRank).toBe(2);
    expect(req.maxNewTokens).toBeLessThan(ctx.maxNewTokens);
    expect(req.early).toBeUndefined();
  });

  it('goes through the same post-processing as any local completion', async () => {
    const r = await secondBest({ ...ctx, suffix: ' + b\n' }, router, ports('fixture-valid'), first, signal());
    expect(r).toMatchObject({ text: 'b', local: { raw: 'b + b', filters: ['trim-suffix-overlap'] } });
  });

  it('offers nothing that the syntax check finds broken, nor the text already shown', async () => {
    // fixture-invalid's runner-up is a tie (no design): the lowest id, a NUL byte, then "+ (b": broken either way.
    expect(await secondBest(ctx, router, ports('fixture-invalid'), first, signal())).toBeUndefined();
    expect(await secondBest(ctx, router, ports('fixture-valid'), { text: 'b + b' }, signal())).toBeUndefined();
  });

  it('a cancelled request throws', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(secondBest(ctx, router, ports('fixture-valid'), first, ac.signal)).rejects.toBeInstanceOf(AbortedError);
  });
});
