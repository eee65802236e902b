// The inference worker's logic in Node, with the fixture models: the device
// decision and its reason, the WebGPU-failure marker, sources and dtypes,
// threads, warm-up, completions, read-ahead and cancellation. The browser's
// backends are stood in for by onnxruntime-node: the loader runs the real
// model on 'cpu' whatever device the service picked.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { InferenceService, PROGRESS_INTERVAL_MS, type InferenceHost } from './inference-service';
import { loadLocalModel, ModelLoadError, type LoadOptions } from './local-model';
import { WEBGPU_FAILED, type InferenceLoadRequest } from './worker-api';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'inference-service-'));
  await writeFixtureModels(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

function host(over: Partial<InferenceHost> = {}) {
  const loads: LoadOptions[] = [];
  const threads: number[] = [];
  const h: InferenceHost = {
    webGpuUnavailableReason: async () => 'no WebGPU adapter is available',
    crossOriginIsolated: true,
    cores: 8,
    setWasmThreads: (n) => threads.push(n),
    bundledRoot: root,
    load: (o) => {
      loads.push(o);
      return loadLocalModel({ ...o, device: 'cpu' });
    },
    ...over,
  };
  return { h, loads, threads };
}

const req = (over: Partial<InferenceLoadRequest> = {}): InferenceLoadRequest => ({
  model: 'fixture-valid',
  family: 'qwen2.5-coder',
  source: { kind: 'bundled' },
  dtype: { webgpu: 'q4f16', wasm: 'q8' },
  device: 'auto',
  warmUp: false,
  ...over,
});

describe('InferenceService', () => {
  it('without a WebGPU adapter loads on WASM and says why; bundled models are fp32 from the bundled folder', async () => {
    const { h, loads, threads } = host();
    const s = new InferenceService(h);
    const r = await s.load(req());
    expect(r).toMatchObject({ device: 'wasm', fallbackReason: 'no WebGPU adapter is available', threads: 4 });
    expect(r.threadsNote).toBeUndefined();
    expect(threads).toEqual([4]);
    expect(loads[0]).toMatchObject({ device: 'wasm', dtype: 'fp32', source: { kind: 'bundled', root } });
    const out = await s.complete(1, { prefix: 'def add(a, b):\n    return ', suffix: '\n', maxNewTokens: 16 });
    expect(out.text).toBe('a + b');
    // Forced WASM is a choice, not a fallback: no reason shown.
    expect((await s.load(req({ device: 'wasm' }))).fallbackReason).toBeUndefined();
  });

  it('by default one core is left to the page (at least one thread, at most 4); a set count is taken as it is', async () => {
    const counts: number[] = [];
    for (const [cores, wasmThreads] of [[1], [2], [3], [6], [2, 2]]) {
      const { h } = host({ cores });
      counts.push((await new InferenceService(h).load(req({ device: 'wasm', wasmThreads }))).threads);
    }
    expect(counts).toEqual([1, 1, 2, 4, 2]);
  });

  it('a page that is not cross-origin isolated gets one thread and the reason; the count is set once per worker', async () => {
    const { h, threads } = host({ crossOriginIsolated: false });
    const s = new InferenceService(h);
    const r = await s.load(req({ wasmThreads: 3 }));
    expect(r.threads).toBe(1);
    expect(r.threadsNote).toMatch(/not cross-origin isolated/);
    await s.load(req({ wasmThreads: 2 }));
    expect(threads).toEqual([1]);
  });

  it("starts ONNX Runtime's CPU-only build for a WASM load, the WebGPU build otherwise; once per worker", async () => {
    const started = async (over: Partial<InferenceHost>, ...devices: InferenceLoadRequest['device'][]) => {
      const runtimes: string[] = [];
      const { h, loads } = host({ ...over, setRuntime: (r) => runtimes.push(r) });
      const s = new InferenceService(h);
      const results = [];
      for (const device of devices) results.push(await s.load(req({ device })));
      return { runtimes, loaded: loads.map((l) => l.device), results };
    };
    const adapter = { webGpuUnavailableReason: async () => undefined };
    expect(await started(adapter, 'wasm')).toMatchObject({ runtimes: ['cpu'], loaded: ['wasm'] });
    expect(await started(adapter, 'auto')).toMatchObject({ runtimes: ['webgpu'], loaded: ['webgpu'] });
    // No adapter: this worker never runs on WebGPU, whatever is asked later.
    expect(await started({}, 'auto', 'webgpu')).toMatchObject({ runtimes: ['cpu'], loaded: ['wasm', 'wasm'] });
    // A worker started for WebGPU keeps its build when a load moves to WASM.
    expect(await started(adapter, 'webgpu', 'wasm')).toMatchObject({ runtimes: ['webgpu'], loaded: ['webgpu', 'wasm'] });
    // Asked for WebGPU after starting the CPU-only build (the engine starts a new worker instead): WASM, and why.
    const late = await started(adapter, 'wasm', 'webgpu');
    expect(late).toMatchObject({ runtimes: ['cpu'], loaded: ['wasm', 'wasm'] });
    expect(late.results[1].fallbackReason).toMatch(/CPU-only build/);
  });

  it('tells the engine when a fresh worker could run a load that this one cannot', async () => {
    const suits = async (adapter: boolean, first: InferenceLoadRequest['device'] | undefined, next: InferenceLoadRequest['device']) => {
      const s = new InferenceService(host({ webGpuUnavailableReason: async () => (adapter ? undefined : 'no WebGPU adapter') }).h);
      if (first) await s.load(req({ device: first }));
      return s.suits(next);
    };
    expect(await suits(true, undefined, 'webgpu')).toBe(true); // nothing started yet
    expect(await suits(true, 'wasm', 'webgpu')).toBe(false); // CPU-only build, and WebGPU is there
    expect(await suits(true, 'wasm', 'auto')).toBe(false);
    expect(await suits(true, 'wasm', 'wasm')).toBe(true);
    expect(await suits(true, 'webgpu', 'wasm')).toBe(true);
    // No adapter: a fresh worker would start the CPU-only build too.
    expect(await suits(false, 'auto', 'webgpu')).toBe(true);
  });

  it('a WebGPU load failure is marked so the engine moves to WASM in a fresh worker', async () => {
    const { h, loads } = host({
      webGpuUnavailableReason: async () => undefined,
      load: (o) => {
        loads.push(o);
        return o.device === 'webgpu' ? Promise.reject(new Error('shader-f16 not supported')) : loadLocalModel({ ...o, device: 'cpu' });
      },
    });
    const s = new InferenceService(h);
    const err = await s.load(req()).catch((e: Error) => e);
    expect((err as Error).message).toContain(WEBGPU_FAILED);
    expect((err as Error).message).toContain('shader-f16 not supported');
    expect(loads.map((l) => l.device)).toEqual(['webgpu']);
  });

  it('a download failure on WebGPU is a download failure, not a WebGPU one: no marker, no retry on WASM', async () => {
    const offline = new ModelLoadError('Could not load config.json of model "m" from https://models.corp/ on webgpu: Failed to fetch', {
      stage: 'files',
    });
    const { h, loads } = host({
      webGpuUnavailableReason: async () => undefined,
      load: async (o) => {
        loads.push(o);
        throw offline;
      },
    });
    const err = await new InferenceService(h).load(req({ source: { kind: 'url', url: 'https://models.corp/' } })).catch((e: Error) => e);
    expect(err).toBe(offline);
    expect((err as Error).message).not.toContain(WEBGPU_FAILED);
    expect(loads.map((l) => l.device)).toEqual(['webgpu']);
  });

  it('the real loader names an unreachable host as a file failure, at whatever stage', async () => {
    const err = await loadLocalModel({
      model: 'fixture-valid',
      source: { kind: 'url', url: 'http://127.0.0.1:9/' },
      device: 'cpu',
      dtype: 'fp32',
      family: 'qwen2.5-coder',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelLoadError);
    expect((err as ModelLoadError).stage).toBe('files');
  });

  it('hub and mirror models use the per-device dtype and their location', async () => {
    const { h, loads } = host({
      load: async (o) => {
        loads.push(o);
        throw new Error('offline');
      },
    });
    const s = new InferenceService(h);
    await expect(s.load(req({ source: { kind: 'url', url: 'https://models.corp/' } }))).rejects.toThrow('offline');
    expect(loads[0]).toMatchObject({ device: 'wasm', dtype: 'q8', source: { kind: 'url', url: 'https://models.corp/' } });
    await expect(s.load(req({ source: { kind: 'hub' } }))).rejects.toThrow('offline');
    expect(loads[1].source).toEqual({ kind: 'hub' });
  });

  it('warms up and measures, reads ahead, and cancels a request by id', async () => {
    const { h } = host();
    const s = new InferenceService(h);
    const r = await s.load(req({ model: 'fixture-qwen2-tiny', warmUp: true }));
    expect(r.speed?.prefillMsPerToken).toBeGreaterThan(0);
    expect(r.warmUpMs).toBeGreaterThan(0);
    const doc = { prefix: `${'x = 1\n'.repeat(80)}y = `, suffix: '\n', maxNewTokens: 8, promptBudget: 256 };
    const ahead = await s.prefill(7, doc);
    expect(ahead.cachedTokens).toBe(ahead.promptTokens - 1);
    const done = await s.complete(8, doc);
    expect(done.stats?.reusedTokens).toBe(ahead.promptTokens - 1);
    const pending = s.complete(9, { ...doc, maxNewTokens: 200 });
    s.cancel(9);
    expect((await pending).finish).toBe('aborted');
    await expect(new InferenceService(host().h).complete(1, doc)).rejects.toThrow('not loaded');
  });

  it('tells its watcher of progress while it reads and writes, at most once per interval', async () => {
    const s = new InferenceService(host().h);
    await s.load(req({ model: 'fixture-qwen2-tiny' }));
    const signs: number[] = [];
    s.watch(() => signs.push(performance.now()));
    const t0 = performance.now();
    const out = await s.complete(1, { prefix: `${'x = 1\n'.repeat(200)}y = `, suffix: '\n', maxNewTokens: 8, promptBudget: 1024 });
    const took = performance.now() - t0;
    expect(out.stats?.newTokens).toBeGreaterThan(0);
    expect(signs.length).toBeGreaterThanOrEqual(1);
    expect(signs.length).toBeLessThanOrEqual(1 + Math.ceil(took / PROGRESS_INTERVAL_MS));
    for (let i = 1; i < signs.length; i++) expect(signs[i] - signs[i - 1]).toBeGreaterThanOrEqual(PROGRESS_INTERVAL_MS);
  });
});
