// Offline after one visit however the page got isolated. A host that sends
// COOP/COEP itself lets the page start at once, so config.json and the model's
// files load before the service worker controls anything, and the worker's
// runtime caches never see them. So every context that fetches (the page, the
// inference worker) lists the same-origin files it loaded (Resource Timing),
// and once a worker controls the page, the page hands it that list: the worker
// copies each file from the browser's HTTP cache into its runtime caches
// (service-worker.ts), downloading nothing a second time.
import { KEEP_MESSAGE, RESOURCES_CHANNEL, runtimeCacheFor } from './offline-caches';

/** The URLs among `names` the offline app keeps beyond its precache: same-origin, config.json and the app's models. */
export function keptUrls(names: readonly string[], origin: string): string[] {
  const out = new Set<string>();
  for (const name of names) {
    let url: URL;
    try {
      url = new URL(name, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || runtimeCacheFor(url.pathname) === undefined) continue;
    url.hash = '';
    out.add(url.href);
  }
  return [...out];
}

/** Calls `onUrls` with the kept URLs this context has loaded so far, then with each new batch. */
function observeResources(onUrls: (urls: string[]) => void): void {
  // Only a page or a worker has a location (Node, running the shared modules' tests, has Resource Timing but none).
  const origin = (globalThis as { location?: Location }).location?.origin;
  if (typeof PerformanceObserver === 'undefined' || !origin) return;
  const observer = new PerformanceObserver((list) => {
    const urls = keptUrls(
      list.getEntries().map((e) => e.name),
      origin,
    );
    if (urls.length) onUrls(urls);
  });
  try {
    observer.observe({ type: 'resource', buffered: true });
  } catch {
    // A browser without Resource Timing in this context: the worker's own routes still keep what it sees.
  }
}

/** In a worker that fetches the app's files (the inference worker): tells the page what it loaded. */
export function announceResources(): void {
  if (import.meta.env.MODE !== 'production' || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(RESOURCES_CHANNEL);
  observeResources((urls) => channel.postMessage(urls));
}

/**
 * In the page: collects what the page and its workers loaded and, from the
 * moment a service worker controls the page, asks it to keep each URL once.
 */
export function keepForOffline(container: ServiceWorkerContainer = navigator.serviceWorker): void {
  const pending = new Set<string>();
  const sent = new Set<string>();
  const flush = () => {
    const controller = container.controller;
    if (!controller || pending.size === 0) return;
    const urls = [...pending];
    pending.clear();
    for (const u of urls) sent.add(u);
    controller.postMessage({ type: KEEP_MESSAGE, urls });
  };
  const add = (urls: readonly string[]) => {
    for (const u of urls) if (!sent.has(u)) pending.add(u);
    flush();
  };
  observeResources(add);
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(RESOURCES_CHANNEL).addEventListener('message', (e: MessageEvent) => {
      if (Array.isArray(e.data)) add(keptUrls(e.data as string[], self.location.origin));
    });
  }
  container.addEventListener('controllerchange', flush);
}
