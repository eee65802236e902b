import { describe, expect, it } from 'vitest';
import type { InferenceLoadResult } from '../completion/worker/worker-api';
import { perSecond, readyTooltip, threadsText } from './model-status-text';

const wasm: InferenceLoadResult = {
  model: 'm',
  device: 'wasm',
  fallbackReason: 'no usable WebGPU adapter',
  ms: 100,
  threads: 1,
  threadsNote: 'one thread: the page is not cross-origin isolated',
};

describe('model status text', () => {
  it('speed is tokens per second, "?" before it was timed', () => {
    expect(perSecond(20)).toBe('50 tok/s');
    expect(perSecond(0)).toBe('? tok/s');
    expect(threadsText(1)).toBe('1 thread');
    expect(threadsText(4)).toBe('4 threads');
  });
  it('the tooltip on WASM says why WASM, the threads and their note, the speed and the budgets', () => {
    const perf = { speed: { prefillMsPerToken: 2, decodeMsPerToken: 40 }, budgets: { promptBudget: 1024, maxNewTokens: 32 } };
    expect(readyTooltip(wasm, perf, 'Tiny').split('\n')).toEqual([
      'Local model Tiny on WASM (1 thread)',
      'WASM because no usable WebGPU adapter',
      'reads 500 tok/s, writes 25 tok/s (measured)',
      'window 1024 tokens, up to 32 new (follows the speed to meet model.latencyTargetMs)',
      'one thread: the page is not cross-origin isolated',
    ]);
  });
  it('on WebGPU, before any speed was measured, the tooltip is one line', () => {
    expect(readyTooltip({ ...wasm, device: 'webgpu', fallbackReason: undefined }, undefined, 'Big')).toBe('Local model Big on WebGPU');
  });
});
