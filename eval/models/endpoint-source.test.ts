// The harness evaluates the large model over every escalation protocol the
// app speaks: each case runs a real loopback server that speaks one wire
// format (the e2e emulators, with each server's own request checks), and the
// harness's endpoint source, runner and judge on a HumanEval-shaped task.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLlamaCppServer } from '../../testing/servers/llamacpp-server';
import type { LoopbackHandle, RecordedRequest } from '../../testing/servers/loopback';
import { startOllamaServer } from '../../testing/servers/ollama-server';
import { startOpenAIServer } from '../../testing/servers/openai-server';
import type { EndpointConfig } from '../../src/vocabulary';
import { main } from '../cli';
import { Judge } from '../execute/judge';
import { runModel } from '../run/runner';
import { RecordStore } from '../run/store';
import { addTask } from '../../testing/eval/tasks';
import { endpointSource } from './endpoint-source';

const judge = new Judge();
const task = addTask();
const servers: LoopbackHandle[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function started(p: Promise<LoopbackHandle>): Promise<LoopbackHandle> {
  const s = await p;
  servers.push(s);
  return s;
}

const base = (url: string, over: Partial<EndpointConfig>): EndpointConfig => ({
  url,
  model: 'qwen2.5-coder:32b',
  family: 'qwen2.5-coder',
  timeoutMs: 5000,
  maxTokens: 32,
  ...over,
});

const fimPrompt = `<|fim_prefix|>${task.prefix}<|fim_suffix|>${task.suffix}<|fim_middle|>`;

interface Case {
  name: string;
  start: () => Promise<LoopbackHandle>;
  cfg: Partial<EndpointConfig>;
  /** What this protocol must have put on the wire. */
  wire(r: RecordedRequest): void;
}

const clientSideFim = (r: RecordedRequest) => {
  expect(r.path).toBe('/v1/completions');
  expect(r.body.prompt).toBe(fimPrompt);
  expect(r.body).not.toHaveProperty('suffix'); // vLLM 400, TGI 422, llama.cpp 500 on it
};

const CASES: Case[] = [
  { name: 'vLLM, openai-completions', start: () => startOpenAIServer(undefined, { flavor: 'vllm' }), cfg: {}, wire: clientSideFim },
  { name: 'TGI, openai-completions', start: () => startOpenAIServer(undefined, { flavor: 'tgi' }), cfg: {}, wire: clientSideFim },
  {
    name: 'llama.cpp, openai-completions',
    start: () => startOpenAIServer(undefined, { flavor: 'llamacpp' }),
    cfg: {},
    wire: clientSideFim,
  },
  {
    name: 'llama.cpp, llamacpp-infill',
    start: () => startLlamaCppServer(),
    cfg: { protocol: 'llamacpp-infill' },
    wire: (r) => {
      expect(r.path).toBe('/infill');
      expect(r.body).toMatchObject({ input_prefix: task.prefix, input_suffix: task.suffix, n_predict: 32 });
    },
  },
  {
    name: 'Ollama, ollama-generate',
    start: () => startOllamaServer(),
    cfg: { protocol: 'ollama-generate' },
    wire: (r) => {
      expect(r.path).toBe('/api/generate');
      expect(r.body).toMatchObject({ model: 'qwen2.5-coder:32b', prompt: task.prefix, suffix: task.suffix });
    },
  },
];

describe('the harness evaluates the large model over every escalation protocol', () => {
  for (const c of CASES) {
    it(`${c.name}: the server's answer is judged; right passes, wrong fails`, async () => {
      const s = await started(c.start());
      const source = endpointSource(base(s.url, c.cfg));
      const run = async (text: string) => {
        s.setMode({ kind: 'ok', text });
        return (await runModel({ tasks: [task], source, judge, store: new RecordStore(undefined, false), progress: false })).records[0];
      };
      const right = await run('    return a + b\n');
      expect(right).toMatchObject({ role: 'large', completion: '    return a + b\n', pass: true, reason: 'passed' });
      c.wire(s.requests.at(-1)!);
      expect(await run('    return a - b\n')).toMatchObject({ pass: false, reason: 'wrong_answer' });
      expect(source.name).toContain(new URL(s.url).host);
      if (c.cfg.protocol) expect(source.name).toMatch(new RegExp(` via ${c.cfg.protocol}$`));
    });
  }

  it("a server error is that task's generation_error, with the server's words; the run goes on", async () => {
    const s = await started(startOllamaServer(undefined, { models: ['other:7b'] }));
    const source = endpointSource(base(s.url, { protocol: 'ollama-generate' }));
    const [r] = (await runModel({ tasks: [task], source, judge, store: new RecordStore(undefined, false), progress: false })).records;
    expect(r).toMatchObject({ pass: false, reason: 'generation_error' });
    expect(r.detail).toMatch(/qwen2\.5-coder:32b/);
  });

  it("--endpoint-logprobs: the large model's per-token probabilities are stored (llama.cpp /infill n_probs)", async () => {
    const s = await started(startLlamaCppServer());
    s.setMode({ kind: 'ok', text: '    return a + b\n' });
    const source = endpointSource(base(s.url, { protocol: 'llamacpp-infill', logprobs: true }));
    const [r] = (await runModel({ tasks: [task], source, judge, store: new RecordStore(undefined, false), progress: false })).records;
    expect(r.pass).toBe(true);
    expect(r.token_probs?.length).toBeGreaterThan(0);
    for (const p of r.token_probs!) expect(p > 0 && p <= 1).toBe(true);
  });
});

describe('the CLI picks the protocol', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'eval-endpoint-cli-'));
  const bench = join(tmp, 'he.jsonl');
  writeFileSync(
    bench,
    `${JSON.stringify({
      task_id: 'SingleLineInfilling/HumanEval/0/L0',
      entry_point: 'add',
      prompt: task.prefix,
      suffix: task.suffix,
      canonical_solution: task.groundTruth,
      test: (task.judge as { test: string }).test,
    })}\n`,
  );

  it("--endpoint-protocol ollama-generate runs against Ollama's /api/generate", async () => {
    const s = await started(startOllamaServer({ kind: 'ok', text: '    return a + b\n' }));
    const out = join(tmp, 'ollama.jsonl');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(
        await main([
          'run',
          '--bench',
          bench,
          '--model',
          'endpoint',
          '--endpoint-url',
          s.url,
          '--endpoint-model',
          'qwen2.5-coder:32b',
          '--endpoint-protocol',
          'ollama-generate',
          '--family',
          'qwen2.5-coder',
          '--out',
          out,
          '--no-progress',
        ]),
      ).toBe(0);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
    expect(s.requests.at(-1)!.path).toBe('/api/generate');
    expect(JSON.parse(readFileSync(out, 'utf8').trim())).toMatchObject({
      pass: true,
      source: expect.stringMatching(/ via ollama-generate$/),
    });
  });

  it('an unknown --endpoint-protocol is a usage error that lists the protocols', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(
        await main([
          'run',
          '--bench',
          bench,
          '--model',
          'endpoint',
          '--endpoint-url',
          'http://127.0.0.1:1',
          '--endpoint-model',
          'm',
          '--endpoint-protocol',
          'tgi-native',
          '--family',
          'qwen2.5-coder',
          '--out',
          join(tmp, 'x.jsonl'),
        ]),
      ).toBe(2);
      expect(err.mock.calls.flat().join('\n')).toMatch(
        /unknown --endpoint-protocol "tgi-native": use openai-completions, llamacpp-infill, ollama-generate/,
      );
    } finally {
      err.mockRestore();
    }
  });
});
