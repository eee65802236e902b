// The pipeline in Node with real parts: the fixture models through the app's
// loader, the tree-sitter validator, and a loopback OpenAI-compatible server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOpenAIServer, type FakeServerHandle } from '../../../testing/servers/openai-server';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { createProtocolClient } from '../../endpoint';
import { localModelPort } from '../worker/fim-completion';
import { loadLocalModel, type LoadedModel } from '../worker/local-model';
import { Ledger } from '../../privacy/ledger';
import { egressVerdict } from '../../privacy/policy';
import { clearSecretScanCache, findSecrets } from '../../privacy/secret-guard';
import { createNodeValidator } from '../../syntax/node-runtime';
import { createNodeSyntaxService } from '../../checks/node';
import { runCompletion, type CompletionContext, type PipelinePorts } from './pipeline';
import { AbortedError } from './stages';
import type { RouterConfig } from '../../vocabulary/types';

// Counts the secret rule set's runs (one per piece of text not found in the guard's cache) and the characters they read.
const lintRuns = vi.hoisted(() => ({ count: 0, chars: 0 }));
vi.mock('@secretlint/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@secretlint/core')>();
  return {
    ...core,
    lintSource: (...args: Parameters<typeof core.lintSource>) => {
      lintRuns.count++;
      lintRuns.chars += args[0].source.content.length;
      return core.lintSource(...args);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'pipeline-fixtures-'));
