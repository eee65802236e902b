// The local model in the config layers: a catalog reference resolves to the
// entry as config.json has it at load time, plus the user's own overrides.
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOG, effectiveCatalog, modelFieldsOf } from './catalog';
import { DEFAULT_CONFIG } from './defaults';
import { configProblems, mergeLayers, migrateLayer, resolveConfig } from './merge';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';

// The default model the README names.
const DEFAULT_MODEL_ID = 'onnx-community/Qwen2.5-Coder-1.5B';

const SMALL = 'onnx-community/Qwen2.5-Coder-0.5B-Instruct';
const MIRROR = { kind: 'url', url: 'https://models.corp.example/' } as const;
const orgWith = (layer: ConfigLayer): AppConfig => {
  const r = resolveConfig(DEFAULT_CONFIG, layer);
  expect(r.problems).toEqual([]);
  expect(configProblems(r.config)).toEqual([]);
  return r.config;
};

describe('model choice: catalog references', () => {
  it('the default model is a reference to its built-in entry', () => {
    expect(DEFAULT_CONFIG.model).toMatchObject({
      ...modelFieldsOf(BUILTIN_CATALOG.find((e) => e.id === DEFAULT_MODEL_ID)!),
      source: { kind: 'hub' },
    });
    expect(resolveConfig(DEFAULT_CONFIG, {}).config).toEqual(DEFAULT_CONFIG);
  });

  it('a picked entry is stored as a reference and shows a later config.json override of that entry', () => {
    const user = mergeLayers({ router: { threshold: 0.6 } }, { model: { catalogId: SMALL } });
    expect(user).toEqual({ router: { threshold: 0.6 }, model: { catalogId: SMALL } });
    const before = resolveConfig(orgWith({}), user).config.model;
    expect(before).toMatchObject({
      catalogId: SMALL,
      id: SMALL,
      family: 'qwen2.5-coder',
      contextWindow: 32768,
      dtype: { webgpu: 'q4f16', wasm: 'q8' },
    });
    // The administrator overrides the entry afterwards; the user's stored settings are unchanged.
    const org = orgWith({ catalog: [{ id: SMALL, contextWindow: 8192, dtype: { webgpu: 'fp16', wasm: 'q4' } }] });
    expect(resolveConfig(org, user).config.model).toMatchObject({
      catalogId: SMALL,
      id: SMALL,
      family: 'qwen2.5-coder',
      contextWindow: 8192,
      dtype: { webgpu: 'fp16', wasm: 'q4' },
      maxNewTokens: DEFAULT_CONFIG.model.maxNewTokens,
      watchdogMs: DEFAULT_CONFIG.model.watchdogMs,
    });
    expect(resolveConfig(org, user).config.router.threshold).toBe(0.6);
  });

  it("the user's explicit per-field overrides win over the entry, field by field", () => {
    const org = orgWith({ catalog: [{ id: SMALL, contextWindow: 8192 }] });
    const m = resolveConfig(org, { model: { catalogId: SMALL, dtype: { wasm: 'fp32' }, maxNewTokens: 20 } }).config.model;
    expect(m).toMatchObject({ contextWindow: 8192, dtype: { webgpu: 'q4f16', wasm: 'fp32' }, maxNewTokens: 20 });
  });

  it("the source follows the entry: bundled from the app, others from the organisation's mirror", () => {
    const org = orgWith({ model: { source: MIRROR } });
    expect(resolveConfig(org, { model: { catalogId: SMALL } }).config.model.source).toEqual(MIRROR);
    expect(resolveConfig(org, { model: { catalogId: 'fixture-valid' } }).config.model).toMatchObject({
      source: { kind: 'bundled' },
      dtype: { webgpu: 'fp32', wasm: 'fp32' },
      contextWindow: 4096,
    });
    expect(resolveConfig(DEFAULT_CONFIG, { model: { catalogId: SMALL } }).config.model.source).toEqual({ kind: 'hub' });
  });

  it("picking another entry drops the overrides that belonged to the previous model, keeps tuning and the entry's fileName goes with it", () => {
    const stored: ConfigLayer = {
      model: { catalogId: 'Xenova/deepseek-coder-1.3b-base', source: MIRROR, dtype: { webgpu: 'q4' }, watchdogMs: 5000 },
    };
    expect(resolveConfig(DEFAULT_CONFIG, stored).config.model.fileName).toBe('decoder_model_merged');
    const next = mergeLayers(stored, { model: { catalogId: SMALL } });
    expect(next.model).toEqual({ catalogId: SMALL, watchdogMs: 5000 });
    const m = resolveConfig(DEFAULT_CONFIG, next).config.model;
    expect(m).toMatchObject({ id: SMALL, source: { kind: 'hub' }, dtype: { webgpu: 'q4f16', wasm: 'q8' }, watchdogMs: 5000 });
    expect(m.fileName).toBeUndefined();
    // Picking the same entry again also starts from the entry (e.g. the demo model after a broken mirror).
    expect(mergeLayers(stored, { model: { catalogId: 'Xenova/deepseek-coder-1.3b-base' } }).model).toEqual({
      catalogId: 'Xenova/deepseek-coder-1.3b-base',
      watchdogMs: 5000,
    });
  });

  it('the built-in default model follows config.json overriding its entry, unless config.json sets the field itself', () => {
    expect(orgWith({ catalog: [{ id: DEFAULT_MODEL_ID, dtype: { webgpu: 'fp16', wasm: 'q8' } }] }).model.dtype.webgpu).toBe('fp16');
    expect(orgWith({ catalog: [{ id: DEFAULT_MODEL_ID, contextWindow: 4096 }], model: { maxNewTokens: 32 } }).model).toMatchObject({
      contextWindow: 4096,
      maxNewTokens: 32,
      catalogId: DEFAULT_MODEL_ID,
    });
    expect(
      orgWith({ catalog: [{ id: DEFAULT_MODEL_ID, dtype: { webgpu: 'fp16', wasm: 'q8' } }], model: { dtype: { webgpu: 'q4' } } }).model
        .dtype,
    ).toEqual({ webgpu: 'q4', wasm: 'q8' });
  });

  it('config.json can refer to a catalog entry too, including one it adds', () => {
    const org = orgWith({
      catalog: [
        {
          id: 'corp/starcoder2-3b-onnx',
          label: 'StarCoder2 3B',
          family: 'starcoder',
          contextWindow: 16384,
          dtype: { webgpu: 'q4f16', wasm: 'q8' },
          sizeMB: { webgpu: 1800, wasm: 3000 },
        },
      ],
      model: { catalogId: 'corp/starcoder2-3b-onnx', source: MIRROR },
    });
    expect(org.model).toMatchObject({
      catalogId: 'corp/starcoder2-3b-onnx',
      id: 'corp/starcoder2-3b-onnx',
      family: 'starcoder',
      contextWindow: 16384,
      source: MIRROR,
    });
  });
});

