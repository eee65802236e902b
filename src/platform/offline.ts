// The offline app: production builds register the service worker
// (src/platform/service-worker.ts) on every load, so the built app is cached
// after one visit. Test and dev builds do not (the end-to-end tests would
// precache the whole app in every fresh browser context); there the worker
// registers only for cross-origin isolation (isolation.ts).
import { keepForOffline } from './offline-keep';
import { SERVICE_WORKER_URL, UPDATED_MESSAGE } from './offline-caches';

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
  // Before registering: what loads until the worker controls the page is handed to it then.
  keepForOffline();
  const failed = await registerServiceWorker();
  // Offline, the update check fails; the worker already in charge stays.
  if (failed && !navigator.serviceWorker.controller) {
    console.warn(`Offline service worker not registered (${failed}); the app needs the network to load.`);
  }
}

let updated = false;
const waiting = new Set<() => void>();

function markUpdated(): void {
  if (updated) return;
  updated = true;
  for (const fn of waiting) fn();
  waiting.clear();
}

/**
 * Starts listening for a new deploy's worker taking over from the one that
 * served this page. Called first thing on load: the takeover can happen
 * while the page is still starting, long before the UI asks. Two signals,
 * either is enough: `controllerchange` (the takeover after this call), and
 * the new worker's message to the pages it claimed (queued for the page
 * until it listens, so a takeover before this call is not missed).
 */
export function listenForUpdate(): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // A first install (no worker served this page) is not an update.
  if (sw.controller) sw.addEventListener('controllerchange', markUpdated, { once: true });
  sw.addEventListener('message', (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type === UPDATED_MESSAGE) markUpdated();
  });
  sw.startMessages();
}

/**
 * Calls `onUpdated` once when a new deploy's worker has taken over (see
 * listenForUpdate), at once if it already has: the page itself came from
 * the network (pages go network first), so it already is the new version.
 */
export function watchForUpdate(onUpdated: () => void): () => void {
  if (updated) {
    onUpdated();
    return () => {};
  }
  waiting.add(onUpdated);
  return () => waiting.delete(onUpdated);
}
