import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_MESSAGE, OFFLINE_CACHES, RESOURCES_CHANNEL, runtimeCacheFor } from './offline-caches';
import { keepForOffline, keptUrls } from './offline-keep';

const ORIGIN = 'https://ide.corp.example';

describe('keptUrls', () => {
  it("keeps config.json and the app's models, same origin only, once each, without fragments", () => {
    expect(
      keptUrls(
        [
          `${ORIGIN}/config.json`,
          `${ORIGIN}/models/fixtures/m/onnx/model.onnx`,
          `${ORIGIN}/models/fixtures/m/onnx/model.onnx#x`,
          `${ORIGIN}/assets/index-abc.js`,
          `${ORIGIN}/`,
          'https://huggingface.co/org/m/resolve/main/config.json',
          'https://models.corp.example/models/m/onnx/model.onnx',
          'not a url ::',
        ],
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/config.json`, `${ORIGIN}/models/fixtures/m/onnx/model.onnx`]);
  });

  it('files them in the caches the worker routes them to', () => {
    expect(runtimeCacheFor('/config.json')).toBe(OFFLINE_CACHES.config);
    expect(runtimeCacheFor('/models/x/tokenizer.json')).toBe(OFFLINE_CACHES.models);
    expect(runtimeCacheFor('/assets/a.wasm')).toBeUndefined();
  });
});

describe('keepForOffline', () => {
  const channels: BroadcastChannel[] = [];
  afterEach(() => {
    for (const c of channels) c.close();
    vi.unstubAllGlobals();
  });

  it('holds what a worker reported until a service worker controls the page, then asks it to keep each URL once', async () => {
    vi.stubGlobal('self', { location: { origin: ORIGIN } });
    const postMessage = vi.fn();
    const container = Object.assign(new EventTarget(), { controller: null as null | { postMessage: typeof postMessage } });
    keepForOffline(container as unknown as ServiceWorkerContainer);
    const worker = new BroadcastChannel(RESOURCES_CHANNEL);
    channels.push(worker);
    // A third listener on the channel: a message reaches every listener in the same turn of the event loop, so
    // once this one has it, the page's has too, however late a busy machine delivers it (a fixed wait could end first).
    const witness = new BroadcastChannel(RESOURCES_CHANNEL);
    channels.push(witness);
    let seen = 0;
    witness.onmessage = () => seen++;
    const delivered = async (n: number) => {
      await vi.waitFor(() => expect(seen).toBe(n), { timeout: 30_000 });
      await new Promise((r) => setTimeout(r, 0));
    };

    worker.postMessage([`${ORIGIN}/models/m/config.json`, `${ORIGIN}/assets/x.js`]);
    await delivered(1);
    expect(postMessage).not.toHaveBeenCalled();

    container.controller = { postMessage };
    container.dispatchEvent(new Event('controllerchange'));
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenLastCalledWith({ type: KEEP_MESSAGE, urls: [`${ORIGIN}/models/m/config.json`] });

    // Once in control, a new file goes at once; one already asked for is not asked again.
    worker.postMessage([`${ORIGIN}/models/m/config.json`, `${ORIGIN}/models/m/onnx/model.onnx`]);
    await delivered(2);
    expect(postMessage).toHaveBeenCalledTimes(2);
    expect(postMessage).toHaveBeenLastCalledWith({ type: KEEP_MESSAGE, urls: [`${ORIGIN}/models/m/onnx/model.onnx`] });
  });
});
