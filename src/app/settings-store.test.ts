// Loading the configuration as the app does: config.json from the server, the
// user's settings from localStorage (old shapes included), the model resolved
// against the catalog at every load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeLayers } from '../config/merge';
import type { ConfigLayer } from '../vocabulary/config';
import { loadConfig, readUserSettings, writeUserSettings } from './settings-store';

// The key users' saved settings live under (the e2e specs seed it too): renaming it would lose them.
const SETTINGS_KEY = 'router-ide.settings';

const SMALL = 'onnx-community/Qwen2.5-Coder-0.5B-Instruct';
let store: Map<string, string>;
let orgJson: ConfigLayer | undefined;

beforeEach(() => {
  store = new Map();
  orgJson = undefined;
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('location', { origin: 'http://localhost:4173' });
  vi.stubGlobal('fetch', async () =>
    orgJson === undefined ? new Response('not found', { status: 404 }) : new Response(JSON.stringify(orgJson), { status: 200 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** What App does when the user picks a catalog entry in Settings. */
async function pick(catalogId: string): Promise<void> {
  const { orgConfig } = await loadConfig();
  writeUserSettings(mergeLayers(readUserSettings(orgConfig), { model: { catalogId } }));
}

describe('loading the configuration: the model as saved', () => {
  it('a model picked before config.json overrode its entry gets the override on the next load', async () => {
    orgJson = { model: { maxNewTokens: 40 } };
    await pick(SMALL);
    expect(JSON.parse(store.get(SETTINGS_KEY)!)).toEqual({ model: { catalogId: SMALL } });
    expect((await loadConfig()).config.model).toMatchObject({ id: SMALL, contextWindow: 32768, dtype: { webgpu: 'q4f16', wasm: 'q8' } });

    orgJson = { ...orgJson, catalog: [{ id: SMALL, contextWindow: 8192, dtype: { webgpu: 'fp16', wasm: 'q4' } }] };
    const { config, problems } = await loadConfig();
    expect(problems).toEqual([]);
    expect(config.model).toMatchObject({
      catalogId: SMALL,
      id: SMALL,
      contextWindow: 8192,
      dtype: { webgpu: 'fp16', wasm: 'q4' },
      maxNewTokens: 40,
    });
  });

  it('settings saved in the old copied shape load, as a reference to their entry', async () => {
    orgJson = { catalog: [{ id: SMALL, contextWindow: 16384 }] };
    store.set(
      SETTINGS_KEY,
      JSON.stringify({
        device: 'wasm',
        model: {
          id: SMALL,
          family: 'qwen2.5-coder',
          dtype: { webgpu: 'q4f16', wasm: 'q8' },
          contextWindow: 32768,
          source: { kind: 'hub' },
        },
      }),
    );
    const { config, orgConfig, problems } = await loadConfig();
    expect(problems).toEqual([]);
    expect(config.device).toBe('wasm');
    expect(config.model).toMatchObject({ catalogId: SMALL, id: SMALL, contextWindow: 16384 });
    expect(readUserSettings(orgConfig)).toEqual({ device: 'wasm', model: { catalogId: SMALL } });
  });

  it("the e2e fixture's seeded shape (a bundled catalog model from a mirror) keeps its mirror", async () => {
    const mirror = { kind: 'url', url: 'http://127.0.0.1:45678/' };
    store.set(
      SETTINGS_KEY,
      JSON.stringify({
        device: 'wasm',
        model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: mirror, dtype: { webgpu: 'fp32', wasm: 'fp32' }, watchdogMs: 2000 },
      }),
    );
    const { config, problems } = await loadConfig();
    expect(problems).toEqual([]);
    expect(config.model).toMatchObject({
      catalogId: 'fixture-valid',
      id: 'fixture-valid',
      source: mirror,
      dtype: { webgpu: 'fp32', wasm: 'fp32' },
      watchdogMs: 2000,
    });
  });

  it('a custom model (not in the catalog) loads as before', async () => {
    store.set(SETTINGS_KEY, JSON.stringify({ model: { id: 'fixture-invalid', family: 'qwen2.5-coder', source: { kind: 'bundled' } } }));
    const { config, orgConfig, problems } = await loadConfig();
    expect(problems).toEqual([]);
    expect(config.model).toEqual({ ...orgConfig.model, catalogId: undefined, id: 'fixture-invalid', source: { kind: 'bundled' } });
    expect(readUserSettings(orgConfig).model).toEqual({ id: 'fixture-invalid', family: 'qwen2.5-coder', source: { kind: 'bundled' } });
  });
});

// Settings that cannot be used: the user is told what to do and loses nothing else.
describe('loading a configuration that cannot be used as saved', () => {
  it('a saved reference to an entry no longer in the catalog: a message saying what to do, the default model, the other settings kept', async () => {
    orgJson = { model: { maxNewTokens: 40 } };
    store.set(SETTINGS_KEY, JSON.stringify({ model: { catalogId: 'corp/starcoder2-3b-onnx' }, router: { threshold: 0.7 } }));
    const { config, orgConfig, problems } = await loadConfig();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Your saved model was not applied: model\.catalogId "corp\/starcoder2-3b-onnx" is not in the model catalog/,
    );
    expect(problems[0]).toMatch(/Using "onnx-community\/Qwen2\.5-Coder-1\.5B" instead; pick a model in Settings\.$/);
    expect(config.model).toEqual(orgConfig.model);
    expect(config.router.threshold).toBe(0.7);
  });

  it('config.json referring to an entry the catalog lacks is ignored with the reason (fail closed)', async () => {
    orgJson = { model: { catalogId: 'corp/nope' }, router: { threshold: 0.9 } };
    const { config, problems } = await loadConfig();
    expect(problems.join('\n')).toMatch(/^config\.json ignored: model\.catalogId "corp\/nope" is not in the model catalog/);
    expect(config.router.threshold).toBe(0.5);
    expect(config.model.id).toBe('onnx-community/Qwen2.5-Coder-1.5B');
  });

  it('unreadable saved settings are treated as none', async () => {
    for (const bad of ['{', 'null', '[1]', '"x"']) {
      store.set(SETTINGS_KEY, bad);
      const { config, orgConfig, problems } = await loadConfig();
      expect(problems).toEqual([]);
      expect(config).toEqual(orgConfig);
    }
  });
});
