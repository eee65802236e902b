import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { RAW_IN_DEV } from './src/platform/vendor-assets';
import { ISOLATION_HEADERS } from './scripts/host-headers';
import { orgCsp } from './scripts/org-csp';
import { cspOfBuild } from './scripts/built-csp';
import { precompress } from './scripts/precompress';
import { CONFIG_PATH, MODELS_PATH } from './src/platform/offline-caches';

// The package scripts load this file with `--configLoader runner`: it imports
// the app's own TypeScript modules (the config rules, the CSP builder) so the
// served headers and the app agree, and Vite's default loader bundles it and
// warns that such imports will not load once Node loads configs natively.

/**
 * In dev, sends RAW_IN_DEV's files (ONNX Runtime's .mjs) untransformed at the
 * URL their `?url` import gives (see vendor-assets.ts). The build emits `?url`
 * files byte for byte under a content-hashed name, so nothing is needed there.
 */
function rawInDev(): Plugin {
  const requireFromRoot = createRequire(path.join(import.meta.dirname, 'package.json'));
  const files = new Set(RAW_IN_DEV.map((spec) => requireFromRoot.resolve(spec)));
  return {
    name: 'raw-in-dev',
    configureServer(server) {
      // Added before Vite's own middlewares, so this answers first.
      server.middlewares.use((req, res, next) => {
        const [rawPath, query] = (req.url ?? '').split('?', 2);
        // Only the file itself: `?url` (the module exporting its URL) and Vite's other queries stay Vite's.
        if (query !== undefined && query !== 'import') return next();
        const pathname = decodeURIComponent(rawPath);
        // A `?url` import's dev URL is `/<path from the root>`, or `/@fs/<absolute path>` outside it.
        const file = pathname.startsWith('/@fs/') ? pathname.slice('/@fs'.length) : path.join(server.config.root, pathname);
        if (!files.has(file)) return next();
        // RAW_IN_DEV holds JavaScript modules only: raw is what keeps Vite from transforming them.
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Cache-Control', 'no-cache');
        fs.createReadStream(file).pipe(res);
      });
    },
  };
}

/**
 * The Content-Security-Policy of the built app: a meta tag for any static
 * host, written here from public/config.json. `vite preview` sends the same
 * policy as a header (workers take theirs from headers, not from the page's
 * meta tag), read from the page it serves at each request: a config.json
 * edited after the build cannot make the two disagree. Not in dev: HMR needs more.
 */
function contentSecurityPolicy(mode: string): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: orgCsp(mode) }, injectTo: 'head-prepend' },
    ],
  };
}

function previewCspFromBuild(): Plugin {
  return {
    name: 'preview-csp-from-build',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((_req, res, next) => {
        const csp = cspOfBuild(outDir);
        if (csp) res.setHeader('Content-Security-Policy', csp);
        next();
      });
    },
  };
}

/**
 * The installable, offline app: the web app manifest, and the one service
 * worker (src/platform/service-worker.ts) with the build's file list injected
 * for precaching. Built in every mode (a test build needs the worker for
 * isolation behind a header-less host); only production registers it on every
 * load (src/platform/offline.ts). The app registers it itself, so no script
 * is injected.
 */
function offlineApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    // Built to /service-worker.js: SERVICE_WORKER_URL in src/platform/offline-caches.ts.
    srcDir: 'src/platform',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest: {
      name: 'Router IDE',
      short_name: 'Router IDE',
      description: 'Private on-device code completion',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#005fb8',
      background_color: '#ffffff',
      // PNGs made from icon.svg by `npm run icons` (scripts/make-icons.ts); the maskable one fills the whole square.
      icons: [
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*'],
      // config.json goes to the network first (it changes without a build); models are kept after their first load.
      // The pre-compressed twins (scripts/precompress.ts) are the host's business: the worker caches what the browser decoded.
      globIgnores: [CONFIG_PATH.slice(1), `${MODELS_PATH.slice(1)}**`, '**/*.gz', '**/*.br'],
      // ONNX Runtime's WASM is tens of megabytes and the app cannot start without it.
      maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
      // A classic worker script (it is registered as one), built without the module-only output option Vite now warns about.
      rollupFormat: 'iife',
    },
  });
}

// `--mode test` (npm run build:test) builds the app the end-to-end tests drive:
// the test seams in (src/platform/test-seams.ts) and loopback in the CSP.
export default defineConfig(({ mode }) => ({
  plugins: [react(), rawInDev(), contentSecurityPolicy(mode), previewCspFromBuild(), offlineApp(), precompress()],
  server: { headers: ISOLATION_HEADERS },
  preview: { headers: ISOLATION_HEADERS },
  worker: { format: 'es' as const },
  build: { target: 'es2022', chunkSizeWarningLimit: 8000 },
  // The app's page only: the embedding packages' example pages import the packed packages, which only exist once
  // installed into an example app (e2e/embedding.spec.ts), so scanning them finds imports it cannot resolve.
  optimizeDeps: { entries: ['index.html'], exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
}));
