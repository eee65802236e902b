import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerignore from '@balena/dockerignore';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { buildCsp } from '../src/privacy';
import { cspOfBuild, cspOfPage } from './built-csp';
import { deployConfigs } from './deploy-configs';
import { buildTimeConfig, orgCsp } from './org-csp';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The policy each host configuration sends, per format: every value it sets, so one stale line shows. */
export function cspsOf(file: string, text: string): string[] {
  if (file.endsWith('.conf')) return [...text.matchAll(/add_header Content-Security-Policy "([^"]*)" always;/g)].map((m) => m[1]);
  if (file.endsWith('_headers')) return [...text.matchAll(/^\s+Content-Security-Policy: (.*)$/gm)].map((m) => m[1]);
  const json = JSON.parse(text) as { headers: { headers: { key: string; value: string }[] }[] };
  return json.headers.flatMap((r) => r.headers.filter((h) => h.key === 'Content-Security-Policy').map((h) => h.value));
}

/** A built page, as Vite writes its meta tag (quotes escaped). */
const page = (csp: string) =>
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp.replaceAll("'", '&#39;')}"></head></html>`;

describe('deploy/ host configurations', () => {
  const fresh = deployConfigs(orgCsp('production'));

  it.each(Object.keys(fresh))('%s is what `npm run deploy:configs` writes for a build of public/config.json', (file) => {
    expect(read(file), `${file} drifted: run npm run build (or npm run deploy:configs after a build)`).toBe(fresh[file]);
  });

  it.each(Object.keys(fresh))("%s sends the built page's CSP on every path, and nothing else", (file) => {
    // The page's meta tag is written from this function at build time (vite.config.ts).
    const csp = buildCsp(buildTimeConfig(path.join(root, 'public', 'config.json')));
    const sent = cspsOf(file, read(file));
    expect(sent.length, file).toBeGreaterThan(0);
    expect(new Set(sent), file).toEqual(new Set([csp]));
  });

  it("takes the policy from the build's page: whatever the meta tag says, every file sends", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'router-ide-dist-'));
    try {
      const csp = "default-src 'self'; connect-src 'self' https://llm.corp.example:8443";
      fs.writeFileSync(path.join(dist, 'index.html'), page(csp));
      expect(cspOfBuild(dist)).toBe(csp);
      for (const [file, text] of Object.entries(deployConfigs(cspOfBuild(dist)!)))
        expect(new Set(cspsOf(file, text)), file).toEqual(new Set([csp]));
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('`npm run deploy:configs` without a build says to build first and writes nothing', () => {
    const before = Object.keys(fresh).map(read);
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/deploy-configs.ts'), '--dist', path.join(os.tmpdir(), 'no-such-build')],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/npm run build/);
    expect(Object.keys(fresh).map(read)).toEqual(before);
  });

  it('reads a page without a policy as none', () => {
    expect(cspOfPage('<html><head></head></html>')).toBeUndefined();
    expect(cspOfPage(page("script-src 'self' a&b"))).toBe("script-src 'self' a&b");
  });

  it('nginx: compressed types, pre-compressed twins, no long cache on a 404, models 404 rather than the page, the manifest typed', () => {
    const conf = read('deploy/nginx/router-ide.conf');
    expect(conf).toMatch(/^\s*gzip_static on;/m);
    const types = /gzip_types ([^;]+);/.exec(conf)![1].split(/\s+/);
    for (const t of ['text/javascript', 'text/css', 'application/json', 'application/wasm', 'image/svg+xml']) expect(types).toContain(t);
    expect(conf).toMatch(/add_header Cache-Control "public, max-age=31536000, immutable";/);
    expect(conf).not.toMatch(/Cache-Control[^;]*always;/);
    expect(conf).toMatch(/location \/models\/ \{[^}]*try_files \$uri =404;/);
    expect(conf).toMatch(/location = \/manifest\.webmanifest \{[^}]*types \{ \}\s*default_type application\/manifest\+json;/);
  });

  it('vercel.json: publishes dist/, opens the app on deep links, keeps missing assets and models 404', () => {
    const json = JSON.parse(read('deploy/vercel.json')) as { outputDirectory: string; rewrites: { source: string; destination: string }[] };
    expect(json.outputDirectory).toBe('dist');
    const [rewrite] = json.rewrites;
    expect(rewrite.destination).toBe('/index.html');
    const matches = (p: string) => new RegExp(`^${rewrite.source}$`).test(p);
    expect(matches('/some/deep/link')).toBe(true);
    expect(matches('/assets/missing.js')).toBe(false);
    expect(matches('/models/x/onnx/model.onnx')).toBe(false);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('passes the Dockerfile linter', () => {
    expect(validate(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('pins its base image by version (or digest) and serves the shipped nginx site', () => {
    const from = /^FROM (\S+)/m.exec(dockerfile)![1];
    expect(from).toMatch(/^nginx:\d+\.\d+\.\d+(-[a-z0-9.]+)?$|@sha256:[0-9a-f]{64}$/);
    expect(dockerfile).toMatch(/^COPY deploy\/nginx\/router-ide\.conf \/etc\/nginx\/conf\.d\/default\.conf$/m);
    expect(dockerfile).toMatch(/^COPY dist\/ \/usr\/share\/nginx\/html\/$/m);
    // The site listens where the image says it does.
    expect(read('deploy/nginx/router-ide.conf')).toMatch(new RegExp(`listen ${/^EXPOSE (\d+)/m.exec(dockerfile)![1]};`));
  });

  it('mounts the config.json the docs edit (public/config.json), in the Dockerfile and the docs alike', () => {
    const mount = '-v "$PWD/public/config.json:/usr/share/nginx/html/config.json:ro"';
    expect(dockerfile).toContain(mount);
    expect(read('docs/deployment.md')).toContain(mount);
  });

  it('.dockerignore: the build context is the built app and the site, not node_modules or the sources', () => {
    const ig = dockerignore({ ignorecase: false }).add(read('.dockerignore'));
    for (const kept of ['dist/index.html', 'dist/assets/index-abc.js.gz', 'dist/config.json', 'deploy/nginx/router-ide.conf'])
      expect(ig.ignores(kept), kept).toBe(false);
    for (const left of [
      'node_modules/vite/package.json',
      'src/app/main.tsx',
      '.git/config',
      'bench/results/ui.json',
      'dist-test/index.html',
    ])
      expect(ig.ignores(left), left).toBe(true);
  });
});