describe('model choice: settings saved in the old copied shape', () => {
  const org = orgWith({ catalog: [{ id: SMALL, contextWindow: 16384 }] });
  const catalog = effectiveCatalog(org.catalog);

  it('a copied catalog entry becomes a reference (stale copies dropped, tuning kept), and resolves to the current entry', () => {
    // What the old picker wrote when the entry's contextWindow was still 8192.
    const old: ConfigLayer = {
      device: 'wasm',
      model: {
        id: SMALL,
        family: 'qwen2.5-coder',
        dtype: { webgpu: 'q4f16', wasm: 'q8' },
        contextWindow: 8192,
        source: { kind: 'hub' },
        maxNewTokens: 32,
      },
    };
    const migrated = migrateLayer(old, catalog, org);
    expect(migrated).toEqual({ device: 'wasm', model: { catalogId: SMALL, maxNewTokens: 32 } });
    expect(migrateLayer(migrated, catalog, org)).toBe(migrated); // idempotent
    expect(resolveConfig(org, migrated).config.model).toMatchObject({
      catalogId: SMALL,
      id: SMALL,
      contextWindow: 16384,
      maxNewTokens: 32,
    });
  });

  it("the 'use the demo model' shape and a source picking would give are dropped; any other source stays as an override", () => {
    expect(migrateLayer({ model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' } } }, catalog, org)).toEqual({
      model: { catalogId: 'fixture-valid' },
    });
    const mirrored = orgWith({ model: { source: MIRROR } });
    expect(migrateLayer({ model: { id: SMALL, source: MIRROR } }, catalog, mirrored)).toEqual({ model: { catalogId: SMALL } });
    const own = { kind: 'url', url: 'http://127.0.0.1:8123/' } as const;
    const kept = migrateLayer(
      { model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: own, dtype: { webgpu: 'fp32', wasm: 'fp32' } } },
      catalog,
      org,
    );
    expect(kept).toEqual({ model: { catalogId: 'fixture-valid', source: own } });
    expect(resolveConfig(org, kept).config.model).toMatchObject({
      id: 'fixture-valid',
      source: own,
      dtype: { webgpu: 'fp32', wasm: 'fp32' },
    });
  });

  it('a model that is not in the catalog stays a custom model', () => {
    const custom: ConfigLayer = {
      model: { id: 'corp/my-coder', family: 'starcoder', dtype: { webgpu: 'q4', wasm: 'q8' }, contextWindow: 8192, source: MIRROR },
    };
    expect(migrateLayer(custom, catalog, org)).toBe(custom);
  });
});

