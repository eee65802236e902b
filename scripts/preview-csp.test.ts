// `vite preview` sends the CSP of the build it serves (read from the built
// page), never one made from public/config.json when it starts: the header
// and the page's meta tag cannot disagree after config.json changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspOfPage } from './built-csp';
import { orgCsp } from './org-csp';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.PREVIEW_CSP_TEST_PORT ?? 4709);

const page = (csp: string) =>
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp.replaceAll("'", '&#39;')}"></head><body></body></html>`;

describe('vite preview', () => {
  let dist: string;
  let server: PreviewServer;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'router-ide-preview-'));
    fs.writeFileSync(path.join(dist, 'index.html'), page("default-src 'self'; connect-src 'self' https://built.example"));
    fs.writeFileSync(path.join(dist, 'config.json'), '{}');
    server = await preview({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      configLoader: 'runner',
      build: { outDir: dist },
      preview: { port: PORT, strictPort: true },
      logLevel: 'error',
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends the built page's policy, not the one public/config.json would make now", async () => {
    const res = await fetch(`http://localhost:${PORT}/`);
    const meta = cspOfPage(await res.text());
    expect(meta).toBe("default-src 'self'; connect-src 'self' https://built.example");
    expect(res.headers.get('content-security-policy')).toBe(meta);
    expect(meta).not.toBe(orgCsp('production'));
    // Every response, not only the page: workers take their policy from their script's header.
    expect((await fetch(`http://localhost:${PORT}/config.json`)).headers.get('content-security-policy')).toBe(meta);
  });

  it('follows a rebuild while it runs', async () => {
    const next = "default-src 'self'; connect-src 'self' https://rebuilt.example";
    fs.writeFileSync(path.join(dist, 'index.html'), page(next));
    expect((await fetch(`http://localhost:${PORT}/`)).headers.get('content-security-policy')).toBe(next);
  });
});
