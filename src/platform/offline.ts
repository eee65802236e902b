// The offline app: production builds register the service worker
// (src/platform/service-worker.ts) on every load, so the built app is cached
// after one visit. Test and dev builds do not (the end-to-end tests would
// precache the whole app in every fresh browser context); there the worker
// registers only for cross-origin isolation (isolation.ts).
import { SERVICE_WORKER_URL } from './offline-caches';

/** Whether this build keeps itself for offline use. */
const OFFLINE_APP = import.meta.env.MODE === 'production';

/** Registers the app's one service worker, for whichever reason; resolves to why it failed, or undefined. */
export async function registerServiceWorker(): Promise<string | undefined> {
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

export async function registerOfflineWorker(): Promise<void> {
  if (!OFFLINE_APP || !('serviceWorker' in navigator) || !isSecureContext) return;
  const failed = await registerServiceWorker();
  // Offline, the update check fails; the worker already in charge stays.
  if (failed && !navigator.serviceWorker.controller) {
    console.warn(`Offline service worker not registered (${failed}); the app needs the network to load.`);
  }
}

/**
 * Calls `onUpdated` once when a new deploy's worker takes over from the one
 * that served this page: the page itself came from the network (pages go
 * network first), so it already is the new version. A first install (no
 * worker served this page) is not an update.
 */
export function watchForUpdate(onUpdated: () => void): () => void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return () => {};
  const changed = () => onUpdated();
  navigator.serviceWorker.addEventListener('controllerchange', changed, { once: true });
  return () => navigator.serviceWorker.removeEventListener('controllerchange', changed);
}
