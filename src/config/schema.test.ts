import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS_TEMPLATE, DEFAULT_CONFIG } from './defaults';
import { configProblems, resolveConfig, unknownKeys } from './merge';
import { jsonSchemaOf, panelLayer, panelRows, panelValues, reloadsModel, SETTING_ENTRIES, settingProblems, valueAt } from './schema';

describe('the settings schema', () => {
  it('gives every setting its default in the built-in config', () => {
    for (const { path, setting } of SETTING_ENTRIES) expect(valueAt(DEFAULT_CONFIG, path), path).toEqual(setting.default);
    expect(settingProblems(DEFAULT_CONFIG)).toEqual([]);
  });

  it('names a wrong value with what it must be, in the words of each kind', () => {
    const bad = resolveConfig(DEFAULT_CONFIG, {
      device: 'gpu' as never,
      router: { threshold: -1, aggregation: 'max' as never, earlyEscalation: 'yes' as never },
      model: { wasmThreads: 2.5 },
      editor: { debounceMs: -5 },
    }).config;
    expect(settingProblems(bad)).toEqual([
      'model.wasmThreads 2.5 must be an integer from 0 (automatic) to 64',
      'router.threshold -1 must be between 0 and 1',
      'router.aggregation "max" must be one of mean, min, geomean',
      'router.earlyEscalation yes must be true or false',
      'device "gpu" must be auto, webgpu or wasm',
      'editor.debounceMs -5 must be a number of at least 0',
    ]);
    expect(configProblems(bad)).toEqual(expect.arrayContaining(settingProblems(bad)));
  });

  it('leaves an optional setting out of a layer without a problem', () => {
    const { semanticCheck: _, ...router } = DEFAULT_CONFIG.router;
    expect(settingProblems({ ...DEFAULT_CONFIG, router })).toEqual([]);
  });

  it('writes each setting its JSON Schema: type, range or options, default, description', () => {
    const threshold = SETTING_ENTRIES.find((e) => e.path === 'router.threshold')!.setting;
    expect(jsonSchemaOf(threshold)).toEqual({ type: 'number', minimum: 0, maximum: 1, default: 0.5, description: threshold.description });
    const device = SETTING_ENTRIES.find((e) => e.path === 'device')!.setting;
    expect(jsonSchemaOf(device)).toMatchObject({ type: 'string', enum: ['auto', 'webgpu', 'wasm'], default: 'auto' });
  });
});

describe("the Settings panel's rows", () => {
  it('lists each section in the schema order', () => {
    expect(panelRows('Routing').map((r) => r.path)).toEqual([
      'router.policy',
      'router.threshold',
      'router.aggregation',
      'router.semanticCheck',
      'router.semanticBudgetMs',
    ]);
    expect(panelRows('Privacy and device').map((r) => r.path)).toEqual(['privacy.mode', 'device', 'editor.predictOnAccept']);
  });

  it("stores the panel's values, a setting marked so only when it changed", () => {
    const values = panelValues(DEFAULT_CONFIG);
    const same = panelLayer(values, DEFAULT_CONFIG);
    expect(same.model).toBeUndefined();
    expect(same.router).toEqual({ policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean', semanticCheck: true });
    expect(reloadsModel(same, DEFAULT_CONFIG)).toBe(false);
    const changed = panelLayer({ ...values, 'model.promptLookup': true, device: 'wasm' }, DEFAULT_CONFIG);
    expect(changed.model).toEqual({ promptLookup: true });
    expect(changed.device).toBe('wasm');
    expect(reloadsModel(changed, DEFAULT_CONFIG)).toBe(true);
  });
});

describe('router.semanticBudgetMs', () => {
  it("is the semantic check's time budget: 50 ms unless set, 1 to 10,000 ms, stored from the panel only when changed", () => {
    expect(DEFAULT_CONFIG.router.semanticBudgetMs).toBe(50);
    const set = (v: number) => resolveConfig(DEFAULT_CONFIG, { router: { semanticBudgetMs: v } }).config;
    expect(configProblems(set(200))).toEqual([]);
    expect(unknownKeys({ router: { semanticBudgetMs: 200 } }, CONFIG_KEYS_TEMPLATE)).toEqual([]);
    expect(configProblems(set(0))).toEqual(['router.semanticBudgetMs 0 must be a number from 1 to 10000']);
    const values = panelValues(DEFAULT_CONFIG);
    expect(values['router.semanticBudgetMs']).toBe(50);
    expect(panelLayer(values, DEFAULT_CONFIG).router).not.toHaveProperty('semanticBudgetMs');
    expect(panelLayer({ ...values, 'router.semanticBudgetMs': 120 }, DEFAULT_CONFIG).router).toMatchObject({ semanticBudgetMs: 120 });
  });
});
