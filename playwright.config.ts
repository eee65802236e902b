import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. --no-sandbox lets it start as
// root in a container; the background-networking, component-update and sync
// flags keep it from calling out to the (closed) network; QUIC off keeps every
// request on plain HTTP to the loopback servers.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseArgs = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
// Overridable so two checkouts (or two people) can run suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { baseURL: `http://localhost:${PORT}`, screenshot: 'only-on-failure', trace: 'off' },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://localhost:${PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
  projects: [
    {
      // The real WebGPU code path; the adapter here is SwiftShader (CPU).
      name: 'webgpu',
      use: { launchOptions: { executablePath: CHROMIUM, args: [...baseArgs, '--enable-unsafe-webgpu'] }, device: 'webgpu' } as object,
    },
    {
      // WASM forced in the settings, and WebGPU not enabled in the browser.
      name: 'wasm',
      use: { launchOptions: { executablePath: CHROMIUM, args: baseArgs }, device: 'wasm' } as object,
    },
  ],
});
