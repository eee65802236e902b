// @ts-check
/// <reference lib="webworker" />
// Cross-origin isolation for hosts that cannot set response headers (GitHub
// Pages): this worker re-serves the app's own responses with COOP and COEP,
// so the page gets SharedArrayBuffer and ONNX Runtime its WASM threads.
// src/platform/isolation.ts registers it only when the served page lacks the
// headers. Responses pass through `respond`, the one place a later offline
// cache would also hook in.

/** The same two headers scripts/host-headers.ts gives every real host. */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', () => { void sw.skipWaiting(); });
// Take the open page at once: it reloads when this worker controls it.
sw.addEventListener('activate', (event) => { event.waitUntil(sw.clients.claim()); });

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  // Other origins (the model hub, a mirror, the escalation endpoint) are CORS
  // requests the browser judges itself; their headers are not ours to add.
  if (new URL(request.url).origin !== sw.location.origin) return;
  // A request the browser may answer only from its cache cannot be re-fetched here.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(respond(request));
});

/** @param {Request} request */
async function respond(request) {
  const response = await fetch(request);
  // An opaque or error response has no headers to add to.
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(ISOLATION)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
