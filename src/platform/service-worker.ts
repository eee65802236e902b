/// <reference lib="webworker" />
// The app's one service worker (a page has one per scope), built by
// vite-plugin-pwa (`injectManifest`) into /service-worker.js. Two jobs:
//  - offline: the built app is precached at install, so a reload with the
//    network off still opens the IDE; the page and config.json go to the
//    network first (a new deploy or policy applies at the next load) and fall
//    back to their cached copies; model files served by the app are kept
//    after their first load;
//    files the page loaded before this worker controlled it (a host that
//    sends the isolation headers lets the page start at once) are copied
//    into the same caches from the HTTP cache when the page asks
//    (offline-keep.ts);
//  - cross-origin isolation on hosts that cannot set headers: every
//    same-origin response is re-served with COOP and COEP, so the page gets
//    SharedArrayBuffer and ONNX Runtime its WASM threads.
// src/platform/isolation.ts and src/platform/offline.ts register it.
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute, addPlugins } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CONFIG_PATH, KEEP_MESSAGE, MODELS_PATH, OFFLINE_CACHES, runtimeCacheFor, UPDATED_MESSAGE } from './offline-caches';

// `self.__WB_MANIFEST` is replaced with the build's file list; the build looks for that exact text.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

/** The same two headers scripts/host-headers.ts gives every real host. */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** Adds the isolation headers to whatever a strategy answers, from the network or a cache. */
const isolation: WorkboxPlugin = {
  handlerWillRespond: async ({ response }) => {
    // An opaque or error response has no headers to add to.
    if (response.status === 0) return response;
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(ISOLATION)) headers.set(k, v);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
};

/**
 * Ours to answer: same-origin only. Other origins (the model hub, a mirror,
 * the escalation endpoint) are CORS requests the browser judges itself; their
 * headers are not ours to add, and an escalation must fail honestly offline.
 */
function ours(url: URL, request: Request): boolean {
  if (url.origin !== self.location.origin) return false;
  // A request the browser may answer only from its cache cannot be re-fetched here.
  return !(request.cache === 'only-if-cached' && request.mode !== 'same-origin');
}

/**
 * Where install leaves word that it replaces an active worker (a new deploy,
 * not a first visit) for activate to read: the browser may stop a worker
 * between the two events, and a module variable would be lost with it.
 */
const REPLACING_MARK = new Request('/__router-ide-replacing');

// A new build takes over at once: the page already loaded is the new one
// (pages go to the network first), and the app tells the user it was updated.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      if (self.registration.active !== null) await (await caches.open(OFFLINE_CACHES.state)).put(REPLACING_MARK, new Response(''));
      await self.skipWaiting();
    })(),
  );
});
// Take the open page at once: isolation reloads when this worker controls it.
// After a new deploy, the pages taken over are told (the message waits in a
// page that is still starting, where `controllerchange` may come too early).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.claim().then(async () => {
      if (!(await caches.delete(OFFLINE_CACHES.state))) return;
      for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: UPDATED_MESSAGE });
    }),
  );
});

// The page (any path: the app routes itself): the network's copy while there
// is one, so a new deploy applies at once; offline, the precached index.html.
// Registered before the precache's route because the first match answers, and
// the precache would answer `/` from its cache. The timeout keeps a network
// that accepts but never answers from holding the page.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && ours(url, request),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.pages,
    networkTimeoutSeconds: 4,
    plugins: [isolation, new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })],
  }),
);

addPlugins([isolation]);
// The built app, hashed assets and index.html: cache first, by revision.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The organisation's policy: always the current one, the last one seen when offline.
registerRoute(
  ({ request, url }) => url.pathname === CONFIG_PATH && ours(url, request),
  new NetworkFirst({ cacheName: OFFLINE_CACHES.config, plugins: [isolation] }),
);
// Model files the app serves itself (bundled models): fresh while online, the
// copy from their last load offline. Hub and mirror models are other origins:
// transformers.js keeps those in its own Cache Storage.
registerRoute(
  ({ request, url }) => url.pathname.startsWith(MODELS_PATH) && ours(url, request),
  new NetworkFirst({ cacheName: OFFLINE_CACHES.models, plugins: [isolation] }),
);
// Everything else of ours: the network, with the isolation headers.
registerRoute(({ request, url }) => ours(url, request), new NetworkOnly({ plugins: [isolation] }));

/**
 * Keeps files the page or its workers loaded before this worker controlled
 * them (offline-keep.ts sends the list). `force-cache` takes the browser's
 * HTTP cache's copy, stale or not, so nothing is downloaded again; only a
 * file the HTTP cache did not keep goes to the network.
 */
async function keep(urls: readonly string[]): Promise<void> {
  for (const href of urls) {
    const url = new URL(href, self.location.href);
    const cacheName = url.origin === self.location.origin ? runtimeCacheFor(url.pathname) : undefined;
    if (!cacheName) continue;
    const cache = await caches.open(cacheName);
    if (await cache.match(url.href)) continue;
    try {
      const res = await fetch(url.href, { cache: 'force-cache' });
      if (res.ok) await cache.put(url.href, res);
    } catch {
      // Offline already: the next online load keeps it through the routes above.
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== KEEP_MESSAGE || !Array.isArray(data.urls)) return;
  event.waitUntil(keep(data.urls.filter((u): u is string => typeof u === 'string')));
});