const models: Record<string, LoadedModel> = {};
let server: FakeServerHandle;
const validator = createNodeValidator();
const router: RouterConfig = { policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean' };
const ctx = { prefix: 'def add(a, b):\n    return ', suffix: '\n\nprint(add(1, 2))\n', language: 'python', maxNewTokens: 16 };

beforeAll(async () => {
  await writeFixtureModels(dir);
  for (const name of ['fixture-valid', 'fixture-invalid', 'fixture-uncertain']) {
    models[name] = await loadLocalModel({ model: name, source: { kind: 'bundled', root: dir }, device: 'cpu' });
  }
  server = await startOpenAIServer({ kind: 'ok', text: 'a - b' });
});
afterAll(async () => {
  await server.close();
  for (const m of Object.values(models)) await m.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function setup(
  model: string,
  endpoint: 'server' | null = 'server',
  mode: 'escalate' | 'local-only' = 'escalate',
  more: { file?: string; secrets?: 'block' | 'redact' } = {},
) {
  const cfg = {
    privacy: { ...DEFAULT_CONFIG.privacy, mode, secrets: more.secrets ?? 'block' },
    endpoint: endpoint ? { url: server.url, model: 'big', family: 'qwen2.5-coder' as const, timeoutMs: 2000, maxTokens: 32 } : null,
  };
  const egress = egressVerdict(cfg, { file: more.file ?? 'main.py' });
  const ledger = new Ledger();
  const ports: PipelinePorts = {
    local: localModelPort(models[model], 'qwen2.5-coder'),
    syntax: validator,
    escalation: egress.allowed && cfg.endpoint ? createProtocolClient(cfg.endpoint) : undefined,
    onEgress: (e) => {
      const settle = ledger.record({ ...e, protocol: 'openai-completions', file: 'main.py' });
      return (ok, detail) => settle(ok ? 'ok' : 'error', detail);
    },
  };
  return { egress, ports, ledger, sent: server.requests.length };
}

const go = (s: ReturnType<typeof setup>, signal = new AbortController().signal, c: CompletionContext = ctx) =>
  runCompletion(c, router, s.egress, s.ports, signal);

describe('pipeline with real parts', () => {
  it('keeps a confident valid completion local with full provenance', async () => {
    const s = setup('fixture-valid');
    const r = await go(s);
    expect(r.route).toBe('local');
    expect(r.text).toBe('a + b');
    expect(r.local.tokens.map((t) => t.text).join('')).toBe('a + b');
    expect(r.decision.confidence).toBeGreaterThan(0.95);
    expect(r.syntax).toMatchObject({ checked: true, valid: true });
    expect(r.bytesSent).toBe(0);
    expect(server.requests.length).toBe(s.sent);
    expect(s.ledger.all()).toHaveLength(0);
  });

  it('escalates a confident invalid completion for syntax and records the egress', async () => {
    const s = setup('fixture-invalid');
    const r = await go(s);
    expect(r.route).toBe('escalated');
    expect(r.decision.escalateBecause).toEqual(['syntax']);
    expect(r.syntax.valid).toBe(false);
    expect(r.text).toBe('a - b');
    expect(server.requests.length).toBe(s.sent + 1);
    expect(s.ledger.all()).toMatchObject([{ destination: new URL(server.url).host, bytes: r.bytesSent, outcome: 'ok', reason: 'syntax' }]);
  });

  it('escalates an uncertain completion for confidence', async () => {
    const r = await go(setup('fixture-uncertain'));
    expect(r.route).toBe('escalated');
    expect(r.decision.escalateBecause).toEqual(['confidence']);
    expect(r.decision.confidence).toBeLessThan(0.4);
  });

  it('with escalation off nothing leaves; an invalid local completion is withheld', async () => {
    const s = setup('fixture-invalid', null);
    const r = await go(s);
    expect(r.route).toBe('blocked');
    expect(r.text).toBe('');
    expect(r.summary).toContain('escalation is off');
    expect(server.requests.length).toBe(s.sent);
  });

  it('local-only mode blocks egress even with an endpoint configured', async () => {
    const s = setup('fixture-uncertain', 'server', 'local-only');
    const r = await go(s);
    expect(r.route).toBe('blocked');
    expect(r.text).toBe('a + b');
    expect(s.ports.escalation).toBeUndefined();
    expect(server.requests.length).toBe(s.sent);
  });

  it('a failed escalation reports the failure, is in the ledger, and offers the valid local completion', async () => {
    server.setMode({ kind: 'status', status: 503, body: '{"error":"model is loading"}' });
    try {
      const s = setup('fixture-uncertain');
      const r = await go(s);
      expect(r.route).toBe('failed');
      expect(r.text).toBe('a + b');
      expect(r.summary).toContain('model is loading');
      expect(s.ledger.all()[0].outcome).toBe('error');
    } finally {
      server.setMode({ kind: 'ok', text: 'a - b' });
    }
  });

  it('a cancelled request never yields a result', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(go(setup('fixture-valid'), ac.signal)).rejects.toBeInstanceOf(AbortedError);
  });

  it('a never-send file is blocked by policy, nothing leaves', async () => {
    const s = setup('fixture-invalid', 'server', 'escalate', { file: 'app/secrets/keys.py' });
    const r = await go(s);
    expect(r.route).toBe('blocked');
    expect(r.blockedBy).toBe('never-send');
    expect(r.summary).toContain('never-send rule "**/secrets/**"');
    expect(server.requests.length).toBe(s.sent);
  });

  const withSecret = { ...ctx, prefix: 'API_TOKEN = "ghp_0123456789abcdefghijABCDEFGHIJ012345"\n\ndef add(a, b):\n    return ' };

  it('a credential in the file blocks escalation in block mode, naming the kind and line', async () => {
    const s = setup('fixture-invalid');
    const r = await go(s, undefined, withSecret);
    expect(r.route).toBe('blocked');
    expect(r.blockedBy).toBe('secret');
    expect(r.summary).toContain('github-token on line 1');
    expect(server.requests.length).toBe(s.sent);
  });

  it('the secret scan starts before the local model runs, and the escalation reads the document once', async () => {
    const s = setup('fixture-invalid');
    let runsWhenAsked = -1;
    const local = s.ports.local;
    s.ports.local = { complete: (req, sig) => ((runsWhenAsked = lintRuns.count), local.complete(req, sig)) };
    clearSecretScanCache();
    lintRuns.count = 0;
    lintRuns.chars = 0;
    const big: CompletionContext = {
      ...ctx,
      promptBudget: 256,
      prefix: `${'x = [1, 2, 3]  # padding for the scan\n'.repeat(12_000)}${ctx.prefix}`,
    };
    const r = await go(s, undefined, big);
    expect(r.route).toBe('escalated');
    expect(runsWhenAsked).toBeGreaterThan(0);
    // Prescan and guard share their scans: the document's pieces are read once. The body this request sends is
    // the whole document, and the last scan reads its exact bytes once more; the seams between parts add little.
    const pipelineChars = lintRuns.chars;
    clearSecretScanCache();
    lintRuns.chars = 0;
    await findSecrets(big.prefix + big.suffix);
    const documentChars = lintRuns.chars;
    expect(r.bytesSent).toBeGreaterThan(big.prefix.length);
    expect(pipelineChars).toBeGreaterThan(documentChars);
    expect(pipelineChars).toBeLessThanOrEqual(2.1 * documentChars);
  });

  it('in redact mode the credential is replaced before the request leaves', async () => {
    const s = setup('fixture-invalid', 'server', 'escalate', { secrets: 'redact' });
    const r = await go(s, undefined, withSecret);
    expect(r.route).toBe('escalated');
    expect(r.redactions).toBe(1);
    const sentPrompt = String(server.requests.at(-1)!.body.prompt);
    expect(sentPrompt).not.toContain('ghp_');
    expect(sentPrompt).toContain('API_TOKEN = "REDACTED_GITHUB_TOKEN"');
  });

  it('early escalation: certain low confidence stops local decoding after one token and escalates', async () => {
    const s = setup('fixture-uncertain');
    const r = await runCompletion(ctx, { ...router, aggregation: 'min' }, s.egress, s.ports, new AbortController().signal);
    expect(r.local.finish).toBe('early');
    expect(r.local.tokens).toHaveLength(1);
    expect(r.route).toBe('escalated');
    expect(r.decision.reasons.at(-1)!.message).toMatch(/stopped early: min confidence can reach at most 0\.350/);
    const off = await runCompletion(
      { ...ctx, earlyEscalation: false },
      { ...router, aggregation: 'min' },
      s.egress,
      s.ports,
      new AbortController().signal,
    );
    expect(off.local.finish).toBe('stop');
    expect(off.local.tokens).toHaveLength(5);
  });

  it('a partial completion stopped early is never shown when escalation is blocked', async () => {
    const s = setup('fixture-uncertain', null);
    const r = await runCompletion(ctx, { ...router, aggregation: 'min' }, s.egress, s.ports, new AbortController().signal);
    expect(r.route).toBe('blocked');
    expect(r.text).toBe('');
  });

  it('windows a 5,000-line file to the prompt budget, keeping the cursor side', async () => {
    const big = Array.from({ length: 5000 }, (_, i) => `x${i} = ${i}`).join('\n');
    const r = await go(setup('fixture-valid'), undefined, {
      ...ctx,
      prefix: `${big}\n${ctx.prefix}`,
      suffix: `${ctx.suffix}${big}\n`,
      promptBudget: 256,
    });
    expect(r.text).toBe('a + b');
    expect(r.local.window).toMatchObject({ truncated: true });
    expect(r.local.window!.prefixTokens + r.local.window!.suffixTokens).toBeLessThanOrEqual(256);
  });
});

describe('pipeline with the semantic check', () => {
  const service = createNodeSyntaxService();
  const semanticRouter: RouterConfig = { ...router, policy: 'syntax+confidence+semantic' };
  // The fixture model writes `a + b`: here neither name exists.
  const elsewhere = { ...ctx, prefix: 'def add(x, y):\n    return ' };

  function withSemantic(model: string) {
    const s = setup(model);
    const asked: string[] = [];
    s.ports.semantic = { check: (r) => (asked.push(r.completion), service.checkSemantics(r)) };
    return { ...s, asked };
  }

  it('escalates a confident, valid completion that uses names defined nowhere, naming them', async () => {
    const s = withSemantic('fixture-valid');
    const r = await runCompletion(elsewhere, semanticRouter, s.egress, s.ports, new AbortController().signal);
    expect(r.syntax).toMatchObject({ checked: true, valid: true });
    expect(r.semantic).toMatchObject({ checked: true, findings: [{ name: 'a' }, { name: 'b' }] });
    expect(r.route).toBe('escalated');
    expect(r.decision.escalateBecause).toEqual(['semantic']);
    expect(r.decision.reasons.find((x) => x.kind === 'semantic')).toMatchObject({ status: 'fail', names: ['a', 'b'] });
    expect(s.ledger.all()).toMatchObject([{ reason: 'semantic', outcome: 'ok' }]);
  });

  it('keeps the same completion where its names resolve', async () => {
    const s = withSemantic('fixture-valid');
    const r = await runCompletion(ctx, semanticRouter, s.egress, s.ports, new AbortController().signal);
    expect(r.route).toBe('local');
    expect(r.semantic).toMatchObject({ checked: true, findings: [] });
    expect(s.asked).toEqual(['a + b']);
  });

  it('is not asked by a policy that does not read it, nor when turned off', async () => {
    for (const cfg of [router, { ...semanticRouter, semanticCheck: false }]) {
      const s = withSemantic('fixture-valid');
      const r = await runCompletion(elsewhere, cfg, s.egress, s.ports, new AbortController().signal);
      expect(s.asked).toEqual([]);
      expect(r.semantic).toBeUndefined();
      expect(r.route).toBe('local');
    }
    const s = withSemantic('fixture-valid');
    const off = await runCompletion(
      elsewhere,
      { ...semanticRouter, semanticCheck: false },
      s.egress,
      s.ports,
      new AbortController().signal,
    );
    expect(off.decision.reasons.find((x) => x.kind === 'semantic')).toMatchObject({
      status: 'info',
      message: 'not checked: the semantic check is off',
    });
  });

  it('checks the whole held document, so a name defined outside the window resolves', async () => {
    const text = 'def a():\n    return 1\n\nb = 2\n\ndef add(x, y):\n    return \n';
    const at = text.indexOf('return \n') + 'return '.length;
    await service.openDocument('file:///w.py', 'python', text, 1);
    const windowStart = text.indexOf('def add');
    const req = {
      language: 'python',
      prefix: text.slice(windowStart, at),
      completion: 'a() + b',
      suffix: text.slice(at),
      budgetMs: 10_000,
    };
    expect((await service.checkSemantics(req)).findings.map((f) => f.name)).toEqual(['a', 'b']);
    const held = await service.checkSemantics({ ...req, documentId: 'file:///w.py', version: 1, prefixStart: windowStart });
    expect(held).toMatchObject({ checked: true, findings: [] });
    await service.closeDocument('file:///w.py');
  });
});
