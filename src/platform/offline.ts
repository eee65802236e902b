// The offline app: production builds register the service worker
// (src/platform/service-worker.ts) on every load, so the built app is cached
// after one visit. Test and dev builds do not (the end-to-end tests would
// precache the whole app in every fresh browser context); there the worker
// registers only for cross-origin isolation (isolation.ts).
import { SERVICE_WORKER_URL } from './offline-caches';

/** Whether this build keeps itself for offline use. */
export const OFFLINE_APP = import.meta.env.MODE === 'production';

export async function registerOfflineWorker(): Promise<void> {
  if (!OFFLINE_APP || !('serviceWorker' in navigator) || !isSecureContext) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (e) {
    // Offline, the update check fails; the worker already in charge stays.
    if (navigator.serviceWorker.controller) return;
    console.warn(`Offline service worker not registered (${(e as Error).message}); the app needs the network to load.`);
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
