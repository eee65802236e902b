// Names the service worker (src/platform/service-worker.ts) and the build
// (vite.config.ts) share: what is cached where, and the worker's URL.

/** The built service worker (vite-plugin-pwa names it after its source), at the root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** What a new deploy's worker tells the pages it took over (see offline.ts: listenForUpdate). */
export const UPDATED_MESSAGE = 'router-ide.updated';

/** The organisation's policy: network first, never precached (it changes without a build). */
export const CONFIG_PATH = '/config.json';

/** Models the app serves itself; kept after their first load instead of precached (they can be large). */
export const MODELS_PATH = '/models/';

/** Runtime caches beside the precache; clearing the site's data removes them all. */
export const OFFLINE_CACHES = {
  pages: 'router-ide-pages',
  config: 'router-ide-config',
  models: 'router-ide-models',
  /** The service worker's word from install to activate (a new deploy is replacing an older one). */
  state: 'router-ide-sw-state',
} as const;

/** The page asks the service worker to keep URLs it used before the worker controlled it (offline-keep.ts). */
export const KEEP_MESSAGE = 'router-ide.keep';

/** Where the app's workers tell the page which same-origin files they loaded (offline-keep.ts). */
export const RESOURCES_CHANNEL = 'router-ide.resources';

/** The runtime cache a same-origin path belongs in, or undefined for the precache's files and anything else. */
export function runtimeCacheFor(pathname: string): string | undefined {
  if (pathname === CONFIG_PATH) return OFFLINE_CACHES.config;
  if (pathname.startsWith(MODELS_PATH)) return OFFLINE_CACHES.models;
  return undefined;
}
