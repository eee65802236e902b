import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATED_MESSAGE } from './offline-caches';

/** A page's `navigator.serviceWorker`: events, the controller that served the page, the message queue. */
function serviceWorkerContainer(controller: object | null) {
  const events = new EventTarget();
  const container = Object.assign(events, { controller, startMessages: vi.fn() });
  vi.stubGlobal('navigator', { serviceWorker: container });
  return container;
}

/** The module afresh: its state is the page's, one per load. */
async function freshPage() {
  vi.resetModules();
  return import('./offline');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a new deploy announced to the page', () => {
  it('a takeover while the page was starting is announced when the UI asks, once', async () => {
    const sw = serviceWorkerContainer({ scriptURL: '/service-worker.js' });
    const page = await freshPage();
    page.listenForUpdate();
    expect(sw.startMessages).toHaveBeenCalled();
    sw.dispatchEvent(new Event('controllerchange'));
    const seen = vi.fn();
    page.watchForUpdate(seen);
    expect(seen).toHaveBeenCalledTimes(1);
    // The worker's message for the same takeover announces nothing more.
    const later = vi.fn();
    page.watchForUpdate(later);
    sw.dispatchEvent(new MessageEvent('message', { data: { type: UPDATED_MESSAGE } }));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("the new worker's message alone is enough (it took over before the page listened)", async () => {
    const sw = serviceWorkerContainer({ scriptURL: '/service-worker.js' });
    const page = await freshPage();
    page.listenForUpdate();
    const seen = vi.fn();
    const stop = page.watchForUpdate(seen);
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'something else' } }));
    expect(seen).not.toHaveBeenCalled();
    sw.dispatchEvent(new MessageEvent('message', { data: { type: UPDATED_MESSAGE } }));
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a first install (no worker served the page) is not an update', async () => {
    const sw = serviceWorkerContainer(null);
    const page = await freshPage();
    page.listenForUpdate();
    const seen = vi.fn();
    page.watchForUpdate(seen);
    sw.dispatchEvent(new Event('controllerchange'));
    expect(seen).not.toHaveBeenCalled();
  });

  it('a UI that stopped watching is not called', async () => {
    const sw = serviceWorkerContainer({ scriptURL: '/service-worker.js' });
    const page = await freshPage();
    page.listenForUpdate();
    const seen = vi.fn();
    page.watchForUpdate(seen)();
    sw.dispatchEvent(new Event('controllerchange'));
    expect(seen).not.toHaveBeenCalled();
  });
});
