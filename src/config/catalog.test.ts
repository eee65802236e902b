import { describe, expect, it } from 'vitest';
import { fimTemplate } from '../vocabulary/fim';
import { BUILTIN_CATALOG, mergeCatalog, modelLabel } from './catalog';

describe('model catalog', () => {
  it('every built-in entry has a known family, a context window and weights per device', () => {
    for (const e of BUILTIN_CATALOG) {
      expect(() => mergeCatalog([], [e])).not.toThrow();
      expect(e.dtype.webgpu && e.dtype.wasm).toBeTruthy();
      expect(fimTemplate(e.family).stopTokens.length).toBeGreaterThan(0);
    }
  });
  it('config.json adds entries and overrides fields by id', () => {
    const c = mergeCatalog(BUILTIN_CATALOG, [
      { id: 'onnx-community/Qwen2.5-Coder-1.5B', dtype: { webgpu: 'fp16', wasm: 'q8' } },
      {
        id: 'corp/starcoder2-3b-onnx',
        label: 'StarCoder2 3B (corp mirror)',
        family: 'starcoder',
        contextWindow: 16384,
        dtype: { webgpu: 'q4f16', wasm: 'q8' },
        sizeMB: { webgpu: 1800, wasm: 3000 },
      },
    ]);
    expect(c.find((e) => e.id === 'onnx-community/Qwen2.5-Coder-1.5B')).toMatchObject({
      family: 'qwen2.5-coder',
      dtype: { webgpu: 'fp16' },
    });
    expect(fimTemplate(c.find((e) => e.id === 'corp/starcoder2-3b-onnx')!.family).stopTokens).toContain('<fim_middle>');
  });
  it('an entry with an unknown family is a clear error, not a wrong prompt', () => {
    expect(() =>
      mergeCatalog(BUILTIN_CATALOG, [{ id: 'x', family: 'gpt' as never, contextWindow: 1, dtype: { webgpu: 'q4', wasm: 'q8' } }]),
    ).toThrow(/Unknown FIM family "gpt"/);
    expect(() => mergeCatalog(BUILTIN_CATALOG, [{ label: 'no id' }])).toThrow(
      expect.objectContaining({ name: 'CatalogError', message: 'a catalog entry in config.json has no "id"' }),
    );
    expect(() => mergeCatalog([], [{ id: 'y', family: 'starcoder' }])).toThrow(/lacks contextWindow, dtype/);
  });
});

describe('recommendedFor', () => {
  it('suggests the smallest real model on WASM, nothing on WebGPU', async () => {
    const { BUILTIN_CATALOG, recommendedFor } = await import('./catalog');
    expect(recommendedFor(BUILTIN_CATALOG, 'wasm')?.id).toBe('onnx-community/Qwen2.5-Coder-0.5B-Instruct');
    expect(recommendedFor(BUILTIN_CATALOG, 'webgpu')).toBeUndefined();
  });
  it('names a model by its label where a user sees it, a custom model by its id', () => {
    expect(modelLabel(BUILTIN_CATALOG, 'fixture-valid')).toBe('Demo model (bundled, always "a + b")');
    expect(modelLabel(BUILTIN_CATALOG, 'my-org/custom')).toBe('my-org/custom');
  });
});
