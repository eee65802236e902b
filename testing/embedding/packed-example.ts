// The embedding packages as a host gets them: built (`npm run packages`),
// packed with `npm pack`, installed from the tarballs into a fresh Vite app
// in a temporary folder (no registry: `npm install --offline`), and that app
// built with Vite. The app's pages are packages/examples/codemirror (at /)
// and packages/examples/monaco (at /monaco/); CodeMirror and Monaco
// themselves are linked from this repository's node_modules, as a host has
// its own.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The packages the example installs, by folder under packages/. */
const PACKED = ['completion-engine', 'codemirror', 'monaco'] as const;

/** The fixture models the example's config.json may name (served as the bundled models, /models/fixtures/). */
const MODELS = ['fixture-valid', 'fixture-uncertain'] as const;

interface Tarball {
  name: string;
  file: string;
  /** The tarball's size, and what it unpacks to. */
  bytes: number;
  unpackedBytes: number;
}

export interface PackedExample {
  /** The built app: serve this folder. */
  dist: string;
  /** The engine package as installed (its dist/ is what the host bundled). */
  installed: string;
  tarballs: Tarball[];
  remove(): void;
}

async function sh(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } });
    return stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${err.message}\n${err.stderr ?? ''}${err.stdout ?? ''}`, { cause: e });
  }
}

export async function buildPackedExample(): Promise<PackedExample> {
  await sh('npx', ['tsx', 'packages/build.ts', ...PACKED], ROOT, 300_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'router-ide-embed-'));
  const tarballs: Tarball[] = [];
  for (const dir of PACKED) {
    const [info] = JSON.parse(
      await sh('npm', ['pack', '--json', '--pack-destination', tmp], path.join(ROOT, 'packages', dir), 120_000),
    ) as {
      name: string;
      filename: string;
      size: number;
      unpackedSize: number;
    }[];
    tarballs.push({ name: info.name, file: path.join(tmp, info.filename), bytes: info.size, unpackedBytes: info.unpackedSize });
  }

  const app = path.join(tmp, 'app');
  fs.cpSync(path.join(ROOT, 'packages/examples/codemirror'), app, { recursive: true });
  fs.cpSync(path.join(ROOT, 'packages/examples/monaco'), path.join(app, 'monaco'), { recursive: true });
  const dependencies = Object.fromEntries(tarballs.map((t) => [t.name, `file:${t.file}`]));
  fs.writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'embed-example', private: true, type: 'module', dependencies }, null, 2),
  );
  // From the tarballs alone: no registry, no install scripts; the peers (the editors) are the host's, linked below.
  await sh('npm', ['install', '--offline', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund'], app, 180_000);
  fs.mkdirSync(path.join(app, 'node_modules/@codemirror'), { recursive: true });
  for (const peer of ['@codemirror/state', '@codemirror/view', 'monaco-editor'])
    fs.symlinkSync(path.join(ROOT, 'node_modules', peer), path.join(app, 'node_modules', peer));
  for (const m of MODELS) {
    fs.cpSync(path.join(ROOT, 'public/models/fixtures', m), path.join(app, 'public/models/fixtures', m), { recursive: true });
  }

  await build({
    root: app,
    configFile: false,
    logLevel: 'error',
    // The engine's workers split their code: the host builds workers as ES modules (docs/embedding.md).
    worker: { format: 'es' },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: { input: { codemirror: path.join(app, 'index.html'), monaco: path.join(app, 'monaco/index.html') } },
    },
  });
  return {
    dist: path.join(app, 'dist'),
    installed: path.join(app, 'node_modules/@router-ide/completion-engine'),
    tarballs,
    remove: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}