describe('model choice: custom models and missing entries', () => {
  it('a custom model keeps its own fields and inherits the rest from below', () => {
    const c = resolveConfig(DEFAULT_CONFIG, {
      model: { id: 'corp/my-coder', family: 'starcoder', contextWindow: 8192, source: MIRROR },
    }).config;
    expect(configProblems(c)).toEqual([]);
    expect(c.model).toEqual({
      ...DEFAULT_CONFIG.model,
      catalogId: undefined,
      id: 'corp/my-coder',
      family: 'starcoder',
      contextWindow: 8192,
      source: MIRROR,
    });
    expect(c.model.catalogId).toBeUndefined();
    // A custom model replaces a stored reference, and the other way round.
    const stored = mergeLayers(
      { model: { catalogId: SMALL, dtype: { wasm: 'fp32' } } },
      { model: { id: 'corp/my-coder', family: 'starcoder' } },
    );
    expect(stored.model).toEqual({ id: 'corp/my-coder', family: 'starcoder', dtype: { wasm: 'fp32' } });
    expect(mergeLayers(stored, { model: { catalogId: SMALL } }).model).toEqual({ catalogId: SMALL });
  });

  it('a reference to an id the catalog lacks is a named problem, and the model below (the default) is used', () => {
    const org = orgWith({ model: { maxNewTokens: 40 } });
    const r = resolveConfig(org, {
      model: { catalogId: 'corp/retired-model', source: MIRROR, watchdogMs: 9000 },
      router: { threshold: 0.7 },
    });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(
      /^model\.catalogId "corp\/retired-model" is not in the model catalog \(it has "onnx-community\/Qwen2\.5-Coder-1\.5B", /,
    );
    expect(r.config.model).toEqual({ ...org.model, watchdogMs: 9000 });
    expect(r.config.router.threshold).toBe(0.7); // the rest of the layer applies
    expect(configProblems(r.config)).toEqual([]);
  });
});

describe('the shipped public/config.json', () => {
  it('resolves without problems to the 1.5B catalog entry from the hub', async () => {
    const { readFileSync } = await import('node:fs');
    const layer = JSON.parse(readFileSync(new URL('../../public/config.json', import.meta.url), 'utf8')) as ConfigLayer;
    const { config, problems } = resolveConfig(DEFAULT_CONFIG, layer);
    expect(problems).toEqual([]);
    expect(configProblems(config)).toEqual([]);
    expect(config.model).toMatchObject({
      catalogId: 'onnx-community/Qwen2.5-Coder-1.5B',
      id: 'onnx-community/Qwen2.5-Coder-1.5B',
      family: 'qwen2.5-coder',
      source: { kind: 'hub' },
      maxNewTokens: 48,
    });
  });
});
