// The shared worker's logic in Node, with the fixture models: one service,
// two tabs. A second tab's load loads nothing; request ids are per tab; a tab
// cannot replace the model another holds; a tab that leaves cancels only its
// own work; each tab keeps its own KV cache.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { InferenceService, type InferenceHost } from './inference-service';
import { loadLocalModel, type DownloadProgress, type LoadOptions } from './local-model';
import { SharedInference } from './shared-inference';
import { SHARED_MODEL_BUSY, type InferenceLoadRequest } from './worker-api';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'shared-inference-'));
  await writeFixtureModels(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

function shared() {
  const loads: LoadOptions[] = [];
  const host: InferenceHost = {
    webGpuUnavailableReason: async () => 'no WebGPU adapter is available',
    crossOriginIsolated: true,
    cores: 4,
    setWasmThreads: () => {},
    bundledRoot: root,
    load: (o) => {
      loads.push(o);
      return loadLocalModel({ ...o, device: 'cpu' });
    },
  };
  const service = new InferenceService(host);
  return { loads, service, tabs: new SharedInference(service, async () => ({ crossOriginIsolated: true, webGpu: false })) };
}

const req = (over: Partial<InferenceLoadRequest> = {}): InferenceLoadRequest => ({
  model: 'fixture-qwen2-tiny',
  family: 'qwen2.5-coder',
  source: { kind: 'bundled' },
  dtype: { webgpu: 'fp32', wasm: 'fp32' },
  device: 'wasm',
  warmUp: false,
  ...over,
});

const long = (tag: string) => ({ prefix: `${`${tag} = 1\n`.repeat(150)}y = `, suffix: '\n', maxNewTokens: 4, promptBudget: 1024 });

describe('SharedInference', () => {
  it('tells every tab watching how many tabs are connected, as tabs connect and release', () => {
    const { tabs } = shared();
    const a = tabs.connect();
    const heardA: number[] = [];
    a.watchTabs((n) => heardA.push(n));
    const b = tabs.connect();
    const heardB: number[] = [];
    b.watchTabs((n) => heardB.push(n));
    const c = tabs.connect();
    c.release();
    b.release();
    b.release(); // a second release changes nothing
    expect(heardA).toEqual([1, 2, 3, 2, 1]);
    // A tab that released hears nothing more.
    expect(heardB).toEqual([2, 3, 2]);
    expect(tabs.tabCount).toBe(1);
  });

  it('loads the model once for two tabs, also when both ask at once; the second hears it is ready', async () => {
    const { loads, tabs } = shared();
    const a = tabs.connect();
    const b = tabs.connect();
    const heard: DownloadProgress[] = [];
    const [ra, rb] = await Promise.all([a.load(req(), () => {}), b.load(req(), (p) => heard.push(p))]);
    expect(loads).toHaveLength(1);
    expect(ra.shared).toEqual({ reused: false, loads: 1, tabs: 2 });
    expect(rb.shared).toEqual({ reused: true, loads: 1, tabs: 2 });
    const c = tabs.connect();
    const rc = await c.load(req(), (p) => heard.push(p));
    expect(loads).toHaveLength(1);
    expect(rc.shared).toEqual({ reused: true, loads: 1, tabs: 3 });
    expect(heard.at(-1)).toMatchObject({ done: true });
  });

  it('a tab may not replace the model another tab holds; once that tab leaves, it may', async () => {
    const { loads, tabs } = shared();
    const a = tabs.connect();
    const b = tabs.connect();
    await a.load(req(), () => {});
    await expect(b.load(req({ reuseCache: false }), () => {})).rejects.toThrow(SHARED_MODEL_BUSY);
    a.release();
    expect(tabs.tabCount).toBe(1);
    const r = await b.load(req({ reuseCache: false }), () => {});
    expect(r.shared).toMatchObject({ reused: false, loads: 2, tabs: 1 });
    expect(loads).toHaveLength(2);
    // A tab changing its own settings, alone, reloads.
    await b.load(req(), () => {});
    expect(loads).toHaveLength(3);
  });

  it("request ids are each tab's own: cancelling tab A's request 1 leaves tab B's request 1 running", async () => {
    const { tabs } = shared();
    const a = tabs.connect();
    const b = tabs.connect();
    await a.load(req(), () => {});
    await b.load(req(), () => {});
    const first = a.complete(1, long('a'));
    const second = b.complete(1, long('b'));
    a.cancel(1);
    const [outA, outB] = await Promise.all([first, second]);
    expect(outA.finish).toBe('aborted');
    expect(outB.finish).not.toBe('aborted');
    expect(outB.stats?.newTokens).toBeGreaterThan(0);
  });

  it('a tab that leaves cancels its own work and stops hearing progress; the other tab still completes', async () => {
    const { tabs } = shared();
    const a = tabs.connect();
    const b = tabs.connect();
    await a.load(req(), () => {});
    await b.load(req(), () => {});
    let heardByA = 0;
    a.watch(() => heardByA++);
    const gone = a.complete(1, long('a'));
    a.release();
    expect((await gone).finish).toBe('aborted');
    const before = heardByA;
    const out = await b.complete(1, long('b'));
    expect(out.stats?.newTokens).toBeGreaterThan(0);
    expect(heardByA).toBe(before);
    await expect(a.complete(2, long('a'))).rejects.toThrow(/released/);
  });

  it('each tab keeps its own KV cache: two tabs asking in turn both reuse their last prompt', async () => {
    const { tabs } = shared();
    const a = tabs.connect();
    const b = tabs.connect();
    await a.load(req(), () => {});
    await b.load(req(), () => {});
    await a.complete(1, long('a'));
    await b.complete(1, long('b'));
    const againA = await a.complete(2, { ...long('a'), prefix: `${long('a').prefix}1` });
    const againB = await b.complete(2, { ...long('b'), prefix: `${long('b').prefix}1` });
    expect(againA.stats!.reusedTokens).toBeGreaterThan(againA.stats!.promptTokens / 2);
    expect(againB.stats!.reusedTokens).toBeGreaterThan(againB.stats!.promptTokens / 2);
  });

  it('each document keeps its own KV cache in a tab: going back to a file reuses its prompt; a tab that leaves takes its documents’ caches', async () => {
    const { service, tabs } = shared();
    const a = tabs.connect();
    await a.load(req(), () => {});
    const doc = (tag: string, more = '') => ({ ...long(tag), prefix: `${long(tag).prefix}${more}`, document: `${tag}.py` });
    await a.complete(1, doc('one'));
    await a.complete(2, doc('two'));
    const backToOne = await a.complete(3, doc('one', '1'));
    expect(backToOne.stats!.reusedTokens).toBeGreaterThan(backToOne.stats!.promptTokens / 2);
    // Without a document, the two files share one cache and each request throws the other's away.
    await a.complete(4, long('one'));
    await a.complete(5, long('two'));
    const oneCache = await a.complete(6, { ...long('one'), prefix: `${long('one').prefix}1` });
    expect(oneCache.stats!.reusedTokens).toBeLessThan(oneCache.stats!.promptTokens / 2);

    // The service forgets the tab's channel when it leaves (release); its documents' caches go with it.
    const b = tabs.connect();
    await b.load(req(), () => {});
    await b.complete(1, doc('three'));
    b.release();
    const c = tabs.connect();
    await c.load(req(), () => {});
    const fresh = await service.complete(99, doc('three', '1'), 'tab-2');
    expect(fresh.stats!.reusedTokens).toBeLessThan(fresh.stats!.promptTokens / 2);
  });
});
