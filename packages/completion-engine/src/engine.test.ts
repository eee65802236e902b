import { describe, expect, it } from 'vitest';
import { createEngine } from './engine';

describe('createEngine: a configuration it cannot use', () => {
  it('throws before starting anything, naming each setting and what it must be', () => {
    const create = () => createEngine({ router: { threshold: 2 }, device: 'gpu' as 'wasm' });
    expect(create).toThrow(/device "gpu" must be auto, webgpu or wasm/);
    expect(create).toThrow(/router\.threshold 2 must be between 0 and 1/);
  });

  it('refuses an endpoint the privacy rules do not allow, with the setting that would allow it', () => {
    expect(() =>
      createEngine({ endpoint: { url: 'https://gpu.example.com/v1', model: 'm', family: 'qwen2.5-coder', timeoutMs: 1000, maxTokens: 8 } }),
    ).toThrow(/privacy\.allowedEndpoints/);
  });
});
