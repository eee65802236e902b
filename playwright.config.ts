import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBGPU_ARG } from './testing/playwright/chromium';

// Overridable so two checkouts (or two people) can run suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// The tests drive a test build (`npm run build:test`: the app with its test
// seams and loopback in its CSP); e2e/production-build.spec.ts checks the
// production build (`npm run build`) on the next port.
const DIST = process.env.E2E_DIST ?? 'dist-test';
const PROD_DIST = process.env.E2E_PROD_DIST ?? 'dist';
export const PROD_PORT = PORT + 1;

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // Two side by side: most of a test's time is waiting (on loopback servers, timers, the model's worker),
  // not the CPU, so two halve the suite's time even on two cores.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { baseURL: `http://localhost:${PORT}`, screenshot: 'only-on-failure', trace: 'off' },
  webServer: [
    {
      command: `npx vite preview --configLoader runner --mode test --port ${PORT} --strictPort --outDir ${DIST}`,
      url: `http://localhost:${PORT}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // Served when built (`npm test` builds both); the spec says so when it is not.
    ...(existsSync(join(PROD_DIST, 'index.html'))
      ? [
          {
            command: `npx vite preview --configLoader runner --port ${PROD_PORT} --strictPort --outDir ${PROD_DIST}`,
            url: `http://localhost:${PROD_PORT}/config.json`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]
      : []),
  ],
  projects: [
    {
      // The real WebGPU code path; the adapter here is SwiftShader (CPU).
      name: 'webgpu',
      // Only what depends on the device (tagged @device: the model on the GPU, its KV cache, losing the
      // device); everything else runs once, on the WASM project.
      grep: /@device/,
      use: { launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, WEBGPU_ARG] }, device: 'webgpu' } as object,
    },
    {
      // WASM forced in the settings, and WebGPU not enabled in the browser.
      name: 'wasm',
      use: { launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] }, device: 'wasm' } as object,
    },
  ],
});
