// Cross-origin isolation where the host sends no headers: registers the
// service worker (src/platform/service-worker.ts), which adds them, and
// reloads once it controls the page. Never when the page is isolated already or the host does send the
// headers (then a browser without isolation would only loop), and never a
// second reload in the same tab.

import { registerServiceWorker } from './offline';

/** Set just before the one reload; a page still not isolated after it stays as it is. */
const RELOADED_KEY = 'router-ide.isolation-reload';
/**
 * How long the worker may go without progress before the app goes on
 * without threads. It takes control once installed, and installing is
 * caching the whole app for offline use (ONNX Runtime's WASM most of it): on
 * the first visit that is a download the app needs anyway, and on a slow
 * network or a busy machine it takes as long as it takes. Progress is a file
 * more in the caches or the worker's next state; a worker that gets nowhere
 * for this long is stuck.
 */
const STALL_MS = 30_000;
const LOOK_EVERY_MS = 1000;

/** Whether this page's own response carried the isolation headers (a HEAD of the same URL, never from the cache). */
async function hostSendsIsolationHeaders(): Promise<boolean> {
  try {
    const res = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
    return res.headers.get('cross-origin-embedder-policy') !== null && res.headers.get('cross-origin-opener-policy') !== null;
  } catch {
    return true; // unknown: do nothing rather than risk a reload
  }
}

/** Files in the origin's caches and the installing worker's state: either changing is the install going on. */
async function installLook(): Promise<string> {
  let files = 0;
  for (const name of await caches.keys()) files += (await (await caches.open(name)).keys()).length;
  const reg = await navigator.serviceWorker.getRegistration();
  const worker = reg?.installing ?? reg?.waiting ?? reg?.active;
  return `${files} ${worker?.state ?? 'none'}`;
}

/** Whether the worker took control; false once its install failed or made no progress for `stallMs`. */
function controlled(stallMs: number): Promise<boolean> {
  if (navigator.serviceWorker.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = '';
    let progressAt = Date.now();
    const finish = (took: boolean) => {
      clearInterval(look);
      resolve(took);
    };
    const look = setInterval(() => {
      // A look that fails shows nothing new: only the stall ends the wait then.
      void installLook()
        .catch(() => seen)
        .then((now) => {
          if (now !== seen) [seen, progressAt] = [now, Date.now()];
          // A failed install leaves a redundant worker and nothing else to wait for.
          if (now.endsWith(' redundant') || Date.now() - progressAt > stallMs) finish(false);
        });
    }, LOOK_EVERY_MS);
    navigator.serviceWorker.addEventListener('controllerchange', () => finish(true), { once: true });
  });
}

/** Says why the page is still empty while the worker installs (the app replaces it when it renders). */
function showWaiting(): void {
  const root = document.getElementById('root');
  if (root && !root.hasChildNodes()) root.textContent = 'Preparing the app for offline use and multi-threaded completion…';
}

/**
 * Resolves `'ready'` when the app should start (isolated, or isolation is
 * out of reach: it then runs single-threaded and says why), `'reloading'`
 * when the page is about to reload under the worker.
 */
export async function ensureIsolation(): Promise<'ready' | 'reloading'> {
  if (self.crossOriginIsolated || !('serviceWorker' in navigator) || !isSecureContext) return 'ready';
  if (sessionStorage.getItem(RELOADED_KEY)) return 'ready';
  if (await hostSendsIsolationHeaders()) return 'ready';
  const failed = await registerServiceWorker();
  if (failed) {
    console.warn(`Cross-origin isolation worker not registered (${failed}); the model runs single-threaded.`);
    return 'ready';
  }
  showWaiting();
  if (!(await controlled(STALL_MS))) return 'ready';
  sessionStorage.setItem(RELOADED_KEY, '1');
  location.reload();
  return 'reloading';
}
