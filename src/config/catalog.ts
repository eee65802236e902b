// The model catalog: local models the IDE knows how to run, with what it
// needs to run each correctly (FIM family, context window, weights per
// device). `public/config.json` can add entries or override fields by id.
import { fimTemplate } from '../vocabulary/fim';
import type { CatalogEntry, LocalModelConfig } from '../vocabulary/config';

export type { CatalogEntry } from '../vocabulary/config';

export const BUILTIN_CATALOG: readonly CatalogEntry[] = [
  {
    id: 'onnx-community/Qwen2.5-Coder-1.5B',
    label: 'Qwen2.5-Coder 1.5B (base, FIM)',
    family: 'qwen2.5-coder',
    contextWindow: 32768,
    dtype: { webgpu: 'q4f16', wasm: 'q8' },
    sizeMB: { webgpu: 1220, wasm: 1600 },
  },
  {
    id: 'onnx-community/Qwen2.5-Coder-0.5B-Instruct',
    label: 'Qwen2.5-Coder 0.5B Instruct',
    family: 'qwen2.5-coder',
    contextWindow: 32768,
    dtype: { webgpu: 'q4f16', wasm: 'q8' },
    sizeMB: { webgpu: 555, wasm: 639 },
  },
  {
    id: 'Xenova/deepseek-coder-1.3b-base',
    label: 'DeepSeek-Coder 1.3B (base, FIM)',
    family: 'deepseek-coder',
    contextWindow: 16384,
    dtype: { webgpu: 'q8', wasm: 'q8' },
    sizeMB: { webgpu: 1360, wasm: 1360 },
    fileName: 'decoder_model_merged',
  },
  {
    id: 'fixture-valid',
    label: 'Demo model (bundled, always "a + b")',
    family: 'qwen2.5-coder',
    contextWindow: 4096,
    dtype: { webgpu: 'fp32', wasm: 'fp32' },
    sizeMB: { webgpu: 0.1, wasm: 0.1 },
    bundled: true,
  },
];

/**
 * The model to suggest on a device. On WASM (no WebGPU, or it failed) a
 * request's cost grows with the parameter count on a few CPU cores: the
 * smallest real model of the catalog is the one that can answer while the
 * user still waits (docs/performance.md has the measurements). On WebGPU
 * every entry is usable: no recommendation.
 */
export function recommendedFor(catalog: readonly CatalogEntry[], device: 'webgpu' | 'wasm' | 'cpu' | undefined): CatalogEntry | undefined {
  if (device !== 'wasm') return undefined;
  const real = catalog.filter((e) => !e.bundled);
  return real.reduce<CatalogEntry | undefined>((best, e) => (!best || e.sizeMB.wasm < best.sizeMB.wasm ? e : best), undefined);
}

class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogError';
  }
}

/** The catalog with the organisation's entries merged in by id (theirs win field by field). */
export function mergeCatalog(base: readonly CatalogEntry[], overrides: readonly Partial<CatalogEntry>[] = []): CatalogEntry[] {
  const out = new Map(base.map((e) => [e.id, e]));
  for (const o of overrides) {
    if (!o.id) throw new CatalogError('a catalog entry in config.json has no "id"');
    const merged = { ...out.get(o.id), ...o } as CatalogEntry;
    validateEntry(merged);
    out.set(o.id, merged);
  }
  return [...out.values()];
}

/**
 * The catalog the app offers: the built-in one with config.json's entries
 * merged in, or the built-in one alone when those are invalid
 * (`configProblems` names the error).
 */
export function effectiveCatalog(overrides: readonly Partial<CatalogEntry>[] = []): CatalogEntry[] {
  try {
    return mergeCatalog(BUILTIN_CATALOG, overrides);
  } catch {
    return [...BUILTIN_CATALOG];
  }
}

/** What a user is shown for a model: its catalog label, or its id when it is not in the catalog (a custom model). */
export function modelLabel(catalog: readonly CatalogEntry[], id: string): string {
  return catalog.find((e) => e.id === id)?.label ?? id;
}

/** The model fields a catalog entry fixes (a reference to it resolves to these). */
type EntryModelFields = Pick<LocalModelConfig, 'catalogId' | 'id' | 'family' | 'dtype' | 'contextWindow' | 'fileName'>;

export function modelFieldsOf(e: CatalogEntry): EntryModelFields {
  const f: EntryModelFields = { catalogId: e.id, id: e.id, family: e.family, dtype: { ...e.dtype }, contextWindow: e.contextWindow };
  if (e.fileName !== undefined) f.fileName = e.fileName;
  return f;
}

function validateEntry(e: CatalogEntry): void {
  const missing = (['id', 'family', 'contextWindow', 'dtype'] as const).filter((k) => e[k] === undefined);
  if (missing.length) throw new CatalogError(`catalog entry "${e.id}" lacks ${missing.join(', ')}`);
  fimTemplate(e.family); // an unknown family is a clear error here, never a wrong prompt later
  if (!(e.contextWindow > 0)) throw new CatalogError(`catalog entry "${e.id}": contextWindow must be a positive number of tokens`);
}
