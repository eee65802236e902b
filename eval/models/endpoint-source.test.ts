// The harness evaluates every escalation protocol through the app's clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlamaCppServer } from '../../e2e/fixtures/llamacpp-server';
import type { LoopbackHandle } from '../../e2e/fixtures/loopback';
import { startOllamaServer } from '../../e2e/fixtures/ollama-server';
import { addTask } from '../test/tasks';
import { endpointSource } from './endpoint-source';

let llama: LoopbackHandle;
let ollama: LoopbackHandle;
beforeAll(async () => {
  llama = await startLlamaCppServer({ kind: 'ok', text: '    return a + b' });
  ollama = await startOllamaServer({ kind: 'ok', text: '    return a + b' });
});
afterAll(async () => {
  await llama?.close();
  await ollama?.close();
});

describe('endpointSource', () => {
  it('speaks llama.cpp /infill and Ollama /api/generate when the protocol says so', async () => {
    const task = addTask();
    const viaLlama = await endpointSource({ url: llama.url, model: 'big', family: 'qwen2.5-coder', timeoutMs: 5000, maxTokens: 16, protocol: 'llamacpp-infill' })
      .complete(task, new AbortController().signal);
    expect(viaLlama.text).toBe('    return a + b');
    expect(llama.requests[0]).toMatchObject({ path: '/infill', body: { input_prefix: task.prefix, input_suffix: task.suffix } });
    const viaOllama = await endpointSource({ url: ollama.url, model: 'qwen2.5-coder:32b', family: 'qwen2.5-coder', timeoutMs: 5000, maxTokens: 16, protocol: 'ollama-generate' })
      .complete(task, new AbortController().signal);
    expect(viaOllama.text).toBe('    return a + b');
    expect(ollama.requests[0]).toMatchObject({ path: '/api/generate', body: { prompt: task.prefix, suffix: task.suffix } });
  });
});
