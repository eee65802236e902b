// What a host sends with the built app, written once: `vite preview` and
// every configuration under deploy/ (scripts/deploy-configs.ts) use these.

/**
 * Cross-origin isolation: ONNX Runtime's WASM threads are SharedArrayBuffers,
 * which browsers give only to isolated pages. Model downloads still work
 * under it: they are CORS requests (the hub and a mirror must answer them with
 * Access-Control-Allow-Origin anyway). Without them the model runs
 * single-threaded (the app's service worker, src/platform/service-worker.ts,
 * adds them where a host cannot).
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

/** Files under /assets/ carry a content hash in their name: a new build gives new URLs, so an old one may be kept for ever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The page and config.json keep their URLs across builds and edits: always revalidated, so a new build or policy applies at the next load. */
export const REVALIDATE = 'no-cache';

/** The hashed assets' folder in the build (Vite's `build.assetsDir`). */
export const ASSETS_DIR = '/assets/';

/** The web app manifest and its registered type (many hosts' type tables lack it). */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_TYPE = 'application/manifest+json';

/** Paths that must never be served from a stale cache. */
export const REVALIDATED_PATHS = ['/', '/index.html', '/config.json', '/service-worker.js', MANIFEST_PATH] as const;

/** The built models the app serves itself (`public/models/`): revalidated, and a missing one is a 404, never the page. */
export const MODELS_DIR = '/models/';

/** Types a host compresses (text/html always is): scripts, styles, JSON, WASM, SVG. scripts/precompress.ts writes twins for the large ones. */
export const COMPRESSED_TYPES = [
  'text/javascript',
  'application/javascript',
  'text/css',
  'application/json',
  MANIFEST_TYPE,
  'application/wasm',
  'image/svg+xml',
] as const;
